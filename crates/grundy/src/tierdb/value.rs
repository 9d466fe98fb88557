//! The one-byte value of a position in a tier file: outcome and remoteness.

use serde::{Deserialize, Serialize};

use crate::value::Outcome;

pub(super) const ABSENT: u8 = 0xFF;
pub(super) const DRAW: u8 = 0x00;
pub(super) const LOSS: u8 = 0x40;
pub(super) const WIN: u8 = 0x80;
pub(super) const REMOTENESS: u8 = 0x3F;

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
        write!(f, "{} in {}", self.outcome, self.remoteness)
    }
}

impl Value {
    /// The value of a byte of a tier file for a board with `empty` empty cells; `None` for
    /// a board not in the database.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// assert_eq!(Value::decode(0x83, 9).unwrap().outcome, Outcome::Win);
    /// assert_eq!(Value::decode(0x00, 9).unwrap().remoteness, 9);
    /// assert_eq!(Value::decode(0xFF, 9), None);
    /// ```
    pub fn decode(byte: u8, empty: u32) -> Option<Value> {
        let remoteness = u32::from(byte & REMOTENESS);
        match byte & !REMOTENESS {
            _ if byte == ABSENT => None,
            DRAW if byte == DRAW => Some(Value {
                outcome: Outcome::Draw,
                remoteness: empty,
            }),
            WIN => Some(Value {
                outcome: Outcome::Win,
                remoteness,
            }),
            LOSS => Some(Value {
                outcome: Outcome::Loss,
                remoteness,
            }),
            _ => None,
        }
    }
}

/// The value of a move for its mover, from the value of the position it reaches.
pub(super) fn mover_value(after: Value) -> Value {
    Value {
        outcome: match after.outcome {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        },
        remoteness: after.remoteness + 1,
    }
}
