//! The examples with symmetries (`canonical`, docs/game-files.md "Symmetry") give the same
//! answers with and without it: the value, remoteness, and every move (label, position
//! reached, value) of each position checked; their principal lines are played moves, each
//! optimal; and with `canonical` the search expands fewer positions.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use grundy::dynamic::{Ask, Datum, DynGame, Solution};
use grundy::Budget;

use super::{data, load};

/// The example `name` with `params`, its `canonical` function removed.
fn without_canonical(name: &str, params: &[(&str, &str)]) -> Arc<dyn DynGame> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name);
    let source = std::fs::read_to_string(path).unwrap();
    assert!(
        source.contains("\nfunction canonical("),
        "{name} has no canonical"
    );
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    grundy_script::load_source(name, &format!("{source}\ncanonical = nil\n"), &params).unwrap()
}

/// The solution of `pos` with remoteness asked, and the positions the search expanded.
fn solved(game: &Arc<dyn DynGame>, pos: &Datum) -> (Solution, u64) {
    let counter = Arc::new(AtomicU64::new(0));
    let budget = Budget::default().with_progress(Arc::clone(&counter));
    let sol = game
        .solve_with(
            pos,
            &budget,
            Ask {
                remoteness: true,
                ..Ask::default()
            },
        )
        .unwrap_or_else(|err| panic!("{} at {pos}: {err}", game.name()));
    (sol, counter.load(Ordering::Relaxed))
}

/// Checks `name` on `positions` and each position one move from them, and returns the
/// positions expanded from the first with and without `canonical`.
fn check(name: &str, params: &[(&str, &str)], positions: &[Datum]) -> (u64, u64) {
    let with = load(name, params);
    let plain = without_canonical(name, params);
    let mut checked = Vec::new();
    for pos in positions {
        checked.push(pos.clone());
        checked.extend(with.moves(pos).unwrap().into_iter().map(|mv| mv.to));
    }
    let mut stored = None;
    for pos in &checked {
        // Fresh games for the first position, so that the counts are the whole search's.
        let (sol, expanded) = solved(&with, pos);
        let (expected, expanded_plain) = solved(&plain, pos);
        stored.get_or_insert((expanded, expanded_plain));
        assert_eq!(sol.value, expected.value, "{name} at {pos}");
        assert_eq!(sol.moves, expected.moves, "{name}: moves at {pos}");
        assert_eq!(sol.optimal, expected.optimal, "{name}: optimal at {pos}");
        // The line is played from `pos`: each step one of the moves there, and optimal.
        let mut current = pos.clone();
        for step in &sol.line {
            let (here, _) = solved(&plain, &current);
            let best: Vec<_> = here.optimal.iter().map(|&i| &here.moves[i].mv).collect();
            assert!(
                best.contains(&step),
                "{name}: {} from {current}",
                step.label
            );
            current = step.to.clone();
        }
        // It ends where the game does (a scoring game's lines may differ in length).
        assert!(
            plain.moves(&current).unwrap().is_empty(),
            "{name}: the line from {pos} stops at {current}"
        );
    }
    let (with_count, plain_count) = stored.unwrap();
    assert!(
        with_count < plain_count,
        "{name}: {with_count} positions with canonical, {plain_count} without"
    );
    (with_count, plain_count)
}

#[test]
fn tictactoe_by_its_eight_symmetries() {
    let (with, plain) = check("tictactoe.luau", &[], &[Datum::Str(".........".into())]);
    // 5478 boards are reachable from the empty one, 765 up to turns and mirrors (as
    // counted, e.g., in the Wikipedia article "Tic-tac-toe"): the search expands each.
    assert_eq!((with, plain), (765, 5478));
    check("tictactoe.luau", &[], &[Datum::Str("x...o....".into())]);
}

#[test]
fn connect_four_by_its_mirror() {
    let board = Datum::Str(".../.../.../...".into());
    check("connect_four.luau", &[("connect", "3")], &[board]);
}

#[test]
fn chomp_by_its_transpose() {
    check(
        "chomp.luau",
        &[],
        &[data("[4, 4, 4]"), data("[5, 3, 2, 2]")],
    );
}

#[test]
fn cram_by_its_turns_and_mirrors() {
    let boards = [
        data(r#"["....", "....", "...."]"#),
        data(r#"["..#..", "....."]"#),
    ];
    check("cram.luau", &[], &boards);
}

#[test]
fn domineering_by_its_turns_and_mirrors() {
    let boards = [
        data(r#"["V", ["....", "....", "...."]]"#),
        data(r#"["H", ["...", ".#.", "...", "..."]]"#),
    ];
    check("domineering.luau", &[], &boards);
}

#[test]
fn dots_and_boxes_by_its_turns_and_mirrors() {
    check(
        "dots_and_boxes.luau",
        &[],
        &[data(r#"[2, 2, "100000000000"]"#)],
    );
    let wide = [("rows", "1"), ("cols", "3")];
    check(
        "dots_and_boxes.luau",
        &wide,
        &[data(r#"[1, 3, "0000000000"]"#)],
    );
}
