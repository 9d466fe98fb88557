//! Long jobs off the interpreter's lock, stopped by Ctrl-C: Python's adapter of the
//! library's run control ([`grundy::run::Control`]).
//!
//! A job runs on a worker thread while the calling thread, detached from the interpreter,
//! wakes every [`POLL`] to let Python check its signals. A pending `KeyboardInterrupt` (or
//! any exception a signal handler raises) cancels the job's control, waits for the job to
//! stop (the library's solvers check it as they go and return an error, never a value) and
//! raises that exception. A progress callback, when given, is called from the
//! waiting thread every [`PROGRESS`] with the positions the search has expanded so far.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use grundy::run::Control;
use grundy::Budget;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread checks for signals.
pub const POLL: Duration = Duration::from_millis(50);

/// How often a progress callback is called.
pub const PROGRESS: Duration = Duration::from_millis(500);

/// Runs `job` with `budget` (given a cancel flag) on a worker thread, the interpreter
/// free meanwhile; raises the exception of a signal that arrives during the job.
pub fn run<T, F>(py: Python<'_>, budget: Budget, job: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Budget) -> T + Send,
{
    run_watched(py, budget, None, job)
}

/// [`run`], calling `progress(done, total)` every [`PROGRESS`] meanwhile, the one signature
/// of every progress callback (`grundy.octal`'s too): `done` the positions the search has
/// expanded, `total` None (a search does not know its size beforehand). An exception the
/// callback raises stops the job, as a signal does, and is raised.
pub fn run_watched<T, F>(
    py: Python<'_>,
    budget: Budget,
    progress: Option<&Bound<'_, PyAny>>,
    job: F,
) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Budget) -> T + Send,
{
    let control = Control::new();
    let budget = match progress {
        Some(_) => control.counting(budget),
        None => control.budget(budget),
    };
    let mut reported = Instant::now();
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        scope.spawn(move || {
            // A panic would be a bug in the library: it becomes a Python error, not a crash.
            let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(budget)));
            // The receiver is gone only after a signal: nothing waits for the value then.
            let _ = sender.send(res);
        });
        let mut receiver = receiver;
        loop {
            // The receiver travels into the detached closure and back (it is not `Sync`).
            let (received, back) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
            receiver = back;
            match received {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(panic)) => return Err(internal(panic)),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let mut checked = py.check_signals();
                    if let (Ok(()), Some(callback)) = (&checked, progress) {
                        if reported.elapsed() >= PROGRESS {
                            reported = Instant::now();
                            let positions = control.done();
                            let total: Option<u64> = None;
                            checked = callback.call1((positions, total)).map(drop);
                        }
                    }
                    if let Err(err) = checked {
                        control.cancel();
                        // The worker stops at its next check of the flag; its result is an
                        // interruption, dropped here.
                        let _ = py.detach(move || receiver.recv());
                        return Err(err);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "grundy: internal error: the worker thread ended without a result",
                    ))
                }
            }
        }
    })
}

/// A panic's message as a `RuntimeError` (a bug in grundy, reported rather than crashing
/// the interpreter).
pub fn internal(panic: Box<dyn std::any::Any + Send>) -> PyErr {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string());
    PyRuntimeError::new_err(format!("grundy: internal error (please report): {message}"))
}
