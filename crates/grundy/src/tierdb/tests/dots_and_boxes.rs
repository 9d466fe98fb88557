//! Dots-and-Boxes' databases against the memo search on every position of 2 x 2 and 3 x 2
//! boxes (every set of lines is reachable), each position named as a person names it.

use super::{files, TempDir};
use crate::games::dots_and_boxes::DotsAndBoxes;
use crate::limits::Budget;
use crate::solve::memo::{MemoSearch, Scores};
use crate::tierdb::*;

#[test]
fn every_position_has_the_memo_searchs_net_score() {
    for (w, h, moves_of_every) in [(2, 2, true), (3, 2, false), (1, 3, true)] {
        let game = DotsAndBoxes::new(w, h).unwrap();
        let dir = TempDir::new(&format!("boxes-{w}x{h}"));
        let report = build(&game, &dir.0, &BuildOptions::default()).unwrap();
        assert_eq!(
            report.positions,
            1 << game.lines(),
            "{w} x {h}: every set of lines"
        );
        let db = Database::open(&dir.0).unwrap();
        assert_eq!(db.values(), Values::Scores);
        let mut search = MemoSearch::new(&game, Scores, Budget::default());
        let start = search.value(&0).unwrap();
        if (w, h) == (2, 2) {
            // The first player wins 2 x 2 boxes (Puzzling Stack Exchange, "Optimal play for
            // 2 by 2 Dots and Boxes", whose answers show the first player forcing a win, as
            // Winning Ways lays out): by 3 boxes to 1.
            assert_eq!(start, 2);
        }
        assert_eq!(report.value.and_then(|v| v.score), Some(start as i32));
        let mut scores = std::collections::BTreeSet::new();
        for lines in 0..=game.full() {
            let shown = game.show(lines);
            let at = db.game().parse(&shown).unwrap();
            assert_eq!(at.tier, lines.count_ones());
            let want = search.value(&lines).unwrap();
            let probe = db.probe(at).unwrap().unwrap();
            assert_eq!(probe.value.score, Some(want as i32), "{w} x {h}: {shown}");
            scores.insert(want);
            if !moves_of_every && lines % 97 != 0 {
                continue;
            }
            // Every move's value: its points, and the score after it added (a bonus turn)
            // or taken away.
            let free: Vec<u32> = (0..game.lines()).filter(|&l| lines >> l & 1 == 0).collect();
            assert_eq!(probe.moves.len(), free.len());
            for ((label, value), &line) in probe.moves.iter().zip(&free) {
                assert_eq!(*label, game.label(line));
                let boxes = i64::from(game.completes(lines, line));
                let after = search.value(&(lines | 1 << line)).unwrap();
                let score = match boxes > 0 {
                    true => boxes + after,
                    false => -after,
                };
                assert_eq!(value.score, Some(score as i32), "{shown}: {label}");
            }
        }
        assert!(scores.len() >= 4, "{w} x {h}: {scores:?}");
    }
}

/// The start's value and its best moves; a principal line plays out to the full board; a
/// stopped build resumes to the same bytes; positions named wrongly are refused.
#[test]
fn the_two_by_two_board_opens_plays_out_and_resumes() {
    let game = tier_game(&["dots-and-boxes", "2", "2"]).unwrap();
    assert_eq!(game.describe(), "dots-and-boxes 2 x 2 boxes");
    let dir = TempDir::new("boxes-2x2-line");
    build(game.as_ref(), &dir.0, &BuildOptions::default()).unwrap();
    let db = Database::open(&dir.0).unwrap();
    assert_eq!(db.game().words(), "dots-and-boxes 2 2");
    let line = db.line(db.game().start()).unwrap().unwrap();
    assert_eq!(line.len(), 12, "one line a move");
    let parts = TempDir::new("boxes-2x2-parts");
    let stop = BuildOptions {
        stop_after: Some(6),
        ..BuildOptions::default()
    };
    build(game.as_ref(), &parts.0, &stop).unwrap();
    build(game.as_ref(), &parts.0, &BuildOptions::default()).unwrap();
    assert_eq!(files(&dir.0), files(&parts.0));
    for (text, message) in [
        (
            "h 1 3",
            "the column should be a number from 1 to 2, found '3'",
        ),
        ("h 1 1, h 1 1", "listed twice"),
        (
            "d 1 1",
            "expected a line 'h ROW COLUMN' or 'v ROW COLUMN', found 'd'",
        ),
    ] {
        let err = db.game().parse(text).unwrap_err();
        assert!(err.contains(message), "{text}: {err}");
    }
    assert!(tier_game(&["dots-and-boxes", "9", "9"])
        .unwrap_err()
        .contains("at most 64 lines"));
    assert!(tier_game(&["dots-and-boxes", "2"])
        .unwrap_err()
        .contains("WIDTH HEIGHT"));
}
