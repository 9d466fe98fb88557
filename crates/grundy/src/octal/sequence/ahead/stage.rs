//! Steps 1 and 2 of the sparse method on the thread ahead: the candidates of a batch's
//! heaps, each unproved candidate taken as the value ([`stage_one`]).

use super::super::super::direct::{Marks, Rules};
use super::super::super::sparse::{Lanes, Next, Sparse};
use super::batch::{Batch, Job};
use super::far::Feed;
use super::front::Front;

/// What the thread ahead reads besides its copy of the recent values: the first values and
/// the value counts, copied when it starts.
#[derive(Clone, Copy)]
pub(super) struct Context<'a> {
    pub(super) rules: &'a Rules,
    pub(super) early: &'a [u16],
    pub(super) counts: &'a [u64],
    /// Where the run stops: the far and middle parts are dispatched up to it, past the
    /// batch in progress (the far ones need some 1,000 heaps of lead).
    pub(super) end: usize,
}

/// Steps 1 and 2 for the heaps from `front.len()` to `until`, each unproved candidate taken
/// as the value, in `batch` (a spent one, whose vectors are reused); stops early at a heap
/// that must be computed alone.
pub(super) fn stage_one(
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
