//! Building a database: the reachability pass, each tier solved from the one above it,
//! files written and a stopped build resumed.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use super::cycles;
use super::error::DbError;
pub(super) use super::format::check_disk;
use super::game::{Place, TierGame};
use super::layout::BLOCK;
use super::loops;
use super::marks::{self, Marks};
use super::split::Ranks;
use super::value::{width, Value, Values};
use crate::limits::Budget;
use crate::run::Control;

/// How `build` runs.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::BuildOptions;
/// let options = BuildOptions { stop_after: Some(5), ..BuildOptions::default() };
/// assert_eq!(options.stop_after, Some(5));
/// ```
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Memory limit and cancel flag (checked between blocks: a cancelled build returns
    /// [`SolveError::Interrupted`](crate::limits::SolveError::Interrupted) inside [`DbError::Solve`],
    /// keeps the tiers written and resumes after them).
    pub budget: Budget,
    /// Stop once this tier is written (as a kill would, but cleanly): for tests of resume.
    pub stop_after: Option<u32>,
    /// Counts the work done, for a front end to show from another thread.
    pub progress: Option<Arc<BuildProgress>>,
    /// The values to keep, for a game that offers a choice (a game file that is impartial:
    /// [`Values::Nimbers`] instead of win or loss with remoteness); `None` keeps the
    /// game's own ([`TierGame::values`]), and a build refuses another.
    pub values: Option<Values>,
}

/// How far a `build` has gone, in ranks handled: those of every tier but the last in the
/// reachability pass, then those of each tier solved by this run (tiers kept from an earlier
/// run count for nothing). A front end reads it from another thread (the library draws
/// nothing); [`BuildProgress::total`] is known once the manifest is read, before the long
/// work starts, and [`BuildProgress::done`] reaches it when the build ends (not when stopped
/// early by [`BuildOptions::stop_after`]). It is the library's run control
/// ([`Control`]): its work done and in all are the build's ranks.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build, BuildOptions, BuildProgress};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-progress-{}", std::process::id()));
/// let progress = Arc::new(BuildProgress::default());
/// let options = BuildOptions { progress: Some(Arc::clone(&progress)), ..BuildOptions::default() };
/// build(&ConnectFour::new(3, 2).unwrap(), &dir, &options).unwrap();
/// assert!(progress.total() > 0);
/// assert_eq!(progress.done(), progress.total());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub type BuildProgress = Control;

/// Adds `ranks` to the progress counter, if any.
pub(super) fn advance(progress: Option<&BuildProgress>, ranks: u64) {
    if let Some(progress) = progress {
        progress.add(ranks);
    }
}

/// What `build` did.
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build, BuildOptions};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-report-{}", std::process::id()));
/// let report = build(&ConnectFour::new(2, 2).unwrap(), &dir, &BuildOptions::default()).unwrap();
/// assert_eq!(report.positions, 18); // John Tromp's count for 2 x 2
/// assert_eq!(report.per_tier, vec![1, 2, 4, 6, 5]);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BuildReport {
    /// Positions reachable from the start (mirror images counted apart).
    pub positions: u64,
    /// Of them, those of each tier (stones on the board), from tier 0.
    pub per_tier: Vec<u64>,
    /// The start's value for the player to move (none when stopped early).
    pub value: Option<Value>,
    /// Tiers written by this run.
    pub written: Vec<u32>,
    /// Tiers found complete and kept.
    pub kept: Vec<u32>,
    /// Bytes of the tier files.
    pub bytes: u64,
    /// Bytes this process put into exchanges with the others of a split build
    /// (`build_with`): its share of the reachability marks and of each tier's compressed
    /// blocks, the ranks it asked the others for and the values it answered, and what rank
    /// 0 read for all; 0 for one process alone.
    pub sent: u64,
}

/// The memory a process of a build split across `size` processes needs, checked against
/// the budget: the reachability bits (the tiers marked at once, [`marks::window_bytes`],
/// and unless it spills them (`spill`) its share of every tier's; alone, every tier's),
/// their exchange (split: twice the largest tier's bits), and the values of the tier that
/// needs the most. Alone, a tier's values, their compressed copy and the values of the
/// tiers its moves reach, whole. Split, the share of rank 0 (the largest): its blocks'
/// values and their compressed copy (rank 0 writes the file as the blocks come, holding a
/// round of them), and for each tier its moves reach, its own blocks and the values it
/// fetches, counted as many as its share of that tier's ranks (two bytes of offset beside
/// each value, or 1.25 bits a rank of the tier where that is less), with a bit a rank of
/// that tier for the ranks it asks for. What it fetches is checked again once known,
/// before it is allocated.
pub(super) fn check_memory<G: TierGame + ?Sized>(
    game: &G,
    budget: &Budget,
    spill: bool,
    size: usize,
) -> Result<(), DbError> {
    let tiers = game.tiers();
    let window = marks::window_bytes(game);
    let total = marks::total_bytes(game);
    let bits: u64 = match (spill, size > 1) {
        (true, _) => window,
        (false, false) => total,
        (false, true) => window.saturating_add(total.div_ceil(size as u64)),
    };
    let exchange = match size > 1 {
        true => (0..tiers)
            .map(|k| marks::bits_bytes(game, k))
            .max()
            .unwrap_or(0)
            .saturating_mul(2),
        false => 0,
    };
    let bits = bits.saturating_add(exchange);
    // A tier's values and its children's, at `width` bytes a position (two for scores).
    let width = width(game.values()) as u64;
    let split = size > 1;
    // Rank 0's share of a tier's ranks: the most blocks of any process (all alone).
    let share = |k: u32| -> u64 {
        let ranks = game.tier_size(k);
        match split {
            true => (ranks.div_ceil(BLOCK as u64).div_ceil(size as u64))
                .saturating_mul(BLOCK as u64)
                .min(ranks),
            false => ranks,
        }
    };
    let (tier, tier_bytes) = (0..tiers)
        .map(|k| {
            let children: u64 = game
                .child_tiers(k)
                .iter()
                .map(|&c| {
                    let held = share(c).saturating_mul(width);
                    // Its values, with two bytes of offset each or 1.25 bits a rank of
                    // the tier (`above`), and a bit a rank of the tier while it asks.
                    let bits = marks::bits_bytes(game, c);
                    let fetched = match split {
                        true => share(c)
                            .saturating_mul(width)
                            .saturating_add(share(c).saturating_mul(2).min(bits / 4 * 5))
                            .saturating_add(bits),
                        false => 0,
                    };
                    held.saturating_add(fetched)
                })
                .fold(0, u64::saturating_add);
            let own = share(k).saturating_mul(2 * width);
            (k, own.saturating_add(children))
        })
        .max_by_key(|&(_, b)| b)
        .unwrap_or((0, 0));
    let needed = bits.saturating_add(tier_bytes);
    if needed > budget.bytes() || needed > usize::MAX as u64 / 2 {
        return Err(DbError::Memory {
            needed,
            limit: budget.bytes(),
            tier,
            ranks: game.tier_size(tier),
        });
    }
    Ok(())
}

/// The reachable ranks of every tier, as bits, found forward from the start: the tiers in
/// order, since a move only leads to a later tier.
///
/// Split across processes, each expands its own blocks of a tier ([`Owner`]) and marks
/// its own copy of the later tiers; before a tier is expanded, each process sends its
/// marks of the others' blocks to their owners and keeps the OR of its own blocks' marks
/// only ([`Ranks::exchange_marks`]); every step's outcome is agreed, so every process
/// returns its own blocks' bits, and the same counts, or the same error.
pub(super) fn reachable<G: TierGame + ?Sized>(
    game: &G,
    budget: &Budget,
    progress: Option<&BuildProgress>,
    ranks: &Ranks<'_>,
    mut marks: Marks,
) -> Result<Marks, DbError> {
    let owner = ranks.owner();
    // A tier's bits are made when it or a move to it is first met, and handed to `marks`
    // once it is expanded: only the tiers being marked are held.
    let new_tier = |k: u32| -> Vec<AtomicU64> {
        (0..game.tier_size(k).div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect()
    };
    let mut tiers: Vec<Option<Vec<AtomicU64>>> = (0..game.tiers()).map(|_| None).collect();
    let start = game.start();
    if let Some(tier) = tiers.get_mut(start.tier as usize) {
        let bits = tier.get_or_insert_with(|| new_tier(start.tier));
        if let Some(word) = bits.get((start.rank / 64) as usize) {
            word.fetch_or(1 << (start.rank % 64), Ordering::Relaxed);
        }
    }
    for k in 0..game.tiers() {
        for t in std::iter::once(k).chain(game.child_tiers(k)) {
            if let Some(tier) = tiers.get_mut(t as usize) {
                tier.get_or_insert_with(|| new_tier(t));
            }
        }
        if !ranks.alone() {
            // Each process's marks of the others' blocks go to their owners: this one keeps
            // the marks of its own blocks only, one after the other.
            let full = tiers[k as usize].take().expect("made above");
            let share =
                ranks.exchange_marks(full.into_iter().map(AtomicU64::into_inner).collect())?;
            tiers[k as usize] = Some(share.into_iter().map(AtomicU64::new).collect());
        }
        let mark = |at: Place| -> Result<(), DbError> {
            let word = tiers
                .get(at.tier as usize)
                .and_then(Option::as_ref)
                .and_then(|t| t.get((at.rank / 64) as usize))
                .filter(|_| at.rank < game.tier_size(at.tier))
                .ok_or_else(|| {
                    DbError::Game(format!(
                        "{}: a move leads to rank {} of tier {}, outside the game's tiers",
                        game.identity(),
                        at.rank,
                        at.tier
                    ))
                })?;
            word.fetch_or(1 << (at.rank % 64), Ordering::Relaxed);
            Ok(())
        };
        let tier = tiers[k as usize].as_ref().expect("made above");
        let size = game.tier_size(k);
        let allowed = game.child_tiers(k);
        let children_ok = |c: &Place| allowed.contains(&c.tier);
        let refuse = |child: Place| {
            DbError::Game(format!(
                "{}: a move from tier {k} leads to tier {}, not one of {:?}",
                game.identity(),
                child.tier,
                allowed
            ))
        };
        if allowed.contains(&k) {
            // Moves within the tier: found by a search of the tier, by rounds across the
            // processes when split.
            let reached = match ranks.alone() {
                true => cycles::reach_tier(game, k, tier, &mark, &refuse, &allowed, budget),
                false => loops::reach_tier(game, k, tier, &mark, &refuse, ranks, budget),
            };
            ranks.agree(reached)?;
            if k + 1 < game.tiers() {
                advance(progress, size);
            }
            ranks.agree(hand_over(&mut tiers, k, &mut marks))?;
            continue;
        }
        // A chunk of words is a block of ranks: the cancel flag and the counter are looked
        // at once a block.
        let expanded = budget
            .check_cancelled()
            .map_err(DbError::from)
            .and_then(|()| {
                // `tier` holds this process's blocks only, one after the other.
                tier.par_chunks(BLOCK / 64)
                    .enumerate()
                    .map(|(i, words)| (owner.block(i), words))
                    .try_for_each(|(c, words)| -> Result<(), DbError> {
                        budget.check_cancelled()?;
                        let first = (c * BLOCK) as u64;
                        let mut failed = None;
                        let mut ranks =
                            set_bits(words.iter().map(|w| w.load(Ordering::Relaxed)), first);
                        game.expand_ranks(k, &mut ranks, &mut |_, end, children| {
                            if end.is_some() {
                                return ControlFlow::Continue(());
                            }
                            for &child in children {
                                let marked = match children_ok(&child) {
                                    true => mark(child),
                                    false => Err(refuse(child)),
                                };
                                if let Err(e) = marked {
                                    failed = Some(e);
                                    return ControlFlow::Break(());
                                }
                            }
                            ControlFlow::Continue(())
                        });
                        if let Some(e) = failed {
                            return Err(e);
                        }
                        if k + 1 < game.tiers() {
                            advance(progress, (size - first).min(BLOCK as u64));
                        }
                        Ok(())
                    })
            });
        ranks.agree(expanded)?;
        if k + 1 < game.tiers() {
            advance(progress, owner.others(size, BLOCK));
        }
        ranks.agree(hand_over(&mut tiers, k, &mut marks))?;
    }
    marks.sum_counts(ranks)?;
    Ok(marks)
}

/// Hands tier `k`'s bits, final once it is expanded, to `marks`.
fn hand_over(
    tiers: &mut [Option<Vec<AtomicU64>>],
    k: u32,
    marks: &mut Marks,
) -> Result<(), DbError> {
    let bits = tiers[k as usize].take().unwrap_or_default();
    marks.keep(k, bits.into_iter().map(AtomicU64::into_inner).collect())
}

/// The ranks whose bits are set in `words`, the first word's lowest bit being rank `first`,
/// ascending.
pub(super) fn set_bits(words: impl Iterator<Item = u64>, first: u64) -> impl Iterator<Item = u64> {
    words.enumerate().flat_map(move |(i, word)| {
        let base = first + i as u64 * 64;
        std::iter::successors(Some(word).filter(|&w| w != 0), |&w| {
            Some(w & (w - 1)).filter(|&w| w != 0)
        })
        .map(move |w| base + u64::from(w.trailing_zeros()))
    })
}
