//! No input reachable from the command line aborts on memory: each command's worst inputs
//! run under an address-space limit (`ulimit -v`, 1.5 GB) and must either answer (exit 0)
//! or refuse with a message (exit 2), never die of a failed allocation (exit 134) or a
//! signal. The binary caps its default budgets at three quarters of that limit.

use std::process::Command;

/// Runs `grundy args` under `ulimit -v` (KiB) and returns (exit code, stderr).
fn limited(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1500000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("sh runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Expects a refusal: exit 2 and a `grundy:` message containing `says`.
fn refused(args: &[&str], says: &str) {
    let (code, stderr) = limited(args);
    assert_eq!(code, Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("grundy: ") && stderr.contains(says),
        "{args:?}: {stderr}"
    );
}

#[test]
fn octal_runs_past_memory_are_refused() {
    refused(
        &["octal", "0.6", "--to", "1000000000"],
        "more than the limit of",
    );
    refused(&["octal", "0.6", "--to", "18446744073709551614"], "2^32");
    refused(
        &["octal", "0.6", "--to", "400000000", "--memory", "0.1"],
        "more than the limit of",
    );
}

#[test]
fn solve_positions_with_too_many_moves_are_refused() {
    refused(&["solve", "nim", "1000000000", "1000000000"], "too large");
    refused(&["solve", "nim", "18446744073709551615"], "too large");
    refused(&["solve", "nim", "100000000"], "too large");
    for args in [
        &["solve", "wythoff", "16777216", "16777216"][..],
        &["solve", "lasker", "16777216"],
        &["solve", "grundy-game", "16777216"],
        &["solve", "all-but", "1,2", "16777216"],
        &["solve", "nim", "16777216", "16777216"],
    ] {
        refused(args, "moves, more than the limit of 4194304");
    }
}

#[test]
fn tables_past_their_bounds_are_refused() {
    refused(
        &[
            "table",
            "subtraction",
            "1,3,4",
            "--pairs",
            "--to",
            "1000000",
        ],
        "at most 2000",
    );
    refused(
        &["table", "bash", "3", "--pairs", "--to", "100000"],
        "at most 2000",
    );
    refused(
        &["table", "nim", "--to", "18446744073709551615"],
        "too large",
    );
    refused(&["table", "lasker", "--to", "100000000"], "too large");
}

#[test]
fn analyze_of_huge_heaps_answers_or_refuses() {
    for args in [
        &["analyze", "nim", "18446744073709551615", "3"][..],
        &["analyze", "lasker", "100000000000"],
        &["analyze", "grundy-game", "100000000"],
        &[
            "analyze",
            "subtraction",
            "1,3,4",
            "--",
            "18446744073709551615",
        ],
        &["analyze", "wythoff", "18446744073709551615", "1"],
        &["analyze", "sum", "nim", "3", "+", "lasker", "100000000000"],
    ] {
        let (code, stderr) = limited(args);
        assert!(matches!(code, Some(0 | 2)), "{args:?}: {code:?} {stderr}");
    }
}
