//! The constants of the on-disk format, which the files, the build and the errors share.

/// Ranks per compressed block: 64 KiB of values.
pub const BLOCK: usize = 1 << 16;

/// The version of the format written (manifest and tier files). Version 4 keeps a
/// remoteness beside each score (two bytes a position in a database of scores); version 3,
/// which says in the manifest what the bytes hold (`"values"`: outcomes, scores or
/// nimbers) and kept a score alone, and version 2, which held only win, loss or draw, are
/// still read; version 1 (before draws kept their remoteness) is not.
pub const FORMAT_VERSION: u32 = 4;

/// The oldest version read.
pub(super) const OLDEST_READ: u32 = 2;

/// The manifest's name in a database directory.
pub const MANIFEST: &str = "manifest.json";

/// The manifest's `format`, which says a directory is a tier database.
pub(super) const FORMAT_NAME: &str = "grundy-tierdb";
