//! Dots-and-Boxes: players take turns drawing a line between two adjacent dots of a grid of
//! `width x height` boxes; who draws the fourth side of a box scores it and moves again.
//! When every line is drawn the game is over, and the value of a position is the net score
//! still to come (the mover's boxes from here on less the other's) under perfect play, so
//! it does not depend on the boxes taken before.
//!
//! A position is the set of lines drawn, one bit a line, in the order of
//! `examples/games/dots_and_boxes.luau`: first the horizontal lines, row of dots by row of
//! dots from the top (`height + 1` rows of `width`), then the vertical ones, row of boxes by
//! row of boxes (`height` rows of `width + 1`). A line is named by its kind, row and column,
//! 1-based: `h 1 2` is the second line from the left in the top row of dots, `v 2 1` the
//! leftmost side of the second row of boxes. A position is written as the lines drawn,
//! separated by commas (`h 1 1, v 1 2`), or `none`.
//!
//! For tier databases the lines drawn are the tier (every move draws one), and a position's
//! rank in its tier is the colexicographic rank of its set of lines: `sum C(p_i, i)` over
//! its lines `p_1 < p_2 < ..` (1-based `i`), which orders a tier's sets as their bit
//! patterns are ordered as numbers.

use thiserror::Error;

use crate::drawing::{Cell, Drawing, Fill, Grid, Shape};
use crate::model::{Game, Move};

/// At most this many lines (a position is a 64-bit set).
///
/// # Examples
///
/// ```
/// use grundy::games::dots_and_boxes::{DotsAndBoxes, MAX_LINES};
/// assert_eq!(DotsAndBoxes::new(5, 5).unwrap().lines(), 60);
/// assert!(MAX_LINES < 71 && DotsAndBoxes::new(6, 5).is_err()); // 71 lines
/// ```
pub const MAX_LINES: u32 = 64;

/// Dots-and-Boxes on a board of `width x height` boxes.
///
/// # Examples
///
/// ```
/// use grundy::games::dots_and_boxes::DotsAndBoxes;
/// let game = DotsAndBoxes::new(2, 2).unwrap();
/// assert_eq!(game.lines(), 12);
/// assert_eq!(game.label(0), "h 1 1");
/// assert_eq!(game.label(6), "v 1 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotsAndBoxes {
    width: u32,
    height: u32,
    /// Each box's four sides, as a set of lines.
    boxes: Vec<u64>,
    /// The boxes each line is a side of (one or two), as indices into `boxes`.
    sides_of: Vec<Vec<usize>>,
}

/// Why a board was refused.
///
/// # Examples
///
/// ```
/// use grundy::games::dots_and_boxes::{DotsAndBoxes, BoxesError};
/// assert!(matches!(DotsAndBoxes::new(0, 2), Err(BoxesError::Size { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BoxesError {
    /// No boxes, or more than [`MAX_LINES`] lines.
    #[error(
        "a board of {width} x {height} boxes is not supported (at least one box, and at most \
         {MAX_LINES} lines: width x (height + 1) + height x (width + 1))"
    )]
    Size {
        /// Boxes across.
        width: u64,
        /// Boxes down.
        height: u64,
    },
    /// A position that names a line wrongly.
    #[error("{0}")]
    Position(String),
}

impl DotsAndBoxes {
    /// The board of `width` boxes across and `height` down.
    ///
    /// # Errors
    ///
    /// [`BoxesError::Size`] for no boxes or more than [`MAX_LINES`] lines.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::dots_and_boxes::DotsAndBoxes;
    /// assert_eq!(DotsAndBoxes::new(3, 3).unwrap().lines(), 24);
    /// assert_eq!(DotsAndBoxes::new(5, 5).unwrap().lines(), 60);
    /// assert!(DotsAndBoxes::new(6, 5).unwrap_err().to_string().contains("at most 64 lines"));
    /// ```
    pub fn new(width: u64, height: u64) -> Result<DotsAndBoxes, BoxesError> {
        let lines = (|| {
            let across = width.checked_mul(height.checked_add(1)?)?;
            across.checked_add(height.checked_mul(width.checked_add(1)?)?)
        })();
        if width == 0 || height == 0 || lines.is_none_or(|n| n > u64::from(MAX_LINES)) {
            return Err(BoxesError::Size { width, height });
        }
        let (w, h) = (width as u32, height as u32);
        let mut game = DotsAndBoxes {
            width: w,
            height: h,
            boxes: Vec::new(),
            sides_of: vec![Vec::new(); lines.unwrap_or(0) as usize],
        };
        for r in 0..h {
            for c in 0..w {
                let sides = [
                    game.horizontal(r, c),
                    game.horizontal(r + 1, c),
                    game.vertical(r, c),
                    game.vertical(r, c + 1),
                ];
                for &s in &sides {
                    game.sides_of[s as usize].push(game.boxes.len());
                }
                game.boxes
                    .push(sides.iter().fold(0, |set, &s| set | 1 << s));
            }
        }
        Ok(game)
    }

    /// Boxes across.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::dots_and_boxes::DotsAndBoxes::new(3, 2).unwrap();
    /// assert_eq!((game.width(), game.height()), (3, 2));
    /// ```
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Boxes down.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::dots_and_boxes::DotsAndBoxes::new(3, 2).unwrap();
    /// assert_eq!(game.height(), 2);
    /// ```
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The number of lines: `width x (height + 1) + height x (width + 1)`.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::dots_and_boxes::DotsAndBoxes::new(3, 2).unwrap();
    /// assert_eq!(game.lines(), 17);
    /// ```
    pub fn lines(&self) -> u32 {
        self.sides_of.len() as u32
    }

    /// The set of every line (the position where the game is over).
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::dots_and_boxes::DotsAndBoxes::new(1, 1).unwrap();
    /// assert_eq!(game.full(), 0b1111);
    /// ```
    pub fn full(&self) -> u64 {
        u64::MAX >> (64 - self.lines())
    }

    /// The horizontal line in row of dots `r` (0 at the top), column `c`.
    fn horizontal(&self, r: u32, c: u32) -> u32 {
        r * self.width + c
    }

    /// The vertical line in row of boxes `r`, column of dots `c`.
    fn vertical(&self, r: u32, c: u32) -> u32 {
        (self.height + 1) * self.width + r * (self.width + 1) + c
    }

    /// The boxes that drawing `line` completes in the position `drawn` (0, 1 or 2).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::dots_and_boxes::DotsAndBoxes;
    /// let game = DotsAndBoxes::new(1, 1).unwrap();
    /// assert_eq!(game.completes(0b0111, 3), 1);
    /// assert_eq!(game.completes(0b0011, 3), 0);
    /// ```
    pub fn completes(&self, drawn: u64, line: u32) -> u32 {
        let after = drawn | 1 << line;
        self.sides_of[line as usize]
            .iter()
            .filter(|&&b| self.boxes[b] & !after == 0)
            .count() as u32
    }

    /// The name of `line`: `h ROW COLUMN` or `v ROW COLUMN`, 1-based (what a person types
    /// to draw it).
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::dots_and_boxes::DotsAndBoxes::new(2, 1).unwrap();
    /// assert_eq!(game.label(3), "h 2 2");
    /// assert_eq!(game.label(4), "v 1 1");
    /// ```
    pub fn label(&self, line: u32) -> String {
        let across = (self.height + 1) * self.width;
        match line < across {
            true => format!("h {} {}", line / self.width + 1, line % self.width + 1),
            false => {
                let j = line - across;
                format!(
                    "v {} {}",
                    j / (self.width + 1) + 1,
                    j % (self.width + 1) + 1
                )
            }
        }
    }

    /// The line a name written as [`DotsAndBoxes::label`] writes it names (`h 1 2`, also
    /// `h1 2`, `h 1,2`), or why it names none.
    fn line_of(&self, kind: &str, row: &str, col: &str) -> Result<u32, String> {
        let number = |word: &str, what: &str, most: u32| -> Result<u32, String> {
            word.parse::<u32>()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .ok_or_else(|| {
                    format!(
                        "line '{kind} {row} {col}': the {what} should be a number from 1 to \
                         {most}, found '{word}'"
                    )
                })
        };
        match kind {
            "h" => {
                let r = number(row, "row of dots", self.height + 1)?;
                let c = number(col, "column", self.width)?;
                Ok(self.horizontal(r - 1, c - 1))
            }
            "v" => {
                let r = number(row, "row of boxes", self.height)?;
                let c = number(col, "column of dots", self.width + 1)?;
                Ok(self.vertical(r - 1, c - 1))
            }
            _ => Err(format!(
                "expected a line 'h ROW COLUMN' or 'v ROW COLUMN', found '{kind}'"
            )),
        }
    }

    /// The position `text` writes: the lines drawn, each `h ROW COLUMN` or `v ROW COLUMN`
    /// (1-based; see the module's documentation), separated by spaces or commas, or `none`
    /// (also the empty text) for the start.
    ///
    /// # Errors
    ///
    /// [`BoxesError::Position`] naming the word that is not a line, a line out of the board,
    /// or a line listed twice.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::dots_and_boxes::DotsAndBoxes;
    /// let game = DotsAndBoxes::new(2, 2).unwrap();
    /// assert_eq!(game.parse("h 1 1, v 1 2").unwrap(), 1 | 1 << 7);
    /// assert_eq!(game.parse("none").unwrap(), 0);
    /// assert!(game.parse("h 4 1").unwrap_err().to_string().contains("row of dots"));
    /// assert!(game.parse("h 1 1, h 1 1").unwrap_err().to_string().contains("twice"));
    /// ```
    pub fn parse(&self, text: &str) -> Result<u64, BoxesError> {
        let spaced = text.replace(',', " ");
        let words: Vec<&str> = spaced.split_whitespace().collect();
        if words == ["none"] {
            return Ok(0);
        }
        // Split a letter stuck to its row (`h1 2`) from it.
        let mut tokens = Vec::new();
        for word in &words {
            match word.strip_prefix(['h', 'v']) {
                Some(rest) if !rest.is_empty() => {
                    tokens.push(&word[..1]);
                    tokens.push(rest);
                }
                _ => tokens.push(word),
            }
        }
        let mut drawn = 0u64;
        for chunk in tokens.chunks(3) {
            let [kind, row, col] = chunk else {
                return Err(BoxesError::Position(format!(
                    "'{}' is not a line: expected 'h ROW COLUMN' or 'v ROW COLUMN'",
                    chunk.join(" ")
                )));
            };
            let line = self.line_of(kind, row, col).map_err(BoxesError::Position)?;
            if drawn >> line & 1 == 1 {
                return Err(BoxesError::Position(format!(
                    "line '{}' is listed twice",
                    self.label(line)
                )));
            }
            drawn |= 1 << line;
        }
        Ok(drawn)
    }

    /// The position as text, read back by [`DotsAndBoxes::parse`]: its lines by name,
    /// separated by commas, or `none`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::dots_and_boxes::DotsAndBoxes;
    /// let game = DotsAndBoxes::new(2, 2).unwrap();
    /// assert_eq!(game.show(1 | 1 << 7), "h 1 1, v 1 2");
    /// assert_eq!(game.show(0), "none");
    /// ```
    pub fn show(&self, drawn: u64) -> String {
        if drawn == 0 {
            return "none".into();
        }
        let names: Vec<String> = (0..self.lines())
            .filter(|&l| drawn >> l & 1 == 1)
            .map(|l| self.label(l))
            .collect();
        names.join(", ")
    }

    /// The board in text: dots `+`, lines drawn `-` and `|`, a completed box `#`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::dots_and_boxes::DotsAndBoxes;
    /// let game = DotsAndBoxes::new(2, 1).unwrap();
    /// let drawn = game.parse("h 1 1, h 2 1, v 1 1, v 1 2, v 1 3").unwrap();
    /// assert_eq!(game.picture(drawn), "+-+ +\n|#| |\n+-+ +");
    /// ```
    pub fn picture(&self, drawn: u64) -> String {
        let on = |line: u32| drawn >> line & 1 == 1;
        let mut rows = Vec::new();
        for r in 0..=self.height {
            let mut dots = String::from("+");
            for c in 0..self.width {
                dots.push(if on(self.horizontal(r, c)) { '-' } else { ' ' });
                dots.push('+');
            }
            rows.push(dots);
            if r < self.height {
                let mut sides = String::new();
                for c in 0..=self.width {
                    sides.push(if on(self.vertical(r, c)) { '|' } else { ' ' });
                    if c < self.width {
                        let closed = self.boxes[(r * self.width + c) as usize] & !drawn == 0;
                        sides.push(if closed { '#' } else { ' ' });
                    }
                }
                rows.push(sides);
            }
        }
        rows.join("\n")
    }

    /// The board as data: dots, lines (drawn ones filled, a click on one not drawn draws it
    /// when `clickable`, by its [`DotsAndBoxes::label`]) and boxes (a completed one marked).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::drawing::Drawing;
    /// use grundy::games::dots_and_boxes::DotsAndBoxes;
    /// let Drawing::Grid(grid) = DotsAndBoxes::new(2, 2).unwrap().drawing(0, true) else {
    ///     panic!()
    /// };
    /// assert_eq!((grid.cells.len(), grid.cells[0].len()), (5, 5));
    /// assert_eq!(grid.cells[0][1].click.as_deref(), Some("h 1 1"));
    /// ```
    pub fn drawing(&self, drawn: u64, clickable: bool) -> Drawing {
        let (w, h) = (self.width, self.height);
        let line = |line: u32, shape: Shape| match drawn >> line & 1 == 1 {
            true => Cell::new(Fill::Filled, shape, None),
            false => Cell::new(Fill::Empty, shape, clickable.then(|| self.label(line))),
        };
        let cells = (0..2 * h + 1)
            .map(|y| {
                (0..2 * w + 1)
                    .map(|x| {
                        let (r, c) = (y / 2, x / 2);
                        match (y % 2, x % 2) {
                            (0, 0) => Cell::new(Fill::Filled, Shape::Dot, None),
                            (0, _) => line(self.horizontal(r, c), Shape::Horizontal),
                            (_, 0) => line(self.vertical(r, c), Shape::Vertical),
                            _ => {
                                let closed = self.boxes[(r * w + c) as usize] & !drawn == 0;
                                let fill = if closed { Fill::Marked } else { Fill::Empty };
                                Cell::new(fill, Shape::Square, None)
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        Drawing::Grid(Grid {
            cells,
            rows: Vec::new(),
            columns: Vec::new(),
        })
    }
}

impl Game for DotsAndBoxes {
    /// The lines drawn, bit `l` for line `l`.
    type Position = u64;

    /// One move a line not drawn, in the order of the lines; completing a box scores it and
    /// moves again.
    fn moves(&self, drawn: &u64, out: &mut Vec<Move<u64>>) {
        for line in (0..self.lines()).filter(|&l| drawn >> l & 1 == 0) {
            let boxes = self.completes(*drawn, line);
            let mv = Move::to(drawn | 1 << line).with_points(i64::from(boxes));
            out.push(if boxes > 0 { mv.again() } else { mv });
        }
    }

    fn max_moves(&self, drawn: &u64) -> Option<u64> {
        Some(u64::from(self.lines() - drawn.count_ones()))
    }
}

#[cfg(test)]
mod tests;
