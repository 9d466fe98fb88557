//! Building a database: the reachability pass, each tier solved from the one above it,
//! files written and a stopped build resumed.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;
use serde::Serialize;

use super::cycles;
use super::error::DbError;
pub(super) use super::format::check_disk;
use super::game::{Place, TierGame};
use super::layout::BLOCK;
use super::loops;
use super::marks::{self, Foreign, Marks};
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
    /// (`build_with`): the child ranks its blocks reach in the others' blocks (listed for
    /// their owners in the reachability pass), its share of each tier's compressed blocks,
    /// the ranks it asked the others for and the values it answered, and what rank 0 read
    /// for all; 0 for one process alone.
    pub sent: u64,
}

/// The memory a process of a build split across `size` processes needs, checked against
/// the budget: the reachability bits ([`marks::held_bytes`]: its share of the tiers marked
/// at once, or unless it spills them (`spill`) of every tier's, and a round's lists of
/// child ranks) and the values of the tier that needs the most ([`values_bytes`]). What
/// it fetches is checked again once known, before it is allocated.
pub(super) fn check_memory<G: TierGame + ?Sized>(
    game: &G,
    budget: &Budget,
    spill: bool,
    size: usize,
) -> Result<(), DbError> {
    let bits = marks::held_bytes(game, spill, size, rayon::current_num_threads());
    let (tier, tier_bytes) = values_bytes(game, size);
    let needed = bits.saturating_add(tier_bytes);
    if needed > budget.bytes() || needed > usize::MAX as u64 / 2 {
        return Err(DbError::Memory {
            needed,
            limit: budget.bytes(),
            processes: size.max(1),
            tier,
            ranks: game.tier_size(tier),
        });
    }
    Ok(())
}

/// The blocks a process of a split build solves in one round (`solve`): a few a thread,
/// so that every thread has work, and a round's fetched values stay small beside the
/// process's share of the tiers.
pub(super) fn round_blocks() -> usize {
    ROUND_BLOCKS_A_THREAD * rayon::current_num_threads()
}

/// The blocks of a round, for each thread of the process.
const ROUND_BLOCKS_A_THREAD: usize = 2;

/// The tier whose values need the most memory, and how much, on a process of a build split
/// across `size` processes (`size` 1: alone). Alone, a tier's values, their compressed
/// copy and the values of the tiers its moves reach, whole. Split, the share of rank 0
/// (the largest): its blocks' values and their compressed copy (rank 0 writes the file as
/// the blocks come, holding a round of them), its blocks of each tier the moves reach, and
/// one round's fetch ([`round_blocks`] of its blocks, every position counted with as many
/// moves as the start has: the most, in a game that fills a board): for each child rank
/// reached, at most all of the child tier, eight bytes as listed, its value and two bytes
/// of offset as kept, and its question (two bytes) and answer (its value) both ways.
fn values_bytes<G: TierGame + ?Sized>(game: &G, size: usize) -> (u32, u64) {
    // At `width` bytes a position (two for scores).
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
    let mut moves = Vec::new();
    game.expand(game.start(), &mut moves);
    let moves = moves.len().max(1) as u64;
    let round = (round_blocks() * BLOCK) as u64;
    (0..game.tiers())
        .map(|k| {
            let reached = share(k).min(round).saturating_mul(moves);
            let children: u64 = game
                .child_tiers(k)
                .iter()
                .map(|&c| {
                    let held = share(c).saturating_mul(width);
                    let fetched = match split {
                        true => reached
                            .min(game.tier_size(c))
                            .saturating_mul(14 + 3 * width),
                        false => 0,
                    };
                    held.saturating_add(fetched)
                })
                .fold(0, u64::saturating_add);
            let own = share(k).saturating_mul(2 * width);
            (k, own.saturating_add(children))
        })
        .max_by_key(|&(_, b)| b)
        .unwrap_or((0, 0))
}

/// The reachable ranks of every tier, as bits, found forward from the start: the tiers in
/// order, since a move only leads to a later tier.
///
/// Each process holds the bits of its own blocks only ([`Owner::words`]'s layout; the
/// whole tier alone) and expands its own blocks of a tier in rounds of
/// [`marks::round_blocks`] blocks: a child rank in one of its blocks is marked at once,
/// the others are listed for their owners ([`Foreign`]), sent after the round
/// ([`Ranks::all_to_all`]) and marked by them. Every process takes as many rounds (the most
/// any needs) and every step's outcome is agreed, so every process returns its own
/// blocks' bits, and the same counts, or the same error.
///
/// [`Owner::words`]: super::split::Owner::words
pub(super) fn reachable<G: TierGame + ?Sized>(
    game: &G,
    budget: &Budget,
    progress: Option<&BuildProgress>,
    ranks: &Ranks<'_>,
    mut marks: Marks,
) -> Result<Marks, DbError> {
    let owner = ranks.owner();
    let alone = ranks.alone();
    // A tier's bits (this process's blocks') are made when it or a move to it is first
    // met, and handed to `marks` once it is expanded: only the tiers being marked are held.
    let new_tier = |k: u32| -> Vec<AtomicU64> {
        (0..owner.share_words(game.tier_size(k)))
            .map(|_| AtomicU64::new(0))
            .collect()
    };
    let mut tiers: Vec<Option<Vec<AtomicU64>>> = (0..game.tiers()).map(|_| None).collect();
    let start = game.start();
    if let Some(tier) = tiers.get_mut(start.tier as usize) {
        let bits = tier.get_or_insert_with(|| new_tier(start.tier));
        if owner.owns_rank(start.rank) {
            if let Some(word) = bits.get(owner.index(start.rank) / 64) {
                word.fetch_or(1 << (owner.index(start.rank) % 64), Ordering::Relaxed);
            }
        }
    }
    for k in 0..game.tiers() {
        for t in std::iter::once(k).chain(game.child_tiers(k)) {
            if let Some(tier) = tiers.get_mut(t as usize) {
                tier.get_or_insert_with(|| new_tier(t));
            }
        }
        let outside = |at: Place| {
            DbError::Game(format!(
                "{}: a move leads to rank {} of tier {}, outside the game's tiers",
                game.identity(),
                at.rank,
                at.tier
            ))
        };
        // Sets the bit of `at` when it is in this process's blocks (every rank alone), and
        // says whether it was.
        let mark_own = |at: Place| -> Result<bool, DbError> {
            let bits = tiers
                .get(at.tier as usize)
                .and_then(Option::as_ref)
                .filter(|_| at.rank < game.tier_size(at.tier))
                .ok_or_else(|| outside(at))?;
            let index = match alone {
                true => at.rank as usize,
                false if owner.owns_rank(at.rank) => owner.index(at.rank),
                false => return Ok(false),
            };
            let word = bits.get(index / 64).ok_or_else(|| outside(at))?;
            word.fetch_or(1 << (index % 64), Ordering::Relaxed);
            Ok(true)
        };
        let tier = tiers[k as usize].as_ref().expect("made above");
        let size = game.tier_size(k);
        let allowed = game.child_tiers(k);
        let refuse = |child: Place| {
            DbError::Game(format!(
                "{}: a move from tier {k} leads to tier {}, not one of {:?}",
                game.identity(),
                child.tier,
                allowed
            ))
        };
        // Sets the bits of the ranks process `from` listed for this one's blocks.
        let receive = |from: usize, bytes: &[u8]| {
            marks::read_foreign(bytes, from, |at| match allowed.contains(&at.tier) {
                true => match mark_own(at)? {
                    true => Ok(()),
                    false => Err(DbError::Cluster {
                        rank: from,
                        why: format!("it sent rank {} of tier {}, not ours", at.rank, at.tier),
                    }),
                },
                false => Err(DbError::Cluster {
                    rank: from,
                    why: format!("it sent ranks of tier {}, not a child of {k}", at.tier),
                }),
            })
        };
        // Sends each process the ranks listed for its blocks (`parts[r]` for process `r`)
        // and sets the bits of those the others listed for this one's.
        let deliver = |parts: Vec<Vec<u8>>| -> Result<(), DbError> {
            let got = ranks.all_to_all(parts)?;
            let marked = got
                .par_iter()
                .enumerate()
                .try_for_each(|(from, bytes)| receive(from, bytes));
            ranks.agree(marked)
        };
        if allowed.contains(&k) {
            // Moves within the tier: found by a search of the tier, alone, or by rounds
            // across the processes (`loops`); the children it reaches in later tiers'
            // blocks of the others are listed, and sent to their owners once it is done.
            let foreign = Mutex::new(Foreign::new(&allowed, owner.size()));
            let mark = |at: Place| -> Result<(), DbError> {
                if mark_own(at)? {
                    return Ok(());
                }
                let i = allowed
                    .iter()
                    .position(|&t| t == at.tier)
                    .ok_or_else(|| refuse(at))?;
                let mut foreign = foreign.lock().unwrap_or_else(PoisonError::into_inner);
                foreign.push(owner.of_rank(at.rank), i, at.rank);
                Ok(())
            };
            let reached = match alone {
                true => cycles::reach_tier(game, k, tier, &mark, &refuse, &allowed, budget),
                false => loops::reach_tier(game, k, tier, &mark, &refuse, ranks, budget),
            };
            ranks.agree(reached)?;
            if !alone {
                let parts = foreign
                    .into_inner()
                    .unwrap_or_else(PoisonError::into_inner)
                    .encode();
                deliver(parts)?;
            }
            if k + 1 < game.tiers() {
                advance(progress, size);
            }
            ranks.agree(hand_over(&mut tiers, k, &mut marks))?;
            continue;
        }
        // Expands this process's `i`-th block of the tier (its words of `tier`): a block at
        // a time, the cancel flag and the counter are looked at. Its child ranks in the
        // others' blocks come back, listed for their owners.
        let expand = |i: usize| -> Result<Vec<Vec<u8>>, DbError> {
            budget.check_cancelled()?;
            let c = owner.block(i);
            let first = (c * BLOCK) as u64;
            let len = (size - first).min(BLOCK as u64) as usize;
            let words = owner.words(tier, c, len);
            let mut foreign = Foreign::new(&allowed, owner.size());
            let mut failed = None;
            let mut ranks = set_bits(words.iter().map(|w| w.load(Ordering::Relaxed)), first);
            game.expand_ranks(k, &mut ranks, &mut |_, end, children| {
                if end.is_some() {
                    return ControlFlow::Continue(());
                }
                for &child in children {
                    let marked = match allowed.iter().position(|&t| t == child.tier) {
                        Some(i) => mark_own(child).map(|own| {
                            if !own {
                                foreign.push(owner.of_rank(child.rank), i, child.rank);
                            }
                        }),
                        None => Err(refuse(child)),
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
                advance(progress, len as u64);
            }
            Ok(foreign.encode())
        };
        let blocks = owner.own_blocks(size);
        let per_round = match alone {
            true => blocks.max(1),
            false => marks::round_blocks(),
        };
        let rounds = ranks.most(blocks.div_ceil(per_round) as u64)? as usize;
        for round in 0..rounds {
            let these = (round * per_round).min(blocks)..((round + 1) * per_round).min(blocks);
            let lists = these
                .into_par_iter()
                .map(&expand)
                .collect::<Result<Vec<_>, DbError>>();
            let lists = ranks.agree(lists)?;
            if alone {
                continue;
            }
            let mut parts = vec![Vec::new(); owner.size()];
            for block in lists {
                for (part, list) in parts.iter_mut().zip(block) {
                    part.extend_from_slice(&list);
                }
            }
            deliver(parts)?;
        }
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
