//! The value of a position in a tier file: one byte of outcome and remoteness, two bytes
//! of net score and remoteness, or one byte of nimber, as the database's [`Values`] says.
//!
//! The remoteness of a scoring game's position is the number of moves to the end of the
//! game under perfect play for the score (a bonus turn, the same player moving again,
//! counts as a move): among the moves that achieve the best net score, a mover ahead (net
//! score above 0) or level (0) takes the shortest line to the end, a mover behind (below 0)
//! the longest, as win, draw and loss do with their remoteness. A position that has ended
//! has remoteness 0; a move's is one more than the position it reaches.

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

/// The highest net score a database of scores holds, either way: a byte holds the
/// scores from -127 to 127 (and the mark of a position not in the database).
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::tierdb::MAX_SCORE, 127);
/// ```
pub const MAX_SCORE: i32 = 127;

/// The highest nimber a database of nimbers holds: a byte holds 0 to 254 (and the mark of
/// a position not in the database).
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::tierdb::MAX_NIMBER, 254);
/// ```
pub const MAX_NIMBER: u32 = 254;

/// What a database's bytes hold, as its manifest says (`"values"`): a game says which with
/// `TierGame::values`.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::Values;
/// assert_eq!(Values::default(), Values::Outcomes);
/// assert_eq!(serde_json::to_string(&Values::Scores).unwrap(), "\"scores\"");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Values {
    /// Win, loss or draw with remoteness (`0x80 | r`, `0x40 | r`, `0x00 | r`).
    #[default]
    Outcomes,
    /// The net score for the player to move under perfect play (points from here on, the
    /// mover's less the other's), `score + 127`, from -127 to 127 ([`MAX_SCORE`]), then a
    /// byte of remoteness, 0 to 255 (a database of format 3 kept the score byte alone).
    Scores,
    /// The Grundy value of an impartial game's position, 0 to 254 ([`MAX_NIMBER`]).
    Nimbers,
}

/// A position's value for the player to move: its outcome with its remoteness, and in a
/// database of scores or nimbers the score or nimber (a database of nimbers keeps no
/// remoteness, nor one of scores of format 3: there it is 0).
///
/// # Examples
///
/// ```
/// use grundy::tierdb::Value;
/// use grundy::Outcome;
/// let v = Value::new(Outcome::Win, 3);
/// assert_eq!(v.to_string(), "win in 3");
/// assert_eq!(Value::of_score(-2).to_string(), "score -2 (loss)");
/// let ahead = Value { remoteness: 5, ..Value::of_score(2) };
/// assert_eq!(ahead.to_string(), "score +2 in 5 (win)");
/// assert_eq!(Value::of_nimber(3).to_string(), "nimber 3 (win)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Value {
    /// Win, loss or draw for the player to move.
    pub outcome: Outcome,
    /// Moves to the end under perfect play (in a database of scores, under perfect play for
    /// the score, as the module says; 0 in a database of nimbers).
    pub remoteness: u32,
    /// The net score for the player to move (a database of scores).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The Grundy value (a database of nimbers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nimber: Option<u32>,
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(score) = self.score {
            let sign = if score > 0 { "+" } else { "" };
            // A position that has ended, or a database that keeps no remoteness: 0.
            return match self.remoteness {
                0 => write!(f, "score {sign}{score} ({})", self.outcome),
                r => write!(f, "score {sign}{score} in {r} ({})", self.outcome),
            };
        }
        if let Some(nimber) = self.nimber {
            return write!(f, "nimber {nimber} ({})", self.outcome);
        }
        match self.is_endless() {
            true => write!(f, "{} (play goes on for ever)", self.outcome),
            false => write!(f, "{} in {}", self.outcome, self.remoteness),
        }
    }
}

impl Value {
    /// A win, loss or draw in `remoteness` moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// assert_eq!(Value::new(Outcome::Draw, 2).remoteness, 2);
    /// ```
    pub const fn new(outcome: Outcome, remoteness: u32) -> Value {
        Value {
            outcome,
            remoteness,
            score: None,
            nimber: None,
        }
    }

    /// A net score for the player to move: a win when above 0, a loss when below, else a
    /// draw.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// assert_eq!(Value::of_score(3).outcome, Outcome::Win);
    /// assert_eq!(Value::of_score(0).outcome, Outcome::Draw);
    /// ```
    pub fn of_score(score: i32) -> Value {
        let outcome = match score.signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        };
        Value {
            score: Some(score),
            ..Value::new(outcome, 0)
        }
    }

    /// A Grundy value: a win for the player to move unless it is 0 (normal play).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// assert_eq!(Value::of_nimber(0).outcome, Outcome::Loss);
    /// assert_eq!(Value::of_nimber(2).nimber, Some(2));
    /// ```
    pub fn of_nimber(nimber: u32) -> Value {
        let outcome = match nimber {
            0 => Outcome::Loss,
            _ => Outcome::Win,
        };
        Value {
            nimber: Some(nimber),
            ..Value::new(outcome, 0)
        }
    }

    /// The value a byte of a database holding `values` stands for; `None` for a rank not in
    /// the database (`0xFF`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::{Value, Values};
    /// assert_eq!(Value::read(Values::Scores, 130), Some(Value::of_score(3)));
    /// assert_eq!(Value::read(Values::Nimbers, 2), Some(Value::of_nimber(2)));
    /// assert_eq!(Value::read(Values::Scores, 0xFF), None);
    /// ```
    pub fn read(values: Values, byte: u8) -> Option<Value> {
        match (values, byte) {
            (_, ABSENT) => None,
            (Values::Outcomes, _) => Value::decode(byte),
            (Values::Scores, _) => Some(Value::of_score(i32::from(byte) - MAX_SCORE)),
            (Values::Nimbers, _) => Some(Value::of_nimber(u32::from(byte))),
        }
    }

    /// The byte of this value in a database holding `values`; `None` when it does not fit
    /// (a remoteness over 63, a score past [`MAX_SCORE`] either way, a nimber over
    /// [`MAX_NIMBER`]) or is not of that kind.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::{Value, Values};
    /// assert_eq!(Value::of_score(-127).write(Values::Scores), Some(0));
    /// assert_eq!(Value::of_score(128).write(Values::Scores), None);
    /// assert_eq!(Value::of_nimber(255).write(Values::Nimbers), None);
    /// ```
    pub fn write(self, values: Values) -> Option<u8> {
        match values {
            Values::Outcomes => self.encode(),
            Values::Scores => {
                let score = self.score.filter(|s| s.abs() <= MAX_SCORE)?;
                u8::try_from(score + MAX_SCORE).ok()
            }
            Values::Nimbers => {
                let nimber = self.nimber.filter(|&n| n <= MAX_NIMBER)?;
                u8::try_from(nimber).ok()
            }
        }
    }

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
        Some(Value::new(outcome, remoteness))
    }

    /// The byte of this value; `None` when its remoteness is over 63.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// let v = Value::new(Outcome::Loss, 4);
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

/// What a move of a scoring game earns its mover: its points, and whether the mover
/// moves again (a bonus turn, as completing a box in Dots-and-Boxes).
///
/// # Examples
///
/// ```
/// use grundy::tierdb::Gain;
/// let box_taken = Gain { points: 1, again: true };
/// assert_ne!(box_taken, Gain::default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Gain {
    /// Points to the mover (negative: to the other player).
    pub points: i32,
    /// True when the same player moves next.
    pub again: bool,
}

/// The value of a move that earns `gain` for its mover, from the value `after` of the
/// position it reaches, in a database holding `values`: a score is the move's points plus
/// or minus the score after it (plus after a bonus turn), in one move more than after it;
/// a nimber is the one reached, a win for the mover when it is 0.
pub(super) fn move_value(values: Values, gain: Gain, after: Value) -> Value {
    match values {
        Values::Outcomes => mover_value(after),
        Values::Scores => {
            let next = after.score.unwrap_or(0);
            Value {
                remoteness: after.remoteness + 1,
                ..Value::of_score(gain.points + if gain.again { next } else { -next })
            }
        }
        Values::Nimbers => Value {
            outcome: match after.nimber {
                Some(0) => Outcome::Win,
                _ => Outcome::Loss,
            },
            ..after
        },
    }
}

/// The bytes a position takes in a tier file a build writes now: two in a database of
/// scores (the score, then the remoteness), else one.
pub(super) fn width(values: Values) -> usize {
    match values {
        Values::Scores => 2,
        Values::Outcomes | Values::Nimbers => 1,
    }
}

/// The value of the position of rank `rank` in a tier's `bytes` of `width` bytes a
/// position (a database of scores of format 3 keeps one: no remoteness); `None` when it is
/// not there.
pub(super) fn read_at(values: Values, width: usize, bytes: &[u8], rank: u64) -> Option<Value> {
    let at = usize::try_from(rank).ok()?.checked_mul(width)?;
    let value = Value::read(values, *bytes.get(at)?)?;
    Some(match (width, bytes.get(at + 1)) {
        (2, Some(&r)) => Value {
            remoteness: u32::from(r),
            ..value
        },
        _ => value,
    })
}

/// The value of a move for its mover, from the value of the position it reaches (a draw
/// that never ends stays one).
pub(super) fn mover_value(after: Value) -> Value {
    if after.is_endless() {
        return after;
    }
    Value::new(
        match after.outcome {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        },
        after.remoteness + 1,
    )
}
