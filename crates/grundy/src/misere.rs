//! Misère play (whoever cannot move wins) beyond Nim's closed form.
//!
//! [`genus`]: Conway's genus of impartial games (the normal value and the misère values of
//! the game plus copies of `*2`), computed for heap games heap by heap, and the decision of
//! a sum of tame games by their genera. [`quotient`]: the misère quotient of a heap game,
//! the finite commutative monoid that plays the part the nimbers play in normal play
//! (Plambeck and Siegel, "Misère quotients for impartial games", J. Combin. Theory A 115,
//! 2008).
//!
//! # Examples
//!
//! ```
//! use grundy::misere::quotient::{compute, Limits};
//! let kayles: grundy::octal::TakeAndBreak = "0.77".parse().unwrap();
//! let q = compute(&kayles, &Limits::new(3)).unwrap();
//! assert_eq!(q.order() % 2, 0);
//! ```

pub mod genus;
pub mod quotient;
