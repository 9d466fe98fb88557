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

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::games::connect_four::ConnectFourError;
use crate::limits::SolveError;

mod build;
mod database;
mod format;
mod value;

#[cfg(test)]
mod tests;

pub use build::{build, BuildOptions, BuildProgress, BuildReport};
pub use database::{Database, Probe};
pub use value::Value;

/// Ranks per compressed block: 64 KiB of values.
pub const BLOCK: usize = 1 << 16;

/// The version of the format written (manifest and tier files).
pub const FORMAT_VERSION: u32 = 1;

/// The manifest's name in a database directory.
pub const MANIFEST: &str = "manifest.json";

const FORMAT_NAME: &str = "grundy-tierdb";
const GAME_NAME: &str = "connect-four";

/// Why a database could not be built, opened or read.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::{Database, DbError};
/// let err = Database::open("/nonexistent/db").unwrap_err();
/// assert!(matches!(err, DbError::NotADatabase { .. }));
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DbError {
    /// The board size or a position's moves were refused.
    #[error(transparent)]
    Game(#[from] ConnectFourError),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The directory has no readable manifest.
    #[error("{dir} is not a tier database: no readable {MANIFEST} ({why})")]
    NotADatabase {
        /// The directory.
        dir: PathBuf,
        /// What was wrong.
        why: String,
    },
    /// The manifest is of another format version.
    #[error("{dir}: format version {found}, this build reads version {FORMAT_VERSION}")]
    Version {
        /// The directory.
        dir: PathBuf,
        /// The version found.
        found: u32,
    },
    /// The directory holds a database of another game or board.
    #[error("{dir} holds a database of {found}, not {wanted}")]
    OtherGame {
        /// The directory.
        dir: PathBuf,
        /// What it holds.
        found: String,
        /// What was asked for.
        wanted: String,
    },
    /// A file does not match its manifest (checksum, size, header or block).
    #[error("{path} is corrupt: {why}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What does not match.
        why: String,
    },
    /// The build was stopped before every tier was written.
    #[error(
        "{dir} is incomplete: tiers {missing} are not built yet (run the build again to resume)"
    )]
    Incomplete {
        /// The directory.
        dir: PathBuf,
        /// The tiers missing, e.g. `0..=7`.
        missing: String,
    },
    /// The build needs more memory than the budget allows; nothing was allocated.
    #[error(
        "building needs {needed} bytes (the largest tier, {tier}, has {ranks} ranks: 1 byte \
         each beside the tier above it, plus 1 bit a rank of every tier for reachability), \
         more than the limit of {limit} bytes"
    )]
    Memory {
        /// Bytes needed.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
        /// The tier that needs the most.
        tier: u32,
        /// Its ranks.
        ranks: u64,
    },
    /// A tier's file does not fit the disk: nothing of it was written, the tiers before it
    /// are kept.
    #[error(
        "tier {tier} needs {needed} bytes on disk and {dir} has {available} free: the tiers \
         written so far are kept; free some space and run the build again to resume"
    )]
    Disk {
        /// The directory.
        dir: PathBuf,
        /// The tier to write.
        tier: u32,
        /// Its file's bytes, with room for the manifest.
        needed: u64,
        /// The bytes free on the directory's file system.
        available: u64,
    },
    /// The build was refused or cancelled by the budget.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> DbError + '_ {
    move |source| DbError::Io {
        path: path.to_path_buf(),
        source,
    }
}
