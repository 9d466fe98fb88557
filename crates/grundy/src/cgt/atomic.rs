//! Atomic weights (Berlekamp, Conway and Guy, *Winning Ways*, chapter 8;
//! Siegel, *Combinatorial Game Theory*, 2013, chapter II.7).
//!
//! A game is all-small when every subposition with moves for one player has moves for
//! both; its atomic weight counts it in ups. The weight of `G` is `G'' = {aw(GL) - 2 |
//! aw(GR) + 2}`, except where `G''` is an integer: then it is decided against the far
//! star `*N` (`N` above every nimber in `G`): if `G < *N`, the least integer `n` with
//! `n |> aw(GL) - 2` for every `GL`; if `G > *N`, the greatest with `n <| aw(GR) + 2`;
//! otherwise `G''` (Norton's rule as Siegel states it).
//!
//! Beyond all-small games the weight is CGSuite's (its `CanonicalShortGame.AtomicWeight`):
//! an infinitesimal `G` has weight `W = G''` when `G - W.^` lies between `-(^* + *2^k:-1)`
//! and `^* + *2^k:-1`, `*2^k` a far star of `G`, that is when `G` and `W.^` are equal in
//! every sum with a far star (the atomic weight relation); a game that is not
//! infinitesimal, or fails the test, has none.

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use super::error::CgtError;
use super::nus::Nus;

/// Why a game has no atomic weight, as CGSuite refuses `G.AtomicWeight`.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, AtomicWeightError};
/// let mut arena = Arena::new();
/// let g = arena.parse("{1|^3||^}").unwrap();
/// let err = arena.atomic_weight(g).unwrap_err();
/// assert_eq!(err, AtomicWeightError::NotAtomic);
/// assert_eq!(err.to_string(), "it is infinitesimal, but no multiple of ^ is atomically equal to it");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AtomicWeightError {
    /// The game is not infinitesimal (its stops are not both 0), so it has no weight.
    #[error("it is not infinitesimal (its stops are not both 0)")]
    NotInfinitesimal,
    /// The game is infinitesimal, but `G - W.^` is not atomically 0 for its candidate `W`.
    #[error("it is infinitesimal, but no multiple of ^ is atomically equal to it")]
    NotAtomic,
    /// A number on the way does not fit.
    #[error(transparent)]
    Cgt(#[from] CgtError),
}

impl Arena {
    /// Whether `g` is all-small: every subposition has moves for both players or none.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (up, half) = (arena.parse("^*").unwrap(), arena.parse("1/2").unwrap());
    /// assert!(arena.is_all_small(up));
    /// assert!(!arena.is_all_small(half));
    /// ```
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if let Some(nus) = self.as_nus(g) {
            return nus.number == Dyadic::ZERO;
        }
        let options: Vec<GameId> = self
            .left_options(g)
            .into_iter()
            .chain(self.right_options(g))
            .collect();
        options.into_iter().all(|option| self.is_all_small(option))
    }

    /// The atomic weight of `g` as CGSuite defines it (`G.AtomicWeight`): the `W` with `G`
    /// equal to `W.^` (the Norton product by `^`) up to a game that no far star can tell
    /// from 0. Every all-small game has one; so do some other infinitesimals (`Tiny(3/2)`
    /// has weight 0). Otherwise the reason is given: `g` is not infinitesimal, or it is but
    /// has no weight.
    ///
    /// # Errors
    ///
    /// [`AtomicWeightError::NotInfinitesimal`] or [`AtomicWeightError::NotAtomic`] where
    /// CGSuite refuses; [`AtomicWeightError::Cgt`] if a number on the way does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, AtomicWeightError};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("^^*").unwrap();
    /// let weight = arena.atomic_weight(g).unwrap();
    /// assert_eq!(arena.display(weight), "2");
    /// let tiny = arena.parse("{0||0|-3/2}").unwrap();
    /// let weight = arena.atomic_weight(tiny).unwrap();
    /// assert_eq!(arena.display(weight), "0");
    /// let half = arena.parse("1/2").unwrap();
    /// assert_eq!(arena.atomic_weight(half), Err(AtomicWeightError::NotInfinitesimal));
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, AtomicWeightError> {
        if self.is_all_small(g) {
            return Ok(self.weight(g)?);
        }
        if self.stops(g) != (Dyadic::ZERO, Dyadic::ZERO) {
            return Err(AtomicWeightError::NotInfinitesimal);
        }
        let weight = self.weight(g)?;
        if self.atomically_equal(g, weight)? {
            Ok(weight)
        } else {
            Err(AtomicWeightError::NotAtomic)
        }
    }

    /// Whether `g - W.^` lies between `-e` and `e`, `e = ^* + *2^k : -1` with `*2^k` a far
    /// star of `g`: then no far star tells `g` from `W.^`, and `W` is `g`'s weight.
    fn atomically_equal(&mut self, g: GameId, weight: GameId) -> Result<bool, CgtError> {
        let up = self.nus(Nus::new(Dyadic::ZERO, 1, 0));
        let product = self.norton(weight, up)?;
        let rest = self.difference(g, product)?;
        let far = self.far_star(g).max(2).next_power_of_two();
        let (star, minus_one) = (self.nus(Nus::new(Dyadic::ZERO, 0, far)), self.integer(-1));
        let kite = self.ordinal_sum(star, minus_one)?;
        let up_star = self.nus(Nus::new(Dyadic::ZERO, 1, 1));
        let bound = self.sum(up_star, kite)?;
        let below = self.negative(bound);
        Ok(self.leq(rest, bound) && self.leq(below, rest))
    }

    /// The weight `G''` by Norton's rule (exact for all-small games; a candidate for others).
    fn weight(&mut self, g: GameId) -> Result<GameId, CgtError> {
        if let Some(nus) = self.as_nus(g) {
            return Ok(self.integer(nus.up_multiple));
        }
        let (two, minus_two) = (self.integer(2), self.integer(-2));
        let mut left = Vec::new();
        for gl in self.left_options(g) {
            let w = self.weight(gl)?;
            left.push(self.sum(w, minus_two)?);
        }
        let mut right = Vec::new();
        for gr in self.right_options(g) {
            let w = self.weight(gr)?;
            right.push(self.sum(w, two)?);
        }
        let candidate = self.from_options(&left, &right)?;
        if !self.as_number(candidate).is_some_and(Dyadic::is_integer) {
            return Ok(candidate);
        }
        let far = self.far_star(g);
        let far_star = self.nus(super::nus::Nus::new(Dyadic::ZERO, 0, far));
        let (below, above) = (self.leq(g, far_star), self.leq(far_star, g));
        if below && !above {
            // The least integer n with n |> every aw(GL) - 2.
            let mut least: Option<i64> = None;
            for &option in &left {
                let mut n = self.stops(option).1.ceil();
                let n_game = self.integer(n);
                if self.leq(n_game, option) {
                    n = n.checked_add(1).ok_or(CgtError::OutOfRange)?;
                }
                least = least.max(Some(n));
            }
            return Ok(self.integer(least.unwrap_or(0)));
        }
        if above && !below {
            // The greatest integer n with n <| every aw(GR) + 2.
            let mut greatest: Option<i64> = None;
            for &option in &right {
                let mut n = self.stops(option).0.floor();
                let n_game = self.integer(n);
                if self.leq(option, n_game) {
                    n = n.checked_sub(1).ok_or(CgtError::OutOfRange)?;
                }
                greatest = Some(greatest.map_or(n, |m| m.min(n)));
            }
            return Ok(self.integer(greatest.unwrap_or(0)));
        }
        Ok(candidate)
    }

    /// One more than the largest nimber `*k` among `g`'s subpositions (at least 1).
    fn far_star(&mut self, g: GameId) -> u64 {
        if let Some(nus) = self.as_nus(g) {
            if nus.number == Dyadic::ZERO && nus.up_multiple == 0 {
                return nus.nimber + 1;
            }
        }
        let options: Vec<GameId> = self
            .left_options(g)
            .into_iter()
            .chain(self.right_options(g))
            .collect();
        options
            .into_iter()
            .map(|option| self.far_star(option))
            .max()
            .unwrap_or(1)
            .max(1)
    }
}

#[cfg(test)]
mod tests;
