//! `--memory` bounds what a game file's search holds (positions, moves, tables, the Luau
//! heap): a search that would pass it is refused with the figure and the flag, and the
//! process grows by at most 1.5 times the limit before that. Alone in its test binary, so
//! that the peak memory of this process's children (`getrusage`) is this test's.

#![cfg(target_os = "linux")]

use std::process::Command;

/// The largest peak resident size of the children waited for so far, in bytes.
fn children_peak() -> u64 {
    // SAFETY: `getrusage` fills the struct it is given; zeroed is a valid `rusage`.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above, with a valid pointer.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(rc, 0);
    u64::try_from(usage.ru_maxrss).unwrap() * 1024
}

#[test]
fn a_game_file_search_stays_within_its_memory() {
    let dir = std::env::temp_dir().join(format!("grundy-file-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Positions grow by a letter a move, without end: the stored positions alone grow as the
    // square of the moves made.
    let file = dir.join("grow.luau");
    std::fs::write(&file, "function moves(p)\n  return {p .. \"x\"}\nend\n").unwrap();
    let grundy = env!("CARGO_BIN_EXE_grundy");
    let base = Command::new(grundy)
        .args(["solve", "nim", "1"])
        .output()
        .unwrap();
    assert!(base.status.success());
    let base = children_peak();
    let out = Command::new(grundy)
        .args(["solve", file.to_str().unwrap(), "\"\""])
        .args(["--memory", "0.02", "--max-positions", "100000000"])
        .output()
        .unwrap();
    let peak = children_peak();
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("base {base}, peak {peak}: {stderr}");
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "more than its limit of 21474836 bytes (0.02 GiB); raise it with --memory GIB"
        ),
        "{stderr}"
    );
    let limit = 21_474_836u64;
    assert!(
        peak.saturating_sub(base) <= limit * 3 / 2,
        "grew by {} bytes, more than 1.5 times {limit}",
        peak - base
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
