//! Why a game file could not be loaded ([`ScriptError`]).

use thiserror::Error;

/// Why a game file could not be loaded.
///
/// Every message starts with the file's name, and with its line where Luau knows it
/// (`FILE:LINE: what`). Errors met later, while solving (a failing `moves`, a bad move, a
/// cycle), are [`grundy::dynamic::DynError`]s carrying the same kind of message.
///
/// # Examples
///
/// ```
/// let err = grundy_script::load_source("bad.luau", "function moves(p)\n  return {\nend", &[]).err().unwrap();
/// assert!(err.to_string().starts_with("bad.luau:3: syntax error: "), "{err}");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ScriptError {
    /// The file could not be read (or is too large).
    #[error("{file}: cannot read the game file: {message}")]
    Read {
        /// The file.
        file: String,
        /// Why.
        message: String,
    },
    /// The file is not valid Luau.
    #[error("{file}:{line}: syntax error: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// The line (from 1).
        line: u32,
        /// What is wrong.
        message: String,
    },
    /// Running the file (or its `start` function) failed: `FILE:LINE: what`.
    #[error("{message}")]
    Run {
        /// The message, file and line first.
        message: String,
    },
    /// The file runs but does not define a game (no `moves`, a global of the wrong type).
    #[error("{file}: {message}")]
    Definition {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A `--param` the file does not declare, or a value of the wrong type.
    #[error("{file}: {message}")]
    Parameter {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
}
