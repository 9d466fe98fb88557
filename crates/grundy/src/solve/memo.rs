//! Memoized depth-first search for outcomes and exact scores.
//!
//! One search loop serves both: an [`Evaluation`] says what a position with no moves is
//! worth, what a move is worth given its successor's value, and which of two values the
//! mover prefers. [`Outcomes`] gives win/loss under normal or misère play; [`Scores`] gives
//! the best points difference (negamax). A move that grants another turn passes its
//! successor's value through unnegated: the mover is still to move.
//!
//! The search keeps its own stack, so a chain of ten million positions solves without
//! touching the call stack, and it keeps every move list in one shared buffer, so a node
//! costs one [`Game::moves`](crate::model::Game::moves) call and no allocation. Positions
//! still on the stack are marked in the table; meeting one again means the game is loopy,
//! reported as [`SolveError::Cycle`](crate::limits::SolveError::Cycle) (the `retrograde`
//! solver is for those games).
//!
//! Hash probes are the cost of a memo search, so a position opens by probing all its
//! successors for one already solved that settles its value (a losing successor, for
//! outcomes) before descending into any; those probes do not depend on each other, so their
//! cache misses overlap. A finished position hands its value straight to its parent, which
//! does not probe for it again.
//!
//! The loop is written once over its table: the hash table of [`MemoSearch`], or, for an
//! [`crate::model::Indexed`] game, the 2-bit cells of [`dense::DenseOutcomeSearch`], which
//! stay in the caches where a hash table does not.
//!
//! Its files: `search` (the loop, over any table), `hashed` ([`MemoSearch`], over a hash
//! table), [`dense`] (over 2-bit cells), `evaluation` (what the values are: [`Outcomes`] or
//! [`Scores`]).

mod evaluation;
mod hashed;
mod search;

pub mod dense;

pub use evaluation::{Evaluation, Outcomes, Scores};
pub use hashed::{MemoSearch, MemoTable, OutcomeSearch, ScoreSearch};

#[cfg(test)]
mod tests;
