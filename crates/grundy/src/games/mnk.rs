//! m,n,k-games: two players take turns placing a stone on an empty cell of a board of
//! `width` columns and `height` rows; the first to have `line` stones in a row (across,
//! down or diagonally) wins, and a full board without one is a draw. Tic-tac-toe is 3,3,3.
//!
//! # The ranking
//!
//! A board of tier `t` (`t` stones) is the set of its occupied cells and which of those are
//! the first player's (`ceil(t / 2)` of them: X moves first and the players alternate). The
//! occupied cells are ranked by the combinatorial number system among the `C(cells, t)`
//! subsets, X's stones among the `C(t, ceil(t / 2))` subsets of the occupied cells (in cell
//! order), and `rank = cells_rank * C(t, ceil(t / 2)) + colouring_rank`: every rank below
//! [`Mnk::tier_size`] is a board, every board one rank.

use thiserror::Error;

/// The most cells an [`Mnk`] board may have.
pub const MAX_CELLS: u32 = 36;

/// Why a board was refused.
///
/// # Examples
///
/// ```
/// use grundy::games::mnk::{Mnk, MnkError};
/// assert!(matches!(Mnk::new(3, 3, 4), Err(MnkError::Size { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MnkError {
    /// A side is 0, the board has more than [`MAX_CELLS`] cells, or no line fits.
    #[error(
        "an m,n,k-game needs 1 to {MAX_CELLS} cells and a line of 1 to max(width, height), \
         found {width} x {height} with lines of {line}"
    )]
    Size {
        /// Columns.
        width: u64,
        /// Rows.
        height: u64,
        /// The stones in a row that win.
        line: u64,
    },
    /// A move of a sequence cannot be played.
    #[error("move {index} of '{moves}': {reason}")]
    Move {
        /// The sequence as given.
        moves: String,
        /// The move's place in it, from 1.
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// A position: the first player's stones and the second's, one bit a cell (cell `row *
/// width + column`, row 0 at the top).
///
/// # Examples
///
/// ```
/// use grundy::games::mnk::Grid;
/// assert_eq!(Grid::default().stones(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The first player's stones.
    pub x: u64,
    /// The second player's stones.
    pub o: u64,
}

impl Grid {
    /// The stones on the board (its tier).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::Grid;
    /// assert_eq!(Grid { x: 0b101, o: 0b10 }.stones(), 3);
    /// ```
    pub fn stones(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// True when the first player is to move (an even number of stones).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::games::mnk::Grid::default().x_to_move());
    /// ```
    pub fn x_to_move(&self) -> bool {
        self.stones().is_multiple_of(2)
    }
}

/// The rules of one m,n,k-game, with its lines and the tables of its ranking.
///
/// # Examples
///
/// ```
/// use grundy::games::mnk::Mnk;
/// let ttt = Mnk::tic_tac_toe();
/// let grid = ttt.play_all("1 5 2 9 3").unwrap(); // X's top row
/// assert!(ttt.is_won(&grid));
/// assert_eq!(ttt.unrank(5, ttt.rank(&grid)), grid);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mnk {
    width: u32,
    height: u32,
    line: u32,
    /// Every line of `line` cells, as a mask.
    lines: Vec<u64>,
    /// `binomial[n][r]` for `n, r <= MAX_CELLS`.
    binomial: Vec<Vec<u64>>,
}

impl Mnk {
    /// The game on `width` x `height` cells won by `line` in a row.
    ///
    /// # Errors
    ///
    /// [`MnkError::Size`] when a side is 0, the board has more than [`MAX_CELLS`] cells, or
    /// `line` is 0 or longer than both sides.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::Mnk;
    /// assert_eq!(Mnk::new(4, 4, 4).unwrap().cells(), 16);
    /// assert!(Mnk::new(7, 7, 4).is_err());
    /// ```
    pub fn new(width: u64, height: u64, line: u64) -> Result<Mnk, MnkError> {
        let fits = width >= 1
            && height >= 1
            && width * height <= u64::from(MAX_CELLS)
            && line >= 1
            && line <= width.max(height);
        if !fits {
            return Err(MnkError::Size {
                width,
                height,
                line,
            });
        }
        let (width, height, line) = (width as u32, height as u32, line as u32);
        let mut lines = Vec::new();
        let (w, h, k) = (width as i64, height as i64, line as i64);
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..h {
                for c in 0..w {
                    let (er, ec) = (r + dr * (k - 1), c + dc * (k - 1));
                    if !(0..h).contains(&er) || !(0..w).contains(&ec) {
                        continue;
                    }
                    let mask = (0..k).fold(0u64, |m, i| m | 1 << ((r + dr * i) * w + c + dc * i));
                    lines.push(mask);
                }
            }
        }
        lines.sort_unstable();
        lines.dedup();
        let n = MAX_CELLS as usize + 1;
        let mut binomial = vec![vec![0u64; n]; n];
        for i in 0..n {
            binomial[i][0] = 1;
            for j in 1..=i {
                binomial[i][j] = binomial[i - 1][j - 1] + binomial[i - 1][j];
            }
        }
        Ok(Mnk {
            width,
            height,
            line,
            lines,
            binomial,
        })
    }

    /// Tic-tac-toe: 3,3,3.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::mnk::Mnk::tic_tac_toe().line(), 3);
    /// ```
    pub fn tic_tac_toe() -> Mnk {
        Mnk::new(3, 3, 3).expect("3,3,3 fits")
    }

    /// Columns.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::mnk::Mnk::new(4, 3, 3).unwrap().width(), 4);
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::mnk::Mnk::new(4, 3, 3).unwrap().height(), 3);
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The stones in a row that win.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::mnk::Mnk::new(4, 3, 3).unwrap().line(), 3);
    /// ```
    pub fn line(&self) -> u32 {
        self.line
    }

    /// Cells of the board.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::mnk::Mnk::tic_tac_toe().cells(), 9);
    /// ```
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// True when the player who just moved has a line: the game is over, lost for the
    /// player to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::Mnk;
    /// let ttt = Mnk::tic_tac_toe();
    /// assert!(ttt.is_won(&ttt.play_all("1 2 5 3 9").unwrap())); // X's diagonal
    /// assert!(!ttt.is_won(&ttt.play_all("1 2 5 3").unwrap()));
    /// ```
    pub fn is_won(&self, grid: &Grid) -> bool {
        let last = if grid.x_to_move() { grid.o } else { grid.x };
        self.lines.iter().any(|line| line & !last == 0)
    }

    /// True when the game is over: a line was made or the board is full.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::{Grid, Mnk};
    /// assert!(!Mnk::tic_tac_toe().is_over(&Grid::default()));
    /// ```
    pub fn is_over(&self, grid: &Grid) -> bool {
        self.is_won(grid) || grid.stones() == self.cells()
    }

    /// The empty cells of a game not over, where the player to move may play.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::{Grid, Mnk};
    /// assert_eq!(Mnk::tic_tac_toe().empty(&Grid { x: 1, o: 2 }), 0b1_1111_1100);
    /// ```
    pub fn empty(&self, grid: &Grid) -> u64 {
        let all = if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        };
        all & !(grid.x | grid.o)
    }

    /// The grid after the player to move places a stone on `cell` (empty).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::{Grid, Mnk};
    /// let after = Mnk::tic_tac_toe().play(&Grid::default(), 4);
    /// assert_eq!(after, Grid { x: 1 << 4, o: 0 });
    /// ```
    pub fn play(&self, grid: &Grid, cell: u32) -> Grid {
        let bit = 1u64 << cell;
        match grid.x_to_move() {
            true => Grid {
                x: grid.x | bit,
                o: grid.o,
            },
            false => Grid {
                x: grid.x,
                o: grid.o | bit,
            },
        }
    }

    /// The grid after `moves`, the cells played from the start (numbered from 1, row by row
    /// from the top left), separated by spaces or commas.
    ///
    /// # Errors
    ///
    /// [`MnkError::Move`] naming the first move that is not a cell, is taken, or follows
    /// the end of the game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::Mnk;
    /// let ttt = Mnk::tic_tac_toe();
    /// assert_eq!(ttt.play_all("5 1").unwrap().stones(), 2);
    /// assert!(ttt.play_all("5 5").is_err());
    /// assert!(ttt.play_all("10").is_err());
    /// ```
    pub fn play_all(&self, moves: &str) -> Result<Grid, MnkError> {
        let mut grid = Grid::default();
        let words = moves.split([',', ' ']).filter(|w| !w.is_empty());
        for (i, word) in words.enumerate() {
            let fail = |reason: String| MnkError::Move {
                moves: moves.to_string(),
                index: i + 1,
                reason,
            };
            let cell = match word.parse::<u32>() {
                Ok(c) if (1..=self.cells()).contains(&c) => c - 1,
                _ => {
                    return Err(fail(format!(
                        "'{word}' is not a cell from 1 to {}",
                        self.cells()
                    )))
                }
            };
            if self.is_won(&grid) {
                return Err(fail("the game is already won".into()));
            }
            if self.empty(&grid) >> cell & 1 == 0 {
                return Err(fail(format!("cell {} is taken", cell + 1)));
            }
            grid = self.play(&grid, cell);
        }
        Ok(grid)
    }

    /// The boards with `tier` stones: `C(cells, tier) * C(tier, ceil(tier / 2))`.
    ///
    /// # Examples
    ///
    /// ```
    /// let ttt = grundy::games::mnk::Mnk::tic_tac_toe();
    /// assert_eq!(ttt.tier_size(0), 1);
    /// assert_eq!(ttt.tier_size(2), 36 * 2);
    /// assert_eq!(ttt.tier_size(10), 0);
    /// ```
    pub fn tier_size(&self, tier: u32) -> u64 {
        if tier > self.cells() {
            return 0;
        }
        let (t, x) = (tier as usize, tier.div_ceil(2) as usize);
        self.binomial[self.cells() as usize][t] * self.binomial[t][x]
    }

    /// The rank of `bits` among the subsets of its size (combinatorial number system).
    fn subset_rank(&self, mut bits: u64) -> u64 {
        let mut rank = 0;
        let mut j = 1;
        while bits != 0 {
            rank += self.binomial[bits.trailing_zeros() as usize][j];
            bits &= bits - 1;
            j += 1;
        }
        rank
    }

    /// The subset of `size` elements of rank `rank`.
    fn subset_unrank(&self, size: usize, mut rank: u64) -> u64 {
        let mut bits = 0;
        for j in (1..=size).rev() {
            let mut p = j - 1;
            while self.binomial[p + 1][j] <= rank {
                p += 1;
            }
            rank -= self.binomial[p][j];
            bits |= 1 << p;
        }
        bits
    }

    /// The rank of `grid` within its tier (below [`Mnk::tier_size`]); `grid` has the
    /// counts of play (X as many stones as O, or one more).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::{Grid, Mnk};
    /// assert_eq!(Mnk::tic_tac_toe().rank(&Grid::default()), 0);
    /// ```
    pub fn rank(&self, grid: &Grid) -> u64 {
        let occupied = grid.x | grid.o;
        let stones = occupied.count_ones() as usize;
        // X's stones as positions among the occupied cells, in cell order.
        let mut colours = 0u64;
        let (mut rest, mut i) = (occupied, 0);
        while rest != 0 {
            let cell = rest.trailing_zeros();
            if grid.x >> cell & 1 == 1 {
                colours |= 1 << i;
            }
            rest &= rest - 1;
            i += 1;
        }
        let colourings = self.binomial[stones][stones.div_ceil(2)];
        self.subset_rank(occupied) * colourings + self.subset_rank(colours)
    }

    /// The board of rank `rank` in tier `tier` (the inverse of [`Mnk::rank`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::Mnk;
    /// let ttt = Mnk::tic_tac_toe();
    /// for r in 0..ttt.tier_size(3) {
    ///     assert_eq!(ttt.rank(&ttt.unrank(3, r)), r);
    /// }
    /// ```
    pub fn unrank(&self, tier: u32, rank: u64) -> Grid {
        let stones = tier as usize;
        let colourings = self.binomial[stones][stones.div_ceil(2)];
        let occupied = self.subset_unrank(stones, rank / colourings);
        let colours = self.subset_unrank(stones.div_ceil(2), rank % colourings);
        let mut grid = Grid::default();
        let (mut rest, mut i) = (occupied, 0);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            match colours >> i & 1 {
                1 => grid.x |= bit,
                _ => grid.o |= bit,
            }
            rest &= rest - 1;
            i += 1;
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_is_a_board_and_back() {
        for game in [
            Mnk::tic_tac_toe(),
            Mnk::new(4, 3, 3).unwrap(),
            Mnk::new(2, 5, 2).unwrap(),
        ] {
            for tier in 0..=game.cells() {
                let mut seen = std::collections::HashSet::new();
                for r in 0..game.tier_size(tier) {
                    let grid = game.unrank(tier, r);
                    assert_eq!(grid.stones(), tier);
                    assert_eq!(grid.x & grid.o, 0);
                    assert_eq!(grid.x.count_ones(), tier.div_ceil(2));
                    assert_eq!(
                        game.empty(&grid) | grid.x | grid.o,
                        game.empty(&Grid::default())
                    );
                    assert_eq!(game.rank(&grid), r);
                    assert!(seen.insert(grid));
                }
            }
        }
    }

    #[test]
    fn lines_are_every_window_of_the_board() {
        // Tic-tac-toe: 3 rows, 3 columns, 2 diagonals.
        assert_eq!(Mnk::tic_tac_toe().lines.len(), 8);
        // 4 x 4, lines of 3: 8 across, 8 down, 4 + 4 diagonal.
        assert_eq!(Mnk::new(4, 4, 3).unwrap().lines.len(), 24);
        // Lines of 1: every cell.
        assert_eq!(Mnk::new(2, 3, 1).unwrap().lines.len(), 6);
    }
}
