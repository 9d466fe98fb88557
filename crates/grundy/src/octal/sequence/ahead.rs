//! The sparse method on more than one thread: one computes candidates ahead, the others
//! prove them.
//!
//! Step 3 of the sparse method (proving that every rare value below the candidate is an
//! option) reads the pairs (a, m - a) from a = 257 on once the block marks the first 256.
//! The heaps go in batches of [`BATCH`]. A second thread computes the candidates of batch
//! after batch (steps 1 and 2) on its own copy of the recent values, taking each unproved
//! candidate as the value, and sends them through a queue. This thread takes the batches
//! that are ready (up to one per other thread of the sequence's pool: a *round*) and
//! proves their candidates on the whole pool, in tasks of about 50 us of proofs (`Pace`),
//! while it commits the round before, in order. For Officers the two halves of the work
//! are about even on two threads; with more, the proofs of several batches run at once.
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
//! The batches run when the sequence is set to more than one thread (`threads`: the count
//! is its own, and so is the pool, whatever pool the caller runs in), only while the
//! sparse method can defer its proofs (once it knows a rare value), and never across a
//! mask review or a window's first drop, which take the one-thread path. The far parts
//! need a split (long) rare list.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Instant;

use super::super::direct::{Marks, Rules};
use super::super::error::ComputeError;
use super::super::pipeline::Pipeline;
use super::super::sparse::Sparse;
use super::super::stats::Tally;
use super::super::store::Store;
use crate::limits::Budget;

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

/// The state of the runs in batches of one sequence.
#[derive(Debug, Default)]
pub(super) struct Ahead {
    /// The threads the batches run on, and their pool.
    threads: Threads,
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

mod batch;
mod far;
mod front;
mod prove;
mod shared;
mod stage;
mod threads;

use batch::{Batch, BATCH};
use far::{Feed, Urgent};
use front::Front;
use prove::{commit_round, prove_round, Pace, Prover, PIECE};
use stage::{stage_one, Context};
use threads::Threads;

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
    /// The threads the batches run on (no batches on one).
    pub(super) fn threads(&self) -> NonZeroUsize {
        self.threads.count()
    }

    /// Runs the batches on `threads` threads from now on.
    pub(super) fn set_threads(&mut self, threads: NonZeroUsize) {
        self.threads.set(threads);
    }

    /// Whether a sparse run may go on in batches now: on more than one thread, past its
    /// backoff, far enough from `len`, and with proofs that can wait.
    pub(super) fn ready(&self, store: &Store, sparse: &Sparse, len: usize) -> bool {
        let n = store.len();
        self.threads.count().get() > 1 && n >= self.resume_at && len >= n + BATCH && sparse.defers()
    }

    /// Computes values towards `len` in batches on the sequence's pool, until a batch
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
        // Everything the batches spawn, join or split goes to this pool, never the caller's.
        let pool = self.threads.pool();
        let result = pool.install(|| self.run_batches(batches, len));
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
        let threads = ahead.threads.count().get();
        let slots = threads.saturating_sub(1).max(1);
        sparse.leave_pairs_to_proofs(slots >= 2);
        // As many of the last TAIL values as the store keeps: this cannot fail.
        ahead.tail.sync(store, TAIL.min(store.recent().1.len()));
        // A prover for each thread of the pool (the proofs are spread over all of them),
        // and one for the commits, which run beside the next round's proofs.
        ahead.provers.truncate(threads + 1);
        while ahead.provers.len() < threads + 1 {
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
            threads: threads as u64,
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

#[cfg(test)]
mod tests;
