//! Fibonacci Nim: one heap; the first move takes any number but not all, and each later
//! move takes at least 1 and at most twice what the opponent just took; taking the last
//! token wins.
//!
//! Whinihan (1963): write the heap as a sum of non-consecutive Fibonacci numbers (its
//! Zeckendorf representation). A position `(heap, max_take)` is a win for the player to
//! move exactly when the smallest Zeckendorf term is at most `max_take`, and taking that
//! term wins. At the start (`max_take = heap - 1`) the first player loses exactly when the
//! heap is a Fibonacci number.

use crate::model::{Game, Move};
use crate::value::Outcome;

/// Fibonacci Nim as a [`Game`]: a position is `(heap, max_take)`, the tokens left and the
/// most the player to move may take.
///
/// # Examples
///
/// ```
/// use grundy::games::fibonacci_nim::{FibonacciNim, start};
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&FibonacciNim, Outcomes(Play::Normal), Budget::default());
/// assert_eq!(search.value(&start(13)).unwrap(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNim;

impl Game for FibonacciNim {
    type Position = (u64, u64);

    fn moves(&self, &(heap, max_take): &(u64, u64), out: &mut Vec<Move<(u64, u64)>>) {
        out.extend(
            (1..=max_take.min(heap)).map(|take| Move::to((heap - take, take.saturating_mul(2)))),
        );
    }

    fn max_moves(&self, &(heap, max_take): &(u64, u64)) -> Option<u64> {
        Some(max_take.min(heap))
    }

    /// The positions `(heap - t - s, 2s)` two moves away (a first take `t`, then `s <= 2t`)
    /// are distinct for distinct `(t + s, s)`, so there are at least as many as such pairs:
    /// the sum over `t` of `min(2t, heap - t)`, counted here in closed form by where `2t`
    /// passes `heap - t`.
    fn reachable(&self, &(heap, max_take): &(u64, u64)) -> Option<u64> {
        let takes = max_take.min(heap);
        // 2t <= heap - t exactly while t <= heap / 3.
        let rising = takes.min(heap / 3);
        let doubled = rising.saturating_mul(rising + 1);
        // For t in (rising, takes]: heap - t, a falling run from heap - rising - 1.
        let rest = takes - rising;
        let falling = if rest == 0 {
            0
        } else {
            let top = heap - rising - 1;
            // (top + (top - rest + 1)) * rest / 2, without overflow for heaps of 2^24.
            let (first, last) = (u128::from(top), u128::from(top + 1 - rest));
            u64::try_from((first + last) * u128::from(rest) / 2).unwrap_or(u64::MAX)
        };
        Some(doubled.saturating_add(falling).saturating_add(1))
    }
}

/// The starting position of a heap: the first move may take all but one token.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::fibonacci_nim::start(10), (10, 9));
/// ```
pub fn start(heap: u64) -> (u64, u64) {
    (heap, heap.saturating_sub(1))
}

/// The Zeckendorf representation of `n`: distinct, non-consecutive Fibonacci numbers
/// (from 1, 2, 3, 5, ...) summing to `n`, largest first.
///
/// # Examples
///
/// ```
/// use grundy::games::fibonacci_nim::zeckendorf;
/// assert_eq!(zeckendorf(100), vec![89, 8, 3]);
/// assert!(zeckendorf(0).is_empty());
/// ```
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        if next > n {
            break;
        }
        fibs.push(next);
    }
    let mut res = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            res.push(f);
            n -= f;
        }
    }
    res
}

/// The outcome of `(heap, max_take)` for the player to move.
///
/// # Examples
///
/// ```
/// use grundy::games::fibonacci_nim::{outcome, start};
/// use grundy::Outcome;
/// // hdu2516's sample: 2 and 13 are Fibonacci (second player wins), 10000 is not.
/// assert_eq!(outcome(start(2)), Outcome::Loss);
/// assert_eq!(outcome(start(13)), Outcome::Loss);
/// assert_eq!(outcome(start(10000)), Outcome::Win);
/// ```
pub fn outcome((heap, max_take): (u64, u64)) -> Outcome {
    // The judge's start positions (any take but all of the heap) ask only whether the heap is
    // a Fibonacci number, its own single Zeckendorf term: a binary search, not the greedy.
    if heap > 0 && max_take.saturating_add(1) >= heap {
        let lone_term = max_take < heap && FIBS.binary_search(&heap).is_ok();
        return if lone_term {
            Outcome::Loss
        } else {
            Outcome::Win
        };
    }
    match winning_take((heap, max_take)) {
        Some(_) => Outcome::Win,
        None => Outcome::Loss,
    }
}

/// The Zeckendorf winning move: take the smallest Zeckendorf term, when it is allowed.
///
/// # Examples
///
/// ```
/// use grundy::games::fibonacci_nim::winning_take;
/// assert_eq!(winning_take((100, 99)), Some(3));
/// assert_eq!(winning_take((100, 2)), None);
/// ```
pub fn winning_take((heap, max_take): (u64, u64)) -> Option<u64> {
    let smallest = smallest_term(heap)?;
    (smallest <= max_take).then_some(smallest)
}

/// The Fibonacci numbers 1, 2, 3, 5, ... that fit in a u64 (the 92nd is the largest).
const FIBS: [u64; 92] = {
    let mut fibs = [0u64; 92];
    fibs[0] = 1;
    fibs[1] = 2;
    let mut i = 2;
    while i < fibs.len() {
        fibs[i] = fibs[i - 1] + fibs[i - 2];
        i += 1;
    }
    fibs
};

/// The smallest term of `n`'s Zeckendorf representation (the last of [`zeckendorf`]), without
/// allocating: greedy from the largest Fibonacci number at most `n`.
/// `None` for 0.
fn smallest_term(mut n: u64) -> Option<u64> {
    // Branch-free (conditional moves): whether a term is taken is a coin toss for the
    // branch predictor, and mispredictions dominated the judge's time.
    let mut smallest = 0;
    for &f in FIBS[..FIBS.partition_point(|&f| f <= n)].iter().rev() {
        let take = f <= n;
        n -= if take { f } else { 0 };
        smallest = if take { f } else { smallest };
    }
    (smallest > 0).then_some(smallest)
}

/// Every winning move from `(heap, max_take)` as the number taken, checked by the closed
/// form on each allowed take; `None` when there are more than `limit` takes to check.
///
/// # Examples
///
/// ```
/// use grundy::games::fibonacci_nim::winning_takes;
/// assert_eq!(winning_takes((10, 9), 1000), Some(vec![2]));
/// assert_eq!(winning_takes((4, 8), 1000), Some(vec![1, 4]));
/// ```
pub fn winning_takes((heap, max_take): (u64, u64), limit: u64) -> Option<Vec<u64>> {
    let most = max_take.min(heap);
    if most > limit {
        return None;
    }
    Some(
        (1..=most)
            .filter(|&take| outcome((heap - take, take.saturating_mul(2))) == Outcome::Loss)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `reachable` is at most the positions a plain walk finds, and `max_moves` the moves,
    /// on every position of at most 40 tokens; and it grows like heap^2 / 3.
    #[test]
    fn bounds_hold_on_small_heaps() {
        let mut moves = Vec::new();
        for heap in 0..40 {
            for max_take in 0..=heap + 2 {
                moves.clear();
                FibonacciNim.moves(&(heap, max_take), &mut moves);
                assert_eq!(
                    FibonacciNim.max_moves(&(heap, max_take)),
                    Some(moves.len() as u64)
                );
                crate::testing::check_bounds(&FibonacciNim, &(heap, max_take));
            }
        }
        let big = FibonacciNim.reachable(&start(1 << 24)).unwrap();
        assert!(big > (1u64 << 48) / 4, "{big}");
    }

    /// The allocation-free smallest term is the last term of [`zeckendorf`], for every
    /// n below 100,000 and near the top of u64.
    #[test]
    fn smallest_term_is_the_last_zeckendorf_term() {
        let mut compared = 0;
        for n in (0..100_000).chain(u64::MAX - 1000..=u64::MAX) {
            assert_eq!(smallest_term(n), zeckendorf(n).last().copied(), "{n}");
            compared += 1;
        }
        assert_eq!(compared, 101_001);
    }

    /// The start-position shortcut in [`outcome`] agrees with the greedy winning take on
    /// every heap below 100,000 (and near the top of u64) with a take limit of heap - 1 or
    /// more; the memo search checks both on the small heaps in the next test.
    #[test]
    fn start_shortcut_matches_greedy() {
        let mut compared = 0;
        for heap in (0..100_000).chain(u64::MAX - 1000..=u64::MAX) {
            for max_take in [heap.saturating_sub(1), heap, heap.saturating_add(1)] {
                let greedy = match winning_take((heap, max_take)) {
                    Some(_) => Outcome::Win,
                    None => Outcome::Loss,
                };
                assert_eq!(outcome((heap, max_take)), greedy, "{heap} {max_take}");
                compared += 1;
            }
        }
        assert_eq!(compared, 3 * 101_001);
    }
    use crate::games::subtraction::is_fibonacci;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::solve::strategy::optimal_moves;
    use crate::{Budget, Play};

    /// Outcome and every winning move against the engine on every (heap, max_take) with
    /// heap <= 60 and max_take <= heap; the start positions lose exactly at Fibonacci heaps.
    #[test]
    fn closed_form_matches_search() {
        let mut search = MemoSearch::new(&FibonacciNim, Outcomes(Play::Normal), Budget::default());
        let mut compared = 0;
        for heap in 0..=60u64 {
            for max_take in 0..=heap {
                let pos = (heap, max_take);
                let best = optimal_moves(&mut search, &pos).unwrap();
                assert_eq!(best.value, outcome(pos), "{pos:?}");
                let found: Vec<u64> = if best.value == Outcome::Win {
                    best.moves.iter().map(|m| heap - m.mv.to.0).collect()
                } else {
                    Vec::new()
                };
                assert_eq!(Some(found.clone()), winning_takes(pos, 100), "{pos:?}");
                if let Some(take) = winning_take(pos) {
                    assert!(found.contains(&take));
                }
                compared += 1;
            }
            if heap >= 2 {
                assert_eq!(outcome(start(heap)) == Outcome::Loss, is_fibonacci(heap));
            }
        }
        assert_eq!(compared, 61 * 62 / 2);
    }

    #[test]
    fn zeckendorf_terms_are_non_consecutive_fibonacci() {
        for n in 0..5000u64 {
            let terms = zeckendorf(n);
            assert_eq!(terms.iter().sum::<u64>(), n);
            assert!(terms.iter().all(|&t| is_fibonacci(t)));
            for pair in terms.windows(2) {
                // Two consecutive Fibonacci numbers would sum to a Fibonacci number;
                // f_i + f_j with j <= i - 2 lies strictly between f_i and f_(i+1).
                assert!(!is_fibonacci(pair[0] + pair[1]), "{n}: {terms:?}");
            }
        }
        assert_eq!(
            zeckendorf(u64::MAX)
                .iter()
                .fold(0u64, |a, &t| a.wrapping_add(t)),
            u64::MAX
        );
    }
}
