//! Why a family, its parameter or a position's numbers could not be read.

use crate::dynamic::DynError;
use crate::games::subtraction::ParseSubtractionSetError;
use crate::octal::{ComputeError, ParseCodeError};
use crate::text::quoted;

/// Why a family, its parameter or a position's numbers could not be read.
///
/// The messages are the command line's own.
///
/// # Examples
///
/// ```
/// use grundy::catalog::parse_family;
/// let err = parse_family(&mut ["bash".to_string(), "0".to_string()].into()).unwrap_err();
/// assert_eq!(err.to_string(), "bash expects K, an integer from 1 to 1000000, found \"0\"");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// No words at all.
    #[error("expected a game name, one of: {names} (see 'grundy list')")]
    MissingName {
        /// The known names, comma-separated.
        names: String,
    },
    /// A name that is not in [`SPECS`](super::spec::SPECS).
    #[error("unknown game {name:?}; expected one of: {names} (see 'grundy list')")]
    UnknownName {
        /// The name as typed.
        name: String,
        /// The known names, comma-separated.
        names: String,
    },
    /// A family's parameter is missing.
    #[error("{name} needs its parameter {param}: {summary} (e.g. '{example}')")]
    MissingParam {
        /// The family.
        name: String,
        /// The parameter's name, e.g. `K`.
        param: &'static str,
        /// What the game is.
        summary: &'static str,
        /// An example command line.
        example: &'static str,
    },
    /// K out of range or not a number.
    #[error("{name} expects K, an integer from 1 to {max}, found {}", quoted(.text))]
    BadK {
        /// The family.
        name: String,
        /// The largest K accepted.
        max: u64,
        /// The word as typed.
        text: String,
    },
    /// A subtraction set that does not parse.
    #[error("{name} expects S like 1,3,4 (or !1,2, pow2, fib), found {}", quoted(.text))]
    BadSet {
        /// The family.
        name: String,
        /// The set as read.
        text: String,
        /// What is wrong with it.
        #[source]
        source: ParseSubtractionSetError,
    },
    /// `sum` where one game is expected.
    #[error("{name} is not a single game; 'sum' combines games with '+'")]
    NotSingle {
        /// The name as typed.
        name: String,
    },
    /// bash-reach without its one number N.
    #[error("bash-reach expects one number N (writing N or more loses)")]
    ReachTarget,
    /// bash-reach's N out of range or not a number.
    #[error("expected N, an integer from 0 to {max}, found {}", quoted(.text))]
    BadTarget {
        /// The largest N accepted.
        max: u64,
        /// The word as typed.
        text: String,
    },
    /// A position the game does not take (the message names the bad word or line).
    #[error(transparent)]
    Position(#[from] DynError),
    /// A board game's setup (the problem's numbers) that does not read; names the word or
    /// line.
    #[error("{game}: {problem}")]
    Setup {
        /// The game.
        game: &'static str,
        /// What is wrong, and where.
        problem: String,
    },
    /// A board game where a family is expected (`grundy analyze`, `grundy table`).
    #[error(
        "{name} is a board game: 'grundy solve' and 'grundy play' take it (see 'grundy list')"
    )]
    Board {
        /// The name as typed.
        name: String,
    },
    /// An octal or hexadecimal code that does not parse (the message names the character).
    #[error(transparent)]
    BadCode(#[from] ParseCodeError),
    /// A code that allows no move at all (`0.`, `0.0`): not a game to play.
    #[error("the code {code} allows no move (every digit is 0): give a code with a move, e.g. 0.77 (Kayles)")]
    NoMoves {
        /// The code, as written back.
        code: String,
    },
    /// The values of a code could not be computed (a cancel, or memory refused).
    #[error("cannot compute the values of {code}: {source}")]
    Values {
        /// The code.
        code: String,
        /// Why.
        #[source]
        source: ComputeError,
    },
    /// `--misere` for a game that has no misère form (a board game of points, a partizan game).
    #[error("{name} has no misère form: misère play is for impartial games (see 'grundy list')")]
    NoMisere {
        /// The game.
        name: String,
    },
    /// A word that is not a non-negative integer.
    #[error("expected {what} (an integer from 0 to {max}), found {}", quoted(.word), max = u64::MAX)]
    BadNumber {
        /// What the numbers are, e.g. `a heap`.
        what: String,
        /// The word as typed.
        word: String,
    },
}
