//! A build's work split across the processes of a [`Cluster`]: which blocks of a tier are
//! whose (block `b` is process `b % size`'s, so every process has a share of every large
//! tier), the exchanges a build makes (marks OR-ed, compressed blocks gathered, what rank 0
//! read handed to all), the agreement on every step's outcome (so that a process that fails
//! stops all of them at the same step, never leaving one waiting), and the bytes sent.

use std::cell::Cell;

use super::cluster::Cluster;
use super::error::DbError;

/// The most bytes one process puts into one exchange of a long buffer (rank 0's files), so
/// that an MPI count (a 32-bit integer) never overflows.
const CHUNK: usize = 1 << 26;

/// The most blocks one process puts into one exchange of a tier's compressed blocks: at
/// most about 1 MiB a process per exchange, whatever the number of processes.
const BATCH: usize = 16;

/// The most words OR-ed in one exchange (128 MiB).
const WORDS: usize = 1 << 24;

/// Which blocks are this process's: a copy that threads may share.
#[derive(Clone, Copy, Debug)]
pub(super) struct Owner {
    rank: usize,
    size: usize,
}

impl Owner {
    /// Whether block `block` of a tier is this process's to work on.
    pub(super) fn owns(self, block: usize) -> bool {
        block % self.size == self.rank
    }

    /// How many processes there are.
    pub(super) fn size(self) -> usize {
        self.size
    }

    /// How many of `blocks` blocks process `rank` works on.
    fn count(self, rank: usize, blocks: usize) -> usize {
        (blocks + self.size - 1 - rank) / self.size
    }

    /// The ranks (positions) of a tier of `ranks` in blocks of `block` that the other
    /// processes work on.
    pub(super) fn others(self, ranks: u64, block: usize) -> u64 {
        let blocks = ranks.div_ceil(block as u64) as usize;
        (0..blocks)
            .filter(|&b| !self.owns(b))
            .map(|b| (ranks - (b * block) as u64).min(block as u64))
            .sum()
    }
}

/// This process among the build's processes, counting the bytes it sends.
pub(super) struct Ranks<'a> {
    cluster: &'a dyn Cluster,
    sent: Cell<u64>,
}

impl<'a> Ranks<'a> {
    pub(super) fn new(cluster: &'a dyn Cluster) -> Ranks<'a> {
        Ranks {
            cluster,
            sent: Cell::new(0),
        }
    }

    pub(super) fn owner(&self) -> Owner {
        Owner {
            rank: self.cluster.rank(),
            size: self.cluster.size().max(1),
        }
    }

    /// Whether this process is the only one.
    pub(super) fn alone(&self) -> bool {
        self.cluster.size() <= 1
    }

    /// Whether this process reads and writes the directory (rank 0).
    pub(super) fn is_root(&self) -> bool {
        self.cluster.rank() == 0
    }

    /// Bytes this process has put into exchanges: each reaches every other process (an
    /// all-gather) or is combined with theirs (an OR); 0 alone.
    pub(super) fn sent(&self) -> u64 {
        self.sent.get()
    }

    fn gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, DbError> {
        self.sent.set(self.sent.get() + mine.len() as u64);
        let all = self.cluster.all_gather(mine)?;
        match all.len() == self.cluster.size() {
            true => Ok(all),
            false => Err(DbError::Cluster {
                rank: self.cluster.rank(),
                why: format!("an exchange returned {} parts", all.len()),
            }),
        }
    }

    /// Every process's outcome of a step: this one's error if it has one, else the first
    /// other process's (by rank), else `local`'s value. Every process stops at the same
    /// step.
    pub(super) fn agree<T>(&self, local: Result<T, DbError>) -> Result<T, DbError> {
        if self.alone() {
            return local;
        }
        let mine = match &local {
            Ok(_) => Vec::new(),
            Err(e) => e.to_string().into_bytes(),
        };
        let all = self.gather(&mine)?;
        let value = local?;
        match all.iter().position(|m| !m.is_empty()) {
            None => Ok(value),
            Some(rank) => Err(DbError::Cluster {
                rank,
                why: String::from_utf8_lossy(&all[rank]).into_owned(),
            }),
        }
    }

    /// Runs `read` on rank 0 alone (the one that touches the directory) and hands its
    /// bytes, or its error, to every process.
    pub(super) fn read_on_root(
        &self,
        read: impl FnOnce() -> Result<Vec<u8>, DbError>,
    ) -> Result<Vec<u8>, DbError> {
        if self.alone() {
            return read();
        }
        let local = match self.is_root() {
            true => read(),
            false => Ok(Vec::new()),
        };
        let head = match &local {
            Ok(bytes) if self.is_root() => (bytes.len() as u64).to_le_bytes().to_vec(),
            _ => Vec::new(),
        };
        // An error on rank 0 is told to all here; the length travels beside it.
        let local = self.agree(local)?;
        let heads = self.gather(&head)?;
        let len = heads[0]
            .as_slice()
            .try_into()
            .map(u64::from_le_bytes)
            .map_err(|_| DbError::Cluster {
                rank: 0,
                why: "it sent no length".into(),
            })? as usize;
        let mut out = Vec::new();
        for start in (0..len).step_by(CHUNK) {
            let piece = match self.is_root() {
                true => &local[start..(start + CHUNK).min(len)],
                false => &[][..],
            };
            let mut all = self.gather(piece)?;
            out.append(&mut all[0]);
        }
        match out.len() == len {
            true => Ok(out),
            false => Err(DbError::Cluster {
                rank: 0,
                why: format!("it sent {} bytes of {len}", out.len()),
            }),
        }
    }

    /// ORs `words` with every process's, in place.
    pub(super) fn or_all(&self, words: &mut [u64]) -> Result<(), DbError> {
        if self.alone() {
            return Ok(());
        }
        for chunk in words.chunks_mut(WORDS) {
            self.sent.set(self.sent.get() + chunk.len() as u64 * 8);
            self.cluster.or_all(chunk)?;
        }
        Ok(())
    }

    /// Every one of a tier's `blocks` blocks, in order, from `mine`: this process's own
    /// blocks in order (those [`Owner::owns`]); each process sends its own to all.
    pub(super) fn gather_blocks(
        &self,
        blocks: usize,
        mine: Vec<Vec<u8>>,
    ) -> Result<Vec<Vec<u8>>, DbError> {
        if self.alone() {
            return Ok(mine);
        }
        let owner = self.owner();
        let size = owner.size;
        let mut out: Vec<Vec<u8>> = vec![Vec::new(); blocks];
        let rounds = owner.count(0, blocks).div_ceil(BATCH);
        let mut mine = mine.into_iter();
        for round in 0..rounds {
            let mut payload = Vec::new();
            for block in mine.by_ref().take(BATCH) {
                payload.extend_from_slice(&(block.len() as u32).to_le_bytes());
                payload.extend_from_slice(&block);
            }
            for (rank, bytes) in self.gather(&payload)?.into_iter().enumerate() {
                let first = round * BATCH;
                let count = owner.count(rank, blocks).saturating_sub(first).min(BATCH);
                let mut rest = bytes.as_slice();
                for i in first..first + count {
                    let cut = || DbError::Cluster {
                        rank,
                        why: "its blocks came cut".into(),
                    };
                    let len = rest
                        .get(..4)
                        .ok_or_else(cut)?
                        .try_into()
                        .map(u32::from_le_bytes)
                        .map_err(|_| cut())? as usize;
                    let block = rest.get(4..4 + len).ok_or_else(cut)?;
                    out[rank + i * size] = block.to_vec();
                    rest = &rest[4 + len..];
                }
            }
        }
        Ok(out)
    }
}
