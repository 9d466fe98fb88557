//! `grundy table FILE --misere` and `grundy analyze FILE POSITION --misere` on game files
//! with `components`: a file equal to a take-and-break code
//! (`misere_files/take_and_break.luau`) has the code's genera and tame flags, heap by heap,
//! and its analyses agree with the plain misère search of `grundy solve FILE --misere`.

use std::path::PathBuf;

use serde_json::Value;

#[path = "support/exit.rs"]
mod exit;
#[path = "support/runner.rs"]
mod runner;

use exit::grundy;

/// The take-and-break file, with `--param code=CODE`.
fn file() -> String {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/misere_files/take_and_break.luau");
    path.to_string_lossy().into_owned()
}

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name);
    path.to_string_lossy().into_owned()
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = grundy(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).expect("JSON")
}

/// Runs `grundy args`, expecting exit 2 and one line `grundy: message...` on stderr.
fn check_error(args: &[&str], message: &str) {
    let (code, _, err) = grundy(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(
        err.starts_with(&format!("grundy: {message}")),
        "{args:?}: {err}"
    );
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
}

/// Heaps 0..20 of Kayles (0.77), Dawson's Kayles (0.07), 0.137 and 0.6 as a game file: the
/// same rows (nimber, misère nimber, genus, tame), first heap that is not tame and sums
/// searched as the code's own table, whose genera are Winning Ways' (2nd ed., vol. 2,
/// ch. 13: Kayles' heap 5 is 4^146, heap 9 is 4^046).
#[test]
fn a_file_equal_to_a_code_has_the_codes_genera() {
    let file = file();
    for code in ["0.77", "0.07", "0.137", "0.6"] {
        let param = format!("code={code}");
        let from_file = json(&[
            "table", &file, "--param", &param, "--misere", "--to", "20", "--json",
        ]);
        let from_code = json(&["table", code, "--misere", "--to", "20", "--json"]);
        assert_eq!(from_file["heaps"], from_code["heaps"], "{code}");
        assert_eq!(from_file["first_wild"], from_code["first_wild"], "{code}");
        assert_eq!(from_file["searched"], from_code["searched"], "{code}");
        assert_eq!(from_file["heaps"].as_array().unwrap().len(), 21);
    }
    let kayles = json(&["table", &file, "--misere", "--to", "9", "--json"]);
    assert_eq!(kayles["heaps"][5]["genus"], "4^146");
    assert_eq!(kayles["heaps"][9]["genus"], "4^046");
    assert_eq!(kayles["first_wild"], 5);
    let (_, text, _) = grundy(&["table", &file, "--misere", "--to", "6"]);
    assert!(text.contains("take-and-break (misère play)"), "{text}");
    assert!(text.contains("tame: the heaps below 5"), "{text}");
}

/// Every position of one to three heaps up to 6 (Kayles) and two heaps up to 7 (Dawson's
/// Kayles): analyze's outcome and winning moves are the misère search's, the tame ones
/// decided by the genera (Conway's theorem) and the others searched.
#[test]
fn analyze_agrees_with_the_misere_search() {
    let file = file();
    let mut positions: Vec<(&str, Vec<u64>)> = Vec::new();
    for a in 1..=6 {
        positions.push(("0.77", vec![a]));
        for b in a..=6 {
            positions.push(("0.77", vec![a, b]));
        }
    }
    for (a, b, c) in [
        (1, 2, 3),
        (1, 1, 1),
        (2, 2, 4),
        (1, 4, 5),
        (3, 3, 6),
        (2, 4, 6),
    ] {
        positions.push(("0.77", vec![a, b, c]));
    }
    for a in 1..=7 {
        for b in a..=7 {
            positions.push(("0.07", vec![a, b]));
        }
    }
    let (mut tame, mut searched) = (0, 0);
    for (code, heaps) in positions {
        let param = format!("code={code}");
        let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["analyze", &file, "--param", &param, "--misere", "--json"];
        args.extend(words.iter().map(String::as_str));
        let analysis = json(&args);
        args[0] = "solve";
        let solved = json(&args);
        assert_eq!(analysis["outcome"], solved["outcome"], "{code} {heaps:?}");
        let mut ours: Vec<String> =
            serde_json::from_value(analysis["winning_moves"].clone()).unwrap();
        let mut theirs: Vec<String> =
            serde_json::from_value(solved["winning_labels"].clone()).unwrap();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{code} {heaps:?}");
        match analysis["reasons"][0]["reason"].as_str() {
            Some("tame_genera") => tame += 1,
            Some("misere_searched") => searched += 1,
            other => panic!("{code} {heaps:?}: {other:?}"),
        }
    }
    assert!(
        tame > 10 && searched > 10,
        "{tame} tame, {searched} searched"
    );
    let (_, text, _) = grundy(&["analyze", &file, "1", "2", "3", "--misere"]);
    assert!(text.contains("outcome   loss"), "{text}");
    assert!(
        text.contains("1: 1^031, 2: 2^20, 3: 3^31; the sum's genus is 0^02"),
        "{text}"
    );
    assert!(text.contains("Conway's theorem on tame games"), "{text}");
    let (_, text, _) = grundy(&["analyze", &file, "5", "3", "--misere"]);
    assert!(text.contains("not every heap is tame (5: 4^146)"), "{text}");
}

/// An example file with components (S-Nim, heaps under the subtraction set {2, 5}) has the
/// genera of the built-in subtraction game with the same set.
#[test]
fn an_example_file_has_its_familys_genera() {
    let snim = json(&[
        "table",
        &example("snim.luau"),
        "--misere",
        "--to",
        "20",
        "--json",
    ]);
    let family = json(&[
        "table",
        "subtraction",
        "2,5",
        "--misere",
        "--to",
        "20",
        "--json",
    ]);
    assert_eq!(snim["heaps"], family["heaps"]);
}

#[test]
fn what_genera_do_not_fit_is_refused_in_one_line() {
    let file = file();
    check_error(
        &["table", &example("snort.luau"), "--misere"],
        "--misere genera are for impartial games",
    );
    check_error(
        &["analyze", &example("snort.luau"), "--misere"],
        "--misere genera are for impartial games",
    );
    check_error(
        &["table", &example("bash.luau"), "--misere"],
        "--misere genera of a game file need its function components(pos)",
    );
    check_error(
        &["table", &file, "--misere", "--to", "10001"],
        "--to 10001 is too large for a misère table of take-and-break",
    );
    check_error(
        &[
            "table",
            &file,
            "--misere",
            "--to",
            "30",
            "--max-positions",
            "100",
        ],
        "--to 30 is too large for a misère table of",
    );
    check_error(
        &["analyze", &file, "5", "+", &file, "3", "--misere"],
        "--misere analyses one game file's position",
    );
    check_error(&["analyze", &file, "x", "--misere"], "in ");
}
