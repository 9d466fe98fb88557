//! `grundy table` and `grundy analyze` on game files: tables of one heap and of pairs, and
//! sums with the built-in families.

use super::*;

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
