//! Sided values `S & T`: the value of a loopy game as its onside and offside, both stoppers
//! in simplest form, written as CGSuite writes them (`dud` for `on & off`, the stopper alone
//! when both sides are equal).

use std::cmp::Ordering;

use super::error::LoopyError;
use super::graph::LoopyGame;
use super::outcome::{LoopyOutcomeClass, Mover, Winner};
use super::sides::Side;
use super::simplify::MAX_SIMPLIFIED;

/// The value of a loopy game: its onside `S` and offside `T` (`S >= T`), stoppers in
/// simplest form.
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{LoopyGame, SidedValue};
/// let dud = SidedValue::of(&LoopyGame::on().sum(&LoopyGame::off()).unwrap()).unwrap();
/// assert_eq!(dud.to_string(), "dud");
/// assert_eq!(dud.onside(), &LoopyGame::on());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SidedValue {
    onside: LoopyGame,
    offside: LoopyGame,
}

impl SidedValue {
    /// The sided value of a game (a stopper's sides are both itself, in simplest form up to
    /// [`MAX_SIMPLIFIED`] positions and as given beyond).
    ///
    /// # Errors
    ///
    /// As [`LoopyGame::side`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, SidedValue};
    /// // over - over = over + under is over & under, not 0.
    /// let g = LoopyGame::over().difference(&LoopyGame::over()).unwrap();
    /// assert_eq!(SidedValue::of(&g).unwrap().to_string(), "over & under");
    /// ```
    pub fn of(g: &LoopyGame) -> Result<SidedValue, LoopyError> {
        if g.is_stopper() {
            let s = if g.len() > MAX_SIMPLIFIED {
                g.clone()
            } else {
                g.simplest()?
            };
            return Ok(SidedValue {
                onside: s.clone(),
                offside: s,
            });
        }
        Ok(SidedValue {
            onside: g.side(Side::On)?,
            offside: g.side(Side::Off)?,
        })
    }

    /// `onside & offside`, from two stoppers with `onside >= offside`.
    ///
    /// # Errors
    ///
    /// [`LoopyError::NotStopper`] for a side that is not a stopper, [`LoopyError::Parse`]
    /// (column 0) when the onside is not at least the offside.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, SidedValue};
    /// let v = SidedValue::new(&LoopyGame::on(), &LoopyGame::off()).unwrap();
    /// assert_eq!(v.to_string(), "dud");
    /// assert!(SidedValue::new(&LoopyGame::off(), &LoopyGame::on()).is_err());
    /// ```
    pub fn new(onside: &LoopyGame, offside: &LoopyGame) -> Result<SidedValue, LoopyError> {
        if !onside.geq(offside)? {
            return Err(LoopyError::Parse {
                column: 0,
                message: format!(
                    "in S & T the onside S must be at least the offside T ({} & {})",
                    display_stopper(onside),
                    display_stopper(offside)
                ),
            });
        }
        Ok(SidedValue {
            onside: onside.simplest()?,
            offside: offside.simplest()?,
        })
    }

    /// The onside, in simplest form.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, SidedValue};
    /// assert_eq!(SidedValue::of(&LoopyGame::dud()).unwrap().onside(), &LoopyGame::on());
    /// ```
    pub fn onside(&self) -> &LoopyGame {
        &self.onside
    }

    /// The offside, in simplest form.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, SidedValue};
    /// assert_eq!(SidedValue::of(&LoopyGame::dud()).unwrap().offside(), &LoopyGame::off());
    /// ```
    pub fn offside(&self) -> &LoopyGame {
        &self.offside
    }

    /// Whether the value is a stopper's: both sides equal.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, SidedValue};
    /// assert!(SidedValue::of(&LoopyGame::over()).unwrap().is_stopper());
    /// assert!(!SidedValue::of(&LoopyGame::dud()).unwrap().is_stopper());
    /// ```
    pub fn is_stopper(&self) -> bool {
        self.onside == self.offside
            || self.onside.compare(&self.offside) == Ok(Some(Ordering::Equal))
    }

    /// How two values compare: `G <= H` when `G+ <= H+` and `G- <= H-`; `None` when
    /// confused.
    ///
    /// # Errors
    ///
    /// [`LoopyError::TooLarge`] when a difference of sides is too large.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, SidedValue};
    /// use std::cmp::Ordering;
    /// let dud = SidedValue::of(&LoopyGame::dud()).unwrap();
    /// let zero = SidedValue::new(&LoopyGame::new(&[(vec![], vec![])], 0).unwrap(),
    ///     &LoopyGame::new(&[(vec![], vec![])], 0).unwrap()).unwrap();
    /// assert_eq!(dud.compare(&zero).unwrap(), None);
    /// ```
    pub fn compare(&self, other: &SidedValue) -> Result<Option<Ordering>, LoopyError> {
        let on = self.onside.compare(&other.onside)?;
        let off = self.offside.compare(&other.offside)?;
        use Ordering::*;
        Ok(match (on, off) {
            (Some(a), Some(b)) if a == b => Some(a),
            (Some(Equal), Some(b)) | (Some(b), Some(Equal)) => Some(b),
            _ => None,
        })
    }

    /// The outcome class, from the sides played alone: Left moving first wins when she wins
    /// the offside (Right survives `G` exactly when he survives `G-`), and draws when she
    /// only survives the onside; the same for Right.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, LoopyOutcomeClass, SidedValue};
    /// let dud = SidedValue::of(&LoopyGame::dud()).unwrap();
    /// assert_eq!(dud.outcome(), LoopyOutcomeClass::D);
    /// ```
    pub fn outcome(&self) -> LoopyOutcomeClass {
        let (on, off) = (self.onside.solve(), self.offside.solve());
        let left_first = if off[0] == Mover::Wins {
            Winner::Left
        } else if on[0] != Mover::Loses {
            Winner::Draw
        } else {
            Winner::Right
        };
        let right_first = if on[1] == Mover::Wins {
            Winner::Right
        } else if off[1] != Mover::Loses {
            Winner::Draw
        } else {
            Winner::Left
        };
        LoopyOutcomeClass::from_winners(left_first, right_first)
    }
}

/// A stopper by its name when it equals a named one, else its form.
fn display_stopper(g: &LoopyGame) -> String {
    g.value_name().map_or_else(|| g.to_string(), str::to_string)
}

impl std::fmt::Display for SidedValue {
    /// CGSuite's notation: `dud` for `on & off`, `S` when both sides are `S`, else `S & T`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_stopper() {
            return f.write_str(&display_stopper(&self.onside));
        }
        let (on, off) = (
            display_stopper(&self.onside),
            display_stopper(&self.offside),
        );
        if on == "on" && off == "off" {
            return f.write_str("dud");
        }
        write!(f, "{on} & {off}")
    }
}
