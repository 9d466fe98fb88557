use std::collections::HashMap;

use super::*;
use crate::limits::Budget;
use crate::solve::memo::{MemoSearch, Scores};

/// The net score from `drawn` by plain recursion, boxes counted from the drawing itself:
/// a move's points are the boxes closed after it less those closed before.
fn plain(game: &DotsAndBoxes, drawn: u64, memo: &mut HashMap<u64, i64>) -> i64 {
    if let Some(&value) = memo.get(&drawn) {
        return value;
    }
    let closed = |d: u64| game.boxes.iter().filter(|&&b| b & !d == 0).count() as i64;
    let mut best: Option<i64> = None;
    for line in (0..game.lines()).filter(|&l| drawn >> l & 1 == 0) {
        let after = drawn | 1 << line;
        let points = closed(after) - closed(drawn);
        let value = match points > 0 {
            true => points + plain(game, after, memo),
            false => -plain(game, after, memo),
        };
        best = Some(best.map_or(value, |b| b.max(value)));
    }
    let value = best.unwrap_or(0);
    memo.insert(drawn, value);
    value
}

/// The boxes by their dots, independently of the line numbering: box (r, c)'s sides are the
/// lines whose labels name its corners.
#[test]
fn every_box_has_the_four_sides_its_labels_name() {
    for (w, h) in [(1, 1), (2, 1), (1, 2), (3, 2), (5, 5)] {
        let game = DotsAndBoxes::new(w, h).unwrap();
        assert_eq!(game.lines() as u64, w * (h + 1) + h * (w + 1));
        assert_eq!(game.boxes.len() as u64, w * h);
        for r in 1..=h {
            for c in 1..=w {
                let sides = format!("h {r} {c}, h {} {c}, v {r} {c}, v {r} {}", r + 1, c + 1);
                let set = game.parse(&sides).unwrap();
                assert_eq!(set.count_ones(), 4);
                let b = ((r - 1) * w + c - 1) as usize;
                assert_eq!(game.boxes[b], set, "{w} x {h}: box ({r}, {c})");
            }
        }
        // Every line's name reads back as the line; the position round-trips.
        for line in 0..game.lines() {
            assert_eq!(game.parse(&game.label(line)).unwrap(), 1 << line);
        }
        let mixed = game.full() & 0x5555_5555_5555_5555;
        assert_eq!(game.parse(&game.show(mixed)).unwrap(), mixed);
    }
}

/// The memo search over the game's moves is the plain recursion on every position of the
/// small boards (all 2^lines sets of lines: every one is reachable).
#[test]
fn the_search_agrees_with_plain_recursion_on_every_small_position() {
    for (w, h) in [(1, 1), (2, 1), (1, 2), (2, 2)] {
        let game = DotsAndBoxes::new(w, h).unwrap();
        let mut search = MemoSearch::new(&game, Scores, Budget::default());
        let mut memo = HashMap::new();
        for drawn in 0..=game.full() {
            assert_eq!(
                search.value(&drawn).unwrap(),
                plain(&game, drawn, &mut memo),
                "{w} x {h}: {}",
                game.show(drawn)
            );
        }
    }
    // One box: four lines, the fourth drawn by the second player.
    let one = DotsAndBoxes::new(1, 1).unwrap();
    assert_eq!(plain(&one, 0, &mut HashMap::new()), -1);
}

#[test]
fn moves_score_the_boxes_they_close_and_move_again() {
    let game = DotsAndBoxes::new(2, 1).unwrap();
    // The middle line with both boxes' other sides drawn closes two boxes.
    let drawn = game
        .parse("h 1 1, h 1 2, h 2 1, h 2 2, v 1 1, v 1 3")
        .unwrap();
    let mut moves = Vec::new();
    game.moves(&drawn, &mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].points, moves[0].again), (2, true));
    moves.clear();
    game.moves(&0, &mut moves);
    assert_eq!(moves.len(), 7);
    assert!(moves.iter().all(|m| m.points == 0 && !m.again));
    assert_eq!(game.max_moves(&drawn), Some(1));
}

#[test]
fn bad_boards_and_positions_are_refused_with_the_reason() {
    assert!(DotsAndBoxes::new(0, 3).is_err());
    assert!(DotsAndBoxes::new(3, 0).is_err());
    assert!(DotsAndBoxes::new(u64::MAX, 2).is_err());
    assert!(DotsAndBoxes::new(6, 5).is_err());
    let game = DotsAndBoxes::new(2, 2).unwrap();
    for (text, message) in [
        (
            "x 1 1",
            "expected a line 'h ROW COLUMN' or 'v ROW COLUMN', found 'x'",
        ),
        ("h 1", "'h 1' is not a line"),
        (
            "h 0 1",
            "the row of dots should be a number from 1 to 3, found '0'",
        ),
        (
            "h 1 3",
            "the column should be a number from 1 to 2, found '3'",
        ),
        (
            "v 3 1",
            "the row of boxes should be a number from 1 to 2, found '3'",
        ),
        (
            "v 1 4",
            "the column of dots should be a number from 1 to 3, found '4'",
        ),
        ("v 1 1, v1 1", "line 'v 1 1' is listed twice"),
        ("h 1 one", "found 'one'"),
    ] {
        let err = game.parse(text).unwrap_err().to_string();
        assert!(err.contains(message), "{text}: {err}");
    }
    assert_eq!(game.parse("").unwrap(), 0);
    assert_eq!(
        game.parse("h1 1,v2 3").unwrap(),
        game.parse("h 1 1, v 2 3").unwrap()
    );
}
