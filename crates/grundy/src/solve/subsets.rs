//! Score tables for [`Subsets`] games: every set of items taken, solved over bit sets in
//! vectorised passes, in parallel.
//!
//! A position is the set of items taken, and taking item `j` moves from `m` to `m + 2^j`, a
//! higher number. So when the positions are solved from the highest number down, every
//! successor is solved first, and the table is indexed by the bit sets themselves (block by
//! block, see below): no numbering, no hashing. The work is organised by item rather than by
//! position. For a block of `2^k` positions `c - 2^k .. c` that lack item `k` (with `c` an
//! odd multiple of `2^k`), the moves
//! taking item `k` lead to the next `2^k` positions, in the same order: one pass over two
//! contiguous slices relaxes all of them (`cell = max(cell, points ± next)`), with the
//! points and bonus turns written by the game for the whole slice
//! ([`Subsets::take_many`]). Visiting `c` from the top down and relaxing the block below `c`
//! for item `trailing_zeros(c)` relaxes every move exactly once, each after its successor is
//! final (the block above `c` is done by then), in `n 2^(n-1)` straight-line steps in all.
//! Passes for items 0, 1 and 2 would be 1 to 4 positions long and spend their time setting
//! up, so those moves go one at a time ([`Subsets::take`]), 8 positions at a time.
//!
//! Parallelism: the items split into low ones (the bits inside a block of
//! `2^BLOCK_BITS` positions) and high ones (which block). Blocks are solved in tiers of the
//! number of high items taken, most first: the blocks of a tier depend only on blocks of
//! earlier tiers (through their high moves, each one pass over a whole block), so rayon solves
//! them in parallel. The table stores the blocks in that order, so a tier is one contiguous
//! slice. Results do not depend on the number of threads.
//!
//! Memory: one `i16` per position (`i32` when twice the game's score bound does not fit
//! `i16`, so that `points ± next` cannot overflow), checked against the [`Budget`] first.

use rayon::prelude::*;

use crate::limits::{Budget, SolveError};
use crate::model::{ScoreCell, Subsets};

/// A block holds `2^BLOCK_BITS` positions: the unit of parallel work (8 KB of `i16` cells).
const BLOCK_BITS: usize = 12;

/// Blocks of this many positions have their first items' moves relaxed one at a time.
const MICRO: usize = 8;

/// The most items a game may have (`2^30` positions).
pub const MAX_ITEMS: usize = 30;

/// The value of every position of a [`Subsets`] game, for the player to move.
///
/// Built by [`solve_subset_scores`].
///
/// # Examples
///
/// See [`solve_subset_scores`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubsetTable {
    cells: Cells,
    /// Low items per block.
    block_bits: usize,
    /// `slot[h]`: where the block of high items `h` is stored, in blocks.
    slot: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Cells {
    I16(Vec<i16>),
    I32(Vec<i32>),
}

impl SubsetTable {
    /// The value (mover's points minus the other's from here on) of the position where the
    /// items in `taken` are taken.
    ///
    /// # Panics
    ///
    /// When `taken` holds an item beyond the game's.
    ///
    /// # Examples
    ///
    /// See [`solve_subset_scores`].
    pub fn get(&self, taken: u32) -> i64 {
        let high = (taken >> self.block_bits) as usize;
        let low = taken as usize & ((1 << self.block_bits) - 1);
        assert!(
            high < self.slot.len(),
            "{taken:#b} holds items beyond the game's"
        );
        let index = (self.slot[high] as usize) << self.block_bits | low;
        match &self.cells {
            Cells::I16(v) => v[index].into(),
            Cells::I32(v) => v[index].into(),
        }
    }

    /// The number of positions, `2^items`.
    ///
    /// # Examples
    ///
    /// See [`solve_subset_scores`].
    pub fn len(&self) -> usize {
        match &self.cells {
            Cells::I16(v) => v.len(),
            Cells::I32(v) => v.len(),
        }
    }

    /// Always false: the empty set is a position.
    ///
    /// # Examples
    ///
    /// See [`solve_subset_scores`].
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of the cells (2 or 4 per position).
    ///
    /// # Examples
    ///
    /// See [`solve_subset_scores`].
    pub fn bytes(&self) -> usize {
        match &self.cells {
            Cells::I16(v) => v.len() * 2,
            Cells::I32(v) => v.len() * 4,
        }
    }
}

/// The value of every position of `game`: the maximum over moves of `points - v(next)`, or
/// `points + v(next)` for a move that grants another turn; the position with every item
/// taken is worth 0.
///
/// # Errors
///
/// [`SolveError::TooLarge`] when the table exceeds the budget (checked before allocating);
/// [`SolveError::Interrupted`] when cancelled; [`SolveError::Unsupported`] for more than
/// [`MAX_ITEMS`] items, a score bound beyond `i32`, moves that are not those of a subset game,
/// or a value beyond the game's score bound.
///
/// # Examples
///
/// Coins worth 1, 2 and 3; taking the coin worth 2 grants another turn.
///
/// ```
/// use grundy::model::{Game, Move, Subsets};
/// use grundy::solve::subsets::solve_subset_scores;
/// use grundy::Budget;
///
/// struct Coins;
/// impl Game for Coins {
///     type Position = u32;
///     fn moves(&self, taken: &u32, out: &mut Vec<Move<u32>>) {
///         for coin in (0..3).filter(|c| taken & 1 << c == 0) {
///             let m = Move::to(taken | 1 << coin).with_points(coin as i64 + 1);
///             out.push(if coin == 1 { m.again() } else { m });
///         }
///     }
/// }
/// impl Subsets for Coins {
///     fn items(&self) -> usize { 3 }
///     fn score_bound(&self) -> u64 { 6 }
/// }
/// let table = solve_subset_scores(&Coins, &Budget::default()).unwrap();
/// // Take 2 (again), then 3; the opponent gets 1.
/// assert_eq!(table.get(0), 4);
/// assert_eq!((table.len(), table.bytes()), (8, 16));
/// ```
pub fn solve_subset_scores<G: Subsets + Sync>(
    game: &G,
    budget: &Budget,
) -> Result<SubsetTable, SolveError> {
    solve_in_blocks(game, budget, BLOCK_BITS)
}

/// [`solve_subset_scores`] with blocks of `2^block_bits` positions (tests use tiny blocks).
fn solve_in_blocks<G: Subsets + Sync>(
    game: &G,
    budget: &Budget,
    block_bits: usize,
) -> Result<SubsetTable, SolveError> {
    let items = game.items();
    if items > MAX_ITEMS {
        return Err(SolveError::Unsupported(format!(
            "subset tables take at most {MAX_ITEMS} items, not {items}"
        )));
    }
    let bound = game.score_bound();
    let wide = 2 * bound > i16::MAX as u64;
    if 2 * bound > i32::MAX as u64 {
        return Err(SolveError::Unsupported(format!(
            "subset tables hold scores up to {}, not {bound}",
            i32::MAX / 2
        )));
    }
    let len = 1usize << items;
    budget.check_positions(len as u64)?;
    budget.check_bytes(len as u64 * if wide { 4 } else { 2 })?;
    let block_bits = block_bits.min(items);
    let layout = Layout::new(items, block_bits);
    let cells = if wide {
        Cells::I32(solve_cells(game, budget, &layout, bound)?)
    } else {
        Cells::I16(solve_cells(game, budget, &layout, bound)?)
    };
    Ok(SubsetTable {
        cells,
        block_bits,
        slot: layout.slot,
    })
}

/// Where the blocks go: in tiers of high items taken, most first.
struct Layout {
    block_bits: usize,
    high_items: usize,
    /// The blocks (their high items) in storage order.
    order: Vec<u32>,
    /// The inverse of `order`.
    slot: Vec<u32>,
    /// Tier `t` (counted from the first solved) is `order[tier_start[t]..tier_start[t + 1]]`.
    tier_start: Vec<usize>,
}

impl Layout {
    fn new(items: usize, block_bits: usize) -> Layout {
        let high_items = items - block_bits;
        let blocks = 1u32 << high_items;
        let mut order = Vec::with_capacity(blocks as usize);
        let mut tier_start = vec![0];
        for taken in (0..=high_items as u32).rev() {
            order.extend((0..blocks).filter(|h| h.count_ones() == taken));
            tier_start.push(order.len());
        }
        let mut slot = vec![0; blocks as usize];
        for (s, &h) in order.iter().enumerate() {
            slot[h as usize] = s as u32;
        }
        Layout {
            block_bits,
            high_items,
            order,
            slot,
            tier_start,
        }
    }
}

/// Per-task scratch: the points and bonus turns of one pass.
struct Scratch<T> {
    points: Vec<T>,
    again: Vec<bool>,
}

impl<T: ScoreCell> Scratch<T> {
    fn new(len: usize) -> Self {
        Scratch {
            points: vec![T::default(); len],
            again: vec![false; len],
        }
    }
}

fn solve_cells<G, T>(
    game: &G,
    budget: &Budget,
    layout: &Layout,
    bound: u64,
) -> Result<Vec<T>, SolveError>
where
    G: Subsets + Sync,
    T: ScoreCell,
{
    let block = 1usize << layout.block_bits;
    // Zeroed memory comes lazily from the system; each block sets its cells as it starts, on
    // the thread that solves it.
    let mut cells = vec![T::default(); block << layout.high_items];
    let mut seq_scratch = Scratch::new(block);
    for tier in 0..layout.tier_start.len() - 1 {
        budget.check_cancelled()?;
        let blocks = &layout.order[layout.tier_start[tier]..layout.tier_start[tier + 1]];
        let (done, rest) = cells.split_at_mut(layout.tier_start[tier] * block);
        let done: &[T] = done;
        let tier_cells = &mut rest[..blocks.len() * block];
        let solve = |scratch: &mut Scratch<T>, (cells, &high): (&mut [T], &u32)| {
            solve_block(game, layout, done, cells, high, scratch)
        };
        let res = if blocks.len() == 1 {
            solve(&mut seq_scratch, (tier_cells, &blocks[0]))
        } else {
            tier_cells
                .par_chunks_mut(block)
                .zip(blocks)
                .try_for_each_init(|| Scratch::new(block), solve)
        };
        if let Err(err) = res {
            // Report the first failing block in storage order, whatever the scheduling.
            for pair in tier_cells.chunks_mut(block).zip(blocks) {
                solve(&mut seq_scratch, pair)?;
            }
            return Err(err);
        }
    }
    check_bound(&cells, bound)?;
    Ok(cells)
}

/// Solves the block of high items `high`, whose successors through high items are in `done`.
fn solve_block<G, T>(
    game: &G,
    layout: &Layout,
    done: &[T],
    cells: &mut [T],
    high: u32,
    scratch: &mut Scratch<T>,
) -> Result<(), SolveError>
where
    G: Subsets,
    T: ScoreCell,
{
    let block = cells.len();
    let first = high << layout.block_bits;
    cells.fill(T::MIN);
    if high == (1 << layout.high_items) - 1 {
        // Every item taken: no moves, worth 0.
        cells[block - 1] = T::default();
    }
    for j in (0..layout.high_items).filter(|j| high & 1 << j == 0) {
        let upper = layout.slot[(high | 1 << j) as usize] as usize * block;
        let item = layout.block_bits + j;
        relax(
            game,
            item,
            first,
            cells,
            &done[upper..upper + block],
            scratch,
        )?;
    }
    if block < MICRO {
        for c in (1..block).rev() {
            relax_below(game, cells, first, c, 1 << c.trailing_zeros(), scratch)?;
        }
        return Ok(());
    }
    for c0 in (0..block).step_by(MICRO).rev() {
        solve_micro(game, &mut cells[c0..c0 + MICRO], first + c0 as u32)?;
        if c0 > 0 {
            relax_below(game, cells, first, c0, 1 << c0.trailing_zeros(), scratch)?;
        }
    }
    Ok(())
}

/// The moves inside the `MICRO` positions from `first` (those taking items 0, 1 and 2), one
/// at a time: too short for passes, which would spend their time setting up. Every other
/// move of these positions is already relaxed, so from the top down each position is final
/// once it has taken each of those items it lacks.
#[inline(always)]
fn solve_micro<G, T>(game: &G, cells: &mut [T], first: u32) -> Result<(), SolveError>
where
    G: Subsets,
    T: ScoreCell,
{
    let cells: &mut [T; MICRO] = cells.try_into().expect("a micro block");
    for x in (0..MICRO - 1).rev() {
        let mut best = cells[x];
        for item in 0..MICRO.trailing_zeros() as usize {
            if x & 1 << item == 0 {
                let (points, again) = game.take::<T>(first + x as u32, item)?;
                let next = cells[x + (1 << item)];
                best = best.max(if again { points + next } else { points - next });
            }
        }
        cells[x] = best;
    }
    Ok(())
}

/// The pass at `c` of a block starting at position `first`: the `half` positions below `c`
/// take item `log2(half)`, leading to the `half` positions from `c`.
#[inline(always)]
fn relax_below<G, T>(
    game: &G,
    cells: &mut [T],
    first: u32,
    c: usize,
    half: usize,
    scratch: &mut Scratch<T>,
) -> Result<(), SolveError>
where
    G: Subsets,
    T: ScoreCell,
{
    let (lower, upper) = cells[c - half..c + half].split_at_mut(half);
    let item = half.trailing_zeros() as usize;
    relax(game, item, first + (c - half) as u32, lower, upper, scratch)
}

/// The moves taking `item` from the positions `first..` (`lower`) to `upper`, the same
/// positions with `item` added, whose values are final: `lower = max(lower, points ± upper)`.
#[inline(always)]
fn relax<G, T>(
    game: &G,
    item: usize,
    first: u32,
    lower: &mut [T],
    upper: &[T],
    scratch: &mut Scratch<T>,
) -> Result<(), SolveError>
where
    G: Subsets,
    T: ScoreCell,
{
    let n = lower.len();
    let points = &mut scratch.points[..n];
    let again = &mut scratch.again[..n];
    game.take_many(item, first, points, again)?;
    for (((cell, &next), &p), &a) in lower.iter_mut().zip(upper).zip(&*points).zip(&*again) {
        // No overflow: |points| and |next| are within the bound, and twice it fits `T`.
        let value = if a { p + next } else { p - next };
        *cell = (*cell).max(value);
    }
    Ok(())
}

/// Checks every value against the game's bound (a game that breaks it would have overflowed).
fn check_bound<T: ScoreCell>(cells: &[T], bound: u64) -> Result<(), SolveError> {
    let (low, high) = cells
        .iter()
        .fold((T::MAX, T::MIN), |(lo, hi), &c| (lo.min(c), hi.max(c)));
    let (low, high): (i64, i64) = (low.into(), high.into());
    if low.unsigned_abs() > bound || high.unsigned_abs() > bound {
        return Err(SolveError::Unsupported(format!(
            "a position scores {}, beyond the game's score bound {bound}",
            if low.unsigned_abs() > bound {
                low
            } else {
                high
            }
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
