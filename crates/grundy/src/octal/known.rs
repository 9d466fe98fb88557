//! A code's values as the rest of the library reads them ([`Known`]): computed once by
//! the octal engine up to a bound, with the verdict on their period, and extended past the
//! bound only by a proved period (never by an unproved one).

use super::code::TakeAndBreak;
use super::error::ComputeError;
use super::method::Method;
use super::period::{self, Period, Verdict};
use super::sequence::Sequence;
use crate::limits::Budget;
use crate::value::Nimber;

/// How many values a game opened by its code computes (fewer when its period is proved
/// sooner): 2^12 (a few milliseconds, half a second in a debug build for a code such as
/// Officers, 0.6, with no known period), 400 when a move may leave three heaps (O(n^2)
/// work per value).
///
/// # Examples
///
/// ```
/// use grundy::octal::known::bound;
/// assert_eq!(bound(&"0.77".parse().unwrap()), 1 << 12);
/// assert_eq!(bound(&"0.F".parse().unwrap()), 400);
/// ```
pub fn bound(game: &TakeAndBreak) -> usize {
    match game.max_heaps() {
        3 => 400,
        _ => 1 << 12,
    }
}

/// A code's Grundy values G(0), G(1), ...: those computed, and the verdict on their period.
///
/// # Examples
///
/// Kayles (0.77): period 12 from n = 71 (Guy and Smith 1956), so every heap has a value.
///
/// ```
/// use grundy::octal::known::Known;
/// use grundy::Nimber;
/// let kayles = Known::of("0.77".parse().unwrap(), 1 << 16, &grundy::Budget::default()).unwrap();
/// assert_eq!(kayles.get(5), Some(Nimber(4)));
/// assert_eq!(kayles.get(1_000_000_000), kayles.get(1_000_000_000 - 12));
/// assert_eq!(kayles.verdict().to_string(), "periodic, period 12, preperiod 71, proved at n = 167");
/// ```
#[derive(Clone, Debug)]
pub struct Known {
    game: TakeAndBreak,
    values: Vec<u16>,
    verdict: Verdict,
}

impl Known {
    /// The values of `game` until its period is proved, or up to `limit` values.
    ///
    /// # Errors
    ///
    /// As [`Sequence::extend_to`] (the budget's bytes, a cancel).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// let officers = Known::of("0.6".parse().unwrap(), 1000, &grundy::Budget::default()).unwrap();
    /// assert_eq!(officers.computed(), 1000);
    /// assert_eq!(officers.get(1000), None); // no period is known for Officers
    /// ```
    pub fn of(game: TakeAndBreak, limit: usize, budget: &Budget) -> Result<Known, ComputeError> {
        let mut seq = Sequence::new(game.clone(), Method::for_game(&game), budget.clone())?;
        let verdict = period::analyze(&mut seq, limit, &mut ())?;
        Ok(Known {
            values: seq.values().to_vec(),
            game,
            verdict,
        })
    }

    /// The code.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// let known = Known::of("0.07".parse().unwrap(), 10, &grundy::Budget::default()).unwrap();
    /// assert_eq!(known.game().to_string(), "0.07");
    /// ```
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    /// What is known of the period (proved, arithmetic or none).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// use grundy::octal::period::Verdict;
    /// let dawson = Known::of("0.07".parse().unwrap(), 1000, &grundy::Budget::default()).unwrap();
    /// assert!(matches!(dawson.verdict(), Verdict::Periodic { period: 34, .. }));
    /// ```
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The proved period, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// let kayles = Known::of("0.77".parse().unwrap(), 1000, &grundy::Budget::default()).unwrap();
    /// assert_eq!(kayles.period().map(|p| (p.period, p.preperiod)), Some((12, 71)));
    /// ```
    pub fn period(&self) -> Option<Period> {
        match self.verdict {
            Verdict::Periodic {
                period, preperiod, ..
            } => Some(Period { period, preperiod }),
            _ => None,
        }
    }

    /// How many values were computed: G(0) .. G(computed - 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// let known = Known::of("0.6".parse().unwrap(), 50, &grundy::Budget::default()).unwrap();
    /// assert_eq!(known.computed(), 50);
    /// ```
    pub fn computed(&self) -> usize {
        self.values.len()
    }

    /// The largest heap with a value: every heap (`u64::MAX`) under a proved period, else
    /// the last computed.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// let known = Known::of("0.6".parse().unwrap(), 50, &grundy::Budget::default()).unwrap();
    /// assert_eq!(known.largest(), 49);
    /// ```
    pub fn largest(&self) -> u64 {
        match self.period() {
            Some(_) => u64::MAX,
            None => (self.values.len() as u64).saturating_sub(1),
        }
    }

    /// G(n): computed, or by the proved period; `None` past the values computed when no
    /// period is proved.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// use grundy::Nimber;
    /// let dawson = Known::of("0.07".parse().unwrap(), 1000, &grundy::Budget::default()).unwrap();
    /// assert_eq!((dawson.get(0), dawson.get(3)), (Some(Nimber(0)), Some(Nimber(1))));
    /// ```
    pub fn get(&self, n: u64) -> Option<Nimber> {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(Nimber(u64::from(v)));
        }
        let Period { period, preperiod } = self.period()?;
        let (e, p) = (preperiod as u64, period as u64);
        // n >= computed > e here: fold n into [e, e + p), computed under a proof.
        let folded = e + (n - e) % p;
        self.values
            .get(usize::try_from(folded).ok()?)
            .map(|&v| Nimber(u64::from(v)))
    }

    /// The values computed, G(0) .. G(computed - 1).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::known::Known;
    /// let kayles = Known::of("0.77".parse().unwrap(), 6, &grundy::Budget::default()).unwrap();
    /// assert_eq!(&kayles.values()[..6], &[0, 1, 2, 3, 1, 4]);
    /// ```
    pub fn values(&self) -> &[u16] {
        &self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values past the computed ones come from the proved period and agree with the
    /// engine's own longer computation.
    #[test]
    fn the_period_extends_the_values_exactly() {
        for code in ["0.77", "0.07", "0.137", "4.7", "0.15"] {
            let game: TakeAndBreak = code.parse().unwrap();
            let known = Known::of(game.clone(), bound(&game), &Budget::default()).unwrap();
            let Some(_) = known.period() else { continue };
            let mut seq = Sequence::new(game, Method::Direct, Budget::default()).unwrap();
            let far = known.computed() + 500;
            seq.extend_to(far).unwrap();
            for n in 0..far {
                assert_eq!(
                    known.get(n as u64),
                    Some(Nimber(u64::from(seq.values()[n]))),
                    "{code} at {n}"
                );
            }
        }
    }
}
