//! What can go wrong with a loopy game: a bad expression, a game too large, a comparison
//! that is not the order.

/// The most positions a loopy game (or a sum's product graph) may have.
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{LoopyGame, MAX_POSITIONS};
/// let positions = vec![(vec![], vec![]); MAX_POSITIONS + 1];
/// assert!(LoopyGame::new(&positions, 0).is_err());
/// ```
pub const MAX_POSITIONS: usize = 1 << 20;

/// A loopy-game computation or expression that cannot be carried out.
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{evaluate, LoopyError};
/// use grundy::cgt::Arena;
/// let err = evaluate(&mut Arena::new(), "dud & 0").unwrap_err();
/// assert!(matches!(err, LoopyError::NotStopper(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoopyError {
    /// A malformed expression: the column (in characters, from 1) and what is wrong.
    #[error("column {column}: {message}")]
    Parse {
        /// The column of the token at fault.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A game (or a sum's graph) with more than [`MAX_POSITIONS`] positions.
    #[error("a loopy game of more than {MAX_POSITIONS} positions is refused ({0} reached)")]
    TooLarge(usize),
    /// A comparison of a game that is not a stopper (it names the game as written).
    #[error(
        "{0} is not a stopper (play can alternate forever): a stopper is needed here (as a side \
         of S & T, or for the order by survival; compare other games by their sides)"
    )]
    NotStopper(String),
    /// A game whose onside and offside were not found as stoppers (it names the game as
    /// written): Bach's Carousel is one whose sides are not stoppers.
    #[error(
        "the sides of {0} were not found as stoppers (a game like Bach's Carousel has sides \
         that are not stoppers); its outcome is known, its value is not computed"
    )]
    NotStopperSided(String),
}
