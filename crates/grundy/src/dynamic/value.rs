//! What values a game has ([`Kind`]) and the value of a position or a move ([`Value`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::value::{Nimber, Outcome, Play};

/// What values a game has, which decides what `DynGame::solve` reports.
///
/// Serialized with a `kind` tag: `{"kind": "impartial", "play": "normal"}`.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Kind;
/// use grundy::Play;
/// let kind = Kind::Impartial { play: Play::Normal };
/// assert!(kind.has_nimbers());
/// assert_eq!(kind.to_string(), "impartial, normal play");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Kind {
    /// Both players have the same moves, no points, no bonus turns: outcomes with
    /// remoteness, and nimbers under normal play.
    Impartial {
        /// Normal or misère play.
        play: Play,
    },
    /// Win or loss (moves may differ by whose turn it is, or grant bonus turns), or a draw
    /// where the game ends in one (`DynGame::ended`: a full board, as a tier database
    /// answers it): outcomes with remoteness.
    WinLoss {
        /// What a player who cannot move gets.
        play: Play,
    },
    /// Moves earn points; the value is the exact best points difference for the mover
    /// (a positive difference is a win, a negative one a loss, a tie is reported as a draw).
    Scoring,
    /// Positions may repeat: win, loss or draw by retrograde analysis (no remoteness).
    Loopy {
        /// What a player who cannot move gets.
        play: Play,
    },
    /// Left and Right have moves of their own and a position has no player to move (a
    /// game file's `left` and `right`): the value is a canonical form
    /// ([`Partizan`](super::partizan::Partizan)), under normal play.
    Partizan,
}

impl Kind {
    /// True when positions have nimbers (impartial games under normal play).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Kind;
    /// assert!(!Kind::Impartial { play: grundy::Play::Misere }.has_nimbers());
    /// ```
    pub fn has_nimbers(&self) -> bool {
        matches!(self, Kind::Impartial { play: Play::Normal })
    }

    /// The play convention (scoring games end by score: [`Play::Normal`] is reported).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Kind;
    /// use grundy::Play;
    /// assert_eq!(Kind::WinLoss { play: Play::Misere }.play(), Play::Misere);
    /// ```
    pub fn play(&self) -> Play {
        match self {
            Kind::Impartial { play } | Kind::WinLoss { play } | Kind::Loopy { play } => *play,
            Kind::Scoring | Kind::Partizan => Play::Normal,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let play = |play: &Play| match play {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        };
        match self {
            Kind::Impartial { play: p } => write!(f, "impartial, {}", play(p)),
            Kind::WinLoss { play: p } => write!(f, "win/loss, {}", play(p)),
            Kind::Scoring => f.write_str("scoring"),
            Kind::Partizan => f.write_str("partizan"),
            Kind::Loopy { play: p } => write!(f, "loopy, {}", play(p)),
        }
    }
}

/// The value of a position (for the player to move) or of a move (for the mover).
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Value;
/// use grundy::Outcome;
/// let v = Value::outcome(Outcome::Win);
/// assert_eq!((v.remoteness, v.nimber, v.score), (None, None, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    /// Win, loss or draw.
    pub outcome: Outcome,
    /// Moves to the end under best play (the winner hurries, the loser delays); `None` for
    /// loopy and scoring games, and for sums too large to search whole (see
    /// the adapter's `REMOTENESS_POSITIONS`).
    pub remoteness: Option<u64>,
    /// The nimber (impartial games under normal play): of the position itself, or, for a
    /// move, of the position it leads to.
    pub nimber: Option<Nimber>,
    /// The exact best points difference (scoring games).
    pub score: Option<i64>,
}

impl Value {
    /// A bare outcome.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::dynamic::Value::outcome(grundy::Outcome::Draw).outcome, grundy::Outcome::Draw);
    /// ```
    pub fn outcome(outcome: Outcome) -> Value {
        Value {
            outcome,
            remoteness: None,
            nimber: None,
            score: None,
        }
    }
}

impl fmt::Display for Value {
    /// `win in 3`, `loss in 4`, `draw`, `score +2`, with ` (*1)` for a nimber.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.score {
            Some(score) => write!(f, "score {score:+}")?,
            None => {
                write!(f, "{}", self.outcome)?;
                if let Some(moves) = self.remoteness {
                    write!(f, " in {moves}")?;
                }
            }
        }
        if let Some(nimber) = self.nimber {
            write!(f, " ({nimber})")?;
        }
        Ok(())
    }
}
