//! Strong solutions kept on disk: tier databases of Connect Four, built tier by tier on every
//! core and answered at once, position by position.
//!
//! [`build`] solves every position reachable from the start of a [`ConnectFour`] board and
//! writes a directory: `manifest.json` (game, parameters, format version, positions per
//! tier, checksums) and one file per tier (`tier-K.bin`, `K` stones on the board). A tier
//! file holds one byte per rank of [`ConnectFour::rank`] (a perfect numbering of the boards
//! with `K` stones), compressed with LZ4 in independent blocks of [`BLOCK`] ranks behind a
//! block index, so that one position costs one block read and decompressed.
//!
//! # Values
//!
//! A byte is the value for the player to move with its remoteness (moves to the end under
//! perfect play: the winner hurries, the loser delays): `0x80 | r` a win in `r`, `0x40 | r`
//! a loss in `r`, `0x00` a draw (its remoteness is the empty cells: a drawn game ends on a
//! full board), `0xFF` a board not reachable from the start (not in the database).
//! Remoteness fits: a board has at most 63 cells.
//!
//! # Building
//!
//! A forward pass marks the reachable ranks of every tier (one bit per rank); then tier
//! `cells` down to tier 0 are solved, each from the one above it (held uncompressed, one
//! byte per rank), in parallel over blocks (rayon). Each tier file is written to a temporary
//! file, synced and renamed, then the manifest (written the same way) records it with its
//! CRC-32: a killed build resumes at the first tier not recorded, after checking the
//! recorded ones, and writes the same bytes (results do not depend on threads or timing).
//! The memory needed (the reachability bits of every tier and three tier-sized buffers) is
//! checked against the [`Budget`] before anything is allocated.
//!
//! # Examples
//!
//! ```
//! use grundy::games::connect_four::ConnectFour;
//! use grundy::tierdb::{build, BuildOptions, Database};
//! use grundy::Outcome;
//!
//! let dir = std::env::temp_dir().join(format!("grundy-doc-tierdb-{}", std::process::id()));
//! let game = ConnectFour::new(4, 3).unwrap();
//! let report = build(&game, &dir, &BuildOptions::default()).unwrap();
//! assert_eq!(report.positions, 12031); // John Tromp's count for 4 x 3
//! let db = Database::open(&dir).unwrap();
//! let answer = db.probe(&game.play_all("11").unwrap()).unwrap().unwrap();
//! assert_eq!(answer.value.outcome, Outcome::Draw);
//! assert_eq!(answer.moves.len(), 4);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```
//!
//! [`ConnectFour`]: crate::games::connect_four::ConnectFour
//! [`ConnectFour::rank`]: crate::games::connect_four::ConnectFour::rank
//! [`Budget`]: crate::limits::Budget

mod build;
mod database;
mod error;
mod format;
mod layout;
mod value;

#[cfg(test)]
mod tests;

pub use build::{build, BuildOptions, BuildProgress, BuildReport};
pub use database::{Database, Probe};
pub use error::DbError;
pub use layout::{BLOCK, FORMAT_VERSION, MANIFEST};
pub use value::Value;
