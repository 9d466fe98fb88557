//! Minesweeper (hdu4678) played cell by cell behind the front door, solved by components.
//!
//! A position is the board with its open cells; a move clicks an unopened cell that is not a
//! mine: a numbered cell opens alone, a blank cell opens its whole blank region and the
//! numbered cells bordering it. Every cell of a blank region makes the same move, so a
//! region is one move, named by its first cell (top row first, then leftmost).
//!
//! For the solvers a board splits into the components of [`crate::games::minesweeper`]
//! ([`Part`]s: regions with their unopened numbered cells, lone numbered cells, linked
//! clusters); the Grundy solver stores components only, so the nimbers of a board's
//! positions come from a few small searches. A position is therefore either the board
//! ([`Sweep::Open`]) or, inside the solver, a list of components ([`Sweep::Parts`], never
//! shown).
//!
//! Drawn as text, one row a line (or a word): `*` a mine, `.` an unopened cell, `_` an open
//! blank cell, `1`..`8` an open numbered cell (its count of neighbouring mines).

use std::sync::Arc;

use crate::adapter::{Adapter, Notation};
use crate::drawing::{Cell, Drawing, Fill, Grid, Shape};
use crate::dynamic::{Datum, DynError, DynGame, Kind};
use crate::games::minesweeper::{parts, Board, Minesweeper, Part};
use crate::model::{Components, Game, Move};
use crate::value::Play;

use super::boards::drawing_rows;

/// The most cells a board may have behind the front door: 4096 (each position's components
/// are found cell by cell; `grundy judge hdu4678` solves boards of a million cells).
pub const MAX_CELLS: usize = 1 << 12;

/// A position of [`Field`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Sweep {
    /// The board: bit `cell` (row-major) set when the cell is open.
    Open(Vec<u64>),
    /// Components of a board, as the Grundy solver stores them.
    Parts(Vec<Part>),
}

/// The board's mines, fixed for a game.
#[derive(Clone, Debug)]
struct Field {
    rows: usize,
    cols: usize,
    mine: Vec<bool>,
    /// Mines among each cell's eight neighbours.
    near: Vec<u8>,
}

fn is_open(open: &[u64], cell: usize) -> bool {
    open[cell / 64] >> (cell % 64) & 1 == 1
}

fn set_open(open: &mut [u64], cell: usize) {
    open[cell / 64] |= 1 << (cell % 64);
}

impl Field {
    fn new(board: &Board) -> Field {
        let (rows, cols) = (board.rows(), board.cols());
        let mine: Vec<bool> = (0..rows * cols)
            .map(|cell| board.is_mine(cell / cols, cell % cols))
            .collect();
        let mut field = Field {
            rows,
            cols,
            mine,
            near: vec![0; rows * cols],
        };
        for cell in 0..rows * cols {
            field.near[cell] = field.neighbours(cell).filter(|&n| field.mine[n]).count() as u8;
        }
        field
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (row, col) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        (-1..=1isize)
            .flat_map(move |dr| (-1..=1isize).map(move |dc| (row + dr, col + dc)))
            .filter(move |&(r, c)| {
                (r, c) != (row, col)
                    && (0..self.rows as isize).contains(&r)
                    && (0..self.cols as isize).contains(&c)
            })
            .map(|(r, c)| r as usize * self.cols + c as usize)
    }

    /// An unopened blank cell (no mine near).
    fn closed_blank(&self, open: &[u64], cell: usize) -> bool {
        !self.mine[cell] && self.near[cell] == 0 && !is_open(open, cell)
    }

    /// The unopened blank regions: for each cell, its region's number (`u32::MAX` for
    /// others), and the number of regions.
    fn regions(&self, open: &[u64]) -> (Vec<u32>, u32) {
        let mut region = vec![u32::MAX; self.cells()];
        let mut count = 0;
        let mut stack = Vec::new();
        for first in 0..self.cells() {
            if region[first] != u32::MAX || !self.closed_blank(open, first) {
                continue;
            }
            region[first] = count;
            stack.push(first);
            while let Some(cell) = stack.pop() {
                for n in self.neighbours(cell) {
                    if region[n] == u32::MAX && self.closed_blank(open, n) {
                        region[n] = count;
                        stack.push(n);
                    }
                }
            }
            count += 1;
        }
        (region, count)
    }

    /// The components of a board: regions with their unopened numbered cells, numbered
    /// cells bordering no unopened region, clusters of regions linked by shared cells.
    fn parts(&self, open: &[u64]) -> Result<Vec<Part>, DynError> {
        let (region, count) = self.regions(open);
        let mut bordering = vec![0u32; count as usize];
        let mut shared: Vec<Vec<u32>> = Vec::new();
        let mut res = Vec::new();
        for cell in 0..self.cells() {
            if self.mine[cell] || self.near[cell] == 0 || is_open(open, cell) {
                continue;
            }
            let mut near: Vec<u32> = self
                .neighbours(cell)
                .map(|n| region[n])
                .filter(|&r| r != u32::MAX)
                .collect();
            near.sort_unstable();
            near.dedup();
            match near[..] {
                [] => res.push(Part::Number),
                [r] => bordering[r as usize] += 1,
                _ => shared.push(near),
            }
        }
        // Clusters of regions joined by shared cells (a small union-find).
        let mut parent: Vec<u32> = (0..count).collect();
        fn root(parent: &[u32], mut r: u32) -> u32 {
            while parent[r as usize] != r {
                r = parent[r as usize];
            }
            r
        }
        for cell in &shared {
            for &other in &cell[1..] {
                let (a, b) = (root(&parent, cell[0]), root(&parent, other));
                parent[a.max(b) as usize] = a.min(b);
            }
        }
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); count as usize];
        for r in 0..count {
            members[root(&parent, r) as usize].push(r);
        }
        let shared_root: Vec<u32> = shared.iter().map(|cell| root(&parent, cell[0])).collect();
        for (top, cluster) in members.iter().enumerate() {
            match cluster.len() {
                0 => {}
                1 => res.push(Part::Region {
                    numbers: bordering[cluster[0] as usize],
                }),
                size if size > 64 => {
                    return Err(DynError::Position(format!(
                        "{size} blank regions are linked by shared numbered cells; at most 64 \
                         are supported"
                    )))
                }
                size => {
                    let place = |r: u32| cluster.iter().position(|&m| m == r).unwrap_or(0);
                    let mut groups: Vec<(u64, u32)> = cluster
                        .iter()
                        .enumerate()
                        .filter(|&(_, &r)| bordering[r as usize] > 0)
                        .map(|(p, &r)| (1u64 << p, bordering[r as usize]))
                        .collect();
                    let linked = shared.iter().zip(&shared_root);
                    for (cell, _) in linked.filter(|&(_, &r)| r == top as u32) {
                        let mask = cell.iter().fold(0u64, |acc, &r| acc | 1 << place(r));
                        groups.push((mask, 1));
                    }
                    res.extend(parts(size as u32, &groups));
                }
            }
        }
        Ok(res)
    }
}

impl Game for Field {
    type Position = Sweep;

    fn heap_bytes(&self, pos: &Sweep) -> u64 {
        match pos {
            Sweep::Open(open) => crate::model::vec_bytes(open),
            Sweep::Parts(parts) => crate::model::vec_bytes(parts),
        }
    }

    fn moves(&self, pos: &Sweep, out: &mut Vec<Move<Sweep>>) {
        let open = match pos {
            Sweep::Open(open) => open,
            Sweep::Parts(list) => {
                let mut moves = Vec::new();
                Minesweeper.moves(list, &mut moves);
                out.extend(moves.into_iter().map(|mv| Move::to(Sweep::Parts(mv.to))));
                return;
            }
        };
        let mut done = vec![false; self.cells()];
        for cell in 0..self.cells() {
            if self.mine[cell] || is_open(open, cell) || done[cell] {
                continue;
            }
            let mut next = open.clone();
            set_open(&mut next, cell);
            if self.near[cell] == 0 {
                // The whole region and the numbered cells bordering it.
                let mut stack = vec![cell];
                done[cell] = true;
                while let Some(blank) = stack.pop() {
                    for n in self.neighbours(blank) {
                        set_open(&mut next, n);
                        if self.closed_blank(open, n) && !done[n] {
                            done[n] = true;
                            stack.push(n);
                        }
                    }
                }
            }
            out.push(Move::to(Sweep::Open(next)));
        }
    }
}

impl Components for Field {
    fn components(&self, pos: &Sweep, out: &mut Vec<Sweep>) {
        let list = match pos {
            // Positions are checked when read, so their clusters fit (see `minesweeper`).
            Sweep::Open(open) => self.parts(open).unwrap_or_default(),
            Sweep::Parts(list) => list.clone(),
        };
        out.extend(list.into_iter().map(|part| Sweep::Parts(vec![part])));
    }
}

/// The board drawn as text.
struct MineNotation {
    field: Field,
}

impl MineNotation {
    fn rows_of(&self, open: &[u64]) -> Vec<String> {
        let field = &self.field;
        (0..field.rows)
            .map(|row| {
                (0..field.cols)
                    .map(|col| {
                        let cell = row * field.cols + col;
                        match (field.mine[cell], is_open(open, cell), field.near[cell]) {
                            (true, _, _) => '*',
                            (false, false, _) => '.',
                            (false, true, 0) => '_',
                            (false, true, n) => char::from(b'0' + n),
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn read_rows(&self, rows: &[(String, &str)]) -> Result<Sweep, DynError> {
        let field = &self.field;
        if rows.len() != field.rows {
            return Err(DynError::Position(format!(
                "expected {} rows of the board, found {}",
                field.rows,
                rows.len()
            )));
        }
        let mut open = vec![0u64; field.cells().div_ceil(64)];
        for (row, (place, text)) in rows.iter().enumerate() {
            let cells: Vec<char> = text.chars().collect();
            if cells.len() != field.cols {
                return Err(DynError::Position(format!(
                    "{place}: expected {} cells, found {} in {}",
                    field.cols,
                    cells.len(),
                    crate::text::quoted(text)
                )));
            }
            for (col, &c) in cells.iter().enumerate() {
                let cell = row * field.cols + col;
                let at = format!("{place}, column {}", col + 1);
                let expected = match (field.mine[cell], field.near[cell]) {
                    (true, _) => "*",
                    (false, 0) => ". or _",
                    (false, _) => ". or its count",
                };
                let fits = match c {
                    '*' => field.mine[cell],
                    '.' => !field.mine[cell],
                    '_' => !field.mine[cell] && field.near[cell] == 0,
                    '1'..='8' => !field.mine[cell] && field.near[cell] == c as u8 - b'0',
                    _ => {
                        return Err(DynError::Position(format!(
                            "{at}: {c:?} is not a cell (* mine, . unopened, _ open blank, \
                             1-8 open numbered)"
                        )))
                    }
                };
                if !fits {
                    return Err(DynError::Position(format!(
                        "{at}: found {c:?} where the board has {expected}"
                    )));
                }
                if !matches!(c, '*' | '.') {
                    set_open(&mut open, cell);
                }
            }
        }
        for cell in 0..field.cells() {
            let blank_open = !field.mine[cell] && field.near[cell] == 0 && is_open(&open, cell);
            if blank_open && field.neighbours(cell).any(|n| !is_open(&open, n)) {
                return Err(DynError::Position(format!(
                    "row {}, column {}: an open blank cell next to an unopened cell (opening a \
                     blank cell opens its neighbours)",
                    cell / field.cols + 1,
                    cell % field.cols + 1
                )));
            }
        }
        Ok(Sweep::Open(open))
    }
}

impl Notation<Sweep> for MineNotation {
    fn to_datum(&self, pos: &Sweep) -> Datum {
        match pos {
            Sweep::Open(open) => {
                Datum::List(self.rows_of(open).into_iter().map(Datum::Str).collect())
            }
            // Components live inside the solver; a front end never sees them.
            Sweep::Parts(list) => Datum::Str(format!("{list:?}")),
        }
    }

    fn read(&self, datum: &Datum) -> Result<Sweep, DynError> {
        let rows = datum
            .as_list()
            .and_then(|items| {
                items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| match item {
                        Datum::Str(text) => Some((format!("row {}", i + 1), text.as_str())),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| {
                DynError::Position(format!("expected a list of rows (strings), found {datum}"))
            })?;
        self.read_rows(&rows)
    }

    fn parse(&self, text: &str) -> Result<Sweep, DynError> {
        self.read_rows(&drawing_rows(text))
    }

    fn show(&self, pos: &Sweep) -> String {
        match pos {
            Sweep::Open(open) => self.rows_of(open).join("\n"),
            Sweep::Parts(list) => format!("{list:?}"),
        }
    }

    fn label(&self, from: &Sweep, mv: &Move<Sweep>) -> String {
        let (Sweep::Open(from), Sweep::Open(to)) = (from, &mv.to) else {
            return String::new();
        };
        let opened: Vec<usize> = (0..self.field.cells())
            .filter(|&cell| is_open(to, cell) && !is_open(from, cell))
            .collect();
        // A numbered cell alone, or a region's first blank cell.
        let cell = opened
            .iter()
            .copied()
            .find(|&cell| opened.len() == 1 || self.field.near[cell] == 0)
            .unwrap_or(0);
        format!(
            "({}, {})",
            cell / self.field.cols + 1,
            cell % self.field.cols + 1
        )
    }

    /// The board: mines marked, unopened cells hidden, open ones with their counts; a
    /// click on an unopened cell opens it (a blank one, its region).
    fn draw(&self, pos: &Sweep, moves: &[(Sweep, String)]) -> Option<Drawing> {
        let Sweep::Open(open) = pos else {
            return None;
        };
        let field = &self.field;
        let mut clicks: Vec<Option<&String>> = vec![None; field.cells()];
        for (to, label) in moves {
            let Sweep::Open(to) = to else { continue };
            let opened: Vec<usize> = (0..field.cells())
                .filter(|&cell| is_open(to, cell) && !is_open(open, cell))
                .collect();
            for &cell in &opened {
                // A numbered cell opened alone is its own move, before any region's.
                if opened.len() == 1 || (field.near[cell] == 0 && clicks[cell].is_none()) {
                    clicks[cell] = Some(label);
                }
            }
        }
        let cells = (0..field.rows)
            .map(|row| {
                (0..field.cols)
                    .map(|col| {
                        let cell = row * field.cols + col;
                        let click = clicks[cell].cloned();
                        let (fill, text) = match (field.mine[cell], is_open(open, cell)) {
                            (true, _) => (Fill::Marked, "*".to_string()),
                            (false, false) => (Fill::Hidden, String::new()),
                            (false, true) if field.near[cell] == 0 => (Fill::Empty, String::new()),
                            (false, true) => (Fill::Empty, field.near[cell].to_string()),
                        };
                        Cell {
                            text,
                            ..Cell::new(fill, Shape::Square, click)
                        }
                    })
                    .collect()
            })
            .collect();
        Some(Drawing::Grid(Grid {
            cells,
            rows: (1..=field.rows).map(|r| r.to_string()).collect(),
            columns: (1..=field.cols).map(|c| c.to_string()).collect(),
        }))
    }
}

/// Minesweeper (hdu4678) on `board`, played cell by cell from the board with every cell
/// unopened; a player with no cell to click loses. Moves are labelled by the cell clicked,
/// `(row, column)` 1-based (a blank region by its first cell).
///
/// # Errors
///
/// [`DynError::Position`] when the board has more than [`MAX_CELLS`] cells, or more than 64
/// blank regions linked by shared numbered cells.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::games::minesweeper::Board;
/// use grundy::{Budget, Nimber};
/// // hdu4678's second sample: a 3 x 3 board with a mine in the middle; the first loses.
/// let mut board = Board::new(3, 3).unwrap();
/// board.add_mine(1, 1).unwrap();
/// let game = builtin::minesweeper(&board).unwrap();
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "...\n.*.\n...");
/// assert_eq!(game.solve(&start, &Budget::default()).unwrap().value.nimber, Some(Nimber(0)));
/// let after = game.play(&start, "(1, 1)").unwrap().to;
/// assert_eq!(game.show(&after).unwrap(), "1..\n.*.\n...");
/// ```
pub fn minesweeper(board: &Board) -> Result<Arc<dyn DynGame>, DynError> {
    starting_at(board, None)
}

/// Minesweeper on `board`, starting from the position `drawn` (a drawing of the board), or
/// from every cell unopened.
fn starting_at(board: &Board, drawn: Option<&str>) -> Result<Arc<dyn DynGame>, DynError> {
    let (rows, cols) = (board.rows(), board.cols());
    if rows * cols > MAX_CELLS {
        return Err(DynError::Position(format!(
            "a {rows} x {cols} board has {} cells; at most {MAX_CELLS} are played here \
             ('grundy judge hdu4678' solves larger boards)",
            rows * cols
        )));
    }
    let field = Field::new(board);
    let closed = vec![0u64; field.cells().div_ceil(64)];
    field.parts(&closed)?;
    let name = format!("minesweeper {rows} {cols}");
    let description = "click an unopened safe cell (a blank one opens its region); no click loses";
    let notation = MineNotation {
        field: field.clone(),
    };
    let start = match drawn {
        Some(text) => notation.parse(text)?,
        None => Sweep::Open(closed),
    };
    Ok(Arc::new(
        Adapter::new(
            field,
            notation,
            name,
            description,
            Kind::Impartial { play: Play::Normal },
        )
        .with_components()
        .with_start(start),
    ))
}

/// Minesweeper on a drawn board (the mines are its `*` cells, its size its rows), starting
/// from the drawing.
pub(crate) fn drawn_minesweeper(text: &str) -> Result<Arc<dyn DynGame>, DynError> {
    let rows = drawing_rows(text);
    let cols = rows.first().map_or(0, |(_, row)| row.chars().count());
    if rows.len().saturating_mul(cols) > MAX_CELLS {
        return Err(DynError::Position(format!(
            "a {} x {cols} board has more than {MAX_CELLS} cells ('grundy judge hdu4678' \
             solves larger boards)",
            rows.len()
        )));
    }
    let mut board =
        Board::new(rows.len(), cols).map_err(|err| DynError::Position(err.to_string()))?;
    for (row, (_, text)) in rows.iter().enumerate() {
        for (col, c) in text.chars().enumerate() {
            if c == '*' && col < cols {
                board
                    .add_mine(row, col)
                    .map_err(|err| DynError::Position(err.to_string()))?;
            }
        }
    }
    starting_at(&board, Some(text))
}

#[cfg(test)]
mod tests;
