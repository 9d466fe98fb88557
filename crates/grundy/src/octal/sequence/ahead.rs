//! The sparse method on two threads: one computes candidates ahead, the other proves them.
//!
//! Step 3 of the sparse method (proving that every rare value below the candidate is an
//! option) reads the pairs (a, m - a) from a = 257 on once the block marks the first 256,
//! so the proof of heap n only needs values below n - 256. The heaps go in batches of
//! [`BATCH`]. A second thread computes the candidates of batch after batch (steps 1 and 2)
//! on its own copy of the recent values, taking each unproved candidate as the value, and
//! sends them through a queue of [`QUEUE`] batches; this thread proves each batch's
//! candidates from the values already proved and commits them. For Officers the two halves
//! of the work are about even (2.8 s each to 2^21).
//!
//! Nothing unproved leaves this module. A batch is committed to the sequence heap by heap
//! once proved; a proof that fails means G(n) is a rare value, not the candidate: the
//! value is corrected, the candidates computed after it are dropped, the sparse method's
//! block restarts, and the run goes on one value at a time for a while ([`BACKOFF`]).
//! Values are therefore the same on any number of threads (tested); only the order of
//! the work changes. The copy costs 2 bytes per value for at least [`MIN_FRONT`] values
//! and the sparse method's reach (twice that before it is trimmed).
//!
//! Two threads run when the rayon pool has more than one (`RAYON_NUM_THREADS=1` keeps a
//! run on one), only while the sparse method can defer its proofs (a split rare list),
//! and never across a mask review or a window's first drop, which take the one-thread path.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;

use super::super::direct::{Marks, Rules};
use super::super::sparse::{self, Next, Sparse};
use super::super::stats::Tally;
use super::super::store::{Store, Values};
use super::{spill_error, ComputeError};

/// Heaps per batch. A proof from pair a = 257 of a heap at most 256 after its batch's
/// start reads only values before that start (checked per heap by the sparse method).
const BATCH: usize = 256;

/// Batches computed ahead of the proofs at most.
const QUEUE: usize = 4;

/// The first values the thread ahead copies: the block's pairs read G(1 ..= 256).
const EARLY: usize = 1024;

/// Heaps computed one at a time after a stretch of batches stopped early.
const BACKOFF: usize = 4096;

/// The recent values copied for the thread ahead: at least this many.
const MIN_FRONT: usize = 1 << 14;

/// The most recent values copied for the thread ahead; a sparse method that reaches
/// further back (a rare position this late) runs one value at a time.
const MAX_FRONT: usize = 1 << 22;

/// The state of the two-thread runs of one sequence.
#[derive(Debug, Default)]
pub(super) struct Ahead {
    /// No batches before this heap size (after a stretch that stopped early).
    resume_at: usize,
    front: Front,
    /// The mark table of the thread ahead (256 KiB, made on first use; the proofs use the
    /// sequence's), and the proofs' missing values.
    marks: Option<Marks>,
    missing: Vec<usize>,
    /// Batches committed, and proofs that failed (each corrected one value and dropped the
    /// candidates after it).
    committed: u64,
    failed: u64,
}

/// G(origin ..): the proved recent values, then the candidates computed ahead.
#[derive(Debug, Default)]
struct Front {
    origin: usize,
    values: Vec<u16>,
}

impl Front {
    fn len(&self) -> usize {
        self.origin + self.values.len()
    }

    /// The values the thread ahead reads: `early` as proved, the rest from the copy.
    fn view<'a>(&'a self, early: &'a [u16]) -> Values<'a> {
        Values {
            early,
            recent: &self.values,
            origin: self.origin,
            closing: false,
        }
    }

    /// Copies the last `keep` values of `store` (all of them when it has fewer); false when
    /// the store no longer keeps that many.
    fn sync(&mut self, store: &Store, keep: usize) -> bool {
        let (origin, recent) = store.recent();
        let len = origin + recent.len();
        let from = len.saturating_sub(keep);
        if from < origin {
            return false;
        }
        self.origin = from;
        self.values.clear();
        self.values.extend_from_slice(&recent[from - origin..]);
        true
    }

    /// Drops all but the last `keep` values once twice as many are held.
    fn trim(&mut self, keep: usize) {
        if self.values.len() > 2 * keep {
            let drop = self.values.len() - keep;
            self.values.drain(..drop);
            self.origin += drop;
        }
    }
}

/// The candidates of heaps `start .. start + len`, with the proofs they wait for.
#[derive(Debug, Default)]
struct Batch {
    start: usize,
    len: usize,
    /// The candidates, G(start ..) unless a proof fails.
    values: Vec<u16>,
    jobs: Vec<Job>,
    /// The missing rare values of every job, one after the other.
    missing: Vec<usize>,
}

/// A candidate waiting for its proof: the rare values `missing[from..to]` (ascending) must
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

/// What the thread ahead reads besides its copy of the recent values: the first values and
/// the value counts, copied when it starts.
#[derive(Clone, Copy)]
struct Context<'a> {
    rules: &'a Rules,
    early: &'a [u16],
    counts: &'a [u64],
}

impl super::Sequence {
    /// Whether a sparse run on more than one thread may go on in batches now: past its
    /// backoff, far enough from `len`, and with proofs that can wait.
    pub(super) fn ahead_ready(&self, len: usize) -> bool {
        let n = self.store.len();
        n >= self.ahead.resume_at
            && len >= n + 4 * BATCH
            && matches!(&self.engine, super::Engine::Sparse(sparse) if sparse.defers())
    }

    /// Computes values towards `len` in batches on two threads, until a batch stops early
    /// (a heap that must be computed alone), a proof fails, or `len` is reached. Leaves
    /// only proved values in the sequence.
    pub(super) fn extend_ahead(&mut self, len: usize) -> Result<(), ComputeError> {
        let begin = self.store.len();
        let result = self.run_batches(len);
        if !matches!(result, Ok(true)) {
            // Candidates past the last proved value were dropped: so is the block they
            // were marked in.
            if let super::Engine::Sparse(sparse) = &mut self.engine {
                sparse.restart_block();
            }
        }
        if self.store.len() < begin + 2 * BATCH || !matches!(result, Ok(true)) {
            self.ahead.resume_at = self.store.len() + BACKOFF;
        }
        result.map(|_| ())
    }

    /// The batches of [`Sequence::extend_ahead`]; `Ok(false)` when a proof failed.
    fn run_batches(&mut self, len: usize) -> Result<bool, ComputeError> {
        let super::Sequence {
            rules,
            store,
            tally,
            marks,
            engine,
            budget,
            ahead,
            ..
        } = self;
        let super::Engine::Sparse(sparse) = engine else {
            return Ok(true);
        };
        let keep = (sparse.reach(rules) + 4 * BATCH).max(MIN_FRONT);
        if keep > MAX_FRONT || !ahead.front.sync(store, keep) {
            return Ok(true);
        }
        // Each thread works on state of its own, away from the other's cache lines (shared
        // ones cost 10 %): the thread ahead on the copy of the recent values and a mark
        // table moved to its stack, this one on the sequence's marks for the proofs.
        let mut ahead_marks = ahead.marks.take().unwrap_or_else(Marks::new);
        ahead_marks.cover(marks.len());
        let front = std::mem::take(&mut ahead.front);
        let Ahead {
            missing: prover_missing,
            committed,
            ..
        } = ahead;
        // The thread ahead reads its own copies: the store and the totals change as
        // batches are committed.
        let head = store.head();
        let early = head[..head.len().min(EARLY)].to_vec();
        let counts = tally.counts.clone();
        let end = store.closing_at().map_or(len, |closing| closing.min(len));
        let avx2 = sparse.avx2();
        let stop = AtomicBool::new(false);
        let (send, receive) = mpsc::sync_channel::<Batch>(QUEUE);
        let rules = &*rules;
        let (early, counts, stop) = (&early, &counts, &stop);
        let mut correction = None;
        let (outcome, (front, ahead_marks)) = thread::scope(|scope| {
            let sparse = &mut **sparse;
            let ahead_thread = scope.spawn(move || {
                let (mut front, mut marks) = (front, ahead_marks);
                let context = Context {
                    rules,
                    early,
                    counts,
                };
                while !stop.load(Ordering::Relaxed) && front.len() < end {
                    let start = front.len();
                    let until = end.min(start + BATCH);
                    let batch = stage_one(sparse, context, &mut marks, &mut front, until);
                    let short = start + batch.len < until;
                    if batch.len == 0 || send.send(batch).is_err() || short {
                        break;
                    }
                    front.trim(keep);
                }
                (front, marks)
            });
            let mut outcome = Ok(());
            for mut batch in receive.iter() {
                if let Err(err) = budget.check_cancelled() {
                    outcome = Err(err.into());
                    break;
                }
                let bitset = sparse::bitset_fits(avx2, &tally.counts);
                let g = store.view();
                for job in &mut batch.jobs {
                    prover_missing.clear();
                    prover_missing.extend_from_slice(&batch.missing[job.from..job.to]);
                    marks.begin();
                    job.complete = sparse::prove_with(
                        (avx2, bitset),
                        rules,
                        g,
                        job.n,
                        job.start,
                        prover_missing,
                        marks,
                    );
                    job.to = job.from + prover_missing.len();
                    batch.missing[job.from..job.to].copy_from_slice(prover_missing);
                }
                match commit(rules, store, tally, &batch) {
                    Ok(None) => *committed += 1,
                    Ok(Some(fix)) => {
                        correction = Some(fix);
                        break;
                    }
                    Err(err) => {
                        outcome = Err(err);
                        break;
                    }
                }
            }
            // The thread ahead stops at its next batch (or its next send, which fails).
            stop.store(true, Ordering::Relaxed);
            drop(receive);
            let state = ahead_thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (outcome, state)
        });
        marks.cover(ahead_marks.len());
        ahead.marks = Some(ahead_marks);
        ahead.front = front;
        if let Some((n, value)) = correction {
            ahead.failed += 1;
            sparse.push(n, value);
            if 2 * usize::from(value) + 2 > marks.len() {
                marks.cover(2 * (usize::from(value) + 1).next_power_of_two());
            }
            return Ok(false);
        }
        outcome.map(|()| store.len() == ahead.front.len())
    }
}

/// Steps 1 and 2 for the heaps from `front.len()` to `end`, each unproved candidate taken
/// as the value; stops early at a heap that must be computed alone.
fn stage_one(
    sparse: &mut Sparse,
    context: Context,
    marks: &mut Marks,
    front: &mut Front,
    end: usize,
) -> Batch {
    let start = front.len();
    let mut batch = Batch {
        start,
        ..Batch::default()
    };
    while front.len() < end {
        let n = front.len();
        let g = front.view(context.early);
        let next = sparse.next_value(context.rules, g, context.counts, marks, Some(start));
        let (value, job) = match next {
            Next::Value(value) => (value, None),
            Next::Proof { candidate, start } => (candidate, Some(start)),
            Next::Sequential | Next::OutOfReach | Next::FarScan { .. } => break,
        };
        // A candidate is common, so the rare list stays as it is (a rare value would have
        // to join it, and could not be taken back); one too large is the lone path's error.
        let Ok(stored) = u16::try_from(value) else {
            break;
        };
        if sparse.is_rare(value) {
            break;
        }
        if let Some(start) = job {
            let from = batch.missing.len();
            batch.missing.extend_from_slice(sparse.missing_mut());
            batch.jobs.push(Job {
                n,
                start,
                from,
                to: batch.missing.len(),
                complete: false,
            });
        }
        front.values.push(stored);
        if 2 * value + 2 > marks.len() {
            marks.cover(2 * (value + 1).next_power_of_two());
        }
    }
    batch.len = front.len() - start;
    batch.values = front.values[front.values.len() - batch.len..].to_vec();
    batch
}

/// Appends the proved values of `batch` to the sequence; at the first proof that failed,
/// appends the corrected value and returns it (the candidates after it are dropped).
fn commit(
    rules: &Rules,
    store: &mut Store,
    tally: &mut Tally,
    batch: &Batch,
) -> Result<Option<(usize, u16)>, ComputeError> {
    let mut jobs = batch.jobs.iter().peekable();
    let mut missing = Vec::new();
    for (n, &candidate) in (batch.start..).zip(&batch.values) {
        let mut value = candidate;
        if let Some(job) = jobs.next_if(|job| job.n == n) {
            missing.clear();
            missing.extend_from_slice(&batch.missing[job.from..job.to]);
            if !job.complete && !missing.is_empty() {
                if !store.has_spill() {
                    return Err(super::not_kept(store, n));
                }
                store
                    .far_scan(&rules.split2, n, &mut missing)
                    .map_err(spill_error)?;
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
