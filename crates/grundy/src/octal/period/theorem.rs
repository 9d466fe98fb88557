//! The Octal Game Periodicity Theorem on a slice of values: the periods they prove, and
//! how many values a period needs ([`proof_length`]). Pure functions of the values and the
//! code, below the sequence that computes them.
//!
//! Guy and Smith (1956): for a code whose largest take is t and whose moves leave at most
//! h heaps, if G(n + p) = G(n) for every n with e <= n < L, where
//! L = max(h e + (h - 1) p + t, t + 1), then G(n + p) = G(n) for every n >= e.

use std::fmt;

use serde::Serialize;

use super::super::code::TakeAndBreak;

/// A period p from heap size e on: G(n + p) = G(n) for all n >= e.
///
/// # Examples
///
/// ```
/// use grundy::octal::period::{proof_length, Period};
/// let kayles = Period { period: 12, preperiod: 71 };
/// assert_eq!(proof_length(&"0.77".parse().unwrap(), kayles), 168);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Period {
    /// p, at least 1.
    pub period: usize,
    /// e, the first heap size of the periodic part.
    pub preperiod: usize,
}

/// What is known of a sequence's periodicity (serialised with a `kind` tag:
/// `periodic`, `arithmetic_periodic` or `not_found`).
///
/// # Examples
///
/// ```
/// use grundy::octal::period::Verdict;
/// let v = Verdict::Periodic { period: 34, preperiod: 53, proved_at: 193 };
/// assert_eq!(v.to_string(), "periodic, period 34, preperiod 53, proved at n = 193");
/// assert_eq!(Verdict::NotFound { up_to: 99 }.to_string(), "no period found up to 99");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Verdict {
    /// Periodic, proved by the theorem with the values up to heap size `proved_at`.
    Periodic {
        /// p.
        period: usize,
        /// e.
        preperiod: usize,
        /// The largest heap size whose value the proof needed.
        proved_at: usize,
    },
    /// G(n + p) = G(n) + s for `preperiod <= n <= observed_to - p`; not proved.
    ArithmeticPeriodic {
        /// p.
        period: usize,
        /// e.
        preperiod: usize,
        /// s, the saltus (non-zero).
        saltus: i64,
        /// The largest heap size computed.
        observed_to: usize,
    },
    /// No proved period among the values up to heap size `up_to`.
    NotFound {
        /// The largest heap size computed.
        up_to: usize,
    },
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Verdict::Periodic {
                period,
                preperiod,
                proved_at,
            } => write!(
                f,
                "periodic, period {period}, preperiod {preperiod}, proved at n = {proved_at}"
            ),
            Verdict::ArithmeticPeriodic {
                period,
                preperiod,
                saltus,
                observed_to,
            } => write!(
                f,
                "arithmetic-periodic, period {period}, preperiod {preperiod}, saltus {saltus:+}, observed up to n = {observed_to} (not proved: the octal periodicity theorem does not apply to arithmetic periodicity)"
            ),
            Verdict::NotFound { up_to } => write!(f, "no period found up to {up_to}"),
        }
    }
}

/// The number of values, G(0) .. G(len - 1), that prove `period` for `game`.
///
/// # Examples
///
/// ```
/// use grundy::octal::period::{proof_length, Period};
/// // 0.16: 2(105351 + 149459) + 2 values (Gangolli and Plambeck 1989).
/// let p = Period { period: 149459, preperiod: 105351 };
/// assert_eq!(proof_length(&"0.16".parse().unwrap(), p), 509622);
/// ```
pub fn proof_length(game: &TakeAndBreak, period: Period) -> usize {
    let (h, t) = (game.max_heaps(), game.max_take());
    let (e, p) = (period.preperiod, period.period);
    let checked_below = (h * e + (h - 1) * p + t).max(t + 1);
    checked_below + p
}

/// Whether the values G(0 .. have), read by `get` (`None` for one not kept), prove
/// `period` for `game`: every value up to its [`proof_length`] must be kept and agree; the
/// later ones that are kept must agree too (they do, if the theorem holds: a mismatch
/// would be a bug, refused rather than extended).
pub(crate) fn proves(
    game: &TakeAndBreak,
    period: Period,
    have: usize,
    get: impl Fn(usize) -> Option<u16>,
) -> bool {
    let (p, e) = (period.period, period.preperiod);
    let needed = proof_length(game, period);
    let agrees = |n: usize| match (get(n), get(n - p)) {
        (Some(a), Some(b)) => Some(a == b),
        _ => None,
    };
    p >= 1
        && needed <= have
        && (e + p..needed).all(|n| agrees(n) == Some(true))
        && (needed.max(e + p)..have).all(|n| agrees(n) != Some(false))
}

/// The tails of one slice of values under shifts p taken in increasing order: for each, the
/// least e with G(n + p) - G(n) = s for all e <= n < len - p (len - p when even the last
/// pair differs), s being 0 for a period, or a saltus, wanted only where it is at most a
/// bound (the preperiod a proof or a report can use).
///
/// A scan down from the end until a pair differs would compare every matching pair, and
/// a periodic stretch matches every multiple of its period: quadratic (0.376, period 4 from
/// n = 2,268,248, took minutes between there and its proof at 4,536,506). So:
/// - the pairs between the bound and the end are checked first from the bound up, where a
///   nearly periodic run has its exceptions: a tail above the bound is rejected at the
///   first pair that differs there;
/// - a shift k b whose divisor b held (with saltus s / k) for at least b pairs, a *base*,
///   is known to hold down to b's tail (the divisor's reaching furthest back): there
///   G(n + k b) - G(n) = k (G(n + b) - G(n)) in k steps of b. A shift whose tail reaches a
///   whole shift past its divisors' is a base too.
struct Tails<'a> {
    values: &'a [u16],
    /// The bases, with their tail's start and saltus: at most [`Tails::BASES`] (a later
    /// one is not kept; only the speed changes).
    bases: Vec<(usize, usize, i64)>,
    /// The pairs compared so far, for the tests.
    #[cfg(test)]
    scanned: usize,
}

impl<'a> Tails<'a> {
    const BASES: usize = 64;

    fn new(values: &'a [u16]) -> Tails<'a> {
        Tails {
            values,
            bases: Vec::new(),
            #[cfg(test)]
            scanned: 0,
        }
    }

    /// G(n + p) - G(n), for n + p < len.
    fn diff(&self, n: usize, p: usize) -> i64 {
        diff(self.values, n, p)
    }

    /// The tail of shift p (1 <= p < len, each p once and in increasing order) with saltus
    /// `saltus`, if it starts at or below `bound`.
    fn start(&mut self, p: usize, saltus: i64, bound: usize) -> Option<usize> {
        let top = self.values.len() - p;
        // Most shifts differ at once: no base to look up.
        if self.diff(top - 1, p) != saltus {
            return (top <= bound).then_some(top);
        }
        let base = self
            .bases
            .iter()
            .filter(|&&(b, _, s)| {
                p.is_multiple_of(b) && s.checked_mul((p / b) as i64) == Some(saltus)
            })
            .map(|&(_, e, _)| e)
            .min();
        let from = base.map_or(top, |e| e.min(top));
        let values = self.values;
        let holds = move |n: usize| diff(values, n, p) == saltus;
        let mut n = from;
        if bound < from {
            let differs = (bound..from).find(|&n| !holds(n));
            #[cfg(test)]
            {
                self.scanned += differs.map_or(from, |n| n + 1) - bound;
            }
            if differs.is_some() {
                return None;
            }
            n = bound;
        }
        #[cfg(test)]
        let below = n;
        while n > 0 && holds(n - 1) {
            n -= 1;
        }
        #[cfg(test)]
        {
            self.scanned += below - n;
        }
        let further = base.is_none_or(|e| n + p <= e);
        if further && top - n >= p && self.bases.len() < Self::BASES {
            self.bases.push((p, n, saltus));
        }
        Some(n)
    }
}

/// G(n + p) - G(n) for `values` = G(0 ..).
fn diff(values: &[u16], n: usize, p: usize) -> i64 {
    i64::from(values[n + p]) - i64::from(values[n])
}

/// The largest preperiod e with which period p needs at most `len` values for `game`.
fn preperiod_bound(game: &TakeAndBreak, p: usize, len: usize) -> Option<usize> {
    let (h, t) = (game.max_heaps(), game.max_take());
    // proof_length = max(h e + (h - 1) p + t, t + 1) + p, non-decreasing in e.
    if proof_length(
        game,
        Period {
            period: p,
            preperiod: 0,
        },
    ) > len
    {
        return None;
    }
    Some(len.checked_sub(h * p + t).map_or(0, |room| room / h))
}

/// The least period (and its least preperiod) that `values` prove for `game`, if any.
///
/// The least provable period is the true least period: if p is proved, the least period
/// divides it, holds from a preperiod no later, and so needs no more values.
///
/// # Examples
///
/// ```
/// use grundy::octal::{period, Method, Sequence};
/// let mut seq = Sequence::new("0.07".parse().unwrap(), Method::Direct, grundy::Budget::default()).unwrap();
/// seq.extend_to(200).unwrap();
/// let found = period::find_proved(seq.values(), seq.game()).unwrap();
/// assert_eq!((found.period, found.preperiod), (34, 53));
/// ```
pub fn find_proved(values: &[u16], game: &TakeAndBreak) -> Option<Period> {
    let len = values.len();
    let mut tails = Tails::new(values);
    (1..=len / 2).find_map(|p| {
        let bound = preperiod_bound(game, p, len)?;
        let preperiod = tails.start(p, 0, bound)?;
        Some(Period {
            period: p,
            preperiod,
        })
    })
}

/// The fewest values that could prove a period already visible in `values` (repeated
/// over at least one full period), when that is more than `values.len()`.
pub(super) fn next_candidate(values: &[u16], game: &TakeAndBreak) -> Option<usize> {
    let len = values.len();
    let mut tails = Tails::new(values);
    (1..=len / 2)
        .filter_map(|p| {
            let preperiod = tails.start(p, 0, len - 2 * p)?;
            Some(proof_length(
                game,
                Period {
                    period: p,
                    preperiod,
                },
            ))
        })
        .filter(|&needed| needed > len)
        .min()
}

/// An arithmetic period visible in `values`: the least p with G(n + p) - G(n) = s != 0
/// for every n from e on, seen over at least three full periods and half the values.
///
/// # Examples
///
/// ```
/// use grundy::octal::period::find_arithmetic;
/// let values: Vec<u16> = (0..60).map(|n| (n / 3 * 2 + n % 3) as u16).collect();
/// let (period, saltus) = find_arithmetic(&values).unwrap();
/// assert_eq!((period.period, period.preperiod, saltus), (3, 0, 2));
/// ```
pub fn find_arithmetic(values: &[u16]) -> Option<(Period, i64)> {
    let len = values.len();
    let mut tails = Tails::new(values);
    for p in 1..=len / 4 {
        let saltus = tails.diff(len - p - 1, p);
        if saltus == 0 {
            continue;
        }
        if let Some(e) = tails.start(p, saltus, (len - 3 * p).min(len / 2)) {
            return Some((
                Period {
                    period: p,
                    preperiod: e,
                },
                saltus,
            ));
        }
    }
    None
}

/// The verdict on the values computed so far.
///
/// # Examples
///
/// ```
/// use grundy::octal::{period, Method, Sequence};
/// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Direct, grundy::Budget::default()).unwrap();
/// seq.extend_to(100).unwrap();
/// assert_eq!(period::verdict(seq.values(), seq.game()).to_string(), "no period found up to 99");
/// ```
pub fn verdict(values: &[u16], game: &TakeAndBreak) -> Verdict {
    if let Some(period) = find_proved(values, game) {
        return Verdict::Periodic {
            period: period.period,
            preperiod: period.preperiod,
            proved_at: proof_length(game, period) - 1,
        };
    }
    let last = values.len().saturating_sub(1);
    if !game.is_octal() {
        if let Some((period, saltus)) = find_arithmetic(values) {
            return Verdict::ArithmeticPeriodic {
                period: period.period,
                preperiod: period.preperiod,
                saltus,
                observed_to: last,
            };
        }
    }
    Verdict::NotFound { up_to: last }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The tail of shift p with saltus s, by the plain scan.
    fn plain_tail(values: &[u16], p: usize, saltus: i64) -> usize {
        let diff = |n: usize| i64::from(values[n + p]) - i64::from(values[n]);
        let mut n = values.len() - p;
        while n > 0 && diff(n - 1) == saltus {
            n -= 1;
        }
        n
    }

    /// Values with an exceptional start, then a period q (with a saltus per period), then
    /// optionally one changed value: periodic stretches whose multiples the shortcut
    /// takes, and stretches it must not trust past a change.
    fn values() -> impl Strategy<Value = Vec<u16>> {
        (
            prop::collection::vec(0u16..6, 0..40),
            prop::collection::vec(0u16..6, 1..10),
            0u16..3,
            20usize..160,
            prop::option::of((0usize..200, 0u16..6)),
        )
            .prop_map(|(start, period, saltus, len, change)| {
                let mut values = start;
                for i in 0..len {
                    values.push(period[i % period.len()] + saltus * (i / period.len()) as u16);
                }
                if let Some((at, value)) = change {
                    let at = at % values.len();
                    values[at] = value;
                }
                values
            })
    }

    proptest! {
        /// Every shift's tail, periodic and arithmetic, is the plain scan's where it lies
        /// within the bound, and none is given where it does not.
        #[test]
        fn tails_agree_with_the_plain_scan(values in values(), bound in 0usize..200) {
            let len = values.len();
            let mut periodic = Tails::new(&values);
            let mut arithmetic = Tails::new(&values);
            for p in 1..len {
                let plain = plain_tail(&values, p, 0);
                prop_assert_eq!(
                    periodic.start(p, 0, bound),
                    (plain <= bound).then_some(plain),
                    "p = {}", p
                );
                let saltus = arithmetic.diff(len - p - 1, p);
                let plain = plain_tail(&values, p, saltus);
                prop_assert_eq!(
                    arithmetic.start(p, saltus, bound),
                    (plain <= bound).then_some(plain),
                    "p = {}, saltus {}", p, saltus
                );
            }
        }

        /// The period search answers as its plain form (every shift scanned in full).
        #[test]
        fn the_period_search_agrees_with_the_plain_one(values in values(), code in 0usize..4) {
            let game: TakeAndBreak = ["0.07", "0.376", "0.F", "4.7"][code].parse().unwrap();
            let len = values.len();
            let plain = (1..=len / 2)
                .map(|p| Period { period: p, preperiod: plain_tail(&values, p, 0) })
                .find(|&period| proof_length(&game, period) <= len);
            prop_assert_eq!(find_proved(&values, &game), plain);
            let wanted = (1..=len / 2)
                .map(|p| Period { period: p, preperiod: plain_tail(&values, p, 0) })
                .filter(|period| period.preperiod + 2 * period.period <= len)
                .map(|period| proof_length(&game, period))
                .filter(|&needed| needed > len)
                .min();
            prop_assert_eq!(next_candidate(&values, &game), wanted);
            let arithmetic = (1..=len / 4).find_map(|p| {
                let saltus = i64::from(values[len - 1]) - i64::from(values[len - 1 - p]);
                let e = plain_tail(&values, p, saltus);
                (saltus != 0 && e + 3 * p <= len && 2 * e <= len)
                    .then_some((Period { period: p, preperiod: e }, saltus))
            });
            prop_assert_eq!(find_arithmetic(&values), arithmetic);
        }
    }

    /// The preperiod bound is the largest preperiod a proof of that length allows.
    #[test]
    fn preperiod_bound_is_the_largest_allowed() {
        for code in ["0.07", "0.376", "0.F", "4.7", "0.5", "0.0000007"] {
            let game: TakeAndBreak = code.parse().unwrap();
            for p in 1..20 {
                for len in 0..200 {
                    let fits = |e| {
                        proof_length(
                            &game,
                            Period {
                                period: p,
                                preperiod: e,
                            },
                        ) <= len
                    };
                    let largest = (0..=len).rev().find(|&e| fits(e));
                    assert_eq!(
                        preperiod_bound(&game, p, len),
                        largest,
                        "{code}, p {p}, len {len}"
                    );
                }
            }
        }
    }

    /// A long periodic stretch: its multiples come from the one scan of its period (the
    /// pairs compared stay linear in the length, though shifts 1 and 4, divisors of the
    /// period, hold for a few pairs at the end), and the period is found as the plain scan
    /// finds it: wanted, then proved.
    #[test]
    fn a_periodic_stretch_is_scanned_once() {
        let game: TakeAndBreak = "0.376".parse().unwrap();
        let stretch = |len: usize| {
            let mut values: Vec<u16> = (0..5000).map(|n| (n * 7 % 13) as u16).collect();
            values.extend((0..len).map(|n| [3, 3, 3, 1, 3, 3, 3, 4][n % 8]));
            values
        };
        let short = stretch(4003);
        let period = Period {
            period: 8,
            preperiod: plain_tail(&short, 8, 0),
        };
        assert!(period.preperiod <= 5000);
        let mut tails = Tails::new(&short);
        for p in 1..=short.len() / 2 {
            tails.start(p, 0, short.len() - 2 * p);
        }
        assert!(tails.bases.iter().any(|b| b.0 == 8));
        assert!(
            tails.scanned < 4 * short.len(),
            "{} pairs compared",
            tails.scanned
        );
        assert_eq!(find_proved(&short, &game), None);
        let needed = proof_length(&game, period);
        assert!(needed > short.len());
        assert_eq!(next_candidate(&short, &game), Some(needed));
        assert_eq!(find_proved(&stretch(20_000), &game), Some(period));
    }
}
