//! The judge samples of ../shared/PROBLEMS.md as golden tests of the binary, and bad-input
//! behaviour (answers for complete cases, an error naming case and line, exit code 2).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn judge(id: &str, input: &str) -> Output {
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
fn check(id: &str, input: &str, expected: &str) {
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
fn check_bad(id: &str, input: &str, answers_before: &str, stderr_has: &str) {
    let out = judge(id, input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), answers_before, "{id}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(stderr_has), "{id}: stderr was {stderr:?}");
    assert_eq!(out.status.code(), Some(2), "{id}");
}

#[test]
fn poj2975_sample() {
    check(
        "poj2975",
        "3 7 11 13\n2 1000000000 1000000000\n0\n",
        "3\n0\n",
    );
    check(
        "poj2975",
        "3 7 11 13\r\n\r\n2 1000000000\t1000000000",
        "3\n0\n",
    );
}

#[test]
fn poj2975_bad_input() {
    check_bad("poj2975", "3 7 11 13\n2 5 x\n0\n", "3\n", "case 2, line 2");
    check_bad("poj2975", "3 7 11 13\n2 5\n", "3\n", "input ends");
    check_bad("poj2975", "1 2147483648\n", "", "case 1, line 1");
}
