//! Bad game files and bad positions: exit code 2 with the file and the line or the
//! position at fault, within the memory asked for.

use super::*;

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
