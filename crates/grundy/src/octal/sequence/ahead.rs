//! The sparse method on more than one thread: one computes candidates ahead, the others
//! prove them.
//!
//! Step 3 of the sparse method (proving that every rare value below the candidate is an
//! option) reads the pairs (a, m - a) from a = 257 on once the block marks the first 256.
//! The heaps go in batches of [`BATCH`]. A second thread computes the candidates of batch
//! after batch (steps 1 and 2) on its own copy of the recent values, taking each unproved
//! candidate as the value, and sends them through a queue. This thread takes the batches
//! that are ready (up to one per other thread of the rayon pool: a *round*) and proves
//! their candidates on the whole pool, in tasks of about 50 us of proofs (`Pace`), while it
//! commits the round before, in order. For Officers the two halves of the work are about
//! even on two threads; with more, the proofs of several batches run at once.
//!
//! The proofs read the candidates before they are proved, and never the store, which the
//! commits write meanwhile: the proved values and the candidates go into a copy (the
//! *tail*) of the last [`TAIL`] values at least, the first [`LOW`] values into another,
//! and a proof reads its pairs from them. That is sound because commits go in order: a
//! candidate read by a proof of heap n lies below n, so by the time heap n is committed it
//! has been proved (the proof read the true value), or a proof before n failed and heap n
//! is dropped unread. A proof that reaches past the copies is finished at commit time from
//! the proved values (and, in a window, from the spill).
//!
//! Nothing unproved leaves this module. A batch is committed to the sequence heap by heap
//! once proved; a proof that fails means G(n) is a rare value, not the candidate: the
//! value is corrected, the candidates computed after it are dropped, the sparse method's
//! block restarts, and the run goes on one value at a time for a while ([`BACKOFF`]).
//! Values are therefore the same on any number of threads (tested); only the order of
//! the work changes. The copies cost 2 bytes per value for at least [`MIN_FRONT`] values
//! and the sparse method's reach, [`TAIL`] (twice that before they are trimmed) and
//! [`LOW`], plus a 256 KiB mark table per thread of the pool.
//!
//! From [`FAR_THREADS`] threads on, the thread ahead also spawns on the pool the far and
//! middle parts of each block it will reach (`far`): the marks of the rare positions whose
//! partners it computed 1024 and 256 heaps before, and the few values per heap they leave
//! open. It then only compares the near ones with those, and finds the candidates of a
//! block's heaps all at once (Officers: about 400 instructions a heap instead of 8,200),
//! so that more proving threads help. Those jobs wait in a queue
//! (`Urgent`) that each proof task looks at first: the blocks need them soon.
//!
//! The batches run when the rayon pool has more than one thread (`RAYON_NUM_THREADS=1`
//! keeps a run on one), only while the sparse method can defer its proofs (once it knows a
//! rare value), and never across a mask review or a window's first drop, which take the
//! one-thread path. The far parts need a split (long) rare list.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Instant;

use rayon::prelude::*;

use super::super::direct::{Marks, Rules};
use super::super::error::{not_kept, spill_error, ComputeError};
use super::super::pipeline::Pipeline;
use super::super::sparse::{self, Lanes, Next, Sparse};
use super::super::stats::Tally;
use super::super::store::{Store, Values};
use crate::limits::Budget;

/// Heaps per batch. A proof from pair a = 257 of a heap at most 256 after its batch's
/// start reads only values before that start (checked per heap by the sparse method).
const BATCH: usize = 256;

/// Batches computed ahead of the proofs at most (at least twice the batches of a round).
const QUEUE: usize = 4;

/// The first values the thread ahead copies: the block's pairs read G(1 ..= 256).
const EARLY: usize = 1024;

/// The far parts of the blocks are passed on the pool from this many threads on. With
/// fewer, the pool has too few threads to spare for them. Officers to 2^22 on 16 cores
/// (BENCHMARKS.md, "Octal on 16 cores"), with them against without: 1.18-1.46 against
/// 1.26-1.58 M values/s on 4 threads (on two machines: each way won on one), 1.77 against
/// 1.62 on 5, 1.85-2.16 against 1.39 on 6.
const FAR_THREADS: usize = 5;

/// Heaps computed one at a time after a stretch of batches stopped early.
const BACKOFF: usize = 4096;

/// The recent values copied for the thread ahead: at least this many.
const MIN_FRONT: usize = 1 << 14;

/// The most recent values copied for the thread ahead; a sparse method that reaches
/// further back (a rare position this late) runs one value at a time.
const MAX_FRONT: usize = 1 << 22;

/// The proved values the proofs read from their copy at least: pairs further out (rare:
/// Officers has 16 heaps past a = 2^16 among its first 2^23) are scanned at commit time.
/// Tests keep fewer, so that many proofs finish there.
#[cfg(not(test))]
const TAIL: usize = 1 << 16;
#[cfg(test)]
const TAIL: usize = 2048;

/// The first values the proofs read (their pairs' low sides): pairs past them are rare too,
/// and scanned at commit time like those past the tail.
const LOW: usize = 2 * TAIL;

/// A round's proofs are spread on the pool in tasks of about this many nanoseconds (by the
/// last round's cost a proof): short enough that the threads finish a round together, long
/// enough to outweigh a task's scheduling. Officers' proofs take about 2 us each, 0.167's a
/// tenth of that: in tasks of 16 proofs, 16 threads spent twice the CPU time of whole batches.
const PIECE_NANOS: u64 = 50_000;

/// The fewest proofs in a task.
const PIECE: usize = 16;

/// The state of the runs in batches of one sequence.
#[derive(Debug, Default)]
pub(super) struct Ahead {
    /// No batches before this heap size (after a stretch that stopped early).
    resume_at: usize,
    front: Front,
    /// The mark table of the thread ahead (256 KiB, made on first use).
    marks: Option<Marks>,
    /// The proofs' copies of the first values ([`LOW`] at most) and of the recent ones, so
    /// that they never read the store while a round is committed into it.
    low: Vec<u16>,
    tail: Front,
    /// One prover per thread of the pool, then the committing thread's.
    provers: Vec<Mutex<Prover>>,
    /// Proofs that read past the copies, finished at commit time.
    finished: u64,
    /// The batches, the failed proofs and the candidates' thread.
    pub(super) stats: Pipeline,
}

/// The candidates of heaps `start .. start + len`, with the proofs they wait for.
#[derive(Debug, Default)]
struct Batch {
    start: usize,
    len: usize,
    /// The candidates, G(start ..) unless a proof fails.
    values: Vec<u16>,
    jobs: Vec<Job>,
    /// The missing rare values of every job as bits (bit i of word w: 64 w + i), one
    /// job's words after the other.
    missing: Vec<u64>,
}

impl Batch {
    /// An empty batch with room for a full one (a heap's job and its missing rare values
    /// take about three words), so that the candidates' thread does not grow it heap by heap.
    fn new() -> Self {
        Batch {
            values: Vec::with_capacity(BATCH),
            jobs: Vec::with_capacity(BATCH),
            missing: Vec::with_capacity(4 * BATCH),
            ..Batch::default()
        }
    }
}

/// A candidate waiting for its proof: the rare values of the bits `missing[from..to]` must
/// be found among the pairs from a = `start` on. Once proved, `missing[from..to]` holds
/// those never found and `complete` whether every pair could be read.
#[derive(Clone, Copy, Debug)]
struct Job {
    n: usize,
    start: usize,
    from: usize,
    to: usize,
    complete: bool,
}

/// What a proving thread works with: its mark table and the missing values of the proof
/// in progress.
#[derive(Debug)]
struct Prover {
    marks: Marks,
    missing: Vec<usize>,
}

impl Prover {
    fn new() -> Self {
        Prover {
            marks: Marks::new(),
            missing: Vec::new(),
        }
    }

    /// Runs the proofs of a piece of a batch on the values `g`: its `jobs`, whose missing
    /// words are `missing`, the batch's from `base` on.
    fn prove(&mut self, scan: (bool, bool), rules: &Rules, g: Values, piece: Piece) {
        let Piece {
            jobs,
            missing,
            base,
        } = piece;
        for job in jobs {
            let words = &mut missing[job.from - base..job.to - base];
            // The candidates' thread leaves the candidate's word whole, and the takes in.
            let at = job.n - g.origin;
            let candidate = usize::from(g.recent[at]);
            sparse::drop_found(rules, job.n, &g.recent[..at], candidate, words);
            sparse::unpack_bits(words, &mut self.missing);
            self.marks.begin();
            job.complete = sparse::prove_with(
                scan,
                rules,
                g,
                job.n,
                job.start,
                &mut self.missing,
                &mut self.marks,
            );
            sparse::pack_bits(&self.missing, words);
        }
    }
}

/// Some consecutive jobs of a batch and their missing words, `missing[0]` being the
/// batch's word `base`.
struct Piece<'a> {
    jobs: &'a mut [Job],
    missing: &'a mut [u64],
    base: usize,
}

/// What the thread ahead reads besides its copy of the recent values: the first values and
/// the value counts, copied when it starts.
#[derive(Clone, Copy)]
struct Context<'a> {
    rules: &'a Rules,
    early: &'a [u16],
    counts: &'a [u64],
    /// Where the run stops: the far and middle parts are dispatched up to it, past the
    /// batch in progress (the far ones need some 1,000 heaps of lead).
    end: usize,
}

mod far;
mod front;
mod shared;

use far::{Feed, Urgent};
use front::Front;

/// The parts of a sequence that a run in batches reads and extends.
pub(super) struct Parts<'a> {
    pub rules: &'a Rules,
    pub store: &'a mut Store,
    pub tally: &'a mut Tally,
    /// The sequence's own mark table, grown with the values.
    pub marks: &'a mut Marks,
    pub sparse: &'a mut Sparse,
    /// Checked for cancellation between batches.
    pub budget: &'a Budget,
}

impl Ahead {
    /// Whether a sparse run on more than one thread may go on in batches now: past its
    /// backoff, far enough from `len`, and with proofs that can wait.
    pub(super) fn ready(&self, store: &Store, sparse: &Sparse, len: usize) -> bool {
        let n = store.len();
        n >= self.resume_at && len >= n + BATCH && sparse.defers()
    }

    /// Computes values towards `len` in batches on the rayon pool's threads, until a batch
    /// stops early (a heap that must be computed alone), a proof fails, or `len` is
    /// reached. Leaves only proved values in the sequence.
    pub(super) fn extend(&mut self, parts: Parts, len: usize) -> Result<(), ComputeError> {
        let Parts {
            rules,
            store,
            tally,
            marks,
            sparse,
            budget,
        } = parts;
        let begin = store.len();
        let batches = Parts {
            rules,
            store: &mut *store,
            tally,
            marks,
            sparse: &mut *sparse,
            budget,
        };
        let result = self.run_batches(batches, len);
        if !matches!(result, Ok(true)) {
            // Candidates past the last proved value were dropped: so is the block they
            // were marked in.
            sparse.restart_block();
        }
        if store.len() < begin + 2 * BATCH || !matches!(result, Ok(true)) {
            self.resume_at = store.len() + BACKOFF;
        }
        result.map(|_| ())
    }

    /// The batches of [`Ahead::extend`]; `Ok(false)` when a proof failed.
    fn run_batches(&mut self, parts: Parts, len: usize) -> Result<bool, ComputeError> {
        let Parts {
            rules,
            store,
            tally,
            marks,
            sparse,
            budget,
        } = parts;
        let ahead = self;
        let keep = (sparse.reach(rules) + 4 * BATCH).max(MIN_FRONT);
        if keep > MAX_FRONT || !ahead.front.sync(store, keep) {
            return Ok(true);
        }
        // One thread computes candidates; the others prove the batches of a round. With
        // two or more proving, the first pairs move from the candidates to the proofs.
        let slots = rayon::current_num_threads().saturating_sub(1).max(1);
        sparse.leave_pairs_to_proofs(slots >= 2);
        // As many of the last TAIL values as the store keeps: this cannot fail.
        ahead.tail.sync(store, TAIL.min(store.recent().1.len()));
        // A prover for each thread of the pool (the proofs are spread over all of them),
        // and one for the commits, which run beside the next round's proofs.
        let workers = rayon::current_num_threads();
        ahead.provers.truncate(workers + 1);
        while ahead.provers.len() < workers + 1 {
            ahead.provers.push(Mutex::new(Prover::new()));
        }
        for prover in &mut ahead.provers {
            let prover = prover.get_mut().unwrap_or_else(PoisonError::into_inner);
            prover.marks.cover(marks.len());
        }
        // The committed values never change: the copy of the first ones only grows.
        ahead.low.truncate(store.head().len());
        // Each thread works on state of its own, away from the others' cache lines (shared
        // ones cost 10 %): the thread ahead on the copy of the recent values and a mark
        // table moved to its stack, the provers on theirs.
        let mut ahead_marks = ahead.marks.take().unwrap_or_else(Marks::new);
        ahead_marks.cover(marks.len());
        let front = std::mem::take(&mut ahead.front);
        let Ahead {
            low,
            tail,
            provers,
            finished,
            ..
        } = ahead;
        let (committer, provers) = provers.split_last_mut().unwrap_or_else(|| unreachable!());
        let committer = committer.get_mut().unwrap_or_else(PoisonError::into_inner);
        // The thread ahead reads its own copies: the store and the totals change as
        // batches are committed.
        let head = store.head();
        let early = head[..head.len().min(EARLY)].to_vec();
        let counts = tally.counts.clone();
        let end = store.closing_at().map_or(len, |closing| closing.min(len));
        let avx2 = sparse.avx2();
        let stop = AtomicBool::new(false);
        let urgent = Arc::new(Urgent::default());
        let (send, receive) = mpsc::sync_channel::<Batch>(QUEUE.max(2 * slots));
        // Committed batches go back to the thread ahead, which refills their vectors.
        let (spent, reuse) = mpsc::channel::<Batch>();
        let (early, counts, stop) = (&early, &counts, &stop);
        let mut correction = None;
        // The far parts of the blocks go to the pool, ahead of the candidates; the blocks
        // start again from the first heap of the run, where the far parts start.
        let far_lists = match slots + 1 >= FAR_THREADS {
            true => sparse
                .far_lists(rules, sparse.block_width(marks.len()))
                .map(|far| (far.clone(), sparse.mid_lists(&far))),
            false => None,
        };
        sparse.use_far(far_lists.clone());
        sparse.restart_block();
        let stats = &mut ahead.stats;
        let wall = Instant::now();
        let (outcome, (front, ahead_marks, done)) = rayon::in_place_scope(|pool| {
            thread::scope(|scope| {
                let sparse = &mut *sparse;
                // Named, so that a profiler or `top -H` tells it from the pool's threads.
                let named = thread::Builder::new().name("grundy-candidates".into());
                let feed_urgent = Arc::clone(&urgent);
                // From MIDDLE_THREADS threads on, the middle jobs get a thread of their own,
                // where the machine has that many cores: it spins, which costs a core (on 2
                // cores, 16 threads ran 15 % slower with it). Tests take it on any machine.
                let cores = thread::available_parallelism().map_or(1, usize::from);
                let spare = cfg!(test) || cores >= far::MIDDLE_THREADS;
                let middle = match far_lists.is_some() && spare && slots + 1 >= far::MIDDLE_THREADS
                {
                    true => {
                        let (send, jobs) = mpsc::channel::<far::Job>();
                        let urgent = Arc::clone(&urgent);
                        let named = thread::Builder::new().name("grundy-middle".into());
                        let started =
                            named.spawn_scoped(scope, move || far::run_middle(jobs, &urgent));
                        // As `thread::scope`'s own spawn: a thread the OS refuses is fatal.
                        started.unwrap_or_else(|err| panic!("a thread: {err}"));
                        Some(send)
                    }
                    false => None,
                };
                let ahead_thread = named.spawn_scoped(scope, move || {
                    let (mut front, mut marks) = (front, ahead_marks);
                    // This thread's own CPU time: how busy it kept, whatever the others did.
                    let clock = cpu_time::ThreadTime::now();
                    let first = front.len();
                    let (mut queue_seconds, mut queue_cpu_seconds) = (0.0, 0.0);
                    let reach = (keep, rules.max_take);
                    let values = (front.origin, &front.values[..]);
                    let mut feed = far_lists.map(|lists| {
                        Feed::new((pool, slots + 1, feed_urgent), middle, lists, values, reach)
                    });
                    let context = Context {
                        rules,
                        early,
                        counts,
                        end,
                    };
                    while !stop.load(Ordering::Relaxed) && front.len() < end {
                        let start = front.len();
                        let until = end.min(start + BATCH);
                        let batch = stage_one(
                            sparse,
                            context,
                            (&mut marks, &mut front),
                            reuse.try_recv().unwrap_or_else(|_| Batch::new()),
                            until,
                            feed.as_mut(),
                        );
                        let short = start + batch.len < until;
                        if batch.len == 0 {
                            break;
                        }
                        let sent = match send.try_send(batch) {
                            Ok(()) => true,
                            Err(mpsc::TrySendError::Full(batch)) => {
                                // The proofs are behind: wait for room in the queue.
                                let (clock, cpu) = (Instant::now(), cpu_time::ThreadTime::now());
                                let sent = send.send(batch).is_ok();
                                queue_seconds += clock.elapsed().as_secs_f64();
                                queue_cpu_seconds += cpu.elapsed().as_secs_f64();
                                sent
                            }
                            Err(mpsc::TrySendError::Disconnected(_)) => false,
                        };
                        if !sent || short {
                            break;
                        }
                        front.trim(keep);
                    }
                    // The CPU time of the waits is not the candidates' work.
                    let far_wait_cpu = feed.as_ref().map_or(0.0, |feed| feed.wait_cpu_seconds);
                    let wait_cpu_seconds = queue_cpu_seconds + far_wait_cpu;
                    let done = Pipeline {
                        candidates: (front.len() - first) as u64,
                        candidate_seconds: (clock.elapsed().as_secs_f64() - wait_cpu_seconds)
                            .max(0.0),
                        wait_cpu_seconds,
                        far_blocks: feed.as_ref().map_or(0, |feed| feed.used),
                        far_missed: feed.as_ref().map_or(0, |feed| feed.missed),
                        far_waited: feed.as_ref().map_or(0, |feed| feed.waited),
                        mid_missed: feed.as_ref().map_or(0, |feed| feed.mid_missed),
                        mid_wait_seconds: feed.as_ref().map_or(0.0, |feed| feed.mid_wait_seconds),
                        far_wait_seconds: feed.map_or(0.0, |feed| feed.wait_seconds),
                        queue_seconds,
                        ..Pipeline::default()
                    };
                    (front, marks, done)
                });
                // As `thread::scope`'s own spawn: a thread the OS refuses to start is fatal.
                let ahead_thread = ahead_thread.unwrap_or_else(|err| panic!("a thread: {err}"));
                let mut outcome = Ok(());
                // A round is proved while the round before it is committed: the proofs
                // read only their copies (`low`, `tail`), the commits the store.
                let mut proved: Vec<Batch> = Vec::with_capacity(slots);
                let mut round: Vec<Batch> = Vec::with_capacity(slots);
                let mut open = true;
                let mut bound = 0;
                let mut pace = Pace { piece: PIECE };
                loop {
                    // The batches that are ready; wait for one only with none to commit.
                    if open && proved.is_empty() {
                        let clock = Instant::now();
                        match receive.recv() {
                            Ok(batch) => round.push(batch),
                            Err(_) => open = false,
                        }
                        stats.wait_seconds += clock.elapsed().as_secs_f64();
                    }
                    while open && round.len() < slots {
                        match receive.try_recv() {
                            Ok(batch) => round.push(batch),
                            Err(TryRecvError::Empty) => break,
                            Err(TryRecvError::Disconnected) => open = false,
                        }
                    }
                    if proved.is_empty() && round.is_empty() {
                        break;
                    }
                    if let Err(err) = budget.check_cancelled() {
                        outcome = Err(err.into());
                        break;
                    }
                    let head = store.head();
                    let want = LOW.min(head.len());
                    if low.len() < want {
                        low.extend_from_slice(&head[low.len()..want]);
                    }
                    // Every value the proofs may read lies below this: the committed ones,
                    // and every candidate sent to the proofs so far (the last round's are
                    // committed only now).
                    bound = bound.max(tally.counts.len());
                    let committing = (&mut *committer, &mut *finished, &mut stats.batches);
                    let (committed, proving) = rayon::join(
                        || {
                            let clock = Instant::now();
                            let committed =
                                commit_round(rules, avx2, committing, (store, tally), &proved);
                            (committed, clock.elapsed().as_secs_f64())
                        },
                        || {
                            let proofs = (&*provers, &*urgent, &mut pace);
                            prove_round(rules, (avx2, &mut bound), low, tail, proofs, &mut round)
                        },
                    );
                    let (committed, committing) = committed;
                    stats.rounds += u64::from(!round.is_empty());
                    stats.commit_seconds += committing;
                    stats.proof_seconds += proving;
                    match committed {
                        Ok(None) => {}
                        Ok(Some(fix)) => {
                            correction = Some(fix);
                            break;
                        }
                        Err(err) => {
                            outcome = Err(err);
                            break;
                        }
                    }
                    for batch in proved.drain(..) {
                        // The thread ahead may be done: then the batch is dropped.
                        let _ = spent.send(batch);
                    }
                    std::mem::swap(&mut proved, &mut round);
                    tail.trim(TAIL);
                }
                // The thread ahead stops at its next batch (or its next send, which fails).
                stop.store(true, Ordering::Relaxed);
                drop(receive);
                let state = ahead_thread
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                (outcome, state)
            })
        });
        sparse.use_far(None);
        let done = Pipeline {
            seconds: wall.elapsed().as_secs_f64(),
            threads: rayon::current_num_threads() as u64,
            far_seconds: urgent.seconds(),
            ..done
        };
        ahead.stats.add(&done);
        marks.cover(ahead_marks.len());
        ahead.marks = Some(ahead_marks);
        ahead.front = front;
        if let Some((n, value)) = correction {
            ahead.stats.failed_proofs += 1;
            sparse.push(n, value);
            if 2 * usize::from(value) + 2 > marks.len() {
                marks.cover(2 * (usize::from(value) + 1).next_power_of_two());
            }
            return Ok(false);
        }
        outcome.map(|()| store.len() == ahead.front.len())
    }
}

/// Proves the candidates of the batches of `round` (consecutive, from the tail's end on),
/// `pace.piece` jobs per task on the pool, each task with the prover of its thread. They
/// read the first values `low` and the candidates, the round's appended to `tail`; every
/// value in `tail` lies below `bound`, which the round's candidates raise.
fn prove_round(
    rules: &Rules,
    (avx2, bound): (bool, &mut usize),
    low: &[u16],
    tail: &mut Front,
    (provers, urgent, pace): (&[Mutex<Prover>], &Urgent, &mut Pace),
    round: &mut [Batch],
) -> f64 {
    for batch in round.iter() {
        debug_assert_eq!(batch.start, tail.len(), "batches arrive in order");
        tail.values.extend_from_slice(&batch.values);
        let top = batch.values.iter().copied().max().map_or(0, usize::from);
        *bound = (*bound).max(top + 1);
    }
    // The proofs may read any candidate: the bitset must hold them too.
    let scan = (avx2, sparse::bitset_fits(avx2, *bound));
    let g = tail.view(low);
    let mut pieces = Vec::new();
    for batch in round.iter_mut() {
        let (mut missing, mut base) = (&mut batch.missing[..], 0);
        for jobs in batch.jobs.chunks_mut(pace.piece) {
            let end = jobs.last().map_or(base, |job| job.to);
            let (words, rest) = std::mem::take(&mut missing).split_at_mut(end - base);
            pieces.push(Piece {
                jobs,
                missing: words,
                base,
            });
            (missing, base) = (rest, end);
        }
    }
    let jobs = pieces
        .iter()
        .map(|piece| piece.jobs.len() as u64)
        .sum::<u64>();
    let nanos = AtomicU64::new(0);
    pieces.into_par_iter().for_each(|piece| {
        // The far and middle jobs waiting first: the blocks need them soon.
        urgent.run_one();
        let clock = Instant::now();
        let thread = rayon::current_thread_index().unwrap_or(0);
        let mut prover = provers[thread % provers.len()]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        prover.prove(scan, rules, g, piece);
        let spent = u64::try_from(clock.elapsed().as_nanos()).unwrap_or(u64::MAX);
        nanos.fetch_add(spent, Ordering::Relaxed);
    });
    let nanos = nanos.into_inner();
    pace.learn(nanos, jobs);
    nanos as f64 / 1e9
}

/// How many proofs go in a task: [`PIECE_NANOS`] of them by the last round's cost, between
/// [`PIECE`] and a batch. Only the order of the work depends on it, never a value.
#[derive(Debug)]
struct Pace {
    piece: usize,
}

impl Pace {
    fn learn(&mut self, nanos: u64, jobs: u64) {
        if let Some(each) = nanos.checked_div(jobs).filter(|&each| each > 0) {
            let piece = usize::try_from(PIECE_NANOS / each).unwrap_or(BATCH);
            self.piece = piece.clamp(PIECE, BATCH);
        }
    }
}

/// Commits the proved batches of a round in order ([`commit`]), counting in `batches`
/// those committed whole, until a proof failed.
fn commit_round(
    rules: &Rules,
    avx2: bool,
    (prover, finished, batches): (&mut Prover, &mut u64, &mut u64),
    (store, tally): (&mut Store, &mut Tally),
    round: &[Batch],
) -> Result<Option<(usize, u16)>, ComputeError> {
    for batch in round {
        let prover = (&mut *prover, &mut *finished);
        if let Some(fix) = commit(rules, avx2, prover, store, tally, batch)? {
            return Ok(Some(fix));
        }
        *batches += 1;
    }
    Ok(None)
}

/// Steps 1 and 2 for the heaps from `front.len()` to `until`, each unproved candidate taken
/// as the value, in `batch` (a spent one, whose vectors are reused); stops early at a heap
/// that must be computed alone.
fn stage_one(
    sparse: &mut Sparse,
    context: Context,
    state: (&mut Marks, &mut Front),
    batch: Batch,
    until: usize,
    feed: Option<&mut Feed>,
) -> Batch {
    #[cfg(target_arch = "x86_64")]
    if sparse.avx2() {
        // SAFETY: `avx2` is set only when the CPU reports AVX2 (see `Sparse::new`).
        return unsafe { stage_one_avx2(sparse, context, state, batch, until, feed) };
    }
    stage_one_in(sparse, context, state, batch, until, feed)
}

/// [`stage_one`] compiled for AVX2, with the sparse method's step for each heap inlined
/// (a call per heap, with its checks, was some 60 instructions of the candidates' thread).
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn stage_one_avx2(
    sparse: &mut Sparse,
    context: Context,
    state: (&mut Marks, &mut Front),
    batch: Batch,
    until: usize,
    feed: Option<&mut Feed>,
) -> Batch {
    stage_one_in(sparse, context, state, batch, until, feed)
}

#[inline(always)]
fn stage_one_in(
    sparse: &mut Sparse,
    context: Context,
    (marks, front): (&mut Marks, &mut Front),
    mut batch: Batch,
    until: usize,
    mut feed: Option<&mut Feed>,
) -> Batch {
    let start = front.len();
    batch.start = start;
    batch.jobs.clear();
    batch.missing.clear();
    let mut lanes = Lanes::default();
    while front.len() < until {
        let n = front.len();
        if let Some(feed) = feed.as_deref_mut() {
            if sparse.starts_block(n) {
                feed.dispatch(context.end);
                feed.offer(sparse, n);
            }
        }
        // A block with open values: its heaps at once, each a proof from pair a = 1 (it
        // reads only values below its heap, so below `until`). Open values are common.
        let g = front.view(context.early);
        let count = sparse.open_lanes(context.rules, g, until - n, &mut lanes);
        for (n, &stored) in (n..).zip(&lanes[..count]) {
            debug_assert!(!sparse.is_rare(usize::from(stored)));
            let from = batch.missing.len();
            sparse.open_words(n, usize::from(stored), &mut batch.missing);
            batch.jobs.push(Job {
                n,
                start: 1,
                from,
                to: batch.missing.len(),
                complete: false,
            });
            accept(stored, front, marks, feed.as_deref_mut());
        }
        #[cfg(test)]
        sparse.check_lanes(context.rules, front.view(context.early), n, &lanes[..count]);
        if count > 0 {
            continue;
        }
        let g = front.view(context.early);
        // The proofs read every value below `until` (the candidates among them from the
        // proofs' copy, see the module's notes).
        let from = batch.missing.len();
        let next = match sparse.next_open(context.rules, g, &mut batch.missing) {
            Some(next) => next,
            None => {
                let counts = context.counts;
                let next = sparse.next_value_inline(context.rules, g, counts, marks, Some(until));
                if let Next::Proof { .. } = next {
                    // A word or two: copied in place, without a call to `memcpy`.
                    batch.missing.extend(sparse.missing_bits().iter().copied());
                }
                next
            }
        };
        let (value, job) = match next {
            Next::Value(value) => (value, None),
            Next::Proof { candidate, start } => (candidate, Some(start)),
            Next::Sequential | Next::OutOfReach | Next::FarScan { .. } => break,
        };
        // A candidate is common, so the rare list stays as it is (a rare value would have
        // to join it, and could not be taken back); one too large is the lone path's error.
        let stored = match u16::try_from(value) {
            Ok(stored) if !sparse.is_rare(value) => stored,
            _ => {
                batch.missing.truncate(from);
                break;
            }
        };
        if let Some(start) = job {
            batch.jobs.push(Job {
                n,
                start,
                from,
                to: batch.missing.len(),
                complete: false,
            });
        }
        accept(stored, front, marks, feed.as_deref_mut());
    }
    batch.len = front.len() - start;
    batch.values.clear();
    batch
        .values
        .extend_from_slice(&front.values[front.values.len() - batch.len..]);
    batch
}

/// Takes the candidate `stored` as the next value: in the thread's copy, for the far and
/// middle jobs, and in the mark table's range.
#[inline(always)]
fn accept(stored: u16, front: &mut Front, marks: &mut Marks, feed: Option<&mut Feed>) {
    front.values.push(stored);
    if let Some(feed) = feed {
        feed.push(stored);
    }
    let value = usize::from(stored);
    if 2 * value + 2 > marks.len() {
        marks.cover(2 * (value + 1).next_power_of_two());
    }
}

/// Appends the proved values of `batch` to the sequence; at the first proof that failed,
/// appends the corrected value and returns it (the candidates after it are dropped). A
/// proof that could not read every pair from the tail is finished here by `prover` from
/// the proved values, then from the spill.
fn commit(
    rules: &Rules,
    avx2: bool,
    (prover, finished): (&mut Prover, &mut u64),
    store: &mut Store,
    tally: &mut Tally,
    batch: &Batch,
) -> Result<Option<(usize, u16)>, ComputeError> {
    let mut jobs = batch.jobs.iter().peekable();
    for (n, &candidate) in (batch.start..).zip(&batch.values) {
        let mut value = candidate;
        if let Some(job) = jobs.next_if(|job| job.n == n) {
            let missing = &mut prover.missing;
            sparse::unpack_bits(&batch.missing[job.from..job.to], missing);
            if !job.complete && !missing.is_empty() {
                // Every value below n is proved now.
                *finished += 1;
                let scan = (avx2, sparse::bitset_fits(avx2, tally.counts.len()));
                prover.marks.begin();
                let (g, marks) = (store.view(), &mut prover.marks);
                let complete = sparse::prove_with(scan, rules, g, n, job.start, missing, marks);
                if !complete && !missing.is_empty() {
                    if !store.has_spill() {
                        return Err(not_kept(store, n));
                    }
                    store
                        .far_scan(&rules.split2, n, missing)
                        .map_err(spill_error)?;
                }
            }
            // A missing rare value lies below the candidate, so it fits.
            if let Some(&least) = missing.first() {
                value = u16::try_from(least).map_err(|_| ComputeError::ValueTooLarge { n })?;
            }
        }
        store.push(value).map_err(spill_error)?;
        tally.push(value);
        if value != candidate {
            return Ok(Some((n, value)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests;
