//! The harness of long runs, shared by every front end: a [`Control`] that a run polls
//! (cancellation, progress, a time limit, attached to a [`Budget`](crate::limits::Budget)
//! for the solvers and its memory limit), [`Checkpoints`] saved atomically every so often
//! and read back to resume, and [`octal::Watched`], the observer of a take-and-break run
//! that puts them together.
//!
//! A front end only adapts them: the command line draws a progress bar from a
//! [`Control`] and sets it on Ctrl-C, Python checks its signals and calls a progress
//! callback, the web server cancels a search when a request's time is up. The library
//! draws nothing and prints nothing; it writes only the files a caller names.
//!
//! # Examples
//!
//! ```
//! use grundy::catalog::builtin;
//! use grundy::dynamic::{Datum, DynGame};
//! use grundy::run::Control;
//! let control = Control::new();
//! let budget = control.counting(grundy::Budget::default());
//! builtin::grundy_game().solve(&Datum::ints([9]), &budget).unwrap();
//! assert!(control.done() > 0);
//! control.cancel();
//! assert!(budget.check_cancelled().is_err());
//! ```

mod checkpoints;
mod control;
pub mod octal;

pub use checkpoints::{write_atomically, CheckpointFileError, Checkpoints};
pub use control::Control;

#[cfg(test)]
mod tests;
