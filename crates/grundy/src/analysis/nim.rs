//! Nim and its relatives with closed forms over a whole row of heaps: Nim (Bouton), misère
//! Nim, staircase Nim and Moore's Nim_k.

use super::error::AnalysisError;
use super::found::{outcome_of, Found};
use super::reason::{BitCount, Reason};
use super::valued::{Searched, Valued};
use crate::games::moore::MooreNim;
use crate::games::{misere_nim, nim, staircase};
use crate::limits::Budget;
use crate::model::Game;
use crate::solve::grundy::GrundySolver;
use crate::value::{Nimber, Outcome};

/// Moore's Nim: the engine's Grundy value is searched for at most this many heaps...
const MOORE_SEARCH_HEAPS: usize = 6;
/// ... whose sizes plus one multiply to at most this.
const MOORE_SEARCH_PRODUCT: f64 = 5_000.0;
/// Moore's Nim: every move is tried for at most this many heaps...
const MOORE_LIST_HEAPS: usize = 16;
/// ... whose sizes plus one multiply to at most this (else one constructed winning move).
const MOORE_LIST_PRODUCT: f64 = 200_000.0;

fn heap_moves(heaps: &[u64], moves: Vec<(usize, u64)>) -> Vec<String> {
    moves
        .into_iter()
        .map(|(heap_idx, size)| format!("heap {}: {} -> {size}", heap_idx + 1, heaps[heap_idx]))
        .collect()
}

fn joined(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A row of Nim heaps' moves to a row of nim-sum `value`.
pub(super) fn nim_moves_to(heaps: &[u64], value: Nimber) -> Vec<String> {
    heap_moves(heaps, nim::moves_to_value(heaps, value.0))
}

/// Staircase Nim's moves to a staircase of value `value`.
pub(super) fn staircase_moves_to(steps: &[u64], value: Nimber) -> Vec<String> {
    staircase::moves_to_value(steps, value)
        .into_iter()
        .map(|m| {
            let to = if m.from == 1 {
                "off the staircase".to_string()
            } else {
                format!("to step {}", m.from - 1)
            };
            format!("move {} coin(s) from step {} {to}", m.coins, m.from)
        })
        .collect()
}

/// The label of a move of Moore's Nim: the row before and after.
pub(super) fn moore_label(heaps: &[u64], next: &[u64]) -> String {
    format!("{} -> {}", joined(heaps), joined(next))
}

/// Nim: the nim-sum (Bouton).
pub(super) fn nim(heaps: &[u64]) -> Found<'static> {
    let total = nim::nim_sum(heaps);
    Found {
        outcome: outcome_of(Nimber(total)),
        winning_moves: nim_moves_to(heaps, Nimber(0)),
        value: Some(Valued::Nim(heaps.to_vec())),
        complete: true,
        reasons: vec![
            Reason::NimSum {
                heaps: heaps.to_vec(),
                total,
            },
            Reason::Bouton,
        ],
    }
}

/// Misère Nim (Bouton's misère rule).
pub(super) fn misere(heaps: &[u64]) -> Found<'static> {
    let large = heaps.iter().filter(|&&h| h >= 2).count();
    let first = if large > 0 {
        Reason::MisereLargeHeaps {
            large,
            heaps: heaps.to_vec(),
            total: nim::nim_sum(heaps),
        }
    } else {
        Reason::MisereSmallHeaps {
            ones: heaps.iter().filter(|&&h| h == 1).count(),
        }
    };
    Found {
        outcome: misere_nim::outcome(heaps),
        value: None,
        winning_moves: heap_moves(heaps, misere_nim::winning_moves(heaps)),
        complete: true,
        reasons: vec![first, Reason::BoutonMisere],
    }
}

/// Staircase Nim: Nim on the odd steps.
pub(super) fn staircase(steps: &[u64]) -> Found<'static> {
    let value = staircase::nimber(steps);
    Found {
        outcome: outcome_of(value),
        winning_moves: staircase_moves_to(steps, Nimber(0)),
        value: Some(Valued::Staircase(steps.to_vec())),
        complete: true,
        reasons: vec![
            Reason::StaircaseOddSteps {
                odd_steps: steps.iter().step_by(2).copied().collect(),
                total: value.0,
            },
            Reason::StaircaseReversible,
        ],
    }
}

/// The product of the heaps plus one, as a float (a size estimate that cannot overflow).
fn product(heaps: &[u64]) -> f64 {
    heaps.iter().map(|&h| h as f64 + 1.0).product()
}

/// Moore's Nim_k: bit counts modulo `k + 1`.
pub(super) fn moore<'a>(game: &'a MooreNim, heaps: &[u64]) -> Result<Found<'a>, AnalysisError> {
    // The engine's Grundy value, where the position is small enough to search.
    let nimber = if heaps.len() <= MOORE_SEARCH_HEAPS && product(heaps) <= MOORE_SEARCH_PRODUCT {
        Some(GrundySolver::without_components(game, Budget::default()).nimber(&heaps.to_vec())?)
    } else {
        None
    };
    let (winning_moves, complete) = moore_moves(game, heaps);
    Ok(Found {
        outcome: game.outcome(heaps),
        value: nimber.map(|nimber| Valued::Searched {
            nimber,
            position: Searched::Moore(game, heaps.to_vec()),
        }),
        winning_moves,
        complete,
        reasons: vec![
            Reason::MooreBitCounts {
                counts: game
                    .bit_counts(heaps)
                    .into_iter()
                    .map(|(bit, heaps)| BitCount { bit, heaps })
                    .collect(),
            },
            Reason::Moore {
                modulus: game.k() as u64 + 1,
            },
        ],
    })
}

/// Every winning move when the moves are few enough to try, else Moore's constructed one.
fn moore_moves(game: &MooreNim, heaps: &[u64]) -> (Vec<String>, bool) {
    let show = |next: &[u64]| moore_label(heaps, next);
    if heaps.len() <= MOORE_LIST_HEAPS && product(heaps) <= MOORE_LIST_PRODUCT {
        let mut moves = Vec::new();
        game.moves(&heaps.to_vec(), &mut moves);
        let list = moves
            .into_iter()
            .filter(|m| game.outcome(&m.to) == Outcome::Loss)
            .map(|m| show(&m.to))
            .collect();
        return (list, true);
    }
    let list = game
        .winning_move(heaps)
        .map(|next| show(&next))
        .into_iter()
        .collect();
    (list, false)
}
