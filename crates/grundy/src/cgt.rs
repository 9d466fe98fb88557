//! Short partizan games by their values: canonical forms, sums, comparison, stops, means,
//! temperatures, thermographs and atomic weights.
//!
//! Where [`crate::value::Nimber`] is the value of an impartial game, a partizan game (Left
//! and Right have different moves) has a canonical form: numbers such as `3/4`, nimbers
//! `*k`, infinitesimals such as `^`, switches such as `+-1`, and forms `{L|R}` built from
//! them. Forms live in an [`Arena`] that stores each canonical form once, so equal values
//! have equal [`GameId`]s and a sum or comparison computed once is remembered. The layout
//! follows the theory: numbers in [`dyadic`], number-up-stars in [`nus`], canonical forms
//! and the order in `canonical`, thermographs in `thermograph` (the walls) and
//! `thermography` (computed from a form's options), atomic weights in `atomic`,
//! CGSuite's notation in `display` and `parse`; [`domineering`] is a partizan game whose
//! regions are memoized by their values.
//!
//! # Examples
//!
//! ```
//! use grundy::cgt::{Arena, Dyadic, OutcomeClass};
//!
//! let mut arena = Arena::new();
//! let g = arena.parse("{2|0||-1} + ^").unwrap();
//! assert_eq!(arena.outcome(g), OutcomeClass::Next);
//! let hot = arena.parse("{1|-1}").unwrap();
//! assert_eq!(arena.temperature(hot).unwrap(), Dyadic::integer(1));
//! let double_up = arena.parse("^ + ^").unwrap();
//! assert_eq!(arena.display(double_up), "^^");
//! ```

mod arena;
mod atomic;
mod canonical;
mod comparison;
mod display;
pub mod domineering;
pub mod dyadic;
// Loopy games (issue 37 item 4).
mod error;
pub mod loopy;
mod measures;
pub mod nus;
mod operations;
mod parse;
mod picture;
mod reduced;
#[cfg(test)]
mod tests;
mod thermograph;
mod thermography;
mod uptimal;

pub use arena::{Arena, GameId};
pub use atomic::AtomicWeightError;
pub use canonical::OutcomeClass;
pub use dyadic::Dyadic;
pub use error::CgtError;
pub use measures::{Measures, Report};
pub use nus::Nus;
pub use parse::{
    Evaluation, ParseCgtError, ParseCgtErrorKind, MAX_DEPTH, MAX_EXPRESSION, MAX_MULTIPLE,
};
pub use thermograph::{Segment, Thermograph, Trajectory};
