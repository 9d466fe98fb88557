//! The adapter behind the front door: [`DynGame`] for any [`Adapter`].

use super::engine::{optimal_by, sign, Adapter, Solved, Tables};
use super::notation::{Notation, MAX_DRAWN_MOVES};
use crate::drawing::Drawing;
use crate::dynamic::{
    Ask, Datum, DynError, DynGame, DynMove, Kind, Listing, MoveValue, Solution, Value,
};
use crate::limits::Budget;
use crate::model::Game;
use crate::octal::TakeAndBreak;
use crate::solve::memo::Scores;
use crate::value::Play;

impl<G, N> DynGame for Adapter<G, N>
where
    G: Game + Send + Sync,
    N: Notation<G::Position>,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn description(&self) -> String {
        self.description.clone()
    }

    fn kind(&self) -> Kind {
        self.kind
    }

    fn code(&self) -> Option<TakeAndBreak> {
        self.code.clone()
    }

    fn start(&self) -> Option<Datum> {
        self.start.as_ref().map(|p| self.notation.to_datum(p))
    }

    fn forget(&self) {
        *self.lock() = Tables::empty();
    }

    fn parse(&self, text: &str) -> Result<Datum, DynError> {
        Ok(self.notation.to_datum(&self.notation.parse(text)?))
    }

    fn check(&self, pos: &Datum) -> Result<Datum, DynError> {
        Ok(self.notation.to_datum(&self.notation.read(pos)?))
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        Ok(self.notation.show(&self.notation.read(pos)?))
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, DynError>> {
        let pos = self.notation.position_of(numbers)?;
        Some(pos.map(|pos| self.notation.to_datum(&pos)))
    }

    fn draw(&self, datum: &Datum) -> Result<Option<Drawing>, DynError> {
        let pos = self.notation.read(datum)?;
        let few = self
            .game
            .max_moves(&pos)
            .is_none_or(|n| n <= MAX_DRAWN_MOVES);
        let moves: Vec<(G::Position, String)> = match few && self.game.check_listable(&pos).is_ok()
        {
            true => self
                .moves_of(&pos)
                .into_iter()
                .map(|mv| {
                    let label = self.notation.label(&pos, &mv);
                    (mv.to, label)
                })
                .collect(),
            false => Vec::new(),
        };
        Ok(self.notation.draw(&pos, &moves))
    }

    fn moves(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError> {
        let pos = self.notation.read(pos)?;
        self.game.check_listable(&pos)?;
        Ok(self
            .moves_of(&pos)
            .iter()
            .map(|mv| self.dyn_move(&pos, mv))
            .collect())
    }

    fn max_moves(&self, pos: &Datum) -> Result<Option<u64>, DynError> {
        Ok(self.game.max_moves(&self.notation.read(pos)?))
    }

    fn solve_with(&self, datum: &Datum, budget: &Budget, ask: Ask) -> Result<Solution, DynError> {
        let pos = self.notation.read(datum)?;
        self.game.check_listable(&pos)?;
        if let Some(solution) = self.solve_streamed(&pos, budget, ask)? {
            return Ok(solution);
        }
        let moves = self.moves_of(&pos);
        let solved = match self.kind {
            Kind::Impartial { play } | Kind::WinLoss { play } => {
                self.solve_by_value(play, &pos, &moves, budget, ask)?
            }
            Kind::Scoring => {
                let (root, scores, line) =
                    self.by_memo(Scores, budget, |t| &mut t.scores, &pos, &moves)?;
                let value = |score: i64| Value {
                    score: Some(score),
                    ..Value::outcome(sign(score))
                };
                Solved {
                    value: value(root),
                    optimal: optimal_by(&scores, root),
                    values: scores.into_iter().map(value).collect(),
                    line,
                    skipped: false,
                }
            }
            Kind::Loopy { play } => self.solve_loopy(play, &pos, &moves, budget)?,
            Kind::Partizan => return Err(DynError::NoTurn),
        };
        let Solved {
            value,
            values,
            optimal,
            line,
            skipped,
        } = solved;
        let line = self.dyn_line(&pos, &line);
        let Listing {
            listed,
            optimal,
            counts,
            ..
        } = Listing::of(&values, &optimal, ask.all_moves);
        Ok(Solution {
            position: self.notation.to_datum(&pos),
            value,
            moves: listed
                .into_iter()
                .map(|index| MoveValue {
                    index,
                    mv: self.dyn_move(&pos, &moves[index]),
                    value: values[index],
                })
                .collect(),
            counts,
            optimal,
            line,
            skipped,
        })
    }

    fn value(&self, datum: &Datum, budget: &Budget) -> Result<Value, DynError> {
        let pos = self.notation.read(datum)?;
        Ok(match self.kind {
            Kind::Impartial { play: Play::Normal } => self.impartial_values(&pos, &[], budget)?.0,
            Kind::Impartial { play } | Kind::WinLoss { play } => {
                self.win_loss_values(play, &pos, &[], budget)?.0
            }
            Kind::Scoring => {
                let (root, _, _) =
                    self.memo_values(Scores, budget, |t| &mut t.scores, &pos, &[])?;
                Value {
                    score: Some(root),
                    ..Value::outcome(sign(root))
                }
            }
            Kind::Loopy { play } => self.solve_loopy(play, &pos, &[], budget)?.value,
            Kind::Partizan => return Err(DynError::NoTurn),
        })
    }
}
