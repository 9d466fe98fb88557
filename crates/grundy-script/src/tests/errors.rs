//! Every kind of bad file, refused with the file, the line and the position at fault.

use super::*;

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
