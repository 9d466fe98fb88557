//! Impartial, scoring and loopy games whose moves come from a callback: game files, Python
//! functions, any [`Rules`].
//!
//! A front end that defines games in another language implements [`Rules`] (the moves of
//! a [`Datum`] position, fallible) and wraps it in a [`CallbackGame`], which is a
//! [`DynGame`] run by the generic engine through [`Adapter`]: memo search with remoteness or
//! scores, the Grundy solver (with components when the rules split positions) and
//! retrograde analysis for loopy games.
//!
//! How the rules are called:
//!
//! - once per position: positions are interned (each distinct [`Datum`] gets a small
//!   number, the solvers' position) and each position's moves are kept as numbers, so the
//!   solvers' hot path copies moves without allocating or calling back;
//! - labels are asked for only where a person sees moves (the moves of the position solved
//!   and of its principal line);
//! - the first error (a callback that fails, a move that breaks the game's kind, a game
//!   larger than the budget) stops the search: from then on every position has no moves, so
//!   the search ends at once without calling back, and the call returns that error, never
//!   a value; the tables of that attempt are dropped;
//! - with [`Rules::canonical`], every position a move or a split reaches is stored as its
//!   class's representative; the solution's moves and principal line are then replayed from
//!   the position as played (the module `symmetry`);
//! - a cycle in a game not declared loopy is reported as [`RulesError::Cycle`], naming the
//!   position where it closes.

use std::sync::{Arc, Mutex, PoisonError};

use super::interned::{Expanded, Interned, Shared, State};
use super::rules::{checked_drawing, position_of, GameInfo, Rules};
use super::{check, symmetry};
use crate::adapter::Adapter;
use crate::drawing::Drawing;
use crate::dynamic::{Ask, Datum, DynError, DynGame, DynMove, Kind, Solution, Value};
use crate::limits::{Budget, SolveError};
use crate::value::Play;

/// The rules of a [`Rules`] callback as a [`DynGame`], solved by the generic engine.
///
/// # Examples
///
/// The subtraction game {1, 3, 4} on one heap, a closure for rules:
///
/// ```
/// use grundy::scripted::{CallbackGame, GameInfo, RuleMove, Rules};
/// use grundy::dynamic::{Datum, DynGame, Kind};
/// use grundy::{Budget, Nimber, Play};
///
/// struct Take134;
/// impl Rules for Take134 {
///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("a heap is an integer")?;
///         out.extend([1, 3, 4].into_iter().filter(|&k| k <= n).map(|k| RuleMove::to(Datum::Int(n - k))));
///         Ok(())
///     }
/// }
/// let game = CallbackGame::new(Take134, GameInfo::new("take", Kind::Impartial { play: Play::Normal }));
/// let sol = game.solve(&Datum::Int(10), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(1)));
/// let err = game.solve(&Datum::Str("x".into()), &Budget::default()).unwrap_err();
/// assert_eq!(err.to_string(), "a heap is an integer (in moves, at position \"x\")");
/// ```
pub struct CallbackGame<R: Rules> {
    rules: Arc<R>,
    info: GameInfo,
    engine: Mutex<Arc<Engine<R>>>,
}

/// The generic engine over a fresh set of interned positions.
type Engine<R> = Adapter<Expanded<R>, Interned<R>>;

impl<R: Rules> CallbackGame<R> {
    /// `rules` as a game described by `info`.
    ///
    /// # Examples
    ///
    /// See [`CallbackGame`].
    pub fn new(rules: R, info: GameInfo) -> Self {
        let rules = Arc::new(rules);
        let engine = Mutex::new(Arc::new(Self::engine(&rules, &info)));
        CallbackGame {
            rules,
            info,
            engine,
        }
    }

    /// The rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::scripted::{CallbackGame, GameInfo, RuleMove, Rules};
    /// use grundy::dynamic::{Datum, Kind};
    /// struct End;
    /// impl Rules for End {
    ///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> { Ok(()) }
    /// }
    /// let game = CallbackGame::new(End, GameInfo::new("end", Kind::Scoring));
    /// let _rules: &End = game.rules();
    /// ```
    pub fn rules(&self) -> &R {
        &self.rules
    }

    fn engine(rules: &Arc<R>, info: &GameInfo) -> Engine<R> {
        let shared = Arc::new(Shared {
            rules: rules.clone(),
            kind: info.kind,
            origin: info.origin.clone(),
            state: Mutex::new(State::new()),
        });
        let game = Expanded(shared.clone());
        let adapter = Adapter::new(
            game,
            Interned(shared),
            info.name.clone(),
            info.description.clone(),
            info.kind,
        );
        match info.kind {
            Kind::Impartial { play: Play::Normal } if rules.has_components() => {
                adapter.with_components()
            }
            _ => adapter,
        }
    }

    fn current(&self) -> Arc<Engine<R>> {
        self.engine
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Runs `work` on the current engine; if the rules failed meanwhile, returns their error
    /// and starts a fresh engine (the failed one's tables hold no values).
    fn run<T>(
        &self,
        budget: &Budget,
        work: impl FnOnce(&Engine<R>) -> Result<T, DynError>,
    ) -> Result<T, DynError> {
        let engine = self.current();
        let shared = &engine.game().0;
        {
            let mut state = shared.lock();
            state.bytes_limit = budget.bytes();
            state.budget = budget.clone();
        }
        let res = work(&engine);
        let failure = shared.lock().failure.clone();
        if let Some(err) = failure {
            let mut slot = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
            if Arc::ptr_eq(&slot, &engine) {
                *slot = Arc::new(Self::engine(&self.rules, &self.info));
            }
            return Err(err);
        }
        res
    }
}

impl<R: Rules> DynGame for CallbackGame<R> {
    fn forget(&self) {
        // A fresh engine: the positions interned and the tables go with the old one.
        *self.engine.lock().unwrap_or_else(PoisonError::into_inner) =
            Arc::new(Self::engine(&self.rules, &self.info));
    }

    fn name(&self) -> String {
        self.info.name.clone()
    }

    fn description(&self) -> String {
        self.info.description.clone()
    }

    fn kind(&self) -> Kind {
        self.info.kind
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
    /// `parse` from what its `show` writes, and one its rules do not fail on (see
    /// [`Malformed`](crate::dynamic::Malformed)).
    fn check(&self, pos: &Datum) -> Result<Datum, DynError> {
        check::check(&*self.rules, &self.info, pos)?;
        Ok(pos.clone())
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        self.current().game().0.show(pos)
    }

    fn moves(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError> {
        self.current().game().0.labelled(pos)
    }

    fn value(&self, pos: &Datum, budget: &Budget) -> Result<Value, DynError> {
        self.run(budget, |engine| match engine.value(pos, budget) {
            Err(DynError::Solve(SolveError::Cycle)) => Err(engine.game().0.cycle_error(pos)),
            res => res,
        })
    }

    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, DynError> {
        checked_drawing(&*self.rules, &self.info.origin, pos, || {
            Ok(self.moves(pos)?.into_iter().map(|m| m.label).collect())
        })
    }

    fn solve_with(&self, pos: &Datum, budget: &Budget, ask: Ask) -> Result<Solution, DynError> {
        self.run(budget, |engine| {
            let shared = &engine.game().0;
            let mut sol = match engine.solve_with(pos, budget, ask) {
                Err(DynError::Solve(SolveError::Cycle)) => return Err(shared.cycle_error(pos)),
                res => res?,
            };
            if shared.rules.has_canonical() {
                symmetry::as_played(shared, pos, &mut sol)?;
                return Ok(sol);
            }
            // The adapter labels each move by the first equal one; moves of the position
            // itself are labelled by their place.
            let labels = {
                let mut state = shared.lock();
                let id = state.intern(pos.clone())?;
                shared.labels(&mut state, id)?
            };
            if labels.len() == sol.counts.moves {
                for valued in &mut sol.moves {
                    valued.mv.label.clone_from(&labels[valued.index]);
                }
            }
            Ok(sol)
        })
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, DynError>> {
        position_of(&*self.rules, numbers)
    }
}

#[cfg(test)]
mod tests;
