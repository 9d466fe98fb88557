//! The harness of the judge golden tests: run `grundy judge <id>` on an input and check its
//! stdout, stderr and exit code. Included by each `judge_*.rs` test file with `#[path]`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `grundy judge id` with `input` on stdin.
pub fn judge(id: &str, input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["judge", id])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("input is written");
    child.wait_with_output().expect("grundy finishes")
}

/// Runs problem `id` on `input` and checks stdout is exactly `expected` and the exit code 0.
pub fn check(id: &str, input: &str, expected: &str) {
    let out = judge(id, input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{id}");
    assert!(
        out.status.success(),
        "{id}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs problem `id` on bad `input`: stdout holds exactly `answers_before`, stderr names
/// `stderr_has`, and the exit code is 2.
pub fn check_bad(id: &str, input: &str, answers_before: &str, stderr_has: &str) {
    let out = judge(id, input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), answers_before, "{id}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(stderr_has), "{id}: stderr was {stderr:?}");
    assert_eq!(out.status.code(), Some(2), "{id}");
}
