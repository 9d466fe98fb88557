//! Domineering as a partizan game: Left places vertical dominoes, Right horizontal ones, on
//! the free cells of a grid of at most 64 cells (Berlekamp, Conway and Guy, *Winning Ways*,
//! chapter 5).
//!
//! A grid is a sum of its connected regions (cells with no free neighbour are dead and
//! dropped), and a region's value is memoized under its normal form: cropped to its
//! bounding box, then the least of its four mirror images (mirrors keep both players'
//! moves). The recursion follows the moves, at most 32 deep.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::error::CgtError;
use crate::limits::{Budget, SolveError};

/// A Domineering grid: `width * height <= 64` cells, bit `row * width + column` set for a
/// free cell.
///
/// # Examples
///
/// ```
/// use grundy::cgt::domineering::Grid;
/// let grid = Grid::parse("..\n..").unwrap();
/// assert_eq!((grid.width(), grid.height(), grid.free()), (2, 2, 0b1111));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: u8,
    height: u8,
    free: u64,
}

impl Grid {
    /// The grid with these free cells; `None` if it has no cells, more than 64, or `free`
    /// names a cell outside it.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::domineering::Grid;
    /// assert!(Grid::new(3, 2, 0b111_111).is_some());
    /// assert!(Grid::new(3, 2, 1 << 6).is_none());
    /// ```
    pub fn new(width: u8, height: u8, free: u64) -> Option<Grid> {
        let cells = u32::from(width) * u32::from(height);
        if cells == 0 || cells > 64 || (cells < 64 && free >> cells != 0) {
            return None;
        }
        Some(Grid {
            width,
            height,
            free,
        })
    }

    /// A grid drawn in rows of `.` (free) and `#` (filled), separated by newlines or `|`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::domineering::Grid;
    /// assert_eq!(Grid::parse(".#|..").unwrap().free(), 0b1101);
    /// assert!(Grid::parse("..|.").is_none());
    /// ```
    pub fn parse(rows: &str) -> Option<Grid> {
        let rows: Vec<&str> = rows
            .split(['\n', '|'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let width = rows.first()?.chars().count();
        let mut free = 0u64;
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return None;
            }
            for (c, cell) in row.chars().enumerate() {
                match cell {
                    '.' => free |= 1 << (r * width + c).min(63),
                    '#' => {}
                    _ => return None,
                }
            }
        }
        Grid::new(
            u8::try_from(width).ok()?,
            u8::try_from(rows.len()).ok()?,
            free,
        )
    }

    /// Columns.
    pub fn width(self) -> u8 {
        self.width
    }

    /// Rows.
    pub fn height(self) -> u8 {
        self.height
    }

    /// The free cells' bits.
    pub fn free(self) -> u64 {
        self.free
    }

    fn cells(self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    /// Cells not in the last column.
    fn not_last_column(self) -> u64 {
        let w = u32::from(self.width);
        (0..self.cells())
            .filter(|p| p % w != w - 1)
            .fold(0, |m, p| m | 1 << p)
    }

    /// Cells `p` where Left may play on `p` and the cell below it.
    fn vertical(self) -> u64 {
        self.free & (self.free >> self.width)
    }

    /// Cells `p` where Right may play on `p` and the cell to its right.
    fn horizontal(self) -> u64 {
        self.free & (self.free >> 1) & self.not_last_column()
    }

    /// The free cells next to `cells`.
    fn neighbours(self, cells: u64) -> u64 {
        let row = self.not_last_column();
        let sideways = ((cells & row) << 1) | ((cells >> 1) & row);
        (sideways | (cells << self.width) | (cells >> self.width)) & self.free
    }

    fn with_free(self, free: u64) -> Grid {
        Grid { free, ..self }
    }

    /// The grid's regions: connected free cells, each in a grid of this size, cells with
    /// no free neighbour dropped (no domino fits them); the grid is their sum.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::domineering::Grid;
    /// let parts = Grid::parse(".#.|.#.").unwrap().regions();
    /// let free: Vec<u64> = parts.iter().map(|g| g.free()).collect();
    /// assert_eq!(free, [0b001_001, 0b100_100]);
    /// // The lone cell at the bottom right takes no domino.
    /// assert_eq!(Grid::parse("..#|##.").unwrap().regions().len(), 1);
    /// ```
    pub fn regions(self) -> Vec<Grid> {
        let mut rest = self.free & self.neighbours(self.free);
        let mut regions = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = region | (self.neighbours(region) & rest);
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            regions.push(self.with_free(region));
        }
        regions
    }

    /// The region cropped to its bounding box, as the least of its mirror images (by the
    /// free cells' bits): a region and its mirror images have the same value.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::domineering::Grid;
    /// let corner = Grid::parse("...|..#|###").unwrap().normalized();
    /// assert_eq!((corner.width(), corner.height()), (3, 2));
    /// assert_eq!(corner, Grid::parse("#..|...").unwrap().normalized());
    /// ```
    pub fn normalized(self) -> Grid {
        let (w, h) = (u32::from(self.width), u32::from(self.height));
        let cells: Vec<(u32, u32)> = (0..self.cells())
            .filter(|p| self.free >> p & 1 == 1)
            .map(|p| (p / w, p % w))
            .collect();
        let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let bottom = cells.iter().map(|c| c.0).max().unwrap_or(h - 1);
        let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let right = cells.iter().map(|c| c.1).max().unwrap_or(w - 1);
        let (width, height) = (right - left + 1, bottom - top + 1);
        let image = |flip_rows: bool, flip_columns: bool| {
            cells.iter().fold(0u64, |bits, &(r, c)| {
                let (r, c) = (r - top, c - left);
                let r = if flip_rows { height - 1 - r } else { r };
                let c = if flip_columns { width - 1 - c } else { c };
                bits | 1 << (r * width + c)
            })
        };
        let free = [(false, false), (false, true), (true, false), (true, true)]
            .into_iter()
            .map(|(rows, columns)| image(rows, columns))
            .min()
            .unwrap_or(0);
        Grid {
            width: width as u8,
            height: height as u8,
            free,
        }
    }
}

/// Domineering values, each region's memoized by its normal form.
///
/// # Examples
///
/// ```
/// use grundy::cgt::domineering::{Domineering, Grid};
/// use grundy::cgt::Arena;
/// let mut arena = Arena::new();
/// let mut domineering = Domineering::default();
/// // 2x2: +-1; 2 rows by 3 columns: {2|-1/2} (Winning Ways, chapter 5).
/// let square = domineering.value(&mut arena, Grid::parse("..|..").unwrap()).unwrap();
/// assert_eq!(arena.display(square), "+-1");
/// let board = domineering.value(&mut arena, Grid::parse("...|...").unwrap()).unwrap();
/// assert_eq!(arena.display(board), "{2|-1/2}");
/// ```
#[derive(Debug, Default)]
pub struct Domineering {
    regions: FxHashMap<Grid, GameId>,
}

impl Domineering {
    /// The value of a grid: the sum of its regions' values.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit (not on grids of 64 cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::domineering::{Domineering, Grid};
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let column = Grid::parse(".|.|.|.").unwrap();
    /// let g = Domineering::default().value(&mut arena, column).unwrap();
    /// assert_eq!(arena.display(g), "2");
    /// ```
    pub fn value(&mut self, arena: &mut Arena, grid: Grid) -> Result<GameId, CgtError> {
        self.value_within(arena, grid, &Budget::unlimited())
            .map_err(|err| match err {
                Stopped::Cgt(err) => err,
                // An unlimited budget has no limit to reach and no cancel flag.
                Stopped::Budget(_) => unreachable!("an unlimited budget stopped"),
            })
    }

    /// [`Domineering::value`] within `budget`: its positions bound the regions memoized,
    /// its bytes the arena and the memo together, and its cancel flag is checked at every
    /// new region (an 8x8 board would otherwise run for ever).
    ///
    /// # Errors
    ///
    /// [`Stopped::Budget`] when the budget is spent or cancelled (the memo keeps what it
    /// found, all of it exact), [`Stopped::Cgt`] as [`Domineering::value`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::domineering::{Domineering, Grid, Stopped};
    /// use grundy::cgt::Arena;
    /// use grundy::Budget;
    /// let mut arena = Arena::new();
    /// let board = Grid::parse("....|....|....|....").unwrap();
    /// let small = Budget::default().with_positions(10);
    /// let mut domineering = Domineering::default();
    /// let res = domineering.value_within(&mut arena, board, &small);
    /// assert!(matches!(res, Err(Stopped::Budget(_))));
    /// assert!(domineering.value_within(&mut arena, board, &Budget::default()).is_ok());
    /// ```
    pub fn value_within(
        &mut self,
        arena: &mut Arena,
        grid: Grid,
        budget: &Budget,
    ) -> Result<GameId, Stopped> {
        let mut total = arena.zero();
        for region in grid.regions() {
            let value = self.region(arena, region.normalized(), budget)?;
            total = arena.sum(total, value)?;
        }
        Ok(total)
    }

    /// How many regions are memoized.
    pub fn len(&self) -> usize {
        self.regions.len()
    }

    /// Whether no region is memoized yet.
    pub fn is_empty(&self) -> bool {
        self.regions.is_empty()
    }

    fn region(
        &mut self,
        arena: &mut Arena,
        region: Grid,
        budget: &Budget,
    ) -> Result<GameId, Stopped> {
        if let Some(&known) = self.regions.get(&region) {
            return Ok(known);
        }
        budget.check_cancelled()?;
        let len = self.regions.len() as u64 + 1;
        budget.check_positions(len)?;
        if len.is_multiple_of(1024) {
            budget.check_bytes(arena.memory().saturating_add(len * MEMO_ENTRY))?;
        }
        budget.count_position();
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for (moves, step, options) in [
            (region.vertical(), region.width, &mut left),
            (region.horizontal(), 1, &mut right),
        ] {
            let mut rest = moves;
            while rest != 0 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                let after =
                    region.with_free(region.free & !(1 << p) & !(1 << (p + u32::from(step))));
                options.push(self.value_within(arena, after, budget)?);
            }
        }
        let res = arena.from_options(&left, &right)?;
        self.regions.insert(region, res);
        Ok(res)
    }
}

/// The bytes a memoized region takes in [`Domineering`]'s table (key, value, control byte,
/// at most 8/7 of it in buckets), counted against a budget's bytes.
const MEMO_ENTRY: u64 = 32;

/// Why [`Domineering::value_within`] stopped.
///
/// # Examples
///
/// ```
/// use grundy::cgt::domineering::Stopped;
/// use grundy::SolveError;
/// let stopped = Stopped::Budget(SolveError::Interrupted);
/// assert_eq!(stopped.to_string(), "the computation was interrupted");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Stopped {
    /// A number left the algebra's range.
    #[error(transparent)]
    Cgt(#[from] CgtError),
    /// The budget was spent or cancelled.
    #[error(transparent)]
    Budget(#[from] SolveError),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value by the plain game tree: every move of the whole grid, no regions, no
    /// memo, no mirrors.
    fn plain(arena: &mut Arena, grid: Grid) -> GameId {
        let mut left = Vec::new();
        let mut rest = grid.vertical();
        while rest != 0 {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            left.push(plain(
                arena,
                grid.with_free(grid.free & !(1 << p) & !(1 << (p + u32::from(grid.width)))),
            ));
        }
        let mut right = Vec::new();
        let mut rest = grid.horizontal();
        while rest != 0 {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            right.push(plain(arena, grid.with_free(grid.free & !(3 << p))));
        }
        arena.from_options(&left, &right).unwrap()
    }

    /// Regions, mirrors and memo against the plain tree, on every subset of the 3x3, 4x2
    /// and 2x4 grids.
    #[test]
    fn regions_and_mirrors_agree_with_the_plain_tree() {
        let mut arena = Arena::new();
        let mut domineering = Domineering::default();
        let mut checked = 0;
        for (w, h) in [(3u8, 3u8), (4, 2), (2, 4), (5, 2)] {
            for free in 0..1u64 << (w * h) {
                let grid = Grid::new(w, h, free).unwrap();
                assert_eq!(
                    domineering.value(&mut arena, grid).unwrap(),
                    plain(&mut arena, grid),
                    "{grid:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 512 + 256 + 256 + 1024);
    }

    /// Published values: Winning Ways, chapter 5 (a column of n cells is n/2 rounded down
    /// for Left, a row the negative; the 2x2 square is +-1; the L tromino is *), and the
    /// 2x3 board `{2|-1/2}` (mean 3/4, temperature 5/4) as Wikipedia's "Domineering" works
    /// it out after Winning Ways.
    #[test]
    fn published_values() {
        let mut arena = Arena::new();
        let mut domineering = Domineering::default();
        let mut check = |rows: &str, value: &str| {
            let g = domineering
                .value(&mut arena, Grid::parse(rows).unwrap())
                .unwrap();
            let expected = arena.parse(value).unwrap();
            assert_eq!(arena.display(g), arena.display(expected), "{rows}");
        };
        check(".|.", "1");
        check(".|.|.", "1");
        check(".|.|.|.|.", "2");
        check("...", "-1");
        check("....", "-2");
        check("..|..", "+-1");
        check(".#|..", "*");
        check("...|...", "{2|-1/2}");
        check("..|..|..", "{1/2|-2}");
        let g = domineering
            .value(&mut arena, Grid::parse("...|...").unwrap())
            .unwrap();
        assert_eq!(
            arena.mean(g).unwrap(),
            crate::cgt::Dyadic::new(3, 2).unwrap()
        );
        assert_eq!(
            arena.temperature(g).unwrap(),
            crate::cgt::Dyadic::new(5, 2).unwrap()
        );
    }

    /// Uiterwijk and Barton, "New results for Domineering from combinatorial game theory
    /// endgame databases", Theoretical Computer Science 592 (2015), arXiv:1506.03949: over
    /// every single-component position of up to 15 squares, no temperature exceeds 2
    /// (Berlekamp's conjecture that 2 is Domineering's highest). Checked here on every
    /// region of up to 15 cells that fits the 4x4, 5x3 and 7x2 grids; and temperatures above
    /// 3/2 occur there, as Shankar and Sridharan, "New temperatures in Domineering", INTEGERS
    /// 5 (2005) #G04, found by their exhaustive searches of small grids (the hottest of the
    /// 4x4 grid is 7/4, as cgt-tools' exhaustive search also finds: BENCHMARKS.md).
    #[test]
    fn temperatures_stay_at_most_two() {
        let mut arena = Arena::new();
        let mut domineering = Domineering::default();
        let mut hottest = crate::cgt::Dyadic::integer(-1);
        let mut regions = 0;
        for (w, h) in [(4u8, 4u8), (5, 3), (7, 2)] {
            for free in 0..1u64 << (w * h) {
                let grid = Grid::new(w, h, free).unwrap();
                let parts = grid.regions();
                if parts.len() != 1 || free.count_ones() > 15 {
                    continue;
                }
                let g = domineering.value(&mut arena, grid).unwrap();
                let t = arena.temperature(g).unwrap();
                assert!(t <= crate::cgt::Dyadic::integer(2), "{grid:?}: {t}");
                hottest = hottest.max(t);
                regions += 1;
            }
        }
        assert!(regions > 10_000, "{regions}");
        assert_eq!(hottest, crate::cgt::Dyadic::new(7, 2).unwrap());
    }
}
