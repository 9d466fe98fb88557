//! `roundabout.luau`, a partizan file whose positions repeat: every cell's graph against
//! the one built here from the rules, its value against the hand derivation in the file
//! (every cell is `over`; Winning Ways, ch. 11, and CGSuite's `over = {0|pass}`) and
//! against the loopy module's own evaluation of the graph built by hand.

use std::collections::HashMap;
use std::sync::Arc;

use grundy::analysis::partizan::{analyze_loopy, analyze_loopy_sum, Summand};
use grundy::cgt::loopy::{
    evaluate, LoopyEvaluation, LoopyGame, LoopyOutcomeClass, SidedValue, Winner,
};
use grundy::cgt::Arena;
use grundy::dynamic::partizan::Side;
use grundy::dynamic::{Datum, DynError, DynGame, RulesError};
use grundy::Budget;

use super::{load, round_trip};

/// The roundabout of `n` cells from cell `start` as a graph, from the rules: cell `c`
/// (1 to n) has Left's exit to cell 0 and Right's drive to `c % n + 1`; cell 0 has no
/// moves; positions are numbered as the cells are (0 the exit).
fn by_hand(n: usize, start: usize) -> LoopyGame {
    let mut positions = vec![(vec![], vec![])];
    for c in 1..=n {
        positions.push((vec![0], vec![c % n + 1]));
    }
    LoopyGame::new(&positions, start).unwrap()
}

#[test]
fn every_cell_of_a_roundabout_is_over() {
    let game = load("roundabout.luau", &[]);
    let partizan = game.partizan().unwrap();
    let mut arena = Arena::new();
    let LoopyEvaluation::Game(over) = evaluate(&mut arena, "over").unwrap() else {
        panic!("over is a game");
    };
    for n in 1..=6 {
        for cell in 1..=n {
            let pos = Datum::ints([n as i64, cell as i64]);
            round_trip(&game, std::slice::from_ref(&pos));
            // The graph the file gives is the one built from the rules here.
            let g = partizan.loopy(&pos, &Budget::default()).unwrap();
            assert_eq!(g, by_hand(n, cell), "{n} at {cell}");
            // The loopy module's own value of the graph built by hand: over.
            let hand = SidedValue::of(&by_hand(n, cell)).unwrap();
            assert!(hand.is_stopper());
            assert_eq!(hand.to_string(), "over", "{n} at {cell}");
            assert_eq!(
                by_hand(n, cell).compare(&over).unwrap(),
                Some(std::cmp::Ordering::Equal)
            );
            // What solve shows: over, both sides over, Left wins whoever starts.
            let a = analyze_loopy(partizan, &pos, &Budget::default()).unwrap();
            assert_eq!(a.value, "over", "{n} at {cell}");
            assert_eq!(
                (a.onside.as_deref(), a.offside.as_deref()),
                (Some("over"), Some("over"))
            );
            assert_eq!(a.outcome, LoopyOutcomeClass::L);
            assert!(a.stopper);
            assert_eq!(a.positions, n + 1);
        }
        // The exit is 0, a short game: its canonical form, as before.
        let out = Datum::ints([n as i64, 0]);
        let zero = partizan
            .canonical(&out, &mut arena, &Budget::default())
            .unwrap();
        assert_eq!(arena.display(zero), "0");
    }
}

#[test]
fn a_cell_has_no_canonical_form_the_cycle_is_named() {
    let game = load("roundabout.luau", &[]);
    let err = game
        .partizan()
        .unwrap()
        .canonical(&Datum::ints([3, 1]), &mut Arena::new(), &Budget::default())
        .unwrap_err();
    assert!(
        matches!(err, DynError::Rules(RulesError::Cycle { .. })),
        "{err}"
    );
}

#[test]
fn a_graph_past_the_budget_is_refused_with_its_count() {
    let game = load("roundabout.luau", &[]);
    let err = game
        .partizan()
        .unwrap()
        .loopy(&Datum::ints([9, 1]), &Budget::default().with_positions(5))
        .unwrap_err();
    assert!(err.to_string().contains("needs 6 positions"), "{err}");
}

/// Who wins a sum of `positions` (each of its own game in `games`) by a plain search: the sum's
/// states (the summands' positions and the player to move) found from the start, a state
/// lost when every move leads to a state won for the other player (no move: lost), won when
/// one move leads to a lost one, repeated until nothing changes; the rest are draws. The
/// answer is who wins with Left moving first and with Right moving first.
fn plain_search(games: &[Arc<dyn DynGame>], positions: &[Datum]) -> (Winner, Winner) {
    // States: (positions, Left to move).
    let mut index: HashMap<(Vec<Datum>, bool), usize> = HashMap::new();
    let mut states: Vec<(Vec<Datum>, bool)> = Vec::new();
    let mut moves: Vec<Vec<usize>> = Vec::new();
    for left in [true, false] {
        let start = (positions.to_vec(), left);
        index.insert(start.clone(), states.len());
        states.push(start);
    }
    while moves.len() < states.len() {
        let (here, left) = states[moves.len()].clone();
        let side = if left { Side::Left } else { Side::Right };
        let mut out = Vec::new();
        for (i, pos) in here.iter().enumerate() {
            for mv in games[i].partizan().unwrap().options(pos, side).unwrap() {
                let mut next = here.clone();
                next[i] = mv.to;
                let key = (next, !left);
                let id = *index.entry(key.clone()).or_insert_with(|| {
                    states.push(key);
                    states.len() - 1
                });
                out.push(id);
            }
        }
        moves.push(out);
    }
    // Some(true): the player to move wins; Some(false): loses; None: not known (a draw).
    let mut result: Vec<Option<bool>> = vec![None; states.len()];
    loop {
        let mut changed = false;
        for s in 0..states.len() {
            if result[s].is_some() {
                continue;
            }
            let found = if moves[s].iter().any(|&t| result[t] == Some(false)) {
                Some(true)
            } else if moves[s].iter().all(|&t| result[t] == Some(true)) {
                Some(false)
            } else {
                None
            };
            if found.is_some() {
                result[s] = found;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let winner = |s: usize, mover: Winner, other: Winner| match result[s] {
        Some(true) => mover,
        Some(false) => other,
        None => Winner::Draw,
    };
    (
        winner(0, Winner::Left, Winner::Right),
        winner(1, Winner::Right, Winner::Left),
    )
}

/// A position of an example file: the game, the file's name, the position.
type Placed = (Arc<dyn DynGame>, &'static str, Datum);

/// Every position of the tracks and roundabouts of 1 to 3 cells, with its game.
fn small_positions() -> Vec<Placed> {
    let mut all = Vec::new();
    for (file, first) in [("roundabout.luau", 0), ("shuttle.luau", 0)] {
        let game = load(file, &[]);
        for n in 1..=3i64 {
            for cell in first..=n {
                all.push((Arc::clone(&game), file, Datum::ints([n, cell])));
            }
        }
    }
    all
}

/// A sum of positions of one game file or of both, as summands (each file loaded once).
fn summands(parts: &[&Placed]) -> Vec<Summand> {
    parts
        .iter()
        .map(|(game, file, pos)| Summand {
            name: file.to_string(),
            game: Arc::clone(game),
            position: pos.clone(),
        })
        .collect()
}

/// Sums of two positions of `roundabout.luau` and `shuttle.luau` (every pair of the tracks
/// and roundabouts of 1 to 3 cells) and some of three: the outcome `analyze_loopy_sum`
/// finds on the sum's graph is the one a plain search of the sum finds, and so is the
/// outcome read from the sum's sides alone (Left moving first wins when she wins the
/// offside, draws when she survives only the onside; Siegel, *Combinatorial Game Theory*,
/// 2013, ch. VI).
#[test]
fn sums_of_loopy_file_positions_have_the_plain_search_outcome() {
    let all = small_positions();
    let mut sums: Vec<Vec<&Placed>> = Vec::new();
    for i in 0..all.len() {
        for j in i..all.len() {
            sums.push(vec![&all[i], &all[j]]);
        }
    }
    for i in (0..all.len()).step_by(3) {
        sums.push(vec![
            &all[i],
            &all[(i + 5) % all.len()],
            &all[(i + 11) % all.len()],
        ]);
    }
    let mut draws = 0;
    for parts in &sums {
        let summands = summands(parts);
        let a = analyze_loopy_sum(&summands, &Budget::default()).unwrap();
        let expected = plain_search_of(&summands);
        let shown: Vec<String> = parts.iter().map(|(_, f, p)| format!("{f} {p}")).collect();
        assert_eq!(
            (a.left_first, a.right_first),
            expected,
            "{}",
            shown.join(" + ")
        );
        // The outcome from the sides alone.
        let mut graph = summands[0]
            .game
            .partizan()
            .unwrap()
            .loopy(&summands[0].position, &Budget::default())
            .unwrap();
        for s in &summands[1..] {
            let g = s
                .game
                .partizan()
                .unwrap()
                .loopy(&s.position, &Budget::default());
            graph = graph.sum(&g.unwrap()).unwrap();
        }
        let sided = SidedValue::of(&graph).unwrap();
        assert_eq!(sided.outcome(), a.outcome, "{}", shown.join(" + "));
        assert_eq!(sided.to_string(), a.value);
        draws += usize::from(a.outcome == LoopyOutcomeClass::D);
    }
    // The sums are not all of one kind: some are draws, some are not.
    assert!(draws > 0 && draws < sums.len(), "{draws} of {}", sums.len());
}

/// The plain search of a sum whose summands may come from different files: each summand's
/// game searched through its own options.
fn plain_search_of(summands: &[Summand]) -> (Winner, Winner) {
    let games: Vec<Arc<dyn DynGame>> = summands.iter().map(|s| Arc::clone(&s.game)).collect();
    let positions: Vec<Datum> = summands.iter().map(|s| s.position.clone()).collect();
    plain_search(&games, &positions)
}

/// Published and derived values of sums of file positions: a roundabout cell plus another
/// is `over + over = over` (CGSuite's test cases give `over` as idempotent,
/// `lib/core/src/test/scala/org/cgsuite/lang/CanonicalStopperTestCase.scala`,
/// `isIdempotent = "true"`); cell `C` of a track of `N` is `C & C-N` (the file's
/// derivation), and a sum of tracks adds the sides, as the sum of integers is an integer.
#[test]
fn sums_of_roundabouts_and_tracks_add_as_sided_values() {
    let roundabout = load("roundabout.luau", &[]);
    let shuttle = load("shuttle.luau", &[]);
    let of = |game: &Arc<dyn DynGame>, file: &str, parts: &[[i64; 2]]| {
        let summands: Vec<Summand> = parts
            .iter()
            .map(|p| Summand {
                name: file.into(),
                game: Arc::clone(game),
                position: Datum::ints(*p),
            })
            .collect();
        analyze_loopy_sum(&summands, &Budget::default()).unwrap()
    };
    let a = of(&roundabout, "roundabout", &[[3, 1], [2, 2]]);
    assert_eq!(
        (a.value.as_str(), a.outcome),
        ("over", LoopyOutcomeClass::L)
    );
    assert_eq!(a.components, ["over", "over"]);
    for n in 1..=3i64 {
        for c in 0..=n {
            let one = of(&shuttle, "shuttle", &[[n, c]]);
            assert_eq!(one.value, format!("{c} & {}", c - n), "{n} at {c}");
            for (m, d) in [(1, 0), (2, 1), (3, 3)] {
                let a = of(&shuttle, "shuttle", &[[n, c], [m, d]]);
                let (on, off) = (c + d, c - n + d - m);
                assert_eq!(a.onside, Some(on.to_string()), "{n} at {c} + {m} at {d}");
                assert_eq!(a.offside, Some(off.to_string()));
            }
        }
    }
}
