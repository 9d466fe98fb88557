//! Dyadic rationals `m / 2^k`: the numbers among short games.
//!
//! Every short game that equals a number equals a dyadic rational (Siegel, *Combinatorial
//! Game Theory*, 2013, chapter II: the simplest number between two dyadics is dyadic).
//! A value is kept in lowest terms (`m` odd unless `k = 0`) in an `i64` numerator with
//! `k <= MAX_EXPONENT`, so comparisons run exactly in `i128`; arithmetic is checked and
//! refuses a result that does not fit instead of wrapping.

use std::cmp::Ordering;
use std::fmt;

/// The largest power of two a denominator may have: `2^MAX_EXPONENT`.
pub const MAX_EXPONENT: u32 = 62;

/// A dyadic rational `numerator / 2^exponent` in lowest terms.
///
/// # Examples
///
/// ```
/// use grundy::cgt::Dyadic;
/// let half = Dyadic::new(1, 1).unwrap();
/// assert_eq!(half.checked_add(half), Some(Dyadic::integer(1)));
/// assert_eq!(Dyadic::new(6, 2).unwrap().to_string(), "3/2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: i64,
    exponent: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// `numerator / 2^exponent`, reduced; `None` if the reduced exponent exceeds
    /// [`MAX_EXPONENT`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::new(4, 3).unwrap(), Dyadic::new(1, 1).unwrap());
    /// assert!(Dyadic::new(1, 99).is_none());
    /// ```
    pub fn new(numerator: i64, exponent: u32) -> Option<Dyadic> {
        reduce(i128::from(numerator), exponent)
    }

    /// The integer `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert!(Dyadic::integer(-3).is_integer());
    /// ```
    pub fn integer(n: i64) -> Dyadic {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }

    /// The numerator in lowest terms.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::new(-6, 2).unwrap().numerator(), -3);
    /// ```
    pub fn numerator(self) -> i64 {
        self.numerator
    }

    /// `k` of the denominator `2^k`, in lowest terms.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::new(-6, 2).unwrap().exponent(), 1);
    /// ```
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// Whether the value is an integer.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert!(!Dyadic::new(1, 1).unwrap().is_integer());
    /// ```
    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The sum, or `None` if it does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// let quarter = Dyadic::new(1, 2).unwrap();
    /// assert_eq!(quarter.checked_add(Dyadic::integer(1)), Dyadic::new(5, 2));
    /// ```
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let exponent = self.exponent.max(other.exponent);
        let a = i128::from(self.numerator) << (exponent - self.exponent);
        let b = i128::from(other.numerator) << (exponent - other.exponent);
        reduce(a + b, exponent)
    }

    /// The difference, or `None` if it does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::integer(1).checked_sub(Dyadic::integer(3)), Some(Dyadic::integer(-2)));
    /// ```
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        self.checked_add(other.checked_neg()?)
    }

    /// The negation, or `None` for the one numerator (`i64::MIN`) without one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::integer(2).checked_neg(), Some(Dyadic::integer(-2)));
    /// ```
    pub fn checked_neg(self) -> Option<Dyadic> {
        Some(Dyadic {
            numerator: self.numerator.checked_neg()?,
            exponent: self.exponent,
        })
    }

    /// The product by a small integer, or `None` if it does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::new(3, 2).unwrap().checked_mul_int(-2), Dyadic::new(-3, 1));
    /// ```
    pub fn checked_mul_int(self, factor: i64) -> Option<Dyadic> {
        reduce(
            i128::from(self.numerator) * i128::from(factor),
            self.exponent,
        )
    }

    /// Half of the value, or `None` past [`MAX_EXPONENT`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::integer(1).half(), Dyadic::new(1, 1));
    /// ```
    pub fn half(self) -> Option<Dyadic> {
        reduce(i128::from(self.numerator), self.exponent + 1)
    }

    /// The largest integer at most the value.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::new(-1, 1).unwrap().floor(), -1);
    /// ```
    pub fn floor(self) -> i64 {
        self.numerator >> self.exponent
    }

    /// The smallest integer at least the value.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// assert_eq!(Dyadic::new(1, 1).unwrap().ceil(), 1);
    /// ```
    pub fn ceil(self) -> i64 {
        -((-i128::from(self.numerator)) >> self.exponent) as i64
    }

    /// The simplest dyadic strictly between `low` and `high` (either may be absent: no
    /// bound on that side), the number `{low | high}` equals when `low < high`
    /// (Siegel, *Combinatorial Game Theory*, 2013, the simplicity theorem). `None` if
    /// `low >= high` or the answer does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Dyadic;
    /// let d = |n, k| Dyadic::new(n, k).unwrap();
    /// assert_eq!(Dyadic::simplest_between(Some(d(0, 0)), Some(d(1, 0))), Some(d(1, 1)));
    /// assert_eq!(Dyadic::simplest_between(Some(d(-1, 0)), Some(d(5, 0))), Some(d(0, 0)));
    /// assert_eq!(Dyadic::simplest_between(Some(d(3, 1)), None), Some(d(2, 0)));
    /// assert_eq!(Dyadic::simplest_between(Some(d(5, 3)), Some(d(3, 2))), Some(d(11, 4)));
    /// ```
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (low, high) {
            if l >= h {
                return None;
            }
        }
        let above_low = |x: Dyadic| low.is_none_or(|l| x > l);
        let below_high = |x: Dyadic| high.is_none_or(|h| x < h);
        if above_low(Dyadic::ZERO) && below_high(Dyadic::ZERO) {
            return Some(Dyadic::ZERO);
        }
        // Every candidate lies on one side of zero; the simplest integer there is the one
        // nearest zero.
        let integer = match low {
            Some(l) if l >= Dyadic::ZERO => Dyadic::integer(l.floor().checked_add(1)?),
            _ => Dyadic::integer(high?.ceil().checked_sub(1)?),
        };
        if above_low(integer) && below_high(integer) {
            return Some(integer);
        }
        // Both bounds are present and lie within one unit interval: the simplest number is
        // the one with the smallest denominator, unique at that denominator.
        let (l, _) = (low?, high?);
        for exponent in 1..=MAX_EXPONENT {
            let scaled = i128::from(l.numerator) << (exponent.saturating_sub(l.exponent));
            let shift = l.exponent.saturating_sub(exponent);
            let candidate = reduce((scaled >> shift) + 1, exponent)?;
            if above_low(candidate) && below_high(candidate) {
                return Some(candidate);
            }
        }
        None
    }
}

fn reduce(mut numerator: i128, mut exponent: u32) -> Option<Dyadic> {
    if numerator == 0 {
        return Some(Dyadic::ZERO);
    }
    while exponent > 0 && numerator & 1 == 0 {
        numerator >>= 1;
        exponent -= 1;
    }
    // `i64::MIN` is refused so that every value has a negative.
    if exponent > MAX_EXPONENT || numerator == i128::from(i64::MIN) {
        return None;
    }
    Some(Dyadic {
        numerator: i64::try_from(numerator).ok()?,
        exponent,
    })
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let exponent = self.exponent.max(other.exponent);
        let a = i128::from(self.numerator) << (exponent - self.exponent);
        let b = i128::from(other.numerator) << (exponent - other.exponent);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::integer(n)
    }
}

/// CGSuite's notation: `3`, `-1/2`, `5/8`.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        }
    }
}

impl serde::Serialize for Dyadic {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(n, k).unwrap()
    }

    /// The simplest number between two bounds, against its definition: the candidate of
    /// smallest birthday, found by walking the binary tree of dyadics from 0.
    #[test]
    fn simplest_between_matches_the_number_tree() {
        // Every dyadic with denominator up to 16 in [-4, 4], in order of birthday.
        let mut by_birthday = Vec::new();
        let mut layer = vec![(d(0, 0), None::<Dyadic>, None::<Dyadic>)];
        for _ in 0..9 {
            let mut next = Vec::new();
            for &(x, low, high) in &layer {
                by_birthday.push(x);
                // The number tree: a child is one unit out past an open end, else the
                // midpoint of its interval.
                let left = match low {
                    Some(l) => l.checked_add(x).and_then(Dyadic::half),
                    None => x.checked_sub(d(1, 0)),
                };
                let right = match high {
                    Some(h) => h.checked_add(x).and_then(Dyadic::half),
                    None => x.checked_add(d(1, 0)),
                };
                next.push((left.unwrap(), low, Some(x)));
                next.push((right.unwrap(), Some(x), high));
            }
            layer = next;
        }
        let values = by_birthday.clone();
        let mut checked = 0;
        for &low in &values {
            for &high in &values {
                if low >= high {
                    assert_eq!(Dyadic::simplest_between(Some(low), Some(high)), None);
                    continue;
                }
                let first = by_birthday.iter().find(|&&x| x > low && x < high).copied();
                if let Some(expected) = first {
                    assert_eq!(
                        Dyadic::simplest_between(Some(low), Some(high)),
                        Some(expected)
                    );
                    checked += 1;
                }
            }
            if let Some(first) = by_birthday.iter().find(|&&x| x > low) {
                assert_eq!(Dyadic::simplest_between(Some(low), None), Some(*first));
            }
            if let Some(first) = by_birthday.iter().find(|&&x| x < low) {
                assert_eq!(Dyadic::simplest_between(None, Some(low)), Some(*first));
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d(3, 2).checked_add(d(1, 2)), Some(d(1, 0)));
        assert_eq!(d(-1, 1).floor(), -1);
        assert_eq!(d(-1, 1).ceil(), 0);
        assert_eq!(d(5, 2).ceil(), 2);
        assert!(d(-3, 2) < d(-1, 1));
        assert_eq!(d(-3, 2).to_string(), "-3/4");
        assert_eq!(Dyadic::integer(i64::MAX).checked_add(d(1, 0)), None);
        assert_eq!(d(1, MAX_EXPONENT).half(), None);
    }
}
