//! Partizan games given by rules: Left's and Right's moves from a position with no player
//! to move, solved to canonical forms in a [`crate::cgt::Arena`].
//!
//! A [`PartizanGame`] wraps any [`Rules`] (a game file with `left` and `right`, or an
//! impartial one read with both players given its moves) as a [`DynGame`] of
//! [`Kind::Partizan`]. Its turn-based calls ([`DynGame::moves`], [`DynGame::solve`]) answer
//! [`DynError::NoTurn`]; [`DynGame::partizan`] gives the [`Partizan`] side: each player's
//! moves, the components, and the canonical form of a position. The search (`search.rs`)
//! is memoized by position, so a component met in many sums is valued once, and it keeps
//! its tables between calls as the other engines do (taken out for a call, put back).
//! [`crate::analysis::partizan`] builds the answers front ends show on it.

use std::sync::{Mutex, PoisonError};

use super::rules::{checked_drawing, position_of, GameInfo, Rules};
use crate::cgt::{Arena, GameId};
use crate::drawing::Drawing;
use crate::dynamic::partizan::{Partizan, Side};
use crate::dynamic::{Ask, Datum, DynError, DynGame, DynMove, Kind, RulesError, Solution};
use crate::limits::Budget;

mod search;
#[cfg(test)]
mod tests;

use search::{Caller, Search};

/// [`Rules`] as a partizan game: Left's moves are `rules.options(pos, Left)`, Right's
/// `rules.options(pos, Right)`.
///
/// # Examples
///
/// Blue-Red Hackenbush on a string of edges (`true` blue, Left's), from the ground up: a
/// player cuts one of their edges and everything above it.
///
/// ```
/// use grundy::cgt::Arena;
/// use grundy::scripted::{GameInfo, RuleMove, Rules};
/// use grundy::dynamic::partizan::Side;
/// use grundy::scripted::PartizanGame;
/// use grundy::dynamic::{Datum, DynGame, Kind};
/// use grundy::Budget;
///
/// struct Hackenbush;
/// impl Rules for Hackenbush {
///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
///         Err("a partizan game".into())
///     }
///     fn options(&self, pos: &Datum, side: Side, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let edges = pos.as_list().ok_or("a list of edges")?;
///         for (at, edge) in edges.iter().enumerate() {
///             if *edge == Datum::Bool(side == Side::Left) {
///                 out.push(RuleMove::to(Datum::List(edges[..at].to_vec())));
///             }
///         }
///         Ok(())
///     }
/// }
/// let game = PartizanGame::new(Hackenbush, GameInfo::new("hackenbush", Kind::Partizan));
/// let string = Datum::List(vec![Datum::Bool(true), Datum::Bool(false), Datum::Bool(true)]);
/// let mut arena = Arena::new();
/// let partizan = game.partizan().unwrap();
/// let g = partizan.canonical(&string, &mut arena, &Budget::default()).unwrap();
/// assert_eq!(arena.display(g), "3/4"); // blue, red, blue: 1 - 1/2 + 1/4
/// ```
pub struct PartizanGame<R: Rules> {
    rules: R,
    info: GameInfo,
    /// The search's tables between calls (`None` while a call holds them: a second call
    /// meanwhile starts from empty tables).
    search: Mutex<Option<Search>>,
}

impl<R: Rules> PartizanGame<R> {
    /// `rules` as a partizan game described by `info` (its kind is [`Kind::Partizan`]
    /// whatever `info` says).
    ///
    /// # Examples
    ///
    /// See [`PartizanGame`].
    pub fn new(rules: R, info: GameInfo) -> Self {
        PartizanGame {
            rules,
            info: GameInfo {
                kind: Kind::Partizan,
                ..info
            },
            search: Mutex::new(Some(Search::new())),
        }
    }

    fn caller(&self) -> Caller<'_, R> {
        Caller {
            rules: &self.rules,
            components: self.rules.has_components(),
            origin: &self.info.origin,
        }
    }

    fn shown(&self, pos: &Datum) -> Result<String, DynError> {
        self.rules.show(pos).map_err(|message| {
            RulesError::Callback {
                function: "show",
                position: pos.clone(),
                message,
            }
            .into()
        })
    }
}

impl<R: Rules> Partizan for PartizanGame<R> {
    fn options(&self, pos: &Datum, side: Side) -> Result<Vec<DynMove>, DynError> {
        let moves = search::options(&self.caller(), pos, side, true, &Budget::default())?;
        moves
            .into_iter()
            .map(|mv| {
                Ok(DynMove {
                    label: match mv.label {
                        Some(label) => label,
                        None => self.shown(&mv.to)?,
                    },
                    to: mv.to,
                    points: 0,
                    again: false,
                })
            })
            .collect()
    }

    fn components(&self, pos: &Datum) -> Result<Vec<Datum>, DynError> {
        let mut parts = Vec::new();
        self.rules
            .components(pos, &mut parts)
            .map_err(|message| RulesError::Callback {
                function: "components",
                position: pos.clone(),
                message,
            })?;
        Ok(parts)
    }

    fn canonical(
        &self,
        pos: &Datum,
        arena: &mut Arena,
        budget: &Budget,
    ) -> Result<GameId, DynError> {
        let taken = self
            .search
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let mut search = taken.unwrap_or_else(Search::new);
        let value = search.value(&self.caller(), pos, budget);
        // A failed search may hold open positions: it is dropped, never reused.
        let value = value?;
        let res = arena.import(&mut search.arena, value)?;
        *self.search.lock().unwrap_or_else(PoisonError::into_inner) = Some(search);
        Ok(res)
    }
}

impl<R: Rules> DynGame for PartizanGame<R> {
    fn forget(&self) {
        *self.search.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    fn name(&self) -> String {
        self.info.name.clone()
    }

    fn description(&self) -> String {
        self.info.description.clone()
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> Option<Datum> {
        self.info.start.clone()
    }

    /// The position the rules' `parse` reads from `text`, checked as [`DynGame::check`]
    /// checks it.
    fn parse(&self, text: &str) -> Result<Datum, DynError> {
        let pos = self.rules.parse(text).map_err(DynError::Position)?;
        self.check(&pos)
    }

    /// `pos` when it is a position of the game: of its start's shape, read back by its
    /// `parse` from what its `show` writes, and one that Left's and Right's moves and its
    /// components do not fail on (see [`Malformed`](crate::dynamic::Malformed)).
    fn check(&self, pos: &Datum) -> Result<Datum, DynError> {
        super::check::check(&self.rules, &self.info, pos)?;
        Ok(pos.clone())
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        self.shown(pos)
    }

    fn moves(&self, _: &Datum) -> Result<Vec<DynMove>, DynError> {
        Err(DynError::NoTurn)
    }

    fn solve_with(&self, _: &Datum, _: &Budget, _: Ask) -> Result<Solution, DynError> {
        Err(DynError::NoTurn)
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, DynError>> {
        position_of(&self.rules, numbers)
    }

    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, DynError> {
        // A drawing's clicks name moves; a partizan position's moves are both players',
        // so it is checked against both lists' labels.
        checked_drawing(&self.rules, &self.info.origin, pos, || {
            let mut labels = Vec::new();
            for side in [Side::Left, Side::Right] {
                labels.extend(self.options(pos, side)?.into_iter().map(|m| m.label));
            }
            Ok(labels)
        })
    }

    fn partizan(&self) -> Option<&dyn Partizan> {
        Some(self)
    }
}
