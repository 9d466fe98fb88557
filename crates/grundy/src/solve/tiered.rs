//! Tiered dense tables for [`Indexed`] games: bottom-up, tier by tier, each tier in parallel.
//!
//! An indexed game numbers its positions `0..len()` and groups them in tiers of consecutive
//! indices that every move strictly lowers. Solving tier 0 first, then tier 1, and so on,
//! every successor of a position is already solved when the position is reached, and the
//! positions of one tier do not depend on each other, so a tier is split into chunks that
//! rayon solves in parallel. There is no hashing and no recursion: a position costs one
//! [`Indexed::visit_moves`] call (with a per-task reusable buffer for games that only list
//! their moves) and one table read per move visited. Outcome tables stop at the first
//! winning move; score and nimber tables visit every move.
//!
//! Three tables, each with its memory per position stated and checked against the
//! [`Budget`] before anything is allocated:
//!
//! - [`OutcomeTable`]: win or loss, 1 bit per position (packed in `u64` words). A task owns
//!   whole words, so no two threads ever write the same word.
//! - [`ScoreTable`]: the best points difference, in `i8`, `i16`, `i32` or `i64` cells chosen
//!   from [`Indexed::score_bound`] (`i64` when the game does not know its bound).
//! - [`NimberTable`]: Grundy values in `u8` cells, widened to `u16` then `u32` when a value
//!   does not fit (the tier is then solved again in the wider table).
//!
//! Results never depend on the number of threads: each position's value is a function of
//! lower tiers only, and an error names the first failing position in index order. A move that does not lower the tier is a bug in the game; it is reported
//! as [`SolveError::Unsupported`] naming both indices rather than read as garbage. The cancel
//! flag is checked between tiers; a cancelled or refused job returns no table at all.

use std::ops::{ControlFlow, Range};

use rayon::prelude::*;

use crate::limits::{Budget, SolveError};
use crate::model::{Indexed, Move};
use crate::value::{Nimber, Outcome, Play};

mod tables;

use tables::{NimberCells, ScoreCells};
pub use tables::{NimberTable, OutcomeTable, ScoreTable};

/// Positions per parallel task at most: large enough to amortize scheduling, small enough to
/// balance. Smaller tiers are cut into [`TASKS`] smaller tasks (down to `CHUNK / 16`), so
/// that they too run in parallel.
const CHUNK: usize = 4096;

/// The tasks a tier is cut into, where they are not too small: four per thread up to 16
/// threads. The cut depends on the tier alone, never on the pool the solver runs in.
const TASKS: usize = 64;

/// Per-task scratch space, reused from position to position.
#[derive(Default)]
struct Scratch {
    /// The list the default [`Indexed::visit_moves`] fills.
    moves: Vec<Move<usize>>,
    /// Option nimbers of 64 and more (see `nimber_tier`).
    big: Vec<u64>,
}

/// Win or loss of every position of `game` under `play`, bottom-up by tiers.
///
/// A move with `again` keeps the mover to move: it wins through a successor that is a win for
/// the player to move there. Points are ignored. A position's moves are visited in order up to
/// the first winning one, so a faulty move (one that does not lower the tier) after it goes
/// unnoticed; the table is still right, since the faulty move was never read.
///
/// # Errors
///
/// [`SolveError::TooLarge`] when `len()` positions (1 bit each) exceed the budget, checked
/// before allocating; [`SolveError::Interrupted`] when cancelled; [`SolveError::Unsupported`]
/// when the tiers do not cover `0..len()` consecutively or a move does not lower the tier.
///
/// # Examples
///
/// One heap, take 1 or 2 tokens: the multiples of 3 are losses.
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::tiered::solve_outcomes;
/// use grundy::{Budget, Outcome, Play};
///
/// struct Heap(usize);
/// impl Game for Heap {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         out.extend((1..=2).filter(|&k| k <= *pos).map(|k| Move::to(pos - k)));
///     }
/// }
/// impl Indexed for Heap {
///     fn len(&self) -> usize { self.0 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { self.0 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// }
/// let table = solve_outcomes(&Heap(100), Play::Normal, &Budget::default()).unwrap();
/// assert_eq!(table.get(99), Outcome::Loss);
/// assert_eq!(table.get(98), Outcome::Win);
/// assert_eq!(table.bytes(), 16);
/// ```
pub fn solve_outcomes<G: Indexed + Sync>(
    game: &G,
    play: Play,
    budget: &Budget,
) -> Result<OutcomeTable, SolveError> {
    let len = game.len();
    let n_words = len.div_ceil(64);
    budget.check_positions(len as u64)?;
    budget.check_bytes((n_words as u64).saturating_mul(8))?;
    let mut words = vec![0u64; n_words];
    let terminal_win = play.terminal() == Outcome::Win;
    let mut seq = Scratch::default();
    for_each_tier(game, budget, |range| {
        let first_word = range.start / 64;
        let end_word = range.end.div_ceil(64);
        let (done, rest) = words.split_at_mut(first_word);
        let done: &[u64] = done;
        // The bits of the tier's first word below `range.start` belong to earlier tiers.
        let boundary = rest[0];
        let rest = &mut rest[..end_word - first_word];
        let is_win = |i: usize| {
            let w = i / 64;
            let word = if w < first_word { done[w] } else { boundary };
            (word >> (i % 64)) & 1 == 1
        };
        let solve_word = |scratch: &mut Scratch, w: usize| -> Result<u64, SolveError> {
            let mut bits = if w == first_word { boundary } else { 0 };
            let lo = (w * 64).max(range.start);
            let hi = (w * 64 + 64).min(range.end);
            for i in lo..hi {
                let mut moved = false;
                let mut win = false;
                let mut bad = None;
                game.visit_moves(i, &mut scratch.moves, |m| {
                    if m.to >= range.start {
                        bad = Some(m.to);
                        return ControlFlow::Break(());
                    }
                    moved = true;
                    if is_win(m.to) == m.again {
                        win = true;
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                });
                if let Some(to) = bad {
                    return Err(not_lower(i, to, range.start));
                }
                if !moved {
                    win = terminal_win;
                }
                bits |= (win as u64) << (i % 64);
            }
            Ok(bits)
        };
        fill_tier(rest, first_word, CHUNK / 64, &mut seq, solve_word)
    })?;
    Ok(OutcomeTable::new(words, len, play))
}

/// The best points difference (mover's points minus the other's) of every position of
/// `game`, bottom-up by tiers: the maximum over moves of `points - v(to)`, or
/// `points + v(to)` for a move that grants another turn; a position with no moves is worth 0.
///
/// Cells are `i8`, `i16`, `i32` or `i64`, the narrowest holding [`Indexed::score_bound`]
/// (`i64` when it is `None`).
///
/// # Errors
///
/// [`SolveError::TooLarge`] when the table exceeds the budget (checked before allocating);
/// [`SolveError::Interrupted`] when cancelled; [`SolveError::Unsupported`] when the tiers are
/// malformed, a move does not lower the tier, a score exceeds the game's stated bound, or a
/// score overflows `i64`.
///
/// # Examples
///
/// A row of coins worth 1, 2, 3...: take one or two from the end, keeping their value.
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::tiered::solve_scores;
/// use grundy::Budget;
///
/// struct Coins;
/// impl Game for Coins {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         let p = *pos as i64;
///         if p >= 1 { out.push(Move::to(pos - 1).with_points(p)); }
///         if p >= 2 { out.push(Move::to(pos - 2).with_points(2 * p - 1)); }
///     }
/// }
/// impl Indexed for Coins {
///     fn len(&self) -> usize { 5 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { 5 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
///     fn score_bound(&self) -> Option<u64> { Some(10) }
/// }
/// let table = solve_scores(&Coins, &Budget::default()).unwrap();
/// // Two coins: take both (3 points) rather than one (2, then the opponent takes 1).
/// assert_eq!(table.get(2), 3);
/// assert_eq!(table.bytes(), 5); // i8 cells
/// ```
pub fn solve_scores<G: Indexed + Sync>(
    game: &G,
    budget: &Budget,
) -> Result<ScoreTable, SolveError> {
    let len = game.len();
    let bound = game.score_bound();
    let width = ScoreCells::width_for(bound);
    budget.check_positions(len as u64)?;
    budget.check_bytes((len as u64).saturating_mul(width as u64))?;
    let mut cells = ScoreCells::zeroed(width, len);
    match &mut cells {
        ScoreCells::I8(v) => score_tiers(game, budget, bound, v)?,
        ScoreCells::I16(v) => score_tiers(game, budget, bound, v)?,
        ScoreCells::I32(v) => score_tiers(game, budget, bound, v)?,
        ScoreCells::I64(v) => score_tiers(game, budget, bound, v)?,
    }
    Ok(ScoreTable::new(cells))
}

/// The nimber of every position of an impartial `game` under normal play, bottom-up by tiers.
///
/// Cells start as `u8` and widen to `u16`, then `u32`, the first time a value does not fit.
///
/// # Errors
///
/// [`SolveError::TooLarge`] when the table (at its current width) exceeds the budget,
/// checked before each allocation; [`SolveError::Interrupted`] when cancelled;
/// [`SolveError::Unsupported`] when a move earns points or grants another turn, the tiers are
/// malformed, or a move does not lower the tier.
///
/// # Examples
///
/// Nim on one heap of up to 299 tokens: the nimber is the heap, so cells widen to `u16`.
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::tiered::solve_nimbers;
/// use grundy::{Budget, Nimber};
///
/// struct Heap;
/// impl Game for Heap {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         out.extend((0..*pos).map(Move::to));
///     }
/// }
/// impl Indexed for Heap {
///     fn len(&self) -> usize { 300 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { 300 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// }
/// let table = solve_nimbers(&Heap, &Budget::default()).unwrap();
/// assert_eq!(table.get(299), Nimber(299));
/// assert_eq!(table.bytes(), 600);
/// ```
pub fn solve_nimbers<G: Indexed + Sync>(
    game: &G,
    budget: &Budget,
) -> Result<NimberTable, SolveError> {
    let len = game.len();
    budget.check_positions(len as u64)?;
    budget.check_bytes(len as u64)?;
    let mut cells = NimberCells::U8(vec![0; len]);
    let mut seq_buf = Scratch::default();
    for_each_tier(game, budget, |range| loop {
        let res = match &mut cells {
            NimberCells::U8(v) => nimber_tier(game, v, range.clone(), &mut seq_buf),
            NimberCells::U16(v) => nimber_tier(game, v, range.clone(), &mut seq_buf),
            NimberCells::U32(v) => nimber_tier(game, v, range.clone(), &mut seq_buf),
        };
        match res {
            Ok(()) => return Ok(()),
            Err(NimberError::Solve(err)) => return Err(err),
            Err(NimberError::Wide) => cells = cells.widen(budget)?,
        }
    })?;
    Ok(NimberTable::new(cells))
}

/// Runs `solve_tier` on every non-empty tier in order, checking that the tiers cover
/// `0..len()` consecutively and the cancel flag before each tier.
fn for_each_tier<G: Indexed>(
    game: &G,
    budget: &Budget,
    mut solve_tier: impl FnMut(Range<usize>) -> Result<(), SolveError>,
) -> Result<(), SolveError> {
    let len = game.len();
    let mut end = 0;
    for tier in 0..game.tiers() {
        budget.check_cancelled()?;
        let range = game.tier_range(tier);
        if range.start != end || range.end < range.start || range.end > len {
            return Err(SolveError::Unsupported(format!(
                "tier {tier} covers {range:?}, but tiers must be consecutive from {end} within 0..{len}"
            )));
        }
        if !range.is_empty() {
            solve_tier(range.clone())?;
        }
        end = range.end;
    }
    if end != len {
        return Err(SolveError::Unsupported(format!(
            "the tiers cover 0..{end}, but the game has {len} positions"
        )));
    }
    Ok(())
}

/// Fills `out` (element `j` is item `first + j`) with `solve(scratch, item)`, in parallel
/// chunks of at most `max_chunk` items ([`TASKS`] of them, of at least `max_chunk / 16`)
/// when there is more than one chunk. Each task owns its elements.
fn fill_tier<T, E, F>(
    out: &mut [T],
    first: usize,
    max_chunk: usize,
    seq_buf: &mut Scratch,
    solve: F,
) -> Result<(), E>
where
    T: Send,
    E: Send,
    F: Fn(&mut Scratch, usize) -> Result<T, E> + Sync,
{
    let chunk = out.len().div_ceil(TASKS).clamp(max_chunk / 16, max_chunk);
    let sequential = |out: &mut [T], seq_buf: &mut Scratch| {
        for (j, cell) in out.iter_mut().enumerate() {
            *cell = solve(seq_buf, first + j)?;
        }
        Ok(())
    };
    if out.len() <= chunk {
        return sequential(out, seq_buf);
    }
    let res = out.par_chunks_mut(chunk).enumerate().try_for_each_init(
        Scratch::default,
        |buf, (chunk_idx, cells)| {
            let base = first + chunk_idx * chunk;
            for (j, cell) in cells.iter_mut().enumerate() {
                *cell = solve(buf, base + j)?;
            }
            Ok(())
        },
    );
    match res {
        Ok(()) => Ok(()),
        // Which failing item a thread met first depends on scheduling: report the first in
        // index order instead, so errors too are independent of the number of threads.
        Err(err) => sequential(out, seq_buf).and(Err(err)),
    }
}

/// The error for a move from `index` that does not lower the tier or is not impartial.
#[cold]
fn not_impartial_or_lower(index: usize, m: &Move<usize>, tier_start: usize) -> SolveError {
    if m.to >= tier_start {
        return not_lower(index, m.to, tier_start);
    }
    SolveError::Unsupported(format!(
        "nimbers need an impartial game: the move from position {index} to {} earns points or grants another turn",
        m.to
    ))
}

/// The error for a score of position `index` beyond `i64`.
#[cold]
fn overflow(index: usize) -> SolveError {
    SolveError::Unsupported(format!("the score of position {index} overflows i64"))
}

/// The error for a move from `index` to `to`, which is not below `tier_start`.
#[cold]
fn not_lower(index: usize, to: usize, tier_start: usize) -> SolveError {
    SolveError::Unsupported(format!(
        "a move from position {index} leads to position {to}, not to a lower tier (which ends before {tier_start})"
    ))
}

fn score_tiers<G, T>(
    game: &G,
    budget: &Budget,
    bound: Option<u64>,
    cells: &mut [T],
) -> Result<(), SolveError>
where
    G: Indexed + Sync,
    T: Copy + Send + Sync + Into<i64> + TryFrom<i64>,
{
    let mut seq_buf = Scratch::default();
    for_each_tier(game, budget, |range| {
        let (done, rest) = cells.split_at_mut(range.start);
        let done: &[T] = done;
        let solve = |scratch: &mut Scratch, i: usize| -> Result<T, SolveError> {
            // The best move so far, meaningful once `moved`.
            let mut best = i64::MIN;
            let mut moved = false;
            // The first faulty move: one not lowering the tier, or overflowing (`None`).
            let mut bad = None;
            game.visit_moves(i, &mut scratch.moves, |m| {
                if m.to >= range.start {
                    bad = Some(Some(m.to));
                    return ControlFlow::Break(());
                }
                let next: i64 = done[m.to].into();
                let v = if m.again {
                    m.points.checked_add(next)
                } else {
                    m.points.checked_sub(next)
                };
                match v {
                    Some(v) => {
                        best = best.max(v);
                        moved = true;
                        ControlFlow::Continue(())
                    }
                    None => {
                        bad = Some(None);
                        ControlFlow::Break(())
                    }
                }
            });
            match bad {
                None => {}
                Some(Some(to)) => return Err(not_lower(i, to, range.start)),
                Some(None) => return Err(overflow(i)),
            }
            let value = if moved { best } else { 0 };
            let within = match bound {
                Some(b) => value.unsigned_abs() <= b,
                None => true,
            };
            match T::try_from(value) {
                Ok(cell) if within => Ok(cell),
                _ => Err(SolveError::Unsupported(format!(
                    "position {i} scores {value}, beyond the game's score bound {}",
                    bound.unwrap_or(i64::MAX as u64)
                ))),
            }
        };
        fill_tier(
            &mut rest[..range.len()],
            range.start,
            CHUNK,
            &mut seq_buf,
            solve,
        )
    })
}

/// Why a nimber tier stopped: a real error, or a value too wide for the cells.
enum NimberError {
    Solve(SolveError),
    Wide,
}

fn nimber_tier<G, T>(
    game: &G,
    cells: &mut [T],
    range: Range<usize>,
    seq_buf: &mut Scratch,
) -> Result<(), NimberError>
where
    G: Indexed + Sync,
    T: Copy + Send + Sync + Into<u64> + TryFrom<u64>,
{
    let (done, rest) = cells.split_at_mut(range.start);
    let done: &[T] = done;
    let solve = |scratch: &mut Scratch, i: usize| -> Result<T, NimberError> {
        // Option nimbers below 64 go in a bit set; the rare larger ones in `big`.
        let Scratch { moves, big } = scratch;
        big.clear();
        let mut low = 0u64;
        let mut bad = None;
        game.visit_moves(i, moves, |m| {
            if m.to >= range.start || m.points != 0 || m.again {
                bad = Some(m);
                return ControlFlow::Break(());
            }
            let v: u64 = done[m.to].into();
            if v < 64 {
                low |= 1 << v;
            } else {
                big.push(v);
            }
            ControlFlow::Continue(())
        });
        if let Some(m) = bad {
            return Err(NimberError::Solve(not_impartial_or_lower(
                i,
                &m,
                range.start,
            )));
        }
        let value = if low != u64::MAX {
            u64::from(low.trailing_ones())
        } else {
            let Nimber(value) = Nimber::mex(big.iter().map(|&v| Nimber(v - 64)));
            value + 64
        };
        T::try_from(value).map_err(|_| NimberError::Wide)
    };
    fill_tier(&mut rest[..range.len()], range.start, CHUNK, seq_buf, solve)
}

#[cfg(test)]
mod tests;
