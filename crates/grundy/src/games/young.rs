//! The Young-diagram game (chess2018): stones fill a board as a staircase, both players score.
//!
//! On an `rows x cols` board, cell `(i, j)` carries two values, `first[i][j]` and
//! `second[i][j]`. Players alternately place a stone on an empty cell whose every cell above
//! and to the left is filled, until the board is full; the first player scores `first` of
//! his cells, the second `second` of hers, and each maximises their own score minus the
//! other's.
//!
//! The filled cells always form a Young diagram (a staircase): a position is its row lengths,
//! non-increasing from the top. The player to move is known from the parity of the cells
//! filled, so the value of a position is the mover's best difference from there on.
//!
//! For tiered tables ([`Indexed`]) a staircase is its boundary: a lattice path of `rows` up
//! steps and `cols` right steps from the bottom-left corner to the top-right one, one bit per
//! step (1 = up). Filling the cell at an inner corner turns an "up, right" into "right, up".
//! The paths are ranked colexicographically (rank `sum C(p_k, k)` over the up steps
//! `p_1 < p_2 < ..`), so the move of the `k`-th up step from `p` to `p + 1` raises the rank by
//! `C(p, k - 1)`; a table maps ranks to indices grouped in tiers by empty cells, so every
//! move lowers the tier. A 10 x 10 board has C(20, 10) = 184,756 staircases.

use std::ops::{ControlFlow, Range};

use thiserror::Error;

use crate::model::{Game, Indexed, Move};

/// At most this many rows plus columns (C(24, 12) = 2,704,156 staircases).
pub const MAX_SIDES: usize = 24;

/// A Young-diagram game, checked and numbered.
///
/// # Examples
///
/// ```
/// use grundy::games::young::Young;
/// use grundy::solve::tiered::solve_scores;
/// use grundy::{Budget, Indexed};
///
/// // chess2018's sample: 2 x 3, A = [2 7 3; 9 1 2], B = [3 7 2; 2 3 1].
/// let game = Young::new(2, 3, vec![2, 7, 3, 9, 1, 2], vec![3, 7, 2, 2, 3, 1]).unwrap();
/// let table = solve_scores(&game, &Budget::default()).unwrap();
/// assert_eq!(table.get(game.index(&vec![0, 0])), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Young {
    rows: usize,
    cols: usize,
    /// Row-major values of the first and the second player.
    first: Vec<i64>,
    second: Vec<i64>,
    /// `binomial[p][k]` = C(p, k).
    binomial: Vec<[u32; MAX_SIDES + 1]>,
    /// The boundary path of each index.
    paths: Vec<u32>,
    /// The colex rank of each index's path.
    ranks: Vec<u32>,
    /// The index of each colex rank.
    index_of_rank: Vec<u32>,
    /// The cells filled at each index (it says whose turn it is).
    filled: Vec<u8>,
    /// Tier `t` (empty cells) is `tier_start[t]..tier_start[t + 1]`.
    tier_start: Vec<usize>,
    /// The sum over cells of the larger absolute value: no score exceeds it.
    bound: u64,
}

/// Why a Young-diagram game was refused.
///
/// # Examples
///
/// ```
/// use grundy::games::young::{Young, YoungError};
/// assert!(matches!(Young::new(0, 3, vec![], vec![]), Err(YoungError::Size { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum YoungError {
    /// No cells, or more than [`MAX_SIDES`] rows plus columns.
    #[error("a {rows} x {cols} board is not supported (rows + columns at most {MAX_SIDES})")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A value table without one value per cell.
    #[error("expected {cells} values per player, found {found}")]
    Values {
        /// Cells on the board.
        cells: usize,
        /// Values given.
        found: usize,
    },
    /// The values are so large that a score could overflow.
    #[error("the cell values are too large: a score could overflow")]
    Overflow,
}

impl Young {
    /// The game on `rows x cols` cells with row-major values `first` and `second`.
    ///
    /// # Errors
    ///
    /// [`YoungError`] for an unsupported size, a value table of the wrong length, or values
    /// whose total could overflow.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::young::Young;
    /// use grundy::Indexed;
    /// let game = Young::new(10, 10, vec![1; 100], vec![1; 100]).unwrap();
    /// assert_eq!(game.len(), 184_756);
    /// ```
    pub fn new(
        rows: usize,
        cols: usize,
        first: Vec<i64>,
        second: Vec<i64>,
    ) -> Result<Young, YoungError> {
        if rows == 0 || cols == 0 || rows + cols > MAX_SIDES {
            return Err(YoungError::Size { rows, cols });
        }
        let cells = rows * cols;
        for values in [&first, &second] {
            if values.len() != cells {
                return Err(YoungError::Values {
                    cells,
                    found: values.len(),
                });
            }
        }
        let bound = first
            .iter()
            .zip(&second)
            .try_fold(0u64, |acc, (a, b)| {
                acc.checked_add(a.unsigned_abs().max(b.unsigned_abs()))
            })
            .filter(|&b| b <= i64::MAX as u64)
            .ok_or(YoungError::Overflow)?;
        let sides = rows + cols;
        let mut binomial = vec![[0u32; MAX_SIDES + 1]; MAX_SIDES + 1];
        for p in 0..=MAX_SIDES {
            binomial[p][0] = 1;
            for k in 1..=p {
                binomial[p][k] = binomial[p - 1][k - 1] + binomial[p - 1][k];
            }
        }
        // Every path in colex order (Gosper's hack), with its filled cells.
        let mut by_rank = Vec::with_capacity(binomial[sides][rows] as usize);
        let mut path: u64 = (1 << rows) - 1;
        while path < 1 << sides {
            by_rank.push(path as u32);
            let low = path & path.wrapping_neg();
            let ripple = path + low;
            path = (((ripple ^ path) >> 2) >> low.trailing_zeros()) | ripple;
        }
        let empty: Vec<usize> = by_rank.iter().map(|&path| cells - filled(path)).collect();
        let mut tier_start = vec![0usize; cells + 2];
        for &e in &empty {
            tier_start[e + 1] += 1;
        }
        for t in 1..tier_start.len() {
            tier_start[t] += tier_start[t - 1];
        }
        let mut next = tier_start.clone();
        let mut paths = vec![0u32; by_rank.len()];
        let mut ranks = vec![0u32; by_rank.len()];
        let mut index_of_rank = vec![0u32; by_rank.len()];
        let mut filled_at = vec![0u8; by_rank.len()];
        for (rank, &path) in by_rank.iter().enumerate() {
            let slot = &mut next[empty[rank]];
            paths[*slot] = path;
            ranks[*slot] = rank as u32;
            index_of_rank[rank] = *slot as u32;
            filled_at[*slot] = (cells - empty[rank]) as u8;
            *slot += 1;
        }
        Ok(Young {
            rows,
            cols,
            first,
            second,
            binomial,
            paths,
            ranks,
            index_of_rank,
            filled: filled_at,
            tier_start,
            bound,
        })
    }

    /// The number of rows.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::young::Young::new(2, 1, vec![0; 2], vec![0; 2]).unwrap();
    /// assert_eq!(game.rows(), 2);
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::young::Young::new(2, 1, vec![0; 2], vec![0; 2]).unwrap();
    /// assert_eq!(game.cols(), 1);
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The first player's value of each cell, row-major.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::young::Young::new(1, 2, vec![3, -1], vec![0, 4]).unwrap();
    /// assert_eq!(game.first(), [3, -1]);
    /// ```
    pub fn first(&self) -> &[i64] {
        &self.first
    }

    /// The second player's value of each cell, row-major.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::young::Young::new(1, 2, vec![3, -1], vec![0, 4]).unwrap();
    /// assert_eq!(game.second(), [0, 4]);
    /// ```
    pub fn second(&self) -> &[i64] {
        &self.second
    }

    /// The empty board: every row of length 0.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::young::Young::new(2, 1, vec![0; 2], vec![0; 2]).unwrap();
    /// assert_eq!(game.start(), vec![0, 0]);
    /// ```
    pub fn start(&self) -> Vec<u8> {
        vec![0; self.rows]
    }

    /// The points for placing a stone on `cell` (row-major) with `filled` cells filled.
    fn points(&self, cell: usize, filled: usize) -> i64 {
        if filled.is_multiple_of(2) {
            self.first[cell]
        } else {
            self.second[cell]
        }
    }

    /// The boundary path of a staircase given by its row lengths.
    fn path(&self, row_lengths: &[u8]) -> u32 {
        let (mut path, mut step, mut x) = (0u32, 0, 0);
        for &len in row_lengths.iter().rev() {
            step += usize::from(len) - x;
            x = usize::from(len);
            path |= 1 << step;
            step += 1;
        }
        path
    }

    fn rank(&self, path: u32) -> usize {
        let (mut rest, mut res, mut k) = (path, 0usize, 1);
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            res += self.binomial[p][k] as usize;
            k += 1;
        }
        res
    }
}

/// The cells filled under a boundary path: the sum over up steps of the right steps before,
/// that is the sum of the up steps' positions minus `0 + 1 + .. + (ups - 1)`, the positions
/// summed a byte at a time.
fn filled(path: u32) -> usize {
    let ups = path.count_ones() as usize;
    let positions: usize = path
        .to_le_bytes()
        .iter()
        .enumerate()
        .map(|(j, &byte)| {
            let (count, sum) = BYTE_BITS[byte as usize];
            usize::from(sum) + 8 * j * usize::from(count)
        })
        .sum();
    positions - ups * ups.saturating_sub(1) / 2
}

/// For each byte: how many bits are set, and the sum of their positions.
const BYTE_BITS: [(u8, u8); 256] = {
    let mut table = [(0u8, 0u8); 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut count, mut sum, mut bit) = (0, 0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                count += 1;
                sum += bit as u8;
            }
            bit += 1;
        }
        table[byte] = (count, sum);
        byte += 1;
    }
    table
};

impl Game for Young {
    /// The row lengths, top row first, non-increasing, each at most `cols`.
    type Position = Vec<u8>;

    fn heap_bytes(&self, pos: &Vec<u8>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, row_lengths: &Vec<u8>, out: &mut Vec<Move<Vec<u8>>>) {
        let filled: usize = row_lengths.iter().map(|&len| usize::from(len)).sum();
        for (row, &len) in row_lengths.iter().enumerate() {
            let len = usize::from(len);
            if len < self.cols && (row == 0 || usize::from(row_lengths[row - 1]) > len) {
                let mut next = row_lengths.clone();
                next[row] += 1;
                let points = self.points(row * self.cols + len, filled);
                out.push(Move::to(next).with_points(points));
            }
        }
    }
}

impl Indexed for Young {
    fn len(&self) -> usize {
        self.paths.len()
    }

    fn index(&self, row_lengths: &Vec<u8>) -> usize {
        self.index_of_rank[self.rank(self.path(row_lengths))] as usize
    }

    fn position(&self, index: usize) -> Vec<u8> {
        let path = self.paths[index];
        let mut res = vec![0u8; self.rows];
        let (mut rest, mut k) = (path, 0);
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            res[self.rows - 1 - k] = (p - k) as u8;
            k += 1;
        }
        res
    }

    fn tiers(&self) -> usize {
        self.tier_start.len() - 1
    }

    fn tier_range(&self, tier: usize) -> Range<usize> {
        self.tier_start[tier]..self.tier_start[tier + 1]
    }

    fn score_bound(&self) -> Option<u64> {
        Some(self.bound)
    }

    fn indexed_moves(&self, index: usize, out: &mut Vec<Move<usize>>) {
        self.each_move(index, |m| {
            out.push(m);
            ControlFlow::Continue(())
        });
    }

    fn visit_moves<F>(&self, index: usize, _buf: &mut Vec<Move<usize>>, visit: F)
    where
        F: FnMut(Move<usize>) -> ControlFlow<()>,
    {
        self.each_move(index, visit);
    }
}

impl Young {
    /// Calls `visit` on each move from the position numbered `index`, successors numbered
    /// directly, until it breaks.
    #[inline]
    fn each_move(&self, index: usize, mut visit: impl FnMut(Move<usize>) -> ControlFlow<()>) {
        let path = self.paths[index];
        let rank = self.ranks[index] as usize;
        let filled = usize::from(self.filled[index]);
        let end = self.rows + self.cols;
        // Inner corners: an up step at `p` followed by a right step at `p + 1`.
        let mut corners = path & !(path >> 1) & ((1 << (end - 1)) - 1);
        while corners != 0 {
            let p = corners.trailing_zeros() as usize;
            corners &= corners - 1;
            // The corner's up step is the `k`-th from the bottom (0-based).
            let k = (path & ((1 << p) - 1)).count_ones() as usize;
            let row = self.rows - 1 - k;
            let col = p - k;
            let next = rank + self.binomial[p][k] as usize;
            let flow = visit(Move {
                to: self.index_of_rank[next] as usize,
                points: self.points(row * self.cols + col, filled),
                again: false,
            });
            if flow.is_break() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests;
