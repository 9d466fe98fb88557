//! The observer of a take-and-break run: a front end's check between chunks of values
//! (signals, a progress bar, a callback), checkpoints saved every so often and when the
//! run stops or ends, chunks paced to a target time.

use std::fs::File;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;

use super::checkpoints::{CheckpointFileError, Checkpoints};
use crate::limits::SolveError;
use crate::octal::period::{self, Observer, Pace, Verdict};
use crate::octal::{checkpoint, ComputeError, Sequence};

/// How a front end stops a run from [`Front::progress`].
///
/// # Examples
///
/// ```
/// use grundy::run::octal::Stop;
/// let stop: Stop<String> = Stop::Save(Some("KeyboardInterrupt".into()));
/// assert!(matches!(stop, Stop::Save(Some(_))));
/// ```
#[derive(Debug)]
pub enum Stop<E> {
    /// Stop, saving the checkpoint first (the values so far are all proved, so it resumes
    /// exactly from here); the error the run ends with, or `None` for the library's
    /// [`SolveError::Interrupted`].
    Save(Option<E>),
    /// Stop with this error, saving nothing more.
    Fail(E),
}

/// What a front end adds to a run: its check between chunks of values, and how a
/// checkpoint that could not be saved is told.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use grundy::octal::{Method, Sequence};
/// use grundy::run::{octal::{Front, Stop, Watched}, CheckpointFileError, Checkpoints};
///
/// /// Stops once the run holds 500 values.
/// struct Quiet;
/// impl Front for Quiet {
///     type Error = String;
///     fn progress(&mut self, seq: &Sequence, _limit: usize) -> ControlFlow<Stop<String>> {
///         match seq.len() >= 500 {
///             true => ControlFlow::Break(Stop::Save(Some("enough".into()))),
///             false => ControlFlow::Continue(()),
///         }
///     }
///     fn save_failed(&mut self, err: CheckpointFileError, _stop: Option<String>) -> String {
///         err.line()
///     }
/// }
///
/// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// let mut watched = Watched::new(Quiet, Checkpoints::new(None, 30.0), std::time::Duration::ZERO);
/// let stopped = watched.extend(&mut seq, 1 << 20).unwrap_err();
/// assert!(matches!(stopped, grundy::run::octal::Stopped::Front(ref e) if e == "enough"));
/// assert!(seq.len() >= 500);
/// ```
pub trait Front {
    /// The error a stopped run ends with.
    type Error;

    /// Called between chunks of values with the sequence so far and the most values the
    /// run will compute: `Continue`, or stop the run.
    fn progress(&mut self, seq: &Sequence, limit: usize) -> ControlFlow<Stop<Self::Error>>;

    /// The error to end with when a checkpoint could not be saved: `stop` is the error
    /// the run was stopping with, if any.
    fn save_failed(&mut self, err: CheckpointFileError, stop: Option<Self::Error>) -> Self::Error;

    /// The run stopped (a [`Stop::Save`]) at `seq.len()` values, its checkpoint saved to
    /// `path`: a front end may say so. Nothing by default.
    fn stopped(&mut self, seq: &Sequence, path: &Path) {
        let _ = (seq, path);
    }
}

/// Why a watched run returned no value: its front end stopped it, or the computation
/// failed (the budget, a spill file).
///
/// # Examples
///
/// ```
/// use grundy::run::octal::Stopped;
/// let stopped: Stopped<()> = Stopped::Compute(grundy::octal::ComputeError::Solve(grundy::SolveError::Interrupted));
/// assert!(matches!(stopped, Stopped::Compute(_)));
/// ```
#[derive(Debug)]
pub enum Stopped<E> {
    /// The front end's error (or a checkpoint not saved, as the front end told it).
    Front(E),
    /// The library's error.
    Compute(ComputeError),
}

/// A take-and-break run watched: the front end `F` is called between chunks of about
/// `chunk` time each, the checkpoint saved when due, when the run stops and by
/// [`Watched::finish`]; a spill file the checkpoint counts on is synced before each save.
///
/// # Examples
///
/// ```
/// use grundy::octal::{Method, Sequence};
/// use grundy::run::{octal::{Front, Stop, Watched}, CheckpointFileError, Checkpoints};
/// use std::ops::ControlFlow;
///
/// struct Silent;
/// impl Front for Silent {
///     type Error = CheckpointFileError;
///     fn progress(&mut self, _: &Sequence, _: usize) -> ControlFlow<Stop<Self::Error>> {
///         ControlFlow::Continue(())
///     }
///     fn save_failed(&mut self, err: CheckpointFileError, _: Option<Self::Error>) -> Self::Error {
///         err
///     }
/// }
///
/// let path = std::env::temp_dir().join(format!("grundy-doc-watched-{}", std::process::id()));
/// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// let mut watched = Watched::new(Silent, Checkpoints::new(Some(path.clone()), 30.0), std::time::Duration::from_millis(100));
/// let verdict = watched.analyze(&mut seq, 1000).unwrap();
/// assert!(matches!(verdict, grundy::octal::period::Verdict::Periodic { .. }));
/// watched.finish(&seq).unwrap();
/// let bytes = std::fs::read(&path).unwrap();
/// assert_eq!(grundy::octal::checkpoint::decode(&bytes, seq.game(), Method::Sparse).unwrap(), seq.values());
/// std::fs::remove_file(&path).unwrap();
/// ```
pub struct Watched<F: Front> {
    front: F,
    checkpoints: Checkpoints,
    spill: Option<File>,
    pace: Pace,
    /// The length saved last in this run.
    saved_len: Option<usize>,
    /// What stopped the run: the error to end with.
    error: Option<F::Error>,
}

impl<F: Front> Watched<F> {
    /// `front` watching a run, saving to `checkpoints`, called about every `chunk`.
    ///
    /// # Examples
    ///
    /// See [`Watched`].
    pub fn new(front: F, checkpoints: Checkpoints, chunk: Duration) -> Self {
        Watched {
            front,
            checkpoints,
            spill: None,
            pace: Pace::new(chunk),
            saved_len: None,
            error: None,
        }
    }

    /// The same run, syncing `spill` (a handle on its spill file) before each checkpoint.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::run::{octal::*, *};
    /// # struct S;
    /// # impl Front for S {
    /// #     type Error = ();
    /// #     fn progress(&mut self, _: &grundy::octal::Sequence, _: usize) -> std::ops::ControlFlow<Stop<()>> { std::ops::ControlFlow::Continue(()) }
    /// #     fn save_failed(&mut self, _: CheckpointFileError, _: Option<()>) {}
    /// # }
    /// let watched = Watched::new(S, Checkpoints::new(None, 1.0), std::time::Duration::ZERO).with_spill(None);
    /// assert!(watched.checkpoints().path().is_none());
    /// ```
    pub fn with_spill(mut self, spill: Option<File>) -> Self {
        self.spill = spill;
        self
    }

    /// The front end.
    ///
    /// # Examples
    ///
    /// See [`Watched::with_spill`].
    pub fn front(&mut self) -> &mut F {
        &mut self.front
    }

    /// The checkpoints.
    ///
    /// # Examples
    ///
    /// See [`Watched::with_spill`].
    pub fn checkpoints(&self) -> &Checkpoints {
        &self.checkpoints
    }

    /// Extends `seq` to `len` values ([`period::extend`]), watched: the heap size from
    /// which values followed from a proved period, if they did.
    ///
    /// # Errors
    ///
    /// [`Stopped::Front`] when the front end stopped the run with an error, else
    /// [`Stopped::Compute`].
    ///
    /// # Examples
    ///
    /// See [`Front`].
    pub fn extend(
        &mut self,
        seq: &mut Sequence,
        len: usize,
    ) -> Result<Option<usize>, Stopped<F::Error>> {
        let res = period::extend(seq, len, self);
        self.result(res)
    }

    /// Computes values until the period is proved or there are `limit`
    /// ([`period::analyze`]), watched.
    ///
    /// # Errors
    ///
    /// As [`Watched::extend`].
    ///
    /// # Examples
    ///
    /// See [`Watched`].
    pub fn analyze(
        &mut self,
        seq: &mut Sequence,
        limit: usize,
    ) -> Result<Verdict, Stopped<F::Error>> {
        let res = period::analyze(seq, limit, self);
        self.result(res)
    }

    /// Saves the final state, unless this run saved it at this length already.
    ///
    /// # Errors
    ///
    /// The front end's error for a checkpoint not saved.
    ///
    /// # Examples
    ///
    /// See [`Watched`].
    pub fn finish(&mut self, seq: &Sequence) -> Result<(), F::Error> {
        if self.checkpoints.path().is_some() && self.saved_len != Some(seq.len()) {
            if let Err(err) = self.save(seq) {
                return Err(self.front.save_failed(err, None));
            }
        }
        Ok(())
    }

    /// The run's result, the error that stopped it taking the place of the library's
    /// `Interrupted`.
    fn result<T>(&mut self, res: Result<T, ComputeError>) -> Result<T, Stopped<F::Error>> {
        match (res, self.error.take()) {
            (Err(ComputeError::Solve(SolveError::Interrupted)), Some(err)) => {
                Err(Stopped::Front(err))
            }
            (res, _) => res.map_err(Stopped::Compute),
        }
    }

    fn save(&mut self, seq: &Sequence) -> Result<(), CheckpointFileError> {
        if self.checkpoints.path().is_none() {
            return Ok(());
        }
        if let Some(spill) = &self.spill {
            spill
                .sync_data()
                .map_err(|source| CheckpointFileError::Sync {
                    what: "spill file",
                    source,
                })?;
        }
        self.checkpoints.save(&checkpoint::encode(seq))?;
        self.saved_len = Some(seq.len());
        Ok(())
    }
}

impl<F: Front> Observer for Watched<F> {
    fn progress(&mut self, seq: &Sequence, limit: usize) -> ControlFlow<()> {
        self.pace.tick();
        let flow = self.front.progress(seq, limit);
        // The front end's own time is not the next chunk's.
        self.pace.resume();
        match flow {
            ControlFlow::Continue(()) => {}
            ControlFlow::Break(Stop::Fail(err)) => {
                self.error = Some(err);
                return ControlFlow::Break(());
            }
            ControlFlow::Break(Stop::Save(stop)) => {
                // Only proved values are in `seq`: the checkpoint resumes exactly here.
                self.error = match self.save(seq) {
                    Err(err) => Some(self.front.save_failed(err, stop)),
                    Ok(()) => {
                        if let Some(path) = self.checkpoints.path() {
                            let path = path.to_path_buf();
                            self.front.stopped(seq, &path);
                        }
                        stop
                    }
                };
                return ControlFlow::Break(());
            }
        }
        if self.checkpoints.due() {
            if let Err(err) = self.save(seq) {
                self.error = Some(self.front.save_failed(err, None));
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    fn interval(&self) -> usize {
        self.pace.interval()
    }
}
