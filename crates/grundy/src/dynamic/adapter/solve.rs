//! How [`Adapter`] answers [`DynGame::solve`](crate::dynamic::DynGame::solve) for each kind
//! of game: by a memo search (win/loss, misère, scores), by the Grundy solver with
//! remoteness when it fits (impartial, normal play), or by retrograde analysis (loopy).

use std::collections::HashSet;
use std::sync::Arc;

use super::{
    optimal_by, Adapter, NimberOf, Notation, OutcomeOf, Pick, Solved, MAX_LINE, NIMBER_WORK,
    REMOTENESS_POSITIONS, REMOTENESS_WORK,
};
use crate::dynamic::Value;
use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::solve::memo::Evaluation;
use crate::solve::retrograde::retrograde;
use crate::solve::strategy::Remoteness;
use crate::value::{Nimber, Outcome, Play};

/// A closed form standing in for the Grundy solver in one solve.
enum Closed<G: Game> {
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
    /// The value of `pos` and each move's for the mover.
    fn values(
        self,
        game: &G,
        pos: &G::Position,
        moves: &[Move<G::Position>],
    ) -> (Value, Vec<Value>) {
        match self {
            Closed::Nimbers(nimber_of) => nimber_values(
                nimber_of(game, pos),
                moves.iter().map(|mv| nimber_of(game, &mv.to)).collect(),
            ),
            Closed::Outcomes(outcome_of) => (
                Value::outcome(outcome_of(game, pos)),
                moves
                    .iter()
                    .map(|mv| Value::outcome(outcome_of(game, &mv.to).flip()))
                    .collect(),
            ),
        }
    }

    /// True when the player to move at `pos` loses.
    fn loses(self, game: &G, pos: &G::Position) -> bool {
        match self {
            Closed::Nimbers(nimber_of) => nimber_of(game, pos) == Nimber::ZERO,
            Closed::Outcomes(outcome_of) => outcome_of(game, pos) == Outcome::Loss,
        }
    }
}

/// The value of a position of nimber `root` and of its moves to positions of `nimbers`.
fn nimber_values(root: Nimber, nimbers: Vec<Nimber>) -> (Value, Vec<Value>) {
    let outcome = |nimber: Nimber| match nimber {
        Nimber::ZERO => Outcome::Loss,
        _ => Outcome::Win,
    };
    let value = Value {
        nimber: Some(root),
        ..Value::outcome(outcome(root))
    };
    let values = nimbers
        .into_iter()
        .map(|n| Value {
            nimber: Some(n),
            ..Value::outcome(outcome(n).flip())
        })
        .collect();
    (value, values)
}

impl<G: Game, N: Notation<G::Position>> Adapter<G, N> {
    /// Values by a memo search under `rule`: the position's, each move's for the mover, and
    /// a principal line. A position whose [`Game::reachable`] is past the budget's positions
    /// is refused before the search starts: a search for remoteness or scores stores every
    /// position it reaches but those behind a win in one move.
    #[allow(clippy::type_complexity)]
    pub(super) fn by_memo<E: Evaluation>(
        &self,
        rule: E,
        budget: &Budget,
        pick: Pick<G::Position, E::Value>,
        pos: &G::Position,
        moves: &[Move<G::Position>],
    ) -> Result<(E::Value, Vec<E::Value>, Vec<Move<G::Position>>), SolveError> {
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
            // A principal line over the positions as given (labels stay in their order):
            // the first move achieving the value, every time.
            let mut line = Vec::new();
            let mut current = pos.clone();
            while line.len() < MAX_LINE {
                let want = search.value(&canon.normal(&current))?;
                let mut chosen = None;
                for mv in self.moves_of(&current) {
                    let next = search.value(&canon.normal(&mv.to))?;
                    if search.rule().through(mv.points, mv.again, next) == want {
                        chosen = Some(mv);
                        break;
                    }
                }
                let Some(mv) = chosen else {
                    break;
                };
                current = mv.to.clone();
                line.push(mv);
            }
            Ok((root, values, line))
        })
    }

    /// The closed form this solve uses instead of the Grundy solver: the one for nimbers if
    /// the game has one, else the one for outcomes when the positions reachable do not fit
    /// the budget; `None`: the Grundy solver.
    fn closed_form(&self, pos: &G::Position, budget: &Budget) -> Option<Closed<G>> {
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

    pub(super) fn solve_impartial(
        &self,
        pos: &G::Position,
        moves: &[Move<G::Position>],
        budget: &Budget,
    ) -> Result<Solved<G::Position>, SolveError> {
        let game = &self.game.game;
        let mut closed = self.closed_form(pos, budget);
        let searched = match closed {
            Some(form) => Ok(form.values(game, pos, moves)),
            None => self
                .with_grundy(&self.nimber_budget(budget), |solver| {
                    let root = solver.nimber(pos)?;
                    let nimbers = moves
                        .iter()
                        .map(|mv| solver.nimber(&mv.to))
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok((root, nimbers))
                })
                .map(|(root, nimbers)| nimber_values(root, nimbers)),
        };
        let (mut value, mut values) = match (searched, self.outcome_of) {
            (Ok(found), _) => found,
            // Past the budget after all: the closed form for outcomes answers.
            (Err(SolveError::TooLarge { .. }), Some(outcome_of)) => {
                closed = Some(Closed::Outcomes(outcome_of));
                Closed::Outcomes(outcome_of).values(game, pos, moves)
            }
            (Err(err), _) => return Err(err),
        };
        let positions = budget.positions().min(REMOTENESS_POSITIONS);
        let mut small = budget.clone().with_positions(positions);
        // A search known to fit its positions is bounded by them; else by its moves too.
        let reachable = self.game.reachable(&self.game.normal(pos));
        if reachable.is_none_or(|reachable| reachable > positions) {
            small = small.with_work(budget.work().min(REMOTENESS_WORK));
        }
        let timed = match self.by_memo(
            Remoteness(Play::Normal),
            &small,
            |t| &mut t.timed,
            pos,
            moves,
        ) {
            Ok(timed) => Some(timed),
            Err(SolveError::TooLarge { .. }) => None,
            Err(err) => return Err(err),
        };
        let (optimal, line) = match timed {
            Some((root, timed, line)) => {
                value.remoteness = Some(root.moves);
                for (value, t) in values.iter_mut().zip(&timed) {
                    value.remoteness = Some(t.moves);
                }
                (optimal_by(&timed, root), line)
            }
            None => {
                let optimal = (0..values.len())
                    .filter(|&i| values[i].outcome == value.outcome)
                    .collect();
                let line = match closed {
                    None => self.with_grundy(budget, |solver| {
                        self.line_by(pos, |p| Ok(solver.nimber(p)? == Nimber::ZERO))
                    })?,
                    Some(form) => self.line_by(pos, |p| Ok(form.loses(game, p)))?,
                };
                (optimal, line)
            }
        };
        Ok((value, values, optimal, line))
    }

    /// A principal line chosen by outcomes alone: the winner moves to a position that
    /// `loses` says is lost, the loser makes the first move.
    fn line_by(
        &self,
        pos: &G::Position,
        mut loses: impl FnMut(&G::Position) -> Result<bool, SolveError>,
    ) -> Result<Vec<Move<G::Position>>, SolveError> {
        let mut line = Vec::new();
        let mut current = pos.clone();
        while line.len() < MAX_LINE {
            let moves = self.moves_of(&current);
            let mut chosen = None;
            for mv in &moves {
                if loses(&mv.to)? {
                    chosen = Some(mv.clone());
                    break;
                }
            }
            let Some(mv) = chosen.or_else(|| moves.into_iter().next()) else {
                break;
            };
            current = mv.to.clone();
            line.push(mv);
        }
        Ok(line)
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
        let mut line = Vec::new();
        let mut seen = HashSet::new();
        let mut current = pos.clone();
        while line.len() < MAX_LINE && seen.insert(current.clone()) {
            let want = outcome_of(&current);
            let Some(mv) = self
                .moves_of(&current)
                .into_iter()
                .find(|mv| through(mv) == want)
            else {
                break;
            };
            current = mv.to.clone();
            line.push(mv);
        }
        Ok((Value::outcome(root), values, optimal, line))
    }
}
