//! `grundy octal` end to end: the proved periods it prints, its errors, and checkpoints:
//! a run killed with SIGKILL midway and resumed gives exactly the values of an
//! uninterrupted run; a corrupt or mismatched checkpoint is refused, never used. Here the
//! periods, plots and limits; the rest in `checkpoints`, `spill` and `reports`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

#[path = "support/runner.rs"]
mod runner;
use runner::grundy;

#[path = "octal_command/checkpoints.rs"]
mod checkpoints;
#[path = "octal_command/reports.rs"]
mod reports;
#[path = "octal_command/spill.rs"]
mod spill;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh path under cargo's temporary folder for integration tests.
fn temp_path(name: &str) -> PathBuf {
    let path =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The number of values a checkpoint file announces (0 when it is not there yet).
fn saved_values(path: &Path) -> usize {
    let Ok(bytes) = std::fs::read(path) else {
        return 0;
    };
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).into_owned();
    text.lines()
        .find_map(|line| line.strip_prefix("values "))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn kayles_is_proved_periodic() {
    let out = grundy(&["octal", "0.77"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("periodic, period 12, preperiod 71, proved at n = 167"));
}

#[test]
fn a_bad_code_names_the_character() {
    let out = grundy(&["octal", "0.7z"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid digit 'z' at position 4"),
        "{}",
        stderr(&out)
    );
    let out = grundy(&["octal", "0.F", "--method", "sparse"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("use the direct method"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_plot_is_drawn() {
    let file = temp_path("kayles.svg");
    let out = grundy(&["octal", "0.77", "--plot", file.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&file).expect("the plot is written");
    assert!(svg.contains("<svg"));
    let _ = std::fs::remove_file(&file);
}

/// A run too large for the budget is refused before any value is computed, with the size it
/// needs (not after hours, at the step that crosses the limit).
#[test]
fn a_run_too_large_is_refused_at_once() {
    let out = grundy(&["octal", "0.6", "--to", "100000000000"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("100000000001 values are more than 2^32")
            && stderr(&out).contains("which --memory cannot raise: pass --spill FILE"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
    // Below 2^32, the size needed and the option that raises the limit.
    let out = grundy(&["octal", "0.6", "--to", "600000000", "--memory", "0.5"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("needs 600000001 positions, more than the limit of 268435456"),
        "{}",
        stderr(&out)
    );
}

/// A plot that cannot be written is refused before the computation, in one line naming the
/// file and the reason.
#[test]
fn an_unwritable_plot_is_refused_first() {
    let out = grundy(&[
        "octal",
        "0.6",
        "--to",
        "100000000",
        "--plot",
        "/nonexistent/dir/x.png",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.starts_with("grundy: cannot write the plot /nonexistent/dir/x.png: "),
        "{message}"
    );
}

/// `--memory` bounds the values (2 bytes each): 1 GiB holds 2^29 of them.
#[test]
fn memory_bounds_the_values() {
    let out = grundy(&["octal", "0.6", "--to", "600000000", "--memory", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("needs 600000001 positions, more than the limit of 536870912"),
        "{}",
        stderr(&out)
    );
    let out = grundy(&["octal", "0.77", "--memory", "1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"period\": 12"), "{}", stdout(&out));
}

/// Once a period is proved, `--to` goes on by the period instead of searching: Kayles to
/// 10^6 says so, and its values agree with the period (the library's tests compare the
/// copy with the search on every short code).
#[test]
fn a_proved_period_extends_by_copying() {
    let out = grundy(&["octal", "0.77", "--to", "1000000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "0.77 (Kayles): 1000001 values by the sparse method (from n = 168 on by the proved period)"
        ),
        "{text}"
    );
    let json = stdout(&grundy(&["octal", "0.77", "--to", "1000000", "--json"]));
    assert!(json.contains("\"by_period_from\": 168"), "{json}");
    assert!(json.contains("\"values_computed\": 1000001"), "{json}");
}

/// The line of `json` that names `field`.
fn json_line<'a>(json: &'a str, field: &str) -> &'a str {
    let key = format!("\"{field}\":");
    json.lines()
        .find(|line| line.trim_start().starts_with(&key))
        .unwrap_or_else(|| panic!("no {field} in {json}"))
}

/// Runs grundy with `args` (which save checkpoints to `file`), kills it with SIGKILL once
/// the checkpoint holds `at_least` values (or after two minutes), and returns how many the
/// checkpoint holds then.
fn kill_after_saving(args: &[&str], file: &Path, at_least: usize) -> usize {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the grundy binary runs");
    let started = Instant::now();
    while saved_values(file) < at_least && started.elapsed() < Duration::from_secs(120) {
        sleep(Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL is delivered");
    child.wait().expect("the child is reaped");
    saved_values(file)
}
