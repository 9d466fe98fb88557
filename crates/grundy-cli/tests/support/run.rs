//! Running the `grundy` binary in tests with lines typed on its standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `grundy args` with `input` typed on its standard input, and returns what it did.
pub fn typed(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("typed");
    child.wait_with_output().expect("grundy ends")
}
