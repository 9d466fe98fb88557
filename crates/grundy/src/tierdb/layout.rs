//! The constants of the on-disk format, which the files, the build and the errors share.

/// Ranks per compressed block: 64 KiB of values.
pub const BLOCK: usize = 1 << 16;

/// The version of the format written (manifest and tier files). Version 1 (before draws
/// kept their remoteness) is not read.
pub const FORMAT_VERSION: u32 = 2;

/// The manifest's name in a database directory.
pub const MANIFEST: &str = "manifest.json";

/// The manifest's `format`, which says a directory is a tier database.
pub(super) const FORMAT_NAME: &str = "grundy-tierdb";
