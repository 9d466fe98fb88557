//! How a game's positions and moves are written: [`Notation`].

use crate::drawing::Drawing;
use crate::dynamic::{Datum, DynError};
use crate::model::Move;

/// How a game's positions and moves are written: to and from [`Datum`] and text.
///
/// # Examples
///
/// ```
/// use grundy::adapter::Notation;
/// use grundy::dynamic::{Datum, DynError};
/// use grundy::model::Move;
///
/// // One heap, written as its size.
/// struct Size;
/// impl Notation<u64> for Size {
///     fn to_datum(&self, pos: &u64) -> Datum { Datum::Int(*pos as i64) }
///     fn read(&self, datum: &Datum) -> Result<u64, DynError> {
///         datum.as_int().and_then(|n| u64::try_from(n).ok())
///             .ok_or_else(|| DynError::Position(format!("expected a size, found {datum}")))
///     }
///     fn parse(&self, text: &str) -> Result<u64, DynError> {
///         text.trim().parse().map_err(|_| DynError::Position(format!("expected a size, found {text:?}")))
///     }
///     fn show(&self, pos: &u64) -> String { pos.to_string() }
/// }
/// assert_eq!(Size.label(&5, &Move::to(3)), "3");
/// assert!(Size.parse("x").is_err());
/// ```
pub trait Notation<P>: Send + Sync {
    /// The position as data (the form every front end stores).
    fn to_datum(&self, pos: &P) -> Datum;

    /// The position that `datum` writes.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] saying what is wrong.
    fn read(&self, datum: &Datum) -> Result<P, DynError>;

    /// The position that `text` writes.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] naming the bad word or line.
    fn parse(&self, text: &str) -> Result<P, DynError>;

    /// The position as text, parsed back by [`Notation::parse`].
    fn show(&self, pos: &P) -> String;

    /// The position that `numbers` name, when positions can be made from integers
    /// ([`DynGame::position_of`](crate::dynamic::DynGame::position_of)); `None` by default.
    ///
    /// # Errors
    ///
    /// `Some(Err(DynError::Position))` when the integers are out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Notation;
    /// use grundy::catalog::builtin::{HeapNotation, PairNotation};
    /// assert_eq!(HeapNotation.position_of(&[3, 5]), Some(Ok(vec![3, 5])));
    /// assert_eq!(PairNotation.position_of(&[3, 5]), Some(Ok((3, 5))));
    /// assert_eq!(PairNotation.position_of(&[3]), None);
    /// assert!(HeapNotation.position_of(&[1 << 40]).unwrap().is_err());
    /// ```
    fn position_of(&self, numbers: &[u64]) -> Option<Result<P, DynError>> {
        let _ = numbers;
        None
    }

    /// A short label for `mv` from `from`, unique among the moves from `from`; by default,
    /// the position it leads to.
    fn label(&self, from: &P, mv: &Move<P>) -> String {
        let _ = from;
        self.show(&mv.to)
    }

    /// How `pos` looks ([`DynGame::draw`]), its parts naming the moves a click makes by
    /// their labels: `moves` are the moves from `pos` with their labels (empty where the
    /// position has more than [`MAX_DRAWN_MOVES`]). `None` by default: the game is shown
    /// as text.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::adapter::Notation;
    /// use grundy::catalog::builtin::HeapNotation;
    /// use grundy::drawing::Drawing;
    /// let moves = [(vec![0], "heap 1: 1 -> 0".to_string())];
    /// let Some(Drawing::Heaps(heaps)) = HeapNotation.draw(&vec![1], &moves) else { panic!() };
    /// assert_eq!(heaps[0].clicks, vec![Some("heap 1: 1 -> 0".to_string())]);
    /// ```
    ///
    /// [`DynGame::draw`]: crate::dynamic::DynGame::draw
    fn draw(&self, pos: &P, moves: &[(P, String)]) -> Option<Drawing> {
        let _ = (pos, moves);
        None
    }
}

/// The most moves a position may have for [`Notation::draw`] to see them: a drawing of a
/// larger position makes no clicks (its moves are made from the list).
pub const MAX_DRAWN_MOVES: u64 = 100_000;
