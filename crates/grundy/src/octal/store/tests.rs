//! Windowed runs against runs that keep every value.

use std::io::Cursor;

use super::{SpillFile, Window};
use crate::octal::stats::Tally;
use crate::octal::{ComputeError, Method, Sequence};
use crate::Budget;

fn sparse(code: &str) -> Sequence {
    Sequence::new(code.parse().unwrap(), Method::Sparse, Budget::default()).unwrap()
}

/// Runs `code` to `len` keeping `window`, in uneven steps (reads across a slide are
/// exercised from every phase), and checks every value it keeps, and its totals, against
/// a run that keeps every value. Returns the refusal, if the window was too small.
fn compare_with_full(code: &str, window: Window, len: usize) -> Option<usize> {
    let mut full = sparse(code);
    full.extend_to(len).unwrap();
    let full = full.values();
    let mut seq = sparse(code);
    seq.keep_window(window, None).unwrap();
    let mut result = Ok(());
    for step in (1000..len).step_by(7001).chain([len]) {
        result = seq.extend_to(step);
        if result.is_err() {
            break;
        }
    }
    let done = seq.len();
    let refused = match result {
        Ok(()) => None,
        Err(ComputeError::NotKept { n, .. }) => {
            assert_eq!(n, done, "{code}");
            Some(n)
        }
        Err(e) => panic!("{code}: {e}"),
    };
    assert_eq!(seq.values(), &full[..window.prefix.min(done)], "{code}");
    let (origin, recent) = seq.recent();
    assert_eq!(recent, &full[origin..done], "{code}");
    assert!(recent.len() >= window.recent.min(done), "{code}");
    assert_eq!(seq.tally(), &Tally::of(&full[..done]), "{code}");
    if refused.is_none() {
        assert!(
            origin > window.prefix,
            "{code}: the window moved past the prefix"
        );
    }
    refused
}

/// Sparse codes (short rare lists, all found early) run in a window to the end with the
/// values of a full run. Sources for the rare positions: Officers' last at n = 20,627
/// (Flammenkamp's tables); 0.16's and 0.56's are few.
#[test]
fn windowed_runs_keep_the_values_of_full_runs() {
    let long = Window {
        prefix: 1 << 16,
        recent: (1 << 16) + 8192,
    };
    let short = Window {
        prefix: 4096,
        recent: 8192,
    };
    let runs = [
        ("0.6", long, 240_000),
        ("0.16", long, 240_000),
        ("0.56", long, 240_000),
        ("0.77", short, 60_000),
        ("0.45", short, 60_000),
        ("0.144", short, 60_000),
        ("4.6", short, 60_000),
    ];
    for (code, window, len) in runs {
        assert_eq!(compare_with_full(code, window, len), None, "{code}");
    }
}

/// Codes whose rare values keep coming (periodic ones, where every period repeats them)
/// outgrow a small window: the run stops with `NotKept`, every value kept so far right.
#[test]
fn windowed_runs_that_outgrow_the_window_stop_cleanly() {
    let window = Window {
        prefix: 1024,
        recent: 5000,
    };
    let mut refused = 0;
    for code in ["0.07", "0.376", "0.106", "4.37", "0.3256"] {
        refused += usize::from(compare_with_full(code, window, 30_000).is_some());
    }
    assert_eq!(refused, 5);
}

/// With a spill, the heaps whose missing rare values lie beyond the window's pairs are
/// scanned from it: the same configurations that stop without a spill run to the end
/// with the values of a full run.
#[test]
fn spilled_runs_scan_far_pairs_and_match_full_runs() {
    let runs = [
        // Officers' rare positions end at 20,627: a 24,000 window keeps their partners.
        ("0.6", 4096, 24_000, 250_000, true),
        ("0.16", 4096, 16_000, 250_000, true),
        ("0.56", 1024, 16_000, 100_000, false),
    ];
    for (code, prefix, recent, len, far) in runs {
        let window = Window { prefix, recent };
        if far {
            assert!(
                compare_with_full(code, window, len).is_some(),
                "{code} needs far scans"
            );
        }
        let mut full = sparse(code);
        full.extend_to(len).unwrap();
        let mut seq = sparse(code);
        let spill: Box<dyn SpillFile> = Box::new(Cursor::new(Vec::new()));
        seq.keep_window(window, Some(spill)).unwrap();
        for step in (0..len).step_by(33_333).chain([len]) {
            seq.extend_to(step).unwrap();
        }
        let (origin, recent) = seq.recent();
        assert!(origin > 4 * prefix, "{code}");
        assert_eq!(recent, &full.values()[origin..], "{code}");
        assert_eq!(seq.tally(), full.tally(), "{code}");
    }
}

/// A window too short for the partners of the rare positions is refused, not misread.
#[test]
fn a_window_shorter_than_the_rare_positions_is_refused() {
    let mut seq = sparse("0.6"); // Officers: rare positions up to 20,627
    let window = Window {
        prefix: 1024,
        recent: 2048,
    };
    seq.keep_window(window, None).unwrap();
    let err = seq.extend_to(40_000).unwrap_err();
    assert!(matches!(err, ComputeError::NotKept { .. }), "{err}");
    assert!(seq.len() < 40_000);
    let mut full = sparse("0.6");
    full.extend_to(seq.len()).unwrap();
    let last = seq.len() - 1;
    assert_eq!(seq.get(last), full.get(last));
}

#[test]
fn the_direct_method_keeps_every_value() {
    let mut seq =
        Sequence::new("0.07".parse().unwrap(), Method::Direct, Budget::default()).unwrap();
    assert_eq!(
        seq.keep_window(Window::new(1024), None),
        Err(ComputeError::WindowNeedsSparse)
    );
}

/// A spill file in the system's temporary folder, removed when dropped.
struct TempSpill(std::path::PathBuf);

impl TempSpill {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("grundy-{}-{name}", std::process::id()));
        TempSpill(path)
    }

    fn open(&self, create: bool) -> Box<dyn SpillFile> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(create)
            .truncate(create)
            .open(&self.0)
            .unwrap();
        Box::new(file)
    }
}

impl Drop for TempSpill {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A windowed run saved mid-way and resumed (with its spill, which has grown past the
/// checkpoint meanwhile) ends with exactly the values of the run that went on; a missing,
/// short, or changed spill, and a changed checkpoint, are refused.
#[test]
fn windowed_checkpoints_resume_exactly_and_refuse_wrong_spills() {
    use crate::octal::checkpoint::{self, CheckpointError};
    let game: crate::octal::TakeAndBreak = "0.16".parse().unwrap();
    let window = Window {
        prefix: 4096,
        recent: 16_000,
    };
    let spill = TempSpill::new("checkpoint-spill");
    let mut seq = sparse("0.16");
    seq.keep_window(window, Some(spill.open(true))).unwrap();
    seq.extend_to(90_001).unwrap();
    let saved = checkpoint::encode(&seq);
    seq.extend_to(200_000).unwrap();
    let restore = |spill: Option<Box<dyn SpillFile>>| {
        checkpoint::restore(&saved, &game, Method::Sparse, Budget::default(), spill)
    };
    let mut resumed = restore(Some(spill.open(false))).unwrap();
    assert_eq!((resumed.len(), resumed.window()), (90_001, Some(window)));
    resumed.extend_to(200_000).unwrap();
    assert_eq!(resumed.tally(), seq.tally());
    assert_eq!(resumed.recent(), seq.recent());
    let mut full = sparse("0.16");
    full.extend_to(200_000).unwrap();
    assert_eq!(resumed.tally(), full.tally());

    let refused = |result: Result<Sequence, CheckpointError>| match result {
        Err(CheckpointError::Spill(message)) => message,
        other => panic!("{other:?}"),
    };
    assert!(refused(restore(None)).contains("cannot go on without it"));
    let empty: Box<dyn SpillFile> = Box::new(Cursor::new(Vec::new()));
    assert!(refused(restore(Some(empty))).contains("shorter"));
    let mut bytes = std::fs::read(&spill.0).unwrap();
    bytes[1000] ^= 1;
    let changed: Box<dyn SpillFile> = Box::new(Cursor::new(bytes));
    assert!(refused(restore(Some(changed))).contains("does not match"));
    let mut damaged = saved.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let result = checkpoint::restore(&damaged, &game, Method::Sparse, Budget::default(), None);
    assert!(matches!(result, Err(CheckpointError::Checksum)));
}

/// A windowed run without a spill saves and resumes too (version 2, `spill none`).
#[test]
fn windowed_checkpoints_without_a_spill_resume() {
    use crate::octal::checkpoint;
    let window = Window {
        prefix: 1 << 16,
        recent: (1 << 16) + 8192,
    };
    let mut seq = sparse("0.6");
    seq.keep_window(window, None).unwrap();
    seq.extend_to(160_000).unwrap();
    let saved = checkpoint::encode(&seq);
    assert!(saved.starts_with(b"grundy-octal-checkpoint 2\n"));
    let game = "0.6".parse().unwrap();
    let resumed =
        checkpoint::restore(&saved, &game, Method::Sparse, Budget::default(), None).unwrap();
    assert_eq!(resumed.tally(), seq.tally());
    assert_eq!(resumed.recent(), seq.recent());
    assert_eq!(resumed.values(), seq.values());
    assert_eq!(checkpoint::encode(&resumed), saved);
}

/// Windows of any shape, however small or large: a run either keeps the values of a full
/// run or stops with `NotKept`, never panics; the sizes are brought within their bounds.
#[test]
fn tiny_windows_refuse_or_agree_never_panic() {
    let len = 60_000;
    let mut full = sparse("0.6");
    full.extend_to(len).unwrap();
    let (mut agreed, mut refused) = (0, 0);
    for prefix in [0, 1, 100, 300, usize::MAX] {
        for recent in [0, 10, 1000, 30_000, usize::MAX] {
            let mut seq = sparse("0.6");
            seq.keep_window(Window { prefix, recent }, None).unwrap();
            let kept = seq.window().unwrap();
            assert!(kept.prefix >= Window::MIN_PREFIX && kept.prefix <= Window::MAX_SIZE);
            assert!(kept.recent <= Window::MAX_SIZE);
            match seq.extend_to(len) {
                Ok(()) => {
                    let (origin, kept) = seq.recent();
                    assert_eq!(kept, &full.values()[origin..]);
                    agreed += 1;
                }
                // Too small to compute, or too large for the memory budget.
                Err(ComputeError::NotKept { .. } | ComputeError::Solve(_)) => refused += 1,
                Err(e) => panic!("{prefix} {recent}: {e}"),
            }
        }
    }
    assert!(agreed > 0 && refused > 0, "{agreed} {refused}");
}
