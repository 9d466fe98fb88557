//! The far and middle parts of the blocks, passed on the rayon pool ahead of the thread
//! computing candidates (see `sparse::far`). That thread dispatches them at block starts,
//! once [`JOB_BLOCKS`] middle blocks are due (they are due [`MID`] heaps ahead, the far
//! ones [`FAR`] heaps ahead): one job for both, so that few jobs wake the pool's threads.
//! A job copies the values it reads from the shared segments (`shared`) on its own thread
//! and sends its parts in two messages, the middle ones first. From [`MIDDLE_THREADS`] on,
//! the middle blocks go in jobs of their own to a thread of their own ([`run_middle`]). A
//! block takes its parts as it starts, if they have arrived (or waits for them: see
//! [`Feed::offer`]).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::super::super::sparse::{
    FarBlock, FarLists, FarScratch, Guesses, Parts, Sparse, Tier, FAR, MID,
};
use super::shared::Shared;

/// Middle blocks per job on the pool (16 heaps each), and far ones at most.
const JOB_BLOCKS: usize = 8;

/// Middle blocks per job on the middle thread (see [`MIDDLE_THREADS`]).
const MIDDLE_BLOCKS: usize = 4;

/// Far parts' guesses posted this many heaps before a middle job's block are dropped.
const STALE: usize = 4 * FAR;

/// Whether a block always waits for its parts (tests: see [`Feed::offer`]).
const WAIT: bool = cfg!(test);

/// From this many threads on, a block waits for its parts: the pool has threads to spare
/// for them, so one that is late is soon done, and the candidates' thread keeps to its own
/// work (on a machine with fewer cores than threads, that is what its CPU time measures).
pub(super) const WAIT_THREADS: usize = 8;

/// From this many threads on (on a machine with this many cores), the middle jobs run on a
/// thread of their own ([`run_middle`]) instead of the pool: a block needs its middle part
/// some 128 heaps after the job was dispatched, sooner than a pool thread busy with proofs
/// or asleep picks it up (on 16 cores the candidates' thread waited 0.6-0.9 s of a 1.5 s
/// run for them).
#[cfg(not(test))]
pub(super) const MIDDLE_THREADS: usize = 12;
/// In tests, where the pools have 2, 3, 6 or 8 threads.
#[cfg(test)]
pub(super) const MIDDLE_THREADS: usize = 8;

/// How long the middle thread spins for its next job before it sleeps: jobs come every
/// 128 heaps or so, and a thread woken from sleep comes tens of microseconds later (20 and
/// 100 us measured the same on 16 cores).
const SPIN: Duration = Duration::from_micros(20);

/// Heaps per block (the sparse method's).
const BLOCK_HEAPS: usize = 16;

/// The parts of one tier: what they are made from, the next block start to dispatch
/// (blocks start every [`BLOCK_HEAPS`] heaps from the first heap of the run), and the
/// block starts dispatched and not yet taken.
struct Lane {
    lists: Arc<FarLists>,
    next: usize,
    /// Ascending.
    pending: VecDeque<usize>,
    /// How many heaps back from a block's start its pass reads.
    reach: usize,
    /// How many heaps ahead of the values its pass can run.
    ahead: usize,
    /// The parts that have arrived.
    arrived: Slots,
}

/// Parts of one tier by block start: slot i holds the part of the block from
/// `base + i BLOCK_HEAPS` once it has arrived (a lane's blocks start `BLOCK_HEAPS` apart).
struct Slots {
    base: usize,
    slots: VecDeque<Option<Box<FarBlock>>>,
}

impl Slots {
    /// Keeps `part` (to `spare` if its block is past or out of step).
    fn insert(&mut self, part: Box<FarBlock>, spare: &mut Parts) {
        let Some(offset) = part.start().checked_sub(self.base) else {
            return spare.push(part);
        };
        if !offset.is_multiple_of(BLOCK_HEAPS) {
            return spare.push(part);
        }
        let at = offset / BLOCK_HEAPS;
        if self.slots.len() <= at {
            self.slots.resize_with(at + 1, || None);
        }
        spare.extend(self.slots[at].replace(part));
    }

    /// Whether the part of the block from n has arrived.
    fn has(&self, n: usize) -> bool {
        n.checked_sub(self.base).is_some_and(|offset| {
            offset.is_multiple_of(BLOCK_HEAPS)
                && self
                    .slots
                    .get(offset / BLOCK_HEAPS)
                    .is_some_and(Option::is_some)
        })
    }

    /// The part of the block from n, if it has arrived; those of earlier blocks go to
    /// `spare` (their blocks were skipped).
    fn take(&mut self, n: usize, spare: &mut Parts) -> Option<Box<FarBlock>> {
        while self.base < n {
            match self.slots.pop_front() {
                Some(part) => {
                    spare.extend(part);
                    self.base += BLOCK_HEAPS;
                }
                None => self.base += (n - self.base).div_ceil(BLOCK_HEAPS) * BLOCK_HEAPS,
            }
        }
        match self.base == n {
            true => {
                self.base += BLOCK_HEAPS;
                self.slots.pop_front().flatten()
            }
            false => None,
        }
    }
}

/// A far or middle job waiting to run.
pub(super) type Job = Box<dyn FnOnce() + Send>;

/// The far and middle jobs not yet started, oldest first. Each is also spawned on the
/// pool, but a pool thread reaches those spawned from outside it only when it has nothing
/// else to do: so the proofs start the waiting jobs first (`run_one`), which the blocks
/// need soon, and the task spawned for a job finds it gone.
#[derive(Default)]
pub(super) struct Urgent {
    jobs: Mutex<VecDeque<Job>>,
    /// The time the jobs ran, in nanoseconds.
    nanos: AtomicU64,
}

impl Urgent {
    /// Runs the oldest waiting job, if any; whether there was one.
    pub(super) fn run_one(&self) -> bool {
        let job = self
            .jobs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop_front();
        let Some(job) = job else {
            return false;
        };
        self.run(job);
        true
    }

    /// The time the jobs run so far took, in seconds.
    pub(super) fn seconds(&self) -> f64 {
        self.nanos.load(Ordering::Relaxed) as f64 / 1e9
    }

    /// Runs `job` now, its time counted with the queued jobs'.
    fn run(&self, job: Job) {
        let clock = Instant::now();
        job();
        let spent = u64::try_from(clock.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.nanos.fetch_add(spent, Ordering::Relaxed);
    }

    /// Queues `job` and spawns on `pool` a task that runs the oldest job left, if any: every
    /// job queued runs once, by a proof task or by a pool task, before the scope ends (a task
    /// finds the queue empty only when every job queued before it has run).
    pub(super) fn spawn(self: &Arc<Self>, pool: &rayon::Scope, job: Job) {
        self.jobs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push_back(job);
        let urgent = Arc::clone(self);
        pool.spawn(move |_| {
            urgent.run_one();
        });
    }
}

/// The middle thread: runs the middle jobs `jobs` sends, in order, spinning [`SPIN`] for
/// the next before it sleeps, until the sender is gone. Their time counts with `urgent`'s.
pub(super) fn run_middle(jobs: Receiver<Job>, urgent: &Urgent) {
    let mut idle = Instant::now();
    loop {
        let job = match jobs.try_recv() {
            Ok(job) => job,
            Err(mpsc::TryRecvError::Empty) if idle.elapsed() < SPIN => {
                std::hint::spin_loop();
                continue;
            }
            Err(mpsc::TryRecvError::Empty) => match jobs.recv() {
                Ok(job) => job,
                Err(_) => return,
            },
            Err(mpsc::TryRecvError::Disconnected) => return,
        };
        urgent.run(job);
        idle = Instant::now();
    }
}

/// The far and middle parts dispatched on the pool and not yet taken.
pub(super) struct Feed<'pool, 'scope> {
    pool: &'pool rayon::Scope<'scope>,
    urgent: Arc<Urgent>,
    /// The middle thread's jobs, where it runs (see [`MIDDLE_THREADS`]).
    middle: Option<Sender<Job>>,
    far: Lane,
    mid: Lane,
    /// By block start.
    send: Sender<Parts>,
    receive: Receiver<Parts>,
    /// Parts the blocks are done with, handed to the next jobs to refill.
    spare: Parts,
    /// The values the jobs read.
    shared: Shared,
    /// The far parts' guesses, for the middle jobs.
    board: Arc<Board>,
    /// Whether a block waits for parts that have not arrived.
    wait: bool,
    /// Far parts handed to blocks, blocks that started before theirs arrived, and blocks
    /// that waited for theirs.
    pub(super) used: u64,
    pub(super) missed: u64,
    pub(super) waited: u64,
    /// The time those blocks waited, in seconds, and the part of it after their far part
    /// had come (for their middle part alone).
    pub(super) wait_seconds: f64,
    pub(super) mid_wait_seconds: f64,
    /// The CPU time of those waits (the channel spins and yields before it sleeps).
    pub(super) wait_cpu_seconds: f64,
    /// Blocks with a far part whose middle part had not arrived.
    pub(super) mid_missed: u64,
}

impl<'pool, 'scope> Feed<'pool, 'scope> {
    /// A feed on `pool` (of `threads` threads) for the blocks from heap `start` =
    /// `origin + recent.len()` on, with the far and middle `lists`; `recent` are the values
    /// G(origin ..) so far, `reach` is how many heaps back the sparse method reads,
    /// `max_take` the largest take.
    pub(super) fn new(
        (pool, threads, urgent): (&'pool rayon::Scope<'scope>, usize, Arc<Urgent>),
        middle: Option<Sender<Job>>,
        (far, mid): (Arc<FarLists>, Arc<FarLists>),
        (origin, recent): (usize, &[u16]),
        (reach, max_take): (usize, usize),
    ) -> Self {
        let start = origin + recent.len();
        let (send, receive) = mpsc::channel();
        let from = start.saturating_sub(reach).max(origin);
        let mut shared = Shared::new(from);
        for &value in &recent[from - origin..] {
            shared.push(value);
        }
        let lane = |lists, reach, ahead| Lane {
            lists,
            next: start,
            pending: VecDeque::new(),
            arrived: Slots {
                base: start,
                slots: VecDeque::new(),
            },
            reach,
            ahead,
        };
        Feed {
            pool,
            urgent,
            middle,
            far: lane(far, reach, FAR),
            mid: lane(mid, FAR + max_take + BLOCK_HEAPS, MID),
            send,
            receive,
            spare: Vec::new(),
            shared,
            board: Arc::default(),
            wait: WAIT || threads >= WAIT_THREADS,
            used: 0,
            missed: 0,
            waited: 0,
            wait_seconds: 0.0,
            mid_wait_seconds: 0.0,
            wait_cpu_seconds: 0.0,
            mid_missed: 0,
        }
    }

    /// Appends the next value (a candidate) to the values the jobs read.
    pub(super) fn push(&mut self, value: u16) {
        self.shared.push(value);
    }

    /// Dispatches the middle and far parts of the blocks before `end` that the values so far
    /// allow, once [`JOB_BLOCKS`] middle blocks (or the last ones) are due.
    pub(super) fn dispatch(&mut self, end: usize) {
        let len = self.shared.len();
        let (mid, far) = (&mut self.mid, &mut self.far);
        // The middle thread takes the middle blocks in jobs of MIDDLE_BLOCKS (it spins for
        // them: no wake-up), so that a job's first block has more of its lead left, and
        // the far ones go in jobs of their own.
        let middle = self.middle.is_some();
        let (mid_due, far_due) = (mid.due(len, end), far.due(len, end));
        let mid_ready = mid_due >= if middle { MIDDLE_BLOCKS } else { JOB_BLOCKS };
        let far_ready = far_due >= if middle { JOB_BLOCKS } else { 2 * JOB_BLOCKS };
        if !mid_ready && !far_ready {
            return;
        }
        let mid_starts = match mid_ready || !middle {
            true => mid.take(len, end),
            false => Vec::new(),
        };
        let mut far_starts = match far_ready || !middle {
            true => far.take(len, end),
            false => Vec::new(),
        };
        // The far blocks beyond the first few (the start of a run) in jobs of their own.
        let rest = far_starts.split_off(far_starts.len().min(JOB_BLOCKS));
        let lists = (mid.lists.clone(), far.lists.clone());
        match middle {
            true => {
                spawn(self, (mid_starts, Vec::new()), lists.clone());
                spawn(self, (Vec::new(), far_starts), lists.clone());
            }
            false => spawn(self, (mid_starts, far_starts), lists.clone()),
        }
        for chunk in rest.chunks(2 * JOB_BLOCKS) {
            spawn(self, (Vec::new(), chunk.to_vec()), lists.clone());
        }
        self.shared
            .trim(len.saturating_sub(self.far.reach.max(self.mid.reach)));
    }

    /// Hands `sparse` the far and middle parts of the block from heap n that have arrived.
    /// Below [`WAIT_THREADS`] threads, those dispatched but not arrived are not waited for:
    /// the block then marks their positions itself (counted in `missed` and `mid_missed`),
    /// so the thread computing candidates never sleeps. From there on (and in tests, so
    /// that the parts they check are used whatever the load) the block waits for them.
    pub(super) fn offer(&mut self, sparse: &mut Sparse, n: usize) {
        sparse.recycle(&mut self.spare);
        let want = (
            take(&mut self.far.pending, n),
            take(&mut self.mid.pending, n),
        );
        if want == (false, false) {
            return;
        }
        let far_missing = |feed: &Self| want.0 && !feed.far.arrived.has(n);
        let missing = |feed: &Self| far_missing(feed) || (want.1 && !feed.mid.arrived.has(n));
        // Parts come eight blocks to a message: most blocks find theirs already taken in.
        if missing(self) {
            while let Ok(parts) = self.receive.try_recv() {
                self.arrive(parts);
            }
        }
        if self.wait && missing(self) {
            self.waited += 1;
            let clock = Instant::now();
            // When the far part came, if it was missing: the rest was for the middle part.
            let mut far_came = (!far_missing(self)).then_some(0.0);
            while missing(self) {
                // Only the wait itself: taking the parts in is the thread's work.
                let cpu = cpu_time::ThreadTime::now();
                let received = self.receive.recv();
                self.wait_cpu_seconds += cpu.elapsed().as_secs_f64();
                match received {
                    Ok(parts) => self.arrive(parts),
                    Err(_) => break,
                }
                if far_came.is_none() && !far_missing(self) {
                    far_came = Some(clock.elapsed().as_secs_f64());
                }
            }
            let waited = clock.elapsed().as_secs_f64();
            self.wait_seconds += waited;
            self.mid_wait_seconds += waited - far_came.unwrap_or(waited);
        }
        let far = self.far.arrived.take(n, &mut self.spare);
        let mid = self.mid.arrived.take(n, &mut self.spare);
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

impl Feed<'_, '_> {
    fn arrive(&mut self, parts: Parts) {
        for part in parts {
            let lane = match part.tier() {
                Tier::Far => &mut self.far,
                Tier::Mid => &mut self.mid,
            };
            lane.arrived.insert(part, &mut self.spare);
        }
    }
}

/// Drops the block starts of `pending` before n; whether n was next.
fn take(pending: &mut VecDeque<usize>, n: usize) -> bool {
    while pending.front().is_some_and(|&start| start < n) {
        pending.pop_front();
    }
    pending.front() == Some(&n) && pending.pop_front().is_some()
}

impl Lane {
    /// The last block start before `end` whose partners lie below `len`: a block from s
    /// reads partners below s - ahead + BLOCK_HEAPS.
    fn limit(&self, len: usize, end: usize) -> usize {
        (len + self.ahead - BLOCK_HEAPS).min(end.saturating_sub(BLOCK_HEAPS - 1))
    }

    /// How many blocks are due (all of them once the last is).
    fn due(&mut self, len: usize, end: usize) -> usize {
        while self.next < len {
            self.next += BLOCK_HEAPS;
        }
        let limit = self.limit(len, end);
        match self.next > limit {
            true => 0,
            false if limit + BLOCK_HEAPS >= end => usize::MAX,
            false => (limit - self.next) / BLOCK_HEAPS + 1,
        }
    }

    /// The due block starts, now pending.
    fn take(&mut self, len: usize, end: usize) -> Vec<usize> {
        let limit = self.limit(len, end);
        // Room for a job's blocks, so that it is not grown push by push.
        let mut starts = Vec::with_capacity(2 * JOB_BLOCKS);
        while self.next >= len && self.next <= limit {
            starts.push(self.next);
            self.pending.push_back(self.next);
            self.next += BLOCK_HEAPS;
        }
        starts
    }
}

/// The guesses of the far parts made and not yet read by the middle pass of their block
/// (see `Sparse`'s `open`): a far job posts them, the middle job of the same block, some
/// 770 heaps later, takes them if they are there, and finds the block's open values.
#[derive(Debug, Default)]
struct Board(Mutex<Vec<(usize, Guesses)>>);

impl Board {
    /// Posts the guesses of the far parts `parts`.
    fn post(&self, parts: &Parts) {
        let mut board = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        board.extend(parts.iter().map(|part| (part.start(), *part.guesses())));
    }

    /// Takes the guesses of the block from `start`, dropping those of blocks long before
    /// it (jobs run in any order, but not [`STALE`] heaps apart: their middle jobs have
    /// run, before their far parts were made).
    fn take(&self, start: usize) -> Option<Guesses> {
        let mut board = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut found = None;
        board.retain(|(at, guesses)| {
            if *at == start {
                found = Some(*guesses);
            }
            *at != start && *at + STALE > start
        });
        found
    }
}

/// Queues and spawns on the feed's pool ([`Urgent::spawn`]) one job for the middle and far
/// blocks `starts`, with the `lists` of each, that copies the values it reads and sends the
/// middle parts (with their open values where the far parts' guesses are posted), then the
/// far ones; a job of middle blocks only goes to the middle thread where it runs.
fn spawn(feed: &mut Feed, starts: (Vec<usize>, Vec<usize>), lists: (Arc<FarLists>, Arc<FarLists>)) {
    let reach = match starts.1.is_empty() {
        true => feed.mid.reach,
        false => feed.far.reach.max(feed.mid.reach),
    };
    if starts.0.is_empty() && starts.1.is_empty() {
        return;
    }
    let view = feed.shared.view(feed.shared.len().saturating_sub(reach));
    let (send, board) = (feed.send.clone(), feed.board.clone());
    let count = starts.0.len() + starts.1.len();
    let starts_far = !starts.1.is_empty();
    let spare = feed.spare.split_off(feed.spare.len().saturating_sub(count));
    let job = Box::new(move || {
        let mut values = Vec::new();
        view.copy_into(&mut values);
        let values = (&values[..], view.from);
        let mut scratch = FarScratch::default();
        scratch.give(spare);
        let mid: Parts = (starts.0.into_iter())
            .map(|start| {
                let guesses = board.take(start);
                lists.0.pass(values, start, guesses.as_ref(), &mut scratch)
            })
            .collect();
        // The receiver is gone once the run stopped: nothing to do then.
        if !mid.is_empty() && send.send(mid).is_err() {
            return;
        }
        let far: Parts = (starts.1.into_iter())
            .map(|start| lists.1.pass(values, start, None, &mut scratch))
            .collect();
        if !far.is_empty() {
            board.post(&far);
            let _ = send.send(far);
        }
    });
    match (&feed.middle, starts_far) {
        // The middle thread is gone only once the run stopped: nothing to do then.
        (Some(middle), false) => {
            let _ = middle.send(job);
        }
        _ => feed.urgent.spawn(feed.pool, job),
    }
}
