//! Building a database: the reachability pass, each tier solved from the one above it,
//! files written and a stopped build resumed.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use super::error::{io_err, DbError};
use super::format::{
    check_file, encode_tier, load_tier, tier_file, write_atomically, Manifest, TierEntry,
};
use super::layout::{BLOCK, GAME_NAME, MANIFEST};
use super::value::{Value, ABSENT, DRAW, LOSS, REMOTENESS, WIN};
use crate::games::connect_four::{Board, ConnectFour};
use crate::limits::Budget;

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
/// early by [`BuildOptions::stop_after`]).
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
#[derive(Debug, Default)]
pub struct BuildProgress {
    done: AtomicU64,
    total: AtomicU64,
}

impl BuildProgress {
    /// Ranks handled so far.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::tierdb::BuildProgress::default().done(), 0);
    /// ```
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Ranks this run handles in all (0 until the build has read its manifest).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::tierdb::BuildProgress::default().total(), 0);
    /// ```
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }
}

/// Adds `ranks` to the progress counter, if any.
fn advance(progress: Option<&BuildProgress>, ranks: u64) {
    if let Some(progress) = progress {
        progress.done.fetch_add(ranks, Ordering::Relaxed);
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
fn check_disk(dir: &Path, tier: u32, bytes: u64) -> Result<(), DbError> {
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

fn check_memory(game: &ConnectFour, budget: &Budget) -> Result<(), DbError> {
    let cells = game.cells();
    let bits: u64 = (0..=cells)
        .map(|k| game.tier_size(k).div_ceil(64) * 8)
        .sum();
    let (tier, tier_bytes) = (0..=cells)
        .map(|k| {
            let here = game.tier_size(k);
            (
                k,
                here.saturating_mul(2).saturating_add(game.tier_size(k + 1)),
            )
        })
        .max_by_key(|&(_, b)| b)
        .expect("tier 0 exists");
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

/// The reachable ranks of every tier, as bits, found forward from the start.
fn reachable(
    game: &ConnectFour,
    budget: &Budget,
    progress: Option<&BuildProgress>,
) -> Result<Vec<Vec<u64>>, DbError> {
    let cells = game.cells();
    let mut tiers: Vec<Vec<u64>> = Vec::with_capacity(cells as usize + 1);
    tiers.push(vec![1]);
    for k in 0..cells {
        budget.check_cancelled()?;
        let next: Vec<AtomicU64> = (0..game.tier_size(k + 1).div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        let here = &tiers[k as usize];
        let ranks = game.tier_size(k);
        // A chunk of words is a block of ranks: the cancel flag and the counter are looked
        // at once a block.
        here.par_chunks(BLOCK / 64).enumerate().try_for_each(
            |(c, words)| -> Result<(), DbError> {
                budget.check_cancelled()?;
                for (i, &word) in words.iter().enumerate() {
                    let w = c * (BLOCK / 64) + i;
                    let mut bits = word;
                    while bits != 0 {
                        let r = w as u64 * 64 + u64::from(bits.trailing_zeros());
                        bits &= bits - 1;
                        let board = game.unrank(k, r);
                        if board.is_won(game) {
                            continue;
                        }
                        for col in 0..game.width() {
                            if game.can_play(&board, col) {
                                let child = game.rank(&game.play(&board, col));
                                next[(child / 64) as usize]
                                    .fetch_or(1 << (child % 64), Ordering::Relaxed);
                            }
                        }
                    }
                }
                let first = (c * BLOCK) as u64;
                advance(progress, (ranks - first).min(BLOCK as u64));
                Ok(())
            },
        )?;
        tiers.push(next.into_iter().map(AtomicU64::into_inner).collect());
    }
    Ok(tiers)
}

/// The byte of `board` (reachable, tier `k`) from the values of tier `k + 1`; `None` when a
/// successor is marked unreachable (a corrupt tier above).
fn solve_board(game: &ConnectFour, board: &Board, above: &[u8]) -> Option<u8> {
    if board.is_won(game) {
        return Some(LOSS);
    }
    if board.stones() == game.cells() {
        return Some(DRAW);
    }
    let mut best_win = u8::MAX;
    let mut draw = false;
    let mut worst_loss = 0u8;
    for col in 0..game.width() {
        if !game.can_play(board, col) {
            continue;
        }
        let child = game.play(board, col);
        let byte = *above.get(game.rank(&child) as usize)?;
        match byte & !REMOTENESS {
            _ if byte == ABSENT => return None,
            DRAW => draw = true,
            LOSS => best_win = best_win.min((byte & REMOTENESS) + 1),
            WIN => worst_loss = worst_loss.max((byte & REMOTENESS) + 1),
            _ => return None,
        }
    }
    Some(if best_win != u8::MAX {
        WIN | best_win
    } else if draw {
        DRAW
    } else {
        LOSS | worst_loss
    })
}

/// The values of tier `k`, in parallel over blocks.
fn solve_tier(
    game: &ConnectFour,
    k: u32,
    reach: &[u64],
    above: &[u8],
    budget: &Budget,
    progress: Option<&BuildProgress>,
) -> Result<Vec<u8>, DbError> {
    let mut values = vec![ABSENT; game.tier_size(k) as usize];
    values
        .par_chunks_mut(BLOCK)
        .enumerate()
        .try_for_each(|(b, chunk)| -> Result<(), DbError> {
            budget.check_cancelled()?;
            let first = (b * BLOCK) as u64;
            for (i, cell) in chunk.iter_mut().enumerate() {
                let r = first + i as u64;
                if reach[(r / 64) as usize] >> (r % 64) & 1 == 0 {
                    continue;
                }
                let board = game.unrank(k, r);
                *cell = solve_board(game, &board, above).ok_or_else(|| DbError::Corrupt {
                    path: PathBuf::from(tier_file(k + 1)),
                    why: format!("a successor of rank {r} of tier {k} is missing"),
                })?;
            }
            advance(progress, chunk.len() as u64);
            Ok(())
        })?;
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
pub fn build(
    game: &ConnectFour,
    dir: &Path,
    options: &BuildOptions,
) -> Result<BuildReport, DbError> {
    let budget = &options.budget;
    check_memory(game, budget)?;
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    let mut manifest = if dir.join(MANIFEST).exists() {
        let found = Manifest::read(dir)?;
        if found.game != GAME_NAME || found.width != game.width() || found.height != game.height() {
            return Err(DbError::OtherGame {
                dir: dir.to_path_buf(),
                found: found.describe(),
                wanted: Manifest::new(game).describe(),
            });
        }
        found.game(dir)?;
        found
    } else {
        Manifest::new(game)
    };
    let cells = game.cells();
    let progress = options.progress.as_deref();
    if let Some(progress) = progress {
        let reach: u64 = (0..cells).map(|k| game.tier_size(k)).sum();
        let solve: u64 = (0..=cells)
            .filter(|&k| manifest.entry(k).is_none())
            .map(|k| game.tier_size(k))
            .sum();
        progress.done.store(0, Ordering::Relaxed);
        progress.total.store(reach + solve, Ordering::Relaxed);
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
    let mut above: Vec<u8> = Vec::new();
    for k in (0..=cells).rev() {
        budget.check_cancelled()?;
        if let Some(entry) = manifest.entry(k).cloned() {
            if entry.positions != per_tier[k as usize] || entry.ranks != game.tier_size(k) {
                return Err(DbError::Corrupt {
                    path: dir.join(&entry.file),
                    why: "the manifest's positions do not match the game's".into(),
                });
            }
            let below_done = k == 0 || manifest.entry(k - 1).is_some();
            if below_done {
                check_file(dir, &entry)?;
                above = Vec::new();
            } else {
                above = load_tier(dir, &entry)?;
            }
            report.kept.push(k);
            report.bytes += entry.bytes;
            continue;
        }
        let values = solve_tier(game, k, &reach[k as usize], &above, budget, progress)?;
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
        above = values;
        if options.stop_after == Some(k) && k > 0 {
            return Ok(report);
        }
    }
    let start = match manifest.entry(0) {
        Some(entry) => load_tier(dir, entry)?,
        None => above,
    };
    let value = Value::decode(start[0], cells);
    manifest.positions = Some(report.positions);
    manifest.value = value;
    manifest.write(dir)?;
    report.value = value;
    Ok(report)
}
