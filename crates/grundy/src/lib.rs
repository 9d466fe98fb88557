//! grundy: exact solvers for two-player games of perfect information.
//!
//! A game is its rules ([`model::Game`]); every solver in [`solve`] works on any game, and
//! optional abilities ([`model::Components`], [`model::Indexed`]) unlock faster ones. The
//! library does no terminal I/O; the `grundy` binary is a thin layer over it.
//!
//! # Examples
//!
//! The Grundy value of a sum of Nim heaps is the XOR of the heaps:
//!
//! ```
//! use grundy::games::nim::Nim;
//! use grundy::solve::grundy::GrundySolver;
//! use grundy::{Budget, Nimber};
//!
//! let mut solver = GrundySolver::new(&Nim, Budget::default());
//! assert_eq!(solver.nimber(&vec![3, 5, 6]).unwrap(), Nimber(3 ^ 5 ^ 6));
//! ```
#![deny(missing_docs)]

pub mod adapter;
pub mod analysis;
pub mod catalog;
pub mod cgt;
pub mod drawing;
pub mod dynamic;
pub mod games;
pub mod limits;
pub mod misere;
pub mod model;
pub mod octal;
pub mod play;
pub mod run;
pub mod scripted;
pub mod sequence;
pub mod solve;
pub mod table;
#[cfg(test)]
mod testing;
pub mod text;
pub mod tierdb;
pub mod value;

pub use limits::{Budget, SolveError};
pub use model::{Components, Game, Indexed, Move, Subsets};
pub use value::{Nimber, Outcome, Play};
