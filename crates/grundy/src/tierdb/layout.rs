//! The constants of the on-disk format, which the files, the build and the errors share.

/// Ranks per compressed block: 64 KiB of values.
pub const BLOCK: usize = 1 << 16;

/// The version of the format written (manifest and tier files). Version 3 says in the
/// manifest what the bytes hold (`"values"`: outcomes, scores or nimbers); version 2, which
/// held only win, loss or draw, is still read; version 1 (before draws kept their
/// remoteness) is not.
pub const FORMAT_VERSION: u32 = 3;

/// The oldest version read.
pub(super) const OLDEST_READ: u32 = 2;

/// The manifest's name in a database directory.
pub const MANIFEST: &str = "manifest.json";

/// The manifest's `format`, which says a directory is a tier database.
pub(super) const FORMAT_NAME: &str = "grundy-tierdb";
