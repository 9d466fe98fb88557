//! A game against perfect play, as every front end (the terminal's `grundy play`, the web
//! playground) runs it: the positions played, whose turn it is, the points each side has
//! earned, undo, swapping sides, and the engine's reply.
//!
//! A [`Session`] holds no I/O: a front end asks it for the position and the moves with their
//! values ([`Session::solution`]), hands it the person's choice ([`Session::play`]), lets the
//! engine reply ([`Session::reply`]) and renders what it returns. The engine's reply is the
//! first of [`Solution::optimal`]: the quickest win, the longest resistance when losing, or
//! the best score, so the reply is the same each time.

use std::sync::Arc;

use super::misere::Hints;
use super::record::mark_taken;
use crate::drawing::Drawing;
use crate::dynamic::{Datum, DynError, DynGame, DynMove, Kind, Solution};
use crate::limits::Budget;
use crate::value::Outcome;

pub use super::misere::Hint;
pub use super::record::{End, Played, Side};

/// A game of a person against perfect play.
///
/// # Examples
///
/// Nim with heaps 1 and 2: the person moves first and leaves 1 1, a loss for the engine; the
/// engine takes one heap, the person the other, and wins.
///
/// ```
/// use grundy::play::session::{Session, Side};
/// use grundy::catalog::builtin;
/// use grundy::dynamic::DynGame;
/// use grundy::Budget;
/// let game = builtin::nim();
/// let start = game.parse("1 2").unwrap();
/// let mut session = Session::new(game, start, Side::Person);
/// session.play("1 1").unwrap();
/// assert_eq!(session.to_move(), Side::Engine);
/// session.reply(&Budget::default()).unwrap();
/// session.play("1").unwrap(); // the only move left, by its number
/// let end = session.end().unwrap().unwrap();
/// assert_eq!(end.winner, Some(Side::Person));
/// session.undo();
/// assert_eq!(session.to_move(), Side::Person);
/// ```
pub struct Session {
    game: Arc<dyn DynGame>,
    start: Datum,
    first: Side,
    history: Vec<Played>,
    hints: Hints,
}

impl Session {
    /// A new game of `game` from `start`, with `first` to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([3]), Side::Engine);
    /// assert_eq!(session.to_move(), Side::Engine);
    /// ```
    pub fn new(game: Arc<dyn DynGame>, start: Datum, first: Side) -> Session {
        let hints = Hints::new(&*game, &start);
        Session {
            game,
            start,
            first,
            history: Vec::new(),
            hints,
        }
    }

    /// The game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// assert_eq!(session.game().name(), "nim");
    /// ```
    pub fn game(&self) -> &Arc<dyn DynGame> {
        &self.game
    }

    /// The current position.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// assert_eq!(session.position(), &Datum::ints([3]));
    /// ```
    pub fn position(&self) -> &Datum {
        self.history.last().map_or(&self.start, |p| &p.mv.to)
    }

    /// The moves played so far, oldest first.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// assert!(session.history().is_empty());
    /// ```
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// Who is to move: the side that moved last moves again after a bonus turn.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// assert_eq!(session.to_move(), Side::Person);
    /// ```
    pub fn to_move(&self) -> Side {
        self.holder(*self.seats().last().unwrap_or(&0))
    }

    /// The seat (0: the player who moved first, 1: the other) to move before each move
    /// played and after the last: a bonus turn keeps the seat.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// session.play("1").unwrap();
    /// assert_eq!(session.seats(), vec![0, 1]);
    /// ```
    pub fn seats(&self) -> Vec<u8> {
        let mut seat = 0;
        let mut res = vec![seat];
        for played in &self.history {
            if !played.mv.again {
                seat ^= 1;
            }
            res.push(seat);
        }
        res
    }

    /// Who holds `seat` now.
    fn holder(&self, seat: u8) -> Side {
        if seat == 0 {
            self.first
        } else {
            self.first.other()
        }
    }

    /// The points each side has earned: (person, engine).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// assert_eq!(session.points(), (0, 0));
    /// ```
    pub fn points(&self) -> (i64, i64) {
        // Points belong to the seats: after a swap, each side holds the other's.
        self.history
            .iter()
            .zip(self.seats())
            .fold((0, 0), |(person, engine), (p, seat)| {
                match self.holder(seat) {
                    Side::Person => (person + p.mv.points, engine),
                    Side::Engine => (person, engine + p.mv.points),
                }
            })
    }

    /// The current position solved: every move with its value for the side to move (all
    /// of them, numbered as [`Session::moves`] numbers them), the optimal ones and a
    /// principal line when the search gives one (what a hint shows). A sum of heaps of a
    /// code under misère play is answered by the code's misère quotient (see [`Hint`]).
    ///
    /// # Errors
    ///
    /// As [`DynGame::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// use grundy::{Budget, Outcome};
    /// let session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// let hint = session.solution(&Budget::default()).unwrap();
    /// assert_eq!(hint.value.outcome, Outcome::Win);
    /// ```
    pub fn solution(&self, budget: &Budget) -> Result<Solution, DynError> {
        Ok(self.hint(budget)?.solution)
    }

    /// The current position solved as [`Session::solution`] solves it, with the reasons:
    /// a misère sum of a code's heaps is answered by the code's misère quotient for heaps up
    /// to the start's largest (computed on the first hint, within the analysis' time for
    /// it), and explained by it; past it, or when it is not found in time, the search
    /// answers and the reasons say why.
    ///
    /// # Errors
    ///
    /// As [`DynGame::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::open_in;
    /// use grundy::play::session::{Session, Side};
    /// use grundy::{Budget, Play};
    /// let (game, start) = open_in(&["kayles", "2", "2", "1"].map(String::from), Play::Misere).unwrap();
    /// let hint = Session::new(game, start, Side::Person).hint(&Budget::default()).unwrap();
    /// assert_eq!(hint.why()[2], "winning moves, each leaving a product in the P-portion: a heap of 1 -> nothing (product b^2)");
    /// ```
    pub fn hint(&self, budget: &Budget) -> Result<Hint, DynError> {
        self.hints.hint(&*self.game, self.position(), budget)
    }

    /// The current position's drawing ([`DynGame::draw`]), with what the game's history
    /// adds: in a scoring game, a square that a move earning points turned
    /// `Fill::Marked` (a box of Dots-and-Boxes) is shown as its player's (`Fill::First` for
    /// the player who moved first, `Fill::Second` for the other), since the position itself
    /// does not record who took it.
    ///
    /// # Errors
    ///
    /// As [`DynGame::draw`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// use grundy::drawing::Drawing;
    /// let session = Session::new(builtin::nim(), Datum::ints([3, 1]), Side::Person);
    /// let Some(Drawing::Heaps(heaps)) = session.drawing().unwrap() else { unreachable!() };
    /// assert_eq!(heaps[0].size, 3);
    /// ```
    pub fn drawing(&self) -> Result<Option<Drawing>, DynError> {
        let drawing = self.game.draw(self.position())?;
        if self.game.kind() != Kind::Scoring || self.history.is_empty() {
            return Ok(drawing);
        }
        mark_taken(
            &*self.game,
            &self.start,
            &self.history,
            &self.seats(),
            drawing,
        )
    }

    /// The moves from the current position (none once the game is over).
    ///
    /// # Errors
    ///
    /// As [`DynGame::moves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([2]), Side::Person);
    /// assert_eq!(session.moves().unwrap().len(), 2);
    /// ```
    pub fn moves(&self) -> Result<Vec<DynMove>, DynError> {
        if self.repeated() {
            return Ok(Vec::new());
        }
        self.game.moves(self.position())
    }

    /// Plays the person's `choice` (a label, a number from 1, or the position reached).
    ///
    /// # Errors
    ///
    /// [`DynError::NoSuchMove`] when nothing matches (the session is unchanged), and
    /// [`DynError::NoSuchMove`] too when it is the engine's turn or the game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([2]), Side::Person);
    /// assert!(session.play("9").is_err());
    /// assert_eq!(session.play("0").unwrap().to, Datum::ints([0]));
    /// ```
    pub fn play(&mut self, choice: &str) -> Result<DynMove, DynError> {
        let count = self.moves()?.len();
        if self.to_move() != Side::Person || count == 0 {
            return Err(DynError::NoSuchMove {
                choice: choice.trim().to_string(),
                count: if self.to_move() == Side::Person {
                    count
                } else {
                    0
                },
            });
        }
        let mv = self.game.play(self.position(), choice)?;
        self.history.push(Played {
            side: Side::Person,
            mv: mv.clone(),
        });
        Ok(mv)
    }

    /// Lets the engine play its move: the first optimal move of the current position.
    /// `None` when it is not the engine's turn or the game is over.
    ///
    /// # Errors
    ///
    /// As [`DynGame::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// use grundy::Budget;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([3, 1]), Side::Engine);
    /// let reply = session.reply(&Budget::default()).unwrap().unwrap();
    /// assert_eq!(reply.to, Datum::ints([1, 1]));
    /// ```
    pub fn reply(&mut self, budget: &Budget) -> Result<Option<DynMove>, DynError> {
        if self.to_move() != Side::Engine || self.moves()?.is_empty() {
            return Ok(None);
        }
        let solution = self.solution(budget)?;
        let Some(&best) = solution.optimal.first() else {
            return Ok(None);
        };
        let mv = solution.moves[best].mv.clone();
        self.history.push(Played {
            side: Side::Engine,
            mv: mv.clone(),
        });
        Ok(Some(mv))
    }

    /// Takes back moves until it is the person's turn again with at least one of the
    /// person's moves undone (or to the start). Returns how many moves were taken back.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// use grundy::Budget;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([3, 1]), Side::Person);
    /// session.play("1").unwrap();
    /// session.reply(&Budget::default()).unwrap();
    /// assert_eq!(session.undo(), 2);
    /// assert_eq!(session.position(), &Datum::ints([3, 1]));
    /// ```
    pub fn undo(&mut self) -> usize {
        let before = self.history.len();
        while let Some(last) = self.history.pop() {
            if last.side == Side::Person && self.to_move() == Side::Person {
                break;
            }
        }
        while self.to_move() != Side::Person && !self.history.is_empty() {
            self.history.pop();
        }
        before - self.history.len()
    }

    /// Changes sides: the person takes the side of the player to move's opponent, so the
    /// engine now plays for the side that was the person's.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// session.swap();
    /// assert_eq!(session.to_move(), Side::Engine);
    /// ```
    pub fn swap(&mut self) {
        // The moves played keep who played them (issue 23: the history relabelled the
        // engine's moves as the person's); the seats change hands.
        self.first = self.first.other();
    }

    /// Plays `choice` for whichever side is to move (two people at one board, an engine
    /// against itself, a move replayed after going back).
    ///
    /// # Errors
    ///
    /// [`DynError::NoSuchMove`] when nothing matches or the game is over (the session is
    /// unchanged).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([3]), Side::Engine);
    /// assert_eq!(session.play_either("1").unwrap().to, Datum::ints([0]));
    /// assert_eq!(session.history()[0].side, Side::Engine);
    /// ```
    pub fn play_either(&mut self, choice: &str) -> Result<DynMove, DynError> {
        let side = self.to_move();
        if self.moves()?.is_empty() {
            return Err(DynError::NoSuchMove {
                choice: choice.trim().to_string(),
                count: 0,
            });
        }
        let mv = self.game.play(self.position(), choice)?;
        self.history.push(Played {
            side,
            mv: mv.clone(),
        });
        Ok(mv)
    }

    /// Goes back to the position after the first `len` moves (all of them when there are
    /// fewer); returns the moves taken back, oldest first.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// session.play("2").unwrap();
    /// assert_eq!(session.rewind(0).len(), 1);
    /// assert_eq!(session.position(), &Datum::ints([3]));
    /// ```
    pub fn rewind(&mut self, len: usize) -> Vec<Played> {
        self.history.split_off(len.min(self.history.len()))
    }

    /// Starts again from the start position, with the same side first.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let mut session = Session::new(builtin::nim(), Datum::ints([3]), Side::Person);
    /// session.play("1").unwrap();
    /// session.restart();
    /// assert!(session.history().is_empty());
    /// ```
    pub fn restart(&mut self) {
        self.history.clear();
    }

    /// How the game ended, or `None` while it goes on.
    ///
    /// A player who cannot move loses under normal play and wins under misère play, unless
    /// the game says how it ended ([`DynGame::ended`]: a full board drawn); a scoring game is won on points (equal points are a draw); a loopy game is called a
    /// draw once a drawn position comes back with the same side to move, and once any
    /// position comes back a third time.
    ///
    /// # Errors
    ///
    /// As [`DynGame::moves`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::{Session, Side};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::Datum;
    /// let session = Session::new(builtin::nim(), Datum::ints([0]), Side::Person);
    /// assert_eq!(session.end().unwrap().unwrap().winner, Some(Side::Engine));
    /// ```
    pub fn end(&self) -> Result<Option<End>, DynError> {
        let (person_points, engine_points) = self.points();
        let repeated = self.repeated();
        if !repeated && !self.game.moves(self.position())?.is_empty() {
            return Ok(None);
        }
        let stuck = self.to_move();
        let winner = if repeated {
            None
        } else {
            match self.game.kind() {
                Kind::Scoring => match person_points.cmp(&engine_points) {
                    std::cmp::Ordering::Greater => Some(Side::Person),
                    std::cmp::Ordering::Less => Some(Side::Engine),
                    std::cmp::Ordering::Equal => None,
                },
                kind => match self
                    .game
                    .ended(self.position())
                    .unwrap_or(kind.play().terminal())
                {
                    Outcome::Win => Some(stuck),
                    Outcome::Loss => Some(stuck.other()),
                    Outcome::Draw => None,
                },
            }
        };
        Ok(Some(End {
            winner,
            person_points,
            engine_points,
            repeated,
        }))
    }

    /// True when a loopy game is over by repetition: its current position, with the same
    /// side to move, has come back and the solved value says neither side can force a win
    /// from it, or it has come back a third time whatever the value (a player who repeats a
    /// won position has let the win go, as chess's threefold rule says).
    fn repeated(&self) -> bool {
        if !matches!(self.game.kind(), Kind::Loopy { .. }) {
            return false;
        }
        // Every position of the game so far with its side to move, the start first.
        let positions = std::iter::once(&self.start).chain(self.history.iter().map(|p| &p.mv.to));
        let seen: Vec<(&Datum, u8)> = positions.zip(self.seats()).collect();
        let now = *seen.last().expect("the start is seen");
        match seen.iter().filter(|&&at| at == now).count() {
            0 | 1 => false,
            2 => self.is_drawn(),
            _ => true,
        }
    }

    /// True when the current position's solved value is a draw. A search that fails (past
    /// the default budget) says nothing, and the threefold rule still ends the game.
    fn is_drawn(&self) -> bool {
        let value = self.game.value(self.position(), &Budget::default());
        matches!(value, Ok(value) if value.outcome == Outcome::Draw)
    }
}

#[cfg(test)]
mod tests;
