use super::*;
use crate::games::nim::Nim;
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
