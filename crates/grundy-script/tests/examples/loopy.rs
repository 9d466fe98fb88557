//! `roundabout.luau`, a partizan file whose positions repeat: every cell's graph against
//! the one built here from the rules, its value against the hand derivation in the file
//! (every cell is `over`; Winning Ways, ch. 11, and CGSuite's `over = {0|pass}`) and
//! against the loopy module's own evaluation of the graph built by hand.

use grundy::analysis::partizan::analyze_loopy;
use grundy::cgt::loopy::{evaluate, LoopyEvaluation, LoopyGame, LoopyOutcomeClass, SidedValue};
use grundy::cgt::Arena;
use grundy::dynamic::{Datum, DynError, RulesError};
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
