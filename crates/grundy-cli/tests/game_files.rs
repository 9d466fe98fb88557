//! `grundy solve` and `grundy play` on game files (FILE.luau), and every kind of bad file:
//! exit code 2, `FILE:LINE: what` on one line, no panic, no hang.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

#[path = "support/run.rs"]
mod run;

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

#[test]
fn bad_game_files_exit_2_with_file_and_line() {
    let dir = folder(
        "bad",
        &[
            ("syntax.luau", "function moves(p)\n  return {\nend\n"),
            ("runtime.luau", "start = {1}\nfunction moves(p)\n  return p.x.y\nend\n"),
            ("endless.luau", "start = 1\nfunction moves(p)\n  while true do end\nend\n"),
            ("badmove.luau", "start = 2\nfunction moves(n)\n  return {0.5}\nend\n"),
            (
                "cycle.luau",
                "start = 2\nfunction moves(n)\n  if n > 0 then return {n - 1, n + 1} end\n  return {}\nend\n",
            ),
            (
                "huge.luau",
                "start = 0\nfunction moves(n)\n  return {n + 1}\nend\nfunction position(n) return n end\n",
            ),
            ("param.luau", "local k = param(\"k\", 3)\nfunction moves(n) return {} end\nstart = 0\n"),
            ("nomoves.luau", "start = 0\n"),
        ],
    );
    let cases: [(&[&str], &str); 13] = [
        (
            &["solve", "syntax.luau"],
            "grundy: syntax.luau:3: syntax error: Expected identifier when parsing expression, got 'end'",
        ),
        (
            &["solve", "runtime.luau"],
            "grundy: cannot solve this position: runtime.luau:3: attempt to index nil with 'y' (in moves, at position [1])",
        ),
        (
            &["solve", "endless.luau"],
            "grundy: cannot solve this position: endless.luau: the operation cap of 10000000 steps was hit in moves (an endless loop?) (in moves, at position 1)",
        ),
        (
            &["solve", "badmove.luau"],
            "grundy: cannot solve this position: badmove.luau:2: moves returned move 1: 0.5 is not an integer (in moves, at position 2)",
        ),
        (
            &["solve", "cycle.luau"],
            "grundy: cannot solve this position: cycle.luau: position 2 repeats (the game has a cycle): declare the game loopy to solve it with draws",
        ),
        (
            &["solve", "--max-positions", "100000", "huge.luau"],
            "grundy: cannot solve this position: the game needs 100001 positions, more than the limit of 100000",
        ),
        (
            // Unbounded, at the default: refused at a game file's own limit (seconds, not
            // the minutes the built-in games' 50M positions would take).
            &["solve", "huge.luau"],
            "grundy: cannot solve this position: the game file's search reached 1000001 positions, more than 1000000, the default limit for a game file (an unbounded game?); raise it with --max-positions N",
        ),
        (
            &["table", "huge.luau", "--to", "3"],
            "grundy: cannot tabulate huge.luau: the game file's search reached 1000001 positions, more than 1000000, the default limit for a game file (an unbounded game?); raise it with --max-positions N",
        ),
        (
            &["solve", "param.luau", "--param", "x=1"],
            "grundy: param.luau: unknown parameter \"x\" (the parameters are: k)",
        ),
        (
            &["solve", "param.luau", "--param", "k=many"],
            "grundy: param.luau: line 1: --param k=many: k is an integer (its default is 3)",
        ),
        (
            &["solve", "nomoves.luau"],
            "grundy: nomoves.luau: no function moves(pos): every game file defines one, or left(pos) \
             and right(pos) for a partizan game (see docs/game-files.md)",
        ),
        (
            &["solve", "missing.luau"],
            "grundy: missing.luau: cannot read the game file: No such file or directory (os error 2)",
        ),
        (
            &["play", "runtime.luau"],
            "grundy: runtime.luau:3: attempt to index nil with 'y' (in moves, at position [1])",
        ),
    ];
    for (args, expected) in cases {
        let out = grundy(args, Some(&*dir));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end(), expected, "{args:?}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(&grundy(args, None))).unwrap()
}

#[test]
fn table_of_a_game_file() {
    let file = example("subtraction.luau");
    let text = stdout(&grundy(&["table", &file, "--to", "20"], None));
    assert_eq!(
        text,
        "\
game      subtraction
G(n) for n = 0..20:
       0 |  0  1  0  1  2  3  2  0  1  0
      10 |  1  2  3  2  0  1  0  1  2  3
      20 |  2
P-positions (n <= 20): 0 2 7 9 14 16
pattern:  periodic with period 7 from n = 0, a conjecture checked for n < 21
shape:    P-positions form no single residue class for n <= 20
"
    );
    // The same values as the built-in family's table, solved by its own engine.
    let family = json(&["table", "subtraction", "1,3,4", "--to", "20", "--json"]);
    let game = json(&["table", &file, "--to", "20", "--json"]);
    let nimbers: Vec<serde_json::Value> = game["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["nimber"].clone())
        .collect();
    assert_eq!(serde_json::Value::Array(nimbers), family["nimbers"]);
    assert_eq!(game["game"], "subtraction");
    assert_eq!(game["axes"], "one");
    assert_eq!(game["to"], 20);
    assert_eq!(game["pattern"]["periodicity"]["period"], 7);
    assert_eq!(game["pattern"]["evidence"]["kind"], "conjecture");
    assert_eq!(
        game["p_positions"],
        serde_json::json!([[0], [2], [7], [9], [14], [16]])
    );
    assert_eq!(
        game["lines"]["pattern"],
        "periodic with period 7 from n = 0, a conjecture checked for n < 21"
    );
    // Parameters: take 1 or 2, so G(n) = n mod 3.
    let two = json(&["table", &file, "--to", "8", "--param", "set=1,2", "--json"]);
    let nimbers: Vec<u64> = two["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["nimber"].as_u64().unwrap())
        .collect();
    assert_eq!(nimbers, (0..=8).map(|n| n % 3).collect::<Vec<u64>>());
}

/// Issue 23: a table of pairs of a file whose `position` takes one argument is refused
/// with the reason (each row would repeat one heap).
#[test]
fn table_of_pairs_refused_when_position_takes_one_integer() {
    let out = grundy(
        &[
            "table",
            &example("subtraction.luau"),
            "--pairs",
            "--to",
            "5",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--pairs: ") && err.contains("position(a, b) ignores b"),
        "{err}"
    );
}

/// Issue 23: a scoring game's table of pairs shows every value (its score), and a loopy
/// game's shows W, L and D, where a grid of `P` and `.` would hide draws among the wins.
#[test]
fn tables_of_pairs_show_scores_and_draws() {
    // Take one from either heap: the mover scores the heap's size, so a, b = 1, 1 is a draw.
    let scoring = "scoring = true\nfunction position(a, b) return {a, b} end\n\
        function moves(p)\n  local t = {}\n\
        if p[1] > 0 then t[#t + 1] = {to = {p[1] - 1, p[2]}, points = p[1]} end\n\
        if p[2] > 0 then t[#t + 1] = {to = {p[1], p[2] - 1}, points = p[2]} end\n  return t\nend\n";
    // From a, b a move goes to b, a (a cycle) or takes one from a: 0, 0 is lost.
    let loopy = "loopy = true\nfunction position(a, b) return {a, b} end\n\
        function moves(p)\n  local t = {{p[2], p[1]}}\n\
        if p[1] > 0 then t[2] = {p[1] - 1, p[2]} end\n  return t\nend\n";
    let dir = folder("grids", &[("scoring.luau", scoring), ("loopy.luau", loopy)]);
    let text = stdout(&grundy(
        &["table", "scoring.luau", "--pairs", "--to", "2"],
        Some(&*dir),
    ));
    assert!(
        text.contains("values (rows a = 0..2, columns b; the score for the player to move"),
        "{text}"
    );
    // Worked by hand: (1, 1) is a draw, (1, 2) a win by 2 (take from b, then 1 to 1).
    assert!(
        text.contains("     0 0 1 1\n     1 1 0 2\n     2 1 2 0\n"),
        "{text}"
    );
    let text = stdout(&grundy(
        &["table", "loopy.luau", "--pairs", "--to", "1"],
        Some(&*dir),
    ));
    assert!(text.contains("W a win, L a loss, D a draw"), "{text}");
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

/// Issue 23: a `components` that returns a part larger than the position is named as
/// such, not reported as a cycle of the moves.
#[test]
fn a_part_larger_than_its_position_is_named() {
    let grows = "function moves(n) if n > 0 then return {n - 1} end return {} end\n\
        function components(n) if n < 5 then return {n + 1} end return {n} end\n";
    let dir = folder("grows", &[("grows.luau", grows)]);
    let out = grundy(&["solve", "grows.luau", "3"], Some(&*dir));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("grows.luau: components(3) returned the part 4, from which that position is reached again")
            && !err.contains("cycle"),
        "{err}"
    );
    // A real cycle of moves is still one.
    let cycle = "start = 1\nfunction moves(n) return {1 - n} end\n\
        function components(n) return {n} end\n";
    let dir = folder("cycle-parts", &[("cycle.luau", cycle)]);
    let out = grundy(&["solve", "cycle.luau"], Some(&*dir));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("repeats (the game has a cycle)"), "{err}");
}

/// Issue 23: a position with a million moves is said to be one, not an unbounded game.
#[test]
fn a_position_with_a_million_moves_is_named_as_such() {
    let wide = "function moves(n)\n  if n > 0 then return {} end\n  local t = {}\n  \
        for i = 1, 1000000 do t[i] = i end\n  return t\nend\n";
    let dir = folder("wide", &[("wide.luau", wide)]);
    let out = grundy(&["solve", "wide.luau", "0"], Some(&*dir));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the position has 1000000 moves") && !err.contains("unbounded"),
        "{err}"
    );
}

#[test]
fn table_of_pairs_of_a_game_file() {
    let to = "30";
    let game = json(&[
        "table",
        &example("wythoff.luau"),
        "--pairs",
        "--to",
        to,
        "--json",
    ]);
    let builtin = json(&["table", "wythoff", "--to", to, "--json"]);
    let pairs: Vec<serde_json::Value> = game["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p[0].as_u64() <= p[1].as_u64())
        .cloned()
        .collect();
    assert!(pairs.len() > 5, "{pairs:?}");
    assert_eq!(serde_json::Value::Array(pairs), builtin["p_pairs"]);
    assert_eq!(game["axes"], "two");
    assert_eq!(
        game["shape"]["two_heaps"],
        serde_json::json!({"shape": "beatty", "step": 1})
    );
    let text = stdout(&grundy(
        &["table", &example("wythoff.luau"), "--pairs", "--to", "5"],
        None,
    ));
    assert!(
        text.contains("P-positions: (0,0) (1,2) (2,1) (3,5) (5,3)\n"),
        "{text}"
    );
    assert!(text.contains("shape:    Beatty pairs"), "{text}");
}

#[test]
fn table_of_a_file_without_position_exits_2() {
    let dir = folder(
        "table",
        &[(
            "nopos.luau",
            "start = 0\nfunction moves(n)\n  return {}\nend\n",
        )],
    );
    let cases: [(&[&str], &str); 3] = [
        (
            &["table", "nopos.luau", "--to", "5"],
            "grundy: nopos.luau defines no function position: a table needs `function position(n)`, the position made from each n = 0..N",
        ),
        (
            &["table", "nopos.luau", "--pairs", "--to", "5"],
            "grundy: nopos.luau defines no function position: a table needs `function position(a, b)`, the position made from each pair a, b = 0..N (--pairs)",
        ),
        (
            &["table", "subtraction", "1,3,4", "--param", "k=1"],
            "grundy: --param k=1: parameters are for game files (a FILE.luau); built-in games take theirs as words",
        ),
    ];
    for (args, expected) in cases {
        let out = grundy(args, Some(&*dir));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end(), expected, "{args:?}");
    }
}

/// `grundy analyze FILE POS + FAMILY POS + ...`: game files in sums with families.
#[test]
fn analyze_sums_game_files_with_families() {
    let file = example("subtraction.luau");
    let out = grundy(&["analyze", &file, "2", "+", "nim", "1"], None);
    assert_eq!(
        stdout(&out),
        format!(
            "\
game      sum
position  {file} 2 + nim 1
outcome   win (the player to move wins)
value     *1
winning moves: 2
  in {file} 2: heap 1: take 1 (to a position of value 1, from 0)
  in nim 1: heap 1: 1 -> 0 (to a position of value 0, from 1)
why: components: {file} 2 = *0, nim 1 = *1
why: Sprague-Grundy: the sum's value is their XOR = 1
why: a winning move takes a component of value v to v ^ 1: {file} 2 from *0 to *1 (heap 1: take 1); nim 1 from *1 to *0 (heap 1: 1 -> 0)
"
        )
    );
    // Two files (one loaded once), a family with its parameter, `sum` first, JSON.
    let value = json(&[
        "analyze",
        "--json",
        "sum",
        &file,
        "10",
        "+",
        "subtraction",
        "1,3,4",
        "6",
        "+",
        &file,
        "3",
    ]);
    assert_eq!(value["nimber"], 1 ^ 2 ^ 1);
    assert_eq!(value["reasons"][0]["components"][1]["nimber"], 2);
    assert_eq!(value["reasons"][2]["reason"], "sum_moves");
    // The file's parameters, and its start without a position.
    let value = json(&[
        "analyze", "--json", &file, "--param", "set=1,2", "+", "nim", "2",
    ]);
    assert_eq!(value["position"], format!("{file} 5 7 9 + nim 2"));
    // Taking 1 or 2: G(n) = n mod 3, so G(5) ^ G(7) ^ G(9) ^ 2 = 2 ^ 1 ^ 0 ^ 2.
    assert_eq!(value["nimber"], 1);
}

/// Sums refuse what Sprague-Grundy does not add up, and bad components: exit 2, one line.
#[test]
fn analyze_refuses_sums_it_cannot_add() {
    let dir = folder(
        "sums",
        &[
            ("misere.luau", "misere = true\nstart = 1\nfunction moves(n) if n > 0 then return {n - 1} end return {} end\n"),
            ("partizan.luau", "impartial = false\nstart = 1\nfunction moves(n) return {} end\n"),
            ("scores.luau", "scoring = true\nstart = 1\nfunction moves(n) return {} end\n"),
            ("loops.luau", "loopy = true\nstart = 1\nfunction moves(n) return {1 - n} end\n"),
            ("up.luau", "start = 0\nfunction moves(n) return {n + 1} end\n"),
            ("sub.luau", "start = 3\nfunction moves(n) if n > 0 then return {n - 1} end return {} end\n"),
        ],
    );
    let summed = "a sum adds nimbers by XOR (Sprague-Grundy), which only impartial games under normal play have";
    let cases: [(&[&str], String); 8] = [
        (
            &["analyze", "misere.luau", "+", "nim", "1"],
            format!("grundy: misere.luau is impartial, misère play: {summed} (misère sums do not add up by XOR; solve the whole game as one)"),
        ),
        (
            &["analyze", "nim", "1", "+", "partizan.luau"],
            format!("grundy: partizan.luau is win/loss, normal play: {summed}"),
        ),
        (
            &["analyze", "scores.luau"],
            format!("grundy: scores.luau is scoring: {summed}"),
        ),
        (
            &["analyze", "sub.luau", "+", "loops.luau", "0"],
            format!("grundy: loops.luau is loopy, normal play: {summed}"),
        ),
        (
            &["analyze", "up.luau", "+", "nim", "1"],
            "grundy: in up.luau: the game file's search reached 1000001 positions, more than 1000000, the default limit for a game file (an unbounded game?); raise it with --max-positions N".into(),
        ),
        (
            &["analyze", "sub.luau", "x", "+", "nim", "1"],
            "grundy: in sub.luau: bad position: cannot read \"x\": write data (JSON) or integers separated by spaces".into(),
        ),
        (
            &["analyze", "sub.luau", "+", "+", "nim", "1"],
            "grundy: sum expects components separated by '+', e.g. 'nim 3 + bash 2 5'".into(),
        ),
        (
            &["analyze", "sub.luau", "+", "misere-nim", "3"],
            "grundy: misere-nim 3 has no Grundy value here (misère or too large for the engine); a sum needs one".into(),
        ),
    ];
    for (args, expected) in cases {
        let out = grundy(args, Some(&*dir));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end(), expected, "{args:?}");
    }
}

/// Issue 22: `--memory` bounds a game file's search in `table`, `analyze` and `play` as in
/// `solve`: refused with the figure and the flag; a family's table has no such search.
#[test]
fn memory_bounds_every_command_on_a_game_file() {
    let file = example("subtraction.luau");
    let refused = "more than its limit of 1073741 bytes (0.00 GiB); raise it with --memory GIB";
    let cases: [&[&str]; 3] = [
        &["table", &file, "--to", "1000000", "--memory", "0.001"],
        &["analyze", &file, "1000000", "--memory", "0.001"],
        &["solve", &file, "1000000", "--memory", "0.001"],
    ];
    for args in cases {
        let out = grundy(args, None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(refused), "{args:?}: {err}");
    }
    let out = run::typed(
        &["play", &example("connect_four.luau"), "--memory", "0.001"],
        "hint\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("raise it with --memory GIB"), "{text}");
    // Within the limit the answers are unchanged.
    let small = stdout(&grundy(
        &["analyze", &file, "100", "--memory", "0.001"],
        None,
    ));
    assert!(small.contains("outcome   loss"), "{small}");
    let out = grundy(&["table", "nim", "--memory", "1"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--memory is for a game file's table"));
}

/// Issue 44: a position that is not one of the file's is refused by the library's check
/// (what `parse` reads is checked, as Python's data and the server's positions are): exit
/// 2, the position and what the positions are named, never the file's line.
#[test]
fn positions_that_are_no_positions_exit_2_naming_them() {
    let dir = folder(
        "malformed",
        &[(
            "pair.luau",
            "start = {1, 2}\nfunction moves(p)\n  return {{p[1] + p[2]}}\nend\n",
        )],
    );
    let file = dir.0.join("pair.luau");
    let file = file.to_str().unwrap();
    let cases = [
        (
            file.to_string(),
            r#"["a", "b"]"#,
            r#"bad position ["a", "b"] for pair: expected a list of integers like its start [1, 2], found a list of strings"#,
        ),
        (
            file.to_string(),
            "[1]",
            "bad position [1] for pair: its moves function fails on it; expected a list of \
             integers like its start [1, 2]",
        ),
        (
            example("wythoff.luau"),
            "8",
            r#"a position is two heaps, integers from 0 up, found "8""#,
        ),
    ];
    for (game, position, message) in cases {
        let out = grundy(&["solve", &game, position], None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
        let mut after_file = stderr.split(".luau:").skip(1);
        let line = after_file.any(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        assert!(!line, "{stderr}");
    }
}
