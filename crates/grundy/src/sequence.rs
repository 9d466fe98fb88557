//! Game-agnostic sequence analysis: "tabulate and find the rule".
//!
//! Given the first `N` values of a Grundy sequence, [`find_pattern`] looks for eventual
//! periodicity (`G(n + p) = G(n)` for `n >= s`) and then for arithmetic periodicity
//! (`G(n + p) = G(n) + d`, `d > 0`). A pattern is reported as [`Evidence::Proved`] only when
//! the caller supplies a proof window that the data covers: for a finite subtraction set `S`,
//! one whole window of `max(S)` values repeating proves the period, because each value
//! depends only on the `max(S)` values before it (the standard argument that finite
//! subtraction games are ultimately periodic; see Berlekamp, Conway and Guy, *Winning Ways*,
//! chapter 4). Everything else is an [`Evidence::Conjecture`], checked up to
//! `N` only, and must be worded as such.
//!
//! [`shape`] recognises the P-positions of one-heap and two-heap games: a single residue
//! class (Bash-like), Beatty pairs (Wythoff-like) and equal heaps.

pub mod shape;

use serde::Serialize;

/// `G(n + period) = G(n) + saltus` for every `n >= preperiod` (saltus 0: plain periodicity).
///
/// # Examples
///
/// ```
/// use grundy::sequence::Periodicity;
/// let p = Periodicity { preperiod: 0, period: 3, saltus: 0 };
/// assert_eq!(p.extend(&[0, 1, 2], 10), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first index from which the rule holds.
    pub preperiod: usize,
    /// The period `p >= 1`.
    pub period: usize,
    /// The amount added every period (0 for plain periodicity).
    pub saltus: u64,
}

impl Periodicity {
    /// The value at index `n` predicted from `seq`, which must hold at least
    /// `preperiod + period` values.
    ///
    /// # Panics
    ///
    /// When `seq` is shorter than `preperiod + period` (a programming error).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::sequence::Periodicity;
    /// // Lasker's Nim: period 4, saltus 4 from 1.
    /// let lasker = [0, 1, 2, 4, 3];
    /// let p = Periodicity { preperiod: 1, period: 4, saltus: 4 };
    /// assert_eq!(p.extend(&lasker, 7), 8);
    /// assert_eq!(p.extend(&lasker, 1_000_000_000_003), 1_000_000_000_004);
    /// ```
    pub fn extend(&self, seq: &[u64], n: u64) -> u64 {
        let known = (self.preperiod + self.period) as u64;
        assert!(seq.len() as u64 >= known, "the sequence covers one period");
        if n < known {
            return seq[n as usize];
        }
        let offset = n - self.preperiod as u64;
        let cycles = offset / self.period as u64;
        let base = seq[self.preperiod + (offset % self.period as u64) as usize];
        base.saturating_add(cycles.saturating_mul(self.saltus))
    }
}

/// Why a pattern is believed.
///
/// # Examples
///
/// ```
/// use grundy::sequence::Evidence;
/// assert!(Evidence::Proved { window: 4 }.is_proved());
/// assert!(!Evidence::Conjecture { checked_to: 100 }.is_proved());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Evidence {
    /// A whole window of `window` values repeats, which proves the pattern for a game whose
    /// values depend only on the `window` values before.
    Proved {
        /// The proof window (max(S) for a finite subtraction set).
        window: usize,
    },
    /// Seen on the values `0..checked_to` only: a conjecture.
    Conjecture {
        /// How many values were checked.
        checked_to: usize,
    },
}

impl Evidence {
    /// True for a proof.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::sequence::Evidence::Proved { window: 1 }.is_proved());
    /// ```
    pub fn is_proved(&self) -> bool {
        matches!(self, Evidence::Proved { .. })
    }
}

/// A periodicity found in a sequence and the evidence for it.
///
/// # Examples
///
/// ```
/// use grundy::sequence::find_pattern;
/// let pattern = find_pattern(&[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1], None).unwrap();
/// assert_eq!(pattern.periodicity.period, 2);
/// assert!(!pattern.evidence.is_proved());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pattern {
    /// The rule.
    pub periodicity: Periodicity,
    /// Why it is believed.
    pub evidence: Evidence,
}

impl Pattern {
    /// One line describing the pattern, with "proved" or "conjecture" spelt out.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::sequence::find_pattern;
    /// let pattern = find_pattern(&[0, 1, 1, 0, 1, 1, 0, 1, 1, 0], Some(2)).unwrap();
    /// assert_eq!(
    ///     pattern.describe(),
    ///     "periodic with period 3 from n = 0, proved (a whole window of 2 values repeats)"
    /// );
    /// ```
    pub fn describe(&self) -> String {
        let p = self.periodicity;
        let rule = if p.saltus == 0 {
            format!("periodic with period {} from n = {}", p.period, p.preperiod)
        } else {
            format!(
                "arithmetic-periodic with period {} and saltus {} from n = {}",
                p.period, p.saltus, p.preperiod
            )
        };
        match self.evidence {
            Evidence::Proved { window } => {
                format!("{rule}, proved (a whole window of {window} values repeats)")
            }
            Evidence::Conjecture { checked_to } => {
                format!("{rule}, a conjecture checked for n < {checked_to}")
            }
        }
    }
}

/// The smallest preperiod from which `seq[n + period] - seq[n]` is `saltus` for every `n`
/// in the data, or `None` when even the last pair differs.
fn preperiod_for(seq: &[u64], period: usize, saltus: Option<u64>) -> Option<(usize, u64)> {
    let len = seq.len();
    if period >= len {
        return None;
    }
    let last = len - 1 - period;
    let diff = |n: usize| seq[n + period].checked_sub(seq[n]);
    let saltus = match saltus {
        Some(d) => d,
        None => diff(last)?,
    };
    let mut start = last + 1;
    while start > 0 && diff(start - 1) == Some(saltus) {
        start -= 1;
    }
    (start <= last).then_some((start, saltus))
}

/// The first periodicity of `seq` (smallest period first, plain before arithmetic), with its
/// evidence; `proof_window` is the window whose repetition proves a period (max(S) for a
/// finite subtraction set), `None` when the caller has no such argument.
///
/// A period `p` with preperiod `s` is accepted as proved when the data shows `G(n + p) =
/// G(n)` for `proof_window` consecutive `n >= s`; as a conjecture when it holds for at least
/// `2 p` and at least 8 consecutive `n >= s` and the preperiod is at most half the data (a
/// "period" seen only at the very end of a table is no evidence). Arithmetic periodicity
/// (positive saltus) is never proved here.
///
/// # Examples
///
/// ```
/// use grundy::sequence::find_pattern;
/// // S = {1, 3, 4}: G = 0 1 0 1 2 3 2 0 1 0 1 2 3 2 ..., period 7 (Winning Ways).
/// let g = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2];
/// let pattern = find_pattern(&g, Some(4)).unwrap();
/// assert_eq!((pattern.periodicity.preperiod, pattern.periodicity.period), (0, 7));
/// assert!(pattern.evidence.is_proved());
/// ```
pub fn find_pattern(seq: &[u64], proof_window: Option<usize>) -> Option<Pattern> {
    let len = seq.len();
    let conjecture_ok = |start: usize, period: usize| {
        let checked = len - period - start;
        checked >= 2 * period && checked >= 8 && 2 * start <= len
    };
    // Plain periods: a proof where the window allows, else a conjecture.
    let mut conjecture = None;
    for period in 1..len {
        let Some((start, _)) = preperiod_for(seq, period, Some(0)) else {
            continue;
        };
        let checked = len - period - start;
        let periodicity = Periodicity {
            preperiod: start,
            period,
            saltus: 0,
        };
        if let Some(window) = proof_window {
            if checked >= window.max(1) {
                return Some(Pattern {
                    periodicity,
                    evidence: Evidence::Proved { window },
                });
            }
        }
        if conjecture.is_none() && conjecture_ok(start, period) {
            conjecture = Some(periodicity);
            if proof_window.is_none() {
                break;
            }
        }
    }
    if let Some(periodicity) = conjecture {
        return Some(Pattern {
            periodicity,
            evidence: Evidence::Conjecture { checked_to: len },
        });
    }
    for period in 1..len {
        let Some((start, saltus)) = preperiod_for(seq, period, None) else {
            continue;
        };
        if saltus > 0 && conjecture_ok(start, period) {
            return Some(Pattern {
                periodicity: Periodicity {
                    preperiod: start,
                    period,
                    saltus,
                },
                evidence: Evidence::Conjecture { checked_to: len },
            });
        }
    }
    None
}

#[cfg(test)]
mod tests;
