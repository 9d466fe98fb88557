//! Every example draws every position reached from its start (up to a bound): the drawing
//! is valid (the game checks it), its clicks name moves of the position, and on the
//! boards every move is a click. A partizan example draws its positions with no clicks (no
//! one is to move).

use std::sync::Arc;

use grundy::drawing::{Drawing, Fill, Grid, Shape};
use grundy::dynamic::partizan::Side;
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
        ("wythoff.luau", true),
    ];
    for (file, all) in files {
        let drawn = walk(file, all, 120);
        assert!(drawn >= 3, "{file}: {drawn}");
    }
}

/// Walks up to `limit` positions of a partizan `file` from its start by both players'
/// moves: each is drawn with no clicks. Returns how many were drawn.
fn walk_partizan(file: &str, limit: usize) -> usize {
    let game: Arc<dyn DynGame> = load(file, &[]);
    let partizan = game.partizan().expect("a partizan game");
    let start = game.start().unwrap();
    let mut seen = vec![start.clone()];
    let mut todo = vec![start];
    let mut drawn = 0;
    while let Some(pos) = todo.pop() {
        let drawing = game
            .draw(&pos)
            .unwrap_or_else(|e| panic!("{file} at {pos}: {e}"));
        match drawing {
            Some(drawing) => {
                assert!(drawing.clicks().is_empty(), "{file} at {pos}: a click");
                drawn += 1;
            }
            // Only a position with nothing left to play is shown as text.
            None => {
                for side in [Side::Left, Side::Right] {
                    let moves = partizan.options(&pos, side).unwrap();
                    assert!(moves.is_empty(), "{file} at {pos}: no drawing");
                }
            }
        }
        for side in [Side::Left, Side::Right] {
            for mv in partizan.options(&pos, side).unwrap() {
                if seen.len() < limit && !seen.contains(&mv.to) {
                    seen.push(mv.to.clone());
                    todo.push(mv.to);
                }
            }
        }
    }
    drawn
}

#[test]
fn every_partizan_board_draws_its_positions() {
    for file in [
        "domineering_values.luau",
        "toads_and_frogs.luau",
        "snort.luau",
        "cutcake.luau",
        "hackenbush_strings.luau",
        "hackenbush_trees.luau",
    ] {
        let drawn = walk_partizan(file, 120);
        assert!(drawn >= 20, "{file}: {drawn}");
    }
}

/// The texts and fills of a grid's cells, a string a row: `.` empty, `#` filled, else the
/// cell's text.
fn cells(grid: &Grid) -> Vec<String> {
    grid.cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| match (cell.fill, cell.text.as_str()) {
                    (Fill::Empty, "") => ".".to_string(),
                    (Fill::Filled, "") => "#".to_string(),
                    (_, text) => text.to_string(),
                })
                .collect()
        })
        .collect()
}

/// The drawing of `text` in partizan `file`, as a grid.
fn grid_of(file: &str, text: &str) -> Grid {
    let game = load(file, &[]);
    let pos = game.parse(text).unwrap();
    let Some(Drawing::Grid(grid)) = game.draw(&pos).unwrap() else {
        panic!("{file}: a grid for {text}")
    };
    grid
}

/// Domineering's dominoes as they lie (issue 42: they were loose cells on a 7 x 7 grid of
/// equal squares): a domino's two cells and the joint between them in its player's fill
/// (Vertical first, Horizontal second), the joints' crossings dots, so that the page draws
/// the joints narrow; a run of Vertical's cells down a column joined in pairs from its top.
#[test]
fn domineering_draws_its_dominoes() {
    use Fill::{Empty, First, Second};
    let board = grid_of("domineering.luau", "H/.v../.v../..../hh..");
    assert_eq!((board.cells.len(), board.cells[0].len()), (7, 7));
    let fill = |r: usize, c: usize| board.cells[r][c].fill;
    assert_eq!([fill(0, 2), fill(1, 2), fill(2, 2)], [First; 3]);
    assert_eq!([fill(6, 0), fill(6, 1), fill(6, 2)], [Second; 3]);
    assert_eq!([fill(6, 3), fill(6, 4), fill(3, 2)], [Empty; 3]);
    assert_eq!(board.cells[1][1].shape, Shape::Dot);
    assert_eq!(board.cells[0][1].shape, Shape::Vertical);
    assert_eq!(board.cells[1][0].shape, Shape::Horizontal);
    // Horizontal to move: its joints are the clicks ("r c", the domino's first cell).
    assert_eq!(board.cells[0][5].click.as_deref(), Some("1 3"));
    assert_eq!(board.cells[1][0].click, None);
    let column = grid_of("domineering.luau", "H/v/v/v/v");
    let fills: Vec<Fill> = column.cells.iter().map(|row| row[0].fill).collect();
    assert_eq!(fills, [First, First, First, Empty, First, First, First]);
    // "#" (covered, by whom unknown) stays filled and joins nothing.
    let old = grid_of("domineering.luau", "V/##/..");
    assert_eq!(
        [
            old.cells[0][0].fill,
            old.cells[0][1].fill,
            old.cells[0][2].fill
        ],
        [Fill::Filled, Empty, Fill::Filled]
    );
}

/// Each partizan board as its position says: Domineering's cells, the toads and frogs (each
/// side's colour), Snort's paths, the cake's pieces standing side by side, the stalks from
/// the ground up; rows and columns numbered as the moves' labels number them.
#[test]
fn partizan_boards_draw_their_positions() {
    let board = grid_of("domineering_values.luau", "..#/.../#..");
    assert_eq!(cells(&board), ["..#", "...", "#.."]);
    assert_eq!(
        (board.rows.join(" "), board.columns.join(" ")),
        ("1 2 3".into(), "1 2 3".into())
    );

    let strip = grid_of("toads_and_frogs.luau", "TT.F");
    assert_eq!(cells(&strip), ["TT.F"]);
    let fills: Vec<Fill> = strip.cells[0].iter().map(|c| c.fill).collect();
    assert_eq!(fills, [Fill::First, Fill::First, Fill::Empty, Fill::Second]);
    assert_eq!(strip.columns.join(" "), "1 2 3 4");

    let paths = grid_of("snort.luau", "..L R.x");
    assert_eq!(cells(&paths), ["..L", "R.#"]);
    assert_eq!(paths.rows.join(" "), "1 2");

    let cake = grid_of("cutcake.luau", "2x1 1x3");
    assert_eq!(cells(&cake), ["...#", "...#", "##.#"]);
    assert_eq!(cake.columns, ["1", "", "", "2"]);

    let stalks = grid_of("hackenbush_strings.luau", "BR B");
    assert_eq!(cells(&stalks), ["R.", "BB"]);
    assert_eq!(
        (stalks.rows.join(" "), stalks.columns.join(" ")),
        ("2 1".into(), "1 2".into())
    );
    assert_eq!(
        (stalks.cells[0][0].fill, stalks.cells[1][0].fill),
        (Fill::First, Fill::Marked)
    );

    // Trees: an edge a node, joined to the ground (node 0) or to the edge below it.
    let game = load("hackenbush_trees.luau", &[]);
    let pos = game.parse("B(RB) R").unwrap();
    let Some(Drawing::Graph(graph)) = game.draw(&pos).unwrap() else {
        panic!("a graph")
    };
    let nodes: Vec<_> = graph
        .nodes
        .iter()
        .map(|n| (n.text.as_str(), n.fill, n.at.unwrap()))
        .collect();
    // The trees are kept sorted by their text: "B(BR)" first.
    assert_eq!(
        nodes,
        [
            ("ground", Fill::Filled, [2, 2]),
            ("B", Fill::Marked, [1, 1]),
            ("B", Fill::Marked, [0, 0]),
            ("R", Fill::First, [2, 0]),
            ("R", Fill::First, [4, 1]),
        ]
    );
    assert_eq!(graph.edges, [[0, 1], [1, 2], [1, 3], [0, 4]]);

    // Past a drawing's 4096 cells a position is shown as text, not refused.
    let board = vec![".".repeat(65); 65].join("/");
    for (file, text) in [
        ("domineering_values.luau", board.as_str()),
        ("cutcake.luau", "100x100"),
        ("toads_and_frogs.luau", &"T.".repeat(2049)),
    ] {
        let game = load(file, &[]);
        assert_eq!(
            game.draw(&game.parse(text).unwrap()).unwrap(),
            None,
            "{file}"
        );
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
    use grundy::play::session::{Session, Side};
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
