//! Running the `grundy` binary in tests: the one runner the CLI tests share. Each helper of
//! `support/` that a test file may want alone is a file of its own (this one, `stdout.rs`,
//! `refused.rs`), included with `#[path]` only where it is used, so that no test binary
//! holds a helper it does not call (which would warn as dead code).

use std::process::{Command, Output};

/// Runs `grundy args` in the package's directory and returns what it did.
pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the grundy binary runs")
}
