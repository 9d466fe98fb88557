//! Tables of any [`DynGame`] whose positions can be made from integers
//! ([`DynGame::position_of`]): a value for each position made from `n <= to` (one integer)
//! or `a, b <= to` (two), solved by the game's own engine, then the pattern of the values and
//! the shape of the P-positions. Nothing here knows a family: a game file or a game defined
//! in Python is tabulated the same way.

use serde::Serialize;

use super::error::TableError;
use crate::dynamic::{DynGame, Kind, Value};
use crate::limits::Budget;
use crate::sequence::shape::{one_heap_shape, two_heap_shape, OneHeapShape, TwoHeapShape};
use crate::sequence::{find_pattern, Pattern};
use crate::value::Outcome;

/// The most positions a table of a game holds: 2^20.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::table::MAX_CELLS, 1 << 20);
/// ```
pub const MAX_CELLS: u64 = 1 << 20;

/// How many integers make a position: the table's axes.
///
/// # Examples
///
/// ```
/// use grundy::table::Axes;
/// assert_eq!(Axes::Two.count(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Axes {
    /// Positions made from `n` (a heap, a count).
    One,
    /// Positions made from `(a, b)` (two heaps, coordinates).
    Two,
}

impl Axes {
    /// 1 or 2.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::table::Axes::One.count(), 1);
    /// ```
    pub fn count(self) -> usize {
        match self {
            Axes::One => 1,
            Axes::Two => 2,
        }
    }
}

/// The shape of a game table's P-positions (losses for the player to move).
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::OneHeapShape;
/// use grundy::table::GameShape;
/// let shape = GameShape::OneHeap(OneHeapShape::ResidueClass { modulus: 4, residue: 0 });
/// assert_eq!(serde_json::to_value(shape).unwrap()["one_heap"]["modulus"], 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameShape {
    /// Positions made from one integer.
    OneHeap(OneHeapShape),
    /// Positions made from two integers.
    TwoHeaps(TwoHeapShape),
}

/// A game's values over one or two integers and what they show.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::games::bash::Bash;
/// use grundy::table::{tabulate_game, Axes};
/// use grundy::Budget;
/// let game = builtin::bash(Bash::new(3).unwrap());
/// let table = tabulate_game(game.as_ref(), Axes::One, 12, &Budget::default()).unwrap();
/// assert_eq!(table.nimbers().unwrap(), [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0]);
/// assert_eq!(table.p_positions(), [[0], [4], [8], [12]]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameTable {
    /// The game's name.
    pub game: String,
    /// What values it has.
    pub kind: Kind,
    /// The largest integer.
    pub to: u64,
    /// One or two integers a position.
    pub axes: Axes,
    /// The value of each position for the player to move: `values[n]` (one integer), or
    /// `values[a * (to + 1) + b]` (two).
    pub values: Vec<Value>,
    /// One integer: the periodicity of the nimbers (impartial games under normal play), else
    /// of the scores (when none is negative), else of the outcomes (loss 0, win 1, draw 2;
    /// plain periods only). Always a conjecture checked up to `to`: a game in general gives
    /// no proof window.
    pub pattern: Option<Pattern>,
    /// The shape of the P-positions.
    pub shape: GameShape,
}

impl GameTable {
    /// The value of the position made from `numbers`, when it is in the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::table::{tabulate_game, Axes};
    /// use grundy::{Budget, Outcome};
    /// let table = tabulate_game(builtin::wythoff().as_ref(), Axes::Two, 8, &Budget::default()).unwrap();
    /// assert_eq!(table.value(&[3, 5]).unwrap().outcome, Outcome::Loss);
    /// assert_eq!(table.value(&[9, 0]), None);
    /// ```
    pub fn value(&self, numbers: &[u64]) -> Option<&Value> {
        if numbers.len() != self.axes.count() || numbers.iter().any(|&n| n > self.to) {
            return None;
        }
        let index = numbers
            .iter()
            .fold(0u64, |index, &n| index * (self.to + 1) + n);
        self.values.get(index as usize)
    }

    /// Every nimber, in the order of `values`, when every position has one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::table::{tabulate_game, Axes};
    /// use grundy::Budget;
    /// let table = tabulate_game(builtin::lasker().as_ref(), Axes::One, 4, &Budget::default()).unwrap();
    /// assert_eq!(table.nimbers().unwrap(), [0, 1, 2, 4, 3]);
    /// ```
    pub fn nimbers(&self) -> Option<Vec<u64>> {
        self.values.iter().map(|v| v.nimber.map(|n| n.0)).collect()
    }

    /// Every score, in the order of `values`, for a scoring game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::table::{tabulate_game, Axes};
    /// use grundy::Budget;
    /// let table = tabulate_game(builtin::nim().as_ref(), Axes::One, 3, &Budget::default()).unwrap();
    /// assert_eq!(table.scores(), None);
    /// ```
    pub fn scores(&self) -> Option<Vec<i64>> {
        self.values.iter().map(|v| v.score).collect()
    }

    /// Every outcome, in the order of `values`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::table::{tabulate_game, Axes};
    /// use grundy::{Budget, Outcome};
    /// let table = tabulate_game(builtin::misere_nim().as_ref(), Axes::One, 2, &Budget::default()).unwrap();
    /// assert_eq!(table.outcomes(), [Outcome::Win, Outcome::Loss, Outcome::Win]);
    /// ```
    pub fn outcomes(&self) -> Vec<Outcome> {
        self.values.iter().map(|v| v.outcome).collect()
    }

    /// The integers of every P-position (a loss for the player to move), in table order.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::table::{tabulate_game, Axes};
    /// use grundy::Budget;
    /// let table = tabulate_game(builtin::corner().as_ref(), Axes::Two, 2, &Budget::default()).unwrap();
    /// assert_eq!(table.p_positions(), [[0, 0], [0, 2], [2, 0], [2, 2]]);
    /// ```
    pub fn p_positions(&self) -> Vec<Vec<u64>> {
        let side = self.to + 1;
        (0..self.values.len() as u64)
            .filter(|&index| self.values[index as usize].outcome == Outcome::Loss)
            .map(|index| match self.axes {
                Axes::One => vec![index],
                Axes::Two => vec![index / side, index % side],
            })
            .collect()
    }
}

/// The largest `to` of a table with `axes` within [`MAX_CELLS`].
fn largest_to(axes: Axes) -> u64 {
    match axes {
        Axes::One => MAX_CELLS - 1,
        Axes::Two => (MAX_CELLS as f64).sqrt() as u64 - 1,
    }
}

/// Tabulates `game` over the positions made from `n <= to` (or `a, b <= to`), each valued by
/// the game's engine within `budget` ([`DynGame::value`]: no remoteness, and the engine's
/// tables are shared by every row, so the table costs one search), then finds the pattern of
/// the values and the shape of the P-positions.
///
/// # Errors
///
/// [`TableError::TooLarge`] past [`MAX_CELLS`] positions; [`TableError::NoPositions`] when
/// the game makes no positions from that many integers; [`TableError::Game`] naming the
/// integers whose position could not be made or solved; [`TableError::Solve`] when the
/// budget's cancel flag is raised (looked at before each position).
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::sequence::shape::TwoHeapShape;
/// use grundy::table::{tabulate_game, Axes, GameShape};
/// use grundy::Budget;
/// let table = tabulate_game(builtin::wythoff().as_ref(), Axes::Two, 20, &Budget::default()).unwrap();
/// assert_eq!(table.shape, GameShape::TwoHeaps(TwoHeapShape::Beatty { step: 1 }));
/// ```
pub fn tabulate_game(
    game: &dyn DynGame,
    axes: Axes,
    to: u64,
    budget: &Budget,
) -> Result<GameTable, TableError> {
    let limit = largest_to(axes);
    if to > limit {
        return Err(TableError::TooLarge {
            to,
            game: game.name(),
            limit,
            cells: (axes == Axes::Two).then(|| (u128::from(to) + 1).pow(2)),
        });
    }
    let side = to + 1;
    let count = side.pow(axes.count() as u32);
    if axes == Axes::Two && to >= 1 && rows_repeat(game, to) {
        return Err(TableError::OneInteger { game: game.name() });
    }
    let mut values = Vec::with_capacity(count as usize);
    for index in 0..count {
        // Each position's search may be too small to look at the flag: look here.
        budget.check_cancelled()?;
        let numbers = match axes {
            Axes::One => vec![index],
            Axes::Two => vec![index / side, index % side],
        };
        let Some(pos) = game.position_of(&numbers) else {
            return Err(TableError::NoPositions {
                game: game.name(),
                count: numbers.len(),
            });
        };
        let solved = pos.and_then(|pos| game.value(&pos, budget));
        match solved {
            Ok(value) => values.push(value),
            Err(source) => return Err(TableError::Game { numbers, source }),
        }
    }
    let is_p: Vec<bool> = values.iter().map(|v| v.outcome == Outcome::Loss).collect();
    let (pattern, shape) = match axes {
        Axes::One => (
            pattern_of(&values),
            GameShape::OneHeap(one_heap_shape(&is_p)),
        ),
        Axes::Two => {
            let rows: Vec<Vec<bool>> = is_p.chunks(side as usize).map(<[bool]>::to_vec).collect();
            (None, GameShape::TwoHeaps(two_heap_shape(&rows)))
        }
    };
    Ok(GameTable {
        game: game.name(),
        kind: game.kind(),
        to,
        axes,
        values,
        pattern,
        shape,
    })
}

/// True when every pair `a, b <= to` makes the same position as `a, 0`: the second integer
/// is ignored. A pair whose position cannot be made (or a game making none) counts as
/// different: the table reports it as it reaches it.
fn rows_repeat(game: &dyn DynGame, to: u64) -> bool {
    for a in 0..=to {
        let first = game.position_of(&[a, 0]);
        for b in 1..=to {
            match (&first, game.position_of(&[a, b])) {
                (Some(Ok(first)), Some(Ok(pos))) if *first == pos => {}
                _ => return false,
            }
        }
    }
    true
}

/// The periodicity of the nimbers, else of non-negative scores, else of the outcomes.
fn pattern_of(values: &[Value]) -> Option<Pattern> {
    let nimbers: Option<Vec<u64>> = values.iter().map(|v| v.nimber.map(|n| n.0)).collect();
    if let Some(nimbers) = nimbers {
        return find_pattern(&nimbers, None);
    }
    let scores: Option<Vec<u64>> = values
        .iter()
        .map(|v| v.score.and_then(|s| u64::try_from(s).ok()))
        .collect();
    if let Some(scores) = scores {
        return find_pattern(&scores, None);
    }
    let codes: Vec<u64> = values
        .iter()
        .map(|v| match v.outcome {
            Outcome::Loss => 0,
            Outcome::Win => 1,
            Outcome::Draw => 2,
        })
        .collect();
    find_pattern(&codes, None).filter(|p| p.periodicity.saltus == 0)
}
