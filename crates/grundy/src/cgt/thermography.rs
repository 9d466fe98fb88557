//! Thermography: a game's thermograph computed in an [`Arena`] from its options' (the left
//! scaffold from the left options' right walls, the right one from the right options' left
//! walls), memoized by the arena, and the measures read off it: temperature and mean; also
//! the stops (where play ends on a number), found from the options' stops.

use std::sync::Arc;

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use super::error::CgtError;
use super::thermograph::{Thermograph, Trajectory};

impl Arena {
    /// The thermograph of `g` (memoized).
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a corner does not fit a [`Dyadic`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{5|2||1}").unwrap();
    /// let thermograph = arena.thermograph(g).unwrap();
    /// assert_eq!(thermograph.temperature(), Dyadic::integer(1));
    /// assert_eq!(thermograph.mast(), Dyadic::integer(2));
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Result<Arc<Thermograph>, CgtError> {
        if let Some(known) = self.thermographs.get(&g) {
            return Ok(Arc::clone(known));
        }
        let thermograph = match self.as_number(g) {
            Some(x) => Thermograph::number(x)?,
            None => self.scaffolds(g)?,
        };
        let thermograph = Arc::new(thermograph);
        self.thermographs.insert(g, Arc::clone(&thermograph));
        Ok(thermograph)
    }

    fn scaffolds(&mut self, g: GameId) -> Result<Thermograph, CgtError> {
        let mut left: Option<Trajectory> = None;
        for gl in self.left_options(g) {
            let wall = self.thermograph(gl)?.right_wall().tilt(-1)?;
            left = Some(match left {
                Some(l) => l.combine(&wall, true)?,
                None => wall,
            });
        }
        let mut right: Option<Trajectory> = None;
        for gr in self.right_options(g) {
            let wall = self.thermograph(gr)?.left_wall().tilt(1)?;
            right = Some(match right {
                Some(r) => r.combine(&wall, false)?,
                None => wall,
            });
        }
        // A form that is not a number has options on both sides (a game with none for one
        // player is an integer).
        let (Some(left), Some(right)) = (left, right) else {
            return Err(CgtError::OutOfRange);
        };
        Thermograph::from_scaffolds(left, right)
    }

    /// The temperature of `g`.
    ///
    /// # Errors
    ///
    /// As [`Arena::thermograph`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("^").unwrap();
    /// assert_eq!(arena.temperature(g).unwrap(), Dyadic::ZERO);
    /// ```
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic, CgtError> {
        Ok(self.thermograph(g)?.temperature())
    }

    /// The mean of `g`.
    ///
    /// # Errors
    ///
    /// As [`Arena::thermograph`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{3|1}").unwrap();
    /// assert_eq!(arena.mean(g).unwrap(), Dyadic::integer(2));
    /// ```
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic, CgtError> {
        Ok(self.thermograph(g)?.mast())
    }

    /// The left and right stops of `g`: where play ends on a number when Left (or Right)
    /// starts and both play on the main line (memoized).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|0||-1}").unwrap();
    /// assert_eq!(arena.stops(g), (Dyadic::ZERO, Dyadic::integer(-1)));
    /// ```
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(x) = self.as_number(g) {
            return (x, x);
        }
        if let Some(&known) = self.stops.get(&g) {
            return known;
        }
        let left = self
            .left_options(g)
            .into_iter()
            .map(|gl| self.stops(gl).1)
            .max();
        let right = self
            .right_options(g)
            .into_iter()
            .map(|gr| self.stops(gr).0)
            .min();
        // Both sides have options (see `scaffolds`); the fallback keeps this total.
        let res = (left.unwrap_or(Dyadic::ZERO), right.unwrap_or(Dyadic::ZERO));
        self.stops.insert(g, res);
        res
    }
}

#[cfg(test)]
mod tests;
