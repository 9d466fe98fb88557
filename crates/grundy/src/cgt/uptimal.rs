//! Up-nth powers (Siegel, *Combinatorial Game Theory*, 2013, II.4): for `G = {0|H}`,
//! `G^→0 = 0`, `G^→n = {G^→(n-1) | H}` and `G^n = {0 | H - G^→(n-1)}` (`n >= 1`); with
//! `G = ^`, `^<n>` and `^[n] = ^ + ^<2> + ... + ^<n>` as CGSuite writes them. A form equal
//! to `x ± ^<n> *k` or `x ± ^[n] *k` is printed so, as CGSuite prints it.

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use super::error::CgtError;
use super::nus::Nus;

/// The largest `n` in `^<n>` and `^[n]` read or printed (each power is a form of birthday
/// `n + 1`).
pub(super) const MAX_POWER: u64 = 64;

/// The most birthday of a form looked at for a power of up when printing (each look costs
/// a few sums per candidate power).
const MAX_SHOWN_BIRTHDAY: u64 = 12;

/// A form as CGSuite's uptimal notation prints it: `number`, then `^<n>` (or `^[n]` when
/// `cumulative`; `v` when `down`), then `*nimber`.
pub(super) struct UpPower {
    pub(super) number: Dyadic,
    pub(super) down: bool,
    pub(super) n: u64,
    pub(super) cumulative: bool,
    pub(super) nimber: u64,
}

impl Arena {
    /// CGSuite's `G.Pow(n)`, the up-nth power `G^n` of `g = {0|H}` (`^.Pow(2)` is `^<2>`);
    /// `None` when `g` is not of that form or `n` is past 64.
    ///
    /// # Errors
    ///
    /// [`CgtError`] when a form on the way leaves the arena's range.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let up = arena.parse("^").unwrap();
    /// let p = arena.pow(up, 3).unwrap().unwrap();
    /// assert_eq!(arena.display(p), "^<3>");
    /// let one = arena.parse("1").unwrap();
    /// assert_eq!(arena.pow(one, 2).unwrap(), None);
    /// ```
    pub fn pow(&mut self, g: GameId, n: u64) -> Result<Option<GameId>, CgtError> {
        if n > MAX_POWER {
            return Ok(None);
        }
        self.power(g, n, false)
    }

    /// CGSuite's `G.PowTo(n)`, `G^→n` of `g = {0|H}` (`^.PowTo(2)` is `^[2] = ^ + ^<2>`);
    /// `None` when `g` is not of that form or `n` is past 64.
    ///
    /// # Errors
    ///
    /// [`CgtError`] when a form on the way leaves the arena's range.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let up = arena.parse("^").unwrap();
    /// let p = arena.pow_to(up, 2).unwrap().unwrap();
    /// assert_eq!(arena.display(p), "^[2]");
    /// let sum = arena.parse("^ + ^<2>").unwrap();
    /// assert_eq!(p, sum);
    /// ```
    pub fn pow_to(&mut self, g: GameId, n: u64) -> Result<Option<GameId>, CgtError> {
        if n > MAX_POWER {
            return Ok(None);
        }
        self.power(g, n, true)
    }

    /// `G^n` (`cumulative` false) or `G^→n` (true) for `g = {0|H}`; `None` for another form.
    pub(super) fn power(
        &mut self,
        g: GameId,
        n: u64,
        cumulative: bool,
    ) -> Result<Option<GameId>, CgtError> {
        let zero = self.zero();
        let (left, right) = (self.left_options(g), self.right_options(g));
        let (&[l], &[h]) = (left.as_slice(), right.as_slice()) else {
            return Ok(None);
        };
        if l != zero {
            return Ok(None);
        }
        let upto = |arena: &mut Arena, k: u64| -> Result<GameId, CgtError> {
            let mut sum = zero;
            for _ in 0..k {
                sum = arena.from_options(&[sum], &[h])?;
            }
            Ok(sum)
        };
        if cumulative {
            return upto(self, n).map(Some);
        }
        if n == 0 {
            return Ok(Some(self.negative(h)));
        }
        let below = upto(self, n - 1)?;
        let right = self.difference(h, below)?;
        self.from_options(&[zero], &[right]).map(Some)
    }

    /// `g` as `x ± ^<n> *k` or `x ± ^[n] *k` with `n >= 2`, if it is one (looked for in forms
    /// up to birthday 12).
    pub(super) fn as_up_power(&mut self, g: GameId) -> Option<UpPower> {
        let (left, right) = self.stops(g);
        if left != right || self.as_nus(g).is_some() {
            return None;
        }
        let minus_x = self.number(left.checked_neg()?);
        let h = self.sum(g, minus_x).ok()?;
        let birthday = self.birthday(h);
        if birthday > MAX_SHOWN_BIRTHDAY {
            return None;
        }
        let up = self.nus(Nus::new(Dyadic::ZERO, 1, 0));
        for n in 2..=birthday.min(MAX_POWER) {
            for cumulative in [false, true] {
                let power = self.power(up, n, cumulative).ok()??;
                for down in [false, true] {
                    let rest = if down {
                        self.sum(h, power).ok()?
                    } else {
                        self.difference(h, power).ok()?
                    };
                    if let Some(nus) = self.as_nus(rest) {
                        if nus.number == Dyadic::ZERO && nus.up_multiple == 0 {
                            return Some(UpPower {
                                number: left,
                                down,
                                n,
                                cumulative,
                                nimber: nus.nimber,
                            });
                        }
                    }
                }
            }
        }
        None
    }
}
