//! A solution over symmetry classes shown as played.
//!
//! With [`Rules::canonical`] the search stores each position a
//! move reaches as its class's representative, so the adapter's moves lead to
//! representatives and its principal line walks from one representative to the next (each
//! labelled in its representative's frame). A person wants the positions of the game as
//! played: the moves of the position solved are its own moves, in the same order, and the
//! line is replayed from it, each step the first move whose class is the step's class
//! (with the same points and bonus turn). Symmetric positions have symmetric moves, so such
//! a move exists while `canonical` is true to its promise; where none does, the line stops.

use crate::dynamic::{Datum, DynError, DynMove, Solution};

use super::interned::Shared;
use super::rules::Rules;

/// Puts the real moves of `pos` and its line as played into `sol`.
pub(super) fn as_played<R: Rules>(
    shared: &Shared<R>,
    pos: &Datum,
    sol: &mut Solution,
) -> Result<(), DynError> {
    let moves = shared.labelled(pos)?;
    if moves.len() == sol.counts.moves {
        for valued in &mut sol.moves {
            valued.mv.clone_from(&moves[valued.index]);
        }
    }
    sol.line = replay(shared, pos, &sol.line)?;
    Ok(())
}

/// The line of classes `line` replayed from `root` as played.
fn replay<R: Rules>(
    shared: &Shared<R>,
    root: &Datum,
    line: &[DynMove],
) -> Result<Vec<DynMove>, DynError> {
    let mut played = Vec::with_capacity(line.len());
    let mut current = root.clone();
    for step in line {
        let mut found = None;
        for mv in shared.labelled(&current)? {
            if mv.points == step.points
                && mv.again == step.again
                && shared.class(mv.to.clone())? == step.to
            {
                found = Some(mv);
                break;
            }
        }
        let Some(mv) = found else {
            break;
        };
        current = mv.to.clone();
        played.push(mv);
    }
    Ok(played)
}
