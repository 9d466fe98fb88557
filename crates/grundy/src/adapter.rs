//! The generic adapter: any [`Game`] with a [`Notation`] is a [`DynGame`].
//!
//! [`Adapter`] owns the game and the tables its solvers fill. Solvers borrow the game, so
//! the adapter keeps their tables detached ([`MemoTable`], [`GrundyTable`]) behind a
//! mutex: a call takes the table out, searches without holding the lock, and puts it back
//! (the larger of two tables wins when two calls ran at once). Many sessions can share one
//! `Arc<dyn DynGame>`: none waits for another's search, and a session that asks about many
//! positions of one game reuses what earlier calls solved.
//!
//! What [`DynGame::solve`] runs depends on the [`Kind`]:
//!
//! - impartial, normal play: the Grundy solver (components split when the game has
//!   [`Components`]) for the nimbers and the outcome, or a closed form
//!   ([`Adapter::with_nimbers`]; [`Adapter::with_outcomes`] where the positions reachable
//!   do not fit the budget);
//! - impartial misère and win/loss games: the closed form for outcomes if the game has one,
//!   else the memo search for outcomes (it stops at a position's first winning move);
//! - then, for both, remoteness by the memo search with [`crate::solve::strategy::Remoteness`] over whole
//!   positions, only when it lists no more moves than the value's search did (or
//!   [`REMOTENESS_WORK`]) and stores at most [`REMOTENESS_POSITIONS`], or when asked
//!   ([`crate::dynamic::Ask`]); else the solution says it was skipped;
//! - scoring games: the memo search with [`Scores`];
//! - loopy games: retrograde analysis from the position, kept and reused for every position
//!   it reached.
//!
//! [`Game`]: crate::model::Game
//! [`Components`]: crate::model::Components
//! [`DynGame`]: crate::dynamic::DynGame
//! [`DynGame::solve`]: crate::dynamic::DynGame::solve
//! [`Kind`]: crate::dynamic::Kind
//! [`MemoTable`]: crate::solve::memo::MemoTable
//! [`GrundyTable`]: crate::solve::grundy::GrundyTable
//! [`Scores`]: crate::solve::memo::Scores

mod engine;
mod front;
mod limits;
mod notation;
mod solve;
mod streamed;

pub use engine::Adapter;
pub use limits::{
    LINE_WORK, MAX_LINE, MAX_MOVES, NIMBER_WORK, REMOTENESS_POSITIONS, REMOTENESS_WORK,
};
pub use notation::{Notation, MAX_DRAWN_MOVES};

#[cfg(test)]
mod limits_tests;
#[cfg(test)]
mod tests;
