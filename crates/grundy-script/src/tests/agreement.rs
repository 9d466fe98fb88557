//! Game files solve as the built-in games and plain searches do: values, kinds, cycles,
//! tables and labels.

use super::*;

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
