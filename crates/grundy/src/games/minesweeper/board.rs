//! A Minesweeper board and its flood fill into components.
//!
//! The board is kept as one bitset per row, and the flood fill works on runs of blank cells
//! rather than on cells: a blank cell is one whose 3 x 3 neighbourhood holds no mine, so the
//! blank cells of a row are the complement of the mines dilated by one cell (a few word
//! operations per row); each row's blank cells are cut into maximal runs; a union-find joins
//! runs of consecutive rows that touch (8-connectivity), giving the blank regions; and each
//! numbered cell next to a blank cell is credited to the one region it borders. The work is
//! about `rows * cols / 64` word operations plus the runs and the bordering numbered cells,
//! with no recursion and no per-cell queue, so a 1000 x 1000 board takes well under a
//! millisecond when blank regions are large.

use thiserror::Error;

use super::census::Census;
use super::parts::{parts, Part};
use crate::limits::SolveError;

/// A board of `rows x cols` cells with mines; checked once, trusted afterwards.
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::Board;
/// let mut board = Board::new(2, 3).unwrap();
/// board.add_mine(0, 2).unwrap();
/// assert!(board.is_mine(0, 2));
/// assert!(board.add_mine(2, 0).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Words per row.
    words: usize,
    /// Row-major bitsets: bit `col % 64` of word `row * words + col / 64`.
    mines: Vec<u64>,
}

/// Why a board was refused or could not be split into components.
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::{Board, BoardError};
/// let err = Board::new(0, 5).unwrap_err();
/// assert_eq!(err, BoardError::Size { rows: 0, cols: 5 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The board has no cells, or more than 2^32.
    #[error("a {rows} x {cols} board is not supported (1 to 2^32 cells)")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A mine at a cell outside the board.
    #[error("mine ({row}, {col}) lies outside the {rows} x {cols} board")]
    MineOutside {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// More than 64 blank regions are linked by shared numbered cells into one cluster.
    #[error(
        "{regions} blank regions are linked by shared numbered cells; at most 64 are supported"
    )]
    Cluster {
        /// The regions in the cluster.
        regions: usize,
    },
    /// Blank regions linked by shared numbered cells need more positions to solve exactly
    /// than the budget allows (their positions grow exponentially with the regions).
    #[error(
        "blank regions linked by shared numbered cells need more than {limit} positions to solve exactly"
    )]
    Linked {
        /// The positions the budget allows.
        limit: u64,
    },
    /// The solver refused or stopped.
    #[error(transparent)]
    Solve(SolveError),
}

/// A solver's refusal of a board: only linked clusters take more than a few positions, so a
/// position limit reached is [`BoardError::Linked`].
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::BoardError;
/// use grundy::SolveError;
/// let err = BoardError::from(SolveError::TooLarge { needed: 17, limit: 16, unit: "positions" });
/// assert_eq!(err, BoardError::Linked { limit: 16 });
/// ```
impl From<SolveError> for BoardError {
    fn from(err: SolveError) -> BoardError {
        match err {
            SolveError::TooLarge {
                limit,
                unit: "positions",
                ..
            } => BoardError::Linked { limit },
            err => BoardError::Solve(err),
        }
    }
}

impl Board {
    /// An empty board of `rows x cols` cells.
    ///
    /// # Errors
    ///
    /// [`BoardError::Size`] when the board has no cells or more than 2^32.
    ///
    /// # Examples
    ///
    /// ```
    /// let board = grundy::games::minesweeper::Board::new(1000, 1000).unwrap();
    /// assert_eq!((board.rows(), board.cols()), (1000, 1000));
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        let cells = rows.checked_mul(cols);
        if rows == 0 || cols == 0 || !matches!(cells, Some(c) if c <= 1 << 32) {
            return Err(BoardError::Size { rows, cols });
        }
        let words = cols.div_ceil(64);
        Ok(Board {
            rows,
            cols,
            words,
            mines: vec![0; rows * words],
        })
    }

    /// The number of rows.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::minesweeper::Board::new(2, 7).unwrap().rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::minesweeper::Board::new(2, 7).unwrap().cols(), 7);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Puts a mine at (`row`, `col`), both 0-based; a second mine on a cell changes nothing.
    ///
    /// # Errors
    ///
    /// [`BoardError::MineOutside`] when the cell is not on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut board = grundy::games::minesweeper::Board::new(3, 3).unwrap();
    /// assert!(board.add_mine(2, 2).is_ok());
    /// assert!(board.add_mine(0, 3).is_err());
    /// ```
    pub fn add_mine(&mut self, row: usize, col: usize) -> Result<(), BoardError> {
        if row >= self.rows || col >= self.cols {
            return Err(BoardError::MineOutside {
                row,
                col,
                rows: self.rows,
                cols: self.cols,
            });
        }
        self.mines[row * self.words + col / 64] |= 1 << (col % 64);
        Ok(())
    }

    /// True when (`row`, `col`) holds a mine (false off the board).
    ///
    /// # Examples
    ///
    /// ```
    /// let board = grundy::games::minesweeper::Board::new(3, 3).unwrap();
    /// assert!(!board.is_mine(1, 1));
    /// ```
    pub fn is_mine(&self, row: usize, col: usize) -> bool {
        row < self.rows
            && col < self.cols
            && self.mines[row * self.words + col / 64] >> (col % 64) & 1 == 1
    }

    /// The board's components, counted: blank regions by their number of bordering numbered
    /// cells, numbered cells bordering no blank region, and clusters of regions linked by
    /// numbered cells that border more than one region.
    ///
    /// # Errors
    ///
    /// [`BoardError::Cluster`] when more than 64 regions are linked into one cluster.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::minesweeper::Board;
    /// let mut board = Board::new(1, 5).unwrap();
    /// board.add_mine(0, 2).unwrap();
    /// // Cells 0 and 4 are blank regions, each bordered by one numbered cell.
    /// let census = board.census().unwrap();
    /// assert_eq!(census.regions.get(&1), Some(&2));
    /// assert_eq!(census.numbers, 0);
    /// ```
    pub fn census(&self) -> Result<Census, BoardError> {
        let (rows, words) = (self.rows, self.words);
        let last_mask = match self.cols % 64 {
            0 => u64::MAX,
            r => (1u64 << r) - 1,
        };
        let valid = |w: usize| if w + 1 == words { last_mask } else { u64::MAX };

        // Mines dilated along their row, then across rows: every cell with a mine nearby.
        let mut across = vec![0u64; rows * words];
        for row in 0..rows {
            let src = &self.mines[row * words..(row + 1) * words];
            dilate(src, &mut across[row * words..(row + 1) * words]);
        }
        let mut blank = vec![0u64; rows * words];
        let mut numbered = vec![0u64; rows * words];
        for row in 0..rows {
            for w in 0..words {
                let mut near = across[row * words + w];
                if row > 0 {
                    near |= across[(row - 1) * words + w];
                }
                if row + 1 < rows {
                    near |= across[(row + 1) * words + w];
                }
                blank[row * words + w] = !near & valid(w);
                numbered[row * words + w] = near & !self.mines[row * words + w] & valid(w);
            }
        }

        // Maximal runs of blank cells, row by row: runs[row_start[r]..row_start[r + 1]].
        let mut runs: Vec<(u32, u32)> = Vec::new();
        let mut row_start = Vec::with_capacity(rows + 1);
        for row in 0..rows {
            row_start.push(runs.len());
            let bits = &blank[row * words..(row + 1) * words];
            let mut from = 0;
            loop {
                let start = next_bit(bits, from, true);
                if start >= self.cols {
                    break;
                }
                let end = next_bit(bits, start, false).min(self.cols);
                runs.push((start as u32, end as u32));
                from = end;
            }
        }
        row_start.push(runs.len());

        // Regions: runs of consecutive rows that touch, diagonally included.
        let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
        for row in 1..rows {
            let (mut i, prev_end) = (row_start[row - 1], row_start[row]);
            let (mut j, cur_end) = (row_start[row], row_start[row + 1]);
            while i < prev_end && j < cur_end {
                let ((a, b), (c, d)) = (runs[i], runs[j]);
                if a <= d && c <= b {
                    union(&mut parent, i as u32, j as u32);
                }
                if b <= d {
                    i += 1;
                } else {
                    j += 1;
                }
            }
        }

        // Credit each numbered cell next to a blank cell to the region it borders.
        let mut bordering = vec![0u32; runs.len()];
        let mut credited = 0u64;
        // Numbered cells bordering several regions: their regions' roots (at most 4).
        let mut shared: Vec<([u32; 4], usize)> = Vec::new();
        let mut near_blank = vec![0u64; words];
        let mut spread = vec![0u64; words];
        for row in 0..rows {
            for w in 0..words {
                let mut b = blank[row * words + w];
                if row > 0 {
                    b |= blank[(row - 1) * words + w];
                }
                if row + 1 < rows {
                    b |= blank[(row + 1) * words + w];
                }
                near_blank[w] = b;
            }
            dilate(&near_blank, &mut spread);
            let first = row.saturating_sub(1);
            let last = (row + 1).min(rows - 1);
            // One cursor per neighbouring row into its runs; columns only increase.
            let mut cursor = [0usize; 3];
            for (k, r) in (first..=last).enumerate() {
                cursor[k] = row_start[r];
            }
            for w in 0..words {
                let mut cells = numbered[row * words + w] & spread[w];
                while cells != 0 {
                    let col = w * 64 + cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    let mut found = ([0u32; 4], 0usize);
                    for (k, r) in (first..=last).enumerate() {
                        let end = row_start[r + 1];
                        while cursor[k] < end && (runs[cursor[k]].1 as usize) < col {
                            cursor[k] += 1;
                        }
                        let mut run = cursor[k];
                        while run < end && runs[run].0 as usize <= col + 1 {
                            let root = find(&mut parent, run as u32);
                            if !found.0[..found.1].contains(&root) && found.1 < 4 {
                                found.0[found.1] = root;
                                found.1 += 1;
                            }
                            run += 1;
                        }
                    }
                    match found.1 {
                        0 => {}
                        1 => bordering[found.0[0] as usize] += 1,
                        _ => shared.push(found),
                    }
                    credited += u64::from(found.1 > 0);
                }
            }
        }

        let mut census = Census::default();
        let all_numbered: u64 = numbered.iter().map(|w| u64::from(w.count_ones())).sum();
        census.numbers = all_numbered - credited;
        let linked = link_regions(&shared, &bordering, &mut census)?;
        for run in 0..runs.len() {
            if parent[run] == run as u32 && linked.binary_search(&(run as u32)).is_err() {
                *census.regions.entry(bordering[run]).or_insert(0) += 1;
            }
        }
        Ok(census)
    }
}

/// Groups the regions linked by `shared` numbered cells (each with its regions' roots) into
/// clusters, adds them to `census`, and returns the roots of the linked regions, sorted.
fn link_regions(
    shared: &[([u32; 4], usize)],
    bordering: &[u32],
    census: &mut Census,
) -> Result<Vec<u32>, BoardError> {
    let mut roots: Vec<u32> = shared.iter().flat_map(|(r, n)| r[..*n].to_vec()).collect();
    roots.sort_unstable();
    roots.dedup();
    let local = |root: u32| roots.binary_search(&root).expect("a linked root") as u32;
    let mut link: Vec<u32> = (0..roots.len() as u32).collect();
    for (r, n) in shared {
        for &other in &r[1..*n] {
            union(&mut link, local(r[0]), local(other));
        }
    }
    // Each cluster's regions in root order, and its shared cells.
    let mut members: Vec<(u32, u32)> = (0..roots.len() as u32)
        .map(|i| (find(&mut link, i), i))
        .collect();
    members.sort_unstable();
    let mut cells: Vec<(u32, usize)> = shared
        .iter()
        .enumerate()
        .map(|(i, (r, _))| (find(&mut link, local(r[0])), i))
        .collect();
    cells.sort_unstable();
    let (mut m, mut c) = (0, 0);
    while m < members.len() {
        let cluster = members[m].0;
        let end = m + members[m..]
            .iter()
            .take_while(|(k, _)| *k == cluster)
            .count();
        let size = end - m;
        if size > 64 {
            return Err(BoardError::Cluster { regions: size });
        }
        let place = |i: u32| {
            members[m..end]
                .iter()
                .position(|&(_, j)| j == i)
                .expect("member")
        };
        let mut groups: Vec<(u64, u32)> = Vec::new();
        for (p, &(_, i)) in members[m..end].iter().enumerate() {
            let own = bordering[roots[i as usize] as usize];
            if own > 0 {
                groups.push((1 << p, own));
            }
        }
        while c < cells.len() && cells[c].0 == cluster {
            let (r, n) = &shared[cells[c].1];
            let mask = r[..*n]
                .iter()
                .fold(0u64, |acc, &root| acc | 1 << place(local(root)));
            groups.push((mask, 1));
            c += 1;
        }
        // The cluster may fall apart once pairs of shared cells cancel.
        for part in parts(size as u32, &groups) {
            match part {
                Part::Linked(linked) => *census.linked.entry(linked).or_insert(0) += 1,
                Part::Region { numbers } => *census.regions.entry(numbers).or_insert(0) += 1,
                Part::Number => census.numbers += 1,
            }
        }
        m = end;
    }
    Ok(roots)
}

/// `out` = `src` with every set bit spread to its left and right neighbours.
fn dilate(src: &[u64], out: &mut [u64]) {
    let words = src.len();
    for w in 0..words {
        let mut x = src[w] | src[w] << 1 | src[w] >> 1;
        if w > 0 {
            x |= src[w - 1] >> 63;
        }
        if w + 1 < words {
            x |= src[w + 1] << 63;
        }
        out[w] = x;
    }
}

/// The first bit at or after `from` equal to `value` (`bits.len() * 64` when none).
fn next_bit(bits: &[u64], from: usize, value: bool) -> usize {
    let mut w = from / 64;
    if w >= bits.len() {
        return bits.len() * 64;
    }
    let word = |w: usize| if value { bits[w] } else { !bits[w] };
    let mut x = word(w) & (u64::MAX << (from % 64));
    loop {
        if x != 0 {
            return w * 64 + x.trailing_zeros() as usize;
        }
        w += 1;
        if w == bits.len() {
            return bits.len() * 64;
        }
        x = word(w);
    }
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let grand = parent[parent[x as usize] as usize];
        parent[x as usize] = grand;
        x = grand;
    }
    x
}

fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb) as usize] = ra.min(rb);
    }
}
