//! The problem-set board games as front ends name them: `<game> SETUP... [at POSITION...]`.
//!
//! The setup is the problem's own input for one case (`gems-fight 3 4 3 2 2 3 ...`: G B S,
//! then each bag); the game starts at its usual start unless a position follows the word
//! `at`. Minesweeper also takes a drawn board as its setup (`*` mines, `.` unopened,
//! `_`/digits open), which is also its position. Setup errors name the word (or, for a
//! setup of several lines, the line) and what was expected there.

use std::sync::Arc;

use super::error::CatalogError;
use super::spec::Spec;
use crate::catalog::builtin;
use crate::dynamic::{Datum, DynGame};
use crate::games::dot::Dot;
use crate::games::gems_fight::{MAX_BAGS, MAX_COLOURS};
use crate::games::minesweeper::Board;
use crate::games::team_nim::TeamNim;
use crate::games::young::{Young, MAX_SIDES};
use crate::text::quoted;

/// The board games, in the order `grundy list` shows them (after [`super::spec::SPECS`]); they
/// are played and solved (`grundy solve`, `grundy play`), not tabulated.
///
/// # Examples
///
/// ```
/// assert!(grundy::catalog::BOARDS.iter().any(|s| s.name == "minesweeper"));
/// ```
pub const BOARDS: &[Spec] = &[
    Spec {
        name: "gems-fight",
        param: Some("G B S (N C1..CN)..."),
        position: "[at BAG...]",
        summary: "hdu4778: pour bags of gems; S of a colour make a stone and a bonus turn",
        example: "grundy solve gems-fight 3 4 3 2 2 3 2 1 3 2 1 2 3 2 3 1",
    },
    Spec {
        name: "young",
        param: Some("N M A... B..."),
        position: "[at ROWS]",
        summary: "chess2018: fill a Young diagram, scoring A (first) or B (second)",
        example: "grundy play young 2 3 2 7 3 9 1 2 3 7 2 2 3 1",
    },
    Spec {
        name: "dot",
        param: Some("X Y N D (XI YI)..."),
        position: "[at X Y WHO]",
        summary: "cf69d: add a vector or reflect once; leaving the disc loses",
        example: "grundy solve dot 0 0 2 3 1 1 1 2",
    },
    Spec {
        name: "team-nim",
        param: Some("N S M1..M2N"),
        position: "[at STONES seat K]",
        summary: "poj2068: two teams take 1..M_i in turn; the last stone loses",
        example: "grundy solve team-nim 1 101 4 4",
    },
    Spec {
        name: "minesweeper",
        param: Some("N M K (X Y)... | BOARD"),
        position: "",
        summary: "hdu4678: click safe cells, a blank opens its region; BOARD: rows of * . _ 1-8",
        example: "grundy solve minesweeper 3 3 1 1 1",
    },
    Spec {
        name: "domineering",
        param: Some("W H | ROWS"),
        position: "[at ROWS]",
        summary: "partizan: Left places dominoes upright, Right flat (rows of . and #, / between)",
        example: "grundy solve domineering 4 6",
    },
    Spec {
        name: "dots-and-boxes",
        param: Some("W H"),
        position: "[at LINE, ...]",
        summary:
            "draw a line; a box completed scores and moves again (W x H boxes; lines h R C, v R C)",
        example: "grundy solve dots-and-boxes 2 2 at h 1 1, v 1 1",
    },
    Spec {
        name: "kiki",
        param: Some("N M"),
        position: "",
        summary: "hdu2147: the corner game from the top-right of an N x M board",
        example: "grundy solve kiki 5 4",
    },
];

/// The numbers of a setup, read one at a time, each error naming its word or line.
struct Numbers<'a> {
    game: &'static str,
    /// Each word with its line (1-based).
    words: Vec<(usize, &'a str)>,
    next: usize,
    lines: bool,
}

impl<'a> Numbers<'a> {
    fn new(game: &'static str, text: &'a str) -> Self {
        let words = text
            .lines()
            .enumerate()
            .flat_map(|(line, words)| words.split_whitespace().map(move |w| (line + 1, w)))
            .collect();
        Numbers {
            game,
            words,
            next: 0,
            lines: text.contains('\n'),
        }
    }

    fn error(&self, problem: String) -> CatalogError {
        CatalogError::Setup {
            game: self.game,
            problem,
        }
    }

    /// Where word `at` stands: `word 3` or `line 2`.
    fn place(&self, at: usize) -> String {
        match (self.lines, self.words.get(at)) {
            (true, Some(&(line, _))) => format!("line {line}"),
            (true, None) => format!("line {}", self.words.last().map_or(1, |w| w.0)),
            (false, _) => format!("word {}", at + 1),
        }
    }

    /// The next number, from `lo` to `hi`.
    fn int(&mut self, what: &str, lo: i64, hi: i64) -> Result<i64, CatalogError> {
        let Some(&(_, word)) = self.words.get(self.next) else {
            return Err(self.error(format!(
                "the setup ends before {what} ({}); see 'grundy list'",
                self.place(self.next)
            )));
        };
        let value = word.parse::<i64>().ok().filter(|v| (lo..=hi).contains(v));
        let value = value.ok_or_else(|| {
            self.error(format!(
                "{}: expected {what} (an integer from {lo} to {hi}), found {}",
                self.place(self.next),
                quoted(word)
            ))
        })?;
        self.next += 1;
        Ok(value)
    }

    /// Refuses words left after the setup.
    fn end(&self) -> Result<(), CatalogError> {
        match self.words.get(self.next) {
            None => Ok(()),
            Some(&(_, word)) => Err(self.error(format!(
                "{}: {} follows a complete setup (a position goes after the word 'at')",
                self.place(self.next),
                quoted(word)
            ))),
        }
    }
}

/// Opens the board game `name` from its `setup` text and the `position` text after `at`
/// (`None`: the game's start).
pub(super) fn open_board(
    name: &'static str,
    setup: &str,
    position: Option<&str>,
) -> Result<(Arc<dyn DynGame>, Datum), CatalogError> {
    let mut numbers = Numbers::new(name, setup);
    let refused = |err: &dyn std::fmt::Display| CatalogError::Setup {
        game: name,
        problem: err.to_string(),
    };
    let drawn = name == "minesweeper"
        && !numbers.words.is_empty()
        && numbers.words.iter().any(|(_, w)| w.parse::<u64>().is_err());
    let game = match name {
        "gems-fight" => {
            let colours = numbers.int("G, the colours", 0, MAX_COLOURS as i64)?;
            let bags = numbers.int("B, the bags", 0, MAX_BAGS as i64)?;
            let size = numbers.int("S, the gems of a stone", 1, 127)?;
            let mut contents = Vec::with_capacity(bags as usize);
            for bag in 1..=bags {
                let n = numbers.int(&format!("bag {bag}'s gem count n"), 1, 100)?;
                let gems = (0..n)
                    .map(|_| Ok(numbers.int("a colour", 1, colours.max(1))? as usize - 1))
                    .collect::<Result<Vec<usize>, CatalogError>>()?;
                contents.push(gems);
            }
            numbers.end()?;
            builtin::gems_fight(colours as usize, size as u32, &contents)
                .map_err(|err| refused(&err))?
        }
        "young" => {
            let rows = numbers.int("N, the rows", 1, MAX_SIDES as i64 - 1)? as usize;
            let cols = numbers.int("M, the columns", 1, (MAX_SIDES - rows) as i64)? as usize;
            let mut values = |player: &str| {
                (0..rows * cols)
                    .map(|_| {
                        numbers.int(
                            &format!("a value of {player}"),
                            -1_000_000_000,
                            1_000_000_000,
                        )
                    })
                    .collect::<Result<Vec<i64>, CatalogError>>()
            };
            let first = values("A (the first player)")?;
            let second = values("B (the second player)")?;
            numbers.end()?;
            let game = Young::new(rows, cols, first, second).map_err(|err| refused(&err))?;
            builtin::young(game)
        }
        "dot" => {
            const MAX: i64 = 1 << 20;
            let x = numbers.int("x", -MAX, MAX)? as i32;
            let y = numbers.int("y", -MAX, MAX)? as i32;
            let n = numbers.int("n, the vectors", 1, 1000)?;
            let d = numbers.int("d, the distance limit", 1, MAX)? as i32;
            let mut vectors = Vec::new();
            for _ in 0..n {
                let vx = numbers.int("a vector's x", 0, MAX)? as i32;
                let vy = numbers.int("a vector's y", 0, MAX)? as i32;
                if (vx, vy) == (0, 0) {
                    return Err(refused(&format!(
                        "{}: a vector (0, 0) would let the game last for ever",
                        numbers.place(numbers.next - 1)
                    )));
                }
                // The same vector twice is the same move.
                if !vectors.contains(&(vx, vy)) {
                    vectors.push((vx, vy));
                }
            }
            numbers.end()?;
            let game = Dot::new(vectors, d).ok_or_else(|| refused(&"vectors out of range"))?;
            builtin::dot(game, (x, y))?
        }
        "team-nim" => {
            let n = numbers.int("n, the players of a team", 1, 100)?;
            let stones = numbers.int("S, the stones", 0, builtin::MAX_HEAP as i64)?;
            let limits = (1..=2 * n)
                .map(|seat| {
                    Ok(numbers.int(&format!("M{seat}"), 1, builtin::MAX_HEAP as i64)? as u32)
                })
                .collect::<Result<Vec<u32>, CatalogError>>()?;
            numbers.end()?;
            let game = TeamNim::new(limits).ok_or_else(|| refused(&"bad take limits"))?;
            builtin::team_nim(game, stones as u64)?
        }
        "minesweeper" if drawn => builtin::drawn_minesweeper(setup)?,
        "domineering" if numbers.words.iter().any(|(_, w)| w.parse::<u64>().is_err()) => {
            // A drawn board: the game on its size, starting there.
            let game = builtin::domineering(1, 1)?;
            let board = game.parse(setup)?;
            let shown = game.show(&board)?;
            let rows: Vec<&str> = shown.lines().collect();
            let game = builtin::domineering(rows[0].len(), rows.len())?;
            let position = match position {
                None => board,
                Some(text) => game.parse(text)?,
            };
            return Ok((game, position));
        }
        "domineering" => {
            let max = builtin::MAX_DOMINEERING_CELLS as i64;
            let width = numbers.int("W, the columns", 1, max)? as usize;
            let height = numbers.int("H, the rows", 1, max)? as usize;
            numbers.end()?;
            builtin::domineering(width, height)?
        }
        "dots-and-boxes" => {
            let width = numbers.int("W, the boxes across", 1, 64)?;
            let height = numbers.int("H, the boxes down", 1, 64)?;
            numbers.end()?;
            builtin::dots_and_boxes(width as u64, height as u64).map_err(|err| refused(&err))?
        }
        "minesweeper" => {
            let max = builtin::MAX_CELLS as i64;
            let rows = numbers.int("N, the rows", 1, max)? as usize;
            let cols = numbers.int("M, the columns", 1, max)? as usize;
            if rows * cols > builtin::MAX_CELLS {
                return Err(refused(&format!(
                    "a {rows} x {cols} board has more than {} cells ('grundy judge hdu4678' \
                     solves larger boards)",
                    builtin::MAX_CELLS
                )));
            }
            let mut board = Board::new(rows, cols).map_err(|err| refused(&err))?;
            let mines = numbers.int("K, the mines", 0, (rows * cols) as i64)?;
            for _ in 0..mines {
                let row = numbers.int("a mine's row x (0-based)", 0, rows as i64 - 1)?;
                let col = numbers.int("a mine's column y (0-based)", 0, cols as i64 - 1)?;
                board
                    .add_mine(row as usize, col as usize)
                    .map_err(|err| refused(&err))?;
            }
            numbers.end()?;
            builtin::minesweeper(&board)?
        }
        _ => {
            // kiki: the corner game from the top-right cell of an N x M board.
            let max = builtin::MAX_HEAP as i64 + 1;
            let rows = numbers.int("n, the rows", 1, max)?;
            let cols = numbers.int("m, the columns", 1, max)?;
            numbers.end()?;
            builtin::kiki(rows as u64, cols as u64)
        }
    };
    let position = match (position, game.start()) {
        (None, Some(start)) => start,
        (text, _) => game.parse(text.unwrap_or(""))?,
    };
    Ok((game, position))
}

#[cfg(test)]
mod tests {
    use crate::catalog::open;
    use crate::{Budget, Outcome};

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    fn error(typed: &[String]) -> String {
        open(typed).err().expect("an error").to_string()
    }

    /// Each problem's samples (docs/problems.md) through the resolver and the front door.
    #[test]
    fn samples_open_and_solve() {
        let budget = Budget::default();
        let value = |typed: &str| {
            let (game, pos) = open(&words(typed)).unwrap();
            game.solve(&pos, &budget).unwrap().value
        };
        assert_eq!(
            value("gems-fight 3 4 3 2 2 3 2 1 3 2 1 2 3 2 3 1").score,
            Some(3)
        );
        assert_eq!(value("gems-fight 3 2 2 3 2 3 1 3 1 2 3").score, Some(-3));
        assert_eq!(value("young 2 3 2 7 3 9 1 2 3 7 2 2 3 1").score, Some(2));
        assert_eq!(value("dot 0 0 2 3 1 1 1 2").outcome, Outcome::Win);
        // One box: the second player draws its fourth side.
        assert_eq!(value("dots-and-boxes 1 1").score, Some(-1));
        assert_eq!(
            value("dots-and-boxes 2 1 at h 1 1, h 2 1, v 1 1").score,
            Some(2)
        );
        assert_eq!(value("dot 0 0 2 4 1 1 1 2").outcome, Outcome::Loss);
        for (typed, first_wins) in [
            ("team-nim 1 101 4 4", false),
            ("team-nim 1 100 4 4", true),
            ("team-nim 3 97 8 7 6 5 4 3", true),
            ("minesweeper 3 3 0", true),
            ("minesweeper 3 3 1 1 1", false),
            ("kiki 5 3", false),
            ("kiki 5 4", true),
            ("kiki 6 6", true),
        ] {
            assert_eq!(value(typed).outcome == Outcome::Win, first_wins, "{typed}");
        }
        // A position after `at`, and a drawn board as its own position.
        let (game, pos) = open(&words("young 2 3 2 7 3 9 1 2 3 7 2 2 3 1 at ##. #..")).unwrap();
        assert_eq!(game.show(&pos).unwrap(), "##.\n#..");
        let (game, pos) = open(&words("minesweeper ___ 11_ *1_")).unwrap();
        assert_eq!(game.name(), "minesweeper 3 3");
        assert!(game.moves(&pos).unwrap().is_empty());
        let (_, pos) = open(&["minesweeper".into(), "...\n.*.\n...\n".into()]).unwrap();
        assert_eq!(open(&words("minesweeper 3 3 1 1 1")).unwrap().1, pos);
        // The game alone starts where the words do (a drawn board, kiki's corner).
        let (game, rest) = crate::catalog::open_game(&words("minesweeper ___ 11_ *1_")).unwrap();
        assert!(rest.is_empty());
        assert!(game.moves(&game.start().unwrap()).unwrap().is_empty());
        let (game, _) = crate::catalog::open_game(&words("kiki 5 3")).unwrap();
        assert_eq!(game.show(&game.start().unwrap()).unwrap(), "2 4");
    }

    /// Setup errors name the word (or line) and what was expected there.
    #[test]
    fn setup_errors_name_the_place() {
        for (typed, message) in [
            ("gems-fight 3 1", "gems-fight: the setup ends before S, the gems of a stone (word 3)"),
            ("gems-fight 3 1 3 2 1 4", "gems-fight: word 6: expected a colour (an integer from 1 to 3), found \"4\""),
            ("gems-fight 9 0 3", "gems-fight: word 1: expected G, the colours (an integer from 0 to 8)"),
            ("gems-fight 1 1 1 1 1 5", "gems-fight: word 6: \"5\" follows a complete setup"),
            ("young 2 3 1 2", "young: the setup ends before a value of A (the first player) (word 5)"),
            ("young 0 3", "young: word 1: expected N, the rows (an integer from 1 to 23), found \"0\""),
            ("dot 0 0 1 3 0 0", "dot: word 6: a vector (0, 0) would let the game last for ever"),
            ("dot 5 0 1 3 1 1", "bad position: (5, 0) lies outside the distance limit"),
            ("team-nim 1 10 4", "team-nim: the setup ends before M2 (word 4)"),
            ("team-nim 1 10 4 0", "team-nim: word 4: expected M2 (an integer from 1 to 16777216), found \"0\""),
            ("minesweeper 3 3 1 3 0", "minesweeper: word 4: expected a mine's row x (0-based) (an integer from 0 to 2), found \"3\""),
            ("minesweeper 100 100 0", "minesweeper: a 100 x 100 board has more than 4096 cells"),
            ("minesweeper ..x .*.", "bad position: row 1, column 3: 'x' is not a cell"),
            ("kiki 0 3", "kiki: word 1: expected n, the rows"),
            ("dots-and-boxes 2", "dots-and-boxes: the setup ends before H, the boxes down (word 2)"),
            ("dots-and-boxes 6 5", "dots-and-boxes: a board of 6 x 5 boxes is not supported"),
            ("dots-and-boxes 2 2 at h 1 3", "bad position: line 'h 1 3': the column should be a number from 1 to 2, found '3'"),
            ("team-nim 1 10 4 4 at 3 seat 3", "bad position: expected a seat (an integer from 1 to 2), found \"3\""),
            ("analyze-me 1", "unknown game \"analyze-me\"; expected one of: nim,"),
        ] {
            let err = error(&words(typed));
            assert!(err.starts_with(message), "{typed}: {err}");
        }
        // Every known name is offered, the board games too.
        assert!(error(&words("nope")).ends_with(
            "corner, octal, kayles, dawsons-kayles, sum, gems-fight, young, dot, team-nim, minesweeper, domineering, dots-and-boxes, kiki (see 'grundy list')"
        ));
        // A setup of several lines (a file's text) is named by line.
        let file = "3 2 3\n2 1 2\n2 1 x\n".to_string();
        let err = error(&["gems-fight".into(), file]);
        assert!(
            err.starts_with(
                "gems-fight: line 3: expected a colour (an integer from 1 to 3), found \"x\""
            ),
            "{err}"
        );
        let drawing = "...\n.*.\n..#\n".to_string();
        let err = error(&["minesweeper".into(), drawing]);
        assert!(
            err.starts_with("bad position: line 3, column 3: '#' is not a cell"),
            "{err}"
        );
        // Analyze and table name the board games as such.
        let err = crate::catalog::parse_family(&mut words("young 1 1").into()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "young is a board game: 'grundy solve' and 'grundy play' take it (see 'grundy list')"
        );
    }
}
