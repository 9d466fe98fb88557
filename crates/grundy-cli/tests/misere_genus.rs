//! `grundy table --misere` (each heap's misère value and genus) and `grundy analyze
//! --misere` (sums of tame heaps decided by their genera), against the search behind
//! `grundy solve --misere` and Winning Ways' genera.

use serde_json::Value;

#[path = "support/refused.rs"]
mod refused;
#[path = "support/runner.rs"]
mod runner;
#[path = "support/stdout.rs"]
mod stdout;
use refused::check_error;
use stdout::stdout;

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).expect("JSON")
}

/// Kayles' heaps with the keys the issue names; heap 5 is 4^146 and heap 9 is 4^046, as in
/// Winning Ways (2nd ed., vol. 2, ch. 13) and CGSuite; heaps 0..4 are tame, 5 is not.
#[test]
fn table_misere_json_has_each_heaps_values_and_genus() {
    let table = json(&["table", "kayles", "--misere", "--to", "9", "--json"]);
    let heaps = table["heaps"].as_array().unwrap();
    assert_eq!(heaps.len(), 10);
    let row = |n: usize, key: &str| heaps[n][key].clone();
    assert_eq!(row(5, "nimber"), 4);
    assert_eq!(row(5, "misere_nimber"), 1);
    assert_eq!(row(5, "genus"), "4^146");
    assert_eq!(row(9, "genus"), "4^046");
    assert_eq!(row(0, "genus"), "0^120");
    assert_eq!(row(1, "genus"), "1^031");
    assert_eq!(table["first_wild"], 5);
    let tame: Vec<bool> = heaps.iter().map(|h| h["tame"].as_bool().unwrap()).collect();
    assert_eq!(tame[..6], [true, true, true, true, true, false]);
    // Nim by name, and a code by code.
    let nim = json(&["table", "nim", "--misere", "--to", "4", "--json"]);
    let genera: Vec<&str> = nim["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["genus"].as_str().unwrap())
        .collect();
    assert_eq!(genera, ["0^120", "1^031", "2^20", "3^31", "4^46"]);
    assert_eq!(nim["first_wild"], Value::Null);
    let text = stdout(&["table", "0.137", "--misere", "--to", "12"]);
    assert!(text.contains("3^1431"), "{text}");
    assert!(text.contains("tame: the heaps below 9"), "{text}");
}

/// A sum of tame heaps is decided by the genera, others are searched; both agree with
/// `grundy solve --misere` on every row of two heaps up to 6 of Dawson's Kayles.
#[test]
fn analyze_misere_agrees_with_solve_misere() {
    let text = stdout(&["analyze", "0.77", "1", "2", "3", "--misere"]);
    assert!(text.contains("outcome   loss"), "{text}");
    assert!(text.contains("Conway's theorem on tame games"), "{text}");
    let text = stdout(&["analyze", "0.77", "5", "3", "--misere"]);
    // Not tame (heap 5 is 4^146): a code's sum goes to its misère quotient.
    assert!(
        text.contains("the misère quotient of 0.77 for heaps up to 5"),
        "{text}"
    );
    for a in 1..=6 {
        for b in a..=6 {
            let (a, b) = (a.to_string(), b.to_string());
            let analysis = json(&["analyze", "0.07", &a, &b, "--misere", "--json"]);
            let solved = json(&["solve", "0.07", &a, &b, "--misere", "--json"]);
            assert_eq!(analysis["outcome"], solved["outcome"], "0.07 {a} {b}");
        }
    }
}

#[test]
fn misere_genera_refuse_other_games_in_one_line() {
    check_error(
        &["table", "wythoff", "--misere"],
        "wythoff is not a heap game",
    );
    let bash = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/bash.luau"
    );
    check_error(
        &["table", bash, "--misere"],
        "--misere genera of a game file need its function components(pos)",
    );
    check_error(
        &["table", "0.77", "--misere", "--to", "10001"],
        "--to 10001 is too large for a misère table of 0.77",
    );
    check_error(
        &["analyze", "wythoff", "1", "2", "--misere"],
        "wythoff is not a heap game",
    );
    check_error(
        &["analyze", "0.77", "99999", "--misere"],
        "heap 99999 is too large for misère play",
    );
}
