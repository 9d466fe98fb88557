//! A position's moves to positions of a given Grundy value. A position alone wins by moving
//! to value 0; a component of value `v` in a sum of value `total` wins by moving to
//! `v ^ total`, which may be above `v` (Bash, Lasker's Nim, Wythoff's game, ... have options
//! above their own value), so a family's moves are listed by the value they lead to, never
//! only the lower ones the mex rule guarantees.

use super::error::AnalysisError;
use super::valued::{bash_reach_write, corner_label, write, Moves, Searched, Valued};
use super::{nim, pairs};
use crate::games::corner::Corner;
use crate::games::fibonacci_nim::FibonacciNim;
use crate::games::wythoff::Wythoff;
use crate::limits::Budget;
use crate::model::Game;
use crate::solve::grundy::GrundySolver;
use crate::value::Nimber;

impl Valued<'_> {
    /// Every move to a position of value `value` (none when `value` is the position's own:
    /// no move keeps a Grundy value).
    ///
    /// # Errors
    ///
    /// A search refused by its budget, or a heap whose value does not fit a `u64`.
    pub(super) fn moves_to(&self, value: Nimber) -> Result<Moves, AnalysisError> {
        let complete = |labels| Moves {
            labels,
            partial: None,
        };
        Ok(match self {
            Valued::Nim(heaps) => complete(nim::nim_moves_to(heaps, value)),
            Valued::Staircase(steps) => complete(nim::staircase_moves_to(steps, value)),
            Valued::Heaps(row) => {
                let (labels, partial) = row.moves_to(value)?;
                Moves { labels, partial }
            }
            &Valued::BashReach { heap, max_take } => complete(
                bash_reach_write(heap, max_take, value)
                    .into_iter()
                    .map(write)
                    .collect(),
            ),
            Valued::Searched { position, .. } => complete(match position {
                &Searched::Wythoff(a, b) => searched(&Wythoff, &(a, b), value, |&(x, y)| {
                    pairs::wythoff_label(a, b, x, y)
                })?,
                &Searched::Fibonacci(heap, max_take) => {
                    searched(&FibonacciNim, &(heap, max_take), value, |&(left, _)| {
                        pairs::fibonacci_label(heap, heap - left)
                    })?
                }
                Searched::Moore(game, heaps) => {
                    searched(*game, heaps, value, |next| nim::moore_label(heaps, next))?
                }
                &Searched::Corner(x, y) => searched(&Corner, &(x, y), value, |&(a, b)| {
                    corner_label((x, y), (a, b))
                })?,
            }),
        })
    }
}

/// The moves of `pos` to positions of value `value`, each option's value by the engine.
fn searched<G: Game>(
    game: &G,
    pos: &G::Position,
    value: Nimber,
    label: impl Fn(&G::Position) -> String,
) -> Result<Vec<String>, AnalysisError> {
    let mut solver = GrundySolver::without_components(game, Budget::default());
    let mut moves = Vec::new();
    game.moves(pos, &mut moves);
    let mut labels = Vec::new();
    for mv in moves {
        if solver.nimber(&mv.to)? == value {
            labels.push(label(&mv.to));
        }
    }
    Ok(labels)
}
