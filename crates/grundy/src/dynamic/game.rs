//! The front door's one trait: [`DynGame`].

use super::datum::{Datum, DynMove};
use super::error::DynError;
use super::partizan::Partizan;
use super::solution::{Ask, Solution};
use super::value::{Kind, Value};
use crate::drawing::Drawing;
use crate::limits::Budget;
use crate::octal::TakeAndBreak;
use crate::value::Outcome;

/// A game behind one object-safe interface: positions are [`Datum`]s.
///
/// Implementations are `Send + Sync`: one `Arc<dyn DynGame>` serves many sessions, each
/// call locking nothing while it searches (see the adapter's `Adapter` for how tables are
/// kept).
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::catalog::builtin;
/// use grundy::dynamic::DynGame;
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

    /// The take-and-break code whose game this is (`0.77` or `kayles`, under either play),
    /// so that a front end may answer a misère sum of its heaps by the code's misère
    /// quotient; `None` (the default) for every other game, a game file included.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::{builtin, open_in};
    /// use grundy::dynamic::DynGame;
    /// use grundy::Play;
    /// let (kayles, _) = open_in(&["kayles".to_string(), "3".to_string()], Play::Misere).unwrap();
    /// assert_eq!(kayles.code().unwrap().to_string(), "0.77");
    /// assert!(builtin::nim().code().is_none());
    /// ```
    fn code(&self) -> Option<TakeAndBreak> {
        None
    }

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
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
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
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
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
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Ask, Datum, DynGame};
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
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
    /// let value = builtin::lasker().value(&Datum::ints([3]), &grundy::Budget::default()).unwrap();
    /// assert_eq!((value.nimber, value.remoteness), (Some(grundy::Nimber(4)), None));
    /// ```
    fn value(&self, pos: &Datum, budget: &Budget) -> Result<Value, DynError> {
        let mut value = self.solve(pos, budget)?.value;
        value.remoteness = None;
        Ok(value)
    }

    /// How `pos` looks, as data ([`Drawing`]: a grid, heaps or a graph), each
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
    /// use grundy::drawing::Drawing;
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
    /// let Some(Drawing::Heaps(heaps)) = builtin::nim().draw(&Datum::ints([2, 1])).unwrap() else {
    ///     panic!("nim draws heaps")
    /// };
    /// assert_eq!(heaps[0].clicks[1].as_deref(), Some("heap 1: 2 -> 1"));
    /// ```
    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, DynError> {
        let _ = pos;
        Ok(None)
    }

    /// The position that `numbers` name, for a game whose positions can be made from one or
    /// two integers (heaps, coordinates, a count): what tables of the game range over
    /// (the table module's `tabulate_game`). `None` when the game makes no positions from that
    /// many integers (the default).
    ///
    /// # Errors
    ///
    /// `Some(Err(DynError::Position))` when the integers are out of the game's range.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
    /// assert_eq!(builtin::nim().position_of(&[3, 5]), Some(Ok(Datum::ints([3, 5]))));
    /// assert_eq!(builtin::wythoff().position_of(&[3]), None);
    /// ```
    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, DynError>> {
        let _ = numbers;
        None
    }

    /// How the game ended at `pos`, a position with no moves, for the player to move, when
    /// the game says so itself: a board game whose full board is a draw. `None` (the
    /// default): the player who cannot move gets what [`DynGame::kind`]'s play convention
    /// gives.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
    /// assert_eq!(builtin::nim().ended(&Datum::ints([0])), None);
    /// ```
    fn ended(&self, pos: &Datum) -> Option<Outcome> {
        let _ = pos;
        None
    }

    /// The game's partizan side, when it is a partizan game ([`Kind::Partizan`]): Left's and
    /// Right's moves, components, canonical forms. `None` (the default) for every other
    /// game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::DynGame;
    /// assert!(builtin::nim().partizan().is_none());
    /// ```
    fn partizan(&self) -> Option<&dyn Partizan> {
        None
    }

    /// Gives back what earlier calls kept to answer later ones faster (their searches'
    /// tables); the next call searches afresh, with the same answers. A server calls it after
    /// each request of a game in progress, so that games left open hold no memory. The
    /// default keeps nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
    /// use grundy::Budget;
    /// let game = builtin::nim();
    /// let before = game.value(&Datum::ints([3, 5, 7]), &Budget::default()).unwrap();
    /// game.forget();
    /// assert_eq!(game.value(&Datum::ints([3, 5, 7]), &Budget::default()).unwrap(), before);
    /// ```
    fn forget(&self) {}

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
