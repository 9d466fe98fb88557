//! The far parts of the blocks, passed on the rayon pool ahead of the thread computing
//! candidates (see `sparse::far`): that thread dispatches them after each batch, as far
//! ahead as its values allow, and takes each one as its block starts.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::super::super::sparse::{FarBlock, FarLists, FarScratch, Sparse, FAR};
use super::Front;

/// Blocks per job on the pool (16 heaps each).
const JOB_BLOCKS: usize = 4;

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
    /// Far parts handed to blocks, and the time spent waiting for them.
    pub(super) used: u64,
    pub(super) waited: Duration,
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
            waited: Duration::ZERO,
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

    /// Hands `sparse` the far part of the block from heap n, waiting for it, when one was
    /// dispatched.
    pub(super) fn offer(&mut self, sparse: &mut Sparse, n: usize) {
        if !self.pending.remove(&n) {
            return;
        }
        let block = loop {
            if let Some(block) = self.arrived.remove(&n) {
                break block;
            }
            // The feed holds a sender, so this waits until the pass arrives.
            let clock = Instant::now();
            let Ok(block) = self.receive.recv() else {
                return;
            };
            self.waited += clock.elapsed();
            self.arrived.insert(block.start(), block);
        };
        // Parts of blocks that were skipped are no longer wanted.
        self.pending.retain(|&start| start > n);
        self.arrived.retain(|&start, _| start > n);
        self.used += 1;
        sparse.offer_far(block);
    }
}
