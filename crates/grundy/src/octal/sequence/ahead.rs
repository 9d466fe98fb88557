//! The sparse method on two threads: one computes candidates ahead, the other proves them.
//!
//! Step 3 of the sparse method (proving that every rare value below the candidate is an
//! option) reads the pairs (a, m - a) from a = 257 on once the block marks the first 256,
//! so the proof of heap n only needs values below n - 256. The heaps go in batches of
//! [`BATCH`]: while one thread proves the candidates of a batch from the values already
//! proved, the other computes the next batch's candidates (steps 1 and 2) on a copy of the
//! recent values, taking each unproved candidate as the value. For Officers that splits
//! the work about 60 / 40.
//!
//! Nothing unproved leaves this module. A batch is committed to the sequence heap by heap
//! once proved; a proof that fails means G(n) is a rare value, not the candidate: the
//! value is corrected, the candidates computed after it are dropped, the sparse method's
//! block restarts, and the run goes on one value at a time for a while ([`BACKOFF`]).
//! Values are therefore the same on any number of threads (tested); only the order of
//! the work changes.

use super::super::direct::{Marks, Rules};
use super::super::sparse::{self, Next, Sparse};
use super::super::stats::Tally;
use super::super::store::{Store, Values};
use super::{spill_error, ComputeError};

/// Heaps per batch. A proof from pair a = 257 of a heap at most 256 after its batch's
/// start reads only values before that start (checked per heap by the sparse method).
const BATCH: usize = 256;

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
    /// The prover's marks (256 KiB, made on first use) and missing values.
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
    candidate: usize,
    start: usize,
    from: usize,
    to: usize,
    complete: bool,
}

/// What both threads read during a round: the values proved so far, unchanged until the
/// round ends.
#[derive(Clone, Copy)]
struct Context<'a> {
    rules: &'a Rules,
    proved: Values<'a>,
    counts: &'a [u64],
}

impl super::Sequence {
    /// Whether [`Sequence::extend_ahead`](super::Sequence) may run now: a sparse run with
    /// more than one thread, past its backoff, and far enough from `len`.
    pub(super) fn ahead_ready(&self, len: usize) -> bool {
        let n = self.store.len();
        matches!(self.engine, super::Engine::Sparse(_))
            && n >= self.ahead.resume_at
            && len >= n + 4 * BATCH
            && rayon::current_num_threads() > 1
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
        let Ahead {
            front,
            marks: prover_marks,
            missing: prover_missing,
            committed,
            failed,
            ..
        } = ahead;
        let prover_marks = prover_marks.get_or_insert_with(Marks::new);
        let mut proving: Option<Batch> = None;
        let mut stopped = false;
        loop {
            budget.check_cancelled()?;
            let start = front.len();
            let mut end = if stopped {
                start
            } else {
                len.min(start + BATCH)
            };
            if let Some(closing) = store.closing_at() {
                // The view's last chance to review the mask is the one-at-a-time path's.
                end = end.min(closing);
            }
            let avx2 = sparse.avx2();
            let bitset = sparse::bitset_fits(avx2, &tally.counts);
            let context = Context {
                rules,
                proved: store.view(),
                counts: &tally.counts,
            };
            let (next, ()) = rayon::join(
                || stage_one(sparse, context, marks, front, end),
                || {
                    if let Some(batch) = proving.as_mut() {
                        let g = context.proved;
                        for job in &mut batch.jobs {
                            prover_missing.clear();
                            prover_missing.extend_from_slice(&batch.missing[job.from..job.to]);
                            prover_marks.begin();
                            job.complete = sparse::prove_with(
                                (avx2, bitset),
                                context.rules,
                                g,
                                job.n,
                                job.start,
                                prover_missing,
                                prover_marks,
                            );
                            job.to = job.from + prover_missing.len();
                            batch.missing[job.from..job.to].copy_from_slice(prover_missing);
                        }
                    }
                },
            );
            if let Some(batch) = proving.take() {
                if !commit(rules, (store, tally, marks), sparse, front, &batch)? {
                    *failed += 1;
                    return Ok(false);
                }
                *committed += 1;
            }
            if next.len == 0 {
                return Ok(true);
            }
            stopped = start + next.len < end || end == len;
            proving = Some(next);
            front.trim(keep);
        }
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
        let g = front.view(context.proved.early);
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
                candidate: value,
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
    batch
}

/// Appends the proved values of `batch` to the sequence; false (after appending the
/// corrected value) at the first proof that failed, the candidates after it dropped.
fn commit(
    rules: &Rules,
    (store, tally, marks): (&mut Store, &mut Tally, &mut Marks),
    sparse: &mut Sparse,
    front: &Front,
    batch: &Batch,
) -> Result<bool, ComputeError> {
    let mut jobs = batch.jobs.iter().peekable();
    let mut missing = Vec::new();
    for n in batch.start..batch.start + batch.len {
        let candidate = front.values[n - front.origin];
        let mut value = usize::from(candidate);
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
            value = missing.first().copied().unwrap_or(job.candidate);
        }
        let Ok(stored) = u16::try_from(value) else {
            return Err(ComputeError::ValueTooLarge { n });
        };
        store.push(stored).map_err(spill_error)?;
        tally.push(stored);
        sparse.push(n, stored);
        if 2 * value + 2 > marks.len() {
            marks.cover(2 * (value + 1).next_power_of_two());
        }
        if stored != candidate {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests;
