//! The game model: rules in, every solver out.
//!
//! A game is seen from the player to move (negamax). [`Game::moves`] lists the moves from a
//! position; each [`Move`] leads to a position, may give the mover points, and may give the
//! mover another turn. Optional abilities are traits of their own: [`Components`] (a position
//! is a sum of independent games) and [`Indexed`] (positions are numbered densely in tiers
//! that every move lowers). Solvers live in [`crate::solve`] and are generic over these
//! traits; a game knows nothing of them.

use std::hash::Hash;
use std::ops::{ControlFlow, Range};

/// The rules of a two-player game of perfect information.
///
/// # Examples
///
/// A single Nim heap: take any positive number of tokens.
///
/// ```
/// use grundy::model::{Game, Move};
///
/// struct Heap;
/// impl Game for Heap {
///     type Position = u64;
///     fn moves(&self, pos: &u64, out: &mut Vec<Move<u64>>) {
///         out.extend((0..*pos).map(Move::to));
///     }
/// }
/// let mut moves = Vec::new();
/// Heap.moves(&3, &mut moves);
/// assert_eq!(moves.len(), 3);
/// ```
pub trait Game {
    /// A position, including whatever the rules need to know (but not whose turn it is:
    /// positions are always seen from the player to move).
    type Position: Clone + Eq + Hash + Send + Sync;

    /// Appends every move from `pos` to `out` (which the caller owns and has cleared).
    /// Appending none means the player to move cannot move.
    fn moves(&self, pos: &Self::Position, out: &mut Vec<Move<Self::Position>>);
}

/// One move: where it leads, the points it earns the mover, and whether the mover moves again.
///
/// # Examples
///
/// ```
/// use grundy::model::Move;
///
/// let plain = Move::to(5u32);
/// assert_eq!((plain.points, plain.again), (0, false));
/// let bonus = Move::to(5u32).with_points(2).again();
/// assert_eq!((bonus.points, bonus.again), (2, true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move<P> {
    /// The position after the move, seen from the player who is then to move.
    pub to: P,
    /// Points the mover earns by this move (scoring play only; 0 otherwise).
    pub points: i64,
    /// True when the mover moves again from `to` (a bonus turn).
    pub again: bool,
}

impl<P> Move<P> {
    /// A plain move to `to`: no points, the turn passes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!grundy::model::Move::to(1u8).again);
    /// ```
    pub fn to(to: P) -> Self {
        Move {
            to,
            points: 0,
            again: false,
        }
    }

    /// The same move, earning `points` for the mover.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::model::Move::to(1u8).with_points(3).points, 3);
    /// ```
    pub fn with_points(mut self, points: i64) -> Self {
        self.points = points;
        self
    }

    /// The same move, granting the mover another turn.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::model::Move::to(1u8).again().again);
    /// ```
    pub fn again(mut self) -> Self {
        self.again = true;
        self
    }
}

/// A game whose positions may be sums of independent components (a row of heaps, a board of
/// separate regions). The Sprague-Grundy theorem then gives a position's nimber as the XOR of
/// its components' nimbers, so a sum is never searched as a whole.
///
/// Only meaningful for impartial games under normal play without points or bonus turns.
///
/// # Examples
///
/// Positions are rows of Nim heaps; each heap is a component.
///
/// ```
/// use grundy::model::{Components, Game, Move};
///
/// struct Heaps;
/// impl Game for Heaps {
///     type Position = Vec<u64>;
///     fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
///         for (i, &h) in pos.iter().enumerate() {
///             for smaller in 0..h {
///                 let mut next = pos.clone();
///                 next[i] = smaller;
///                 out.push(Move::to(next));
///             }
///         }
///     }
/// }
/// impl Components for Heaps {
///     fn components(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
///         out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
///     }
/// }
/// let mut parts = Vec::new();
/// Heaps.components(&vec![3, 0, 5], &mut parts);
/// assert_eq!(parts, vec![vec![3], vec![5]]);
/// ```
pub trait Components: Game {
    /// Appends the independent components of `pos` to `out`.
    ///
    /// A position that does not split appends exactly one component equal to itself. Appending
    /// nothing means the position is empty (its nimber is 0). Components must not split
    /// further when passed back in: `components(c)` of a component `c` is `[c]`.
    fn components(&self, pos: &Self::Position, out: &mut Vec<Self::Position>);
}

/// A game whose positions are numbered densely `0..len()`, grouped in tiers.
///
/// Tier `t` holds the indices `tier_range(t)`; the ranges are consecutive, start at 0 and
/// cover `0..len()`. Every move leads from a tier to a strictly lower tier (bonus moves
/// included), so tier-by-tier bottom-up solving sees every successor solved.
///
/// # Examples
///
/// One heap of at most 3 tokens, take 1 or 2; each heap size is its own tier.
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
///
/// struct Small;
/// impl Game for Small {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         out.extend((1..=2).filter(|&k| k <= *pos).map(|k| Move::to(pos - k)));
///     }
/// }
/// impl Indexed for Small {
///     fn len(&self) -> usize { 4 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { 4 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// }
/// assert_eq!(Small.index(&Small.position(2)), 2);
/// ```
pub trait Indexed: Game {
    /// The number of positions.
    fn len(&self) -> usize;

    /// True when the game has no positions.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of `pos`, in `0..len()`.
    fn index(&self, pos: &Self::Position) -> usize;

    /// The position numbered `index`; the inverse of [`Indexed::index`].
    fn position(&self, index: usize) -> Self::Position;

    /// The number of tiers.
    fn tiers(&self) -> usize;

    /// The indices of tier `tier`; consecutive tiers have consecutive ranges.
    fn tier_range(&self, tier: usize) -> Range<usize>;

    /// The largest absolute score any position can have, when the game knows it; tiered
    /// score tables use it to pick the narrowest integer type. `None` means unknown.
    fn score_bound(&self) -> Option<u64> {
        None
    }

    /// Appends the moves from the position numbered `index`, with successor indices.
    ///
    /// The default goes through [`Indexed::position`], [`Game::moves`] and
    /// [`Indexed::index`]; a game overrides it when it can number successors directly.
    fn indexed_moves(&self, index: usize, out: &mut Vec<Move<usize>>) {
        let pos = self.position(index);
        let mut moves = Vec::new();
        self.moves(&pos, &mut moves);
        out.extend(moves.into_iter().map(|m| Move {
            to: self.index(&m.to),
            points: m.points,
            again: m.again,
        }));
    }

    /// Calls `visit` on each move from the position numbered `index` (successors as
    /// indices), in the order [`Indexed::indexed_moves`] lists them, and stops as soon as
    /// `visit` returns [`ControlFlow::Break`].
    ///
    /// Solvers call this rather than `indexed_moves` so that they can stop early (an outcome
    /// table stops at the first winning move). `buf` is scratch space the caller owns and
    /// reuses; the default clears it, fills it with [`Indexed::indexed_moves`] and visits
    /// that list. A game with cheap moves overrides this to generate its moves one at a time
    /// and never build the list.
    ///
    /// # Examples
    ///
    /// Stop at the first move to an even index:
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use grundy::model::{Game, Indexed, Move};
    ///
    /// struct Heap;
    /// impl Game for Heap {
    ///     type Position = usize;
    ///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
    ///         out.extend((0..*pos).rev().map(Move::to));
    ///     }
    /// }
    /// impl Indexed for Heap {
    ///     fn len(&self) -> usize { 10 }
    ///     fn index(&self, pos: &usize) -> usize { *pos }
    ///     fn position(&self, index: usize) -> usize { index }
    ///     fn tiers(&self) -> usize { 10 }
    ///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
    /// }
    /// let mut seen = Vec::new();
    /// Heap.visit_moves(7, &mut Vec::new(), |m| {
    ///     seen.push(m.to);
    ///     if m.to % 2 == 0 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!(seen, vec![6]);
    /// ```
    fn visit_moves<F>(&self, index: usize, buf: &mut Vec<Move<usize>>, mut visit: F)
    where
        F: FnMut(Move<usize>) -> ControlFlow<()>,
        Self: Sized,
    {
        buf.clear();
        self.indexed_moves(index, buf);
        for m in buf.drain(..) {
            if visit(m).is_break() {
                break;
            }
        }
    }
}
