//! The values solvers produce: outcomes, nimbers and scores, and the play conventions.

use std::fmt;
use std::ops::BitXor;

use serde::{Deserialize, Serialize};

/// Who wins from a position, seen from the player to move.
///
/// # Examples
///
/// ```
/// use grundy::Outcome;
/// assert_eq!(Outcome::Win.to_string(), "win");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move can force a win (an N-position).
    Win,
    /// The player to move loses against best play (a P-position).
    Loss,
    /// Neither player can force a win: play goes on for ever (loopy games only).
    Draw,
}

impl Outcome {
    /// The outcome for the other player: Win and Loss swap, Draw stays.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Outcome;
    /// assert_eq!(Outcome::Win.flip(), Outcome::Loss);
    /// assert_eq!(Outcome::Draw.flip(), Outcome::Draw);
    /// ```
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        })
    }
}

/// What a player who cannot move gets.
///
/// # Examples
///
/// ```
/// use grundy::{Outcome, Play};
/// assert_eq!(Play::Normal.terminal(), Outcome::Loss);
/// assert_eq!(Play::Misere.terminal(), Outcome::Win);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins (whoever makes the last move loses).
    Misere,
}

impl Play {
    /// The outcome, for the player to move, of a position with no moves.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Play::Normal.terminal(), grundy::Outcome::Loss);
    /// ```
    pub fn terminal(self) -> Outcome {
        match self {
            Play::Normal => Outcome::Loss,
            Play::Misere => Outcome::Win,
        }
    }
}

/// A Grundy value (nimber): the mex of the options' values; sums XOR.
///
/// # Examples
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber(5) ^ Nimber(3), Nimber(6));
/// assert_eq!(Nimber::mex([0, 1, 3].map(Nimber)), Nimber(2));
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber 0: a P-position under normal play.
    pub const ZERO: Nimber = Nimber(0);

    /// The minimum excluded value of `values`: the least nimber not among them.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Nimber;
    /// assert_eq!(Nimber::mex([]), Nimber(0));
    /// assert_eq!(Nimber::mex([Nimber(1), Nimber(0), Nimber(1)]), Nimber(2));
    /// ```
    pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
        let mut seen: u128 = 0;
        let mut large = Vec::new();
        for Nimber(v) in values {
            if v < 128 {
                seen |= 1 << v;
            } else {
                large.push(v);
            }
        }
        let small = seen.trailing_ones() as u64;
        if small < 128 {
            return Nimber(small);
        }
        large.sort_unstable();
        large.dedup();
        let mut mex = 128;
        for v in large {
            if v != mex {
                break;
            }
            mex += 1;
        }
        Nimber(mex)
    }

    /// The outcome under normal play: nimber 0 is a loss for the player to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{Nimber, Outcome};
    /// assert_eq!(Nimber(0).outcome(), Outcome::Loss);
    /// assert_eq!(Nimber(4).outcome(), Outcome::Win);
    /// ```
    pub fn outcome(self) -> Outcome {
        if self.0 == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}
