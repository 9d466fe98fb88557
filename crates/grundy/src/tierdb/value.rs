//! The one-byte value of a position in a tier file: outcome and remoteness.

use serde::{Deserialize, Serialize};

use crate::value::Outcome;

/// A rank that names no position reachable from the start.
pub(super) const ABSENT: u8 = 0xFF;
pub(super) const DRAW: u8 = 0x00;
pub(super) const LOSS: u8 = 0x40;
pub(super) const WIN: u8 = 0x80;
pub(super) const REMOTENESS: u8 = 0x3F;
/// A draw that never ends (positions repeat for ever under best play), in a tier with
/// moves within it: the byte of a draw in 63.
pub(super) const ENDLESS: u8 = DRAW | REMOTENESS;

/// A position's value for the player to move, with its remoteness.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::Value;
/// use grundy::Outcome;
/// let v = Value { outcome: Outcome::Win, remoteness: 3 };
/// assert_eq!(v.to_string(), "win in 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Value {
    /// Win, loss or draw for the player to move.
    pub outcome: Outcome,
    /// Moves to the end under perfect play.
    pub remoteness: u32,
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.is_endless() {
            true => write!(f, "{} (play goes on for ever)", self.outcome),
            false => write!(f, "{} in {}", self.outcome, self.remoteness),
        }
    }
}

impl Value {
    /// True for a draw that never ends: a position of a game whose positions repeat, from
    /// which neither player can force an end (the byte of a draw in 63,
    /// whose remoteness is 63).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// let v = Value::decode(0x3F).unwrap();
    /// assert!(v.is_endless());
    /// assert_eq!(v.to_string(), "draw (play goes on for ever)");
    /// assert!(!Value::decode(0x05).unwrap().is_endless());
    /// ```
    pub fn is_endless(&self) -> bool {
        self.outcome == Outcome::Draw && self.remoteness >= u32::from(REMOTENESS)
    }

    /// The value of a byte of a tier file: `0x80 | r` a win in `r`, `0x40 | r` a loss in
    /// `r`, `0x00 | r` a draw in `r`; `None` for a rank not in the database (`0xFF`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// assert_eq!(Value::decode(0x83).unwrap().outcome, Outcome::Win);
    /// assert_eq!(Value::decode(0x09).unwrap().remoteness, 9);
    /// assert_eq!(Value::decode(0xFF), None);
    /// ```
    pub fn decode(byte: u8) -> Option<Value> {
        let remoteness = u32::from(byte & REMOTENESS);
        let outcome = match byte & !REMOTENESS {
            DRAW => Outcome::Draw,
            WIN => Outcome::Win,
            LOSS => Outcome::Loss,
            _ => return None,
        };
        Some(Value {
            outcome,
            remoteness,
        })
    }

    /// The byte of this value; `None` when its remoteness is over 63.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// let v = Value { outcome: Outcome::Loss, remoteness: 4 };
    /// assert_eq!(v.encode(), Some(0x44));
    /// assert_eq!(Value::decode(0x44), Some(v));
    /// assert_eq!(Value { remoteness: 64, ..v }.encode(), None);
    /// ```
    pub fn encode(self) -> Option<u8> {
        let r = u8::try_from(self.remoteness)
            .ok()
            .filter(|&r| r <= REMOTENESS)?;
        Some(match self.outcome {
            Outcome::Win => WIN | r,
            Outcome::Loss => LOSS | r,
            Outcome::Draw => DRAW | r,
        })
    }
}

/// The value of a move for its mover, from the value of the position it reaches (a draw
/// that never ends stays one).
pub(super) fn mover_value(after: Value) -> Value {
    if after.is_endless() {
        return after;
    }
    Value {
        outcome: match after.outcome {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        },
        remoteness: after.remoteness + 1,
    }
}
