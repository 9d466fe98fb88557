use super::*;
use crate::games::nim::Nim;
use crate::limits::SolveError;
use crate::solve::memo::{MemoSearch, Outcomes};
use crate::value::{Outcome, Play};

#[test]
fn nim_sums_are_xor_and_components_are_shared() {
    let mut solver = GrundySolver::new(&Nim, Budget::default());
    for a in 0..6u64 {
        for b in 0..6 {
            for c in 0..6 {
                assert_eq!(solver.nimber(&vec![a, b, c]).unwrap(), Nimber(a ^ b ^ c));
            }
        }
    }
    // Only single heaps 1..=5 were stored.
    assert_eq!(solver.len(), 5);
}

#[test]
fn zero_nimber_is_a_loss() {
    let mut solver = GrundySolver::without_components(&Nim, Budget::default());
    let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default());
    for a in 0..4u64 {
        for b in 0..4 {
            let pos = vec![a, b];
            let nimber = solver.nimber(&pos).unwrap();
            assert_eq!(nimber.outcome(), search.value(&pos).unwrap());
            assert_eq!(
                nimber == Nimber::ZERO,
                search.value(&pos).unwrap() == Outcome::Loss
            );
        }
    }
}

/// A state space larger than the budget is refused before anything is stored, naming its
/// size; one that fits is solved.
#[test]
fn reachable_past_the_budget_is_refused_up_front() {
    use crate::games::corner::Corner;
    let budget = Budget::default().with_positions(1_000);
    let mut solver = GrundySolver::without_components(&Corner, budget.clone());
    let err = solver.nimber(&(1 << 24, 1 << 24)).unwrap_err();
    assert_eq!(
        err,
        SolveError::TooLarge {
            needed: ((1u64 << 24) + 1) * ((1 << 24) + 1),
            limit: 1_000,
            unit: "positions"
        }
    );
    assert!(solver.is_empty());
    let small = GrundySolver::without_components(&Corner, budget.clone()).nimber(&(30, 30));
    assert!(small.is_ok());
    let tight = budget.with_bytes(100);
    let err = GrundySolver::without_components(&Corner, tight).nimber(&(30, 30));
    assert!(matches!(
        err,
        Err(SolveError::TooLarge { unit: "bytes", .. })
    ));
}

/// The work limit stops a search whose few positions have many moves.
#[test]
fn work_limit_stops_the_search() {
    let budget = Budget::default().with_work(10_000);
    let err = GrundySolver::new(&Nim, budget.clone()).nimber(&vec![1_000]);
    assert!(matches!(
        err,
        Err(SolveError::TooLarge {
            unit: "moves listed",
            ..
        })
    ));
    let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), budget);
    let err = search.value(&vec![1_000, 1_000]);
    assert!(matches!(
        err,
        Err(SolveError::TooLarge {
            unit: "moves listed",
            ..
        })
    ));
}
