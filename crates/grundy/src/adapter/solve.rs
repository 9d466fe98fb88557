//! How [`Adapter`] answers [`DynGame::solve`](crate::dynamic::DynGame::solve) for each kind
//! of game: the value first by the cheapest sound route (a closed form; the Grundy solver
//! with components for impartial games under normal play; a memo search for outcomes, which
//! stops at the first winning move, for win/loss games), then remoteness and a principal
//! line by a whole-game memo search only when it costs no more than the value did (or
//! [`REMOTENESS_WORK`] moves listed), or when asked ([`Ask::remoteness`]); scores by the
//! memo search; loopy games by retrograde analysis.

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::engine::{optimal_by, Adapter, NimberOf, OutcomeOf, Pick, Solved};
use super::limits::{LINE_WORK, MAX_LINE, NIMBER_WORK, REMOTENESS_POSITIONS, REMOTENESS_WORK};
use super::notation::Notation;
use crate::dynamic::{Ask, Value};
use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::solve::memo::{Evaluation, Outcomes};
use crate::solve::retrograde::retrograde;
use crate::solve::strategy::{walk_line, Remoteness, Timed};
use crate::value::{Nimber, Outcome, Play};
/// A closed form standing in for the Grundy solver in one solve.
pub(super) enum Closed<G: Game> {
    /// Nimbers.
    Nimbers(NimberOf<G>),
    /// Outcomes (the Grundy solver's positions would not fit).
    Outcomes(OutcomeOf<G>),
}

// Derived `Clone` would ask `G: Clone`; the variants hold only function pointers.
impl<G: Game> Clone for Closed<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Closed<G> {}

impl<G: Game> Closed<G> {
    /// The value of `pos` for the player to move.
    pub(super) fn value(self, game: &G, pos: &G::Position) -> Value {
        match self {
            Closed::Nimbers(nimber_of) => nimber_value(nimber_of(game, pos)),
            Closed::Outcomes(outcome_of) => Value::outcome(outcome_of(game, pos)),
        }
    }

    /// The value of `mv` for the mover.
    pub(super) fn move_value(self, game: &G, mv: &Move<G::Position>) -> Value {
        for_mover(self.value(game, &mv.to), mv.again)
    }

    /// The value of `pos` and each move's for the mover.
    fn values(
        self,
        game: &G,
        pos: &G::Position,
        moves: &[Move<G::Position>],
    ) -> (Value, Vec<Value>) {
        let values = moves.iter().map(|mv| self.move_value(game, mv)).collect();
        (self.value(game, pos), values)
    }

    /// True when the player to move at `pos` loses.
    pub(super) fn loses(self, game: &G, pos: &G::Position) -> bool {
        match self {
            Closed::Nimbers(nimber_of) => nimber_of(game, pos) == Nimber::ZERO,
            Closed::Outcomes(outcome_of) => outcome_of(game, pos) == Outcome::Loss,
        }
    }
}

/// The value of a position of nimber `nimber` for the player to move.
fn nimber_value(nimber: Nimber) -> Value {
    let outcome = match nimber {
        Nimber::ZERO => Outcome::Loss,
        _ => Outcome::Win,
    };
    Value {
        nimber: Some(nimber),
        ..Value::outcome(outcome)
    }
}

/// The value for the mover of a move to a position of value `next` (for the player then
/// to move: the other, or the mover again when `again`).
fn for_mover(next: Value, again: bool) -> Value {
    match again {
        true => next,
        false => Value {
            outcome: next.outcome.flip(),
            ..next
        },
    }
}

/// The value of a position of nimber `root` and of its moves to positions of `nimbers`.
fn nimber_values(root: Nimber, nimbers: Vec<Nimber>) -> (Value, Vec<Value>) {
    let values = nimbers
        .into_iter()
        .map(|n| for_mover(nimber_value(n), false))
        .collect();
    (nimber_value(root), values)
}

/// Remoteness of a position and of its moves, with a principal line.
type Timing<P> = (Timed, Vec<Timed>, Vec<Move<P>>);

/// Values of a position and of its moves, the closed form that gave them (if one did), and
/// the moves the search listed to find them (its cost).
type Valued<G> = (Value, Vec<Value>, Option<Closed<G>>, u64);

impl<G: Game, N: Notation<G::Position>> Adapter<G, N> {
    /// Values by a memo search under `rule`: the position's and each move's for the mover,
    /// with the moves the search listed. A position whose [`Game::reachable`] is past the
    /// budget's positions is refused before the search starts: a search for remoteness or
    /// scores stores every position it reaches but those behind a win in one move.
    #[allow(clippy::type_complexity)]
    pub(super) fn memo_values<E: Evaluation + Clone>(
        &self,
        rule: E,
        budget: &Budget,
        pick: Pick<G::Position, E::Value>,
        pos: &G::Position,
        moves: &[Move<G::Position>],
    ) -> Result<(E::Value, Vec<E::Value>, u64), SolveError> {
        let canon = &self.game;
        // The search needs the value of (nearly) every position reachable: refuse at once a
        // state space past the budget.
        if let Some(reachable) = canon.reachable(&canon.normal(pos)) {
            budget.check_positions(reachable)?;
        }
        self.with_memo(rule, budget, pick, |search| {
            let root = search.value(&canon.normal(pos))?;
            let mut values = Vec::with_capacity(moves.len());
            for mv in moves {
                let next = search.value(&canon.normal(&mv.to))?;
                values.push(search.rule().through(mv.points, mv.again, next));
            }
            Ok((root, values, search.listed()))
        })
    }

    /// Values by a memo search under `rule` (as [`Adapter::memo_values`]) and a principal
    /// line over the positions as given (labels stay in their order): the first move
    /// achieving the value, every time.
    #[allow(clippy::type_complexity)]
    pub(super) fn by_memo<E: Evaluation + Clone>(
        &self,
        rule: E,
        budget: &Budget,
        pick: Pick<G::Position, E::Value>,
        pos: &G::Position,
        moves: &[Move<G::Position>],
    ) -> Result<(E::Value, Vec<E::Value>, Vec<Move<G::Position>>), SolveError> {
        let (root, values, _) = self.memo_values(rule.clone(), budget, pick, pos, moves)?;
        let canon = &self.game;
        let line = self.with_memo(rule, budget, pick, |search| {
            walk_line(pos, MAX_LINE, |current| {
                let want = search.value(&canon.normal(current))?;
                for mv in self.moves_of(current) {
                    let next = search.value(&canon.normal(&mv.to))?;
                    if search.rule().through(mv.points, mv.again, next) == want {
                        return Ok(Some(mv));
                    }
                }
                Ok(None)
            })
        })?;
        Ok((root, values, line))
    }

    /// Remoteness by the whole-game memo search: within the budget when asked, else only
    /// when it lists no more than `cost` moves (or [`REMOTENESS_WORK`]) and stores at most
    /// [`REMOTENESS_POSITIONS`]; `None` when it would not.
    fn remoteness(
        &self,
        play: Play,
        pos: &G::Position,
        moves: &[Move<G::Position>],
        budget: &Budget,
        ask: Ask,
        cost: u64,
    ) -> Result<Option<Timing<G::Position>>, SolveError> {
        if ask.remoteness {
            return self
                .by_memo(Remoteness(play), budget, |t| &mut t.timed, pos, moves)
                .map(Some);
        }
        let small = budget
            .clone()
            .with_positions(budget.positions().min(REMOTENESS_POSITIONS))
            .with_work(budget.work().min(cost.max(REMOTENESS_WORK)));
        match self.by_memo(Remoteness(play), &small, |t| &mut t.timed, pos, moves) {
            Ok(timing) => Ok(Some(timing)),
            Err(SolveError::TooLarge { .. }) => Ok(None),
            Err(err) => Err(err),
        }
    }

    /// The closed form this solve uses instead of the Grundy solver: the one for nimbers if
    /// the game has one, else the one for outcomes when the positions reachable do not fit
    /// the budget; `None`: the Grundy solver.
    pub(super) fn closed_form(&self, pos: &G::Position, budget: &Budget) -> Option<Closed<G>> {
        if let Some(nimber_of) = self.nimber_of {
            return Some(Closed::Nimbers(nimber_of));
        }
        let outcome_of = self.outcome_of?;
        let reachable = self.game.reachable(&self.game.normal(pos))?;
        budget
            .check_positions(reachable)
            .is_err()
            .then_some(Closed::Outcomes(outcome_of))
    }

    /// The Grundy solver's budget: `budget`, with its work bounded by [`NIMBER_WORK`] when
    /// a closed form for outcomes can answer in its place.
    fn nimber_budget(&self, budget: &Budget) -> Budget {
        match self.outcome_of {
            Some(_) => budget.clone().with_work(budget.work().min(NIMBER_WORK)),
            None => budget.clone(),
        }
    }

    /// The nimbers of `pos` and of `moves` by a closed form or the Grundy solver (with
    /// components when the game has them), else their outcomes by a closed form.
    pub(super) fn impartial_values(
        &self,
        pos: &G::Position,
        moves: &[Move<G::Position>],
        budget: &Budget,
    ) -> Result<Valued<G>, SolveError> {
        let game = &self.game.game;
        let closed = self.closed_form(pos, budget);
        let mut cost = 0;
        let searched = match closed {
            Some(form) => Ok(form.values(game, pos, moves)),
            None => self
                .with_grundy(&self.nimber_budget(budget), |solver| {
                    let root = solver.nimber(pos)?;
                    let nimbers = moves
                        .iter()
                        .map(|mv| solver.nimber(&mv.to))
                        .collect::<Result<Vec<_>, _>>()?;
                    cost = solver.listed();
                    Ok((root, nimbers))
                })
                .map(|(root, nimbers)| nimber_values(root, nimbers)),
        };
        match (searched, self.outcome_of) {
            (Ok((value, values)), _) => Ok((value, values, closed, cost)),
            // Past the budget after all: the closed form for outcomes answers.
            (Err(SolveError::TooLarge { .. }), Some(outcome_of)) => {
                let form = Closed::Outcomes(outcome_of);
                let (value, values) = form.values(game, pos, moves);
                Ok((value, values, Some(form), cost))
            }
            (Err(err), _) => Err(err),
        }
    }

    /// The outcomes of `pos` and of `moves` for a win/loss game (or an impartial one under
    /// misère play): by the closed form for outcomes if the game has one, else by the memo
    /// search for outcomes alone, which stops at a position's first winning move.
    pub(super) fn win_loss_values(
        &self,
        play: Play,
        pos: &G::Position,
        moves: &[Move<G::Position>],
        budget: &Budget,
    ) -> Result<Valued<G>, SolveError> {
        if let Some(outcome_of) = self.outcome_of {
            let form = Closed::Outcomes(outcome_of);
            let (value, values) = form.values(&self.game.game, pos, moves);
            return Ok((value, values, Some(form), 0));
        }
        let (root, outcomes, cost) =
            self.memo_values(Outcomes(play), budget, |t| &mut t.outcomes, pos, moves)?;
        Ok((
            Value::outcome(root),
            outcomes.into_iter().map(Value::outcome).collect(),
            None,
            cost,
        ))
    }

    /// An impartial game under normal play (`Kind::Impartial`) or a win/loss game: the
    /// value first, then remoteness, the optimal moves by it and a principal line when
    /// they are cheap or asked for.
    pub(super) fn solve_by_value(
        &self,
        play: Play,
        pos: &G::Position,
        moves: &[Move<G::Position>],
        budget: &Budget,
        ask: Ask,
    ) -> Result<Solved<G::Position>, SolveError> {
        let (mut value, mut values, closed, cost) = if self.kind.has_nimbers() {
            self.impartial_values(pos, moves, budget)?
        } else {
            self.win_loss_values(play, pos, moves, budget)?
        };
        if let Some((root, timed, line)) = self.remoteness(play, pos, moves, budget, ask, cost)? {
            value.remoteness = Some(root.moves);
            for (value, t) in values.iter_mut().zip(&timed) {
                value.remoteness = Some(t.moves);
            }
            return Ok(Solved {
                value,
                values,
                optimal: optimal_by(&timed, root),
                line,
                skipped: false,
            });
        }
        let optimal = (0..values.len())
            .filter(|&i| values[i].outcome == value.outcome)
            .collect();
        // A closed form gives every outcome at once, so the line by outcomes is cheap.
        let line = match closed {
            Some(form) => {
                let game = &self.game.game;
                self.line_by(pos, |mv| form.loses(game, &mv.to) != mv.again)
            }
            None => Vec::new(),
        };
        Ok(Solved {
            value,
            values,
            optimal,
            line,
            skipped: true,
        })
    }

    /// A principal line chosen by outcomes alone: the winner makes the first move that
    /// `wins` says wins, the loser makes the first move. The moves of each position are
    /// looked at one at a time ([`Game::for_each_move`]): a heap of 10^6 has 1.5 M of them.
    /// The line stops once it has looked at [`LINE_WORK`] moves (a loser looks at all of
    /// a position's moves, and a long game of huge positions would take minutes).
    pub(super) fn line_by(
        &self,
        pos: &G::Position,
        mut wins: impl FnMut(&Move<G::Position>) -> bool,
    ) -> Vec<Move<G::Position>> {
        let mut looked = 0;
        let line = walk_line(pos, MAX_LINE, |current| {
            if looked >= LINE_WORK {
                return Ok::<_, Infallible>(None);
            }
            let (mut first, mut chosen) = (None, None);
            self.game.game.for_each_move(current, &mut |mv| {
                looked += 1;
                if wins(mv) {
                    chosen = Some(mv.clone());
                    return ControlFlow::Break(());
                }
                if first.is_none() {
                    first = Some(mv.clone());
                }
                ControlFlow::Continue(())
            });
            Ok(chosen.or(first))
        });
        match line {
            Ok(line) => line,
            Err(never) => match never {},
        }
    }

    pub(super) fn solve_loopy(
        &self,
        play: Play,
        pos: &G::Position,
        moves: &[Move<G::Position>],
        budget: &Budget,
    ) -> Result<Solved<G::Position>, SolveError> {
        let canon = &self.game;
        let kept = self.lock().loopy.clone();
        let table =
            match kept.filter(|t| t.outcome(&canon.normal(pos)).is_some() && t.play() == play) {
                Some(table) => table,
                None => {
                    let table = Arc::new(retrograde(canon, &canon.normal(pos), play, budget)?);
                    let mut tables = self.lock();
                    if tables.loopy.as_ref().is_none_or(|t| t.len() < table.len()) {
                        tables.loopy = Some(table.clone());
                    }
                    table
                }
            };
        // Every position reachable from `pos` is in the table.
        let outcome_of = |p: &G::Position| table.outcome(&canon.normal(p)).unwrap_or(Outcome::Draw);
        let through = |mv: &Move<G::Position>| {
            let next = outcome_of(&mv.to);
            if mv.again {
                next
            } else {
                next.flip()
            }
        };
        let root = outcome_of(pos);
        let values: Vec<Value> = moves.iter().map(|mv| Value::outcome(through(mv))).collect();
        let optimal = (0..values.len())
            .filter(|&i| values[i].outcome == root)
            .collect();
        let line = walk_line(pos, MAX_LINE, |current| {
            let want = outcome_of(current);
            let found = self
                .moves_of(current)
                .into_iter()
                .find(|mv| through(mv) == want);
            Ok::<_, Infallible>(found)
        });
        let line = match line {
            Ok(line) => line,
            Err(never) => match never {},
        };
        Ok(Solved {
            value: Value::outcome(root),
            values,
            optimal,
            line,
            skipped: false,
        })
    }
}
