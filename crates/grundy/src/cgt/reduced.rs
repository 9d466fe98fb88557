//! Reduced canonical forms: games up to infinitesimals (Calistrate, "The reduced canonical
//! form of a game", *Games of No Chance*, 1996; Grossman and Siegel, "Reductions of partizan
//! games", *Games of No Chance 3*, 2009; Siegel, *Combinatorial Game Theory*, 2013, II.6).
//!
//! `G ≥Inf H` when `G + ε ≥ H` for every positive number `ε`, which holds exactly when the
//! right stop of `G - H` is at least 0 (`R(G - H) ≥ 0` gives `R(G - H + ε) > 0`, and a
//! positive right stop makes a game positive; `R(G - H) < 0` leaves `G - H + ε` not `≥ 0`
//! for `ε` below `-R(G - H)`). `G ≡ H` (mod Inf) when both hold: `G - H` is infinitesimal.
//!
//! A form is reduced (in reduced canonical form) when every subposition `H` is a number, or
//! `H` is not infinitesimally close to a number (its stops differ) and has no
//! Inf-dominated option (`HL1 ≤Inf HL2`, `HR1 ≥Inf HR2`) and no Inf-reversible one (`HL1`
//! with some `HL1R ≤Inf H`, `HR1` with some `HR1L ≥Inf H`). Reduced forms equal mod Inf are
//! identical, so the reduced form of `G` is `G`'s one representative. It is found from the
//! options up: a game whose stops agree at `x` is `x`; otherwise its options are reduced,
//! Inf-dominated ones removed and Inf-reversible ones bypassed (`HL1` replaced by the left
//! options of `HL1R`) until none is left.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use super::error::CgtError;

impl Arena {
    /// Whether `g ≥ h` up to infinitesimals: `g + ε ≥ h` for every positive number `ε`
    /// (the right stop of `g - h` is at least 0).
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number of `g - h` does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (down, zero, half) = (arena.parse("v").unwrap(), arena.zero(), arena.parse("1/2").unwrap());
    /// assert!(arena.inf_geq(down, zero).unwrap()); // v + ε > 0
    /// assert!(!arena.inf_geq(zero, half).unwrap());
    /// ```
    pub fn inf_geq(&mut self, g: GameId, h: GameId) -> Result<bool, CgtError> {
        let d = self.difference(g, h)?;
        Ok(self.stops(d).1 >= Dyadic::ZERO)
    }

    /// The reduced canonical form of `g` (CGSuite's `ReducedCanonicalForm`): the simplest
    /// form equal to `g` up to an infinitesimal.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number on the way does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("1/2 + ^*").unwrap();
    /// let reduced = arena.reduced(g).unwrap();
    /// assert_eq!(arena.display(reduced), "1/2");
    /// let g = arena.parse("{2|^}").unwrap();
    /// let reduced = arena.reduced(g).unwrap();
    /// assert_eq!(arena.display(reduced), "{2|0}");
    /// ```
    pub fn reduced(&mut self, g: GameId) -> Result<GameId, CgtError> {
        self.reduce(g, &mut FxHashMap::default())
    }

    fn reduce(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, CgtError> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&known) = memo.get(&g) {
            return Ok(known);
        }
        let (left_stop, right_stop) = self.stops(g);
        if left_stop == right_stop {
            let x = self.number(left_stop);
            memo.insert(g, x);
            return Ok(x);
        }
        let mut left = Vec::new();
        for gl in self.left_options(g) {
            left.push(self.reduce(gl, memo)?);
        }
        let mut right = Vec::new();
        for gr in self.right_options(g) {
            right.push(self.reduce(gr, memo)?);
        }
        loop {
            let left_changed = self.reduce_side(g, &mut left, true)?;
            let right_changed = self.reduce_side(g, &mut right, false)?;
            if !(left_changed || right_changed) {
                break;
            }
        }
        let res = self.from_options(&left, &right)?;
        memo.insert(g, res);
        Ok(res)
    }

    /// One pass over one side of `g`'s reduced options (`left`: Left's): an Inf-dominated
    /// option removed, or an Inf-reversible one bypassed. Whether one was.
    fn reduce_side(
        &mut self,
        g: GameId,
        options: &mut Vec<GameId>,
        left: bool,
    ) -> Result<bool, CgtError> {
        options.sort_unstable();
        options.dedup();
        // Left's option `a` is Inf-dominated by `b` when `b ≥Inf a`; Right's when `a ≥Inf b`.
        for i in 0..options.len() {
            for j in 0..options.len() {
                if i == j {
                    continue;
                }
                let (a, b) = (options[i], options[j]);
                let dominated = match left {
                    true => self.inf_geq(b, a)?,
                    false => self.inf_geq(a, b)?,
                };
                if dominated {
                    options.remove(i);
                    return Ok(true);
                }
            }
        }
        for i in 0..options.len() {
            let a = options[i];
            let through = match left {
                true => self.right_options(a),
                false => self.left_options(a),
            };
            for t in through {
                let reverses = match left {
                    true => self.inf_geq(g, t)?,
                    false => self.inf_geq(t, g)?,
                };
                if reverses {
                    let replacement = match left {
                        true => self.left_options(t),
                        false => self.right_options(t),
                    };
                    options.remove(i);
                    options.extend(replacement);
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests;
