//! Staircase Nim: coins on the steps of a staircase; a move moves any positive number of
//! coins from one step to the step below (from the lowest step, off the staircase).
//!
//! Closed form (Sprague; Berlekamp, Conway and Guy): coins on even steps are irrelevant, and
//! the game is Nim on the odd steps (1, 3, 5, ...): its Grundy value is the XOR of the odd
//! steps. A winning move either moves coins down from an odd step, or moves coins from an
//! even step onto the odd step below, to make that XOR 0.

use std::ops::ControlFlow;

use crate::model::{Game, Move};
use crate::value::Nimber;

/// Staircase Nim as a [`Game`]: a position lists the coins on steps 1, 2, 3, ... (index 0 is
/// step 1, whose coins leave the staircase).
///
/// # Examples
///
/// ```
/// use grundy::games::staircase::{nimber, Staircase};
/// use grundy::solve::grundy::GrundySolver;
/// use grundy::{Budget, Nimber};
/// let mut solver = GrundySolver::without_components(&Staircase, Budget::default());
/// assert_eq!(solver.nimber(&vec![1, 5, 3]).unwrap(), nimber(&[1, 5, 3]));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Game for Staircase {
    type Position = Vec<u64>;

    fn heap_bytes(&self, pos: &Vec<u64>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        for (step_idx, &coins) in pos.iter().enumerate() {
            for moved in 1..=coins {
                let mut next = pos.clone();
                next[step_idx] -= moved;
                if step_idx > 0 {
                    next[step_idx - 1] += moved;
                }
                out.push(Move::to(next));
            }
        }
    }

    /// One move, rewritten in place for each: no allocation per move.
    fn for_each_move(
        &self,
        pos: &Vec<u64>,
        visit: &mut dyn FnMut(&Move<Vec<u64>>) -> ControlFlow<()>,
    ) {
        let mut mv = Move::to(pos.clone());
        for (step_idx, &coins) in pos.iter().enumerate() {
            for moved in 1..=coins {
                mv.to[step_idx] = coins - moved;
                if step_idx > 0 {
                    mv.to[step_idx - 1] = pos[step_idx - 1] + moved;
                }
                if visit(&mv).is_break() {
                    return;
                }
            }
            mv.to[step_idx] = coins;
            if step_idx > 0 {
                mv.to[step_idx - 1] = pos[step_idx - 1];
            }
        }
    }

    fn max_moves(&self, pos: &Vec<u64>) -> Option<u64> {
        Some(
            pos.iter()
                .fold(0u64, |sum, &coins| sum.saturating_add(coins)),
        )
    }
}

/// The Grundy value: the XOR of the odd steps (indices 0, 2, 4, ...).
///
/// # Examples
///
/// ```
/// use grundy::games::staircase::nimber;
/// assert_eq!(nimber(&[3, 9, 3]).0, 0);
/// ```
pub fn nimber(steps: &[u64]) -> Nimber {
    Nimber(steps.iter().step_by(2).fold(0, |acc, &c| acc ^ c))
}

/// A staircase move: `coins` coins from step `from` (1-based) to the step below.
///
/// # Examples
///
/// ```
/// use grundy::games::staircase::StairMove;
/// let mv = StairMove { from: 2, coins: 3 };
/// assert_eq!(mv.from - 1, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StairMove {
    /// The step the coins leave (1-based; step 1 sends them off the staircase).
    pub from: usize,
    /// How many coins move.
    pub coins: u64,
}

/// Every winning move, ordered by step then coins; empty when the player to move loses.
///
/// # Examples
///
/// ```
/// use grundy::games::staircase::{winning_moves, StairMove};
/// // Odd steps 1 and 3 hold 2 and 3 (XOR 1): move 1 coin from step 2 onto step 1, or move
/// // 1 coin down from step 3.
/// assert_eq!(
///     winning_moves(&[2, 4, 3]),
///     vec![StairMove { from: 2, coins: 1 }, StairMove { from: 3, coins: 1 }]
/// );
/// ```
pub fn winning_moves(steps: &[u64]) -> Vec<StairMove> {
    moves_to_value(steps, Nimber(0))
}

/// Every move to a staircase of value `value`, ordered by step then coins: the odd steps'
/// nim-sum changes by `change = nimber ^ value`, lowering an odd step or raising one with
/// coins from the even step above it (so a staircase in a sum may move to a higher value).
///
/// # Examples
///
/// ```
/// use grundy::games::staircase::{moves_to_value, StairMove};
/// use grundy::Nimber;
/// // Step 1 holds 1 coin (value 1); to value 3 it grows by 2 coins from step 2.
/// assert_eq!(moves_to_value(&[1, 2], Nimber(3)), vec![StairMove { from: 2, coins: 2 }]);
/// ```
pub fn moves_to_value(steps: &[u64], value: Nimber) -> Vec<StairMove> {
    let change = nimber(steps).0 ^ value.0;
    if change == 0 {
        return Vec::new();
    }
    let mut res = Vec::new();
    for (step_idx, &coins) in steps.iter().enumerate() {
        if step_idx % 2 == 0 {
            // An odd step: move coins down to lower it to coins ^ change.
            let target = coins ^ change;
            if target < coins {
                res.push(StairMove {
                    from: step_idx + 1,
                    coins: coins - target,
                });
            }
        } else {
            // An even step: raise the odd step below to below ^ change with coins from here.
            let below = steps[step_idx - 1];
            let target = below ^ change;
            if target > below && target - below <= coins {
                res.push(StairMove {
                    from: step_idx + 1,
                    coins: target - below,
                });
            }
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::grundy::GrundySolver;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::solve::strategy::optimal_moves;
    use crate::{Budget, Outcome, Play};

    /// `max_moves` bounds the moves of every position reached from small staircases.
    #[test]
    fn max_moves_bounds_the_moves() {
        for code in 0..64u64 {
            let pos: Vec<u64> = (0..3).map(|i| code >> (2 * i) & 3).collect();
            let mut moves = Vec::new();
            Staircase.moves(&pos, &mut moves);
            assert_eq!(Staircase.max_moves(&pos), Some(moves.len() as u64));
            crate::testing::check_bounds(&Staircase, &pos);
        }
    }

    /// Nimber, outcome and every winning move against the engine, on every staircase of
    /// 1 to 4 steps with at most 3 coins per step.
    #[test]
    fn closed_form_matches_search() {
        let mut search = MemoSearch::new(&Staircase, Outcomes(Play::Normal), Budget::default());
        let mut solver = GrundySolver::without_components(&Staircase, Budget::default());
        let mut compared = 0;
        for steps in 1..=4u32 {
            for code in 0..4u64.pow(steps) {
                let pos: Vec<u64> = (0..steps).map(|i| (code >> (2 * i)) & 3).collect();
                assert_eq!(solver.nimber(&pos).unwrap(), nimber(&pos), "{pos:?}");
                let best = optimal_moves(&mut search, &pos).unwrap();
                let mut found: Vec<Vec<u64>> = if best.value == Outcome::Win {
                    best.moves.into_iter().map(|m| m.mv.to).collect()
                } else {
                    Vec::new()
                };
                let mut closed: Vec<Vec<u64>> = winning_moves(&pos)
                    .into_iter()
                    .map(|mv| {
                        let mut next = pos.clone();
                        next[mv.from - 1] -= mv.coins;
                        if mv.from > 1 {
                            next[mv.from - 2] += mv.coins;
                        }
                        next
                    })
                    .collect();
                found.sort();
                closed.sort();
                assert_eq!(found, closed, "{pos:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 4 + 16 + 64 + 256);
    }
}
