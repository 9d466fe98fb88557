//! Solvers, generic over the game model.
//!
//! - [`memo`]: outcome (win/loss) by memoized depth-first search with an explicit stack.
//! - [`grundy`]: nimbers, with sums split into components, each solved once.
//!   The same search gives exact scores by negamax ([`memo::Scores`]), bonus turns included.
//! - [`strategy`]: every move with its value, the optimal ones, a principal line.
//! - [`tiered`]: dense bottom-up tables for [`Indexed`](crate::model::Indexed) games, in parallel.
//! - [`subsets`]: score tables for [`Subsets`](crate::model::Subsets) games (sets of items
//!   taken), in vectorised passes over bit sets, in parallel.
//! - [`retrograde`]: win/loss/draw for loopy games.

pub mod grundy;
pub mod memo;
mod moves;
pub mod retrograde;
pub mod strategy;
pub mod subsets;
pub mod tiered;
