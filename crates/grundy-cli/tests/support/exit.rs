//! Running the `grundy` binary in tests: its exit code and what it printed.

use std::process::Command;

/// Runs `grundy args` and returns its exit code (-1 for a signal), standard output and
/// standard error.
pub fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the grundy binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
