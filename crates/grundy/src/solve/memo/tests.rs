use super::*;
use crate::games::nim::Nim;
use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::value::{Outcome, Play};

/// A chain 0 <- 1 <- ... <- n: from k the only move is to k - 1.
struct Chain;
impl Game for Chain {
    type Position = u64;
    fn moves(&self, pos: &u64, out: &mut Vec<Move<u64>>) {
        if *pos > 0 {
            out.push(Move::to(pos - 1));
        }
    }
}

/// Two positions that move to each other.
struct Loop;
impl Game for Loop {
    type Position = u8;
    fn moves(&self, pos: &u8, out: &mut Vec<Move<u8>>) {
        out.push(Move::to(1 - pos));
    }
}

#[test]
fn chain_parity_normal_and_misere() {
    for n in 0..20u64 {
        let mut normal = MemoSearch::new(&Chain, Outcomes(Play::Normal), Budget::default());
        let mut misere = MemoSearch::new(&Chain, Outcomes(Play::Misere), Budget::default());
        let odd = n % 2 == 1;
        assert_eq!(normal.value(&n).unwrap() == Outcome::Win, odd, "n = {n}");
        assert_eq!(misere.value(&n).unwrap() == Outcome::Win, !odd, "n = {n}");
    }
}

#[test]
fn ten_million_chain_solves_without_recursion() {
    let n = 10_000_000u64;
    let mut search = MemoSearch::new(&Chain, Outcomes(Play::Normal), Budget::default());
    assert_eq!(search.value(&n).unwrap(), Outcome::Loss);
    assert_eq!(search.len(), n as usize + 1);
}

#[test]
fn cycle_is_reported_not_looped() {
    let mut search = MemoSearch::new(&Loop, Outcomes(Play::Normal), Budget::default());
    assert_eq!(search.value(&0), Err(SolveError::Cycle));
    // Nothing half-solved stays behind.
    assert!(search.is_empty());
}

#[test]
fn budget_refuses_before_growing() {
    let budget = Budget::default().with_positions(100);
    let mut search = MemoSearch::new(&Chain, Outcomes(Play::Normal), budget);
    let err = search.value(&1_000).unwrap_err();
    assert_eq!(
        err,
        SolveError::TooLarge {
            needed: 101,
            limit: 100,
            unit: "positions"
        }
    );
    assert!(
        search.is_empty(),
        "an interrupted search keeps no open position"
    );
    assert_eq!(search.value(&50).unwrap(), Outcome::Loss);
}

#[test]
fn nim_outcome_matches_bouton() {
    let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default());
    for a in 0..5u64 {
        for b in 0..5 {
            for c in 0..5 {
                let expect = if a ^ b ^ c == 0 {
                    Outcome::Loss
                } else {
                    Outcome::Win
                };
                assert_eq!(search.value(&vec![a, b, c]).unwrap(), expect);
            }
        }
    }
}

/// Heaps where each take earns its size in points: total points are fixed, so the first
/// player's margin depends only on who takes what.
struct TakePoints;
impl Game for TakePoints {
    type Position = u64;
    fn moves(&self, pos: &u64, out: &mut Vec<Move<u64>>) {
        for k in 1..=2.min(*pos) {
            out.push(Move::to(pos - k).with_points(k as i64));
        }
    }
}

#[test]
fn score_take_one_or_two() {
    let mut search = MemoSearch::new(&TakePoints, Scores, Budget::default());
    // One token: take it, +1. Two: take both, +2. Three: whatever you take, the other takes
    // the rest: take 2 (+2 -1 = 1) or 1 (+1 -2 = -1), so 1.
    assert_eq!(search.value(&1).unwrap(), 1);
    assert_eq!(search.value(&2).unwrap(), 2);
    assert_eq!(search.value(&3).unwrap(), 1);
}

/// Every move earns a point and grants another turn: the mover takes everything.
struct AllBonus;
impl Game for AllBonus {
    type Position = u64;
    fn moves(&self, pos: &u64, out: &mut Vec<Move<u64>>) {
        if *pos > 0 {
            out.push(Move::to(pos - 1).with_points(1).again());
        }
    }
}

#[test]
fn bonus_turns_keep_the_mover() {
    let mut scores = MemoSearch::new(&AllBonus, Scores, Budget::default());
    assert_eq!(scores.value(&7).unwrap(), 7);
    // The mover also faces the empty heap at the end, so loses under normal play.
    let mut outcomes = MemoSearch::new(&AllBonus, Outcomes(Play::Normal), Budget::default());
    assert_eq!(outcomes.value(&7).unwrap(), Outcome::Loss);
}

/// From the root (`u64::MAX`), a move to the top of a long chain and a move to 0; elsewhere
/// the chain.
struct ChainOrZero;
impl Game for ChainOrZero {
    type Position = u64;
    fn moves(&self, pos: &u64, out: &mut Vec<Move<u64>>) {
        if *pos == u64::MAX {
            out.push(Move::to(1_000));
            out.push(Move::to(0));
        } else if *pos > 0 {
            out.push(Move::to(pos - 1));
        }
    }
}

#[test]
fn a_solved_losing_successor_is_found_before_descending() {
    let mut search = MemoSearch::new(&ChainOrZero, Outcomes(Play::Normal), Budget::default());
    assert_eq!(search.value(&0).unwrap(), Outcome::Loss);
    assert_eq!(search.value(&u64::MAX).unwrap(), Outcome::Win);
    // The chain under the first move was never searched.
    assert_eq!(search.len(), 2);
    // Scores cannot cut off: the same root searches the chain (1,001 positions) as well.
    let mut scores = MemoSearch::new(&ChainOrZero, Scores, Budget::default());
    assert_eq!(scores.value(&u64::MAX).unwrap(), 0);
    assert_eq!(scores.len(), 1_002);
}
