//! Checkpoints: a run interrupted (Ctrl-C) or killed midway resumes to exactly the values
//! of an uninterrupted run, on any thread count.

use super::*;

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
