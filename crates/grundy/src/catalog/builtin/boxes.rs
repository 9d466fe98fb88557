//! Dots-and-Boxes as a [`DynGame`]: positions are the lines drawn
//! (`h 1 1, v 1 2`, or `none`; [`crate::games::dots_and_boxes`] names the lines), data
//! the same text; a move is the line drawn (`h 2 1`).

use std::sync::Arc;

use crate::adapter::{Adapter, Notation};
use crate::drawing::Drawing;
use crate::dynamic::{Datum, DynError, DynGame, Kind};
use crate::games::dots_and_boxes::{BoxesError, DotsAndBoxes};
use crate::model::Move;

/// The lines drawn, by name.
struct LinesNotation {
    game: DotsAndBoxes,
}

impl Notation<u64> for LinesNotation {
    fn to_datum(&self, lines: &u64) -> Datum {
        Datum::Str(self.game.show(*lines))
    }

    fn read(&self, datum: &Datum) -> Result<u64, DynError> {
        match datum {
            Datum::Str(text) => self.parse(text),
            _ => Err(DynError::Position(format!(
                "expected the lines drawn as text (\"h 1 1, v 1 2\"), found {datum}"
            ))),
        }
    }

    fn parse(&self, text: &str) -> Result<u64, DynError> {
        self.game
            .parse(text)
            .map_err(|e| DynError::Position(e.to_string()))
    }

    fn show(&self, lines: &u64) -> String {
        self.game.show(*lines)
    }

    fn label(&self, from: &u64, mv: &Move<u64>) -> String {
        self.game.label((mv.to & !from).trailing_zeros())
    }

    fn draw(&self, lines: &u64, moves: &[(u64, String)]) -> Option<Drawing> {
        Some(self.game.drawing(*lines, !moves.is_empty()))
    }
}

/// Dots-and-Boxes on `width x height` boxes: a scoring game whose value is the net score
/// still to come; the start has no line drawn.
///
/// # Errors
///
/// [`BoxesError`] as [`DotsAndBoxes::new`].
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::Budget;
/// let game = builtin::dots_and_boxes(2, 1).unwrap();
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "none");
/// let moves = game.moves(&start).unwrap();
/// assert_eq!((moves.len(), moves[0].label.as_str()), (7, "h 1 1"));
/// let pos = game.parse("h 1 1, h 2 1, v 1 1").unwrap();
/// let solution = game.solve(&pos, &Budget::default()).unwrap();
/// assert_eq!(solution.value.score, Some(2)); // close the box, then the other
/// ```
pub fn dots_and_boxes(width: u64, height: u64) -> Result<Arc<dyn DynGame>, BoxesError> {
    let game = DotsAndBoxes::new(width, height)?;
    let name = format!("dots-and-boxes {width} {height}");
    let description = "draw a line; who completes a box scores it and moves again";
    let notation = LinesNotation { game: game.clone() };
    Ok(Arc::new(
        Adapter::new(game, notation, name, description, Kind::Scoring).with_start(0),
    ))
}
