//! The reachable ranks of every tier, one bit a rank, as the reachability pass leaves them
//! for the tiers' solving: each process keeps those of its own blocks only (the whole tier
//! alone; `split`), held in memory or, when its disk has room, each tier's bits written to
//! `DIR/marks/rank-R/` once final and read back when the tier is solved, so that memory
//! holds the bits of the tiers being marked only, not those of the whole game.
//!
//! Split across processes, a process marks only its own blocks' bits, even while it
//! expands a tier: the child ranks its blocks reach in the others' blocks are listed
//! ([`Foreign`]: for each owner, each child tier's ranks sorted, without repeats, as
//! differences in LEB128 varints), sent to their owners after each round of
//! [`round_blocks`] blocks, and set by them ([`read_foreign`]).

use std::fs;
use std::path::{Path, PathBuf};

use super::error::{io_err, DbError};
use super::game::{Place, TierGame};
use super::layout::BLOCK;
use super::split::Ranks;

/// The folder of a build's spilled marks, inside its database directory, with a folder for
/// each process (`rank-R`); removed when the build ends or stops.
const MARKS: &str = "marks";

/// Room left on the disk beside the spilled marks.
const DISK_ROOM: u64 = 64 << 20;

/// The marks of every tier, once the reachability pass is over.
pub(super) struct Marks {
    /// Where spilled tiers are, if they are.
    spill: Option<PathBuf>,
    /// The tiers held in memory (all of them when nothing is spilled).
    held: Vec<Option<Vec<u64>>>,
    /// Reachable positions of each tier (in this process's blocks, until
    /// [`Marks::sum_counts`]).
    counts: Vec<u64>,
}

impl Marks {
    /// Marks of the process of rank `rank` that spill into `dir` (whose stale marks of a
    /// stopped build, this rank's, are removed), when there is one.
    pub(super) fn new(dir: Option<&Path>, tiers: u32, rank: usize) -> Result<Marks, DbError> {
        let spill = dir.map(|dir| dir.join(MARKS).join(format!("rank-{rank}")));
        if let Some(spill) = &spill {
            if spill.exists() {
                fs::remove_dir_all(spill).map_err(io_err(spill))?;
            }
            fs::create_dir_all(spill).map_err(io_err(spill))?;
        }
        Ok(Marks {
            spill,
            held: (0..tiers).map(|_| None).collect(),
            counts: vec![0; tiers as usize],
        })
    }

    /// Records tier `k`'s final bits (this process's share): written out when spilling,
    /// else kept.
    pub(super) fn keep(&mut self, k: u32, bits: Vec<u64>) -> Result<(), DbError> {
        self.counts[k as usize] = bits.iter().map(|w| u64::from(w.count_ones())).sum();
        match &self.spill {
            Some(spill) => {
                let path = spill.join(format!("tier-{k:02}.bits"));
                let bytes: Vec<u8> = bits.iter().flat_map(|w| w.to_le_bytes()).collect();
                fs::write(&path, bytes).map_err(io_err(&path))
            }
            None => {
                self.held[k as usize] = Some(bits);
                Ok(())
            }
        }
    }

    /// Reachable positions of each tier.
    pub(super) fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Adds every process's counts to this one's: the reachable positions of each tier.
    pub(super) fn sum_counts(&mut self, ranks: &Ranks<'_>) -> Result<(), DbError> {
        ranks.sum(&mut self.counts)
    }

    /// Tier `k`'s bits (this process's share), given up to the caller (read back when
    /// spilled).
    pub(super) fn take(&mut self, k: u32) -> Result<Vec<u64>, DbError> {
        if let Some(bits) = self.held[k as usize].take() {
            return Ok(bits);
        }
        let spill = self.spill.as_ref().ok_or_else(|| DbError::Corrupt {
            path: PathBuf::from(MARKS),
            why: format!("the marks of tier {k} were taken twice"),
        })?;
        let path = spill.join(format!("tier-{k:02}.bits"));
        let bytes = fs::read(&path).map_err(io_err(&path))?;
        Ok(bytes
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
            .collect())
    }

    /// Removes this process's spilled marks, and the folder of marks once empty (the last
    /// process of those sharing the directory to finish removes it).
    pub(super) fn finish(self) -> Result<(), DbError> {
        if let Some(spill) = &self.spill {
            fs::remove_dir_all(spill).map_err(io_err(spill))?;
            if let Some(folder) = spill.parent() {
                // Another process's marks may still be there: it removes the folder.
                let _ = fs::remove_dir(folder);
            }
        }
        Ok(())
    }
}

/// Removes the marks a stopped build left in `dir`, every process's: done by rank 0 before
/// any process makes its own folder.
pub(super) fn clear(dir: &Path) -> Result<(), DbError> {
    let folder = dir.join(MARKS);
    match folder.exists() {
        true => fs::remove_dir_all(&folder).map_err(io_err(&folder)),
        false => Ok(()),
    }
}

/// Blocks each thread expands in a round of a split reachability pass, between two
/// exchanges of the lists of child ranks.
const ROUND_BLOCKS: usize = 4;

/// Bytes of lists a round holds for each rank of its blocks: what its blocks reach in the
/// others' blocks, listed (8 bytes a child rank while a block is expanded, one or two once
/// sorted and encoded), gathered for sending, and what the others send back. Connect
/// Four 5 x 4 (70 % of its ranks reachable) measured up to 4 a rank sent and received,
/// encoded, on 2, 3 and 5 processes.
const LIST_BYTES: u64 = 8;

/// Blocks of a tier a process expands in a round of a split reachability pass: a few a
/// thread.
pub(super) fn round_blocks() -> usize {
    ROUND_BLOCKS * rayon::current_num_threads()
}

/// The child ranks a block's moves reach in the others' blocks, to be sent to their owners
/// and marked there: for each process, each of the expanded tier's child tiers' ranks.
pub(super) struct Foreign {
    /// The child tiers, in the order the lists follow.
    tiers: Vec<u32>,
    /// Process `p`'s ranks of child tier `tiers[i]` at `p * tiers.len() + i`.
    lists: Vec<Vec<u64>>,
}

impl Foreign {
    /// No ranks yet, of the child tiers `tiers`, for `size` processes.
    pub(super) fn new(tiers: &[u32], size: usize) -> Foreign {
        Foreign {
            tiers: tiers.to_vec(),
            lists: vec![Vec::new(); tiers.len() * size],
        }
    }

    /// Lists rank `rank` of child tier `self.tiers[child]` for its owner `owner`.
    pub(super) fn push(&mut self, owner: usize, child: usize, rank: u64) {
        self.lists[owner * self.tiers.len() + child].push(rank);
    }

    /// Each process's lists, by rank: for each child tier reached, its number, how many
    /// ranks, and the ranks ascending without repeats, as the first and the differences,
    /// each a LEB128 varint.
    pub(super) fn encode(mut self) -> Vec<Vec<u8>> {
        let tiers = self.tiers.len().max(1);
        self.lists
            .chunks_mut(tiers)
            .map(|lists| {
                let mut out = Vec::new();
                for (&tier, list) in self.tiers.iter().zip(lists) {
                    if list.is_empty() {
                        continue;
                    }
                    list.sort_unstable();
                    list.dedup();
                    varint(&mut out, u64::from(tier));
                    varint(&mut out, list.len() as u64);
                    let mut last = 0;
                    for &rank in list.iter() {
                        varint(&mut out, rank - last);
                        last = rank;
                    }
                    *list = Vec::new();
                }
                out
            })
            .collect()
    }
}

/// Appends `value` to `out` as a LEB128 varint: seven bits a byte, low first, the high bit
/// set on every byte but the last.
fn varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads a LEB128 varint from the front of `bytes`, leaving the rest.
fn read_varint(bytes: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = bytes.split_first()?;
        *bytes = rest;
        value |= u64::from(byte & 0x7F).checked_shl(shift)?;
        if byte < 0x80 {
            return Some(value);
        }
    }
    None
}

/// Hands every position of lists that process `from` sent ([`Foreign::encode`]'s one for
/// this process) to `mark`, which sets its bit; lists cut short or out of order are an
/// error naming `from`.
pub(super) fn read_foreign(
    mut bytes: &[u8],
    from: usize,
    mut mark: impl FnMut(Place) -> Result<(), DbError>,
) -> Result<(), DbError> {
    let bad = |why: &str| DbError::Cluster {
        rank: from,
        why: format!("its lists of child ranks came {why}"),
    };
    while !bytes.is_empty() {
        let tier = read_varint(&mut bytes)
            .and_then(|t| u32::try_from(t).ok())
            .ok_or_else(|| bad("cut"))?;
        let count = read_varint(&mut bytes).ok_or_else(|| bad("cut"))?;
        let mut rank = 0u64;
        for i in 0..count {
            let step = read_varint(&mut bytes).ok_or_else(|| bad("cut"))?;
            rank = match (i, rank.checked_add(step)) {
                (0, Some(r)) => r,
                (_, Some(r)) if step > 0 => r,
                _ => return Err(bad("out of order")),
            };
            mark(Place { tier, rank })?;
        }
    }
    Ok(())
}

/// Bytes of tier `k`'s marks.
pub(super) fn bits_bytes<G: TierGame + ?Sized>(game: &G, k: u32) -> u64 {
    game.tier_size(k).div_ceil(64) * 8
}

/// Bytes of the marks of process 0's blocks of tier `k` (the most of any process's) when
/// split across `size` processes: all of them alone.
pub(super) fn share_bytes<G: TierGame + ?Sized>(game: &G, k: u32, size: usize) -> u64 {
    let blocks = game.tier_size(k).div_ceil(BLOCK as u64);
    (blocks.div_ceil(size.max(1) as u64) * (BLOCK as u64 / 8)).min(bits_bytes(game, k))
}

/// The memory of marks a process of a build split across `size` processes holds, with
/// `threads` threads, counted before the build: its share of every tier's marks (process
/// 0's, the largest), or when it spills them (`spill`) of the tiers being marked at once
/// only; split, with a round's lists of child ranks ([`LIST_BYTES`] a rank of its
/// [`round_blocks`] blocks). Alone, whole tiers and no lists.
pub(super) fn held_bytes<G: TierGame + ?Sized>(
    game: &G,
    spill: bool,
    size: usize,
    threads: usize,
) -> u64 {
    let share = |k: u32| share_bytes(game, k, size);
    let bits = match spill {
        true => window_bytes(game, share),
        false => (0..game.tiers()).map(share).fold(0, u64::saturating_add),
    };
    let lists = match size > 1 {
        true => (ROUND_BLOCKS * threads.max(1) * BLOCK) as u64 * LIST_BYTES,
        false => 0,
    };
    bits.saturating_add(lists)
}

/// The most bytes of marks held at once while the reachability pass marks tier by tier
/// and spills each tier once expanded, `bytes(k)` those of tier `k`: a tier, and every
/// later tier an earlier one's moves reach.
fn window_bytes<G: TierGame + ?Sized>(game: &G, bytes: impl Fn(u32) -> u64) -> u64 {
    let tiers = game.tiers();
    let mut live = vec![false; tiers as usize];
    let mut most = 0u64;
    for k in 0..tiers {
        live[k as usize] = true;
        for c in game.child_tiers(k) {
            if let Some(l) = live.get_mut(c as usize) {
                *l = true;
            }
        }
        let held = (k..tiers)
            .filter(|&j| live[j as usize])
            .map(&bytes)
            .fold(0, u64::saturating_add);
        most = most.max(held);
    }
    most
}

/// Whether a process of a build of `game` into `dir` split across `size` processes spills
/// its marks: when its disk has room for its share of every tier's bits.
pub(super) fn spills<G: TierGame + ?Sized>(game: &G, dir: &Path, size: usize) -> bool {
    let share = (0..game.tiers())
        .map(|k| share_bytes(game, k, size))
        .fold(0, u64::saturating_add);
    let existing = dir.ancestors().find(|p| p.exists()).unwrap_or(dir);
    fs4::available_space(existing).is_ok_and(|free| free >= share.saturating_add(DISK_ROOM))
}
