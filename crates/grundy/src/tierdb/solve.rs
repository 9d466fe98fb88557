//! A tier's values solved from the values of the tiers its moves reach: one loop over this
//! process's blocks (every block alone), in parallel, for every kind of value. Alone, over
//! all of the tier at once, from the tiers above held whole; split across processes, a
//! round of blocks at a time, each round from the values it fetched. Win, loss or draw
//! with remoteness is valued here; scores and nimbers by the module `valued`.

use std::ops::ControlFlow;
use std::path::PathBuf;

use rayon::prelude::*;

use super::above::{self, Above, Split};
use super::build::{advance, round_blocks, set_bits, BuildProgress};
use super::error::DbError;
use super::format::tier_file;
use super::game::{End, Place, TierGame};
use super::layout::BLOCK;
use super::split::Owner;
use super::value::{width, Value, Values, ABSENT, DRAW, ENDLESS, LOSS, REMOTENESS, WIN};
use super::valued;
use crate::limits::Budget;
use crate::value::Outcome;

/// The value of a reachable position from how it ended (`end`) or the values of its moves
/// (`children`) in the tiers above it; `None` when a successor is marked unreachable (a
/// corrupt tier above).
fn value_from(end: Option<End>, children: &[Place], above: &Above<'_>) -> Option<Value> {
    if let Some(end) = end {
        return Some(end.value());
    }
    let mut best_win = u8::MAX;
    let mut best_draw = u8::MAX;
    let mut worst_loss = 0u8;
    for child in children.iter() {
        let byte = above.get(*child)?[0];
        let r = byte & REMOTENESS;
        match byte & !REMOTENESS {
            DRAW => best_draw = best_draw.min(r),
            LOSS => best_win = best_win.min(r),
            WIN => worst_loss = worst_loss.max(r),
            _ => return None,
        }
    }
    let (outcome, r) = if best_win != u8::MAX {
        (Outcome::Win, best_win)
    } else if best_draw != u8::MAX {
        if best_draw == REMOTENESS {
            // The draws reached never end (`ENDLESS`), and neither does this one.
            return Value::decode(ENDLESS);
        }
        (Outcome::Draw, best_draw)
    } else {
        // Also a position with no moves: lost at once (`worst_loss` + 1 would be 1).
        match children.is_empty() {
            true => return Some(Value::new(Outcome::Loss, 0)),
            false => (Outcome::Loss, worst_loss),
        }
    };
    Some(Value::new(outcome, u32::from(r) + 1))
}

/// Writes into `cell` the byte of the position at `at` (win, loss or draw with
/// remoteness), which ended as `end` or has the moves `children`.
fn outcome_cell(
    at: Place,
    (end, children): (Option<End>, &[Place]),
    above: &Above<'_>,
    cell: &mut [u8],
) -> Result<(), DbError> {
    let value =
        value_from(end, children, above).ok_or_else(|| missing_successor(at, children, above))?;
    cell[0] = value.encode().ok_or(DbError::Remoteness {
        tier: at.tier,
        remoteness: value.remoteness,
    })?;
    Ok(())
}

/// The values of tier `k` in this process's blocks (those `owner` owns, one after the
/// other, [`width`] bytes a rank: the whole tier alone), in parallel over blocks, whose
/// reachable ranks are `reach` (the marks of those blocks, as [`Owner::words`] reads them;
/// the others are left [`ABSENT`]), each position valued from `above`.
pub(super) fn solve_tier<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    reach: &[u64],
    above: &Above<'_>,
    budget: &Budget,
    progress: Option<&BuildProgress>,
    owner: Owner,
) -> Result<Vec<u8>, DbError> {
    let width = width(game.values());
    let mut share = vec![ABSENT; owner.share_ranks(game.tier_size(k)) as usize * width];
    let job = Job {
        k,
        reach,
        budget,
        progress,
        owner,
    };
    solve_blocks(game, &job, above, 0, &mut share)?;
    Ok(share)
}

/// The values of tier `k` in this process's blocks, split across processes (every process
/// calls it at the same step): its blocks solved a round at a time, at most
/// [`round_blocks`] of them, each round from the values its moves reach, fetched from
/// their owners ([`above::fetch`]) and dropped before the next. The rounds go on while any
/// process has blocks left, so every process takes part in as many, answering the
/// others' questions when it has none of its own; every round's outcome is agreed.
pub(super) fn solve_split<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    split: &Split<'_>,
    progress: Option<&BuildProgress>,
) -> Result<Vec<u8>, DbError> {
    let ranks = split.ranks;
    let owner = ranks.owner();
    let width = split.width;
    let own = owner.own_blocks(game.tier_size(k));
    let len = owner.share_ranks(game.tier_size(k)) as usize * width;
    let fits = split
        .budget
        .check_bytes(split.held.saturating_add(len as u64));
    ranks.agree(fits.map_err(DbError::from))?;
    let mut share = vec![ABSENT; len];
    let split = Split {
        held: split.held.saturating_add(len as u64),
        ..*split
    };
    let job = Job {
        k,
        reach: split.reach,
        budget: split.budget,
        progress,
        owner,
    };
    let per = round_blocks();
    let mut next = 0;
    loop {
        let mut left = [(own - next) as u64];
        ranks.sum(&mut left)?;
        if left[0] == 0 {
            return Ok(share);
        }
        let blocks = next..(next + per).min(own);
        next = blocks.end;
        let above = above::fetch(game, k, blocks.clone(), &split)?;
        let from = (blocks.start * BLOCK * width).min(len);
        let to = (blocks.end * BLOCK * width).min(len);
        let solved = solve_blocks(game, &job, &above, blocks.start, &mut share[from..to]);
        ranks.agree(solved)?;
    }
}

/// What a tier's blocks are solved with: the tier, this process's marks of its blocks
/// (`reach`), the budget, the progress counter and which blocks are this process's.
struct Job<'j> {
    k: u32,
    reach: &'j [u64],
    budget: &'j Budget,
    progress: Option<&'j BuildProgress>,
    owner: Owner,
}

/// The values of this process's blocks of `job`'s tier from its `first`-th on, into `out`
/// (those blocks' values, one after the other), in parallel over blocks, each position
/// valued from `above`.
fn solve_blocks<G: TierGame + ?Sized>(
    game: &G,
    job: &Job<'_>,
    above: &Above<'_>,
    first: usize,
    out: &mut [u8],
) -> Result<(), DbError> {
    let Job {
        k,
        reach,
        budget,
        progress,
        owner,
    } = *job;
    let values = game.values();
    let width = width(values);
    out.par_chunks_mut(BLOCK * width)
        .enumerate()
        .try_for_each_init(Vec::new, |gains, (i, chunk)| -> Result<(), DbError> {
            budget.check_cancelled()?;
            let b = owner.block(first + i);
            let first = (b * BLOCK) as u64;
            let len = chunk.len() / width;
            let mut failed = None;
            let mut ranks = set_bits(owner.words(reach, b, len).iter().copied(), first);
            game.expand_ranks(k, &mut ranks, &mut |rank, end, children| {
                let at = Place { tier: k, rank };
                let cell = &mut chunk[(rank - first) as usize * width..][..width];
                let done = match values {
                    Values::Outcomes => outcome_cell(at, (end, children), above, cell),
                    _ => valued::solve_cell(game, at, (end, children), above, gains, cell),
                };
                match done {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        failed = Some(e);
                        ControlFlow::Break(())
                    }
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            advance(progress, len as u64);
            Ok(())
        })
}

/// The error for the position at `at` with a successor that has no value in the tiers
/// read: the first such successor's tier file is corrupt.
fn missing_successor(at: Place, children: &[Place], above: &Above<'_>) -> DbError {
    let tier = children
        .iter()
        .find(|c| above.get(**c).is_none())
        .map_or(at.tier + 1, |c| c.tier);
    DbError::Corrupt {
        path: PathBuf::from(tier_file(tier)),
        why: format!(
            "a successor of rank {} of tier {} is missing",
            at.rank, at.tier
        ),
    }
}
