//! A partizan game's side of the front door: each player's moves, components and canonical
//! forms, for positions with no player to move.

use super::datum::{Datum, DynMove};
use super::error::DynError;
use crate::cgt::{Arena, GameId};
use crate::limits::Budget;

/// One of the two players of a partizan game: Left (positive values, Blue, Vertical) or
/// Right.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::partizan::Side;
/// assert_eq!(Side::Left.to_string(), "Left");
/// assert_eq!(Side::Right.function(), "right");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Side {
    /// The player whose wins are positive.
    Left,
    /// The player whose wins are negative.
    Right,
}

impl Side {
    /// The name of the game file's function giving this player's moves.
    pub fn function(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Left => "Left",
            Side::Right => "Right",
        })
    }
}

/// What a partizan game answers: each player's moves, its components, and canonical forms.
///
/// # Examples
///
/// See `grundy::scripted::PartizanGame`.
pub trait Partizan: Send + Sync {
    /// `side`'s moves from `pos`, labelled (a label the rules give, else the position reached
    /// as `DynGame::show` writes it).
    ///
    /// # Errors
    ///
    /// [`DynError::Rules`] when the rules fail or give a move with points or a bonus turn.
    fn options(&self, pos: &Datum, side: Side) -> Result<Vec<DynMove>, DynError>;

    /// The independent components of `pos` (the game's `components`; `pos` alone without
    /// one).
    ///
    /// # Errors
    ///
    /// [`DynError::Rules`] when the rules fail.
    fn components(&self, pos: &Datum) -> Result<Vec<Datum>, DynError>;

    /// The canonical form of `pos`, stored in `arena`, searched within `budget`.
    ///
    /// # Errors
    ///
    /// [`DynError::Solve`] when the search does not fit the budget or is cancelled,
    /// [`DynError::Rules`] when the rules fail or have a cycle, [`DynError::Cgt`] when a
    /// number leaves the algebra's range.
    fn canonical(
        &self,
        pos: &Datum,
        arena: &mut Arena,
        budget: &Budget,
    ) -> Result<GameId, DynError>;
}
