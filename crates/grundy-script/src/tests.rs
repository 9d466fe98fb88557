//! Game files against the built-in games and plain searches, and every kind of bad file.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::catalog::builtin;
use grundy::dynamic::{Datum, DynError, DynGame, Solution};
use grundy::games::subtraction::Subtraction;
use grundy::{Budget, Outcome, SolveError};

use super::*;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name)
}

fn source(text: &str) -> Arc<dyn DynGame> {
    load_source("test.luau", text, &[]).unwrap()
}

fn error(text: &str) -> String {
    load_source("test.luau", text, &[])
        .err()
        .unwrap()
        .to_string()
}

/// Rows of up to three heaps of at most `max`.
fn rows(max: i64) -> Vec<Datum> {
    let mut out = Vec::new();
    for a in 0..=max {
        out.push(Datum::ints([a]));
        for b in 0..=max {
            out.push(Datum::ints([a, b]));
            for c in 0..=max {
                out.push(Datum::ints([a, b, c]));
            }
        }
    }
    out
}

fn same_values(ours: &Solution, theirs: &Solution) {
    assert_eq!(ours.value, theirs.value, "at {}", theirs.position);
    let moves = |s: &Solution| {
        s.moves
            .iter()
            .map(|m| (m.mv.to.clone(), m.value))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(ours), moves(theirs), "at {}", theirs.position);
    assert_eq!(ours.optimal, theirs.optimal, "at {}", theirs.position);
}

#[test]
fn the_subtraction_example_agrees_with_the_built_in_game() {
    let file = load(&example("subtraction.luau"), &[]).unwrap();
    let native = builtin::subtraction(Subtraction::new("1,3,4".parse().unwrap()));
    for pos in rows(7) {
        same_values(
            &file.solve(&pos, &Budget::default()).unwrap(),
            &native.solve(&pos, &Budget::default()).unwrap(),
        );
    }
    let other = load(
        &example("subtraction.luau"),
        &[("set".into(), "2,5".into())],
    )
    .unwrap();
    assert_eq!(other.name(), "subtraction set=2,5");
    let native = builtin::subtraction(Subtraction::new("2,5".parse().unwrap()));
    for pos in rows(5) {
        same_values(
            &other.solve(&pos, &Budget::default()).unwrap(),
            &native.solve(&pos, &Budget::default()).unwrap(),
        );
    }
    // Text, labels and tables as the file defines them.
    let pos = file.parse("3, 4").unwrap();
    assert_eq!(pos, Datum::ints([3, 4]));
    assert_eq!(file.show(&pos).unwrap(), "3 4");
    assert_eq!(file.moves(&pos).unwrap()[0].label, "heap 1: take 1");
    assert_eq!(
        file.parse("3 x").unwrap_err().to_string(),
        "bad position: a heap is an integer from 0 up, found \"x\""
    );
    assert_eq!(file.position_of(&[6]).unwrap().unwrap(), Datum::ints([6]));
    assert_eq!(file.start(), Some(Datum::ints([5, 7, 9])));
}

/// The value of a tic-tac-toe board for the player to move, by plain negamax over the
/// rules written again here (+1 win, 0 draw, -1 loss).
fn tictactoe(board: &mut [u8; 9], memo: &mut HashMap<[u8; 9], i64>) -> i64 {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    if let Some(&v) = memo.get(board) {
        return v;
    }
    let xs = board.iter().filter(|&&c| c == b'x').count();
    let os = board.iter().filter(|&&c| c == b'o').count();
    let (mark, other) = if xs == os { (b'x', b'o') } else { (b'o', b'x') };
    let won = |b: &[u8; 9], m: u8| LINES.iter().any(|l| l.iter().all(|&i| b[i] == m));
    let mut best = None;
    if !won(board, other) {
        for i in 0..9 {
            if board[i] == b'.' {
                board[i] = mark;
                let v = if won(board, mark) {
                    1
                } else {
                    -tictactoe(board, memo)
                };
                board[i] = b'.';
                best = Some(best.map_or(v, |b: i64| b.max(v)));
            }
        }
    }
    let v = best.unwrap_or(0);
    memo.insert(*board, v);
    v
}

#[test]
fn tictactoe_is_a_draw_and_agrees_with_a_plain_search() {
    // Published: tic-tac-toe is a draw under perfect play (Wikipedia, "Tic-tac-toe";
    // J. Beck, Combinatorial Games: Tic-Tac-Toe Theory, Cambridge University Press, 2008).
    let game = load(&example("tictactoe.luau"), &[]).unwrap();
    let start = game.start().unwrap();
    let sol = game.solve(&start, &Budget::default()).unwrap();
    assert_eq!(sol.value.outcome, Outcome::Draw);
    assert_eq!(sol.value.score, Some(0));
    assert_eq!(sol.moves.len(), 9);
    assert_eq!(sol.optimal.len(), 9, "every first move draws");
    // Every position after one, two or three moves, against the plain search.
    let mut memo = HashMap::new();
    let mut frontier = vec![start];
    for _ in 0..3 {
        let mut next = Vec::new();
        for pos in &frontier {
            for mv in game.moves(pos).unwrap() {
                let Datum::Str(text) = &mv.to else {
                    panic!("{}", mv.to)
                };
                let mut board: [u8; 9] = text.as_bytes().try_into().unwrap();
                let ours = game.solve(&mv.to, &Budget::default()).unwrap();
                assert_eq!(
                    ours.value.score,
                    Some(tictactoe(&mut board, &mut memo)),
                    "{text}"
                );
                next.push(mv.to);
            }
        }
        next.dedup();
        frontier = next;
    }
    assert_eq!(
        game.show(&Datum::Str("x...o....".into())).unwrap(),
        "x..\n.o.\n..."
    );
    assert_eq!(
        game.parse("x.. / .o. / ...").unwrap(),
        Datum::Str("x...o....".into())
    );
    assert!(game.parse("xx.......").is_err());
    assert_eq!(
        game.play(&Datum::Str("x...o....".into()), "c3").unwrap().to,
        Datum::Str("x...o...x".into())
    );
}

#[test]
fn syntax_errors_name_the_file_and_line() {
    assert_eq!(
        error("name = \"x\"\nfunction moves(p)\n  local = 3\nend\n"),
        "test.luau:3: syntax error: Expected identifier when parsing variable name, got '='"
    );
    let err = load_source("test.luau", "function moves(p", &[])
        .err()
        .unwrap();
    assert!(matches!(err, ScriptError::Syntax { line: 1, .. }), "{err}");
}

#[test]
fn runtime_errors_name_the_line_and_the_position() {
    let game = source("function moves(p)\n  local out = {}\n  return out.x.y\nend\n");
    let err = game
        .solve(&Datum::ints([3]), &Budget::default())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "test.luau:3: attempt to index nil with 'y' (in moves, at position [3])"
    );
    let game = source("function moves(p)\n  if p == 2 then error(\"no two\") end\n  if p > 0 then return {p - 1} end\n  return {}\nend\n");
    let err = game.solve(&Datum::Int(5), &Budget::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "test.luau:2: no two (in moves, at position 2)"
    );
    // Errors while loading: the top level, and start.
    assert_eq!(
        error("local x = nil\nx.y = 1\n"),
        "test.luau:2: attempt to index nil with 'y'"
    );
    assert_eq!(
        error("function moves(p) return {} end\nfunction start() return nil + 1 end\n"),
        "test.luau:2: attempt to perform arithmetic (add) on nil and number"
    );
}

#[test]
fn bad_moves_are_named_with_their_position() {
    let err = |body: &str| {
        let game = source(&format!("function moves(p)\n  {body}\nend\n"));
        game.solve(&Datum::Int(1), &Budget::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("return {0.5}"),
        "test.luau:1: moves returned move 1: 0.5 is not an integer (in moves, at position 1)"
    );
    assert_eq!(
        err("return {{a = 1}}"),
        "test.luau:1: moves returned move 1: a table with the key \"a\" is not a position (a list has keys 1, 2, ... only) (in moves, at position 1)"
    );
    assert_eq!(
        err("return {{to = 0, lable = 'x'}}"),
        "test.luau:1: moves returned move 1: unknown field \"lable\" (a move has to, label, points, again) (in moves, at position 1)"
    );
    assert_eq!(
        err("return {{to = 0, points = 1}}"),
        "test.luau: move 1 from 1 earns 1 points, but the game is not declared scoring"
    );
    assert_eq!(
        err("return 3"),
        "test.luau:1: moves returned the number 3, not a list of moves (in moves, at position 1)"
    );
    assert!(err("return {math.floor}").contains("a function is not a position"));
    assert!(err("return {{1, nil, 3}}").contains("hole"));
    // Keys far apart are a hole, not a billion slots.
    assert!(err("return {{[1000000000] = 1}}").contains("a list with a hole at 1 "));
    assert!(err("return {{[2] = 1, [1] = 0, [4] = 3}}").contains("a list with a hole at 3 "));
    // A key other than 1, 2, ... is found wherever Luau stores it.
    assert!(
        err("local t = {}\n  t.a = 1\n  t[1] = 0\n  t[2] = 0\n  return {t}")
            .contains("the key \"a\"")
    );
    assert!(err("return {{1, 2, [2.5] = 3}}").contains("the key the number 2.5"));
}

/// A `canonical` that returns no position is refused with its line and the position it was
/// given; one that errs names its own line.
#[test]
fn a_bad_canonical_is_named_with_its_line() {
    let err = |body: &str| {
        let text = format!(
            "function moves(n)\n  return if n > 0 then {{n - 1}} else {{}}\nend\n\
             function canonical(n)\n  {body}\nend\n"
        );
        source(&text)
            .solve(&Datum::Int(2), &Budget::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("return {a = n}"),
        "test.luau:4: canonical returned a table with the key \"a\" is not a position (a list \
         has keys 1, 2, ... only) (in canonical, at position 1)"
    );
    assert_eq!(
        err("return nil"),
        "test.luau:4: canonical returned nil is not a position (positions are integers, \
         strings, booleans and lists) (in canonical, at position 1)"
    );
    assert_eq!(
        err("error('no class')"),
        "test.luau:5: no class (in canonical, at position 1)"
    );
    // A canonical that is no function is refused when the file is loaded.
    assert_eq!(
        error("function moves(n) return {} end\ncanonical = 3"),
        "test.luau: canonical must be a function of a position, not a number"
    );
}

#[test]
fn positions_in_any_key_order_are_lists() {
    let game = source(
        "function moves(p)\n  if p[1] == 0 then return {} end\n  local t = {}\n  t[3] = 0\n  t[1] = 0\n  t[2] = 0\n  return {t}\nend\n",
    );
    let sol = game
        .solve(&Datum::ints([1, 1, 1]), &Budget::default())
        .unwrap();
    assert_eq!(sol.moves[0].mv.to, Datum::ints([0, 0, 0]));
}

#[test]
fn an_endless_moves_stops_at_the_operation_cap() {
    let game = source("function moves(p)\n  while true do end\nend\n");
    let begun = Instant::now();
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "test.luau: the operation cap of 10000000 steps was hit in moves (an endless loop?) (in moves, at position 1)"
    );
    assert!(begun.elapsed() < Duration::from_secs(60));
    // Recursion without end is stopped too (Luau's own stack limit, or the cap).
    let game =
        source("local function f(n) return f(n + 1) + 1 end\nfunction moves(p) return f(0) end\n");
    assert!(game.solve(&Datum::Int(1), &Budget::default()).is_err());
    // At load time as well.
    assert!(error("while true do end").contains("operation cap"));
}

#[test]
fn memory_is_capped() {
    let game = source(
        "function moves(p)\n  local t = {}\n  for i = 1, 1e8 do t[i] = {i} end\n  return t\nend\n",
    );
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("memory cap of 256 MiB") || text.contains("operation cap"),
        "{text}"
    );
}

/// A smaller cap holds in every call, not only at load time, and names itself.
#[test]
fn a_memory_cap_of_its_own() {
    let text = "start = 1\nfunction moves(p)\n  local t = {}\n  for i = 1, 1e6 do t[i] = i end\n  return {}\nend\n";
    let game = crate::load_source_within("test.luau", text, &[], 2 << 20).unwrap();
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("test.luau: the memory cap of 2 MiB was hit in moves"),
        "{err}"
    );
    // The default cap lets the same call through.
    let game = source(text);
    assert!(game.solve(&Datum::Int(1), &Budget::default()).is_ok());
}

/// Issue 23: reaching outside the computation is refused by name, at the file's line, not
/// as "attempt to call a nil value".
#[test]
fn the_sandbox_has_no_io_os_or_loading() {
    for (name, call) in [
        ("io.open", "io.open('x')"),
        ("os.execute", "os.execute('ls')"),
        ("debug.info", "debug.info(1)"),
        ("require", "require('x')"),
        ("loadstring", "loadstring('x')"),
        ("print", "print('x')"),
        ("dofile", "dofile('x')"),
        ("load", "load('x')"),
        ("collectgarbage", "collectgarbage()"),
        ("getfenv", "getfenv()"),
    ] {
        let game = source(&format!("function moves(p)\n  return {{ {call} }}\nend"));
        let err = game.moves(&Datum::Int(0)).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("test.luau:2: {name}"))
                && err.contains("is not available in game files"),
            "{name}: {err}"
        );
    }
    // At the top level too, and `io` cannot be given fields.
    let err = error("io.write = 1\nfunction moves(p) return {} end");
    assert!(
        err.contains("test.luau:1: the io library is not available"),
        "{err}"
    );
    // A file cannot change the libraries other code relies on.
    assert!(error("string.sub = nil\nfunction moves(p) return {} end").contains("readonly"));
}

#[test]
fn a_cycle_without_loopy_is_named_and_loopy_games_draw() {
    let walk = "function moves(n)\n  local out = {}\n  if n > 0 then out[#out + 1] = n - 1 end\n  if n > 0 and n < 4 then out[#out + 1] = n + 1 end\n  return out\nend\n";
    let err = source(walk)
        .solve(&Datum::Int(3), &Budget::default())
        .unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("test.luau: position "), "{text}");
    assert!(
        text.ends_with(
            "repeats (the game has a cycle): declare the game loopy to solve it with draws"
        ),
        "{text}"
    );
    let loopy = source(&format!("loopy = true\n{walk}"));
    assert_eq!(
        loopy
            .solve(&Datum::Int(2), &Budget::default())
            .unwrap()
            .value
            .outcome,
        Outcome::Draw
    );
    assert_eq!(
        loopy
            .solve(&Datum::Int(1), &Budget::default())
            .unwrap()
            .value
            .outcome,
        Outcome::Win
    );
}

#[test]
fn a_game_too_large_for_the_budget_is_refused_with_its_size() {
    let game = source("function moves(n) return {n + 1} end");
    let err = game
        .solve(&Datum::Int(0), &Budget::default().with_positions(10_000))
        .unwrap_err();
    assert!(
        matches!(
            err,
            DynError::Solve(SolveError::TooLarge {
                needed: 10_001,
                limit: 10_000,
                ..
            })
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "the game needs 10001 positions, more than the limit of 10000"
    );
}

#[test]
fn parameters_are_checked() {
    let text = "local k = param(\"k\", 3, \"the most\")\nfunction moves(n) return {} end\n";
    let err = |params: &[(&str, &str)]| {
        let params: Vec<_> = params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        load_source("test.luau", text, &params)
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        err(&[("x", "1")]),
        "test.luau: unknown parameter \"x\" (the parameters are: k)"
    );
    assert_eq!(
        err(&[("k", "many")]),
        "test.luau: line 1: --param k=many: k is an integer (its default is 3)"
    );
    let none = load_source(
        "test.luau",
        "function moves(n) return {} end",
        &[("k".into(), "1".into())],
    )
    .err()
    .unwrap();
    assert_eq!(
        none.to_string(),
        "test.luau: unknown parameter \"k\" (the game has no parameters)"
    );
    assert!(
        error("param(1, 2)\nfunction moves(n) return {} end").contains("the name must be a string")
    );
}

#[test]
fn definitions_are_checked() {
    assert_eq!(
        error("name = 'x'"),
        "test.luau: no function moves(pos): every game file defines one, or left(pos) and \
         right(pos) for a partizan game (see docs/game-files.md)"
    );
    // Partizan files: both sides, not with moves, none of the other kinds' flags.
    assert_eq!(
        error("function left(p) return {} end"),
        "test.luau: a partizan game defines both left(pos) and right(pos) (see docs/game-files.md)"
    );
    assert_eq!(
        error("function left(p) return {} end\nfunction right(p) return {} end\nfunction moves(p) return {} end"),
        "test.luau: a game file defines moves(pos) or, for a partizan game, left(pos) and \
         right(pos), not both"
    );
    assert_eq!(
        error("misere = true\nfunction left(p) return {} end\nfunction right(p) return {} end"),
        "test.luau: a partizan game (left and right) is short, normal play and without points: \
         remove misere = true"
    );
    assert_eq!(
        error("moves = 3"),
        "test.luau: moves must be a function of a position, not a number"
    );
    assert_eq!(
        error("loopy = 1\nfunction moves(p) return {} end"),
        "test.luau: loopy must be true or false, not a number"
    );
    assert_eq!(
        error("loopy = true\nscoring = true\nfunction moves(p) return {} end"),
        "test.luau: a game cannot be both loopy and scoring"
    );
    assert_eq!(
        error("start = 0.5\nfunction moves(p) return {} end"),
        "test.luau: start is not a position: 0.5 is not an integer"
    );
    let err = load(Path::new("no/such.luau"), &[]).err().unwrap();
    assert!(
        err.to_string()
            .starts_with("no/such.luau: cannot read the game file: "),
        "{err}"
    );
}

#[test]
fn kinds_come_from_the_flags() {
    use grundy::dynamic::Kind;
    use grundy::Play;
    let kind = |flags: &str| source(&format!("{flags}\nfunction moves(p) return {{}} end")).kind();
    assert_eq!(kind(""), Kind::Impartial { play: Play::Normal });
    assert_eq!(
        kind("misere = true"),
        Kind::Impartial { play: Play::Misere }
    );
    assert_eq!(
        kind("impartial = false"),
        Kind::WinLoss { play: Play::Normal }
    );
    assert_eq!(kind("scoring = true"), Kind::Scoring);
    assert_eq!(
        kind("loopy = true\nmisere = true"),
        Kind::Loopy { play: Play::Misere }
    );
    // Misère: the player who cannot move wins.
    let game =
        source("misere = true\nfunction moves(n) if n > 0 then return {n - 1} end return {} end");
    assert_eq!(
        game.solve(&Datum::Int(0), &Budget::default())
            .unwrap()
            .value
            .outcome,
        Outcome::Win
    );
}

#[test]
fn tables_run_over_a_game_files_positions() {
    use grundy::table::{tabulate_game, Axes};
    let file = load(&example("subtraction.luau"), &[]).unwrap();
    let table = tabulate_game(file.as_ref(), Axes::One, 30, &Budget::default()).unwrap();
    let native = builtin::subtraction(Subtraction::new("1,3,4".parse().unwrap()));
    for n in 0..=30i64 {
        let theirs = native.value(&Datum::ints([n]), &Budget::default()).unwrap();
        assert_eq!(table.values[n as usize], theirs, "n = {n}");
    }
    // Subtraction {1, 3, 4}: nimbers 0 1 0 1 2 3 2, period 7 (Berlekamp, Conway and Guy,
    // Winning Ways, chapter 4).
    let pattern = table.pattern.expect("a period");
    assert_eq!(
        (pattern.periodicity.preperiod, pattern.periodicity.period),
        (0, 7)
    );
}

#[test]
fn a_label_function_names_moves_only_where_they_are_shown() {
    // `label` counts its calls in a global: a search never asks it, the solved position's
    // moves do, and a move's own `label` field wins.
    let game = source(
        "asked = 0\n\
         function moves(n)\n  local out = {}\n  for k = 1, math.min(n, 2) do\n    out[#out + 1] = if k == 2 then {to = n - k, label = 'two'} else n - k\n  end\n  return out\nend\n\
         function label(n, to)\n  asked += 1\n  return `take {n - to} (asked {asked})`\nend\n",
    );
    let sol = game.solve(&Datum::Int(9), &Budget::default()).unwrap();
    let labels: Vec<&str> = sol.moves.iter().map(|m| m.mv.label.as_str()).collect();
    assert_eq!(labels, ["take 1 (asked 1)", "two"]);

    let bad = source("function moves(n) return if n > 0 then {n - 1} else {} end\nfunction label(n, to) return n end\n");
    let err = bad.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "test.luau:2: label returned a number, not a string (in moves, at position 1)"
    );
    assert_eq!(
        error("function moves(n) return {} end\nlabel = 3\n"),
        "test.luau: label must be a function of a position and a move's position, not a number"
    );
}

/// Issue 23: two moves of a position with one label are refused (the docs require labels
/// to be unique: a person names a move by its label).
#[test]
fn duplicate_labels_are_refused() {
    let game = source(
        "function moves(n)\n  if n == 0 then return {} end\n  \
         return {{to = 0, label = 'take'}, {to = n - 1, label = 'take'}}\nend\n",
    );
    let err = game.solve(&Datum::Int(2), &Budget::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "test.luau: moves 1 and 2 have the same label \"take\": labels must be unique among a position's moves (in moves, at position 2)"
    );
}

/// A file's `draw` is checked: a click that names no move, a field the format does not
/// have and a value that is not data are errors naming the file and the position; `nil`
/// (or no `draw`) is no drawing.
#[test]
fn draw_errors_name_the_file_and_the_problem() {
    let draw = |body: &str| {
        let game = source(&format!(
            "start = 2\nfunction moves(n) return if n > 0 then {{ {{ to = n - 1, label = \"take\" }} }} else {{}} end\n\
             function draw(n) {body} end"
        ));
        game.draw(&Datum::Int(2)).map_err(|e| e.to_string())
    };
    let err =
        draw("return { heaps = { { size = n, clicks = { false, \"give\" } } } }").unwrap_err();
    assert_eq!(
        err,
        "test.luau: draw returned a drawing where a click names the move \"give\", which the \
         position does not have (in draw, at position 2)"
    );
    let err = draw("return { grid = { cells = {}, colour = 1 } }").unwrap_err();
    assert!(
        err.starts_with(
            "test.luau: draw returned a drawing that is not one: unknown field `colour`"
        ),
        "{err}"
    );
    let err = draw("return { grid = { cells = { { math.floor } } } }").unwrap_err();
    assert!(
        err.starts_with("test.luau: draw returned a function inside the drawing"),
        "{err}"
    );
    let err = draw("return { heaps = { { size = n, clicks = { [3] = \"x\" }, name = {} } } }")
        .unwrap_err();
    assert!(err.starts_with("test.luau: draw returned "), "{err}");
    let err = draw("error(\"no board\")").unwrap_err();
    assert!(
        err.starts_with("test.luau:3: no board (in draw, at position 2)"),
        "{err}"
    );
    assert_eq!(draw("return nil"), Ok(None));
    let drawn = draw("return { heaps = { { size = n, clicks = { false, \"take\" } } } }");
    assert!(matches!(drawn, Ok(Some(_))), "{drawn:?}");
    assert_eq!(
        source("function moves(n) return {} end").draw(&Datum::Int(1)),
        Ok(None)
    );
}
