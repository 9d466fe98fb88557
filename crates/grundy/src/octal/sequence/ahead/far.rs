//! The far and middle parts of the blocks, passed on the rayon pool ahead of the thread
//! computing candidates (see `sparse::far`). That thread dispatches the far parts after
//! each batch, [`FAR`] heaps ahead, and the middle ones at block starts, [`MID`] heaps
//! ahead and a few blocks per job; each job gets a copy of the values it reads. A block
//! takes its parts as it starts, if they have arrived.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

use super::super::super::sparse::{FarBlock, FarLists, FarScratch, Sparse, Tier, FAR, MID};
use super::front::Front;

/// Blocks per job on the pool (16 heaps each).
const JOB_BLOCKS: usize = 4;

/// Whether a block waits for its parts (tests only: see [`Feed::offer`]).
const WAIT: bool = cfg!(test);

/// Heaps per block (the sparse method's).
const BLOCK_HEAPS: usize = 16;

/// The parts of one tier: what they are made from, the next block start to dispatch
/// (blocks start every [`BLOCK_HEAPS`] heaps from the first heap of the run), and the
/// block starts dispatched and not yet taken.
struct Lane {
    lists: Arc<FarLists>,
    next: usize,
    pending: BTreeSet<usize>,
    /// How many heaps back from a block's start its pass reads.
    reach: usize,
    /// How many heaps ahead of the values its pass can run.
    ahead: usize,
}

/// The far and middle parts dispatched on the pool and not yet taken.
pub(super) struct Feed<'pool, 'scope> {
    pool: &'pool rayon::Scope<'scope>,
    far: Lane,
    mid: Lane,
    arrived: BTreeMap<(Tier, usize), FarBlock>,
    send: Sender<FarBlock>,
    receive: Receiver<FarBlock>,
    /// Far parts handed to blocks, and blocks that started before theirs arrived.
    pub(super) used: u64,
    pub(super) missed: u64,
    /// Blocks with a far part whose middle part had not arrived.
    pub(super) mid_missed: u64,
}

impl<'pool, 'scope> Feed<'pool, 'scope> {
    /// A feed on `pool` for the blocks from heap `start` on, with the far and middle
    /// `lists`; `reach` is how many heaps back the sparse method reads, `max_take` the
    /// largest take.
    pub(super) fn new(
        pool: &'pool rayon::Scope<'scope>,
        (far, mid): (Arc<FarLists>, Arc<FarLists>),
        start: usize,
        (reach, max_take): (usize, usize),
    ) -> Self {
        let (send, receive) = mpsc::channel();
        let lane = |lists, reach, ahead| Lane {
            lists,
            next: start,
            pending: BTreeSet::new(),
            reach,
            ahead,
        };
        Feed {
            pool,
            far: lane(far, reach, FAR),
            mid: lane(mid, FAR + max_take + BLOCK_HEAPS, MID),
            arrived: BTreeMap::new(),
            send,
            receive,
            used: 0,
            missed: 0,
            mid_missed: 0,
        }
    }

    /// Dispatches the far parts of the blocks before `end` that `front` allows.
    pub(super) fn dispatch_far(&mut self, front: &Front, end: usize) {
        dispatch(self.pool, &mut self.far, &self.send, front, end, 1);
    }

    /// Dispatches the middle parts of the blocks before `end` that `front` allows, once
    /// there are [`JOB_BLOCKS`] of them (or the last ones).
    pub(super) fn dispatch_mid(&mut self, front: &Front, end: usize) {
        dispatch(self.pool, &mut self.mid, &self.send, front, end, JOB_BLOCKS);
    }

    /// Hands `sparse` the far and middle parts of the block from heap n that have arrived.
    /// Those dispatched but not arrived are not waited for: the block then marks their
    /// positions itself (counted in `missed` and `mid_missed`), so the thread computing
    /// candidates never sleeps. (Tests wait, so that the parts they check are used
    /// whatever the load.)
    pub(super) fn offer(&mut self, sparse: &mut Sparse, n: usize) {
        let want = (self.far.pending.remove(&n), self.mid.pending.remove(&n));
        if want == (false, false) {
            return;
        }
        while let Ok(part) = self.receive.try_recv() {
            self.arrived.insert((part.tier(), part.start()), part);
        }
        let missing = |arrived: &BTreeMap<_, _>| {
            (want.0 && !arrived.contains_key(&(Tier::Far, n)))
                || (want.1 && !arrived.contains_key(&(Tier::Mid, n)))
        };
        while WAIT && missing(&self.arrived) {
            match self.receive.recv() {
                Ok(part) => self.arrived.insert((part.tier(), part.start()), part),
                Err(_) => break,
            };
        }
        let far = self.arrived.remove(&(Tier::Far, n));
        let mid = self.arrived.remove(&(Tier::Mid, n));
        // Parts of blocks that were skipped are no longer wanted.
        for lane in [&mut self.far, &mut self.mid] {
            lane.pending.retain(|&start| start > n);
        }
        self.arrived.retain(|&(_, start), _| start > n);
        let Some(far) = far else {
            self.missed += u64::from(want.0);
            return;
        };
        self.used += 1;
        sparse.offer_far(far);
        match mid {
            Some(mid) => sparse.offer_far(mid),
            None => self.mid_missed += u64::from(want.1),
        }
    }
}

/// Spawns on `pool` the passes of `lane` for the blocks before `end` whose partners
/// `front` holds, `least` blocks (or the last ones) per job, each job with a copy of the
/// values it reads; they send their parts to `send`.
fn dispatch<'scope>(
    pool: &rayon::Scope<'scope>,
    lane: &mut Lane,
    send: &Sender<FarBlock>,
    front: &Front,
    end: usize,
    least: usize,
) {
    let len = front.len();
    // A block from s reads partners below s - lane.ahead + BLOCK_HEAPS, and from
    // s - lane.reach on.
    let limit = (len + lane.ahead - BLOCK_HEAPS).min(end.saturating_sub(BLOCK_HEAPS - 1));
    while lane.next < len {
        lane.next += BLOCK_HEAPS;
    }
    let last = lane.next + (least - 1) * BLOCK_HEAPS;
    if lane.next > limit || (last > limit && limit + BLOCK_HEAPS < end) {
        return;
    }
    let from = len.saturating_sub(lane.reach).max(front.origin);
    let values: Arc<[u16]> = front.values[from - front.origin..].into();
    let mut starts = Vec::new();
    while lane.next <= limit {
        starts.push(lane.next);
        lane.pending.insert(lane.next);
        lane.next += BLOCK_HEAPS;
    }
    for chunk in starts.chunks(JOB_BLOCKS) {
        let (chunk, lists, values) = (chunk.to_vec(), lane.lists.clone(), values.clone());
        let send = send.clone();
        pool.spawn(move |_| {
            let mut scratch = FarScratch::default();
            for start in chunk {
                // The receiver is gone once the run stopped: nothing to do then.
                let part = lists.pass(&values, from, start, &mut scratch);
                if send.send(part).is_err() {
                    return;
                }
            }
        });
    }
}
