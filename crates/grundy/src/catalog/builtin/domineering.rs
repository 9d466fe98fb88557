//! Domineering built in: the partizan game of `examples/games/domineering_values.luau`, with
//! the same positions (a list of rows, `.` empty and `#` covered), the same text (rows
//! separated by newlines or `/`) and the same move labels (`ROW COLUMN` of a domino's top or
//! left cell, from 1), answered by [`crate::cgt::domineering`] instead of a search over
//! interpreted moves. Boards hold at most 64 cells, the library's grids.

use std::sync::{Arc, Mutex, PoisonError};

use crate::cgt::domineering::{Domineering, Grid, Stopped};
use crate::cgt::{Arena, GameId};
use crate::drawing::{Cell, Drawing, Fill, Grid as Board, Shape};
use crate::dynamic::partizan::{Partizan, Side};
use crate::dynamic::{Ask, Datum, DynError, DynGame, DynMove, Kind, Solution};
use crate::limits::Budget;
use crate::text::quoted;

/// The most cells a board holds: the library's grids are 64 bits.
pub const MAX_DOMINEERING_CELLS: usize = 64;

/// Domineering starting on the empty board of `width` columns and `height` rows: Left
/// places dominoes upright, Right flat; a board is the sum of its regions. Any board of at
/// most [`MAX_DOMINEERING_CELLS`] cells is a position of it.
///
/// # Errors
///
/// [`DynError::Position`] for a board of no cells or more than 64.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::cgt::Arena;
/// use grundy::dynamic::partizan::Side;
/// use grundy::Budget;
/// let game = builtin::domineering(3, 2).unwrap();
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "...\n...");
/// let side = game.partizan().unwrap();
/// let mut arena = Arena::new();
/// let g = side.canonical(&start, &mut arena, &Budget::default()).unwrap();
/// assert_eq!(arena.display(g), "{2|-1/2}"); // Winning Ways, chapter 5
/// let left = side.options(&start, Side::Left).unwrap();
/// assert_eq!(left[0].label, "1 1");
/// assert_eq!(game.show(&left[0].to).unwrap(), "#..\n#..");
/// ```
pub fn domineering(width: usize, height: usize) -> Result<Arc<dyn DynGame>, DynError> {
    let cells = width.saturating_mul(height);
    if cells == 0 || cells > MAX_DOMINEERING_CELLS {
        return Err(too_large(width, height));
    }
    let start = Datum::List(vec![Datum::Str(".".repeat(width)); height]);
    Ok(Arc::new(DomineeringGame {
        name: format!("domineering {width} {height}"),
        start,
        memo: Mutex::new(None),
    }))
}

fn too_large(width: usize, height: usize) -> DynError {
    DynError::Position(format!(
        "a board of {width} x {height} cells: built-in Domineering holds 1 to \
         {MAX_DOMINEERING_CELLS} cells (examples/games/domineering_values.luau takes any board)"
    ))
}

/// Domineering as a [`DynGame`] of [`Kind::Partizan`].
struct DomineeringGame {
    name: String,
    start: Datum,
    /// The values found so far, kept between calls (`None` while a call holds them).
    memo: Mutex<Option<(Arena, Domineering)>>,
}

/// The rows of a position, checked: equal lengths, `.` and `#` only, 1 to 64 cells.
fn rows_of(pos: &Datum) -> Result<Vec<&str>, DynError> {
    let Some(rows) = pos.as_list() else {
        return Err(DynError::Position(
            "a Domineering board is a list of rows (strings of \".\" and \"#\")".into(),
        ));
    };
    let mut out = Vec::with_capacity(rows.len().min(MAX_DOMINEERING_CELLS));
    for row in rows {
        let Datum::Str(row) = row else {
            return Err(DynError::Position(
                "a Domineering board's rows are strings of \".\" and \"#\"".into(),
            ));
        };
        check_row(row, out.first().map(|r: &&str| r.len()))?;
        out.push(row.as_str());
        if out.len() * out[0].len() > MAX_DOMINEERING_CELLS {
            return Err(too_large(out[0].len(), rows.len()));
        }
    }
    if out.first().is_none_or(|r| r.is_empty()) {
        return Err(DynError::Position("a board has at least one cell".into()));
    }
    Ok(out)
}

/// The game file's check of a row: `.` and `#` only, as long as the first.
fn check_row(row: &str, width: Option<usize>) -> Result<(), DynError> {
    if row.contains(|c| c != '.' && c != '#') || width.is_some_and(|w| w != row.len()) {
        return Err(DynError::Position(format!(
            "rows are of equal length, \".\" empty and \"#\" covered, found {}",
            quoted(row)
        )));
    }
    Ok(())
}

/// The library's grid of a checked board.
fn grid_of(rows: &[&str]) -> Result<Grid, DynError> {
    let width = rows[0].len();
    let free = rows
        .iter()
        .flat_map(|row| row.bytes())
        .enumerate()
        .filter(|&(_, cell)| cell == b'.')
        .fold(0u64, |bits, (at, _)| bits | 1 << at);
    u8::try_from(width)
        .ok()
        .zip(u8::try_from(rows.len()).ok())
        .and_then(|(w, h)| Grid::new(w, h, free))
        .ok_or_else(|| too_large(width, rows.len()))
}

/// The board of a grid, as rows.
fn board_of(grid: Grid) -> Datum {
    let (w, h) = (usize::from(grid.width()), usize::from(grid.height()));
    let rows = (0..h)
        .map(|r| {
            let row = (0..w)
                .map(|c| match grid.free() >> (r * w + c) & 1 {
                    1 => '.',
                    _ => '#',
                })
                .collect();
            Datum::Str(row)
        })
        .collect();
    Datum::List(rows)
}

impl Partizan for DomineeringGame {
    /// Left's dominoes upright, Right's flat, row by row, as the game file lists them.
    fn options(&self, pos: &Datum, side: Side) -> Result<Vec<DynMove>, DynError> {
        let rows = rows_of(pos)?;
        let (down, across) = match side {
            Side::Left => (1, 0),
            Side::Right => (0, 1),
        };
        let free =
            |r: usize, c: usize| rows.get(r).and_then(|row| row.as_bytes().get(c)) == Some(&b'.');
        let mut moves = Vec::new();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                if !(free(r, c) && free(r + down, c + across)) {
                    continue;
                }
                let mut after: Vec<Vec<u8>> =
                    rows.iter().map(|row| row.as_bytes().to_vec()).collect();
                after[r][c] = b'#';
                after[r + down][c + across] = b'#';
                let to = after
                    .into_iter()
                    .map(|row| Datum::Str(String::from_utf8_lossy(&row).into_owned()))
                    .collect();
                moves.push(DynMove {
                    label: format!("{} {}", r + 1, c + 1),
                    to: Datum::List(to),
                    points: 0,
                    again: false,
                });
            }
        }
        Ok(moves)
    }

    /// The regions, each cropped to its bounding box as the least of its mirror images.
    fn components(&self, pos: &Datum) -> Result<Vec<Datum>, DynError> {
        let grid = grid_of(&rows_of(pos)?)?;
        Ok(grid
            .regions()
            .into_iter()
            .map(|region| board_of(region.normalized()))
            .collect())
    }

    fn canonical(
        &self,
        pos: &Datum,
        arena: &mut Arena,
        budget: &Budget,
    ) -> Result<GameId, DynError> {
        let grid = grid_of(&rows_of(pos)?)?;
        let taken = self
            .memo
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let (mut memo_arena, mut memo) = taken.unwrap_or_default();
        let value = memo.value_within(&mut memo_arena, grid, budget);
        let value = value.and_then(|g| Ok(arena.import(&mut memo_arena, g)?));
        // What the memo holds is exact even when the budget stopped it: it is kept.
        *self.memo.lock().unwrap_or_else(PoisonError::into_inner) = Some((memo_arena, memo));
        value.map_err(|stopped| match stopped {
            Stopped::Cgt(err) => DynError::Cgt(err),
            Stopped::Budget(err) => DynError::Solve(err),
        })
    }
}

impl DynGame for DomineeringGame {
    fn forget(&self) {
        *self.memo.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn description(&self) -> String {
        "Left places dominoes upright, Right flat; a board is the sum of its regions".into()
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn start(&self) -> Option<Datum> {
        Some(self.start.clone())
    }

    /// Rows separated by newlines or `/`, spaces ignored: `..#./..../....`.
    fn parse(&self, text: &str) -> Result<Datum, DynError> {
        let mut rows: Vec<String> = Vec::new();
        for line in text.split(['\n', '/']) {
            let row: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            if row.is_empty() {
                continue;
            }
            check_row(&row, rows.first().map(String::len))?;
            if (rows.len() + 1) * row.len() > MAX_DOMINEERING_CELLS {
                return Err(too_large(row.len(), rows.len() + 1));
            }
            rows.push(row);
        }
        self.check(&Datum::List(rows.into_iter().map(Datum::Str).collect()))
    }

    fn check(&self, pos: &Datum) -> Result<Datum, DynError> {
        rows_of(pos)?;
        Ok(pos.clone())
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        Ok(rows_of(pos)?.join("\n"))
    }

    fn moves(&self, _: &Datum) -> Result<Vec<DynMove>, DynError> {
        Err(DynError::NoTurn)
    }

    fn solve_with(&self, _: &Datum, _: &Budget, _: Ask) -> Result<Solution, DynError> {
        Err(DynError::NoTurn)
    }

    /// The board, rows and columns numbered as the moves' labels number them; no cell is a
    /// click (no one is to move in a partizan position).
    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, DynError> {
        let rows = rows_of(pos)?;
        let cells = rows
            .iter()
            .map(|row| {
                row.bytes()
                    .map(|cell| {
                        let fill = if cell == b'.' {
                            Fill::Empty
                        } else {
                            Fill::Filled
                        };
                        Cell::new(fill, Shape::Square, None)
                    })
                    .collect()
            })
            .collect();
        Ok(Some(Drawing::Grid(Board {
            cells,
            rows: (1..=rows.len()).map(|r| r.to_string()).collect(),
            columns: (1..=rows[0].len()).map(|c| c.to_string()).collect(),
        })))
    }

    fn partizan(&self) -> Option<&dyn Partizan> {
        Some(self)
    }
}

#[cfg(test)]
mod tests;
