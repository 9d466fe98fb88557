//! `grundy solve` and `grundy play` on the problem-set board games: setups as the problems
//! give them, positions after `at`, boards and setups read from files (`@PATH`), text and
//! JSON, and bad boards refused with their line (exit 2).

use std::process::Output;

#[path = "support/run.rs"]
mod run;

fn grundy(args: &[&str], input: &str) -> Output {
    run::typed(args, input)
}

/// Stdout of a run that must succeed.
fn ok(args: &[&str], input: &str) -> String {
    let out = grundy(args, input);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Stderr of a run that must fail with exit code 2.
fn fails(args: &[&str]) -> String {
    let out = grundy(args, "");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).expect("UTF-8")
}

/// A file under the temporary directory, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("grundy-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("written");
        TempFile(path)
    }

    fn arg(&self) -> String {
        format!("@{}", self.0.display())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const GEMS: &[&str] = &[
    "gems-fight",
    "3",
    "4",
    "3",
    "2",
    "2",
    "3",
    "2",
    "1",
    "3",
    "2",
    "1",
    "2",
    "3",
    "2",
    "3",
    "1",
];
const YOUNG: &[&str] = &[
    "young", "2", "3", "2", "7", "3", "9", "1", "2", "3", "7", "2", "2", "3", "1",
];

fn with<'a>(setup: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    setup.iter().chain(more).copied().collect()
}

/// hdu4778's first sample, whole: every first bag keeps the +3 (bonus turns shown).
#[test]
fn solve_gems_fight() {
    let text = ok(&with(&["solve"], GEMS), "");
    assert_eq!(
        text,
        "game      gems-fight 3 4 3 (scoring)\n\
         position  taken none\n\
         outcome   win (the player to move wins)\n\
         score     +3 (the mover's points minus the other's)\n\
         moves: 4\n\
         \x20 bag 1  score +3  (optimal)\n\
         \x20 bag 2  score +3  (optimal)\n\
         \x20 bag 3  score +3  (optimal)\n\
         \x20 bag 4  score +3  (optimal)\n\
         principal line: bag 1, bag 2, bag 4, bag 3\n"
    );
    let text = ok(&with(&["solve"], &with(GEMS, &["at", "1", "2"])), "");
    assert!(text.contains("position  taken 1 2\n"), "{text}");
    assert!(
        text.contains("bag 4  score +3  [+1 points, moves again]  (optimal)"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&with(&["solve", "--json"], GEMS), "")).unwrap();
    assert_eq!(json["score"], 3);
    assert_eq!(json["position"], serde_json::json!([]));
    assert_eq!(json["kind"]["kind"], "scoring");
}

/// chess2018's sample, from the start and from a drawn position; the board is drawn.
#[test]
fn solve_young() {
    let text = ok(&with(&["solve"], &with(YOUNG, &["at", "##.", "#.."])), "");
    assert_eq!(
        text,
        "game      young 2 3 (scoring)\n\
         position\n\
         \x20 ##.\n\
         \x20 #..\n\
         outcome   win (the player to move wins)\n\
         score     +2 (the mover's points minus the other's)\n\
         moves: 2\n\
         \x20 (1, 3)  score +2  [+2 points]  (optimal)\n\
         \x20 (2, 2)  score +1  [+3 points]\n\
         principal line: (1, 3), (2, 2), (2, 3)\n"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&with(&["solve"], &with(YOUNG, &["--json"])), "")).unwrap();
    assert_eq!(json["score"], 2);
    assert_eq!(json["position"], serde_json::json!([0, 0]));
    assert_eq!(json["moves"][0]["label"], "(1, 1)");
}

/// cf69d's samples: Anton wins with d = 3, Dasha with d = 4.
#[test]
fn solve_dot() {
    let text = ok(
        &["solve", "dot", "0", "0", "2", "3", "1", "1", "1", "2"],
        "",
    );
    assert!(text.contains("outcome   win"), "{text}");
    assert!(text.contains("+(1, 2)  win in 3  (optimal)"), "{text}");
    assert!(text.contains("reflect  loss in 2"), "{text}");
    let json = ok(
        &[
            "solve", "dot", "0", "0", "2", "4", "1", "1", "1", "2", "--json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["position"], serde_json::json!([0, 0, true, true]));
    // Negative coordinates and a position after `at`.
    let text = ok(
        &[
            "solve", "dot", "-1", "0", "1", "3", "1", "1", "at", "1", "1", "none",
        ],
        "",
    );
    assert!(text.contains("position  1 1 none\n"), "{text}");
}

/// poj2068's samples and a position of seat 2.
#[test]
fn solve_team_nim() {
    for (setup, outcome) in [
        (&["1", "101", "4", "4"][..], "loss"),
        (&["1", "100", "4", "4"][..], "win"),
        (&["3", "97", "8", "7", "6", "5", "4", "3"][..], "win"),
    ] {
        let args = with(&["solve", "team-nim"], &with(setup, &["--json"]));
        let json: serde_json::Value = serde_json::from_str(&ok(&args, "")).unwrap();
        assert_eq!(json["outcome"], outcome, "{setup:?}");
        assert_eq!(json["kind"]["play"], "misere");
    }
    let text = ok(
        &[
            "solve", "team-nim", "1", "10", "3", "4", "at", "5", "seat", "2",
        ],
        "",
    );
    assert!(text.contains("position  5 seat 2\n"), "{text}");
    assert!(text.contains("take 4"), "{text}");
}

/// hdu4678's samples, a board from a file, and kiki's game (hdu2147).
#[test]
fn solve_minesweeper_and_kiki() {
    assert!(ok(&["solve", "minesweeper", "3", "3", "0"], "").contains("outcome   win"));
    let text = ok(&["solve", "minesweeper", "3", "3", "1", "1", "1"], "");
    assert!(text.starts_with("game      minesweeper 3 3 (normal play)\nposition\n  ...\n  .*.\n  ...\noutcome   loss"), "{text}");
    // The top region open; the bottom one is left with two numbered cells of its own.
    let board = TempFile::new("board.txt", "*1__\n.111\n...*\n");
    let text = ok(&["solve", "minesweeper", &board.arg()], "");
    assert!(
        text.contains("position\n  *1__\n  .111\n  ...*\n"),
        "{text}"
    );
    assert!(text.contains("nimber    *1\n"), "{text}");
    let json = ok(&["solve", "minesweeper", &board.arg(), "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        json["position"],
        serde_json::json!(["*1__", ".111", "...*"])
    );
    let labels: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["(2, 1)", "(3, 1)", "(3, 3)"]);
    for (n, m, outcome) in [("5", "3", "loss"), ("5", "4", "win"), ("6", "6", "win")] {
        let text = ok(&["solve", "kiki", n, m], "");
        assert!(
            text.contains(&format!("outcome   {outcome}")),
            "{n} {m}: {text}"
        );
    }
}

/// A setup read from a file, with a position after it.
#[test]
fn setup_files() {
    let setup = TempFile::new("chess2018.txt", "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n");
    let text = ok(&["solve", "young", &setup.arg(), "at", "2", "1"], "");
    assert!(text.contains("score     +2"), "{text}");
    let err = fails(&["solve", "young", "@/nonexistent/grundy-setup"]);
    assert!(
        err.starts_with("grundy: cannot read /nonexistent/grundy-setup"),
        "{err}"
    );
}

/// A bad board or setup file: its line named, exit 2.
#[test]
fn bad_files_name_the_line() {
    let board = TempFile::new("bad-board.txt", "*..\n.x.\n...\n");
    let err = fails(&["solve", "minesweeper", &board.arg()]);
    assert_eq!(
        err,
        format!(
            "grundy: in {}: bad position: line 2, column 2: 'x' is not a cell (* mine, . \
             unopened, _ open blank, 1-8 open numbered)\n",
            board.0.display()
        )
    );
    let board = TempFile::new("short-board.txt", "*..\n\n..\n");
    let err = fails(&["play", "minesweeper", &board.arg()]);
    assert!(
        err.contains("bad position: line 3: expected 3 cells, found 2 in \"..\""),
        "{err}"
    );
    let setup = TempFile::new("bad-setup.txt", "3 2 3\n2 1 2\n2 1 9\n");
    let err = fails(&["solve", "gems-fight", &setup.arg()]);
    assert!(
        err.contains("gems-fight: line 3: expected a colour (an integer from 1 to 3), found \"9\""),
        "{err}"
    );
    let err = fails(&["solve", "young", "2", "3", "1"]);
    assert!(
        err.contains("young: the setup ends before a value of A"),
        "{err}"
    );
    let err = fails(&["analyze", "young", "1", "1", "0", "0"]);
    assert!(
        err.contains("young is a board game: 'grundy solve' and 'grundy play' take it"),
        "{err}"
    );
}

/// A whole game of each board game against perfect play, through standard input.
#[test]
fn play_board_games() {
    // Young: the board is drawn and points are kept.
    let text = ok(&with(&["play"], YOUNG), "hint\n1\n(1, 3)\n1\n");
    assert!(
        text.contains("\n1 . . .\n2 . . .\nyour move: 1) (1, 1)\n"),
        "{text}"
    );
    assert!(text.contains("   1) (1, 1)  score +2  best"), "{text}");
    assert!(text.contains("points: you 5, grundy 7"), "{text}");
    // (1, 3) was a mistake (2, 1) would not have made: perfect play punishes it.
    assert!(
        text.contains("game over: grundy wins (10 to 6, by 4)"),
        "{text}"
    );
    // Gems Fight: a bonus turn lets the engine move twice.
    let text = ok(&with(&["play"], GEMS), "bag 1\nbag 3\n");
    assert!(text.contains("grundy plays bag 4"), "{text}");
    assert!(
        text.contains("game over: grundy wins (3 to 0, by 3)"),
        "{text}"
    );
    // Minesweeper: a blank click opens its region.
    let text = ok(
        &["play", "minesweeper", "2", "3", "1", "0", "0"],
        "(1, 3)\n",
    );
    assert!(
        text.contains("you play (1, 3)\n\n  1 2 3\n1 * 1 .\n2 - 1 .\n"),
        "{text}"
    );
    assert!(text.contains("game over: grundy wins"), "{text}");
    // Dot: a reflection is answered, and the player with no move loses.
    let text = ok(
        &["play", "dot", "0", "0", "2", "3", "1", "1", "1", "2"],
        "reflect\n",
    );
    assert!(
        text.contains("position: 0 0 mover\ngrundy plays +(1, 2)"),
        "{text}"
    );
    assert!(text.contains("game over: grundy wins"), "{text}");
    // Team Nim: taking the last stone loses.
    let text = ok(&["play", "team-nim", "1", "3", "2", "2"], "take 2\n");
    assert!(text.contains("grundy plays take 1"), "{text}");
    assert!(text.contains("game over: you win"), "{text}");
}

/// Flags may follow the position (negative numbers are values, not flags).
#[test]
fn flags_after_the_position() {
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "nim", "3", "5", "7", "--json"], "")).unwrap();
    assert_eq!(json["nimber"], 1);
    let err = fails(&["solve", "nim", "-3"]);
    assert!(err.contains("a heap must be at least 0, found -3"), "{err}");
}
