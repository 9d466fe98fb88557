//! `grundy octal` end to end: the proved periods it prints, its errors, and checkpoints:
//! a run killed with SIGKILL midway and resumed gives exactly the values of an
//! uninterrupted run; a corrupt or mismatched checkpoint is refused, never used.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the grundy binary runs")
}

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

/// Ctrl-C (SIGINT) stops a run cleanly: no value is printed, exit 2, the checkpoint holds
/// the values proved so far, and resuming gives exactly the uninterrupted run's output.
/// The run is long enough to be interrupted in any build: 600,000 values take about 2 s in
/// the test profile on two cores and 0.5 s in a release build (150,000 took 0.3 s there,
/// the time of the interrupt).
#[test]
fn an_interrupted_run_saves_its_checkpoint_and_resumes() {
    let args = ["octal", "0.6", "--to", "600000", "--json"];
    let whole = grundy(&args);
    assert!(whole.status.success(), "{}", stderr(&whole));

    let file = temp_path("officers-sigint.ckpt");
    let file_arg = file.to_str().expect("a UTF-8 path");
    // No periodic checkpoint: only the interruption writes one.
    let watched = [
        &args[..],
        &["--checkpoint", file_arg, "--checkpoint-interval", "100000"],
    ]
    .concat();
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&watched)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    sleep(Duration::from_millis(300));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("grundy finishes");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("checkpoint saved to"),
        "{}",
        stderr(&out)
    );
    let saved = saved_values(&file);
    assert!((1..600_001).contains(&saved), "{saved}");

    let resumed = grundy(&watched);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(stdout(&resumed), stdout(&whole));
}

/// Ctrl-C stops a run of a slow code too (0.7 with twenty 7s: its values grow with n, about
/// 30,000 a second at n = 2,000 and slower from there), with exit 2: the run is watched in
/// chunks of about 200 ms however slow the values are (`period::Pace`). The test allows a
/// minute, so it checks the behaviour, not a speed.
#[test]
fn ctrl_c_stops_a_slow_run_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["octal", "0.77777777777777777777"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().expect("SIGKILL is delivered");
            panic!("Ctrl-C was not served within a minute");
        }
        sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(2));
}

#[test]
fn a_killed_run_resumes_to_the_same_values() {
    let last = "150000";
    let args = ["octal", "0.6", "--to", last, "--json"];
    let whole = grundy(&args);
    assert!(whole.status.success(), "{}", stderr(&whole));

    let file = temp_path("officers.ckpt");
    let file_arg = file.to_str().expect("a UTF-8 path");
    let watched = [
        &args[..],
        &["--checkpoint", file_arg, "--checkpoint-interval", "0.01"],
    ]
    .concat();
    let saved = kill_after_saving(&watched, &file, 20_000);
    assert!(
        (20_000..150_001).contains(&saved),
        "killed midway: {saved} values saved"
    );

    let resumed = grundy(&watched);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("resumed from"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(stdout(&resumed), stdout(&whole));
    assert!(stdout(&whole).contains("\"values_computed\": 150001"));

    // Another code or method is refused with a clear message, and prints nothing.
    let other = grundy(&["octal", "0.77", "--checkpoint", file_arg]);
    assert_eq!(other.status.code(), Some(2));
    assert!(stdout(&other).is_empty());
    assert!(
        stderr(&other).contains("the checkpoint is for the code 0.6, not 0.77"),
        "{}",
        stderr(&other)
    );
    let other = grundy(&[
        "octal",
        "0.6",
        "--method",
        "direct",
        "--checkpoint",
        file_arg,
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("made by the sparse method"),
        "{}",
        stderr(&other)
    );

    // A changed byte is refused, never resumed.
    let mut bytes = std::fs::read(&file).expect("the checkpoint is there");
    let at = bytes.len() - 7;
    bytes[at] ^= 0x10;
    std::fs::write(&file, &bytes).expect("the checkpoint is writable");
    let corrupt = grundy(&watched);
    assert_eq!(corrupt.status.code(), Some(2));
    assert!(stdout(&corrupt).is_empty());
    assert!(
        stderr(&corrupt).contains("the file is corrupt"),
        "{}",
        stderr(&corrupt)
    );
    let _ = std::fs::remove_file(&file);
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

/// The line of `json` that names `field`.
fn json_line<'a>(json: &'a str, field: &str) -> &'a str {
    let key = format!("\"{field}\":");
    json.lines()
        .find(|line| line.trim_start().starts_with(&key))
        .unwrap_or_else(|| panic!("no {field} in {json}"))
}

/// Officers on 1, 2, 3 and 8 threads (`RAYON_NUM_THREADS` or `--threads`): the same
/// report, byte for byte. The text reports the rate.
#[test]
fn every_thread_count_gives_the_same_report() {
    let run = |threads: &str, flag: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
        command.args(["octal", "0.6", "--to", "199999", "--json"]);
        match flag {
            true => command.args(["--threads", threads]),
            false => command.env("RAYON_NUM_THREADS", threads),
        };
        let out = command.output().expect("the grundy binary runs");
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let one = run("1", false);
    assert!(json_line(&one, "digest").contains('"'));
    for (threads, flag) in [("2", false), ("1", true), ("3", true), ("8", true)] {
        assert_eq!(run(threads, flag), one, "{threads} threads");
    }
    let text = grundy(&["octal", "0.6", "--to", "199999"]);
    let first = stdout(&text);
    assert!(
        first.starts_with("0.6 (Officers): 200000 values by the sparse method in ")
            && first
                .lines()
                .next()
                .is_some_and(|line| line.ends_with(" values/s")),
        "{first}"
    );
    // The batches' line: on two threads (and from five on, with the far parts), never on
    // one.
    for (threads, far) in [("2", false), ("4", false), ("5", true)] {
        let out = stdout(&grundy(&[
            "octal",
            "0.6",
            "--to",
            "199999",
            "--threads",
            threads,
        ]));
        let line = out.lines().find(|line| line.starts_with("threads: "));
        let line = line.unwrap_or_else(|| panic!("{threads} threads: {out}"));
        assert!(
            line.contains(" batches proved, ") && line.contains("M values/s)"),
            "{line}"
        );
        assert_eq!(line.contains("far parts of "), far, "{line}");
        // The pool's line tells the waits for middle parts apart where there were parts.
        let pool = out.lines().find(|line| line.starts_with("pool: "));
        let pool = pool.unwrap_or_else(|| panic!("{threads} threads: {out}"));
        assert!(pool.contains(" s for far and middle parts"), "{pool}");
        assert_eq!(
            pool.contains(" s of it for middle parts alone)"),
            far,
            "{pool}"
        );
    }
    let one = stdout(&grundy(&[
        "octal",
        "0.6",
        "--to",
        "199999",
        "--threads",
        "1",
    ]));
    assert!(!one.contains("threads: "), "{one}");
    let zero = grundy(&["octal", "0.6", "--threads", "0"]);
    assert_eq!(zero.status.code(), Some(2), "{}", stderr(&zero));
    assert!(stderr(&zero).contains("--threads"), "{}", stderr(&zero));
}

/// Checkpoints do not depend on the thread count either, with or without a spill: the
/// files written on 1 and on 8 threads are the same bytes, and a run resumed on 3 threads
/// from one written on 8 ends with the report of a run on one thread.
#[test]
fn checkpoints_are_the_same_on_any_thread_count() {
    for spill in [false, true] {
        let paths = |name: &str| {
            let path = temp_path(&format!("threads-{spill}-{name}.ckpt"));
            let spill_path = temp_path(&format!("threads-{spill}-{name}.spill"));
            (path, spill_path)
        };
        let args = |threads: &str, to: &str, (ckpt, spill_path): &(PathBuf, PathBuf)| {
            let mut args: Vec<String> =
                ["octal", "0.6", "--to", to, "--json", "--threads", threads]
                    .map(String::from)
                    .to_vec();
            args.extend(["--checkpoint".into(), ckpt.display().to_string()]);
            if spill {
                args.extend(["--spill".into(), spill_path.display().to_string()]);
                args.extend(["--keep".into(), "4096".into()]);
            }
            args
        };
        let run = |args: Vec<String>| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = grundy(&args);
            assert!(out.status.success(), "{}", stderr(&out));
            out
        };
        let (one, eight, fresh) = (paths("one"), paths("eight"), paths("fresh"));
        run(args("1", "99999", &one));
        run(args("8", "99999", &eight));
        let bytes = |path: &Path| std::fs::read(path).expect("a checkpoint");
        assert_eq!(bytes(&one.0), bytes(&eight.0), "spill: {spill}");
        let resumed = run(args("3", "199999", &eight));
        assert!(
            stderr(&resumed).contains("resumed from"),
            "{}",
            stderr(&resumed)
        );
        let fresh_report = stdout(&run(args("1", "199999", &fresh)));
        for field in ["digest", "values_computed", "verdict_text"] {
            assert_eq!(
                json_line(&stdout(&resumed), field),
                json_line(&fresh_report, field)
            );
        }
        for path in [one, eight, fresh] {
            let _ = std::fs::remove_file(path.0);
            let _ = std::fs::remove_file(path.1);
        }
    }
}

/// A run with `--spill` keeps only a window of the values in memory, yet computes the
/// same values (digest and distribution of every value) as a run that keeps them all.
#[test]
fn a_spilled_run_has_the_values_of_a_full_run() {
    let full = grundy(&["octal", "0.6", "--to", "299999", "--json"]);
    assert!(full.status.success(), "{}", stderr(&full));
    let spill = temp_path("officers.spill");
    let spill_arg = spill.to_str().expect("UTF-8");
    let args = [
        "octal", "0.6", "--to", "299999", "--json", "--spill", spill_arg,
    ];
    let windowed = grundy(&[&args[..], &["--keep", "4096"]].concat());
    assert!(windowed.status.success(), "{}", stderr(&windowed));
    let (full, windowed) = (stdout(&full), stdout(&windowed));
    for field in [
        "digest",
        "values_computed",
        "rare_positions",
        "last_rare",
        "mask",
    ] {
        assert_eq!(json_line(&full, field), json_line(&windowed, field));
    }
    // The window of 73,728 recent values (2 * 4096 + 65,536) slid at 147,456, 221,184
    // and 294,912 values, each time by 73,728; G(4096) .. G(221183) went to the spill.
    assert!(json_line(&windowed, "recent_from").contains("221184"));
    let spilled = std::fs::metadata(&spill).expect("the spill is there").len();
    assert_eq!(spilled, 2 * (221_184 - 4096));
    let text = grundy(&[&args[..4], &["--spill", spill_arg, "--keep", "4096"]].concat());
    assert!(
        stdout(&text).contains("kept in memory: G(0) .. G(4095) and G(221184) on"),
        "{}",
        stdout(&text)
    );
    let _ = std::fs::remove_file(&spill);
}

/// A run with `--spill` killed midway resumes from its checkpoint and spill to the
/// values of an uninterrupted run; without its spill it is refused.
#[test]
fn a_killed_spilled_run_resumes_to_the_same_values() {
    let spill = temp_path("resumed.spill");
    let file = temp_path("resumed.ckpt");
    let (spill_arg, file_arg) = (
        spill.to_str().expect("UTF-8"),
        file.to_str().expect("UTF-8"),
    );
    let args = [
        "octal", "0.6", "--to", "399999", "--json", "--spill", spill_arg,
    ];
    let args = [&args[..], &["--keep", "4096"]].concat();
    let whole = grundy(&args);
    assert!(whole.status.success(), "{}", stderr(&whole));
    let watched = [
        &args[..],
        &["--checkpoint", file_arg, "--checkpoint-interval", "0.01"],
    ]
    .concat();
    // Past the first slide of the window (at 147,456 values): the spill is in use.
    let saved = kill_after_saving(&watched, &file, 170_000);
    assert!(
        (170_000..400_000).contains(&saved),
        "killed midway: {saved}"
    );

    let without = [&args[..5], &["--checkpoint", file_arg]].concat();
    let refused = grundy(&without);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("cannot go on without it"),
        "{}",
        stderr(&refused)
    );
    let resumed = grundy(&watched);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("resumed from"));
    assert_eq!(stdout(&resumed), stdout(&whole));
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&spill);
}

/// `--spill` refuses what it cannot do, and a run too large says it would help.
#[test]
fn spill_errors_are_clear() {
    let spill = temp_path("errors.spill");
    let spill_arg = spill.to_str().expect("UTF-8");
    let plot = temp_path("errors.svg");
    let plot_arg = plot.to_str().expect("UTF-8");
    let out = grundy(&["octal", "0.6", "--spill", spill_arg, "--plot", plot_arg]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--plot draws every value"),
        "{}",
        stderr(&out)
    );
    // A spill larger than the disk's free space is refused up front, leaving no file.
    let out = grundy(&[
        "octal",
        "0.6",
        "--to",
        "100000000000000",
        "--spill",
        spill_arg,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("would need 199999991611394 bytes")
            && stderr(&out).contains("bytes free"),
        "{}",
        stderr(&out)
    );
    assert!(!spill.exists(), "a refused run leaves no spill file");
    let out = grundy(&["octal", "0.6", "--spill", spill_arg, "--method", "direct"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("needs the sparse method"),
        "{}",
        stderr(&out)
    );
    let out = grundy(&["octal", "0.6", "--keep", "5000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("required arguments were not provided: --spill <FILE>"),
        "{}",
        stderr(&out)
    );
    let out = grundy(&["octal", "0.6", "--to", "600000000", "--memory", "1"]);
    assert!(
        stderr(&out).contains("pass --spill FILE"),
        "{}",
        stderr(&out)
    );
    // 0.376 finds rare values far out (the last known at 1,140,540): a window of 67,584
    // recent values cannot reach their partners, and the run stops, saying what to change.
    let out = grundy(&[
        "octal", "0.376", "--to", "300000", "--spill", spill_arg, "--keep", "1024",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("raise --keep, or leave out --spill: G(135168) needs values"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_file(&spill);
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

/// The files of a `--frequencies` folder, by name.
fn frequency_files(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("the frequencies folder")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read_to_string(&path).expect("a file"))
        })
        .collect();
    files.sort();
    files
}

/// `--frequencies DIR` writes freq-2^k.txt for 2^10 .. 2^16 as Officers reaches them: each
/// is the count of every value among G(1) .. G(2^k - 1), counted here from the values the
/// library computes. A run interrupted by its checkpoint and resumed on other thread
/// counts writes the same files, and so does a run with a spill.
#[test]
fn frequencies_are_written_at_every_power_of_two() {
    let mut seq = grundy::octal::Sequence::new(
        "0.6".parse().expect("a code"),
        grundy::octal::Method::Sparse,
        grundy::Budget::default(),
    )
    .expect("the sparse method");
    seq.extend_to(1 << 16).expect("within the budget");
    let expected: Vec<(String, String)> = (10..=16)
        .map(|k| {
            let mut counts = std::collections::BTreeMap::new();
            for &v in &seq.values()[1..1 << k] {
                *counts.entry(v).or_insert(0u64) += 1;
            }
            let text: String = counts.iter().map(|(v, c)| format!("{v} {c}\n")).collect();
            (format!("freq-2^{k}.txt"), text)
        })
        .collect();
    assert!(expected[6].1.lines().count() > 20, "{}", expected[6].1);

    let dir = temp_path("freq-fresh");
    let dir_arg = dir.to_str().expect("UTF-8");
    let out = grundy(&[
        "octal",
        "0.6",
        "--to",
        "70000",
        "--json",
        "--frequencies",
        dir_arg,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(frequency_files(&dir), expected);

    let resumed = temp_path("freq-resumed");
    let ckpt = temp_path("freq.ckpt");
    let (resumed_arg, ckpt_arg) = (
        resumed.to_str().expect("UTF-8"),
        ckpt.to_str().expect("UTF-8"),
    );
    for (to, threads) in [("40000", "8"), ("70000", "3")] {
        let out = grundy(&[
            "octal",
            "0.6",
            "--to",
            to,
            "--json",
            "--threads",
            threads,
            "--checkpoint",
            ckpt_arg,
            "--frequencies",
            resumed_arg,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    assert_eq!(frequency_files(&resumed), expected);

    let spilled = temp_path("freq-spilled");
    let spill = temp_path("freq.spill");
    let (spilled_arg, spill_arg) = (
        spilled.to_str().expect("UTF-8"),
        spill.to_str().expect("UTF-8"),
    );
    let out = grundy(&[
        "octal",
        "0.6",
        "--to",
        "70000",
        "--json",
        "--spill",
        spill_arg,
        "--keep",
        "1024",
        "--frequencies",
        spilled_arg,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(frequency_files(&spilled), expected);
    for folder in [dir, resumed, spilled] {
        let _ = std::fs::remove_dir_all(folder);
    }
    for file in [ckpt, spill] {
        let _ = std::fs::remove_file(file);
    }
}

/// A frequencies folder that cannot be made is refused before the run, naming it.
#[test]
fn an_unusable_frequencies_folder_is_refused() {
    let file = temp_path("freq-not-a-folder");
    std::fs::write(&file, "x").expect("a file");
    let inside = file.join("sub");
    let out = grundy(&[
        "octal",
        "0.6",
        "--to",
        "5000",
        "--frequencies",
        inside.to_str().expect("UTF-8"),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("frequencies folder"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_file(file);
}
