//! What a play session records: the sides ([`Side`]), each move played ([`Played`]) and how
//! the game ended ([`End`]).

use serde::Serialize;

use crate::drawing::{Drawing, Fill};
use crate::dynamic::{Datum, DynError, DynGame, DynMove};

/// A side of a play session (`Session`).
///
/// # Examples
///
/// ```
/// use grundy::play::session::Side;
/// assert_eq!(Side::Person.other(), Side::Engine);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The person at the keyboard.
    Person,
    /// Perfect play.
    Engine,
}

impl Side {
    /// The opponent.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::play::session::Side;
    /// assert_eq!(Side::Engine.other(), Side::Person);
    /// ```
    pub fn other(self) -> Side {
        match self {
            Side::Person => Side::Engine,
            Side::Engine => Side::Person,
        }
    }
}

/// One move played: by whom, and the move.
///
/// # Examples
///
/// ```
/// use grundy::play::session::{Played, Side};
/// use grundy::dynamic::{Datum, DynMove};
/// let mv = DynMove { label: "1".into(), to: Datum::Int(0), points: 0, again: false };
/// let played = Played { side: Side::Person, mv };
/// assert_eq!(played.side, Side::Person);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// Who played it.
    pub side: Side,
    /// The move.
    pub mv: DynMove,
}

/// How a finished game ended.
///
/// # Examples
///
/// ```
/// use grundy::play::session::{End, Side};
/// let end = End { winner: Some(Side::Person), person_points: 0, engine_points: 0, repeated: false };
/// assert_eq!(end.to_string(), "you win");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct End {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// The person's points (scoring games).
    pub person_points: i64,
    /// The engine's points (scoring games).
    pub engine_points: i64,
    /// True when a loopy game was called a draw because a position came back a third time.
    pub repeated: bool,
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(Side::Person) => f.write_str("you win")?,
            Some(Side::Engine) => f.write_str("grundy wins")?,
            None => f.write_str("a draw")?,
        }
        if self.person_points != 0 || self.engine_points != 0 {
            let margin = (self.person_points - self.engine_points).abs();
            write!(
                f,
                " ({} to {}",
                self.person_points.max(self.engine_points),
                self.person_points.min(self.engine_points)
            )?;
            if margin > 0 {
                write!(f, ", by {margin}")?;
            }
            f.write_str(")")?;
        }
        if self.repeated {
            f.write_str(" by repetition")?;
        }
        Ok(())
    }
}

/// `drawing` (of the position after `history`, played from `start` by the `seats` before
/// each move) with each square that a move earning points turned [`Fill::Marked`] shown as
/// its player's: [`Fill::First`] for the player who moved first, [`Fill::Second`] for the
/// other (the position does not record who took a box of Dots-and-Boxes).
pub(super) fn mark_taken(
    game: &dyn DynGame,
    start: &Datum,
    history: &[Played],
    seats: &[u8],
    mut drawing: Option<Drawing>,
) -> Result<Option<Drawing>, DynError> {
    let Some(Drawing::Grid(grid)) = &mut drawing else {
        return Ok(drawing);
    };
    let marked = |drawing: Option<Drawing>| -> Vec<Vec<bool>> {
        match drawing {
            Some(Drawing::Grid(grid)) => grid
                .cells
                .iter()
                .map(|row| row.iter().map(|cell| cell.fill == Fill::Marked).collect())
                .collect(),
            _ => Vec::new(),
        }
    };
    let at = |cells: &[Vec<bool>], r: usize, c: usize| {
        cells.get(r).and_then(|row| row.get(c)) == Some(&true)
    };
    let mut before = marked(game.draw(start)?);
    for (played, &seat) in history.iter().zip(seats) {
        let after = marked(game.draw(&played.mv.to)?);
        if played.mv.points != 0 {
            for (r, row) in after.iter().enumerate() {
                for (c, &now) in row.iter().enumerate() {
                    let cell = grid.cells.get_mut(r).and_then(|row| row.get_mut(c));
                    if let Some(cell) =
                        cell.filter(|cell| now && !at(&before, r, c) && cell.fill == Fill::Marked)
                    {
                        cell.fill = if seat == 0 { Fill::First } else { Fill::Second };
                    }
                }
            }
        }
        before = after;
    }
    Ok(drawing)
}
