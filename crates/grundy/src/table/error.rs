//! Why a table could not be made: [`TableError`].

use thiserror::Error;

use crate::dynamic::DynError;
use crate::limits::SolveError;

/// Why a table could not be made.
///
/// # Examples
///
/// ```
/// use grundy::catalog::Family;
/// use grundy::table::tabulate;
/// let err = tabulate(&Family::Wythoff, 100_000, false).unwrap_err();
/// assert_eq!(err.to_string(), "a table up to 100000 is too large for wythoff: at most 200 here");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TableError {
    /// The table would be larger than this family's tables go.
    #[error("a table up to {to} is too large for {game}: at most {limit} here{}", cells.map(|c| format!(" (a table of pairs holds (N + 1)^2 = {c} cells)")).unwrap_or_default())]
    TooLarge {
        /// The last integer asked for.
        to: u64,
        /// The game.
        game: String,
        /// The largest `to` allowed.
        limit: u64,
        /// The cells a table of pairs would hold (two integers only).
        cells: Option<u128>,
    },
    /// The game makes no positions from integers ([`crate::dynamic::DynGame::position_of`]).
    #[error("{game} has no positions made from {count} integer(s), so it cannot be tabulated")]
    NoPositions {
        /// The game.
        game: String,
        /// How many integers were given.
        count: usize,
    },
    /// A table of pairs of a game whose positions ignore the second integer: every pair
    /// `a, b` gives the position of `a` alone (a game file's `position` taking one
    /// argument), so each row would repeat one position.
    #[error("{game} makes the same position from every pair a, b with the same a: its positions are made from one integer, not a pair")]
    OneInteger {
        /// The game.
        game: String,
    },
    /// A position of the game could not be made or solved.
    #[error("the position made from {numbers:?} could not be made or solved")]
    Game {
        /// The integers of the position.
        numbers: Vec<u64>,
        /// What went wrong.
        #[source]
        source: DynError,
    },
    /// Misère values and genera are tabulated only for heap games, whose heaps they are.
    #[error("{game} is not a heap game: misère values and genera are tabulated for nim, subtraction, bash, lasker, grundy-game and octal or hexadecimal codes")]
    NotHeaps {
        /// The game.
        game: String,
    },
    /// The solver refused (too large) or was interrupted.
    #[error(transparent)]
    Solve(#[from] SolveError),
}
