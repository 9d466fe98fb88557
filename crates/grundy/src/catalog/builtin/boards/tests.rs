//! The board games' adapters against each game's own solver on all small positions, and
//! their notations: labels unique and played back, text and data read back, bad positions
//! refused with the place named.

use std::collections::{HashMap, HashSet};

use super::*;
use crate::dynamic::DynError;
use crate::games::dot::Dot;
use crate::games::young::Young;
use crate::model::Indexed;
use crate::solve::subsets::solve_subset_scores;
use crate::solve::tiered::solve_scores;
use crate::testing::Rng;
use crate::{Budget, Outcome};

/// The notation's promises at `pos`: text and data read back to the same position, every
/// move's label is unique and played back to the move, and the principal line is legal.
pub(crate) fn notation_holds(game: &dyn DynGame, pos: &Datum) {
    let shown = game.show(pos).unwrap();
    assert_eq!(&game.parse(&shown).unwrap(), pos, "{shown}");
    assert_eq!(&game.check(pos).unwrap(), pos);
    let moves = game.moves(pos).unwrap();
    let labels: HashSet<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels.len(), moves.len(), "labels at {shown}");
    for mv in &moves {
        assert_eq!(&game.play(pos, &mv.label).unwrap(), mv, "{}", mv.label);
        let to = game.show(&mv.to).unwrap();
        assert_eq!(game.parse(&to).unwrap(), mv.to, "{to}");
    }
}

/// Checks a solution's own consistency: the optimal moves have the position's value and
/// the line starts with one of them.
fn consistent(game: &dyn DynGame, pos: &Datum) -> crate::dynamic::Solution {
    let sol = game.solve(pos, &Budget::default()).unwrap();
    for &i in &sol.optimal {
        let v = sol.moves[i].value;
        assert_eq!((v.outcome, v.score), (sol.value.outcome, sol.value.score));
    }
    if let Some(first) = sol.line.first() {
        assert!(sol.optimal.iter().any(|&i| &sol.moves[i].mv == first));
    }
    sol
}

fn position_error(res: Result<Datum, DynError>, needle: &str) {
    match res {
        Err(DynError::Position(message)) => {
            assert!(message.contains(needle), "{message:?} lacks {needle:?}")
        }
        other => panic!("expected a position error with {needle:?}, got {other:?}"),
    }
}

/// Every set of bags taken: the score equals the subset tables' (the judge's solver).
#[test]
fn gems_fight_agrees_with_the_subset_tables() {
    let mut rng = Rng(7);
    for _ in 0..40 {
        let colours = 1 + rng.below(3) as usize;
        let size = 1 + rng.below(4) as u32;
        let bags: Vec<Vec<usize>> = (0..rng.below(6))
            .map(|_| {
                (0..1 + rng.below(3))
                    .map(|_| rng.below(colours as u64) as usize)
                    .collect()
            })
            .collect();
        let game = gems_fight(colours, size, &bags).unwrap();
        let plain = crate::games::gems_fight::GemsFight::new(colours, size, &bags).unwrap();
        let table = solve_subset_scores(&plain, &Budget::default()).unwrap();
        let notation = BagsNotation { bags: bags.len() };
        for taken in 0..1u32 << bags.len() {
            let pos = notation.to_datum(&taken);
            let sol = consistent(game.as_ref(), &pos);
            assert_eq!(sol.value.score, Some(table.get(taken)), "{bags:?} {taken}");
            for mv in &sol.moves {
                assert!(mv.mv.again == (mv.mv.points > 0));
            }
            notation_holds(game.as_ref(), &pos);
        }
    }
}

#[test]
fn gems_fight_positions_read_and_refuse() {
    let game = gems_fight(2, 2, &[vec![0], vec![1], vec![0, 1]]).unwrap();
    assert_eq!(game.parse("taken 1 3").unwrap(), Datum::ints([1, 3]));
    assert_eq!(game.parse("3 1").unwrap(), Datum::ints([1, 3]));
    assert_eq!(game.parse("none").unwrap(), Datum::ints([]));
    position_error(
        game.parse("taken 4"),
        "expected a bag taken (an integer from 1 to 3), found \"4\"",
    );
    position_error(game.parse("1 x"), "found \"x\"");
    position_error(game.parse("2 2"), "bag 2 is listed twice");
    position_error(game.check(&Datum::ints([0])), "found 0");
}

/// Every staircase: the score equals the tiered score table's (the judge's solver).
#[test]
fn young_agrees_with_the_tiered_tables() {
    let mut rng = Rng(11);
    for _ in 0..30 {
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below(3) as usize;
        let mut values = || -> Vec<i64> { (0..rows * cols).map(|_| rng.below(9) as i64).collect() };
        let (first, second) = (values(), values());
        let plain = Young::new(rows, cols, first.clone(), second.clone()).unwrap();
        let table = solve_scores(&plain, &Budget::default()).unwrap();
        let game = young(Young::new(rows, cols, first, second).unwrap());
        for index in 0..plain.len() {
            let lengths = plain.position(index);
            let pos = Datum::ints(lengths.iter().map(|&l| i64::from(l)));
            let sol = consistent(game.as_ref(), &pos);
            assert_eq!(sol.value.score, Some(table.get(index)), "{pos}");
            notation_holds(game.as_ref(), &pos);
        }
    }
}

#[test]
fn young_positions_read_and_refuse() {
    let game = young(Young::new(2, 3, vec![0; 6], vec![0; 6]).unwrap());
    assert_eq!(game.parse("##.\n#..\n").unwrap(), Datum::ints([2, 1]));
    assert_eq!(game.parse("2 1").unwrap(), Datum::ints([2, 1]));
    assert_eq!(game.show(&Datum::ints([3, 0])).unwrap(), "###\n...");
    position_error(game.parse("##. #.. ..."), "expected 2 rows, found 3");
    position_error(
        game.parse("\n##.\n#...\n"),
        "line 3: expected 3 cells (# filled, . empty), found \"#...\"",
    );
    position_error(game.parse("##. #x."), "row 2, column 2: 'x' is not a cell");
    position_error(
        game.parse("#.# ..."),
        "row 1: a filled cell right of an empty one",
    );
    position_error(
        game.parse("#.. ##."),
        "row 2: 2 filled cells under a row of 1",
    );
    position_error(
        game.parse("4 1"),
        "expected a row length (an integer from 0 to 3), found \"4\"",
    );
    position_error(
        game.check(&Datum::ints([1, 2])),
        "row 2: 2 filled cells under a row of 1",
    );
}

/// A Dot position for plain recursion: x, y, whether the mover and the other may reflect.
type DotKey = (i32, i32, bool, bool);

/// Whether the player to move wins, by plain recursion from the rules (remembered in
/// `seen`): a move leaving the disc is played and loses for its mover.
fn dot_plain(
    vectors: &[(i32, i32)],
    d: i32,
    key: DotKey,
    seen: &mut HashMap<DotKey, bool>,
) -> bool {
    if let Some(&wins) = seen.get(&key) {
        return wins;
    }
    let (x, y, mine, theirs) = key;
    let outside = |x: i32, y: i32| x * x + y * y > d * d;
    let adds = vectors.iter().any(|&(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        !outside(nx, ny) && !dot_plain(vectors, d, (nx, ny, theirs, mine), seen)
    });
    let wins = adds || (mine && !dot_plain(vectors, d, (y, x, theirs, false), seen));
    seen.insert(key, wins);
    wins
}

/// Every point in the disc with every pair of reflection flags: the outcome equals plain
/// recursion, and at starts the game's own fast path.
#[test]
fn dot_agrees_with_plain_recursion() {
    let mut rng = Rng(5);
    for _ in 0..25 {
        let d = 1 + rng.below(4) as i32;
        let mut vectors: Vec<(i32, i32)> = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let v = (rng.below(3) as i32, 1 + rng.below(2) as i32);
            let v = if rng.below(2) == 0 { v } else { (v.1, v.0) };
            if !vectors.contains(&v) {
                vectors.push(v);
            }
        }
        let rules = Dot::new(vectors.clone(), d).unwrap();
        let game = dot(rules.clone(), (0, 0)).unwrap();
        let mut seen = HashMap::new();
        for x in -d..=d {
            for y in -d..=d {
                if !rules.within(x, y) {
                    position_error(
                        game.parse(&format!("{x} {y}")),
                        "outside the distance limit",
                    );
                    continue;
                }
                for (mover, other) in [(true, true), (true, false), (false, true), (false, false)] {
                    let pos = Datum::List(vec![
                        Datum::Int(x.into()),
                        Datum::Int(y.into()),
                        Datum::Bool(mover),
                        Datum::Bool(other),
                    ]);
                    let sol = consistent(game.as_ref(), &pos);
                    let wins = dot_plain(&vectors, d, (x, y, mover, other), &mut seen);
                    assert_eq!(
                        sol.value.outcome == Outcome::Win,
                        wins,
                        "{vectors:?} {d} {pos}"
                    );
                    if mover && other {
                        let fast = rules.start_outcome(x, y, &Budget::default()).unwrap();
                        assert_eq!(sol.value.outcome, fast);
                    }
                    notation_holds(game.as_ref(), &pos);
                }
            }
        }
    }
}

#[test]
fn dot_positions_read_and_refuse() {
    let game = dot(Dot::new(vec![(1, 0)], 5).unwrap(), (0, 0)).unwrap();
    let pos = game.parse("3 -4 other").unwrap();
    assert_eq!(game.show(&pos).unwrap(), "3 -4 other");
    assert_eq!(game.parse("1 2").unwrap(), game.parse("1 2 both").unwrap());
    position_error(
        game.parse("1"),
        "expected X Y [both|mover|other|none], found 1 words",
    );
    position_error(game.parse("1 2 nobody"), "found \"nobody\"");
    position_error(
        game.parse("1 y"),
        "expected y (an integer from -1048576 to 1048576), found \"y\"",
    );
    position_error(game.parse("4 4"), "(4, 4) lies outside the distance limit");
    assert!(dot(Dot::new(vec![(1, 0)], 5).unwrap(), (5, 1)).is_err());
}

/// Every (stones, seat) up to 30 stones: the outcome equals the game's dense table.
#[test]
fn team_nim_agrees_with_the_dense_table() {
    let mut rng = Rng(3);
    for _ in 0..20 {
        let seats = 2 * (1 + rng.below(3) as usize);
        let limits: Vec<u32> = (0..seats).map(|_| 1 + rng.below(5) as u32).collect();
        let rules = TeamNim::new(limits.clone()).unwrap();
        let game = team_nim(rules.clone(), 30).unwrap();
        for stones in 0..=30 {
            for seat in 0..seats as u32 {
                let pos = Datum::ints([i64::from(stones), i64::from(seat) + 1]);
                let sol = consistent(game.as_ref(), &pos);
                let expected = rules
                    .outcome(&Seat { stones, seat }, &Budget::default())
                    .unwrap();
                assert_eq!(sol.value.outcome, expected, "{limits:?} {pos}");
                notation_holds(game.as_ref(), &pos);
            }
        }
    }
}

#[test]
fn team_nim_positions_read_and_refuse() {
    let game = team_nim(TeamNim::new(vec![3, 4]).unwrap(), 10).unwrap();
    assert_eq!(game.parse("7 seat 2").unwrap(), Datum::ints([7, 2]));
    assert_eq!(game.parse("7").unwrap(), Datum::ints([7, 1]));
    position_error(
        game.parse("7 3"),
        "expected a seat (an integer from 1 to 2), found \"3\"",
    );
    position_error(
        game.parse("-1"),
        "expected the stones (an integer from 0 to 16777216)",
    );
    position_error(
        game.parse("1 2 3 4"),
        "expected STONES [seat K], found 4 words",
    );
    assert!(team_nim(TeamNim::new(vec![1, 1]).unwrap(), MAX_HEAP + 1).is_err());
}
