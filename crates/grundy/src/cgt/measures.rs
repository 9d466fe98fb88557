//! What a front end shows of a value ([`Measures`]: its form in both notations, outcome
//! class, stops, mean and temperature; [`Report`]: those, CGSuite's atomic weight, the
//! options and the thermograph, what the calculator shows), and forms copied from one
//! arena to another ([`Arena::import`]: a game's own arena to a caller's).

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::arena::{Arena, GameId};
use super::atomic::AtomicWeightError;
use super::canonical::OutcomeClass;
use super::dyadic::Dyadic;
use super::error::CgtError;
use super::thermograph::Thermograph;

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

/// Everything the calculator shows of a value: `grundy cgt --json`, the web page's
/// `/api/cgt`; the [`Measures`] (flattened into the same object when serialized), CGSuite's
/// atomic weight, the canonical form's options and the thermograph.
///
/// # Examples
///
/// ```
/// use grundy::cgt::Arena;
/// let mut arena = Arena::new();
/// let g = arena.parse("{2|-1/2}").unwrap();
/// let report = arena.report(g).unwrap();
/// assert_eq!(report.measures.value, "{2|-1/2}");
/// assert_eq!((report.left_options.as_slice(), report.right_options.as_slice()), (&["2".to_string()][..], &["-1/2".to_string()][..]));
/// assert_eq!(report.thermograph.temperature(), report.measures.temperature);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The value's form, outcome, stops, mean and temperature.
    #[serde(flatten)]
    pub measures: Measures,
    /// CGSuite's atomic weight, as CGSuite writes it; `None` where CGSuite refuses one (the
    /// game is not atomic).
    pub atomic_weight: Option<String>,
    /// The canonical form's Left options, as CGSuite writes them.
    pub left_options: Vec<String>,
    /// The canonical form's Right options.
    pub right_options: Vec<String>,
    /// The walls, piece by piece, the temperature and the mast.
    pub thermograph: Thermograph,
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

    /// The [`Report`] of `g`: its [`Measures`], CGSuite's atomic weight, its options and
    /// its thermograph.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a corner of its thermograph, or its atomic weight, does
    /// not fit a [`Dyadic`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{1|^^^||^}").unwrap();
    /// let report = arena.report(g).unwrap();
    /// assert_eq!(report.atomic_weight, None); // CGSuite refuses: not atomic
    /// assert_eq!(report.left_options, ["{1|^3}"]);
    /// let up = arena.parse("^").unwrap();
    /// assert_eq!(arena.report(up).unwrap().atomic_weight.as_deref(), Some("1"));
    /// ```
    pub fn report(&mut self, g: GameId) -> Result<Report, CgtError> {
        let measures = self.measures(g)?;
        let atomic_weight = match self.atomic_weight(g) {
            Ok(weight) => Some(self.display(weight)),
            Err(AtomicWeightError::Cgt(err)) => return Err(err),
            Err(_) => None,
        };
        let show = |arena: &mut Arena, ids: Vec<GameId>| -> Vec<String> {
            ids.into_iter().map(|o| arena.display(o)).collect()
        };
        let (left, right) = (self.left_options(g), self.right_options(g));
        Ok(Report {
            measures,
            atomic_weight,
            left_options: show(self, left),
            right_options: show(self, right),
            thermograph: (*self.thermograph(g)?).clone(),
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
