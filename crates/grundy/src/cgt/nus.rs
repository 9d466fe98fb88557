//! Number-up-star values `x + n.^ + *k`: the values CGSuite names without braces.
//!
//! They add component by component (numbers add, up multiples add, nimbers add by XOR) and
//! compare by a closed rule, so the arena adds and compares them without looking at their
//! options.

use std::cmp::Ordering;
use std::fmt;

use super::dyadic::Dyadic;

/// `number + up_multiple.^ + *nimber`.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Dyadic, Nus};
/// let up_star = Nus::new(Dyadic::ZERO, 1, 1);
/// assert_eq!(up_star.to_string(), "^*");
/// assert_eq!(Nus::new(Dyadic::new(1, 1).unwrap(), -3, 2).to_string(), "1/2v3*2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// How many ups (negative: downs).
    pub up_multiple: i64,
    /// The nimber part `*k`.
    pub nimber: u64,
}

impl Nus {
    /// `number + up_multiple.^ + *nimber`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Nus};
    /// assert_eq!(Nus::new(Dyadic::ZERO, 0, 2).to_string(), "*2");
    /// ```
    pub fn new(number: Dyadic, up_multiple: i64, nimber: u64) -> Nus {
        Nus {
            number,
            up_multiple,
            nimber,
        }
    }

    /// The number `x`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Nus};
    /// assert!(Nus::number(Dyadic::integer(3)).is_number());
    /// ```
    pub fn number(x: Dyadic) -> Nus {
        Nus::new(x, 0, 0)
    }

    /// Whether this is a number (no ups, no star).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Nus};
    /// assert!(!Nus::new(Dyadic::ZERO, 0, 1).is_number());
    /// ```
    pub fn is_number(self) -> bool {
        self.up_multiple == 0 && self.nimber == 0
    }

    /// The sum, or `None` if the number part does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Nus};
    /// let up = Nus::new(Dyadic::ZERO, 1, 0);
    /// let star = Nus::new(Dyadic::ZERO, 0, 1);
    /// assert_eq!(up.checked_add(star).unwrap().to_string(), "^*");
    /// ```
    pub fn checked_add(self, other: Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_add(other.number)?,
            up_multiple: self.up_multiple.checked_add(other.up_multiple)?,
            nimber: self.nimber ^ other.nimber,
        })
    }

    /// The negation, or `None` if it does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Nus};
    /// let up_star = Nus::new(Dyadic::ZERO, 1, 1);
    /// assert_eq!(up_star.checked_neg().unwrap().to_string(), "v*");
    /// ```
    pub fn checked_neg(self) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_neg()?,
            up_multiple: self.up_multiple.checked_neg()?,
            nimber: self.nimber,
        })
    }

    /// `self <= other`, by the closed rule: the numbers decide if they differ; otherwise
    /// `H - G = m.^ + *j` with `m` the difference of up multiples is at least zero when
    /// `m >= 2`, or `m = 1` and `j != 1`, or `m = 0` and `j = 0` (Siegel, *Combinatorial
    /// Game Theory*, 2013, chapter II.4 on ups and stars).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Dyadic, Nus};
    /// let up = Nus::new(Dyadic::ZERO, 1, 0);
    /// let star = Nus::new(Dyadic::ZERO, 0, 1);
    /// assert!(star.leq(up) == false && up.leq(star) == false);
    /// assert!(Nus::new(Dyadic::ZERO, 0, 0).leq(up));
    /// ```
    pub fn leq(self, other: Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => {
                let difference = i128::from(other.up_multiple) - i128::from(self.up_multiple);
                let star = self.nimber ^ other.nimber;
                difference >= 2 || (difference == 1 && star != 1) || (difference == 0 && star == 0)
            }
        }
    }
}

/// CGSuite's notation: the number (left out when zero unless nothing else is there), then
/// `^`, `^^`, `^3` (`v`, `vv`, `v3`), then `*`, `*2`.
impl fmt::Display for Nus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.number != Dyadic::ZERO || self.is_number() {
            write!(f, "{}", self.number)?;
        }
        let symbol = if self.up_multiple > 0 { "^" } else { "v" };
        match self.up_multiple.unsigned_abs() {
            0 => {}
            1 => f.write_str(symbol)?,
            2 => write!(f, "{symbol}{symbol}")?,
            n => write!(f, "{symbol}{n}")?,
        }
        match self.nimber {
            0 => Ok(()),
            1 => f.write_str("*"),
            k => write!(f, "*{k}"),
        }
    }
}
