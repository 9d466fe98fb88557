//! Every example draws every position reached from its start (up to a bound): the drawing
//! is valid (the game checks it), its clicks name moves of the position, and on the
//! boards every move is a click.

use std::sync::Arc;

use grundy::dynamic::drawing::{Drawing, Fill};
use grundy::dynamic::{Datum, DynGame};

use super::load;

/// Walks up to `limit` positions from the start of `file`; returns how many were drawn.
fn walk(file: &str, all: bool, limit: usize) -> usize {
    let game: Arc<dyn DynGame> = load(file, &[]);
    let start = game.start().unwrap();
    let mut seen = vec![start.clone()];
    let mut todo = vec![start];
    let mut drawn = 0;
    while let Some(pos) = todo.pop() {
        let moves = game.moves(&pos).unwrap();
        let drawing = game
            .draw(&pos)
            .unwrap_or_else(|e| panic!("{file} at {pos}: {e}"))
            .unwrap_or_else(|| panic!("{file} at {pos}: no drawing"));
        if all {
            let clicks = drawing.clicks();
            for mv in &moves {
                assert!(
                    clicks.contains(&mv.label.as_str()),
                    "{file} at {pos}: no click plays {}",
                    mv.label
                );
            }
        }
        drawn += 1;
        for mv in moves {
            if seen.len() < limit && !seen.contains(&mv.to) {
                seen.push(mv.to.clone());
                todo.push(mv.to);
            }
        }
    }
    drawn
}

#[test]
fn every_example_draws_its_positions() {
    // (file, every move a click): Wythoff takes from both heaps, Dot reflects onto a point
    // a vector may reach and Team Nim starts with more stones than are drawn, from the list.
    let files = [
        ("tictactoe.luau", true),
        ("connect_four.luau", true),
        ("chomp.luau", true),
        ("cram.luau", true),
        ("domineering.luau", true),
        ("dots_and_boxes.luau", true),
        ("young.luau", true),
        ("minesweeper.luau", true),
        ("gems_fight.luau", true),
        ("cat_and_mouse.luau", true),
        ("dot.luau", false),
        ("team_nim.luau", false),
        ("kiki.luau", true),
        ("paint_chain.luau", true),
        ("subtraction.luau", true),
        ("snim.luau", true),
        ("powers_of_two.luau", true),
        ("fibonacci_nim.luau", true),
        ("bash.luau", true),
        ("wythoff.luau", false),
    ];
    for (file, all) in files {
        let drawn = walk(file, all, 120);
        assert!(drawn >= 3, "{file}: {drawn}");
    }
}

/// Tic-tac-toe's start: nine empty cells, each clicked to mark it by its name; after b2
/// the centre holds x, and no click names it.
#[test]
fn tictactoe_draws_its_board() {
    let game = load("tictactoe.luau", &[]);
    let Some(Drawing::Grid(grid)) = game.draw(&game.start().unwrap()).unwrap() else {
        panic!("a grid")
    };
    assert_eq!(
        (grid.rows.join(""), grid.columns.join("")),
        ("123".into(), "abc".into())
    );
    let clicks: Vec<_> = grid
        .cells
        .iter()
        .flatten()
        .map(|c| c.click.clone().unwrap())
        .collect();
    assert_eq!(
        clicks,
        ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    );
    let after = Datum::Str("....x....".into());
    let Some(Drawing::Grid(grid)) = game.draw(&after).unwrap() else {
        panic!("a grid")
    };
    assert_eq!(
        (grid.cells[1][1].fill, grid.cells[1][1].text.as_str()),
        (Fill::First, "x")
    );
    assert_eq!(grid.cells[1][1].click, None);
}

/// Issue 24: Dots-and-Boxes shows each box's owner in a game in progress, from who
/// completed it (the position itself does not record it): the first player closes the left
/// box of a 1 x 2 board, the second the right one.
#[test]
fn dots_and_boxes_shows_who_took_each_box() {
    use grundy::dynamic::session::{Session, Side};
    let game = load("dots_and_boxes.luau", &[("rows", "1"), ("cols", "2")]);
    let mut session = Session::new(game.clone(), game.start().unwrap(), Side::Person);
    for line in [
        "h 1 1", "h 1 2", "h 2 1", "v 1 1", "v 1 2", "h 2 2", "v 1 3",
    ] {
        session.play_either(line).unwrap();
    }
    assert_eq!(session.seats(), vec![0, 1, 0, 1, 0, 0, 1, 1]);
    let boxes = |drawing: Option<Drawing>| {
        let Some(Drawing::Grid(grid)) = drawing else {
            panic!("a grid")
        };
        (grid.cells[1][1].fill, grid.cells[1][3].fill)
    };
    assert_eq!(
        boxes(session.drawing().unwrap()),
        (Fill::First, Fill::Second)
    );
    // The position alone: both boxes taken, owners unknown.
    let alone = game.draw(session.position()).unwrap();
    assert_eq!(boxes(alone), (Fill::Marked, Fill::Marked));
}
