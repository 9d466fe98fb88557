//! One front door for every game: positions as plain data, every solver behind one trait.
//!
//! A front end (the command line's `solve` and `play`, a web playground, the Python package,
//! a game file's interpreter) holds an `Arc<dyn DynGame>` and never sees a game's types:
//! positions are [`Datum`]s (integers, strings, booleans, lists of them; JSON maps onto
//! them directly), moves are [`DynMove`]s with a label in the game's own notation, and
//! [`DynGame::solve`] answers with a [`Solution`]: the value of the position (outcome,
//! remoteness, nimber or exact score, as the game's [`Kind`] allows), every move with its
//! value for the mover, the optimal moves and a principal line.
//!
//! The front door is the contract alone: the trait, positions as data, solutions and
//! errors. Any [`crate::model::Game`] becomes a `DynGame` through the generic adapter (the
//! module `adapter`) and a small notation (position to and from a `Datum`, text, move
//! labels); the catalogue's `builtin` does that for every game of the library, and
//! `scripted` for games defined by rules (game files, Python functions). The adapter runs
//! a family's closed form where it has one and the generic engine (memo search, Grundy
//! solver, retrograde analysis) otherwise, and keeps its tables between calls, so a play session (the module `play`) that
//! asks about many positions of one game searches each position once.

mod datum;
mod error;
mod game;
pub mod partizan;
mod solution;
mod value;

pub use datum::{Datum, DynMove};
pub use error::{DynError, Malformed, Problem, RulesError};
pub use game::DynGame;
pub(crate) use solution::Listing;
pub use solution::{Ask, MoveCounts, MoveValue, Solution, LISTED_MOVES};
pub use value::{Kind, Value};

#[cfg(test)]
mod tests;
