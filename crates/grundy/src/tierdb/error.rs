//! Why a database could not be built, opened or read.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::layout::{FORMAT_VERSION, MANIFEST, OLDEST_READ};
use crate::limits::SolveError;

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
    /// The game's parameters or a position were refused (the game's own message).
    #[error("{0}")]
    Game(String),
    /// A position's remoteness does not fit the byte of a tier file (at most 63 moves).
    #[error(
        "a position of tier {tier} is {remoteness} moves from the end: more than a tier file's 63"
    )]
    Remoteness {
        /// The tier.
        tier: u32,
        /// The remoteness found.
        remoteness: u32,
    },
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
    #[error("{dir}: format version {found}, this build reads versions {OLDEST_READ} to {FORMAT_VERSION} (build it again into a new directory)")]
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
    /// The build needs more memory than the budget allows; nothing was allocated. Split
    /// across processes, the figures are a process's (the largest share, rank 0's).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::DbError;
    /// let err = DbError::Memory { needed: 68_834_416, limit: 1_073_741, processes: 2, tier: 12, ranks: 1 };
    /// assert!(err.to_string().starts_with("building needs 68834416 bytes a process on 2 processes ("));
    /// assert!(err.to_string().ends_with("more than the limit of 1073741 bytes a process"));
    /// ```
    #[error(
        "building needs {needed} bytes{} (the largest tier, {tier}, has {ranks} ranks: 1 byte \
         each beside the tiers its moves reach, plus 1 bit a rank for reachability, of the \
         tiers marked at once and, without room on disk, this process's share of every \
         tier), more than the limit of {limit} bytes{}",
        on_processes(*.processes),
        a_process(*.processes)
    )]
    Memory {
        /// Bytes needed (by each process, when split).
        needed: u64,
        /// Bytes allowed (to each process, when split).
        limit: u64,
        /// The processes the build is split across (1 alone).
        processes: usize,
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
    /// Another process of a build split across processes failed (with its own message) or
    /// was lost; every process still running stops with this error.
    #[error("process {rank} of the build: {why}")]
    Cluster {
        /// The process's rank.
        rank: usize,
        /// Its error, or how it was lost.
        why: String,
    },
    /// The build was refused or cancelled by the budget.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// " a process on N processes" after a split build's figure; nothing alone.
fn on_processes(processes: usize) -> String {
    match processes > 1 {
        true => format!(" a process on {processes} processes"),
        false => String::new(),
    }
}

/// " a process" after a split build's limit; nothing alone.
fn a_process(processes: usize) -> &'static str {
    match processes > 1 {
        true => " a process",
        false => "",
    }
}

pub(super) fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> DbError + '_ {
    move |source| DbError::Io {
        path: path.to_path_buf(),
        source,
    }
}
