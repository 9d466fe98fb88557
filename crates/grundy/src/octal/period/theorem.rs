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

/// The least e with G(n + p) = G(n) for all e <= n < len - p (len - p when even the last
/// pair differs).
fn tail_start(values: &[u16], p: usize) -> usize {
    let mut n = values.len() - p;
    while n > 0 && values[n - 1] == values[n - 1 + p] {
        n -= 1;
    }
    n
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
    for p in 1..=len / 2 {
        let preperiod = tail_start(values, p);
        let period = Period {
            period: p,
            preperiod,
        };
        if proof_length(game, period) <= len {
            return Some(period);
        }
    }
    None
}

/// The fewest values that could prove a period already visible in `values` (repeated
/// over at least one full period), when that is more than `values.len()`.
pub(super) fn next_candidate(values: &[u16], game: &TakeAndBreak) -> Option<usize> {
    let len = values.len();
    (1..=len / 2)
        .filter_map(|p| {
            let preperiod = tail_start(values, p);
            (preperiod + 2 * p <= len).then(|| {
                proof_length(
                    game,
                    Period {
                        period: p,
                        preperiod,
                    },
                )
            })
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
    for p in 1..=len / 4 {
        let diff = |n: usize| i64::from(values[n + p]) - i64::from(values[n]);
        let saltus = diff(len - p - 1);
        if saltus == 0 {
            continue;
        }
        let mut e = len - p - 1;
        while e > 0 && diff(e - 1) == saltus {
            e -= 1;
        }
        if e + 3 * p <= len && 2 * e <= len {
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
