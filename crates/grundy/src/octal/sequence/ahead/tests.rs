//! Runs on 2, 3, 6 and 8 threads against runs on one: the same values, whatever the batches
//! and rounds of proofs did (a pool of 8 on two cores still proves up to 7 batches at once).

use std::io::Cursor;
use std::num::NonZeroUsize;

use crate::octal::stats::Tally;
use crate::octal::{Method, Sequence, SpillFile, Window};
use crate::Budget;

/// A pool of `threads` threads, for a caller's own rayon work around a run.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// `seq`, set to `threads` threads (the batches run only with two or more).
fn on_threads(seq: &mut Sequence, threads: usize) -> &mut Sequence {
    seq.set_threads(NonZeroUsize::new(threads).unwrap());
    seq
}

fn sparse(code: &str) -> Sequence {
    Sequence::new(code.parse().unwrap(), Method::Sparse, Budget::default()).unwrap()
}

/// G(0 .. len) of `code`, computed on one thread.
fn alone(code: &str, len: usize) -> Vec<u16> {
    let mut seq = sparse(code);
    on_threads(&mut seq, 1).extend_to(len).unwrap();
    assert_eq!(
        seq.ahead.stats.batches, 0,
        "{code}: one thread never batches"
    );
    seq.values().to_vec()
}

/// The count a sequence is set to is the one its batches run on, and the one that decides
/// whether the far parts are passed ahead, whatever pool the caller runs in: rayon's
/// global one, or a pool of its own of another size.
#[test]
fn the_threads_set_are_those_the_run_reports() {
    for (ambient, threads) in [(None, 2), (Some(1), 3), (Some(8), 2), (Some(2), 5)] {
        let mut seq = sparse("0.6");
        let run = |seq: &mut Sequence| on_threads(seq, threads).extend_to(60_000);
        match ambient {
            Some(size) => pool(size).install(|| run(&mut seq)),
            None => run(&mut seq),
        }
        .unwrap();
        assert_eq!(seq.threads().get(), threads);
        let pipeline = seq.pipeline();
        let told = format!("{threads} threads in a pool of {ambient:?}");
        assert!(pipeline.batches > 0, "{told}");
        assert_eq!(pipeline.threads, threads as u64, "{told}");
        let far = pipeline.far_blocks > 0;
        assert_eq!(far, threads >= super::FAR_THREADS, "{told}");
    }
    // One thread set runs no batches, even in a pool of four.
    let mut seq = sparse("0.6");
    pool(4)
        .install(|| on_threads(&mut seq, 1).extend_to(60_000))
        .unwrap();
    assert_eq!(seq.pipeline(), crate::octal::Pipeline::default());
}

/// The pools the runs in batches are tested on: the pipeline alone (2), one round of two
/// proofs (3), far and middle parts on the pool (6), rounds of up to seven with the middle
/// parts on a thread of their own (8).
const POOLS: [usize; 4] = [2, 3, 6, 8];

/// Officers to `len` on `threads` threads, keeping `window` with a spill in memory.
fn spilled_on(threads: usize, window: Window, len: usize) -> Sequence {
    let mut seq = sparse("0.6");
    let spill: Box<dyn SpillFile> = Box::new(Cursor::new(Vec::new()));
    seq.keep_window(window, Some(spill)).unwrap();
    on_threads(&mut seq, threads).extend_to(len).unwrap();
    seq
}

/// `code` to `len` on one thread, then on `threads` in uneven steps (so batches start and
/// stop everywhere): the same values. Returns the batches committed and the proofs that
/// failed.
fn compare(code: &str, len: usize, threads: usize) -> (u64, u64) {
    let alone = alone(code, len);
    let mut seq = sparse(code);
    on_threads(&mut seq, threads);
    for step in (3000..len).step_by(9973).chain([len]) {
        seq.extend_to(step).unwrap();
    }
    assert_eq!(seq.values(), alone, "{code} on {threads} threads");
    assert_eq!(seq.tally(), &Tally::of(&alone), "{code}");
    // The far parts are passed ahead from FAR_THREADS threads on, never below (and only
    // for a split rare list, like Officers').
    let far = seq.ahead.stats.far_blocks > 0;
    if threads < super::FAR_THREADS || code == "0.6" {
        assert_eq!(
            far,
            threads >= super::FAR_THREADS,
            "{code} on {threads} threads: far parts {far}"
        );
    }
    (seq.ahead.stats.batches, seq.ahead.stats.failed_proofs)
}

/// Officers (0.6) finds rare values up to n = 20,627 (Flammenkamp's tables), so batches
/// run while rare values still appear: proofs fail and are corrected, also while several
/// batches after the failing one are being proved. The other codes have long or short
/// rare lists, split or not (tests split from 8 rare positions).
#[test]
fn more_threads_give_the_values_of_one() {
    for threads in POOLS {
        let (committed, failed) = compare("0.6", 60_000, threads);
        assert!(committed > 100, "{committed} on {threads} threads");
        assert!(failed > 0, "Officers' late rare values fail proofs");
    }
    let mut batched = 0;
    for (i, code) in [
        "0.16", "0.56", "0.106", "0.376", "4.37", "0.165", "0.127", "0.77", "0.007",
    ]
    .into_iter()
    .enumerate()
    {
        let (committed, _) = compare(code, 30_000, POOLS[i % POOLS.len()]);
        batched += u64::from(committed > 0);
    }
    assert!(batched >= 3, "{batched} codes ran in batches");
}

/// A round of proofs reads candidates that are not proved yet: a value read from a batch
/// whose proof then fails must never reach the sequence. Officers from a late rare value
/// on, in rounds of seven, with the values checked after every step.
#[test]
fn rounds_read_candidates_only_behind_a_proof() {
    let len = 40_000;
    let full = alone("0.6", len);
    let mut seq = sparse("0.6");
    on_threads(&mut seq, 8);
    for step in (2048..len).step_by(1531).chain([len]) {
        seq.extend_to(step).unwrap();
        assert_eq!(seq.values(), &full[..step]);
    }
    assert!(seq.ahead.stats.failed_proofs > 0);
}

/// A window with a spill on 2, 3, 6 and 8 threads: the values it keeps and its totals are
/// those of a full run on one thread, and so is every spilled value, read back by a far
/// scan.
#[test]
fn more_threads_keep_a_window_exactly() {
    let len = 200_000;
    let full = alone("0.6", len);
    let window = Window {
        prefix: 1 << 15,
        recent: (1 << 15) + 4096,
    };
    for threads in POOLS {
        let seq = spilled_on(threads, window, len);
        assert!(seq.ahead.stats.batches > 100, "{}", seq.ahead.stats.batches);
        let (origin, recent) = seq.recent();
        assert!(origin > window.prefix);
        assert_eq!(recent, &full[origin..]);
        assert_eq!(seq.values(), &full[..window.prefix]);
        assert_eq!(seq.tally(), &Tally::of(&full));
    }
}

/// A cancelled run keeps only proved values, and goes on exactly, on another number of
/// threads too.
#[test]
fn a_cancelled_batch_leaves_only_proved_values() {
    let len = 40_000;
    let full = alone("0.6", len);
    for (threads, resumed_on) in [(2, 2), (3, 8), (8, 1)] {
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let budget = Budget::default().with_cancel(cancel.clone());
        let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, budget).unwrap();
        on_threads(&mut seq, threads).extend_to(25_000).unwrap();
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(seq.extend_to(len).is_err());
        assert_eq!(seq.values(), &full[..seq.len()]);
        cancel.store(false, std::sync::atomic::Ordering::Relaxed);
        on_threads(&mut seq, resumed_on).extend_to(len).unwrap();
        assert_eq!(seq.values(), full);
    }
}

/// A prefix too short for most proofs: they are finished at commit time by far scans of
/// the spill, and the values are still those of a full run on one thread.
#[test]
fn more_threads_finish_proofs_from_the_spill() {
    let len = 100_000;
    let full = alone("0.6", len);
    let window = Window {
        prefix: 1024,
        recent: 1 << 15,
    };
    for threads in POOLS {
        let seq = spilled_on(threads, window, len);
        assert!(seq.ahead.stats.batches > 50, "{}", seq.ahead.stats.batches);
        let (origin, recent) = seq.recent();
        assert_eq!(recent, &full[origin..]);
        assert_eq!(seq.tally(), &Tally::of(&full));
    }
}

/// Proofs that reach past the proofs' copy of the values ([`super::TAIL`]) are finished at
/// commit time from the proved values (Officers to 200,000 has such heaps), and every
/// value is that of the run on one thread.
#[test]
fn proofs_past_the_copy_finish_at_commit() {
    let len = 200_000;
    let full = alone("0.6", len);
    for threads in POOLS {
        let mut seq = sparse("0.6");
        on_threads(&mut seq, threads).extend_to(len).unwrap();
        assert_eq!(seq.values(), full, "{threads} threads");
        assert!(
            seq.ahead.finished > 0,
            "{threads} threads: no proof reached past the tail"
        );
    }
}

/// Every far job queued runs once, whether a proof task (`run_one`) or its own task on the
/// pool takes it, and all of them before the scope ends.
#[test]
fn urgent_jobs_run_once() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let runs: Arc<Vec<AtomicUsize>> = Arc::new((0..500).map(|_| AtomicUsize::new(0)).collect());
    let urgent = Arc::new(super::far::Urgent::default());
    pool(4).install(|| {
        rayon::scope(|pool| {
            for i in 0..500 {
                let runs = Arc::clone(&runs);
                urgent.spawn(
                    pool,
                    Box::new(move || {
                        runs[i].fetch_add(1, Ordering::Relaxed);
                    }),
                );
                if i % 3 == 0 {
                    urgent.run_one();
                }
            }
        })
    });
    let counts: Vec<usize> = runs.iter().map(|r| r.load(Ordering::Relaxed)).collect();
    assert!(counts.iter().all(|&c| c == 1), "{counts:?}");
    assert!(!urgent.run_one(), "none left");
}

/// Proof tasks hold about `PIECE_NANOS` of proofs by the last round's cost, between
/// `PIECE` proofs and a batch; a round without proofs leaves the size as it was.
#[test]
fn proof_tasks_follow_the_cost_of_a_proof() {
    use super::batch::BATCH;
    use super::prove::{Pace, PIECE, PIECE_NANOS};
    let mut pace = Pace { piece: PIECE };
    pace.learn(1000 * PIECE_NANOS / 25, 1000);
    assert_eq!(pace.piece, 25, "2 us a proof (Officers)");
    pace.learn(0, 0);
    assert_eq!(pace.piece, 25, "no proofs");
    pace.learn(1000 * PIECE_NANOS / 500, 1000);
    assert_eq!(pace.piece, BATCH, "0.1 us a proof (0.167)");
    pace.learn(10 * PIECE_NANOS, 10);
    assert_eq!(pace.piece, PIECE, "proofs longer than a task");
}
