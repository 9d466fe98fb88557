//! What a front end shows of a value ([`Measures`]: its form in both notations, outcome
//! class, stops, mean and temperature), and forms copied from one arena to another
//! ([`Arena::import`]: a game's own arena to a caller's).

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::arena::{Arena, GameId};
use super::canonical::OutcomeClass;
use super::dyadic::Dyadic;
use super::error::CgtError;

/// A value as data: what `grundy cgt --json`, a partizan game's solve and the web API show.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, Dyadic, OutcomeClass};
/// let mut arena = Arena::new();
/// let g = arena.parse("{2|-1/2}").unwrap();
/// let measures = arena.measures(g).unwrap();
/// assert_eq!(measures.value, "{2|-1/2}");
/// assert_eq!(measures.outcome, OutcomeClass::Next);
/// assert_eq!(measures.mean, Dyadic::new(3, 2).unwrap());
/// assert_eq!(measures.temperature, Dyadic::new(5, 2).unwrap());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Measures {
    /// The canonical form as CGSuite writes it (`^*`, `+-1`, `{2|-1/2}`).
    pub value: String,
    /// The canonical form with every form that is not a number in braces.
    pub canonical: String,
    /// Who wins, whoever starts.
    pub outcome: OutcomeClass,
    /// Where play ends on a number when Left starts.
    pub left_stop: Dyadic,
    /// Where play ends on a number when Right starts.
    pub right_stop: Dyadic,
    /// The mean (the mast of the thermograph).
    pub mean: Dyadic,
    /// The temperature (negative for numbers: `-1/2^k` for `m/2^k`).
    pub temperature: Dyadic,
}

impl Arena {
    /// The [`Measures`] of `g`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a corner of its thermograph does not fit a [`Dyadic`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("^ + ^").unwrap();
    /// let measures = arena.measures(g).unwrap();
    /// assert_eq!((measures.value.as_str(), measures.canonical.as_str()), ("^^", "{0|{0,{0|0}|0}}"));
    /// ```
    pub fn measures(&mut self, g: GameId) -> Result<Measures, CgtError> {
        let (left_stop, right_stop) = self.stops(g);
        let thermograph = self.thermograph(g)?;
        Ok(Measures {
            value: self.display(g),
            canonical: self.explicit(g),
            outcome: self.outcome(g),
            left_stop,
            right_stop,
            mean: thermograph.mast(),
            temperature: thermograph.temperature(),
        })
    }

    /// The form `g` of the arena `from`, stored in this one: the same value, this arena's
    /// id. Number-up-stars are copied by value, other forms option by option (each form
    /// once).
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] as [`Arena::from_options`] (never for a canonical form
    /// `from` could hold).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut theirs = Arena::new();
    /// let g = theirs.parse("{2|0||-1} + ^").unwrap();
    /// let mut ours = Arena::new();
    /// let copied = ours.import(&mut theirs, g).unwrap();
    /// assert_eq!(ours.display(copied), theirs.display(g));
    /// ```
    pub fn import(&mut self, from: &mut Arena, g: GameId) -> Result<GameId, CgtError> {
        let mut copied = FxHashMap::default();
        self.import_form(from, g, &mut copied)
    }

    fn import_form(
        &mut self,
        from: &mut Arena,
        g: GameId,
        copied: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, CgtError> {
        if let Some(&known) = copied.get(&g) {
            return Ok(known);
        }
        let res = match from.as_nus(g) {
            Some(nus) => self.nus(nus),
            None => {
                let mut sides = [Vec::new(), Vec::new()];
                for (side, options) in [from.left_options(g), from.right_options(g)]
                    .into_iter()
                    .enumerate()
                {
                    for option in options {
                        sides[side].push(self.import_form(from, option, copied)?);
                    }
                }
                self.from_options(&sides[0], &sides[1])?
            }
        };
        copied.insert(g, res);
        Ok(res)
    }
}
