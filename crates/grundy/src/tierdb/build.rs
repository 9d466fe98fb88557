//! Building a database: the reachability pass, each tier solved from the one above it,
//! files written and a stopped build resumed.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use super::cycles;
use super::error::{io_err, DbError};
use super::format::{
    check_file, encode_tier, load_tier, tier_file, write_atomically, Manifest, TierEntry,
};
use super::game::{Place, TierGame};
use super::layout::{BLOCK, MANIFEST};
use super::value::{Value, ABSENT, DRAW, ENDLESS, LOSS, REMOTENESS, WIN};
use crate::limits::Budget;
use crate::run::Control;
use crate::value::Outcome;

/// How [`build`] runs.
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
}

/// How far a [`build`] has gone, in ranks handled: those of every tier but the last in the
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
fn advance(progress: Option<&BuildProgress>, ranks: u64) {
    if let Some(progress) = progress {
        progress.add(ranks);
    }
}

/// What [`build`] did.
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
}

/// The memory a build needs, checked against the budget: the reachability bits of every
/// tier, and for the largest tier its values, its compressed copy and the values of the
/// tier above it.
/// Room left beside a tier's file for the manifest rewritten after it.
const MANIFEST_ROOM: u64 = 1 << 20;

/// Whether tier `tier`'s file of `bytes` fits the free space of `dir`'s file system (with
/// room for the manifest), checked before it is written.
pub(super) fn check_disk(dir: &Path, tier: u32, bytes: u64) -> Result<(), DbError> {
    let available = fs4::available_space(dir).map_err(io_err(dir))?;
    disk_fits(dir, tier, bytes, available)
}

/// [`check_disk`]'s verdict on the figures.
pub(super) fn disk_fits(dir: &Path, tier: u32, bytes: u64, available: u64) -> Result<(), DbError> {
    let needed = bytes.saturating_add(MANIFEST_ROOM);
    match needed <= available {
        true => Ok(()),
        false => Err(DbError::Disk {
            dir: dir.to_path_buf(),
            tier,
            needed,
            available,
        }),
    }
}

fn check_memory<G: TierGame + ?Sized>(game: &G, budget: &Budget) -> Result<(), DbError> {
    let tiers = game.tiers();
    let bits: u64 = (0..tiers).map(|k| game.tier_size(k).div_ceil(64) * 8).sum();
    let (tier, tier_bytes) = (0..tiers)
        .map(|k| {
            let children: u64 = game
                .child_tiers(k)
                .iter()
                .map(|&c| game.tier_size(c))
                .fold(0, u64::saturating_add);
            (
                k,
                game.tier_size(k).saturating_mul(2).saturating_add(children),
            )
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
fn reachable<G: TierGame + ?Sized>(
    game: &G,
    budget: &Budget,
    progress: Option<&BuildProgress>,
) -> Result<Vec<Vec<u64>>, DbError> {
    let tiers: Vec<Vec<AtomicU64>> = (0..game.tiers())
        .map(|k| {
            (0..game.tier_size(k).div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect()
        })
        .collect();
    let start = game.start();
    let mark = |at: Place| -> Result<(), DbError> {
        let word = tiers
            .get(at.tier as usize)
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
    mark(start)?;
    for k in 0..game.tiers() {
        budget.check_cancelled()?;
        let ranks = game.tier_size(k);
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
            cycles::reach_tier(
                game,
                k,
                &tiers[k as usize],
                &mark,
                &refuse,
                &allowed,
                budget,
            )?;
            if k + 1 < game.tiers() {
                advance(progress, ranks);
            }
            continue;
        }
        // A chunk of words is a block of ranks: the cancel flag and the counter are looked
        // at once a block.
        tiers[k as usize]
            .par_chunks(BLOCK / 64)
            .enumerate()
            .try_for_each_init(Vec::new, |children, (c, words)| -> Result<(), DbError> {
                budget.check_cancelled()?;
                for (i, word) in words.iter().enumerate() {
                    let w = c * (BLOCK / 64) + i;
                    let mut bits = word.load(Ordering::Relaxed);
                    while bits != 0 {
                        let rank = w as u64 * 64 + u64::from(bits.trailing_zeros());
                        bits &= bits - 1;
                        children.clear();
                        if game.expand(Place { tier: k, rank }, children).is_some() {
                            continue;
                        }
                        for &child in children.iter() {
                            if !children_ok(&child) {
                                return Err(refuse(child));
                            }
                            mark(child)?;
                        }
                    }
                }
                if k + 1 < game.tiers() {
                    let first = (c * BLOCK) as u64;
                    advance(progress, (ranks - first).min(BLOCK as u64));
                }
                Ok(())
            })?;
    }
    Ok(tiers
        .into_iter()
        .map(|t| t.into_iter().map(AtomicU64::into_inner).collect())
        .collect())
}

/// The values of the tiers a tier's moves reach, by tier.
type Above<'a> = [(u32, &'a [u8])];

/// The byte of the position at `at` (reachable) from the values of the tiers above it;
/// `None` when a successor is marked unreachable (a corrupt tier above).
fn solve_position<G: TierGame + ?Sized>(
    game: &G,
    at: Place,
    above: &Above<'_>,
    children: &mut Vec<Place>,
) -> Option<Value> {
    children.clear();
    if let Some(end) = game.expand(at, children) {
        return Some(end.value());
    }
    let mut best_win = u8::MAX;
    let mut best_draw = u8::MAX;
    let mut worst_loss = 0u8;
    for child in children.iter() {
        let values = above.iter().find(|(t, _)| *t == child.tier)?.1;
        let byte = *values.get(child.rank as usize)?;
        let r = byte & REMOTENESS;
        match byte & !REMOTENESS {
            _ if byte == ABSENT => return None,
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
            true => {
                return Some(Value {
                    outcome: Outcome::Loss,
                    remoteness: 0,
                })
            }
            false => (Outcome::Loss, worst_loss),
        }
    };
    Some(Value {
        outcome,
        remoteness: u32::from(r) + 1,
    })
}

/// The values of tier `k`, in parallel over blocks.
fn solve_tier<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    reach: &[u64],
    above: &Above<'_>,
    budget: &Budget,
    progress: Option<&BuildProgress>,
) -> Result<Vec<u8>, DbError> {
    let mut values = vec![ABSENT; game.tier_size(k) as usize];
    values.par_chunks_mut(BLOCK).enumerate().try_for_each_init(
        Vec::new,
        |children, (b, chunk)| -> Result<(), DbError> {
            budget.check_cancelled()?;
            let first = (b * BLOCK) as u64;
            for (i, cell) in chunk.iter_mut().enumerate() {
                let rank = first + i as u64;
                if reach[(rank / 64) as usize] >> (rank % 64) & 1 == 0 {
                    continue;
                }
                let value = solve_position(game, Place { tier: k, rank }, above, children)
                    .ok_or_else(|| {
                        // The tier of the first successor without a value in the tiers read.
                        let value_of = |c: &Place| {
                            let values = above.iter().find(|(t, _)| *t == c.tier)?.1;
                            values.get(c.rank as usize).filter(|&&b| b != ABSENT)
                        };
                        let tier = children
                            .iter()
                            .find(|c| value_of(c).is_none())
                            .map_or(k + 1, |c| c.tier);
                        DbError::Corrupt {
                            path: PathBuf::from(tier_file(tier)),
                            why: format!("a successor of rank {rank} of tier {k} is missing"),
                        }
                    })?;
                *cell = value.encode().ok_or(DbError::Remoteness {
                    tier: k,
                    remoteness: value.remoteness,
                })?;
            }
            advance(progress, chunk.len() as u64);
            Ok(())
        },
    )?;
    Ok(values)
}
/// Builds (or resumes building) the database of `game` in `dir`: every position reachable
/// from the start, strongly solved, tier by tier from the full board down.
///
/// # Errors
///
/// [`DbError::Memory`] when the build does not fit `options.budget` (nothing allocated);
/// [`DbError::OtherGame`] or [`DbError::Version`] when `dir` holds another database;
/// [`DbError::Corrupt`] when a tier recorded as complete fails its checksum;
/// [`DbError::Io`] on a file error; [`DbError::Solve`] when cancelled.
///
/// # Examples
///
/// A build stopped after tier 5 and resumed writes the same files as one run.
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build, BuildOptions};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-build-{}", std::process::id()));
/// let game = ConnectFour::new(3, 3).unwrap();
/// let stop = BuildOptions { stop_after: Some(5), ..BuildOptions::default() };
/// assert_eq!(build(&game, &dir, &stop).unwrap().value, None);
/// let report = build(&game, &dir, &BuildOptions::default()).unwrap();
/// assert_eq!(report.kept, vec![9, 8, 7, 6, 5]);
/// assert_eq!(report.positions, 869); // John Tromp's count for 3 x 3
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn build<G: TierGame + ?Sized>(
    game: &G,
    dir: &Path,
    options: &BuildOptions,
) -> Result<BuildReport, DbError> {
    let budget = &options.budget;
    check_memory(game, budget)?;
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    let identity = game.identity();
    let mut manifest = if dir.join(MANIFEST).exists() {
        let found = Manifest::read(dir)?;
        if found.identity != identity {
            return Err(DbError::OtherGame {
                dir: dir.to_path_buf(),
                found: found.identity.to_string(),
                wanted: identity.to_string(),
            });
        }
        found
    } else {
        Manifest::new(identity)
    };
    let tiers = game.tiers();
    let progress = options.progress.as_deref();
    if let Some(progress) = progress {
        let reach: u64 = (0..tiers.saturating_sub(1))
            .map(|k| game.tier_size(k))
            .sum();
        let solve: u64 = (0..tiers)
            .filter(|&k| manifest.entry(k).is_none())
            .map(|k| game.tier_size(k))
            .sum();
        progress.set_done(0);
        progress.set_total(reach + solve);
    }
    let reach = reachable(game, budget, progress)?;
    let per_tier: Vec<u64> = reach
        .iter()
        .map(|t| t.iter().map(|w| u64::from(w.count_ones())).sum())
        .collect();
    let mut report = BuildReport {
        positions: per_tier.iter().sum(),
        per_tier: per_tier.clone(),
        value: None,
        written: Vec::new(),
        kept: Vec::new(),
        bytes: 0,
    };
    // The values of tiers solved or read, kept while a tier below may need them.
    let mut loaded: Vec<(u32, Vec<u8>)> = Vec::new();
    for k in (0..tiers).rev() {
        budget.check_cancelled()?;
        if let Some(entry) = manifest.entry(k).cloned() {
            if entry.positions != per_tier[k as usize] || entry.ranks != game.tier_size(k) {
                return Err(DbError::Corrupt {
                    path: dir.join(&entry.file),
                    why: "the manifest's positions do not match the game's".into(),
                });
            }
            // A kept tier that a tier still to solve reads is checked when it is loaded
            // (`load_tier`); the others are checked here, so each file is read once.
            let read_later =
                (0..k).any(|j| manifest.entry(j).is_none() && game.child_tiers(j).contains(&k));
            if !read_later {
                check_file(dir, &entry)?;
            }
            report.kept.push(k);
            report.bytes += entry.bytes;
            continue;
        }
        // The tiers this one's moves reach: kept from the tier solved before, else read.
        let wanted = game.child_tiers(k);
        loaded.retain(|(t, _)| wanted.contains(t));
        for &t in wanted.iter().filter(|&&t| t != k) {
            if loaded.iter().all(|(l, _)| *l != t) {
                let entry = manifest.entry(t).ok_or_else(|| DbError::Corrupt {
                    path: dir.join(MANIFEST),
                    why: format!("tier {t} is not recorded, though tier {k} needs it"),
                })?;
                loaded.push((t, load_tier(dir, entry)?));
            }
        }
        let above: Vec<(u32, &[u8])> = loaded.iter().map(|(t, v)| (*t, v.as_slice())).collect();
        let values = match wanted.contains(&k) {
            true => {
                let values = cycles::solve_tier(game, k, &reach[k as usize], &above, budget)?;
                advance(progress, values.len() as u64);
                values
            }
            false => solve_tier(game, k, &reach[k as usize], &above, budget, progress)?,
        };
        drop(above);
        let bytes = encode_tier(k, &values);
        let entry = TierEntry {
            tier: k,
            file: tier_file(k),
            ranks: values.len() as u64,
            positions: per_tier[k as usize],
            bytes: bytes.len() as u64,
            crc32: crc32fast::hash(&bytes),
        };
        check_disk(dir, k, bytes.len() as u64)?;
        write_atomically(dir, &entry.file, &bytes)?;
        drop(bytes);
        report.bytes += entry.bytes;
        manifest.tiers.push(entry);
        manifest.tiers.sort_by_key(|e| e.tier);
        manifest.write(dir)?;
        report.written.push(k);
        loaded.push((k, values));
        if options.stop_after == Some(k) && k > 0 {
            return Ok(report);
        }
    }
    let start = game.start();
    let values = match loaded.iter().find(|(t, _)| *t == start.tier) {
        Some((_, values)) => values[start.rank as usize],
        None => {
            let entry = manifest.entry(start.tier).expect("every tier is recorded");
            load_tier(dir, entry)?[start.rank as usize]
        }
    };
    let value = Value::decode(values);
    manifest.positions = Some(report.positions);
    manifest.value = value;
    manifest.write(dir)?;
    report.value = value;
    Ok(report)
}
