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

/// Runs `grundy args` under the address-space limit, expects exit 0 and returns stdout.
fn answered(args: &[&str]) -> String {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1500000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The audit's positions whose state space cannot fit: each is refused at once, naming its
/// size (moves of one position, or positions reachable), instead of filling memory first.
#[test]
fn solve_state_spaces_past_the_budget_are_refused_up_front() {
    for args in [
        &["solve", "moore", "2", "16777216", "16777216", "16777216"][..],
        &[
            "solve",
            "--max-positions",
            "1000000",
            "moore",
            "2",
            "4000",
            "4000",
            "4000",
        ],
        &["solve", "staircase", "16777216", "16777216", "16777216"],
        &["solve", "fibonacci-nim", "16777216"],
    ] {
        refused(args, "moves, more than the limit of 4194304");
    }
    refused(
        &["solve", "moore", "2", "4000", "4000", "4000"],
        "the game needs 48012000 moves",
    );
    refused(
        &["solve", "dot", "0", "0", "2", "100000", "1", "1", "1", "2"],
        "positions, more than the limit of 50000000",
    );
    refused(
        &[
            "solve",
            "--max-positions",
            "1000",
            "dot",
            "0",
            "0",
            "2",
            "100",
            "1",
            "1",
            "1",
            "2",
        ],
        "positions, more than the limit of 1000",
    );
}

/// Positions too large to search whose family has a closed form are answered by it: the
/// outcome (and the nimber, where the closed form gives it), each move's value and a line.
#[test]
fn solve_answers_huge_positions_by_closed_forms() {
    let out = answered(&["solve", "corner", "16777216", "16777216"]);
    assert!(out.contains("outcome   loss"), "{out}");
    assert!(!out.contains("nimber"), "{out}");
    let out = answered(&["solve", "kiki", "100000", "100000"]);
    assert!(out.contains("outcome   win"), "{out}");
    let out = answered(&["solve", "bash-reach", "3", "16777216"]);
    assert!(
        out.contains("outcome   win") && out.contains("nimber    *3"),
        "{out}"
    );
    let out = answered(&[
        "solve",
        "--max-positions",
        "100",
        "nim",
        "20000",
        "20000",
        "20000",
    ]);
    assert!(
        out.contains("nimber    *20000") && out.contains("moves: 60000"),
        "{out}"
    );
    let out = answered(&[
        "solve",
        "--max-positions",
        "100",
        "nim",
        "1000",
        "1000",
        "1001",
    ]);
    assert!(
        out.contains("nimber    *1001") && !out.contains("remoteness 1"),
        "{out}"
    );
    assert!(out.contains("remoteness skipped"), "{out}");
}

/// `@PATH` reads at most the limit of a setup file, through a bounded reader: a device with
/// no end is refused, naming the file and the limit.
#[test]
fn at_files_are_read_up_to_their_limit() {
    refused(
        &["solve", "minesweeper", "@/dev/zero"],
        "/dev/zero holds more than 16777216 bytes",
    );
}

/// A long row of large Lasker heaps lists the winning moves of its first heaps and says the
/// list is partial (the row's moves in all are capped), instead of taking quadratic time.
#[test]
fn analyze_of_a_long_row_caps_the_moves_it_lists() {
    let heaps: Vec<String> = (1..=20_000).map(|h| h.to_string()).collect();
    let mut args = vec!["analyze", "lasker"];
    args.extend(heaps.iter().map(String::as_str));
    let out = answered(&args);
    assert!(
        out.contains("the list of winning moves is partial"),
        "{out}"
    );
}
