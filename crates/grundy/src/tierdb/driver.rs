//! The build's driver: the manifest read or begun, the reachability pass, then tier by
//! tier from the last down: a kept tier checked, the tiers its moves reach loaded, its
//! values solved, its file and the manifest written. Split across processes
//! ([`Cluster`]), every process runs this same loop on its share of each tier's blocks and
//! receives the others' ([`Ranks`]); rank 0 alone reads and writes the directory.

use std::fs;
use std::path::Path;

use rayon::prelude::*;

use super::above::{self, Above, Split};
use super::build::{advance, check_memory, reachable, BuildOptions, BuildReport};
use super::cluster::{Cluster, Solo};
use super::cycles;
use super::error::{io_err, DbError};
use super::format::{compress_block, tier_file, Manifest, TierEntry, TierWriter};
use super::game::TierGame;
use super::kept;
use super::layout::{BLOCK, MANIFEST};
use super::loops;
use super::marks::{self, Marks};
use super::solve::{solve_split, solve_tier};
use super::split::Ranks;
use super::value::read_at;
use super::valued;

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
    build_with(game, dir, options, &Solo)
}

/// [`build`] split across the processes of `cluster` (every process calls it with the same
/// arguments): each solves its share of every tier's blocks and receives the others', so
/// each returns the same report, and rank 0 writes the same files as [`build`] alone
/// (byte for byte, for any number of processes). Only rank 0 reads or writes `dir`; a
/// resumed build may run on another number of processes.
///
/// # Errors
///
/// Those of [`build`], on every process; [`DbError::Cluster`] on the others when one
/// process fails (with its message) or is lost.
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build_with, BuildOptions, Solo};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-with-{}", std::process::id()));
/// let report = build_with(&ConnectFour::new(3, 2).unwrap(), &dir, &BuildOptions::default(), &Solo);
/// assert_eq!(report.unwrap().sent, 0); // alone, nothing is sent
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn build_with<G: TierGame + ?Sized>(
    game: &G,
    dir: &Path,
    options: &BuildOptions,
    cluster: &dyn Cluster,
) -> Result<BuildReport, DbError> {
    let ranks = Ranks::new(cluster);
    let owner = ranks.owner();
    let budget = &options.budget;
    let spill = marks::spills(game, dir, cluster.size());
    check_memory(game, budget, spill, cluster.size())?;
    valued::check_values(game, options.values)?;
    let identity = game.identity();
    let manifest = ranks.read_on_root(|| {
        fs::create_dir_all(dir).map_err(io_err(dir))?;
        marks::clear(dir)?;
        let manifest = if dir.join(MANIFEST).exists() {
            let found = Manifest::read(dir)?;
            if found.identity != identity {
                return Err(DbError::OtherGame {
                    dir: dir.to_path_buf(),
                    found: found.identity.to_string(),
                    wanted: identity.to_string(),
                });
            }
            found.check_resume(dir, game.values())?;
            found
        } else {
            Manifest::new(identity, game.values())
        };
        Ok(serde_json::to_vec(&manifest).expect("a manifest serializes"))
    })?;
    let mut manifest: Manifest =
        ranks.agree(
            serde_json::from_slice(&manifest).map_err(|e| DbError::Cluster {
                rank: 0,
                why: format!("its manifest does not read back: {e}"),
            }),
        )?;
    let tiers = game.tiers();
    let width = manifest.width() as u64;
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
    // Every process spills its own marks (rank 0 cleared the stale ones above).
    let marks = ranks.agree(Marks::new(spill.then_some(dir), tiers, cluster.rank()))?;
    let mut marks = reachable(game, budget, progress, &ranks, marks)?;
    let per_tier: Vec<u64> = marks.counts().to_vec();
    let mut report = BuildReport {
        positions: per_tier.iter().sum(),
        per_tier: per_tier.clone(),
        value: None,
        written: Vec::new(),
        kept: Vec::new(),
        bytes: 0,
        sent: 0,
    };
    // Reads this process's blocks of a kept tier: rank 0 reads and checks the file block by
    // block and sends each process its own blocks (block `j` of bytes holds ranks of block
    // `j / width`), which it decodes.
    let load = |entry: &TierEntry| kept::load(dir, entry, &ranks, width as usize);
    // This process's blocks of the tiers solved or read (all of each alone), kept while a
    // tier below may need them.
    let mut loaded: Vec<(u32, Vec<u8>)> = Vec::new();
    for k in (0..tiers).rev() {
        ranks.agree(budget.check_cancelled().map_err(DbError::from))?;
        if let Some(entry) = manifest.entry(k).cloned() {
            if entry.positions != per_tier[k as usize] || entry.ranks != game.tier_size(k) * width {
                return Err(DbError::Corrupt {
                    path: dir.join(&entry.file),
                    why: "the manifest's positions do not match the game's".into(),
                });
            }
            // A kept tier that a tier still to solve reads is checked when it is loaded
            // (`load`); the others are checked here, so each file is read once.
            let read_later =
                (0..k).any(|j| manifest.entry(j).is_none() && game.child_tiers(j).contains(&k));
            if !read_later {
                let checked = match ranks.is_root() {
                    true => kept::check(dir, &entry),
                    false => Ok(()),
                };
                ranks.agree(checked)?;
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
                loaded.push((t, load(entry)?));
            }
        }
        let shares: Vec<(u32, &[u8])> = loaded.iter().map(|(t, v)| (*t, v.as_slice())).collect();
        let reach = ranks.agree(marks.take(k))?;
        // Alone, the tiers above are held whole; split, the values this process's blocks
        // need are fetched from their owners, a round of its blocks at a time.
        let split = Split {
            reach: &reach,
            shares: &shares,
            width: width as usize,
            ranks: &ranks,
            budget,
            held: shares.iter().map(|(_, v)| v.len() as u64).sum(),
        };
        let solved = match (wanted.contains(&k), ranks.alone()) {
            // Moves within the tier: retrograde analysis, of the whole tier alone, else
            // across the processes (each its own blocks, from the values its whole share's
            // moves reach in the tiers above, fetched at once).
            (true, true) => {
                let above = Above::whole(width as usize, &shares);
                cycles::solve_tier(game, k, &reach, &above.whole_tiers(), budget)
                    .inspect(|values| advance(progress, values.len() as u64))
            }
            (true, false) => {
                let all = 0..owner.own_blocks(game.tier_size(k));
                let above = above::fetch(game, k, all, &split)?;
                let value = |at| above.get(at).map(|cell| cell[0]);
                loops::solve_tier(game, k, &reach, &value, &ranks, budget)
                    .inspect(|values| advance(progress, values.len() as u64))
            }
            (false, true) => {
                let above = Above::whole(width as usize, &shares);
                solve_tier(game, k, &reach, &above, budget, progress, owner)
            }
            (false, false) => solve_split(game, k, &split, progress),
        };
        drop((reach, shares));
        // This process's blocks of the tier, one after the other (the whole tier alone).
        let values = ranks.agree(solved)?;
        // Each process compresses its own blocks and sends them to rank 0, which writes
        // the file; each keeps its own blocks' values for the tiers below.
        let mine: Vec<Vec<u8>> = values.par_chunks(BLOCK).map(compress_block).collect();
        let size = game.tier_size(k);
        let blocks = (size * width).div_ceil(BLOCK as u64) as usize;
        // Rank 0 writes the file as the blocks come, then tells every process its length
        // and CRC-32, for the manifest (or its error).
        let mut writer = match ranks.is_root() {
            true => Some(TierWriter::create(dir, k, size * width, blocks)),
            false => None,
        };
        let sent =
            ranks.blocks_to_root(
                blocks,
                width as usize,
                mine,
                &mut |j, block| match &mut writer {
                    Some(Ok(writer)) => writer.push(j, block),
                    _ => Ok(()),
                },
            );
        advance(progress, owner.others(size, BLOCK));
        let told = ranks.read_on_root(|| {
            sent?;
            let (len, crc) = writer
                .take()
                .transpose()?
                .map_or(Ok((0, 0)), TierWriter::finish)?;
            Ok([len.to_le_bytes().as_slice(), &crc.to_le_bytes()].concat())
        })?;
        let (len, crc) = match (told.get(..8), told.get(8..12)) {
            (Some(len), Some(crc)) => (
                u64::from_le_bytes(len.try_into().expect("8 bytes")),
                u32::from_le_bytes(crc.try_into().expect("4 bytes")),
            ),
            _ => {
                return Err(DbError::Cluster {
                    rank: 0,
                    why: format!("it told {} bytes of tier {k}'s length and CRC", told.len()),
                })
            }
        };
        let entry = TierEntry {
            tier: k,
            file: tier_file(k),
            ranks: size * width,
            positions: per_tier[k as usize],
            bytes: len,
            crc32: crc,
        };
        report.bytes += entry.bytes;
        manifest.tiers.push(entry.clone());
        manifest.tiers.sort_by_key(|e| e.tier);
        let written = match ranks.is_root() {
            true => manifest.write(dir),
            false => Ok(()),
        };
        ranks.agree(written)?;
        report.written.push(k);
        loaded.push((k, values));
        if options.stop_after == Some(k) && k > 0 {
            report.sent = ranks.sent();
            marks.finish()?;
            return Ok(report);
        }
    }
    marks.finish()?;
    // The start's value: its owner reads it from its blocks and tells every process, or,
    // its tier kept, rank 0 reads it from the file (checked whole) and tells them.
    let start = game.start();
    let cell = match loaded.iter().find(|(t, _)| *t == start.tier) {
        Some((_, share)) => {
            let at = owner.index(start.rank) * width as usize;
            let cell = match owner.owns_rank(start.rank) {
                true => share
                    .get(at..at + width as usize)
                    .unwrap_or_default()
                    .to_vec(),
                false => Vec::new(),
            };
            ranks.told_by(owner.of_rank(start.rank), cell)?
        }
        None => {
            let entry = manifest.entry(start.tier).expect("every tier is recorded");
            let at = start.rank * width;
            ranks.read_on_root(|| kept::cell(dir, entry, at, width as usize))?
        }
    };
    let value = read_at(game.values(), width as usize, &cell, 0);
    manifest.positions = Some(report.positions);
    manifest.value = value;
    let written = match ranks.is_root() {
        true => manifest.write(dir),
        false => Ok(()),
    };
    ranks.agree(written)?;
    report.value = value;
    report.sent = ranks.sent();
    Ok(report)
}
