//! Octal and hexadecimal take-and-break games: codes, Grundy sequences, proved periods.
//!
//! A code `0.d1d2d3...` (Guy and Smith 1956; Winning Ways ch. 4) says, for each k, what a
//! move that removes k tokens from one heap may leave: digit bit 1 = nothing (the heap was
//! exactly k), bit 2 = one non-empty heap, bit 4 = two non-empty heaps, bit 8 (hexadecimal
//! digits 8-F) = three non-empty heaps. The digit before the point is d0: `4.` lets a move
//! split a heap in two without removing anything (`8.` in three). Kayles is `0.77`, Dawson's
//! Kayles `0.07`, Officers `0.6`.
//!
//! A code is checked once, by [`TakeAndBreak::from_str`](std::str::FromStr) or
//! [`TakeAndBreak::new`], and trusted from then on. [`Sequence`] computes the Grundy values
//! G(0), G(1), ... on demand by the direct method or the sparse-space (rare/common) method;
//! [`period::analyze`] extends a sequence until the Octal Game Periodicity Theorem proves
//! its period. [`game`] makes the same rules an engine [`crate::model::Game`], so the fast methods
//! are checked against the plain search.
//!
//! # Examples
//!
//! Kayles: period 12 from n = 71 (Guy and Smith 1956).
//!
//! ```
//! use grundy::octal::{period, Method, Sequence, TakeAndBreak};
//!
//! let kayles: TakeAndBreak = "0.77".parse().unwrap();
//! let mut seq = Sequence::new(kayles, Method::Sparse, grundy::Budget::default()).unwrap();
//! let verdict = period::analyze(&mut seq, 1 << 20, &mut ()).unwrap();
//! assert_eq!(verdict.to_string(), "periodic, period 12, preperiod 71, proved at n = 167");
//! ```

pub mod checkpoint;
mod code;
pub mod digest;
mod direct;
mod error;
pub mod game;
pub mod known;
mod method;
pub mod period;
mod pipeline;
pub mod runs;
mod sequence;
mod sparse;
pub mod stats;
mod store;

pub use code::{OctalGame, ParseCodeError, TakeAndBreak, MAX_DIGITS};
pub use error::ComputeError;
pub use method::Method;
pub use pipeline::Pipeline;
pub use sequence::{Nimbers, Sequence};
pub use store::{SpillFile, Window};

#[cfg(test)]
mod tests;
