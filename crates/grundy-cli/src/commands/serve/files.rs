//! Game files run by the server: each loaded in the script crate's sandbox with the server's
//! memory cap for one file (`--file-memory`), that cap reserved from the server's total for
//! game files (`--files-memory`) for as long as the file is alive: a session's whole life,
//! or one request's work for `solve` and `table`.
//!
//! Reserving the cap, not the memory in use, bounds the server's total without looking into
//! a running state: at most `total / per_file` files are alive at once, and each Luau state
//! is refused past its own cap (the file's error then names it).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use grundy::dynamic::DynGame;

use super::error::ApiError;
use super::examples::EXAMPLES;

/// The name a game file sent as `source` has in its messages (`game.luau:3: ...`).
pub const SOURCE_NAME: &str = "game.luau";

/// A game file as a request gives it: its text, or an example of `examples/games/` by name.
pub enum Source<'a> {
    /// Luau text sent by the page.
    Text(&'a str),
    /// The stem of an example (`tictactoe`), compiled into the binary.
    Example(&'a str),
}

impl Source<'_> {
    /// The file's name in messages: `game.luau` for text, `tictactoe.luau` for an example.
    pub fn file(&self) -> String {
        match self {
            Source::Text(_) => SOURCE_NAME.to_string(),
            Source::Example(stem) => format!("{stem}.luau"),
        }
    }
}

/// The memory of the game files alive, counted in whole caps.
pub struct FileMemory {
    /// The cap of one file's Luau state, in bytes.
    per_file: u64,
    /// The most bytes all files alive may reserve together.
    total: u64,
    /// What is reserved now; shared with the reservations, which give theirs back.
    used: Arc<AtomicU64>,
}

/// One file's share of [`FileMemory`], given back when dropped (with the game it was
/// reserved for).
pub struct Reserved {
    bytes: u64,
    used: Arc<AtomicU64>,
}

impl Drop for Reserved {
    fn drop(&mut self) {
        self.used.fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

impl FileMemory {
    /// Files of at most `per_file` bytes each, `total` bytes together (at least one file).
    pub fn new(per_file: u64, total: u64) -> FileMemory {
        FileMemory {
            per_file,
            total: total.max(per_file),
            used: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The bytes reserved now.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Acquire)
    }

    /// True when one more file's cap would pass the total.
    pub fn full(&self) -> bool {
        self.used() + self.per_file > self.total
    }

    /// Reserves one file's cap; refused (503) when the total would pass its limit.
    pub fn reserve(&self) -> Result<Reserved, ApiError> {
        let fits = |used: u64| (used + self.per_file <= self.total).then_some(used + self.per_file);
        match self
            .used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, fits)
        {
            Ok(_) => Ok(Reserved {
                bytes: self.per_file,
                used: self.used.clone(),
            }),
            Err(used) => Err(ApiError::unavailable(format!(
                "too many game files running: {} of the {} MiB for game files are reserved, \
                 {} MiB for each (at most {} at once; see grundy serve --files-memory and \
                 --file-memory); finish a game or wait for idle ones to expire",
                used >> 20,
                self.total >> 20,
                self.per_file >> 20,
                self.total / self.per_file
            ))),
        }
    }

    /// Loads `source` with `params` in the sandbox under the cap of one file, its share
    /// reserved first (given back if it does not load).
    pub fn load(
        &self,
        source: Source<'_>,
        params: &[(String, String)],
    ) -> Result<(Arc<dyn DynGame>, Reserved), ApiError> {
        let name = source.file();
        let text = match source {
            Source::Text(text) => text,
            Source::Example(stem) => EXAMPLES
                .iter()
                .find(|(name, _)| *name == stem)
                .map(|(_, text)| *text)
                .ok_or_else(|| {
                    let names: Vec<&str> = EXAMPLES.iter().map(|(name, _)| *name).collect();
                    ApiError::bad_request(format!(
                        "no example game file {stem:?}; the examples are: {} (see GET \
                             /api/examples)",
                        names.join(", ")
                    ))
                })?,
        };
        let reserved = self.reserve()?;
        let cap = usize::try_from(self.per_file).unwrap_or(usize::MAX);
        let game = grundy_script::load_source_within(&name, text, params, cap)
            .map_err(|err| ApiError::bad_request(err.to_string()))?;
        Ok((game, reserved))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_are_bounded_and_given_back() {
        let memory = FileMemory::new(4 << 20, 10 << 20);
        let a = memory.reserve().unwrap();
        let b = memory.reserve().unwrap();
        assert_eq!(memory.used(), 8 << 20);
        let full = memory.reserve().err().unwrap();
        assert_eq!(full.status.as_u16(), 503);
        assert!(
            full.message.contains("8 of the 10 MiB") && full.message.contains("at most 2"),
            "{}",
            full.message
        );
        drop(a);
        let c = memory.reserve().unwrap();
        drop((b, c));
        assert_eq!(memory.used(), 0);
    }

    #[test]
    fn a_file_that_does_not_load_gives_its_share_back() {
        let memory = FileMemory::new(2 << 20, 2 << 20);
        let huge = "local t = {}\nfor i = 1, 1e7 do t[i] = i end\nfunction moves(n) return {} end";
        let err = memory.load(Source::Text(huge), &[]).err().unwrap();
        assert_eq!(
            err.message,
            "game.luau: the memory cap of 2 MiB was hit in the file's top level"
        );
        assert_eq!(memory.used(), 0);
        let (game, _reserved) = memory.load(Source::Example("subtraction"), &[]).unwrap();
        assert_eq!(game.name(), "subtraction");
        let err = memory.load(Source::Example("chess"), &[]).err().unwrap();
        assert!(err.message.starts_with("no example game file \"chess\""));
    }
}
