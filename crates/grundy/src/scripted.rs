//! Games defined by rules: what a front end implements to define a game in another language
//! (a game file, a Python function), and the engine that plays and solves such games.
//!
//! A front end implements [`Rules`] (the moves of a [`crate::dynamic::Datum`] position,
//! fallible) and says what the game is ([`GameInfo`]); [`CallbackGame`] makes an impartial,
//! win/loss, scoring or loopy game of it, run by the generic engine through
//! [`crate::adapter::Adapter`], and [`PartizanGame`] a partizan one (Left's and Right's
//! moves), solved to canonical forms. Both are [`crate::dynamic::DynGame`]s, and both check
//! a position handed to them from outside against what the rules say ([`Shape`], the module `check`).

pub(crate) mod check;
mod impartial;
mod interned;
pub mod partizan;
mod parts;
mod rules;
mod store;
mod symmetry;

pub use check::{parse_position, Shape};
pub use impartial::CallbackGame;
pub use interned::{Id, TABLE_BYTES};
pub use partizan::PartizanGame;
pub use parts::part_moves;
pub(crate) use rules::checked_drawing;
pub use rules::{parse_data, show_data, GameInfo, RuleMove, Rules};
pub(crate) use store::{decode_exact, encode};
