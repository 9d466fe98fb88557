//! A partizan game's side of the front door: each player's moves, components and canonical
//! forms, for positions with no player to move.

use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;

use super::datum::{Datum, DynMove};
use super::error::DynError;
use crate::cgt::loopy::{LoopyGame, MAX_POSITIONS};
use crate::cgt::{Arena, GameId};
use crate::limits::{Budget, SolveError};

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

    /// The graph of every position reachable from `pos` by Left's and Right's moves, as a
    /// loopy game (for rules whose positions repeat, which have no canonical form): valued
    /// by [`LoopyGame::outcome`] and `SidedValue::of`. Components are not split: the whole
    /// position is one graph.
    ///
    /// # Errors
    ///
    /// [`DynError::Solve`] when more than the loopy module's `MAX_POSITIONS` (or the
    /// budget's positions) are reached, naming how many, or when cancelled;
    /// [`DynError::Rules`] when the rules fail.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// use grundy::dynamic::partizan::{Partizan, Side};
    /// use grundy::dynamic::{Datum, DynError, DynMove};
    /// use grundy::cgt::{Arena, GameId};
    /// use grundy::Budget;
    ///
    /// /// At 1 Left may move to 0 and Right to 1 again: over = {0|pass}.
    /// struct Over;
    /// impl Partizan for Over {
    ///     fn options(&self, pos: &Datum, side: Side) -> Result<Vec<DynMove>, DynError> {
    ///         let to = match (pos.as_int(), side) {
    ///             (Some(1), Side::Left) => 0,
    ///             (Some(1), Side::Right) => 1,
    ///             _ => return Ok(vec![]),
    ///         };
    ///         Ok(vec![DynMove { label: to.to_string(), to: Datum::Int(to), points: 0, again: false }])
    ///     }
    ///     fn components(&self, pos: &Datum) -> Result<Vec<Datum>, DynError> {
    ///         Ok(vec![pos.clone()])
    ///     }
    ///     fn canonical(&self, _: &Datum, _: &mut Arena, _: &Budget) -> Result<GameId, DynError> {
    ///         Err(DynError::NoTurn)
    ///     }
    /// }
    /// let g = Over.loopy(&Datum::Int(1), &Budget::default()).unwrap();
    /// assert_eq!(g, LoopyGame::over());
    /// ```
    fn loopy(&self, pos: &Datum, budget: &Budget) -> Result<LoopyGame, DynError> {
        let mut positions: IndexSet<Datum, FxBuildHasher> = IndexSet::default();
        positions.insert(pos.clone());
        let mut graph: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        while graph.len() < positions.len() {
            budget.check_cancelled()?;
            budget.count_position();
            let here = positions[graph.len()].clone();
            let mut sides = [Vec::new(), Vec::new()];
            for (side, out) in [Side::Left, Side::Right].into_iter().zip(&mut sides) {
                for mv in self.options(&here, side)? {
                    let (idx, _) = positions.insert_full(mv.to);
                    out.push(idx);
                }
            }
            let reached = positions.len();
            budget.check_positions(reached as u64)?;
            if reached > MAX_POSITIONS {
                return Err(SolveError::TooLarge {
                    needed: reached as u64,
                    limit: MAX_POSITIONS as u64,
                    unit: "positions (they repeat: valued as a loopy game)",
                }
                .into());
            }
            let [left, right] = sides;
            graph.push((left, right));
        }
        // Every option is a position met, and there are at most MAX_POSITIONS.
        LoopyGame::new(&graph, 0).map_err(|err| DynError::Position(err.to_string()))
    }
}
