//! Positions written as two numbers with closed forms: Wythoff's game (Beatty pairs, in
//! exact integers of any size) and Fibonacci Nim (Zeckendorf).

use std::fmt::Display;

use super::error::AnalysisError;
use super::found::Found;
use super::reason::Reason;
use super::valued::{Searched, Valued};
use crate::games::fibonacci_nim::{self, zeckendorf, FibonacciNim};
use crate::games::wythoff::{self, BigUint, Wythoff};
use crate::limits::Budget;
use crate::solve::grundy::GrundySolver;
use crate::value::Outcome;

/// Wythoff's game: the engine's Grundy value is searched for heaps up to this.
const WYTHOFF_SEARCH: u64 = 100;
/// Fibonacci Nim: the engine's Grundy value is searched for heaps up to this.
const FIBONACCI_SEARCH: u64 = 300;
/// Fibonacci Nim: every winning take is listed when the takes allowed are at most this.
const FIBONACCI_TAKES: u64 = 1_000_000;

/// The label of a move of Wythoff's game.
pub(super) fn wythoff_label(
    a: impl Display,
    b: impl Display,
    x: impl Display,
    y: impl Display,
) -> String {
    format!("({a}, {b}) -> ({x}, {y})")
}

/// The label of a move of Fibonacci Nim from `heap` taking `take`.
pub(super) fn fibonacci_label(heap: u64, take: u64) -> String {
    format!(
        "take {take} (leaving {}, the next player may take up to {})",
        heap - take,
        take.saturating_mul(2)
    )
}

/// Wythoff's game on heaps written `a` and `b` (any size).
pub(super) fn wythoff(a: &str, b: &str) -> Result<Found<'static>, AnalysisError> {
    let parse = |word: &str| {
        word.parse::<BigUint>().map_err(|_| AnalysisError::Heap {
            word: word.to_string(),
        })
    };
    let (a, b) = (parse(a)?, parse(b)?);
    let is_pair = wythoff::is_p_position_big(&a, &b);
    let moves = wythoff::winning_moves_big(&a, &b);
    let (low, high) = if a <= b { (&a, &b) } else { (&b, &a) };
    let difference = high - low;
    let (pair_low, pair_high) = wythoff::p_pair_big(&difference);
    let small = |v: &BigUint| u64::try_from(v).ok().filter(|&x| x <= WYTHOFF_SEARCH);
    let value = match (small(&a), small(&b)) {
        (Some(x), Some(y)) => Some(Valued::Searched {
            nimber: GrundySolver::without_components(&Wythoff, Budget::default())
                .nimber(&(x, y))?,
            position: Searched::Wythoff(x, y),
        }),
        _ => None,
    };
    let mut reasons = vec![
        Reason::BeattyPairs,
        Reason::BeattyDifference {
            difference,
            low: pair_low,
            high: pair_high,
            is_pair,
        },
    ];
    if let (Ok(heap), false) = (u64::try_from(&a), is_pair) {
        let (partner, k) = wythoff::partner_of(heap);
        reasons.push(Reason::BeattyPartner { heap, k, partner });
    }
    Ok(Found {
        outcome: if is_pair { Outcome::Loss } else { Outcome::Win },
        value,
        winning_moves: moves
            .iter()
            .map(|(x, y)| wythoff_label(&a, &b, x, y))
            .collect(),
        complete: true,
        reasons,
    })
}

/// Fibonacci Nim from `heap` tokens when the player to move may take up to `max_take`.
pub(super) fn fibonacci((heap, max_take): (u64, u64)) -> Result<Found<'static>, AnalysisError> {
    let terms = zeckendorf(heap);
    let pos = (heap, max_take);
    let (takes, complete) = match fibonacci_nim::winning_takes(pos, FIBONACCI_TAKES) {
        Some(takes) => (takes, true),
        None => (
            fibonacci_nim::winning_take(pos).into_iter().collect(),
            false,
        ),
    };
    let smallest = terms.last().copied().unwrap_or(0);
    // The engine's Grundy value, where the position is small enough to search.
    let value = if heap <= FIBONACCI_SEARCH {
        let position = (heap, max_take.min(heap));
        Some(Valued::Searched {
            nimber: GrundySolver::without_components(&FibonacciNim, Budget::default())
                .nimber(&position)?,
            position: Searched::Fibonacci(position.0, position.1),
        })
    } else {
        None
    };
    Ok(Found {
        outcome: fibonacci_nim::outcome(pos),
        value,
        winning_moves: takes.iter().map(|&t| fibonacci_label(heap, t)).collect(),
        complete,
        reasons: vec![
            Reason::Zeckendorf { heap, terms },
            Reason::ZeckendorfSmallest { smallest, max_take },
        ],
    })
}
