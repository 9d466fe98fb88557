//! Runs on two threads against runs on one: the same values, whatever the batches did.

use std::io::Cursor;

use crate::octal::stats::Tally;
use crate::octal::{Method, Sequence, SpillFile, Window};
use crate::Budget;

/// Runs `f` on a pool of `threads` threads (the batches run only with two or more).
fn on_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

fn sparse(code: &str) -> Sequence {
    Sequence::new(code.parse().unwrap(), Method::Sparse, Budget::default()).unwrap()
}

/// G(0 .. len) of `code`, computed on one thread.
fn alone(code: &str, len: usize) -> Vec<u16> {
    on_threads(1, || {
        let mut seq = sparse(code);
        seq.extend_to(len).unwrap();
        assert_eq!(seq.ahead.committed, 0, "{code}: one thread never batches");
        seq.values().to_vec()
    })
}

/// Officers to `len` on two threads, keeping `window` with a spill in memory.
fn spilled_on_two_threads(window: Window, len: usize) -> Sequence {
    let mut seq = sparse("0.6");
    let spill: Box<dyn SpillFile> = Box::new(Cursor::new(Vec::new()));
    seq.keep_window(window, Some(spill)).unwrap();
    on_threads(2, || seq.extend_to(len)).unwrap();
    seq
}

/// `code` to `len` on one thread, then on two in uneven steps (so batches start and stop
/// everywhere): the same values. Returns the batches committed and the proofs that failed.
fn compare(code: &str, len: usize) -> (u64, u64) {
    let alone = alone(code, len);
    let mut seq = sparse(code);
    on_threads(2, || {
        for step in (3000..len).step_by(9973).chain([len]) {
            seq.extend_to(step).unwrap();
        }
    });
    assert_eq!(seq.values(), alone, "{code}");
    assert_eq!(seq.tally(), &Tally::of(&alone), "{code}");
    (seq.ahead.committed, seq.ahead.failed)
}

/// Officers (0.6) finds rare values up to n = 20,627 (Flammenkamp's tables), so batches
/// run while rare values still appear: proofs fail and are corrected. The other codes
/// have long or short rare lists, split or not (tests split from 8 rare positions).
#[test]
fn two_threads_give_the_values_of_one() {
    let (committed, failed) = compare("0.6", 60_000);
    assert!(committed > 100, "{committed}");
    assert!(failed > 0, "Officers' late rare values fail proofs");
    let mut batched = 0;
    for code in [
        "0.16", "0.56", "0.106", "0.376", "4.37", "0.165", "0.127", "0.77", "0.007",
    ] {
        let (committed, _) = compare(code, 30_000);
        batched += u64::from(committed > 0);
    }
    assert!(batched >= 3, "{batched} codes ran in batches");
}

/// A window with a spill on two threads: the values it keeps and its totals are those of
/// a full run on one thread, and so is every spilled value, read back by a far scan.
#[test]
fn two_threads_keep_a_window_exactly() {
    let len = 200_000;
    let full = alone("0.6", len);
    let window = Window {
        prefix: 1 << 15,
        recent: (1 << 15) + 4096,
    };
    let seq = spilled_on_two_threads(window, len);
    assert!(seq.ahead.committed > 100, "{}", seq.ahead.committed);
    let (origin, recent) = seq.recent();
    assert!(origin > window.prefix);
    assert_eq!(recent, &full[origin..]);
    assert_eq!(seq.values(), &full[..window.prefix]);
    assert_eq!(seq.tally(), &Tally::of(&full));
}

/// A cancelled run on two threads keeps only proved values, and goes on exactly.
#[test]
fn a_cancelled_batch_leaves_only_proved_values() {
    let len = 40_000;
    let full = alone("0.6", len);
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let budget = Budget::default().with_cancel(cancel.clone());
    let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, budget).unwrap();
    on_threads(2, || seq.extend_to(25_000)).unwrap();
    cancel.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(on_threads(2, || seq.extend_to(len)).is_err());
    assert_eq!(seq.values(), &full[..seq.len()]);
    cancel.store(false, std::sync::atomic::Ordering::Relaxed);
    on_threads(2, || seq.extend_to(len)).unwrap();
    assert_eq!(seq.values(), full);
}

/// A prefix too short for most proofs: they are finished at commit time by far scans of
/// the spill, and the values are still those of a full run on one thread.
#[test]
fn two_threads_finish_proofs_from_the_spill() {
    let len = 100_000;
    let full = alone("0.6", len);
    let window = Window {
        prefix: 1024,
        recent: 1 << 15,
    };
    let seq = spilled_on_two_threads(window, len);
    assert!(seq.ahead.committed > 50, "{}", seq.ahead.committed);
    let (origin, recent) = seq.recent();
    assert_eq!(recent, &full[origin..]);
    assert_eq!(seq.tally(), &Tally::of(&full));
}
