//! Misère play beyond Nim: the misère quotient of a heap game ([`quotient`]), the finite
//! commutative monoid that plays the part the nimbers play in normal play (Plambeck and
//! Siegel, "Misère quotients for impartial games", J. Combin. Theory A 115, 2008).
//!
//! # Examples
//!
//! ```
//! use grundy::misere::quotient::{compute, Limits};
//! let kayles: grundy::octal::TakeAndBreak = "0.77".parse().unwrap();
//! let q = compute(&kayles, &Limits::new(3)).unwrap();
//! assert_eq!(q.order() % 2, 0);
//! ```

pub mod quotient;
