//! The catalogue's boards as tier games (Young diagrams, Gems Fight, kiki) against the
//! catalogue's own solvers on every position of small boards: the memo search's net scores,
//! the Grundy solver's nimbers; their numberings against a plain enumeration; a stopped
//! build resumed into the same files; each database reopened from its manifest alone.

use std::collections::{BTreeMap, HashMap};

use super::super::boards::{Board, Numbered, Pos};
use super::super::gems_fight::gems_fight;
use super::super::kiki::kiki;
use super::super::team_nim::team_nim;
use super::super::young::young;
use super::{files, TempDir};
use crate::games::corner::Corner;
use crate::limits::Budget;
use crate::model::Game;
use crate::solve::memo::{MemoSearch, Outcomes, Scores};
use crate::testing::Rng;
use crate::tierdb::*;
use crate::value::{Outcome, Play};

/// Every rank of every tier names a position whose place is that rank, and no two ranks
/// the same position; returns the positions by place.
fn numbering<N: Numbered>(board: &Board<N>) -> Vec<(Place, Pos<N>)>
where
    Pos<N>: std::hash::Hash + Eq + Clone + std::fmt::Debug,
{
    let numbered = board.numbered();
    let mut seen = HashMap::new();
    let mut out = Vec::new();
    for tier in 0..numbered.tiers() {
        for rank in 0..numbered.tier_size(tier) {
            let at = Place { tier, rank };
            let pos = numbered.position(at);
            assert_eq!(numbered.place(&pos), at, "{pos:?}");
            assert!(seen.insert(pos.clone(), at).is_none(), "{pos:?} twice");
            out.push((at, pos));
        }
    }
    out
}

/// Builds `board`, checks every position's score (and every move's) against the memo
/// search, and that a build stopped halfway resumes into the same files; returns the start's
/// score.
fn scores_agree<N: Numbered>(board: &Board<N>, name: &str) -> i32
where
    Pos<N>: Clone + std::fmt::Debug + std::hash::Hash + Eq,
    N::Rules: Game,
{
    let dir = TempDir::new(name);
    let report = build(board, &dir.0, &BuildOptions::default()).unwrap();
    let positions = numbering(board);
    assert_eq!(
        report.positions,
        positions.len() as u64,
        "{name}: every position"
    );
    let db = Database::open(&dir.0).unwrap();
    assert_eq!(db.game().identity(), board.identity());
    assert_eq!(
        tier_game(&board.words().split(' ').collect::<Vec<_>>())
            .unwrap()
            .identity(),
        board.identity()
    );
    let rules = board.numbered().rules();
    let mut search = MemoSearch::new(rules, Scores, Budget::default());
    for (at, pos) in &positions {
        let probe = db.probe(*at).unwrap().unwrap();
        let want = search.value(pos).unwrap();
        assert_eq!(probe.value.score, Some(want as i32), "{name}: {pos:?}");
        let mut moves = Vec::new();
        rules.moves(pos, &mut moves);
        assert_eq!(probe.moves.len(), moves.len(), "{name}: {pos:?}");
        for ((label, value), mv) in probe.moves.iter().zip(&moves) {
            let after = search.value(&mv.to).unwrap();
            let score = match mv.again {
                true => mv.points + after,
                false => mv.points - after,
            };
            assert_eq!(value.score, Some(score as i32), "{name}: {pos:?} {label}");
        }
    }
    let parts = TempDir::new(&format!("{name}-parts"));
    let stop = BuildOptions {
        stop_after: Some(board.tiers() / 2),
        ..BuildOptions::default()
    };
    build(board, &parts.0, &stop).unwrap();
    build(board, &parts.0, &BuildOptions::default()).unwrap();
    assert_eq!(files(&dir.0), files(&parts.0), "{name}: resumed");
    report.value.and_then(|v| v.score).unwrap()
}

/// Every staircase of up to `cols` cells a row in `rows` rows, by the cells filled: the
/// row lengths, non-increasing, listed plainly.
fn staircases(rows: usize, cols: u8) -> BTreeMap<u32, usize> {
    let mut counts = BTreeMap::new();
    let mut lengths = vec![0u8; rows];
    loop {
        if lengths.windows(2).all(|w| w[0] >= w[1]) {
            let filled = lengths.iter().map(|&l| u32::from(l)).sum();
            *counts.entry(filled).or_insert(0) += 1;
        }
        let Some(i) = lengths.iter().position(|&l| l < cols) else {
            return counts;
        };
        lengths[..i].fill(0);
        lengths[i] += 1;
    }
}

#[test]
fn young_diagrams_have_the_memo_searchs_scores() {
    // chess2018's sample (2 x 3, A = [2 7 3; 9 1 2], B = [3 7 2; 2 3 1]): the first player
    // ends 2 points ahead, as the problem's sample output says.
    let sample = young(
        &"young 2 3 2 7 3 9 1 2 3 7 2 2 3 1"
            .split(' ')
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert_eq!(scores_agree(&sample, "young-sample"), 2);
    let mut rng = Rng(39);
    for (rows, cols) in [(3, 3), (1, 5), (4, 2)] {
        let cells = rows * cols;
        let mut words = vec!["young".to_string(), rows.to_string(), cols.to_string()];
        words.extend((0..2 * cells).map(|_| (rng.below(13) as i64 - 6).to_string()));
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let board = young(&words).unwrap();
        let name = format!("young-{rows}x{cols}");
        scores_agree(&board, &name);
        let counts = staircases(rows, cols as u8);
        for tier in 0..board.tiers() {
            assert_eq!(
                board.tier_size(tier),
                counts[&tier] as u64,
                "{name} tier {tier}"
            );
        }
    }
    let start = sample.start();
    assert_eq!(sample.parse(" ").unwrap(), start, "no position: the start");
    assert_eq!(sample.labels(start), ["(1, 1)"]);
    assert_eq!(sample.show(start), "...\n...");
    let at = sample.parse("##. #..").unwrap();
    assert_eq!(
        (at.tier, sample.labels(at)),
        (3, vec!["(1, 3)".to_string(), "(2, 2)".to_string()])
    );
    assert!(sample
        .parse(".#. ...")
        .unwrap_err()
        .contains("right of an empty one"));
}

#[test]
fn gems_fight_has_the_memo_searchs_scores() {
    // hdu4778's samples: the first player ends 3 stones ahead, then 3 behind.
    for (words, start) in [
        ("gems-fight 3 4 3 2 2 3 2 1 3 2 1 2 3 2 3 1", 3),
        ("gems-fight 3 2 2 3 2 3 1 3 1 2 3", -3),
    ] {
        let board = gems_fight(&words.split(' ').collect::<Vec<_>>()).unwrap();
        assert_eq!(scores_agree(&board, "gems-sample"), start, "{words}");
    }
    let mut rng = Rng(4778);
    for bags in [6, 9] {
        let mut words = vec![
            "gems-fight".to_string(),
            "3".into(),
            bags.to_string(),
            "2".into(),
        ];
        for _ in 0..bags {
            let n = 1 + rng.below(4);
            words.push(n.to_string());
            words.extend((0..n).map(|_| (1 + rng.below(3)).to_string()));
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let board = gems_fight(&words).unwrap();
        scores_agree(&board, &format!("gems-{bags}"));
        let numbered = numbering(&board);
        assert_eq!(numbered.len(), 1 << bags, "every set of bags");
    }
    let board = gems_fight(
        &"gems-fight 3 2 2 3 2 3 1 3 1 2 3"
            .split(' ')
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let at = board.parse("2").unwrap();
    assert_eq!(
        (board.show(at).as_str(), board.labels(at)),
        ("taken 2", vec!["bag 1".to_string()])
    );
    assert!(board.parse("3").unwrap_err().contains("a bag taken"));
}

#[test]
fn kiki_has_the_mex_rules_nimbers_and_the_memo_searchs_outcomes() {
    for (rows, columns) in [(5, 3), (5, 4), (6, 6), (1, 7), (9, 2)] {
        let words = ["kiki".to_string(), rows.to_string(), columns.to_string()];
        let board = kiki(&words.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
        let name = format!("kiki-{rows}x{columns}");
        let dir = TempDir::new(&name);
        let report = build(&board, &dir.0, &BuildOptions::default()).unwrap();
        assert_eq!(report.positions, rows * columns, "{name}: every cell");
        let positions = numbering(&board);
        assert_eq!(positions.len() as u64, rows * columns);
        let db = Database::open(&dir.0).unwrap();
        assert_eq!(db.values(), Values::Nimbers);
        // Nimbers by the mex rule over the corner game's moves, cell by cell from the corner
        // out (each move leads nearer it), and outcomes by the memo search.
        let mut nimbers = HashMap::new();
        let mut search = MemoSearch::new(&Corner, Outcomes(Play::Normal), Budget::default());
        let mut cells: Vec<(u64, u64)> = positions.iter().map(|(_, pos)| *pos).collect();
        cells.sort_by_key(|&(x, y)| x + y);
        for pos in cells {
            let mut moves = Vec::new();
            Corner.moves(&pos, &mut moves);
            let seen: Vec<u32> = moves.iter().map(|mv| nimbers[&mv.to]).collect();
            let mex = (0..).find(|n| !seen.contains(n)).unwrap();
            nimbers.insert(pos, mex);
            let at = board.numbered().place(&pos);
            assert_eq!(
                db.value(at).unwrap().unwrap().nimber,
                Some(mex),
                "{name}: {pos:?}"
            );
            assert_eq!(mex == 0, search.value(&pos).unwrap() == Outcome::Loss);
        }
        // hdu2147's samples: 5 x 3 is a loss for the first player ("What a pity!"), 5 x 4
        // and 6 x 6 wins ("Wonderful!"); a loss exactly when both sides are odd.
        let start = report.value.unwrap().nimber.unwrap();
        assert_eq!(start == 0, rows % 2 == 1 && columns % 2 == 1, "{name}");
        let parts = TempDir::new(&format!("{name}-parts"));
        let stop = BuildOptions {
            stop_after: Some(3),
            ..BuildOptions::default()
        };
        build(&board, &parts.0, &stop).unwrap();
        build(&board, &parts.0, &BuildOptions::default()).unwrap();
        assert_eq!(files(&dir.0), files(&parts.0), "{name}: resumed");
    }
    let board = kiki(&["kiki", "5", "3"]).unwrap();
    assert_eq!(board.show(board.start()), "2 4");
    assert!(board.parse("3 1").unwrap_err().contains("not on the board"));
    assert!(tier_game(&["kiki", "3000", "3000"])
        .unwrap_err()
        .contains("at most 4097"));
}

/// A database is reopened from its manifest alone, negative values and all, and the words
/// of a setup that is not the database's are refused by the command line's check.
#[test]
fn a_board_database_reopens_from_its_manifest() {
    let words = "young 1 3 -4 2 7 0 -1 3";
    let game = tier_game(&words.split(' ').collect::<Vec<_>>()).unwrap();
    assert_eq!(game.words(), words);
    let id = game.identity();
    assert_eq!(
        (id.parameter("a1"), id.parameter("a1-negative")),
        (Some(4), Some(1))
    );
    assert_eq!(id.parameter("a2-negative"), None);
    let dir = TempDir::new("young-manifest");
    build(game.as_ref(), &dir.0, &BuildOptions::default()).unwrap();
    let db = Database::open(&dir.0).unwrap();
    assert_eq!(db.game().words(), words);
    let other = tier_game(&["young", "1", "3", "4", "2", "7", "0", "-1", "3"]).unwrap();
    assert_ne!(other.identity(), db.game().identity());
    let gems = "gems-fight 2 2 3 3 2 1 2 2 2 1"
        .split(' ')
        .collect::<Vec<_>>();
    let gems = tier_game(&gems).unwrap();
    let same = "gems-fight 2 2 3 3 1 2 2 2 1 2"
        .split(' ')
        .collect::<Vec<_>>();
    let same = tier_game(&same).unwrap();
    assert_eq!(
        gems.identity(),
        same.identity(),
        "a bag's gems in any order"
    );
    assert_eq!(gems.words(), "gems-fight 2 2 3 3 2 1 2 2 2 1", "as given");
    assert_eq!(gems.identity().parameter("bag1-colour2"), Some(2));
    assert!(tier_game(&["young", "2", "x"])
        .unwrap_err()
        .contains("young"));
}

/// Team Nim (the last stone loses) against the memo search's misère outcomes and a plain
/// count of its remoteness, on every position reachable; poj2068's samples; a game longer
/// than a byte's 63 moves refused.
#[test]
fn team_nim_has_the_memo_searchs_outcomes() {
    // poj2068's samples: `1 101 4 4` gives 0 (the first team loses), `1 100 4 4` gives 1,
    // `3 97 8 7 6 5 4 3` gives 1.
    for words in [
        "team-nim 1 101 4 4",
        "team-nim 1 100 4 4",
        "team-nim 3 97 8 7 6 5 4 3",
        "team-nim 2 30 1 3 2 5",
    ] {
        let board = team_nim(&words.split(' ').collect::<Vec<_>>()).unwrap();
        let dir = TempDir::new("team-nim");
        let report = build(&board, &dir.0, &BuildOptions::default()).unwrap();
        let db = Database::open(&dir.0).unwrap();
        assert_eq!(db.game().identity(), board.identity());
        let rules = board.numbered().rules();
        let mut search = MemoSearch::new(rules, Outcomes(Play::Misere), Budget::default());
        // (outcome, remoteness) by stones, seat: the winner hurries, the loser delays.
        let mut plain: HashMap<(u32, u32), (Outcome, u32)> = HashMap::new();
        let mut positions = numbering(&board);
        positions.sort_by_key(|(_, pos)| pos.stones);
        let mut found = 0;
        for (at, pos) in positions {
            let mut moves = Vec::new();
            rules.moves(&pos, &mut moves);
            let after: Vec<(Outcome, u32)> = moves
                .iter()
                .map(|mv| plain[&(mv.to.stones, mv.to.seat)])
                .collect();
            let value = match pos.stones {
                0 => (Outcome::Win, 0),
                _ => match after
                    .iter()
                    .filter(|v| v.0 == Outcome::Loss)
                    .map(|v| v.1)
                    .min()
                {
                    Some(r) => (Outcome::Win, r + 1),
                    None => (Outcome::Loss, after.iter().map(|v| v.1).max().unwrap() + 1),
                },
            };
            plain.insert((pos.stones, pos.seat), value);
            let Some(got) = db.value(at).unwrap() else {
                continue; // not reachable from the start
            };
            found += 1;
            assert_eq!(got.outcome, search.value(&pos).unwrap(), "{words}: {pos:?}");
            assert_eq!((got.outcome, got.remoteness), value, "{words}: {pos:?}");
        }
        assert_eq!(found, report.positions, "{words}");
        let start = report.value.unwrap().outcome;
        match words {
            "team-nim 1 101 4 4" => assert_eq!(start, Outcome::Loss),
            "team-nim 1 100 4 4" | "team-nim 3 97 8 7 6 5 4 3" => assert_eq!(start, Outcome::Win),
            _ => {}
        }
    }
    // One stone a move: 64 moves, one more than a byte holds.
    let long = team_nim(&"team-nim 1 64 1 1".split(' ').collect::<Vec<_>>()).unwrap();
    let dir = TempDir::new("team-nim-long");
    let err = build(&long, &dir.0, &BuildOptions::default()).unwrap_err();
    assert!(
        err.to_string().contains("more than a tier file's 63"),
        "{err}"
    );
    assert!(tier_game(&["team-nim", "1", "5000", "4", "4"])
        .unwrap_err()
        .contains("at most 4095"));
}
