//! Nim: heaps of tokens; a move takes any positive number of tokens from one heap.
//!
//! Bouton (1901): the player to move loses exactly when the XOR of the heaps (the nim-sum)
//! is 0, and each heap is its own component with nimber equal to its size.

use std::ops::ControlFlow;

use crate::model::{Components, Game, Move};

/// Nim on a row of heaps. A position is the list of heap sizes.
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::Game;
/// let mut moves = Vec::new();
/// Nim.moves(&vec![2, 1], &mut moves);
/// assert_eq!(moves.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;

    fn heap_bytes(&self, pos: &Vec<u64>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        for (heap_idx, &heap) in pos.iter().enumerate() {
            for smaller in 0..heap {
                let mut next = pos.clone();
                next[heap_idx] = smaller;
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
        for (heap_idx, &heap) in pos.iter().enumerate() {
            for smaller in 0..heap {
                mv.to[heap_idx] = smaller;
                if visit(&mv).is_break() {
                    return;
                }
            }
            mv.to[heap_idx] = heap;
        }
    }

    fn max_moves(&self, pos: &Vec<u64>) -> Option<u64> {
        Some(pos.iter().fold(0u64, |sum, &heap| sum.saturating_add(heap)))
    }

    /// Every row of heaps no larger, heap by heap, is reachable; rows that differ only in
    /// order are counted once (at most `n!` rows share their heaps), so this also bounds the
    /// rows kept sorted.
    fn reachable(&self, pos: &Vec<u64>) -> Option<u64> {
        Some(crate::games::moore::rows_below(pos))
    }
}

impl Components for Nim {
    fn components(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// The nim-sum (XOR) of the heaps: 0 exactly when the player to move loses.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::nim::nim_sum(&[1, 2, 3]), 0);
/// ```
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &h| acc ^ h)
}

/// The winning moves of normal-play Nim: each `(heap_idx, new_size)` leaves nim-sum 0.
/// Empty when the nim-sum is already 0 (the player to move loses).
///
/// # Examples
///
/// ```
/// // 7 ^ 11 ^ 13 = 1: each heap can be reduced to restore nim-sum 0.
/// assert_eq!(grundy::games::nim::winning_moves(&[7, 11, 13]), vec![(0, 6), (1, 10), (2, 12)]);
/// ```
pub fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    moves_to_value(heaps, 0)
}

/// Every move to a row of nim-sum `value`, as `(heap index, new size)`: heap `h` goes to
/// `h ^ nim_sum ^ value` where that is smaller (a row in a sum wins by moving to the value
/// that makes the whole sum 0, which may be above its own).
///
/// # Examples
///
/// ```
/// // 3 ^ 5 = 6; to reach 7 a heap changes by 6 ^ 7 = 1: 3 -> 2 or 5 -> 4.
/// assert_eq!(grundy::games::nim::moves_to_value(&[3, 5], 7), vec![(0, 2), (1, 4)]);
/// ```
pub fn moves_to_value(heaps: &[u64], value: u64) -> Vec<(usize, u64)> {
    let change = nim_sum(heaps) ^ value;
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ change < h)
        .map(|(heap_idx, &h)| (heap_idx, h ^ change))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::solve::strategy::optimal_moves;
    use crate::{Budget, Outcome, Play};

    /// `reachable` is at most the rows a plain walk finds, counted as tuples and counted up
    /// to order (sorted, zeros dropped, as the front door stores them), on every row of
    /// three heaps up to 4.
    #[test]
    fn reachable_bounds_the_sorted_rows() {
        let sorted = |row: &[u64]| {
            let mut row: Vec<u64> = row.iter().copied().filter(|&h| h > 0).collect();
            row.sort_unstable();
            row
        };
        for code in 0..125u64 {
            let pos = vec![code % 5, code / 5 % 5, code / 25];
            crate::testing::check_bounds(&Nim, &pos);
            let mut seen = std::collections::HashSet::from([sorted(&pos)]);
            let mut todo = vec![pos.clone()];
            let mut moves = Vec::new();
            while let Some(at) = todo.pop() {
                moves.clear();
                Nim.moves(&at, &mut moves);
                for mv in moves.drain(..) {
                    if seen.insert(sorted(&mv.to)) {
                        todo.push(mv.to);
                    }
                }
            }
            assert!(Nim.reachable(&pos).unwrap() <= seen.len() as u64, "{pos:?}");
        }
    }

    /// Bouton's winning moves are exactly the engine's optimal moves, on every position of
    /// three heaps up to 6.
    #[test]
    fn winning_moves_match_search() {
        let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default());
        let mut compared = 0;
        for a in 0..=6u64 {
            for b in 0..=6 {
                for c in 0..=6 {
                    let heaps = vec![a, b, c];
                    let best = optimal_moves(&mut search, &heaps).unwrap();
                    let closed: Vec<Vec<u64>> = winning_moves(&heaps)
                        .into_iter()
                        .map(|(i, size)| {
                            let mut next = heaps.clone();
                            next[i] = size;
                            next
                        })
                        .collect();
                    if best.value == Outcome::Win {
                        let found: Vec<Vec<u64>> =
                            best.moves.into_iter().map(|m| m.mv.to).collect();
                        assert_eq!(found, closed, "{heaps:?}");
                    } else {
                        assert!(closed.is_empty());
                    }
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 343);
    }
}
