//! Misère Nim: Nim where whoever takes the last token loses.
//!
//! Bouton (1901): play as in normal Nim unless every heap has at most one token; then the
//! player to move wins exactly when the number of 1-heaps is even. Equivalently, the
//! player to move loses when (some heap has 2 or more and the nim-sum is 0) or (no heap has
//! 2 or more and the number of 1-heaps is odd). The game itself is [`Nim`] searched with
//! [`Play::Misere`](crate::value::Play::Misere).
//!
//! [`Nim`]: crate::games::nim::Nim

use crate::games::nim::nim_sum;
use crate::value::Outcome;

/// The misère outcome for the player to move.
///
/// # Examples
///
/// ```
/// use grundy::games::misere_nim::outcome;
/// use grundy::Outcome;
/// // hdu1907's sample: 3 5 1 wins, a single heap of 1 loses.
/// assert_eq!(outcome(&[3, 5, 1]), Outcome::Win);
/// assert_eq!(outcome(&[1]), Outcome::Loss);
/// ```
pub fn outcome(heaps: &[u64]) -> Outcome {
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    is_loss(big, ones, nim_sum(heaps))
}

fn is_loss(big: usize, ones: usize, sum: u64) -> Outcome {
    let loss = if big == 0 { ones % 2 == 1 } else { sum == 0 };
    if loss {
        Outcome::Loss
    } else {
        Outcome::Win
    }
}

/// Every winning move of misère Nim, as `(heap_idx, new_size)`, in heap order (for each
/// heap, smaller new sizes first). Empty when the player to move loses.
///
/// # Examples
///
/// ```
/// use grundy::games::misere_nim::winning_moves;
/// // Taking the whole heap of 2 leaves one 1-heap: the opponent must take the last token.
/// assert_eq!(winning_moves(&[2, 1]), vec![(0, 0)]);
/// ```
pub fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    if outcome(heaps) == Outcome::Loss {
        return Vec::new();
    }
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    let sum = nim_sum(heaps);
    let mut res = Vec::new();
    for (heap_idx, &heap) in heaps.iter().enumerate() {
        let (big_rest, ones_rest) = (big - usize::from(heap >= 2), ones - usize::from(heap == 1));
        let rest_sum = sum ^ heap;
        // Candidate sizes: 0, 1 and the normal-play answer; each checked by the rule.
        let mut candidates = [0, 1, rest_sum];
        candidates.sort_unstable();
        let mut last = None;
        for size in candidates {
            if size >= heap || last == Some(size) {
                continue;
            }
            last = Some(size);
            let after = is_loss(
                big_rest + usize::from(size >= 2),
                ones_rest + usize::from(size == 1),
                rest_sum ^ size,
            );
            if after == Outcome::Loss {
                res.push((heap_idx, size));
            }
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::solve::strategy::optimal_moves;
    use crate::{Budget, Play};

    /// Outcome and every winning move against the engine on all 3-heap positions up to 6
    /// and all 4-heap positions up to 3.
    #[test]
    fn closed_form_matches_search() {
        let mut search = MemoSearch::new(&Nim, Outcomes(Play::Misere), Budget::default());
        let mut positions: Vec<Vec<u64>> = Vec::new();
        for a in 0..=6 {
            for b in 0..=6 {
                for c in 0..=6 {
                    positions.push(vec![a, b, c]);
                }
            }
        }
        for code in 0..256u64 {
            positions.push((0..4).map(|i| (code >> (2 * i)) & 3).collect());
        }
        let mut compared = 0;
        for heaps in &positions {
            let best = optimal_moves(&mut search, heaps).unwrap();
            assert_eq!(best.value, outcome(heaps), "{heaps:?}");
            let closed: Vec<Vec<u64>> = winning_moves(heaps)
                .into_iter()
                .map(|(i, size)| {
                    let mut next = heaps.clone();
                    next[i] = size;
                    next
                })
                .collect();
            let found: Vec<Vec<u64>> = if best.value == Outcome::Win {
                best.moves.into_iter().map(|m| m.mv.to).collect()
            } else {
                Vec::new()
            };
            assert_eq!(found, closed, "{heaps:?}");
            compared += 1;
        }
        assert_eq!(compared, 343 + 256);
    }
}
