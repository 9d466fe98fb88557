//! What a run reports: the same text on any thread count, and the `--frequencies` files at
//! every power of two.

use super::*;

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

/// The threads a run reports are those `--threads` passed (else RAYON_NUM_THREADS), the
/// flag winning over the variable: the library runs its own pool of that many.
#[test]
fn the_pool_line_counts_the_threads_passed() {
    for (flag, env, threads) in [
        (Some("3"), Some("1"), 3),
        (None, Some("3"), 3),
        (Some("2"), Some("6"), 2),
    ] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
        command.args(["octal", "0.6", "--to", "99999"]);
        if let Some(flag) = flag {
            command.args(["--threads", flag]);
        }
        if let Some(env) = env {
            command.env("RAYON_NUM_THREADS", env);
        }
        let out = command.output().expect("the grundy binary runs");
        assert!(out.status.success(), "{}", stderr(&out));
        let out = stdout(&out);
        let pool = out.lines().find(|line| line.starts_with("pool: "));
        let pool = pool.unwrap_or_else(|| panic!("{flag:?} {env:?}: {out}"));
        assert!(
            pool.starts_with(&format!("pool: {threads} threads busy ")),
            "{pool}"
        );
    }
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
