//! A build's work split across the processes of a [`Cluster`]: which blocks of a tier are
//! whose (block `b` is process `b % size`'s, so every process has a share of every large
//! tier), the exchanges a build makes (the child ranks a process's blocks reach in the
//! others' blocks, sent to their owners, are the reachability pass's and `marks`'s;
//! compressed blocks sent to rank 0, a kept tier's blocks sent from rank 0 to their
//! owners, what else rank 0 read handed to all; the values fetched from their owners are
//! `above`'s), the agreement on every step's outcome (so that a process that fails
//! stops all of them at the same step, never leaving one waiting), and the bytes sent.

use std::cell::Cell;

use super::cluster::Cluster;
use super::error::DbError;
use super::layout::BLOCK;

/// The most bytes one process puts into one exchange of a long buffer (rank 0's files), so
/// that an MPI count (a 32-bit integer) never overflows.
const CHUNK: usize = 1 << 26;

/// The most blocks one process puts into one exchange of a tier's compressed blocks: at
/// most about 1 MiB a process per exchange, whatever the number of processes.
const BATCH: usize = 16;

/// The words of marks (one bit a rank) of a block.
const BLOCK_WORDS: usize = BLOCK / 64;

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

    /// The block of a tier that is this process's `i`-th (from 0).
    pub(super) fn block(self, i: usize) -> usize {
        self.rank + i * self.size
    }

    /// The words of this process's marks of a tier (`share`, its blocks' words one after
    /// the other, as the reachability pass leaves them) that belong to its block `block`,
    /// of `len` ranks.
    pub(super) fn words<T>(self, share: &[T], block: usize, len: usize) -> &[T] {
        let first = block / self.size * BLOCK_WORDS;
        &share[first..first + len.div_ceil(64)]
    }

    /// How many of a tier's blocks of `ranks` ranks are this process's.
    pub(super) fn own_blocks(self, ranks: u64) -> usize {
        self.count(self.rank, ranks.div_ceil(BLOCK as u64) as usize)
    }

    /// How many ranks of a tier of `ranks` are in this process's blocks: its share of the
    /// tier's values holds them one block after the other (all of them alone).
    pub(super) fn share_ranks(self, ranks: u64) -> u64 {
        ranks - self.others(ranks, BLOCK)
    }

    /// Whose is a tier's rank `rank`.
    pub(super) fn of_rank(self, rank: u64) -> usize {
        (rank / BLOCK as u64 % self.size as u64) as usize
    }

    /// Whether a tier's rank `rank` is in one of this process's blocks.
    pub(super) fn owns_rank(self, rank: u64) -> bool {
        self.of_rank(rank) == self.rank
    }

    /// The index, in this process's share of a tier's values, of its rank `rank` (of one of
    /// its own blocks).
    pub(super) fn index(self, rank: u64) -> usize {
        let block = (rank / BLOCK as u64) as usize;
        block / self.size * BLOCK + (rank % BLOCK as u64) as usize
    }

    /// How many words of marks (a bit a rank) of a tier of `ranks` ranks are in this
    /// process's blocks: its share of the tier's marks, one block after the other.
    pub(super) fn share_words(self, ranks: u64) -> usize {
        let words = ranks.div_ceil(64) as usize;
        let blocks = words.div_ceil(BLOCK_WORDS);
        let own = self.count(self.rank, blocks);
        // Every block of the share is whole but perhaps the tier's last.
        match blocks > 0 && self.owns(blocks - 1) {
            true => (own - 1) * BLOCK_WORDS + (words - (blocks - 1) * BLOCK_WORDS),
            false => own * BLOCK_WORDS,
        }
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

/// What takes a tier's compressed blocks on rank 0 (`blocks_to_root`), or a process's own
/// blocks on each (`blocks_from_root`): each with its number, in order.
pub(super) type Sink<'a> = dyn FnMut(usize, &[u8]) -> Result<(), DbError> + 'a;

/// What gives rank 0 a tier's blocks, each by its number, asked for in order.
pub(super) type Source<'a> = dyn FnMut(usize) -> Result<Vec<u8>, DbError> + 'a;

/// The blocks of a tier of `blocks` blocks (of `width` to a block of ranks) that each of
/// `size` processes owns, in order, by rank.
fn block_lists(blocks: usize, width: usize, size: usize) -> Vec<Vec<usize>> {
    let mut lists = vec![Vec::new(); size];
    for j in 0..blocks {
        lists[j / width.max(1) % size].push(j);
    }
    lists
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
    /// all-gather) or the one it is for (an all-to-all); 0 alone.
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

    /// What process `from` tells every process: its `mine` (the others' are not sent).
    pub(super) fn told_by(&self, from: usize, mine: Vec<u8>) -> Result<Vec<u8>, DbError> {
        if self.alone() {
            return Ok(mine);
        }
        let sent = match self.cluster.rank() == from {
            true => mine,
            false => Vec::new(),
        };
        let mut all = self.gather(&sent)?;
        Ok(std::mem::take(&mut all[from]))
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

    /// Sends `parts[r]` to process `r` and returns what each sent this one, in rounds of
    /// at most [`CHUNK`] bytes a process (so that an MPI count never overflows).
    pub(super) fn all_to_all(&self, parts: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, DbError> {
        if self.alone() {
            return Ok(parts);
        }
        let (me, size) = (self.cluster.rank(), self.cluster.size());
        let piece = (CHUNK / size).max(1);
        let longest = parts.iter().map(Vec::len).max().unwrap_or(0);
        let rounds = self
            .gather(&(longest.div_ceil(piece) as u64).to_le_bytes())?
            .iter()
            .map(|b| b.as_slice().try_into().map_or(0, u64::from_le_bytes))
            .max()
            .unwrap_or(0);
        let mut out = vec![Vec::new(); size];
        for round in 0..rounds as usize {
            let cut: Vec<Vec<u8>> = parts
                .iter()
                .map(|part| {
                    let rest = part.get(round * piece..).unwrap_or_default();
                    rest[..rest.len().min(piece)].to_vec()
                })
                .collect();
            let others: usize = (cut.iter().map(Vec::len).sum::<usize>()) - cut[me].len();
            self.sent.set(self.sent.get() + others as u64);
            let got = self.cluster.all_to_all(cut)?;
            if got.len() != size {
                return Err(DbError::Cluster {
                    rank: me,
                    why: format!("an all-to-all returned {} parts", got.len()),
                });
            }
            for (all, mut got) in out.iter_mut().zip(got) {
                all.append(&mut got);
            }
        }
        Ok(out)
    }

    /// The largest of every process's `mine`.
    pub(super) fn most(&self, mine: u64) -> Result<u64, DbError> {
        if self.alone() {
            return Ok(mine);
        }
        let all = self.gather(&mine.to_le_bytes())?;
        all.iter()
            .enumerate()
            .map(|(rank, theirs)| {
                theirs
                    .as_slice()
                    .try_into()
                    .map(u64::from_le_bytes)
                    .map_err(|_| DbError::Cluster {
                        rank,
                        why: format!("it sent {} bytes for a count", theirs.len()),
                    })
            })
            .try_fold(0, |most, count| count.map(|c| most.max(c)))
    }

    /// `counts` summed over every process, in place (each the same length).
    pub(super) fn sum(&self, counts: &mut [u64]) -> Result<(), DbError> {
        if self.alone() {
            return Ok(());
        }
        let mine: Vec<u8> = counts.iter().flat_map(|c| c.to_le_bytes()).collect();
        let all = self.gather(&mine)?;
        counts.fill(0);
        for (rank, theirs) in all.iter().enumerate() {
            if theirs.len() != mine.len() {
                return Err(DbError::Cluster {
                    rank,
                    why: format!("it sent {} counts, not {}", theirs.len() / 8, counts.len()),
                });
            }
            for (count, bytes) in counts.iter_mut().zip(theirs.chunks_exact(8)) {
                *count += u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
            }
        }
        Ok(())
    }

    /// Hands every one of a tier's `blocks` compressed blocks to `sink` on rank 0, in
    /// order with its number (nothing on the others), from `mine`: this process's own
    /// blocks in order. A tier of `width` bytes a rank has `width` blocks of bytes to a
    /// block of ranks, and block `j` is the owner's of ranks block `j / width`; each process
    /// sends its own to rank 0 alone, [`BATCH`] at a time, so that rank 0 holds a round's
    /// blocks at once, never the tier's. After an error of `sink`, rank 0 takes the other
    /// rounds' blocks without handing them on and returns the error at the end.
    pub(super) fn blocks_to_root(
        &self,
        blocks: usize,
        width: usize,
        mine: Vec<Vec<u8>>,
        sink: &mut Sink<'_>,
    ) -> Result<(), DbError> {
        if self.alone() {
            return mine.iter().enumerate().try_for_each(|(j, b)| sink(j, b));
        }
        let size = self.owner().size;
        let lists = block_lists(blocks, width, size);
        let rounds = lists
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .div_ceil(BATCH);
        let mut failed = None;
        let mut mine = mine.into_iter();
        for round in 0..rounds {
            let mut payload = Vec::new();
            for block in mine.by_ref().take(BATCH) {
                payload.extend_from_slice(&(block.len() as u32).to_le_bytes());
                payload.extend_from_slice(&block);
            }
            let mut parts = vec![Vec::new(); size];
            parts[0] = payload;
            let got = self.all_to_all(parts)?;
            if !self.is_root() {
                continue;
            }
            let mut these: Vec<(usize, &[u8])> = Vec::new();
            for (rank, bytes) in got.iter().enumerate() {
                let mut rest = bytes.as_slice();
                for &j in lists[rank].iter().skip(round * BATCH).take(BATCH) {
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
                    these.push((j, rest.get(4..4 + len).ok_or_else(cut)?));
                    rest = &rest[4 + len..];
                }
            }
            // A round's blocks are the next ones of the tier, in some order.
            these.sort_unstable_by_key(|&(j, _)| j);
            for (j, block) in these {
                if failed.is_none() {
                    failed = sink(j, block).err();
                }
            }
        }
        failed.map_or(Ok(()), Err)
    }

    /// Hands each process its own of a tier's `blocks` blocks (block `j` is the owner's of
    /// ranks block `j / width`, as in [`Ranks::blocks_to_root`]), which `source` gives rank
    /// 0 in order (it is not called on the others): `sink` takes each of this process's
    /// blocks in order with its number. Rank 0 sends each process its own blocks alone,
    /// [`BATCH`] at a time, so that no process holds more than a round's blocks. After an
    /// error of `source`, rank 0 sends nothing more and every process returns its error;
    /// after an error of `sink`, a process takes the other rounds' blocks without handing
    /// them on and returns the error at the end.
    pub(super) fn blocks_from_root(
        &self,
        blocks: usize,
        width: usize,
        source: &mut Source<'_>,
        sink: &mut Sink<'_>,
    ) -> Result<(), DbError> {
        if self.alone() {
            return (0..blocks).try_for_each(|j| sink(j, &source(j)?));
        }
        let (me, size) = (self.cluster.rank(), self.owner().size);
        let lists = block_lists(blocks, width, size);
        let rounds = lists
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .div_ceil(BATCH);
        let round_of = |rank: usize, round: usize| -> &[usize] {
            let list = &lists[rank];
            &list[(round * BATCH).min(list.len())..((round + 1) * BATCH).min(list.len())]
        };
        let (mut read_failed, mut failed, mut stopped) = (None, None, false);
        for round in 0..rounds {
            let mut parts = vec![Vec::new(); size];
            if self.is_root() && read_failed.is_none() {
                // A round's blocks are the next ones of the tier: read in order.
                let mut these: Vec<(usize, usize)> = (0..size)
                    .flat_map(|rank| round_of(rank, round).iter().map(move |&j| (j, rank)))
                    .collect();
                these.sort_unstable();
                for (j, rank) in these {
                    match source(j) {
                        Ok(block) => {
                            parts[rank].extend_from_slice(&(block.len() as u32).to_le_bytes());
                            parts[rank].extend_from_slice(&block);
                        }
                        Err(e) => {
                            read_failed = Some(e);
                            parts.iter_mut().for_each(Vec::clear);
                            break;
                        }
                    }
                }
            }
            let got = self.all_to_all(parts)?;
            let mut rest = got[0].as_slice();
            let mine = round_of(me, round);
            // Nothing where blocks were due: rank 0 stopped (its error is told below).
            stopped |= rest.is_empty() && !mine.is_empty();
            for &j in mine.iter().filter(|_| !stopped) {
                let len = rest
                    .get(..4)
                    .and_then(|b| b.try_into().ok())
                    .map(u32::from_le_bytes);
                let Some(block) = len.and_then(|len| rest.get(4..4 + len as usize)) else {
                    // Every round is still taken, so that no process is left waiting.
                    failed.get_or_insert(DbError::Cluster {
                        rank: 0,
                        why: format!("block {j} came cut"),
                    });
                    break;
                };
                rest = &rest[4 + block.len()..];
                if failed.is_none() {
                    failed = sink(j, block).err();
                }
            }
        }
        self.agree(read_failed.map_or(Ok(()), Err))?;
        if stopped {
            return Err(DbError::Cluster {
                rank: 0,
                why: "it stopped sending a tier's blocks".into(),
            });
        }
        failed.map_or(Ok(()), Err)
    }
}
