//! Wythoff's game: two heaps; take any positive number from one heap, or the same positive
//! number from both.
//!
//! Wythoff (1907): the P-positions are the pairs `(a_k, b_k)` and `(b_k, a_k)` with
//! `a_k = floor(k φ)`, `b_k = floor(k φ²) = a_k + k`, `φ = (1 + √5) / 2`: the Beatty pairs.
//! Here everything is exact integer arithmetic, no floating point: since `√(5 k²)` is
//! irrational for `k > 0`, `a_k = floor((k + isqrt(5 k²)) / 2)`. Heaps below 2^62 use `u128`
//! (fast, the judge's path); larger ones, including any [`BigUint`], use big integers.

use std::ops::{Add, ControlFlow, Mul, Sub};

pub use num_bigint::BigUint;

use crate::model::{Game, Move};

/// Wythoff's game as a [`Game`]: a position is the two heaps.
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::Wythoff;
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&Wythoff, Outcomes(Play::Normal), Budget::default());
/// assert_eq!(search.value(&(3, 5)).unwrap(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = (u64, u64);

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<Move<(u64, u64)>>) {
        out.extend((0..a).map(|x| Move::to((x, b))));
        out.extend((0..b).map(|y| Move::to((a, y))));
        out.extend((1..=a.min(b)).map(|t| Move::to((a - t, b - t))));
    }

    /// One move at a time, in the order of [`Game::moves`]: no list of millions.
    fn for_each_move(
        &self,
        &(a, b): &(u64, u64),
        visit: &mut dyn FnMut(&Move<(u64, u64)>) -> ControlFlow<()>,
    ) {
        let on_a = (0..a).map(|x| (x, b));
        let on_b = (0..b).map(|y| (a, y));
        let on_both = (1..=a.min(b)).map(|t| (a - t, b - t));
        for to in on_a.chain(on_b).chain(on_both) {
            if visit(&Move::to(to)).is_break() {
                return;
            }
        }
    }

    fn max_moves(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        Some(a.saturating_add(b).saturating_add(a.min(b)))
    }

    fn reachable(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        Some(a.saturating_add(1).saturating_mul(b.saturating_add(1)))
    }
}

/// The integer operations the exact formulas need, for `u128` and [`BigUint`].
trait Exact: Clone + Ord + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> {
    fn small(value: u32) -> Self;
    fn isqrt(&self) -> Self;
    fn half(&self) -> Self;
}

impl Exact for u128 {
    fn small(value: u32) -> Self {
        value as u128
    }
    fn isqrt(&self) -> Self {
        crate::sequence::shape::isqrt_u128(*self)
    }
    fn half(&self) -> Self {
        self / 2
    }
}

impl Exact for BigUint {
    fn small(value: u32) -> Self {
        BigUint::from(value)
    }
    fn isqrt(&self) -> Self {
        self.sqrt()
    }
    fn half(&self) -> Self {
        self >> 1u32
    }
}

/// `a_k = floor(k φ) = (k + isqrt(5 k²)) / 2`.
fn lower<T: Exact>(k: &T) -> T {
    let root = (T::small(5) * k.clone() * k.clone()).isqrt();
    (k.clone() + root).half()
}

/// `b_k = a_k + k`.
fn upper<T: Exact>(k: &T) -> T {
    lower(k) + k.clone()
}

/// The heap `y` that makes `(x, y)` a P-position (every `x` has exactly one: the positive
/// integers split into the lower and the upper Beatty sequence), and the pair's index `k`.
fn partner<T: Exact>(x: &T) -> (T, T) {
    let zero = T::small(0);
    if *x == zero {
        return (zero.clone(), zero);
    }
    let root = (T::small(5) * x.clone() * x.clone()).isqrt();
    // x = a_k needs k = floor(x / φ) + 1 = (isqrt(5x²) - x) / 2 + 1.
    let k = (root.clone() - x.clone()).half() + T::small(1);
    if lower(&k) == *x {
        return (upper(&k), k);
    }
    // Otherwise x = b_k with k = floor(x / φ²) + 1 = (3x - isqrt(5x²) - 1) / 2 + 1.
    let k = (T::small(3) * x.clone() - root - T::small(1)).half() + T::small(1);
    debug_assert!(upper(&k) == *x, "every positive integer is a_k or b_k");
    (lower(&k), k)
}

fn is_p<T: Exact>(a: &T, b: &T) -> bool {
    partner(a).0 == *b
}

/// The P-positions reachable in one move from `(x, y)`.
fn winning<T: Exact>(x: &T, y: &T) -> Vec<(T, T)> {
    if is_p(x, y) {
        return Vec::new();
    }
    let mut res = Vec::new();
    let (px, _) = partner(x);
    if px < *y {
        res.push((x.clone(), px));
    }
    let (py, _) = partner(y);
    if py < *x {
        res.push((py, y.clone()));
    }
    let (low, high) = if x <= y { (x, y) } else { (y, x) };
    let diff = high.clone() - low.clone();
    let (a_d, b_d) = (lower(&diff), upper(&diff));
    if a_d < *low {
        res.push(if x <= y { (a_d, b_d) } else { (b_d, a_d) });
    }
    res.sort();
    res
}

/// Below this bound (2^30) a difference `k` has `5 k² < 2^64`: the P-position test takes one
/// `u64` square root.
const WORD: u64 = 1 << 30;

/// Below this bound the `u128` path is exact (5 x² < 2^127).
const SMALL: u64 = 1 << 62;

/// Heaps below which [`is_p_position`] first rules pairs out in floating point.
const NEAR: u64 = 1 << 40;

/// The golden ratio, (1 + √5) / 2, as a double.
const PHI: f64 = 1.618_033_988_749_895;

fn to_u64(value: BigUint) -> Option<u64> {
    u64::try_from(value).ok()
}

/// The `k`-th P-pair `(a_k, b_k)` = `(floor(k φ), floor(k φ²))`, exact for every `k`.
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::p_pair;
/// assert_eq!(p_pair(1), (1, 2));
/// assert_eq!(p_pair(4), (6, 10));
/// // floor(10^18 φ), checked against the 40-digit φ = 1.618033988749894848204586834365638117720.
/// assert_eq!(p_pair(1_000_000_000_000_000_000).0, 1_618_033_988_749_894_848);
/// ```
pub fn p_pair(k: u64) -> (u128, u128) {
    if k < SMALL {
        let k = k as u128;
        (lower(&k), upper(&k))
    } else {
        let (a, b) = p_pair_big(&BigUint::from(k));
        let fit = |v: BigUint| u128::try_from(v).expect("a_k < 2^66 for k < 2^64");
        (fit(a), fit(b))
    }
}

/// The `k`-th P-pair for any `k`, with big integers.
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::{p_pair_big, BigUint};
/// let k: BigUint = "100000000000000000000000000000".parse().unwrap();
/// let (a, b) = p_pair_big(&k);
/// assert_eq!(a.to_string(), "161803398874989484820458683436");
/// assert_eq!(b - a, k);
/// ```
pub fn p_pair_big(k: &BigUint) -> (BigUint, BigUint) {
    (lower(k), upper(k))
}

/// True when `(a, b)` is a P-position (the player to move loses).
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::is_p_position;
/// // poj1067's sample: (2, 1) and (4, 7) lose, (8, 4) wins.
/// assert!(is_p_position(2, 1) && is_p_position(4, 7) && !is_p_position(8, 4));
/// ```
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (low, high) = (a.min(b), a.max(b));
    let k = high - low;
    if high < NEAR {
        // At a P-position high - φ low = k - low / φ lies in [0, 1/φ) (low = ⌊k φ⌋, so
        // k φ - 1 < low <= k φ); below 2^40 a double is off by less than 2^-12, so a pair
        // 2 or more from that line is an N-position without a square root (most moves of a
        // large Wythoff position are, and a solve values each).
        let off = high as f64 - low as f64 * PHI;
        if !(-2.0..2.0).contains(&off) {
            return false;
        }
    }
    if k < WORD {
        // (low, high) is a P-position exactly when low = a_k for k = high - low: one
        // square root in a machine word (5 k² < 2^64).
        return low == (k + (5 * k * k).isqrt()) / 2;
    }
    if high < SMALL {
        is_p(&(a as u128), &(b as u128))
    } else {
        is_p(&BigUint::from(a), &BigUint::from(b))
    }
}

/// [`is_p_position`] for heaps of any size.
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::{is_p_position_big, p_pair_big, BigUint};
/// let (a, b) = p_pair_big(&BigUint::from(10u32).pow(40));
/// assert!(is_p_position_big(&b, &a));
/// assert!(!is_p_position_big(&(a + 1u32), &b));
/// ```
pub fn is_p_position_big(a: &BigUint, b: &BigUint) -> bool {
    is_p(a, b)
}

/// The pair index `k` and partner of one heap: `(x, partner)` is the P-position containing
/// `x`, and `k = |partner - x|`.
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::partner_of;
/// assert_eq!(partner_of(6), (10, 4));
/// assert_eq!(partner_of(10), (6, 4));
/// ```
pub fn partner_of(x: u64) -> (u128, u128) {
    if x < SMALL {
        partner(&(x as u128))
    } else {
        let (p, k) = partner(&BigUint::from(x));
        let fit = |v: BigUint| u128::try_from(v).expect("partners of u64 heaps fit u128");
        (fit(p), fit(k))
    }
}

/// Every winning move from `(a, b)`, as the position it leaves (sorted); empty when the
/// player to move loses.
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::winning_moves;
/// // 4 pairs with 7 (a_3 = 4, b_3 = 7): take 1 from the heap of 8.
/// assert_eq!(winning_moves(8, 4), vec![(7, 4)]);
/// assert_eq!(winning_moves(10, 10), vec![(0, 0), (6, 10), (10, 6)]);
/// assert!(winning_moves(3, 5).is_empty());
/// ```
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    if a.max(b) < SMALL {
        winning(&(a as u128), &(b as u128))
            .into_iter()
            .map(|(x, y)| (x as u64, y as u64))
            .collect()
    } else {
        winning(&BigUint::from(a), &BigUint::from(b))
            .into_iter()
            .filter_map(|(x, y)| Some((to_u64(x)?, to_u64(y)?)))
            .collect()
    }
}

/// [`winning_moves`] for heaps of any size.
///
/// # Examples
///
/// ```
/// use grundy::games::wythoff::{winning_moves_big, BigUint};
/// let moves = winning_moves_big(&BigUint::from(8u32), &BigUint::from(4u32));
/// assert_eq!(moves, vec![(BigUint::from(7u32), BigUint::from(4u32))]);
/// ```
pub fn winning_moves_big(a: &BigUint, b: &BigUint) -> Vec<(BigUint, BigUint)> {
    winning(a, b)
}

#[cfg(test)]
mod tests;
