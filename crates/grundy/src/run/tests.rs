//! The harness's paths that the examples do not take: stops that save and stops that do
//! not, a checkpoint that cannot be saved, resume from a saved run.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::octal::{Front, Stop, Stopped, Watched};
use super::{CheckpointFileError, Checkpoints, Control};
use crate::limits::SolveError;
use crate::octal::{checkpoint, ComputeError, Method, Sequence};

/// Stops the run (as `stop` says) once it holds `at` values; records what it was told.
struct Stopper {
    at: usize,
    fail: bool,
    error: Option<&'static str>,
    saved_to: Option<PathBuf>,
    save_failures: Vec<(String, Option<String>)>,
}

impl Stopper {
    fn new(at: usize, fail: bool, error: Option<&'static str>) -> Self {
        Stopper {
            at,
            fail,
            error,
            saved_to: None,
            save_failures: Vec::new(),
        }
    }
}

impl Front for Stopper {
    type Error = String;

    fn progress(&mut self, seq: &Sequence, _limit: usize) -> ControlFlow<Stop<String>> {
        if seq.len() < self.at {
            return ControlFlow::Continue(());
        }
        let error = self.error.map(String::from);
        ControlFlow::Break(match self.fail {
            true => Stop::Fail(error.unwrap_or_default()),
            false => Stop::Save(error),
        })
    }

    fn save_failed(&mut self, err: CheckpointFileError, stop: Option<String>) -> String {
        self.save_failures.push((err.line(), stop.clone()));
        stop.unwrap_or_else(|| err.line())
    }

    fn stopped(&mut self, _seq: &Sequence, path: &Path) {
        self.saved_to = Some(path.to_path_buf());
    }
}

fn sequence() -> Sequence {
    Sequence::new(
        "0.6".parse().unwrap(),
        Method::Sparse,
        crate::limits::Budget::default(),
    )
    .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-run-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_stop_that_saves_leaves_a_checkpoint_that_resumes() {
    let dir = scratch("save");
    let path = dir.join("run.ckpt");
    let mut seq = sequence();
    let checkpoints = Checkpoints::new(Some(path.clone()), f64::INFINITY);
    let mut watched = Watched::new(Stopper::new(300, false, None), checkpoints, Duration::ZERO);
    let stopped = watched.extend(&mut seq, 1 << 20).unwrap_err();
    assert!(matches!(
        stopped,
        Stopped::Compute(ComputeError::Solve(SolveError::Interrupted))
    ));
    assert_eq!(watched.front().saved_to.as_deref(), Some(path.as_path()));
    let bytes = Checkpoints::new(Some(path), 1.0).load().unwrap().unwrap();
    let resumed = checkpoint::restore(
        &bytes,
        seq.game(),
        Method::Sparse,
        crate::limits::Budget::default(),
        None,
    )
    .unwrap();
    assert_eq!(resumed.values(), seq.values());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_stop_that_fails_saves_nothing() {
    let dir = scratch("fail");
    let path = dir.join("run.ckpt");
    let mut seq = sequence();
    let checkpoints = Checkpoints::new(Some(path.clone()), f64::INFINITY);
    let mut watched = Watched::new(
        Stopper::new(300, true, Some("disk")),
        checkpoints,
        Duration::ZERO,
    );
    match watched.extend(&mut seq, 1 << 20) {
        Err(Stopped::Front(err)) => assert_eq!(err, "disk"),
        other => panic!("{other:?}"),
    }
    assert!(!path.exists());
    assert!(watched.front().saved_to.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_not_saved_is_told_with_the_stop() {
    let dir = scratch("unsaved");
    let path = dir.join("missing-folder").join("run.ckpt");
    let mut seq = sequence();
    let checkpoints = Checkpoints::new(Some(path), f64::INFINITY);
    let front = Stopper::new(300, false, Some("KeyboardInterrupt"));
    let mut watched = Watched::new(front, checkpoints, Duration::ZERO);
    match watched.extend(&mut seq, 1 << 20) {
        Err(Stopped::Front(err)) => assert_eq!(err, "KeyboardInterrupt"),
        other => panic!("{other:?}"),
    }
    let failures = &watched.front().save_failures;
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0].0.starts_with("cannot save the checkpoint "),
        "{failures:?}"
    );
    assert_eq!(failures[0].1.as_deref(), Some("KeyboardInterrupt"));
    // The end of a run that cannot save fails the same way.
    assert!(watched.finish(&seq).unwrap_err().starts_with("cannot save"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn checkpoints_are_saved_when_due_and_at_the_end() {
    let dir = scratch("due");
    let path = dir.join("run.ckpt");
    let mut seq = sequence();
    let checkpoints = Checkpoints::new(Some(path.clone()), 0.0);
    let mut watched = Watched::new(
        Stopper::new(usize::MAX, false, None),
        checkpoints,
        Duration::ZERO,
    );
    watched.extend(&mut seq, 5000).unwrap();
    // Due at every call: a checkpoint is there before the end.
    assert!(path.exists());
    watched.finish(&seq).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(
        checkpoint::decode(&bytes, seq.game(), Method::Sparse).unwrap(),
        seq.values()
    );
    assert!(!dir.join("run.ckpt.tmp").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_control_past_its_time_cancels_its_budget() {
    let control = Control::new().with_time_limit(Duration::from_millis(1));
    let budget = control.budget(crate::limits::Budget::default());
    std::thread::sleep(Duration::from_millis(5));
    assert!(budget.check_cancelled().is_ok()); // nobody looked at the time yet
    assert_eq!(control.check(), Err(SolveError::Interrupted));
    assert!(budget.check_cancelled().is_err());
    assert_eq!(control.time_left(), Some(Duration::ZERO));
}
