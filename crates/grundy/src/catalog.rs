//! The catalogue of built-in families as front ends name them: `<game> [PARAM] <position...>`.
//!
//! A family with a parameter takes it as the first word after its name (`bash 3`,
//! `subtraction 1,3,4`, `moore 2`); the position follows (`--` before it is optional).
//! The command line and any other front end parse families here, so both name them the
//! same way and give the same errors.
//!
//! [`builtin`] makes every game of the library (families and board games) a game behind
//! the front door, [`crate::dynamic::DynGame`]; [`open()`] resolves the words a person types
//! to one of them and its position.
//!
//! # Examples
//!
//! ```
//! use grundy::catalog::{numbers, parse_family};
//! let words = ["subtraction", "1,3,4", "--", "10", "12"].map(String::from);
//! let mut words = words.into();
//! let family = parse_family(&mut words).unwrap();
//! assert_eq!(family.title(), "subtraction 1,3,4");
//! let heaps = numbers(&Vec::from(words), "a heap").unwrap();
//! assert_eq!(heaps, [10, 12]);
//! ```

mod boards;
pub mod builtin;
mod error;
mod family;
mod open;
mod spec;

pub use boards::BOARDS;
pub use error::CatalogError;
pub use family::{numbers, parse_family, Family, MAX_K};
pub use open::{open, open_game, open_game_in, open_in};
pub use spec::{Spec, SPECS};
