use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::*;
use crate::model::{Game, Move};
use crate::solve::memo::MemoSearch;
use crate::testing::{numbered_by_itself, Rng};

/// A game given by its move lists: position `i` moves along `moves[i]`. Each position is its
/// own tier (the dense search ignores tiers; a loopy graph breaks their promise).
struct Graph {
    moves: Vec<Vec<Move<usize>>>,
}

impl Game for Graph {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        out.extend_from_slice(&self.moves[*pos]);
    }
}

numbered_by_itself!(Graph, |game| game.moves.len());

/// A random game of `n` positions with up to 4 moves each, some granting another turn and
/// earning points; a move aims below its position, or anywhere with chance `1 / loop_odds`.
fn random_graph(rng: &mut Rng, n: usize, loop_odds: u64) -> Graph {
    let moves = (0..n)
        .map(|i| {
            let n_moves = rng.below(5);
            (0..n_moves)
                .filter_map(|_| {
                    let anywhere = loop_odds > 0 && rng.below(loop_odds) == 0;
                    let to = match (anywhere, i) {
                        (true, _) => rng.below(n as u64) as usize,
                        (false, 0) => return None,
                        (false, _) => rng.below(i as u64) as usize,
                    };
                    let mut mv = Move::to(to).with_points(rng.below(7) as i64 - 3);
                    if rng.below(4) == 0 {
                        mv = mv.again();
                    }
                    Some(mv)
                })
                .collect()
        })
        .collect();
    Graph { moves }
}

/// Asks every position of `game` of both searches, in a random order, and checks they give
/// the same answers (errors included) and store the same number of positions; returns the
/// number of positions compared.
fn compare_with_memo_search(game: &Graph, play: Play, rng: &mut Rng) -> usize {
    let n = game.len();
    let mut dense = DenseOutcomeSearch::new(game, play, Budget::default()).unwrap();
    let mut hashed = MemoSearch::new(game, Outcomes(play), Budget::default());
    let mut order: Vec<usize> = (0..n).collect();
    for k in (1..n).rev() {
        order.swap(k, rng.below(k as u64 + 1) as usize);
    }
    for &i in &order {
        assert_eq!(dense.value_at(i), hashed.value(&i), "{play:?} position {i}");
        assert_eq!(dense.len(), hashed.len(), "{play:?} after position {i}");
        // No cell stays open after a query, whatever its answer.
        let marked = (0..n).filter(|&j| dense.cells.cell(j) != UNKNOWN).count();
        assert_eq!(marked, dense.len());
        assert!((0..n).all(|j| dense.cells.cell(j) != OPEN));
    }
    n
}

#[test]
fn random_dags_agree_with_memo_search_normal_and_misere() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut compared = 0;
    for case in 0..300 {
        let game = random_graph(&mut rng, 1 + case % 70, 0);
        for play in [Play::Normal, Play::Misere] {
            compared += compare_with_memo_search(&game, play, &mut rng);
        }
    }
    assert_eq!(
        compared,
        2 * (0..300).map(|case| 1 + case % 70).sum::<usize>()
    );
}

#[test]
fn random_loopy_games_report_the_same_cycles_and_stay_clean() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut compared, mut cycles) = (0, 0);
    for case in 0..300 {
        let game = random_graph(&mut rng, 1 + case % 50, 12);
        let mut hashed = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
        cycles += (0..game.len())
            .filter(|i| hashed.value(i) == Err(SolveError::Cycle))
            .count();
        for play in [Play::Normal, Play::Misere] {
            compared += compare_with_memo_search(&game, play, &mut rng);
        }
    }
    assert_eq!(
        compared,
        2 * (0..300).map(|case| 1 + case % 50).sum::<usize>()
    );
    assert!(cycles > 100, "only {cycles} positions reach a cycle");
}

#[test]
fn a_cycle_leaves_the_acyclic_part_answerable() {
    // 3 -> 2 -> 1 -> 2 loops; 3 -> 0 and 4 -> 0 do not (0 has no move).
    let game = Graph {
        moves: vec![
            vec![],
            vec![Move::to(2)],
            vec![Move::to(1)],
            vec![Move::to(2), Move::to(0)],
            vec![Move::to(0)],
        ],
    };
    let mut search = DenseOutcomeSearch::new(&game, Play::Normal, Budget::default()).unwrap();
    assert_eq!(search.value_at(3), Err(SolveError::Cycle));
    assert!(search.is_empty());
    assert_eq!(search.value_at(4), Ok(Outcome::Win));
    assert_eq!(search.value(&0), Ok(Outcome::Loss));
    // 3 now finds its solved losing successor 0 before descending into the loop.
    assert_eq!(search.value_at(3), Ok(Outcome::Win));
    assert_eq!(search.len(), 3);
    assert_eq!(search.value_at(1), Err(SolveError::Cycle));
    assert_eq!(search.len(), 3);
}

/// A chain 0 <- 1 <- ... <- len - 1: from k the only move is to k - 1.
struct Chain(usize);

impl Game for Chain {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        out.extend(pos.checked_sub(1).map(Move::to));
    }
}

numbered_by_itself!(Chain, |game| game.0);

#[test]
fn ten_million_chain_solves_without_recursion() {
    let n = 10_000_000;
    let game = Chain(n + 1);
    let mut search = DenseOutcomeSearch::new(&game, Play::Normal, Budget::default()).unwrap();
    assert_eq!(search.value(&n).unwrap(), Outcome::Loss);
    assert_eq!(search.len(), n + 1);
    assert_eq!(search.bytes(), (n + 1).div_ceil(32) * 8);
    assert_eq!(search.value_at(n - 1).unwrap(), Outcome::Win);
}

#[test]
fn budget_refuses_before_allocating() {
    // 2^50 cells would take 2^48 bytes: refused by bytes, then by positions.
    let huge = Chain(1 << 50);
    let err =
        DenseOutcomeSearch::new(&huge, Play::Normal, Budget::unlimited().with_bytes(1 << 30)).err();
    assert_eq!(
        err,
        Some(SolveError::TooLarge {
            needed: 1 << 48,
            limit: 1 << 30,
            unit: "bytes"
        })
    );
    let err = DenseOutcomeSearch::new(&huge, Play::Normal, Budget::default()).err();
    assert_eq!(
        err,
        Some(SolveError::TooLarge {
            needed: 1 << 50,
            limit: 1 << 31,
            unit: "positions"
        })
    );
    // The exact size fits.
    let small = Chain(100);
    let budget = Budget::default().with_positions(100).with_bytes(32);
    assert!(DenseOutcomeSearch::new(&small, Play::Normal, budget).is_ok());
    let budget = Budget::default().with_bytes(31);
    assert!(DenseOutcomeSearch::new(&small, Play::Normal, budget).is_err());
}

#[test]
fn cancelled_search_keeps_no_open_position() {
    let game = Chain(200_000);
    let flag = Arc::new(AtomicBool::new(true));
    let budget = Budget::default().with_cancel(Arc::clone(&flag));
    let mut search = DenseOutcomeSearch::new(&game, Play::Misere, budget).unwrap();
    assert_eq!(search.value_at(199_999), Err(SolveError::Interrupted));
    assert!(search.is_empty());
    assert!((0..game.len()).all(|i| search.cells.cell(i) == UNKNOWN));
    // The flag is read at every position: a short query stops too, and runs once it is down.
    assert_eq!(search.value_at(1_000), Err(SolveError::Interrupted));
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(search.value_at(1_000), Ok(Outcome::Win));
    assert_eq!(search.len(), 1_001);
}

#[test]
fn an_index_outside_the_game_is_refused() {
    let game = Chain(10);
    let mut search = DenseOutcomeSearch::new(&game, Play::Normal, Budget::default()).unwrap();
    assert!(matches!(
        search.value_at(10),
        Err(SolveError::Unsupported(m)) if m.contains("position 10")
    ));
    assert!(search.is_empty());
}
