//! `--spill`: a window of the values in memory and the rest on disk, with the values of a
//! run that keeps them all, resumed after a kill, and refused where it cannot help.

use super::*;

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
