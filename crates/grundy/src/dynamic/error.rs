//! Why a call through the front door failed: [`DynError`], and the failures of games
//! defined by rules it carries ([`RulesError`], [`Malformed`]).

use std::fmt;

use thiserror::Error;

use super::datum::Datum;
use crate::limits::SolveError;

/// Why a `DynGame` call failed.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::DynError;
/// let err = DynError::Position("a heap is an integer from 0 up, found \"x\"".into());
/// assert_eq!(err.to_string(), "bad position: a heap is an integer from 0 up, found \"x\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DynError {
    /// The position (text or data) is not a position of this game; says what is wrong.
    #[error("bad position: {0}")]
    Position(String),
    /// Data given to a game defined by rules (a game file) that is not one of its
    /// positions: of another kind than its positions, not read back from its text, or one
    /// its rules fail on. Names the position and what the game's positions are.
    #[error(transparent)]
    Malformed(Box<Malformed>),
    /// No move matches what a player typed.
    #[error("no move {}: give a move's label, its number (1 to {count}) or the position it leads to", crate::text::quoted(.choice))]
    NoSuchMove {
        /// What was typed.
        choice: String,
        /// How many moves there are.
        count: usize,
    },
    /// The solver refused or stopped.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The rules of a game defined by a callback (a game file) failed.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A partizan game was asked for what needs a player to move (its moves, an outcome
    /// for the mover): its positions have none, its value is a canonical form.
    #[error("a partizan game's position has no player to move: its value is a canonical form (grundy solve shows it; Left's and Right's moves are listed apart)")]
    NoTurn,
    /// The tier database a game is answered from could not be read (a file gone or
    /// corrupt); says which and why.
    #[error("the database failed: {0}")]
    Database(String),
    /// A value does not fit the partizan algebra's numbers.
    #[error(transparent)]
    Cgt(#[from] crate::cgt::CgtError),
}

/// Why the rules of a game defined by rules (a game file's `CallbackGame`) could not be
/// followed.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::{Datum, RulesError};
/// let err = RulesError::Cycle { origin: "loop.luau".into(), position: Datum::ints([1, 2]) };
/// assert!(err.to_string().starts_with("loop.luau: position [1, 2] repeats"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A callback failed; `message` is its own (a game file's `FILE:LINE: what`).
    #[error("{message} (in {function}, at position {})", .position.brief())]
    Callback {
        /// Which callback: `moves`, `components`, `canonical`, `show`, `position`.
        function: &'static str,
        /// The position it was called on (for `position`, the numbers as a list).
        position: Datum,
        /// What went wrong.
        message: String,
    },
    /// A move that the game's kind does not allow (points in a game that is not scoring,
    /// a bonus turn in an impartial game).
    #[error("{origin}: move {number} from {} {problem}", .position.brief())]
    BadMove {
        /// Where the rules come from (a file name).
        origin: String,
        /// The position the move is from.
        position: Datum,
        /// The move's number, counted from 1.
        number: usize,
        /// What is wrong.
        problem: String,
    },
    /// A position repeats in a game not declared loopy.
    #[error("{origin}: position {} repeats (the game has a cycle): declare the game loopy to solve it with draws", .position.brief())]
    Cycle {
        /// Where the rules come from (a file name).
        origin: String,
        /// A position on the cycle: the one where it closes.
        position: Datum,
    },
    /// `components` gave a part from which the position it split is reached again: a part
    /// larger than the position, not a piece of it.
    #[error("{origin}: components({position}) returned the part {part}, from which that position is reached again: each part must be a smaller, independent piece of the position")]
    PartNotSmaller {
        /// Where the rules come from (a file name).
        origin: String,
        /// The position split, as errors quote positions ([`Datum::brief`]).
        position: String,
        /// The part that leads back to it, as errors quote positions.
        part: String,
    },
}

/// A position given to a game that is not one of its positions (see the module
/// `scripted::check`): the position, the game, what is wrong, and what the game's
/// positions are.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::{Datum, Malformed, Problem};
/// let err = Malformed {
///     position: Datum::Int(5),
///     game: "tic-tac-toe".into(),
///     problem: Problem::Type { found: "an integer".into() },
///     expected: Some("a string like its start \".........\"".into()),
/// };
/// assert!(err.wrong_type());
/// assert_eq!(
///     err.to_string(),
///     "bad position 5 for tic-tac-toe: expected a string like its start \".........\", found an integer"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The position given.
    pub position: Datum,
    /// The game's name.
    pub game: String,
    /// What is wrong with it.
    pub problem: Problem,
    /// What the game's positions are (their shape, like its start), when it has a start.
    pub expected: Option<String>,
}

/// What is wrong with a [`Malformed`] position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// Data of another kind than the game's positions (an integer where they are strings).
    Type {
        /// What the position is, as the game-file checker's `Shape` says it (`an integer`).
        found: String,
    },
    /// The game's `show` fails on it.
    Unshown,
    /// The game's `parse` refuses the text its `show` writes for it.
    Unread {
        /// The text `show` wrote.
        text: String,
    },
    /// The game's `parse` reads the text its `show` writes for it as another position.
    Misread {
        /// The position `parse` read.
        back: Datum,
    },
    /// A function of the rules that a search calls fails on it.
    Fails {
        /// Which: `moves`, `left`, `right`, `components` or `canonical`.
        function: &'static str,
    },
}

impl Malformed {
    /// True when the position is data of another kind than the game's positions (a type
    /// error, where a front end tells those apart).
    ///
    /// # Examples
    ///
    /// See [`Malformed`].
    pub fn wrong_type(&self) -> bool {
        matches!(self.problem, Problem::Type { .. })
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad position {} for {}: ",
            self.position.brief(),
            self.game
        )?;
        let expected = self.expected.as_deref();
        match &self.problem {
            Problem::Type { found } => {
                return write!(
                    f,
                    "expected {}, found {found}",
                    expected.unwrap_or("another kind of data")
                )
            }
            Problem::Unshown => f.write_str("its show function fails on it")?,
            Problem::Unread { text } => write!(
                f,
                "its parse function refuses the text its show function writes for it ({})",
                crate::text::quoted(text)
            )?,
            Problem::Misread { back } => write!(
                f,
                "its show and parse functions read it back as {}",
                back.brief()
            )?,
            Problem::Fails { function } => write!(f, "its {function} function fails on it")?,
        }
        match expected {
            Some(expected) => write!(f, "; expected {expected}"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Malformed {}
