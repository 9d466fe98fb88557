//! The proofs of a round's candidates, spread on the pool in tasks ([`prove_round`], at the
//! pace of [`Pace`]), and the commits of the round before, in order ([`commit_round`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use rayon::prelude::*;

use super::super::super::direct::{Marks, Rules};
use super::super::super::error::{not_kept, spill_error, ComputeError};
use super::super::super::sparse;
use super::super::super::stats::Tally;
use super::super::super::store::{Store, Values};
use super::batch::{Batch, Job, BATCH};
use super::far::Urgent;
use super::front::Front;

/// A round's proofs are spread on the pool in tasks of about this many nanoseconds (by the
/// last round's cost a proof): short enough that the threads finish a round together, long
/// enough to outweigh a task's scheduling. Officers' proofs take about 2 us each, 0.167's a
/// tenth of that: in tasks of 16 proofs, 16 threads spent twice the CPU time of whole batches.
pub(super) const PIECE_NANOS: u64 = 50_000;

/// The fewest proofs in a task.
pub(super) const PIECE: usize = 16;

/// What a proving thread works with: its mark table and the missing values of the proof
/// in progress.
#[derive(Debug)]
pub(super) struct Prover {
    pub(super) marks: Marks,
    pub(super) missing: Vec<usize>,
}

impl Prover {
    pub(super) fn new() -> Self {
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

/// Proves the candidates of the batches of `round` (consecutive, from the tail's end on),
/// `pace.piece` jobs per task on the pool, each task with the prover of its thread. They
/// read the first values `low` and the candidates, the round's appended to `tail`; every
/// value in `tail` lies below `bound`, which the round's candidates raise.
pub(super) fn prove_round(
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
pub(super) struct Pace {
    pub(super) piece: usize,
}

impl Pace {
    pub(super) fn learn(&mut self, nanos: u64, jobs: u64) {
        if let Some(each) = nanos.checked_div(jobs).filter(|&each| each > 0) {
            let piece = usize::try_from(PIECE_NANOS / each).unwrap_or(BATCH);
            self.piece = piece.clamp(PIECE, BATCH);
        }
    }
}

/// Commits the proved batches of a round in order ([`commit`]), counting in `batches`
/// those committed whole, until a proof failed.
pub(super) fn commit_round(
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
