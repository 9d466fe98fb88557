//! The guard on the move buffer that every search shares: a game that bounds its moves
//! ([`Game::max_moves`]) has them refused, before they are listed, when they would take the
//! buffer past the budget's bytes.

use std::mem::size_of;

use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};

/// Refuses, before they are listed, moves that would take the move buffer (holding
/// `listed` moves already) past the budget's bytes, when the game bounds their number.
pub(crate) fn check_moves<G: Game>(
    game: &G,
    pos: &G::Position,
    listed: usize,
    budget: &Budget,
) -> Result<(), SolveError> {
    if let Some(bound) = game.max_moves(pos) {
        let per_move = size_of::<Move<G::Position>>() as u64;
        budget.check_bytes(bound.saturating_add(listed as u64).saturating_mul(per_move))?;
    }
    Ok(())
}
