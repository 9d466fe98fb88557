//! The game model: rules in, every solver out.
//!
//! A game is seen from the player to move (negamax). [`Game::moves`] lists the moves from a
//! position; each [`Move`] leads to a position, may give the mover points, and may give the
//! mover another turn. Optional abilities are traits of their own: [`Components`] (a position
//! is a sum of independent games), [`Indexed`] (positions are numbered densely in tiers
//! that every move lowers) and [`Subsets`] (positions are sets of items taken, a move takes
//! one more). Solvers live in the `solve` module, above this one, and are generic over
//! these traits; a game knows nothing of them.

use std::hash::Hash;
use std::ops::{Add, ControlFlow, Range, Sub};

use crate::limits::SolveError;

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

    /// Calls `visit` on every move from `pos`, in [`Game::moves`]' order, until it breaks:
    /// for a caller that looks at each move once and keeps few of them. The default lists
    /// the moves first; a game whose positions may have millions of moves (a heap of 10^6
    /// in Lasker's Nim) builds them one at a time instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::nim::Nim;
    /// use grundy::model::Game;
    /// use std::ops::ControlFlow;
    /// let mut first_to_zero = None;
    /// Nim.for_each_move(&vec![3, 5], &mut |mv| match mv.to.iter().any(|&h| h == 0) {
    ///     true => {
    ///         first_to_zero = Some(mv.to.clone());
    ///         ControlFlow::Break(())
    ///     }
    ///     false => ControlFlow::Continue(()),
    /// });
    /// assert_eq!(first_to_zero, Some(vec![0, 5]));
    /// ```
    fn for_each_move(
        &self,
        pos: &Self::Position,
        visit: &mut dyn FnMut(&Move<Self::Position>) -> ControlFlow<()>,
    ) {
        let mut moves = Vec::new();
        self.moves(pos, &mut moves);
        for mv in &moves {
            if visit(mv).is_break() {
                return;
            }
        }
    }

    /// At least as many moves as `pos` has, when that is cheap to know; `None` (the
    /// default) when not. Solvers check it against their budget before asking for the
    /// moves, so a position with more moves than memory holds (a Nim heap of 10^12) is
    /// refused with its size instead of exhausting memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::nim::Nim;
    /// use grundy::model::Game;
    /// assert_eq!(Nim.max_moves(&vec![3, 5]), Some(8));
    /// ```
    fn max_moves(&self, pos: &Self::Position) -> Option<u64> {
        let _ = pos;
        None
    }

    /// At most as many positions as are reachable from `pos` (itself included), when that
    /// is cheap to know from the position alone; `None` (the default) when not. A solver
    /// that stores every position it reaches (the Grundy solver on positions that do not
    /// split; the front door's searches for remoteness and scores, which store all but those
    /// behind a win in one move) checks it against its budget before storing any, so a state
    /// space that cannot fit is refused at once, with its size, instead of after filling
    /// memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::corner::Corner;
    /// use grundy::model::Game;
    /// // Every cell of the 4 x 3 rectangle towards the corner.
    /// assert_eq!(Corner.reachable(&(3, 2)), Some(12));
    /// ```
    fn reachable(&self, pos: &Self::Position) -> Option<u64> {
        let _ = pos;
        None
    }

    /// The bytes `pos` owns on the heap, beyond its own `size_of` (a row of heaps' buffer,
    /// as [`vec_bytes`] counts it); 0 (the default) for a position that owns nothing. Solvers
    /// add it, for every position they hold (in their tables and in their move buffers), to
    /// what they check against their budget's bytes: a game whose positions own memory must
    /// say how much, or a search of large positions outgrows its budget unseen.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::nim::Nim;
    /// use grundy::model::{vec_bytes, Game};
    /// let pos = vec![3, 5, 7];
    /// assert_eq!(Nim.heap_bytes(&pos), vec_bytes(&pos));
    /// ```
    fn heap_bytes(&self, pos: &Self::Position) -> u64 {
        let _ = pos;
        0
    }
}

/// The bytes the allocator takes for `v`'s buffer: its capacity, plus glibc malloc's 8-byte
/// header, rounded up to 16 bytes, at least 32; 0 when it has allocated nothing.
///
/// # Examples
///
/// ```
/// use grundy::model::vec_bytes;
/// assert_eq!(vec_bytes::<u64>(&Vec::new()), 0);
/// assert_eq!(vec_bytes(&vec![1u64]), 32);
/// assert_eq!(vec_bytes(&vec![0u64; 100]), 816);
/// ```
pub fn vec_bytes<T>(v: &Vec<T>) -> u64 {
    let bytes = (v.capacity() * std::mem::size_of::<T>()) as u64;
    match bytes {
        0 => 0,
        _ => ((bytes + 8).div_ceil(16) * 16).max(32),
    }
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

/// A game whose positions are the sets of items taken so far, and whose every move takes one
/// more item: "take a bag", "pick a coin", the bitmask games of competitive programming.
///
/// A position is a `u32` bit set of the [`Subsets::items`] items (bit `i` for item `i`); the
/// start is the empty set. From a position, each item not yet taken is exactly one move (to
/// the position with that item added), which may earn points and grant another turn; the set
/// of all items is the only position without moves. [`Game::moves`] must list exactly these
/// moves. Such games are solved by the `subsets` solver, which needs only the moves'
/// points and bonus turns, in batches ([`Subsets::take_many`]).
///
/// # Examples
///
/// Coins worth 1, 2 and 3 on a table; players take one coin at a time, keeping its value.
///
/// ```
/// use grundy::model::{Game, Move, Subsets};
///
/// struct Coins;
/// impl Game for Coins {
///     type Position = u32;
///     fn moves(&self, taken: &u32, out: &mut Vec<Move<u32>>) {
///         for coin in (0..3).filter(|c| taken & 1 << c == 0) {
///             out.push(Move::to(taken | 1 << coin).with_points(coin as i64 + 1));
///         }
///     }
/// }
/// impl Subsets for Coins {
///     fn items(&self) -> usize { 3 }
///     fn score_bound(&self) -> u64 { 6 }
/// }
/// let (mut points, mut again) = ([0i16; 2], [false; 2]);
/// // Taking coin 1 (worth 2) from the positions {} and {coin 0}.
/// Coins.take_many(1, 0, &mut points, &mut again).unwrap();
/// assert_eq!(points, [2, 2]);
/// // Taking coin 2 (worth 3) from {coin 0, coin 1}.
/// assert_eq!(Coins.take::<i16>(0b011, 2).unwrap(), (3, false));
/// ```
pub trait Subsets: Game<Position = u32> {
    /// The number of items (at most 30).
    fn items(&self) -> usize;

    /// A bound on the absolute value of every move's points and of every position's value
    /// (the mover's points minus the other's from there on); score tables pick their cells
    /// from it.
    fn score_bound(&self) -> u64;

    /// The move taking `item` from the position `taken` (which lacks it): its points and
    /// whether it grants another turn. Solvers call it for the first few items, whose
    /// batches would be too short to pay for [`Subsets::take_many`].
    ///
    /// The default calls [`Subsets::take_many`] on one position; a game with many positions
    /// overrides it with a direct computation.
    ///
    /// # Errors
    ///
    /// As [`Subsets::take_many`].
    ///
    /// # Examples
    ///
    /// See the trait's example.
    #[inline]
    fn take<T: ScoreCell>(&self, taken: u32, item: usize) -> Result<(T, bool), SolveError> {
        let (mut points, mut again) = ([T::default()], [false]);
        self.take_many(item, taken, &mut points, &mut again)?;
        Ok((points[0], again[0]))
    }

    /// The moves taking `item` from the positions `first, first + 1, ..` (one per element of
    /// `points`), none of which holds `item`: writes each move's points and whether it grants
    /// another turn.
    ///
    /// The default finds each move in [`Game::moves`], checking that it lists one move per
    /// item not yet taken and nothing else; a game with many positions overrides it with
    /// straight-line code over slices, which the compiler vectorises.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] when the moves are not those of a subset game, or points
    /// do not fit `T`.
    ///
    /// # Examples
    ///
    /// See the trait's example.
    fn take_many<T: ScoreCell>(
        &self,
        item: usize,
        first: u32,
        points: &mut [T],
        again: &mut [bool],
    ) -> Result<(), SolveError> {
        let mut moves = Vec::new();
        for (k, (p, a)) in points.iter_mut().zip(again.iter_mut()).enumerate() {
            let taken = first + k as u32;
            moves.clear();
            self.moves(&taken, &mut moves);
            let items = self.items();
            let legal = moves.len() == items - taken.count_ones() as usize
                && moves.iter().all(|m| {
                    let added = m.to & !taken;
                    m.to & taken == taken
                        && added.count_ones() == 1
                        && (added.trailing_zeros() as usize) < items
                        && moves.iter().filter(|o| o.to == m.to).count() == 1
                });
            let found = moves.iter().find(|m| m.to == taken | 1 << item);
            let (Some(m), true) = (found, legal) else {
                return Err(SolveError::Unsupported(format!(
                    "not a subset game: the moves from {taken:#b} are not one per item not taken"
                )));
            };
            *p = T::try_from(m.points).map_err(|_| {
                SolveError::Unsupported(format!(
                    "the move taking item {item} from {taken:#b} earns {} points, beyond the cells",
                    m.points
                ))
            })?;
            *a = m.again;
        }
        Ok(())
    }
}

/// The integer cells of score tables for [`Subsets`] games: `i16` or `i32`.
///
/// Sealed: the solver picks the type from [`Subsets::score_bound`], and a game's
/// [`Subsets::take_many`] writes points in it.
///
/// # Examples
///
/// ```
/// use grundy::model::ScoreCell;
/// fn double<T: ScoreCell>(x: T) -> T { x + x }
/// assert_eq!(double(21i16), 42);
/// ```
pub trait ScoreCell:
    sealed::Sealed
    + Copy
    + Ord
    + Default
    + Send
    + Sync
    + From<i16>
    + Into<i64>
    + TryFrom<i64>
    + Add<Output = Self>
    + Sub<Output = Self>
    + 'static
{
    /// The least value, used for "no move seen yet".
    const MIN: Self;
    /// The greatest value.
    const MAX: Self;
}

impl ScoreCell for i16 {
    const MIN: i16 = i16::MIN;
    const MAX: i16 = i16::MAX;
}

impl ScoreCell for i32 {
    const MIN: i32 = i32::MIN;
    const MAX: i32 = i32::MAX;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for i16 {}
    impl Sealed for i32 {}
}
