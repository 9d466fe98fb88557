//! A run's control: cancellation, progress and a time limit, shared by the thread that
//! computes and the threads that watch it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::limits::{Budget, SolveError};

/// What a long run and its watchers share: a cancel flag the run polls, a count of the
/// work done (positions expanded, ranks built, values computed) and of the work in all
/// when it is known, the time the run started and an optional time limit. Clones share
/// all of it.
///
/// The run sees it through [`Control::budget`] or [`Control::counting`] (the solvers'
/// [`Budget`] checks the cancel flag, and counts positions for the second) or by calling [`Control::check`]; a watcher reads
/// [`Control::done`] and [`Control::elapsed`] to show progress, and calls
/// [`Control::cancel`] (Ctrl-C, a Python signal) or [`Control::expire`] (the time limit).
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use grundy::run::Control;
/// let control = Control::new().with_time_limit(Duration::ZERO);
/// assert!(!control.is_cancelled());
/// assert!(control.expire()); // past its time: cancelled now
/// assert!(control.check().is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Control {
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicU64>,
    total: Arc<AtomicU64>,
    started: Instant,
    time: Option<Duration>,
}

impl Default for Control {
    fn default() -> Self {
        Control::new()
    }
}

impl Control {
    /// A control not cancelled, with nothing done, started now, without a time limit.
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// assert_eq!((control.done(), control.total()), (0, 0));
    /// ```
    pub fn new() -> Self {
        Control::with_cancel_flag(Arc::new(AtomicBool::new(false)))
    }

    /// A control whose cancel flag is `flag`, which someone else may set (the command
    /// line's Ctrl-C handler sets one flag for the whole process).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let control = grundy::run::Control::with_cancel_flag(Arc::clone(&flag));
    /// flag.store(true, Ordering::Relaxed);
    /// assert!(control.is_cancelled());
    /// ```
    pub fn with_cancel_flag(flag: Arc<AtomicBool>) -> Self {
        Control {
            cancel: flag,
            done: Arc::default(),
            total: Arc::default(),
            started: Instant::now(),
            time: None,
        }
    }

    /// The same control, its run given `limit` of wall-clock time from its start: past
    /// it, [`Control::expire`] and [`Control::check`] cancel the run.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// let control = grundy::run::Control::new().with_time_limit(Duration::from_secs(60));
    /// assert!(control.time_left().unwrap() <= Duration::from_secs(60));
    /// ```
    pub fn with_time_limit(mut self, limit: Duration) -> Self {
        self.time = Some(limit);
        self
    }

    /// `budget`, cancelled by this control (and past its time limit, once a watcher
    /// calls [`Control::expire`]) instead of by any flag it had.
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// let budget = control.budget(grundy::Budget::default());
    /// control.cancel();
    /// assert!(budget.check_cancelled().is_err());
    /// ```
    pub fn budget(&self, budget: Budget) -> Budget {
        budget.with_cancel(Arc::clone(&self.cancel))
    }

    /// [`Control::budget`], also counting the positions its searches expand into
    /// [`Control::done`] (an atomic addition per position: only for runs someone
    /// watches).
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// let budget = control.counting(grundy::Budget::default());
    /// budget.count_position();
    /// assert_eq!(control.done(), 1);
    /// ```
    pub fn counting(&self, budget: Budget) -> Budget {
        self.budget(budget).with_progress(Arc::clone(&self.done))
    }

    /// Asks the run to stop: it stops at its next check, returning no value.
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// control.cancel();
    /// assert!(control.is_cancelled());
    /// ```
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the run was asked to stop.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!grundy::run::Control::new().is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Cancels the run when its time limit has passed; whether it is cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!grundy::run::Control::new().expire()); // no time limit
    /// ```
    pub fn expire(&self) -> bool {
        if self.time_left() == Some(Duration::ZERO) {
            self.cancel();
        }
        self.is_cancelled()
    }

    /// `Err(SolveError::Interrupted)` once the run is cancelled or past its time limit.
    ///
    /// # Errors
    ///
    /// [`SolveError::Interrupted`].
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::run::Control::new().check().is_ok());
    /// ```
    pub fn check(&self) -> Result<(), SolveError> {
        match self.expire() {
            true => Err(SolveError::Interrupted),
            false => Ok(()),
        }
    }

    /// The time since the run started.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::run::Control::new().elapsed().as_secs() < 60);
    /// ```
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The time left before the time limit (zero once past it), or `None` without one.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::run::Control::new().time_left(), None);
    /// ```
    pub fn time_left(&self) -> Option<Duration> {
        self.time.map(|limit| limit.saturating_sub(self.elapsed()))
    }

    /// The work done so far (positions expanded, for a search through
    /// [`Control::counting`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// control.add(5);
    /// assert_eq!(control.done(), 5);
    /// ```
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Counts `work` more done.
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// control.add(2);
    /// control.add(3);
    /// assert_eq!(control.done(), 5);
    /// ```
    pub fn add(&self, work: u64) {
        self.done.fetch_add(work, Ordering::Relaxed);
    }

    /// Sets the work done (a run that knows where it stands, such as a resumed one).
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// control.set_done(7);
    /// assert_eq!(control.done(), 7);
    /// ```
    pub fn set_done(&self, work: u64) {
        self.done.store(work, Ordering::Relaxed);
    }

    /// The work in all, 0 while unknown.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::run::Control::new().total(), 0);
    /// ```
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// Sets the work in all, once the run knows it.
    ///
    /// # Examples
    ///
    /// ```
    /// let control = grundy::run::Control::new();
    /// control.set_total(100);
    /// assert_eq!(control.total(), 100);
    /// ```
    pub fn set_total(&self, work: u64) {
        self.total.store(work, Ordering::Relaxed);
    }
}
