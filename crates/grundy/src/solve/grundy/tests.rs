use super::*;
use crate::games::nim::Nim;
use crate::limits::SolveError;
use crate::model::{Game, Move};
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

/// A chain of positions that each own a buffer of 10,000 words (80 KB): `owns` says whether
/// the game reports it ([`Game::heap_bytes`]).
struct Owning {
    owns: bool,
}

impl Game for Owning {
    type Position = Vec<u64>;

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        if pos[0] > 0 {
            let mut next = pos.clone();
            next[0] -= 1;
            out.push(Move::to(next));
        }
    }

    fn heap_bytes(&self, pos: &Vec<u64>) -> u64 {
        match self.owns {
            true => crate::model::vec_bytes(pos),
            false => 0,
        }
    }
}

/// The bytes a position owns count against the budget (issue 42: the search of Grundy's
/// game held gigabytes of heaps while its budget saw only each position's `size_of`).
#[test]
fn the_heap_positions_own_counts_against_the_bytes() {
    let mut start = vec![0u64; 10_000];
    start[0] = 200;
    // 201 positions of 80 KB each, about 16 MB, past a budget of 4 MiB.
    let budget = Budget::default().with_bytes(4 << 20);
    let owning = Owning { owns: true };
    let err = GrundySolver::without_components(&owning, budget.clone())
        .nimber(&start)
        .unwrap_err();
    assert!(
        matches!(err, SolveError::TooLarge { unit: "bytes", .. }),
        "{err:?}"
    );
    let err = MemoSearch::new(&owning, Outcomes(Play::Normal), budget.clone())
        .value(&start)
        .unwrap_err();
    assert!(
        matches!(err, SolveError::TooLarge { unit: "bytes", .. }),
        "{err:?}"
    );
    // Counted by `size_of` alone they would fit.
    let blind = Owning { owns: false };
    let mut solver = GrundySolver::without_components(&blind, budget.clone());
    assert_eq!(solver.nimber(&start).unwrap(), Nimber(0));
    let mut search = MemoSearch::new(&blind, Outcomes(Play::Normal), budget);
    assert_eq!(search.value(&start).unwrap(), Outcome::Loss);
    // A refused search keeps no open position: the same solver answers a smaller one.
    let mut solver =
        GrundySolver::without_components(&owning, Budget::default().with_bytes(4 << 20));
    assert!(solver.nimber(&start).is_err());
    let mut small = vec![0u64; 10_000];
    small[0] = 10;
    assert_eq!(solver.nimber(&small).unwrap(), Nimber(0));
}

/// Grundy's game at 5000 (issue 42: past 5.7 GB in 24 s from a page, under a 0.5 GiB
/// budget) is refused within 64 MiB, quickly.
#[test]
fn grundy_game_5000_is_refused_within_its_bytes() {
    use crate::games::grundy_game::GrundyGame;
    use crate::games::heaps::Heaps;
    let started = std::time::Instant::now();
    let game = Heaps(GrundyGame);
    let err = GrundySolver::new(&game, Budget::default().with_bytes(64 << 20))
        .nimber(&vec![5000])
        .unwrap_err();
    assert!(
        matches!(err, SolveError::TooLarge { unit: "bytes", limit, .. } if limit == 64 << 20),
        "{err:?}"
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}
