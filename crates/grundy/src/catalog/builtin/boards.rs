//! The problem-set board games as [`DynGame`]s: Gems Fight, the Young-diagram game, Dot and
//! Team Nim (Minesweeper is in `mines.rs`), each a game of `games/` with a [`Notation`].
//!
//! Positions in text (what `show` writes and `parse` reads):
//!
//! - gems-fight: the bags taken, 1-based: `taken 1 3` (`taken none` at the start; the word
//!   `taken` may be left out); a move is `bag 2`;
//! - young: the board drawn row by row, `#` filled and `.` empty (`##. #..`, or one row a
//!   line), or the row lengths (`2 1`); a move is the cell filled, `(row, column)` 1-based;
//! - dot: `X Y [WHO]`, where WHO says who may still reflect: `both` (the start), `mover`,
//!   `other` or `none`; a move is `+(dx, dy)` or `reflect`;
//! - team-nim: `STONES [seat K]` (seat 1, of the first team, when left out); a move is
//!   `take T`.

use std::sync::Arc;

use crate::adapter::{Adapter, Notation};
use crate::drawing::Drawing;
use crate::dynamic::{Datum, DynError, DynGame, Kind};
use crate::games::dot::{Dot, Point};
use crate::games::gems_fight::{GemsFight, GemsFightError};
use crate::games::team_nim::{Seat, TeamNim};
use crate::games::young::Young;
use crate::model::Move;
use crate::value::Play;

use super::drawn;
use super::notations::MAX_HEAP;

/// Where a row of a drawing stands, for errors: `line 3` when the text has several lines,
/// else `row 3` (rows given as words).
pub(super) fn drawing_rows(text: &str) -> Vec<(String, &str)> {
    if text.contains('\n') {
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(line_idx, line)| (format!("line {}", line_idx + 1), line.trim()))
            .collect()
    } else {
        text.split_whitespace()
            .enumerate()
            .map(|(row_idx, row)| (format!("row {}", row_idx + 1), row))
            .collect()
    }
}

/// An integer word from `lo` to `hi`, `what` naming it in the error.
fn int_word(word: &str, what: &str, lo: i64, hi: i64) -> Result<i64, DynError> {
    match word.parse::<i64>() {
        Ok(value) if (lo..=hi).contains(&value) => Ok(value),
        _ => Err(DynError::Position(format!(
            "expected {what} (an integer from {lo} to {hi}), found {}",
            crate::text::quoted(word)
        ))),
    }
}

/// An integer datum from `lo` to `hi`.
fn int_datum(datum: &Datum, what: &str, lo: i64, hi: i64) -> Result<i64, DynError> {
    match datum.as_int() {
        Some(value) if (lo..=hi).contains(&value) => Ok(value),
        _ => Err(DynError::Position(format!(
            "expected {what} (an integer from {lo} to {hi}), found {datum}"
        ))),
    }
}

/// Gems Fight's position: the set of bags taken (bit `b` for bag `b + 1`).
struct BagsNotation {
    bags: usize,
}

impl BagsNotation {
    fn bag(&self, value: i64) -> u32 {
        1 << (value - 1)
    }
}

impl Notation<u32> for BagsNotation {
    fn to_datum(&self, taken: &u32) -> Datum {
        Datum::ints(
            (0..self.bags)
                .filter(|b| taken >> b & 1 == 1)
                .map(|b| b as i64 + 1),
        )
    }

    fn read(&self, datum: &Datum) -> Result<u32, DynError> {
        let items = datum.as_list().ok_or_else(|| {
            DynError::Position(format!("expected a list of the bags taken, found {datum}"))
        })?;
        items.iter().try_fold(0, |taken, item| {
            Ok(taken | self.bag(int_datum(item, "a bag", 1, self.bags as i64)?))
        })
    }

    fn parse(&self, text: &str) -> Result<u32, DynError> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if words.first() == Some(&"taken") {
            words.remove(0);
        }
        if words == ["none"] {
            return Ok(0);
        }
        let mut taken = 0;
        for word in words {
            let bit = self.bag(int_word(word, "a bag taken", 1, self.bags as i64)?);
            if taken & bit != 0 {
                return Err(DynError::Position(format!("bag {word} is listed twice")));
            }
            taken |= bit;
        }
        Ok(taken)
    }

    fn show(&self, taken: &u32) -> String {
        if *taken == 0 {
            return "taken none".into();
        }
        let bags: Vec<String> = (0..self.bags)
            .filter(|b| taken >> b & 1 == 1)
            .map(|b| (b + 1).to_string())
            .collect();
        format!("taken {}", bags.join(" "))
    }

    fn label(&self, from: &u32, mv: &Move<u32>) -> String {
        format!("bag {}", (mv.to & !from).trailing_zeros() + 1)
    }

    fn draw(&self, taken: &u32, moves: &[(u32, String)]) -> Option<Drawing> {
        Some(drawn::bags(self.bags, *taken, moves))
    }
}

/// Gems Fight (hdu4778): `colours` colours, stones of `size` gems, and `bags` (each the
/// 0-based colours of its gems); positions are the bags taken, the start none.
///
/// # Errors
///
/// [`GemsFightError`] as [`GemsFight::new`].
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::Budget;
/// // hdu4778's first sample: the first player ends 3 stones ahead.
/// let bags = [vec![1, 2], vec![0, 2], vec![0, 1], vec![1, 2, 0]];
/// let game = builtin::gems_fight(3, 3, &bags).unwrap();
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "taken none");
/// let sol = game.solve(&start, &Budget::default()).unwrap();
/// assert_eq!(sol.value.score, Some(3));
/// assert_eq!(sol.moves[0].mv.label, "bag 1");
/// ```
pub fn gems_fight(
    colours: usize,
    size: u32,
    bags: &[Vec<usize>],
) -> Result<Arc<dyn DynGame>, GemsFightError> {
    let game = GemsFight::new(colours, size, bags)?;
    let name = format!("gems-fight {colours} {} {size}", bags.len());
    let description = "pour a bag of gems; S of a colour melt into a stone and a bonus turn";
    let notation = BagsNotation { bags: bags.len() };
    let start = game.start();
    Ok(Arc::new(
        Adapter::new(game, notation, name, description, Kind::Scoring).with_start(start),
    ))
}

/// The Young-diagram game's position: row lengths, top row first.
struct DiagramNotation {
    rows: usize,
    cols: usize,
}

impl DiagramNotation {
    /// Checks row lengths: one per row, each at most `cols`, non-increasing.
    fn checked(
        &self,
        lengths: Vec<u8>,
        name: impl Fn(usize) -> String,
    ) -> Result<Vec<u8>, DynError> {
        if lengths.len() != self.rows {
            return Err(DynError::Position(format!(
                "expected {} rows, found {}",
                self.rows,
                lengths.len()
            )));
        }
        for row in 1..lengths.len() {
            if lengths[row] > lengths[row - 1] {
                return Err(DynError::Position(format!(
                    "{}: {} filled cells under a row of {} (every filled cell needs the cells \
                     above it filled)",
                    name(row),
                    lengths[row],
                    lengths[row - 1]
                )));
            }
        }
        Ok(lengths)
    }
}

impl Notation<Vec<u8>> for DiagramNotation {
    fn to_datum(&self, lengths: &Vec<u8>) -> Datum {
        Datum::ints(lengths.iter().map(|&l| i64::from(l)))
    }

    fn read(&self, datum: &Datum) -> Result<Vec<u8>, DynError> {
        let items = datum.as_list().ok_or_else(|| {
            DynError::Position(format!("expected a list of row lengths, found {datum}"))
        })?;
        let lengths = items
            .iter()
            .map(|item| Ok(int_datum(item, "a row length", 0, self.cols as i64)? as u8))
            .collect::<Result<Vec<u8>, DynError>>()?;
        self.checked(lengths, |row| format!("row {}", row + 1))
    }

    fn parse(&self, text: &str) -> Result<Vec<u8>, DynError> {
        let rows = drawing_rows(text);
        if rows.iter().all(|(_, row)| row.parse::<i64>().is_ok()) && !rows.is_empty() {
            let lengths = rows
                .iter()
                .map(|(_, word)| Ok(int_word(word, "a row length", 0, self.cols as i64)? as u8))
                .collect::<Result<Vec<u8>, DynError>>()?;
            return self.checked(lengths, |row| format!("row {}", row + 1));
        }
        let mut lengths = Vec::with_capacity(rows.len());
        for (place, row) in &rows {
            if row.chars().count() != self.cols {
                return Err(DynError::Position(format!(
                    "{place}: expected {} cells (# filled, . empty), found {}",
                    self.cols,
                    crate::text::quoted(row)
                )));
            }
            if let Some((col, c)) = row
                .chars()
                .enumerate()
                .find(|(_, c)| !matches!(c, '#' | '.'))
            {
                return Err(DynError::Position(format!(
                    "{place}, column {}: {c:?} is not a cell (# filled, . empty)",
                    col + 1
                )));
            }
            let filled = row.chars().take_while(|&c| c == '#').count();
            if row[filled..].contains('#') {
                return Err(DynError::Position(format!(
                    "{place}: a filled cell right of an empty one (every filled cell needs the \
                     cells to its left filled)"
                )));
            }
            lengths.push(filled as u8);
        }
        self.checked(lengths, |row| rows[row].0.clone())
    }

    fn show(&self, lengths: &Vec<u8>) -> String {
        lengths
            .iter()
            .map(|&len| {
                let len = usize::from(len);
                format!("{}{}", "#".repeat(len), ".".repeat(self.cols - len))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn label(&self, from: &Vec<u8>, mv: &Move<Vec<u8>>) -> String {
        let row = (0..from.len()).find(|&r| from[r] != mv.to[r]).unwrap_or(0);
        format!("({}, {})", row + 1, from[row] + 1)
    }

    fn draw(&self, lengths: &Vec<u8>, moves: &[(Vec<u8>, String)]) -> Option<Drawing> {
        Some(drawn::diagram(self.cols, lengths, moves))
    }
}

/// The Young-diagram game (chess2018) on the checked board `game`; positions are the filled
/// cells (row lengths), the start the empty board.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::games::young::Young;
/// use grundy::Budget;
/// // chess2018's sample: the first player ends 2 points ahead.
/// let game = builtin::young(Young::new(2, 3, vec![2, 7, 3, 9, 1, 2], vec![3, 7, 2, 2, 3, 1]).unwrap());
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "...\n...");
/// assert_eq!(game.solve(&start, &Budget::default()).unwrap().value.score, Some(2));
/// let pos = game.parse("##. #..").unwrap();
/// assert_eq!(game.moves(&pos).unwrap()[0].label, "(1, 3)");
/// ```
pub fn young(game: Young) -> Arc<dyn DynGame> {
    let (rows, cols) = (game.rows(), game.cols());
    let name = format!("young {rows} {cols}");
    let description = "fill a cell whose cells above and to the left are filled; score A or B";
    let start = game.start();
    Arc::new(
        Adapter::new(
            game,
            DiagramNotation { rows, cols },
            name,
            description,
            Kind::Scoring,
        )
        .with_start(start),
    )
}

/// Dot's position: the point and who may still reflect.
struct PointNotation {
    game: Dot,
}

/// The words for who may still reflect, by (mover, other).
const WHO: [(&str, bool, bool); 4] = [
    ("both", true, true),
    ("mover", true, false),
    ("other", false, true),
    ("none", false, false),
];

/// The largest coordinate a Dot position may have (the game's own limit).
const MAX_COORD: i64 = 1 << 20;

impl PointNotation {
    fn point(&self, x: i64, y: i64, who: (bool, bool)) -> Result<Point, DynError> {
        let (x, y) = (x as i32, y as i32);
        if !self.game.within(x, y) {
            return Err(DynError::Position(format!(
                "({x}, {y}) lies outside the distance limit: the game is already over"
            )));
        }
        Ok(Point {
            x,
            y,
            mover_reflects: who.0,
            other_reflects: who.1,
        })
    }
}

impl Notation<Point> for PointNotation {
    fn to_datum(&self, p: &Point) -> Datum {
        Datum::List(vec![
            Datum::Int(i64::from(p.x)),
            Datum::Int(i64::from(p.y)),
            Datum::Bool(p.mover_reflects),
            Datum::Bool(p.other_reflects),
        ])
    }

    fn read(&self, datum: &Datum) -> Result<Point, DynError> {
        match datum.as_list() {
            Some([x, y, Datum::Bool(mover), Datum::Bool(other)]) => self.point(
                int_datum(x, "x", -MAX_COORD, MAX_COORD)?,
                int_datum(y, "y", -MAX_COORD, MAX_COORD)?,
                (*mover, *other),
            ),
            _ => Err(DynError::Position(format!(
                "expected [x, y, mover may reflect, other may reflect], found {datum}"
            ))),
        }
    }

    fn parse(&self, text: &str) -> Result<Point, DynError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (x, y, who) = match words[..] {
            [x, y] => (x, y, "both"),
            [x, y, who] => (x, y, who),
            _ => {
                return Err(DynError::Position(format!(
                    "expected X Y [both|mover|other|none], found {} words",
                    words.len()
                )))
            }
        };
        let Some(&(_, mover, other)) = WHO.iter().find(|(w, _, _)| *w == who) else {
            return Err(DynError::Position(format!(
                "expected who may still reflect (both, mover, other or none), found {}",
                crate::text::quoted(who)
            )));
        };
        self.point(
            int_word(x, "x", -MAX_COORD, MAX_COORD)?,
            int_word(y, "y", -MAX_COORD, MAX_COORD)?,
            (mover, other),
        )
    }

    fn show(&self, p: &Point) -> String {
        let who = WHO
            .iter()
            .find(|(_, m, o)| (*m, *o) == (p.mover_reflects, p.other_reflects))
            .map_or("both", |(w, _, _)| w);
        format!("{} {} {who}", p.x, p.y)
    }

    fn label(&self, from: &Point, mv: &Move<Point>) -> String {
        if from.mover_reflects && !mv.to.other_reflects {
            return "reflect".into();
        }
        format!("+({}, {})", mv.to.x - from.x, mv.to.y - from.y)
    }

    fn draw(&self, p: &Point, moves: &[(Point, String)]) -> Option<Drawing> {
        drawn::plane(&self.game, p, moves)
    }
}

/// Dot (cf69d) with the checked vectors and limit of `game`, starting at `start`, where
/// both players may still reflect. A move that leaves the disc loses at once and is not
/// listed (see [`crate::games::dot`]).
///
/// # Errors
///
/// [`DynError::Position`] when `start` lies outside the distance limit.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::games::dot::Dot;
/// use grundy::{Budget, Outcome};
/// // cf69d's first sample: Anton, who moves first, wins.
/// let game = builtin::dot(Dot::new(vec![(1, 1), (1, 2)], 3).unwrap(), (0, 0)).unwrap();
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "0 0 both");
/// assert_eq!(game.solve(&start, &Budget::default()).unwrap().value.outcome, Outcome::Win);
/// let labels: Vec<_> = game.moves(&start).unwrap().into_iter().map(|m| m.label).collect();
/// assert_eq!(labels, ["+(1, 1)", "+(1, 2)", "reflect"]);
/// ```
pub fn dot(game: Dot, start: (i32, i32)) -> Result<Arc<dyn DynGame>, DynError> {
    let notation = PointNotation { game: game.clone() };
    let start = notation.point(i64::from(start.0), i64::from(start.1), (true, true))?;
    let name = format!("dot {} {}", start.x, start.y);
    let description = "add a vector or reflect in y = x (once each); leaving the disc loses";
    Ok(Arc::new(
        Adapter::new(
            game,
            notation,
            name,
            description,
            Kind::WinLoss { play: Play::Normal },
        )
        .with_start(start),
    ))
}

/// Team Nim's position: stones left and the seat to move (1-based in text and data).
struct SeatNotation {
    seats: usize,
}

impl SeatNotation {
    fn seat(&self, stones: i64, seat: i64) -> Seat {
        Seat {
            stones: stones as u32,
            seat: (seat - 1) as u32,
        }
    }
}

impl Notation<Seat> for SeatNotation {
    fn to_datum(&self, p: &Seat) -> Datum {
        Datum::ints([i64::from(p.stones), i64::from(p.seat) + 1])
    }

    fn read(&self, datum: &Datum) -> Result<Seat, DynError> {
        match datum.as_list() {
            Some([stones, seat]) => Ok(self.seat(
                int_datum(stones, "the stones", 0, MAX_HEAP as i64)?,
                int_datum(seat, "a seat", 1, self.seats as i64)?,
            )),
            _ => Err(DynError::Position(format!(
                "expected [stones, seat], found {datum}"
            ))),
        }
    }

    fn parse(&self, text: &str) -> Result<Seat, DynError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (stones, seat) = match words[..] {
            [stones] => (stones, "1"),
            [stones, seat] | [stones, "seat", seat] => (stones, seat),
            _ => {
                return Err(DynError::Position(format!(
                    "expected STONES [seat K], found {} words",
                    words.len()
                )))
            }
        };
        Ok(self.seat(
            int_word(stones, "the stones", 0, MAX_HEAP as i64)?,
            int_word(seat, "a seat", 1, self.seats as i64)?,
        ))
    }

    fn show(&self, p: &Seat) -> String {
        format!("{} seat {}", p.stones, p.seat + 1)
    }

    fn label(&self, from: &Seat, mv: &Move<Seat>) -> String {
        format!("take {}", from.stones - mv.to.stones)
    }

    /// The stones as one heap named by the seat to move: a click on stone `k` leaves `k`.
    fn draw(&self, p: &Seat, moves: &[(Seat, String)]) -> Option<Drawing> {
        let taken = |to: &Seat| Some((0, u64::from(to.stones)));
        let mut drawing = drawn::heaps(&[u64::from(p.stones)], moves, taken, "stones");
        if let Drawing::Heaps(heaps) = &mut drawing {
            heaps[0].name = format!("seat {} to move", p.seat + 1);
        }
        Some(drawing)
    }
}

/// Team Nim (poj2068) with the take limits of `game`, starting with `stones` and seat 1 to
/// move; whoever takes the last stone loses for the team (misère play).
///
/// # Errors
///
/// [`DynError::Position`] when `stones` exceeds [`MAX_HEAP`].
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::games::team_nim::TeamNim;
/// use grundy::{Budget, Outcome};
/// // poj2068's first sample: `1 101 4 4` gives 0 (the first team loses).
/// let game = builtin::team_nim(TeamNim::new(vec![4, 4]).unwrap(), 101).unwrap();
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "101 seat 1");
/// assert_eq!(game.solve(&start, &Budget::default()).unwrap().value.outcome, Outcome::Loss);
/// ```
pub fn team_nim(game: TeamNim, stones: u64) -> Result<Arc<dyn DynGame>, DynError> {
    let seats = game.limits().len();
    let notation = SeatNotation { seats };
    let start = notation.parse(&stones.to_string())?;
    let limits: Vec<String> = game.limits().iter().map(u32::to_string).collect();
    let name = format!("team-nim {}", limits.join(" "));
    let description = "seats take 1..M_i in turn round the table; taking the last stone loses";
    Ok(Arc::new(
        Adapter::new(
            game,
            notation,
            name,
            description,
            Kind::WinLoss { play: Play::Misere },
        )
        .with_start(start),
    ))
}

#[cfg(test)]
pub(super) mod tests;
