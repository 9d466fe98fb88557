//! What a database directory holds, by name: its manifest, the format's name and version,
//! the game, and the block of ranks its tier files are cut into.

/// Ranks per compressed block: 64 KiB of values.
pub const BLOCK: usize = 1 << 16;

/// The version of the format written (manifest and tier files).
pub const FORMAT_VERSION: u32 = 1;

/// The manifest's name in a database directory.
pub const MANIFEST: &str = "manifest.json";

pub(super) const FORMAT_NAME: &str = "grundy-tierdb";
pub(super) const GAME_NAME: &str = "connect-four";
