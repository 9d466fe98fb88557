//! A partizan game's table: a row per position made from `n <= to` (or `a, b <= to`), its
//! canonical form and measures, every row's search sharing one game's memo and one arena. A
//! position whose positions repeat has no canonical form: its row has its value as a loopy
//! game instead (outcome with draws, sided value; `analysis::partizan::analyze_loopy`).

use serde::Serialize;

use crate::analysis::partizan::{analyze_loopy, LoopyAnalysis};
use crate::cgt::{Arena, Measures};
use crate::dynamic::{Datum, DynError, DynGame, RulesError};
use crate::limits::Budget;

use super::error::TableError;
use super::game::{Axes, MAX_CELLS};

/// A row of a partizan table.
///
/// # Examples
///
/// See [`tabulate_partizan`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanRow {
    /// The integers the position is made from.
    pub numbers: Vec<u64>,
    /// The position.
    pub position: Datum,
    /// Its canonical form and measures, or its value as a loopy game.
    pub value: PartizanValue,
}

/// The value in a partizan table's row: a canonical form, or a loopy game's value when the
/// position's positions repeat. Written in JSON as the value itself (`{"value": "3", ...}`,
/// or `{"value": "0 & -1", "onside": ...}`).
///
/// # Examples
///
/// ```
/// use grundy::table::PartizanValue;
/// use grundy::cgt::Arena;
/// let mut arena = Arena::new();
/// let star = arena.parse("*").unwrap();
/// let v = PartizanValue::Form(arena.measures(star).unwrap());
/// assert_eq!(v.value(), "*");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PartizanValue {
    /// A canonical form and its measures.
    Form(Measures),
    /// A position whose positions repeat, valued as a loopy game.
    Loopy(LoopyAnalysis),
}

impl PartizanValue {
    /// The value as CGSuite writes it: the canonical form, or the sided value.
    ///
    /// # Examples
    ///
    /// See [`PartizanValue`].
    pub fn value(&self) -> &str {
        match self {
            PartizanValue::Form(m) => &m.value,
            PartizanValue::Loopy(a) => &a.value,
        }
    }
}

/// Tabulates the partizan `game` over the positions made from `n <= to` (or pairs).
///
/// # Errors
///
/// [`TableError::TooLarge`] past [`MAX_CELLS`] rows, [`TableError::NoPositions`] when the
/// game makes no positions from that many integers (or is not partizan),
/// [`TableError::Game`] naming the integers whose position could not be made or valued,
/// [`TableError::Solve`] when the budget's cancel flag is raised.
///
/// # Examples
///
/// ```
/// use grundy::scripted::{GameInfo, RuleMove, Rules};
/// use grundy::dynamic::partizan::Side;
/// use grundy::scripted::PartizanGame;
/// use grundy::dynamic::{Datum, Kind};
/// use grundy::table::{tabulate_partizan, Axes};
///
/// /// A stalk of `n` blue edges: Left cuts one, Right has no move.
/// struct Stalk;
/// impl Rules for Stalk {
///     fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
///         Err("partizan".into())
///     }
///     fn options(&self, pos: &Datum, side: Side, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("an integer")?;
///         if side == Side::Left {
///             out.extend((0..n).map(|k| RuleMove::to(Datum::Int(k))));
///         }
///         Ok(())
///     }
///     fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, String>> {
///         Some(Ok(Datum::Int(numbers[0] as i64)))
///     }
/// }
/// let game = PartizanGame::new(Stalk, GameInfo::new("stalk", Kind::Partizan));
/// let rows = tabulate_partizan(&game, Axes::One, 3, &grundy::Budget::default()).unwrap();
/// let values: Vec<&str> = rows.iter().map(|r| r.value.value()).collect();
/// assert_eq!(values, ["0", "1", "2", "3"]);
/// ```
pub fn tabulate_partizan(
    game: &dyn DynGame,
    axes: Axes,
    to: u64,
    budget: &Budget,
) -> Result<Vec<PartizanRow>, TableError> {
    let limit = match axes {
        Axes::One => MAX_CELLS - 1,
        Axes::Two => (MAX_CELLS as f64).sqrt() as u64 - 1,
    };
    if to > limit {
        return Err(TableError::TooLarge {
            to,
            game: game.name(),
            limit,
            cells: None,
        });
    }
    let no_positions = || TableError::NoPositions {
        game: game.name(),
        count: axes.count(),
    };
    let partizan = game.partizan().ok_or_else(no_positions)?;
    let numbers: Vec<Vec<u64>> = match axes {
        Axes::One => (0..=to).map(|n| vec![n]).collect(),
        Axes::Two => (0..=to)
            .flat_map(|a| (0..=to).map(move |b| vec![a, b]))
            .collect(),
    };
    let mut arena = Arena::new();
    let mut rows = Vec::with_capacity(numbers.len());
    for numbers in numbers {
        budget.check_cancelled()?;
        let failed = |source| TableError::Game {
            numbers: numbers.clone(),
            source,
        };
        let position = game
            .position_of(&numbers)
            .ok_or_else(no_positions)?
            .map_err(failed)?;
        let value = match partizan.canonical(&position, &mut arena, budget) {
            Ok(g) => PartizanValue::Form(arena.measures(g).map_err(|e| failed(e.into()))?),
            Err(DynError::Rules(RulesError::Cycle { .. })) => {
                PartizanValue::Loopy(analyze_loopy(partizan, &position, budget).map_err(failed)?)
            }
            Err(err) => return Err(failed(err)),
        };
        rows.push(PartizanRow {
            numbers,
            position,
            value,
        });
    }
    Ok(rows)
}
