//! The reachable ranks of every tier, one bit a rank, as the reachability pass leaves them
//! for the tiers' solving: each process keeps those of its own blocks only (the whole tier
//! alone; `split`), held in memory or, when its disk has room, each tier's bits written to
//! `DIR/marks/rank-R/` once final and read back when the tier is solved, so that memory
//! holds the bits of the tiers being marked only, not those of the whole game.

use std::fs;
use std::path::{Path, PathBuf};

use super::error::{io_err, DbError};
use super::game::TierGame;
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

/// Bytes of tier `k`'s marks.
pub(super) fn bits_bytes<G: TierGame + ?Sized>(game: &G, k: u32) -> u64 {
    game.tier_size(k).div_ceil(64) * 8
}

/// The most bytes of marks held at once while the reachability pass marks tier by tier
/// and spills each tier once expanded: a tier, and every later tier an earlier one's moves
/// reach.
pub(super) fn window_bytes<G: TierGame + ?Sized>(game: &G) -> u64 {
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
            .map(|j| bits_bytes(game, j))
            .fold(0, u64::saturating_add);
        most = most.max(held);
    }
    most
}

/// Bytes of the marks of every tier.
pub(super) fn total_bytes<G: TierGame + ?Sized>(game: &G) -> u64 {
    (0..game.tiers())
        .map(|k| bits_bytes(game, k))
        .fold(0, u64::saturating_add)
}

/// Whether a process of a build of `game` into `dir` split across `size` processes spills
/// its marks: when its disk has room for its share of every tier's bits.
pub(super) fn spills<G: TierGame + ?Sized>(game: &G, dir: &Path, size: usize) -> bool {
    let share = total_bytes(game).div_ceil(size.max(1) as u64);
    let existing = dir.ancestors().find(|p| p.exists()).unwrap_or(dir);
    fs4::available_space(existing).is_ok_and(|free| free >= share.saturating_add(DISK_ROOM))
}
