//! `grundy solve` and `grundy play` on game files (FILE.luau), and every kind of bad file:
//! exit code 2, `FILE:LINE: what` on one line, no panic, no hang. Here solve and play; the
//! bad files in `bad_files`, tables and analyses in `tables`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

#[path = "support/run.rs"]
mod run;

#[path = "game_files/bad_files.rs"]
mod bad_files;
#[path = "game_files/tables.rs"]
mod tables;

fn grundy(args: &[&str], dir: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    cmd.output().expect("grundy runs")
}

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name);
    path.to_string_lossy().into_owned()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn solve_a_game_file() {
    let text = stdout(&grundy(
        &["solve", &example("subtraction.luau"), "2", "5"],
        None,
    ));
    assert_eq!(
        text,
        "\
game      subtraction (normal play)
position  2 5
outcome   win (the player to move wins)
nimber    *3
winning moves: 1
  heap 2: take 3  (2 5 -> 2 2)
remoteness 5 (moves to the end under best play)
moves: 4
  heap 1: take 1  loss in 4 (*2)
  heap 2: take 1  loss in 4 (*2)
  heap 2: take 3  win in 5 (*0)  (optimal)
  heap 2: take 4  loss in 4 (*1)
principal line: heap 2: take 3, heap 1: take 1, heap 1: take 1, heap 2: take 1, heap 2: take 1
"
    );
    // Parameters, after or before the position, and JSON.
    let out = grundy(
        &[
            "solve",
            "--json",
            &example("subtraction.luau"),
            "3",
            "--param",
            "set=1,2",
        ],
        None,
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["game"], "subtraction set=1,2");
    assert_eq!(json["position"], serde_json::json!([3]));
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["nimber"], 0);
    // The winning moves by the positions they lead to and by their labels.
    let out = grundy(
        &["solve", "--json", &example("subtraction.luau"), "2", "5"],
        None,
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["winning_moves"], serde_json::json!([[2, 2]]));
    assert_eq!(
        json["winning_labels"],
        serde_json::json!(["heap 2: take 3"])
    );
}

#[test]
fn tictactoe_from_its_start_is_a_draw() {
    // Published: a draw under perfect play (Wikipedia, "Tic-tac-toe").
    let out = grundy(&["solve", "--json", &example("tictactoe.luau")], None);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["outcome"], "draw");
    assert_eq!(json["score"], 0);
    assert_eq!(json["moves"].as_array().unwrap().len(), 9);
}

#[test]
fn play_a_game_file() {
    // The centre, then a corner: perfect play answers each and the game is drawn at best.
    let text = stdout(&run::typed(
        &["play", &example("tictactoe.luau")],
        "b2\nc3\nhint\nquit\n",
    ));
    assert!(text.contains("you play b2"), "{text}");
    assert!(text.contains("grundy plays a1"), "{text}");
    assert!(text.contains("1) b1  score +0  best"), "{text}");
}

/// A scratch folder, removed with everything in it when dropped.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A scratch folder holding `files` (name, text).
fn folder(test: &str, files: &[(&str, &str)]) -> Scratch {
    let dir = std::env::temp_dir().join(format!("grundy-game-files-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    Scratch(dir)
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(&grundy(args, None))).unwrap()
}

/// Issue 23: a game file named `.txt` or `.LUAU` is not taken for a game's name: the error
/// says game files end in `.luau`.
#[test]
fn a_game_file_not_named_luau_gets_a_hint() {
    let text = "function moves(n) return {} end\n";
    let dir = folder("names", &[("take.txt", text), ("TAKE.LUAU", text)]);
    for (name, stem) in [("take.txt", "take"), ("TAKE.LUAU", "TAKE")] {
        let out = grundy(&["solve", name, "3"], Some(&*dir));
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "{name} is not a game: game files are read only when their name ends in .luau"
            )) && err.contains(&format!("rename it to {stem}.luau")),
            "{err}"
        );
    }
    let help = stdout(&grundy(&["solve", "--help"], None));
    assert!(help.contains("a built-in game or a game file"), "{help}");
}

/// Issue 23: `play` on a loopy game declares the draw once a drawn position comes back,
/// rather than cycling until the input runs out.
#[test]
fn play_declares_a_draw_by_repetition() {
    let toggle = "loopy = true\nstart = 0\nfunction moves(n) return {1 - n} end\n";
    let dir = folder("toggle", &[("toggle.luau", toggle)]);
    let file = dir.join("toggle.luau");
    let text = stdout(&run::typed(&["play", &file.to_string_lossy()], "1\n"));
    assert!(text.contains("grundy plays 0"), "{text}");
    assert!(text.contains("game over: a draw by repetition"), "{text}");
}
