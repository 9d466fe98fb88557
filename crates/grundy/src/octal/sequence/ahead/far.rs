//! The far parts of the blocks, passed on the rayon pool ahead of the thread computing
//! candidates (see `sparse::far`): that thread dispatches them after each batch, as far
//! ahead as its values allow, and takes each one as its block starts.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

use super::super::super::sparse::{FarBlock, FarLists, FarScratch, Sparse, FAR};
use super::Front;

/// Blocks per job on the pool (16 heaps each).
const JOB_BLOCKS: usize = 4;

/// Whether a block waits for its far part (tests only: see [`Feed::offer`]).
const WAIT: bool = cfg!(test);

/// Heaps per block (the sparse method's).
const BLOCK_HEAPS: usize = 16;

/// The far parts dispatched and not yet taken.
pub(super) struct Feed {
    lists: Arc<FarLists>,
    /// The next block start to dispatch; blocks start every [`BLOCK_HEAPS`] heaps from the
    /// first heap of the run.
    next: usize,
    pending: BTreeSet<usize>,
    arrived: BTreeMap<usize, FarBlock>,
    send: Sender<FarBlock>,
    receive: Receiver<FarBlock>,
    /// Far parts taken by a block.
    /// Far parts handed to blocks, and blocks that started before theirs arrived.
    pub(super) used: u64,
    pub(super) missed: u64,
}

impl Feed {
    /// A feed for the blocks from heap `start` on.
    pub(super) fn new(lists: Arc<FarLists>, start: usize) -> Self {
        let (send, receive) = mpsc::channel();
        Feed {
            lists,
            next: start,
            pending: BTreeSet::new(),
            arrived: BTreeMap::new(),
            send,
            receive,
            used: 0,
            missed: 0,
        }
    }

    /// Dispatches on `scope` the far parts of the blocks before `end` whose partners
    /// `front` holds; `keep` is the sparse method's reach back from a heap.
    pub(super) fn dispatch<'scope>(
        &mut self,
        scope: &rayon::Scope<'scope>,
        front: &Front,
        keep: usize,
        end: usize,
    ) {
        let len = front.len();
        // A block from s reads partners below s - FAR + BLOCK_HEAPS, and from s - keep on.
        let limit = (len + FAR - BLOCK_HEAPS).min(end.saturating_sub(BLOCK_HEAPS - 1));
        while self.next < len {
            self.next += BLOCK_HEAPS;
        }
        if self.next > limit {
            return;
        }
        let from = len.saturating_sub(keep).max(front.origin);
        let values: Arc<[u16]> = front.values[from - front.origin..].into();
        let mut starts = Vec::new();
        while self.next <= limit {
            starts.push(self.next);
            self.pending.insert(self.next);
            self.next += BLOCK_HEAPS;
        }
        for chunk in starts.chunks(JOB_BLOCKS) {
            let (chunk, lists, values) = (chunk.to_vec(), self.lists.clone(), values.clone());
            let send = self.send.clone();
            scope.spawn(move |_| {
                let mut scratch = FarScratch::default();
                for start in chunk {
                    // The receiver is gone once the run stopped: nothing to do then.
                    if send
                        .send(lists.pass(&values, from, start, &mut scratch))
                        .is_err()
                    {
                        return;
                    }
                }
            });
        }
    }

    /// Hands `sparse` the far part of the block from heap n when it has arrived. One that
    /// was dispatched but has not arrived is not waited for: the block is then marked whole
    /// by the thread computing candidates (counted in `missed`), which never sleeps.
    pub(super) fn offer(&mut self, sparse: &mut Sparse, n: usize) {
        if !self.pending.remove(&n) {
            return;
        }
        while let Ok(block) = self.receive.try_recv() {
            self.arrived.insert(block.start(), block);
        }
        // Tests wait, so that the far parts they check are used whatever the load.
        while WAIT && !self.arrived.contains_key(&n) {
            match self.receive.recv() {
                Ok(block) => self.arrived.insert(block.start(), block),
                Err(_) => break,
            };
        }
        let block = self.arrived.remove(&n);
        // Parts of blocks that were skipped are no longer wanted.
        self.pending.retain(|&start| start > n);
        self.arrived.retain(|&start, _| start > n);
        match block {
            Some(block) => {
                self.used += 1;
                sparse.offer_far(block);
            }
            None => self.missed += 1,
        }
    }
}
