//! One front door for every game: positions as plain data, every solver behind one trait.
//!
//! A front end (the command line's `solve` and `play`, a web playground, the Python package,
//! a game file's interpreter) holds an `Arc<dyn DynGame>` and never sees a game's types:
//! positions are [`Datum`]s (integers, strings, booleans, lists of them; JSON maps onto
//! them directly), moves are [`DynMove`]s with a label in the game's own notation, and
//! [`DynGame::solve`] answers with a [`Solution`]: the value of the position (outcome,
//! remoteness, nimber or exact score, as the game's [`Kind`] allows), every move with its
//! value for the mover, the optimal moves and a principal line.
//!
//! Any [`crate::Game`] becomes a `DynGame` through [`adapter::Adapter`] and a small
//! [`adapter::Notation`] (position to and from a `Datum`, text, move labels);
//! [`builtin`] does that for every game of the library. The adapter runs the generic
//! engine (memo search, Grundy solver, retrograde analysis), never a closed form, and
//! keeps its tables between calls, so a play session that asks about many positions of one
//! game searches each position once.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{Budget, SolveError};
use crate::value::{Nimber, Outcome, Play};

pub mod adapter;
pub mod builtin;
pub mod callback;
pub mod drawing;
pub mod partizan;
pub mod session;
mod solution;

pub use solution::{Ask, MoveCounts, MoveValue, Solution, LISTED_MOVES};

/// A position as plain data: what a front end stores, sends and compares.
///
/// Serialized untagged, so JSON is natural: `[3, 5, 7]` is a list of three integers.
/// `Display` writes the same JSON-like text.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Datum;
/// let heaps = Datum::ints([3, 5, 7]);
/// assert_eq!(heaps.to_string(), "[3, 5, 7]");
/// let back: Datum = serde_json::from_str("[3, 5, 7]").unwrap();
/// assert_eq!(back, heaps);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Datum {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
    /// A list of data.
    List(Vec<Datum>),
}

impl Datum {
    /// A list of integers.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::ints([1, 2]), Datum::List(vec![Datum::Int(1), Datum::Int(2)]));
    /// ```
    pub fn ints<I: IntoIterator<Item = i64>>(values: I) -> Datum {
        Datum::List(values.into_iter().map(Datum::Int).collect())
    }

    /// The integer, if this is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::Int(4).as_int(), Some(4));
    /// assert_eq!(Datum::Bool(true).as_int(), None);
    /// ```
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Datum::Int(value) => Some(*value),
            _ => None,
        }
    }

    /// The items, if this is a list.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::ints([7]).as_list().map(|l| l.len()), Some(1));
    /// ```
    pub fn as_list(&self) -> Option<&[Datum]> {
        match self {
            Datum::List(items) => Some(items),
            _ => None,
        }
    }

    /// The datum as an error message quotes it: whole when its text is at most 64
    /// characters, else its first 64 characters and its length (the cut of
    /// [`crate::text::quoted`]), so a huge position never floods a message.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// assert_eq!(Datum::ints([1, 2]).brief(), "[1, 2]");
    /// let long = Datum::ints(vec![1; 1000]).brief();
    /// assert!(long.starts_with("[1, 1, ") && long.ends_with("... (3000 bytes)"), "{long}");
    /// ```
    pub fn brief(&self) -> String {
        const SHOWN: usize = 64;
        let text = self.to_string();
        if text.chars().count() <= SHOWN {
            return text;
        }
        let prefix: String = text.chars().take(SHOWN).collect();
        format!("{prefix}... ({} bytes)", text.len())
    }

    /// About how many bytes the datum takes in memory: each node and each string's bytes.
    /// A front end multiplies it by a move count to bound a move list before listing it.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// let node = std::mem::size_of::<Datum>() as u64;
    /// assert_eq!(Datum::ints([1, 2]).weight(), 3 * node);
    /// assert_eq!(Datum::Str("abc".into()).weight(), node + 3);
    /// ```
    pub fn weight(&self) -> u64 {
        let node = std::mem::size_of::<Datum>() as u64;
        match self {
            Datum::Bool(_) | Datum::Int(_) => node,
            Datum::Str(text) => node + text.len() as u64,
            Datum::List(items) => items.iter().fold(node, |sum, item| sum + item.weight()),
        }
    }
}

impl fmt::Display for Datum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Datum::Bool(value) => write!(f, "{value}"),
            Datum::Int(value) => write!(f, "{value}"),
            Datum::Str(text) => write!(f, "{text:?}"),
            Datum::List(items) => {
                f.write_str("[")?;
                for (item_idx, item) in items.iter().enumerate() {
                    if item_idx > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// What values a game has, which decides what [`DynGame::solve`] reports.
///
/// Serialized with a `kind` tag: `{"kind": "impartial", "play": "normal"}`.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Kind;
/// use grundy::Play;
/// let kind = Kind::Impartial { play: Play::Normal };
/// assert!(kind.has_nimbers());
/// assert_eq!(kind.to_string(), "impartial, normal play");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Kind {
    /// Both players have the same moves, no points, no bonus turns: outcomes with
    /// remoteness, and nimbers under normal play.
    Impartial {
        /// Normal or misère play.
        play: Play,
    },
    /// Win or loss only (moves may differ by whose turn it is, or grant bonus turns):
    /// outcomes with remoteness.
    WinLoss {
        /// What a player who cannot move gets.
        play: Play,
    },
    /// Moves earn points; the value is the exact best points difference for the mover
    /// (a positive difference is a win, a negative one a loss, a tie is reported as a draw).
    Scoring,
    /// Positions may repeat: win, loss or draw by retrograde analysis (no remoteness).
    Loopy {
        /// What a player who cannot move gets.
        play: Play,
    },
    /// Left and Right have moves of their own and a position has no player to move (a
    /// game file's `left` and `right`): the value is a canonical form
    /// ([`partizan::Partizan`]), under normal play.
    Partizan,
}

impl Kind {
    /// True when positions have nimbers (impartial games under normal play).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Kind;
    /// assert!(!Kind::Impartial { play: grundy::Play::Misere }.has_nimbers());
    /// ```
    pub fn has_nimbers(&self) -> bool {
        matches!(self, Kind::Impartial { play: Play::Normal })
    }

    /// The play convention (scoring games end by score: [`Play::Normal`] is reported).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Kind;
    /// use grundy::Play;
    /// assert_eq!(Kind::WinLoss { play: Play::Misere }.play(), Play::Misere);
    /// ```
    pub fn play(&self) -> Play {
        match self {
            Kind::Impartial { play } | Kind::WinLoss { play } | Kind::Loopy { play } => *play,
            Kind::Scoring | Kind::Partizan => Play::Normal,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let play = |play: &Play| match play {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        };
        match self {
            Kind::Impartial { play: p } => write!(f, "impartial, {}", play(p)),
            Kind::WinLoss { play: p } => write!(f, "win/loss, {}", play(p)),
            Kind::Scoring => f.write_str("scoring"),
            Kind::Partizan => f.write_str("partizan"),
            Kind::Loopy { play: p } => write!(f, "loopy, {}", play(p)),
        }
    }
}

/// A move: its label in the game's notation, where it leads, its points and bonus turn.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::{Datum, DynMove};
/// let mv = DynMove { label: "heap 1: 3 -> 2".into(), to: Datum::ints([2]), points: 0, again: false };
/// assert_eq!(mv.to, Datum::ints([2]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DynMove {
    /// How a person names the move (short, unique among a position's moves).
    pub label: String,
    /// The position after the move, seen from the player then to move.
    pub to: Datum,
    /// Points the mover earns (scoring games only; 0 otherwise).
    pub points: i64,
    /// True when the mover moves again.
    pub again: bool,
}

/// The value of a position (for the player to move) or of a move (for the mover).
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Value;
/// use grundy::Outcome;
/// let v = Value::outcome(Outcome::Win);
/// assert_eq!((v.remoteness, v.nimber, v.score), (None, None, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    /// Win, loss or draw.
    pub outcome: Outcome,
    /// Moves to the end under best play (the winner hurries, the loser delays); `None` for
    /// loopy and scoring games, and for sums too large to search whole (see
    /// [`adapter::REMOTENESS_POSITIONS`]).
    pub remoteness: Option<u64>,
    /// The nimber (impartial games under normal play): of the position itself, or, for a
    /// move, of the position it leads to.
    pub nimber: Option<Nimber>,
    /// The exact best points difference (scoring games).
    pub score: Option<i64>,
}

impl Value {
    /// A bare outcome.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::dynamic::Value::outcome(grundy::Outcome::Draw).outcome, grundy::Outcome::Draw);
    /// ```
    pub fn outcome(outcome: Outcome) -> Value {
        Value {
            outcome,
            remoteness: None,
            nimber: None,
            score: None,
        }
    }
}

impl fmt::Display for Value {
    /// `win in 3`, `loss in 4`, `draw`, `score +2`, with ` (*1)` for a nimber.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            Some(score) => write!(f, "score {score:+}")?,
            None => {
                write!(f, "{}", self.outcome)?;
                if let Some(moves) = self.remoteness {
                    write!(f, " in {moves}")?;
                }
            }
        }
        if let Some(nimber) = self.nimber {
            write!(f, " ({nimber})")?;
        }
        Ok(())
    }
}

/// Why a [`DynGame`] call failed.
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
    Malformed(Box<callback::Malformed>),
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
    Rules(#[from] callback::RulesError),
    /// A partizan game was asked for what needs a player to move (its moves, an outcome
    /// for the mover): its positions have none, its value is a canonical form.
    #[error("a partizan game's position has no player to move: its value is a canonical form (grundy solve shows it; Left's and Right's moves are listed apart)")]
    NoTurn,
    /// A value does not fit the partizan algebra's numbers.
    #[error(transparent)]
    Cgt(#[from] crate::cgt::CgtError),
}

/// A game behind one object-safe interface: positions are [`Datum`]s.
///
/// Implementations are `Send + Sync`: one `Arc<dyn DynGame>` serves many sessions, each
/// call locking nothing while it searches (see [`adapter::Adapter`] for how tables are
/// kept).
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::dynamic::{builtin, DynGame};
/// use grundy::Budget;
/// let game: Arc<dyn DynGame> = builtin::nim();
/// let pos = game.parse("1 2").unwrap();
/// let reply = game.play(&pos, "1 1").unwrap(); // by the position it leads to
/// assert_eq!(game.show(&reply.to).unwrap(), "1 1");
/// let sol = game.solve(&reply.to, &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, grundy::Outcome::Loss);
/// ```
pub trait DynGame: Send + Sync {
    /// The game's name with its parameters, e.g. `subtraction 1,3,4`.
    fn name(&self) -> String;

    /// One line saying what the game is.
    fn description(&self) -> String;

    /// What values it has.
    fn kind(&self) -> Kind;

    /// The usual start position, when the game has one.
    fn start(&self) -> Option<Datum>;

    /// Reads a position from text (heaps as `3 5 7`; boards as the game documents), checked
    /// as [`DynGame::check`] checks data.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] naming the bad word or line; [`DynError::Malformed`] when a
    /// game defined by rules reads the text as data that is not one of its positions.
    fn parse(&self, text: &str) -> Result<Datum, DynError>;

    /// Checks that `pos` is a position of the game and returns it in normal form: what a
    /// front end calls on every position it is given as data, before using it ([`DynGame::parse`]
    /// checks what it reads).
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] saying what is wrong; for a game defined by rules (a game
    /// file), [`DynError::Malformed`] naming the position and what the game's positions
    /// are.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::{builtin, Datum, DynGame};
    /// assert_eq!(builtin::nim().check(&Datum::ints([3, 5])).unwrap(), Datum::ints([3, 5]));
    /// assert!(builtin::nim().check(&Datum::ints([-1])).is_err());
    /// ```
    fn check(&self, pos: &Datum) -> Result<Datum, DynError>;

    /// The position as text (parsed back by [`DynGame::parse`]); boards may take many lines.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] when `pos` is not a position of the game.
    fn show(&self, pos: &Datum) -> Result<String, DynError>;

    /// Every move from `pos`, in the game's order (none: the player to move cannot move).
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] when `pos` is not a position of the game.
    fn moves(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError>;

    /// An upper bound on the moves of `pos`, known without listing them, when the game
    /// has one ([`crate::model::Game::max_moves`]); `None` by default. A front end checks it
    /// against what it can show before calling [`DynGame::moves`].
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] when `pos` is not a position of the game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::{builtin, Datum, DynGame};
    /// assert_eq!(builtin::nim().max_moves(&Datum::ints([3, 5])).unwrap(), Some(8));
    /// ```
    fn max_moves(&self, pos: &Datum) -> Result<Option<u64>, DynError> {
        let _ = pos;
        Ok(None)
    }

    /// Solves `pos` within `budget`.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] for a bad position, [`DynError::Solve`] when the solver
    /// refuses (too large, a cycle in a game not declared loopy) or is interrupted.
    fn solve(&self, pos: &Datum, budget: &Budget) -> Result<Solution, DynError> {
        self.solve_with(pos, budget, Ask::default())
    }

    /// Solves `pos` within `budget`, computing what `ask` asks for beyond the value.
    ///
    /// # Errors
    ///
    /// As [`DynGame::solve`]; with `ask.remoteness`, also when the whole-game search for
    /// remoteness does not fit the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::{builtin, Ask, Datum, DynGame};
    /// let sol = builtin::nim()
    ///     .solve_with(&Datum::ints([1, 2]), &grundy::Budget::default(), Ask { remoteness: true, ..Ask::default() })
    ///     .unwrap();
    /// assert_eq!(sol.line.len(), 3);
    /// ```
    fn solve_with(&self, pos: &Datum, budget: &Budget, ask: Ask) -> Result<Solution, DynError>;

    /// The value of `pos` alone (no moves, no remoteness, no line): what a table asks for.
    /// A game's engine keeps its tables between calls, so the values of many positions
    /// share one search.
    ///
    /// # Errors
    ///
    /// As [`DynGame::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::{builtin, Datum, DynGame};
    /// let value = builtin::lasker().value(&Datum::ints([3]), &grundy::Budget::default()).unwrap();
    /// assert_eq!((value.nimber, value.remoteness), (Some(grundy::Nimber(4)), None));
    /// ```
    fn value(&self, pos: &Datum, budget: &Budget) -> Result<Value, DynError> {
        let mut value = self.solve(pos, budget)?.value;
        value.remoteness = None;
        Ok(value)
    }

    /// How `pos` looks, as data ([`drawing::Drawing`]: a grid, heaps or a graph), each
    /// part naming the move a click on it makes; every front end renders it. `None` for a
    /// game that does not draw (the default): front ends show [`DynGame::show`]'s text.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] for a bad position; [`DynError::Rules`] when a game file's
    /// `draw` fails or returns a drawing that is not one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::drawing::Drawing;
    /// use grundy::dynamic::{builtin, Datum, DynGame};
    /// let Some(Drawing::Heaps(heaps)) = builtin::nim().draw(&Datum::ints([2, 1])).unwrap() else {
    ///     panic!("nim draws heaps")
    /// };
    /// assert_eq!(heaps[0].clicks[1].as_deref(), Some("heap 1: 2 -> 1"));
    /// ```
    fn draw(&self, pos: &Datum) -> Result<Option<drawing::Drawing>, DynError> {
        let _ = pos;
        Ok(None)
    }

    /// The position that `numbers` name, for a game whose positions can be made from one or
    /// two integers (heaps, coordinates, a count): what tables of the game range over
    /// ([`crate::table::tabulate_game`]). `None` when the game makes no positions from that
    /// many integers (the default).
    ///
    /// # Errors
    ///
    /// `Some(Err(DynError::Position))` when the integers are out of the game's range.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::{builtin, Datum, DynGame};
    /// assert_eq!(builtin::nim().position_of(&[3, 5]), Some(Ok(Datum::ints([3, 5]))));
    /// assert_eq!(builtin::wythoff().position_of(&[3]), None);
    /// ```
    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, DynError>> {
        let _ = numbers;
        None
    }

    /// The game's partizan side, when it is a partizan game ([`Kind::Partizan`]): Left's and
    /// Right's moves, components, canonical forms. `None` (the default) for every other
    /// game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::{builtin, DynGame};
    /// assert!(builtin::nim().partizan().is_none());
    /// ```
    fn partizan(&self) -> Option<&dyn partizan::Partizan> {
        None
    }

    /// The move a person means by `choice`: a move's label (spaces do not matter), else its
    /// number counted from 1, else the text of the position it leads to.
    ///
    /// # Errors
    ///
    /// [`DynError::NoSuchMove`] when nothing matches; [`DynError::Position`] for a bad
    /// position.
    fn play(&self, pos: &Datum, choice: &str) -> Result<DynMove, DynError> {
        let moves = self.moves(pos)?;
        let squeeze = |text: &str| text.split_whitespace().collect::<String>();
        let wanted = squeeze(choice);
        if let Some(mv) = moves.iter().find(|m| squeeze(&m.label) == wanted) {
            return Ok(mv.clone());
        }
        if let Ok(number) = choice.trim().parse::<usize>() {
            if (1..=moves.len()).contains(&number) {
                return Ok(moves[number - 1].clone());
            }
        }
        if let Ok(target) = self.parse(choice) {
            if let Some(mv) = moves.iter().find(|m| m.to == target) {
                return Ok(mv.clone());
            }
        }
        Err(DynError::NoSuchMove {
            choice: choice.trim().to_string(),
            count: moves.len(),
        })
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod limits_tests;
