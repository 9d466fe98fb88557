use super::*;

/// The value by the plain game tree of the front door's own moves: every option of both
/// players, no regions, no memo, no mirrors.
fn plain(game: &dyn Partizan, arena: &mut Arena, pos: &Datum) -> GameId {
    let mut sides = [Side::Left, Side::Right].map(|side| {
        game.options(pos, side)
            .unwrap()
            .iter()
            .map(|mv| plain(game, arena, &mv.to))
            .collect::<Vec<_>>()
    });
    let [left, right] = &mut sides;
    arena.from_options(left, right).unwrap()
}

fn board(game: &dyn DynGame, text: &str) -> Datum {
    game.parse(text).unwrap()
}

/// Every board of the 3x3 and 4x2 grids, and of 2x4: the canonical form through the front
/// door equals the plain tree of its listed moves, and the components sum to it.
#[test]
fn canonical_forms_agree_with_the_moves_listed() {
    let mut arena = Arena::new();
    for (w, h) in [(3usize, 3usize), (4, 2), (2, 4)] {
        let game = domineering(w, h).unwrap();
        let side = game.partizan().unwrap();
        for free in 0..1u32 << (w * h) {
            let text: String = (0..h)
                .map(|r| {
                    (0..w)
                        .map(|c| {
                            if free >> (r * w + c) & 1 == 1 {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("/");
            let pos = board(&*game, &text);
            let g = side
                .canonical(&pos, &mut arena, &Budget::default())
                .unwrap();
            assert_eq!(g, plain(side, &mut arena, &pos), "{text}");
            let mut sum = arena.zero();
            for part in side.components(&pos).unwrap() {
                let value = side
                    .canonical(&part, &mut arena, &Budget::default())
                    .unwrap();
                sum = arena.sum(sum, value).unwrap();
            }
            assert_eq!(g, sum, "{text}");
        }
    }
}

/// Published values through the front door: Winning Ways, chapter 5 (the 2x2 square is
/// +-1, 2 rows of 3 are {2|-1/2}, 3 rows of 2 {1/2|-2}, a column of 4 is 2).
#[test]
fn published_values() {
    let game = domineering(4, 4).unwrap();
    let side = game.partizan().unwrap();
    let mut arena = Arena::new();
    for (text, value) in [
        ("../..", "+-1"),
        (".../...", "{2|-1/2}"),
        ("../../..", "{1/2|-2}"),
        (".\n.\n.\n.", "2"),
        (".#/..", "*"),
    ] {
        let g = side
            .canonical(&board(&*game, text), &mut arena, &Budget::default())
            .unwrap();
        assert_eq!(arena.display(g), value, "{text}");
    }
}

/// Positions, text and moves as the game file writes them; bad boards refused in one line.
#[test]
fn notation_and_errors() {
    let game = domineering(6, 4).unwrap();
    assert_eq!(game.name(), "domineering 6 4");
    let start = game.start().unwrap();
    assert_eq!(game.show(&start).unwrap(), "......\n......\n......\n......");
    assert_eq!(game.parse("....../....../....../......").unwrap(), start);
    let side = game.partizan().unwrap();
    let pos = board(&*game, "..# / ...");
    let labels = |s| {
        side.options(&pos, s)
            .unwrap()
            .into_iter()
            .map(|m| m.label)
            .collect::<Vec<_>>()
    };
    assert_eq!(labels(Side::Left), ["1 1", "1 2"]);
    assert_eq!(labels(Side::Right), ["1 1", "2 1", "2 2"]);
    assert!(matches!(game.moves(&pos), Err(DynError::NoTurn)));
    for (text, message) in [
        (
            "../.",
            "rows are of equal length, \".\" empty and \"#\" covered, found \".\"",
        ),
        ("..x", "rows are of equal length"),
        ("", "a board has at least one cell"),
        (
            &"........./".repeat(8),
            "a board of 9 x 8 cells: built-in Domineering holds 1 to 64",
        ),
    ] {
        let err = game.parse(text).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("bad position: {message}")),
            "{text}: {err}"
        );
    }
    assert!(domineering(9, 8).is_err());
    assert!(domineering(0, 3).is_err());
    assert!(game.check(&Datum::Int(3)).is_err());
}

/// A budget too small, or cancelled, stops the search with an error, and the values kept
/// meanwhile are exact: the same board then solves to the plain tree's value.
#[test]
fn a_spent_budget_stops_and_the_memo_stays_exact() {
    let game = domineering(4, 3).unwrap();
    let side = game.partizan().unwrap();
    let start = game.start().unwrap();
    let mut arena = Arena::new();
    let small = Budget::default().with_positions(20);
    assert!(matches!(
        side.canonical(&start, &mut arena, &small),
        Err(DynError::Solve(crate::SolveError::TooLarge { .. }))
    ));
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = Budget::default().with_cancel(flag);
    let other = board(&*game, "..../..../...#");
    assert!(matches!(
        side.canonical(&other, &mut arena, &cancelled),
        Err(DynError::Solve(crate::SolveError::Interrupted))
    ));
    let g = side
        .canonical(&start, &mut arena, &Budget::default())
        .unwrap();
    assert_eq!(g, plain(side, &mut arena, &start));
}

/// The drawing numbers rows and columns as the labels do, and names no move.
#[test]
fn the_board_is_drawn() {
    let game = domineering(3, 2).unwrap();
    let Some(Drawing::Grid(grid)) = game.draw(&board(&*game, ".#./...")).unwrap() else {
        panic!("a grid")
    };
    assert_eq!(grid.cells[0][1].fill, Fill::Filled);
    assert_eq!(grid.cells[1][1].fill, Fill::Empty);
    assert_eq!((grid.rows.len(), grid.columns.len()), (2, 3));
    assert!(grid.cells.iter().flatten().all(|c| c.click.is_none()));
}
