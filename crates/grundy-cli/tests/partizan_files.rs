//! Partizan game files (`left` and `right`) through `solve`, `analyze` and `table`: the
//! canonical form, outcome class, stops, temperature, components and hottest moves, in
//! text and `--json`; refusals with their reasons. Values from Winning Ways (Berlekamp,
//! Conway and Guy), chapters 2 and 5.

#[path = "support/runner.rs"]
mod runner;
#[path = "support/stdout.rs"]
mod stdout;
use runner::grundy;
use stdout::stdout;

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

const DOMINEERING: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/games/domineering_values.luau"
);
const HACKENBUSH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/games/hackenbush_strings.luau"
);

/// Winning Ways, chapter 5: the 2x3 Domineering board is {2|-1/2}, mean 3/4, temperature
/// 5/4; Left's best move leaves 2 (upright in the middle: two columns of two), Right's
/// -1/2.
#[test]
fn solve_prints_the_canonical_form_and_the_hottest_moves() {
    let text = stdout(&["solve", DOMINEERING, ".../..."]);
    assert_eq!(
        text,
        "game      domineering values (partizan)\n\
         position\n  ...\n  ...\n\
         value     {2|-1/2}\n\
         outcome   N (the player to move wins)\n\
         stops     2 (Left first), -1/2 (Right first)\n\
         mean      3/4\n\
         temperature 5/4\n\
         Left      1 2 (to 2)\n\
         Right     1 1 (to -1/2), 1 2 (to -1/2), 2 1 (to -1/2), 2 2 (to -1/2)\n"
    );
    let report = json(&["solve", DOMINEERING, ".../...", "--json"]);
    assert_eq!(report["kind"], "partizan");
    assert_eq!(report["value"]["value"], "{2|-1/2}");
    assert_eq!(report["value"]["canonical"], "{2|-1/2}");
    assert_eq!(report["value"]["mean"], "3/4");
    assert_eq!(report["value"]["temperature"], "5/4");
    assert_eq!(report["value"]["outcome"], "N");
    assert_eq!(report["hottest"], 0);
    assert_eq!(report["left"][0]["label"], "1 2");
    assert_eq!(report["left"][0]["stop"], "2");
}

/// A sum of files: each component's value, the sum's, and the hottest component. Blue-Red
/// Hackenbush stalks are numbers (sign expansion, Winning Ways chapter 2): BRB = 3/4, BR =
/// 1/2; the 2x2 Domineering square is +-1, the hottest.
#[test]
fn analyze_sums_partizan_files() {
    let report = json(&[
        "analyze",
        HACKENBUSH,
        "BRB BR",
        "+",
        DOMINEERING,
        "../..",
        "--json",
    ]);
    let components = report["components"].as_array().unwrap();
    let values: Vec<&str> = components
        .iter()
        .map(|c| c["value"]["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["3/4", "1/2", "+-1"]);
    assert_eq!(report["value"]["value"], "{9/4|1/4}"); // 5/4 +-1
    assert_eq!(report["hottest"], 2);
    assert_eq!(report["left"][0]["value"], "1");
    assert_eq!(report["right"][0]["value"], "-1");
    let text = stdout(&["analyze", HACKENBUSH, "BRB BR", "+", DOMINEERING, "../.."]);
    assert!(text.contains("hottest   ../.. (component 3)\n"), "{text}");
    // An impartial game in a partizan sum is refused with the reason.
    let out = grundy(&[
        "analyze",
        HACKENBUSH,
        "BRB",
        "+",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/games/subtraction.luau"
        ),
        "5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a partizan game:"), "{err}");
}

/// `table`: a row per position; Cutcake's one-high cakes are worth their width less one
/// (Winning Ways, chapter 2).
#[test]
fn table_gives_a_canonical_form_per_position() {
    let report = json(&[
        "table",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/games/cutcake.luau"
        ),
        "--to",
        "4",
        "--pairs",
        "--json",
    ]);
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 25);
    for row in rows {
        let (w, h) = (
            row["numbers"][0].as_i64().unwrap(),
            row["numbers"][1].as_i64().unwrap(),
        );
        if h == 1 && w > 0 {
            assert_eq!(row["value"]["value"], (w - 1).to_string(), "{row}");
        }
    }
    let text = stdout(&[
        "table",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/games/snort.luau"
        ),
        "--to",
        "3",
    ]);
    assert!(text.contains("\n2  +-1  N  temperature 1\n"), "{text}");
}

/// What needs a player to move is refused with the reason; so is a bad position.
#[test]
fn refusals_say_why() {
    let out = grundy(&["play", DOMINEERING]);
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("partizan"), "{err}");
    let out = grundy(&["solve", DOMINEERING, "../..."]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("rows are of equal length"), "{err}");
    let out = grundy(&["solve", DOMINEERING, "--max-positions", "5"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        "grundy: cannot solve this position: in domineering values: the game needs 6 \
         positions, more than the limit of 5\n"
    );
}

/// Built-in Domineering answers as the game file does (the same position text, labels and
/// values; Winning Ways, chapter 5: 3 columns by 2 rows is {2|-1/2}), under its own name;
/// it sums with game files in `analyze`, and a board past 64 cells is refused in one line.
#[test]
fn built_in_domineering_answers_as_the_file_does() {
    let file = stdout(&["solve", DOMINEERING, ".../..."]);
    for words in [
        &["solve", "domineering", "3", "2"][..],
        &["solve", "domineering", ".../..."],
        &["solve", "domineering", "5", "5", "at", ".../..."],
    ] {
        let text = stdout(words);
        let (head, rest) = text.split_once('\n').unwrap();
        assert!(head.starts_with("game      domineering "), "{head}");
        assert_eq!(rest, file.split_once('\n').unwrap().1, "{words:?}");
    }
    let report = json(&[
        "analyze",
        "domineering",
        "../..",
        "+",
        HACKENBUSH,
        "BRB BR",
        "--json",
    ]);
    assert_eq!(report["value"]["value"], "{9/4|1/4}"); // +-1 + 5/4
    assert_eq!(report["hottest"], 0);
    let out = grundy(&["solve", "domineering", "9", "8"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("built-in Domineering holds 1 to 64 cells"),
        "{err}"
    );
}

const ROUNDABOUT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/games/roundabout.luau"
);

/// A file whose positions repeat is valued as a loopy game: every roundabout cell is
/// `over = {0|pass}` (Winning Ways, ch. 11; CGSuite's `over`; derived by hand in the
/// file), outcome L; the exit is the short game 0.
#[test]
fn solve_values_a_file_whose_positions_repeat_as_a_loopy_game() {
    let text = stdout(&["solve", ROUNDABOUT, "3 at 1"]);
    assert_eq!(
        text,
        "game      roundabout (partizan, positions repeat)\n\
         position  3 at 1\n\
         value     over\n\
         sides     over (onside), over (offside)\n\
         outcome   L (Left wins with Left first, Left wins with Right first)\n\
         positions 4 (a loopy game)\n"
    );
    let report = json(&["solve", ROUNDABOUT, "5 at 2", "--json"]);
    assert_eq!(report["kind"], "partizan");
    assert_eq!(report["value"], "over");
    assert_eq!(report["onside"], "over");
    assert_eq!(report["offside"], "over");
    assert_eq!(report["outcome"], "L");
    assert_eq!(report["right_first"], "Left");
    assert_eq!(report["stopper"], true);
    assert_eq!(report["positions"], 6);
    // `analyze` of one position takes the same path.
    let report = json(&["analyze", ROUNDABOUT, "2 at 2", "--json"]);
    assert_eq!(report["value"], "over");
    // The exit is a short game: its canonical form, as for any partizan file.
    let report = json(&["solve", ROUNDABOUT, "3 out", "--json"]);
    assert_eq!(report["value"]["value"], "0");
}

/// A graph past the position limit is refused before it is valued, with its count; a bad
/// cell is refused in one line.
#[test]
fn a_loopy_file_past_the_limit_or_off_the_roundabout_is_refused() {
    let out = grundy(&["solve", ROUNDABOUT, "9 at 1", "--max-positions", "5"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs 6 positions"), "{err}");
    let out = grundy(&["solve", ROUNDABOUT, "3 at 4"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cell from 0 to N"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

const SHUTTLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/games/shuttle.luau"
);

/// A sum of positions that repeat is valued on the sum's graph: two roundabout cells are
/// `over + over = over` (CGSuite's test cases give `over` as idempotent,
/// `CanonicalStopperTestCase.scala`); a roundabout cell and the bottom of a one-cell track
/// is `over + (0 & -1)`, whose sides are `over` and `-1over` and whose play is drawn
/// whoever starts; each summand's value is listed.
#[test]
fn analyze_values_a_sum_of_positions_that_repeat() {
    let text = stdout(&["analyze", ROUNDABOUT, "3 at 1", "+", ROUNDABOUT, "2 at 2"]);
    assert!(text.contains("value     over\n"), "{text}");
    assert!(
        text.contains(&format!(
            "components {ROUNDABOUT} over, {ROUNDABOUT} over\n"
        )),
        "{text}"
    );
    let report = json(&[
        "analyze", ROUNDABOUT, "3 at 1", "+", SHUTTLE, "1 at 0", "--json",
    ]);
    assert_eq!(report["outcome"], "D");
    assert_eq!(report["onside"], "over");
    assert_eq!(report["components"], serde_json::json!(["over", "0 & -1"]));
    // Two tracks add their sides: (0 & -1) + (1 & 0) = 1 & -1.
    let report = json(&[
        "analyze", SHUTTLE, "1 at 0", "+", SHUTTLE, "1 at 1", "--json",
    ]);
    assert_eq!(report["value"], "1 & -1");
    // A short position in the sum is added as its graph: 0 + over.
    let report = json(&[
        "analyze", ROUNDABOUT, "3 out", "+", ROUNDABOUT, "1 at 1", "--json",
    ]);
    assert_eq!(report["value"], "over");
}

/// `table` gives a file whose positions repeat a row per position with its sided value
/// (`C & C-N` at the bottom of a track of `N`: `0 & -N`; the file's derivation), and its
/// canonical form where it has one (a track of one cell, 0).
#[test]
fn table_gives_sided_values_where_positions_repeat() {
    let text = stdout(&["table", SHUTTLE, "--to", "2"]);
    assert_eq!(
        text,
        "shuttle (partizan): canonical forms, sided values where positions repeat\n\
         0  0       P  temperature -1\n\
         1  0 & -1  PCheck  (positions repeat)\n\
         2  0 & -2  PCheck  (positions repeat)\n"
    );
    let report = json(&["table", ROUNDABOUT, "--to", "2", "--json"]);
    assert_eq!(report["rows"][0]["value"]["value"], "0");
    assert_eq!(report["rows"][2]["value"]["value"], "over");
    assert_eq!(report["rows"][2]["value"]["outcome"], "L");
}
