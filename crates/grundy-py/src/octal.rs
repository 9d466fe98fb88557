//! `grundy.octal`: take-and-break sequences (octal and hexadecimal codes) computed by the
//! library, handed to Python as numpy arrays, with the period and its proof, the value
//! distribution, progress callbacks, Ctrl-C and checkpoints.
//!
//! A run holds no interpreter lock while it computes: the library's watched run calls
//! [`Callback`] between chunks of values, which attaches to the interpreter only to check
//! for signals and call the progress callback, and saves the checkpoint. A signal or an exception in the
//! callback stops the run there; the sequence then holds only the values computed and
//! proved before the stop (the library commits nothing else), and a checkpoint, when one
//! is kept, is saved at that point.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use grundy::octal::period::{self, Verdict};
use grundy::octal::stats::Distribution;
use grundy::octal::{checkpoint, Method, Sequence, TakeAndBreak};
use grundy::run::octal::{Front, Stop, Stopped, Watched};
use grundy::run::{CheckpointFileError, Checkpoints};
use grundy::Budget;
use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::errors::{checkpoint_error, code_error, compute_error};
use crate::period::{PyDistribution, PyPeriod};

/// How long a chunk of values should take: the longest wait for Ctrl-C or progress.
const CHUNK_TIME: Duration = Duration::from_millis(100);

/// What Python adds to the library's watched run ([`grundy::run::octal::Watched`], which
/// paces the chunks and saves the checkpoints): its signals and the progress callback.
struct Callback {
    progress: Option<Py<PyAny>>,
}

/// A run watched from Python.
type Watch = Watched<Callback>;

/// A run calling `progress`, saving to `checkpoint` every `every` seconds.
fn watch(progress: Option<Py<PyAny>>, checkpoint: Option<PathBuf>, every: f64) -> Watch {
    Watched::new(
        Callback { progress },
        Checkpoints::new(checkpoint, every),
        CHUNK_TIME,
    )
}

impl Front for Callback {
    type Error = PyErr;

    fn progress(&mut self, seq: &Sequence, limit: usize) -> ControlFlow<Stop<PyErr>> {
        let called = Python::attach(|py| -> PyResult<()> {
            py.check_signals()?;
            if let Some(callback) = &self.progress {
                callback.call1(py, (seq.len(), limit))?;
            }
            Ok(())
        });
        match called {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => ControlFlow::Break(Stop::Save(Some(err))),
        }
    }

    fn save_failed(&mut self, err: CheckpointFileError, stop: Option<PyErr>) -> PyErr {
        let save_err = os_error(&err);
        match stop {
            None => save_err,
            Some(stop) => {
                Python::attach(|py| {
                    crate::errors::add_note(
                        py,
                        &stop,
                        format!("and the checkpoint was not saved: {save_err}"),
                    );
                });
                stop
            }
        }
    }
}

/// A checkpoint not read or saved, as Python's `OSError`.
fn os_error(err: &CheckpointFileError) -> PyErr {
    pyo3::exceptions::PyOSError::new_err(err.line())
}

/// A take-and-break code's Grundy sequence G(0), G(1), ...: its values (a numpy array),
/// the verdict on its period, the distribution of its values.
///
/// Made by ``grundy.octal(...)``; ``extend`` and ``find_period`` compute more.
///
/// Examples:
///     >>> k = grundy.octal("0.77")
///     >>> k.verdict.period, k.verdict.preperiod, k.verdict.proved
///     (12, 71, True)
///     >>> k.values[:8].tolist()
///     [0, 1, 2, 3, 1, 4, 3, 2]
#[pyclass(name = "OctalSequence", module = "grundy", frozen)]
pub struct PyOctal {
    seq: Mutex<Sequence>,
    /// What the last run asked for and found.
    judged: Mutex<Judged>,
}

/// The values a run asked for (`len`: G(0) .. G(len - 1), fewer than the sequence holds
/// when it resumed from a longer checkpoint), the verdict on them, and where values
/// started to follow from the period.
#[derive(Clone, Copy)]
struct Judged {
    len: usize,
    verdict: Verdict,
    by_period_from: Option<usize>,
}

impl PyOctal {
    fn seq(&self) -> PyResult<MutexGuard<'_, Sequence>> {
        self.seq.try_lock().map_err(|_| {
            PyRuntimeError::new_err("the sequence is being extended by another thread")
        })
    }

    /// Runs `job` on the sequence without the interpreter lock, watched; saves the final
    /// state when it ends.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        watch: &mut Watch,
        job: impl FnOnce(&mut Sequence, &mut Watch) -> Result<T, Stopped<PyErr>> + Send,
    ) -> PyResult<T> {
        let mut guard = self.seq()?;
        let seq: &mut Sequence = &mut guard;
        let res = py
            .detach(|| job(seq, watch))
            .map_err(|stopped| match stopped {
                Stopped::Front(err) => err,
                Stopped::Compute(err) => compute_error(err),
            });
        if res.is_ok() {
            watch.finish(seq)?;
        }
        res
    }

    fn extend_watched(
        &self,
        py: Python<'_>,
        len: usize,
        progress: Option<Py<PyAny>>,
        checkpoint: Option<PathBuf>,
        every: f64,
    ) -> PyResult<()> {
        let mut watch = watch(progress, checkpoint, every);
        let from = self.run(py, &mut watch, |seq, watch| watch.extend(seq, len))?;
        let seq = self.seq()?;
        let len = len.min(seq.len());
        *self.judged.lock().map_err(poisoned)? = Judged {
            len,
            verdict: period::verdict(&seq.values()[..len], seq.game()),
            by_period_from: from,
        };
        Ok(())
    }

    /// Finds the period (or gives up at `limit` values), watched.
    fn analyze(&self, py: Python<'_>, limit: usize, mut watch: Watch) -> PyResult<Verdict> {
        let verdict = self.run(py, &mut watch, |seq, watch| watch.analyze(seq, limit))?;
        let len = self.seq()?.len();
        *self.judged.lock().map_err(poisoned)? = Judged {
            len,
            verdict,
            by_period_from: None,
        };
        Ok(verdict)
    }

    fn judged(&self) -> PyResult<Judged> {
        Ok(*self.judged.lock().map_err(poisoned)?)
    }
}

fn poisoned<T>(_: T) -> PyErr {
    PyRuntimeError::new_err("grundy: internal error: a lock was poisoned")
}

/// Computes the Grundy sequence of a take-and-break ``code`` (``"0.77"`` Kayles,
/// ``"0.6"`` Officers, hexadecimal ``"0.F"``; digits as in Winning Ways).
///
/// With ``to``, exactly the values G(0) .. G(to - 1) (like ``range(to)``), the period
/// judged on them; values past a proved period are copied from it, not searched. Without
/// ``to``, values until the period is proved or ``limit`` values (2^20 for the sparse
/// method, as ``grundy octal``).
///
/// ``method`` is ``"sparse"`` (rare/common values; codes whose moves leave at most two
/// heaps; the default for them) or ``"direct"``. ``progress(done, total)`` is called
/// between chunks of values (about ten times a second); an exception it raises stops the
/// run and is raised here, as is ``KeyboardInterrupt`` on Ctrl-C. ``checkpoint`` names a
/// file the run resumes from when it exists and saves to every ``checkpoint_every``
/// seconds, when it stops and when it ends. ``memory`` bounds the bytes of values (2 a
/// value; 8 GiB by default, less where the process can take less): a run that needs more
/// raises ``grundy.TooLargeError`` before it starts.
///
/// Examples:
///     >>> s = grundy.octal("0.6", to=1000)
///     >>> len(s.values), s.values.dtype.name
///     (1000, 'uint16')
///     >>> str(grundy.octal("0.07").verdict)
///     'periodic, period 34, preperiod 53, proved at n = 175'
#[pyfunction]
#[pyo3(signature = (code, to = None, *, method = None, limit = None, progress = None, checkpoint = None, checkpoint_every = 30.0, memory = None))]
#[allow(clippy::too_many_arguments)]
pub fn octal(
    py: Python<'_>,
    code: &str,
    to: Option<usize>,
    method: Option<&str>,
    limit: Option<usize>,
    progress: Option<Py<PyAny>>,
    checkpoint: Option<PathBuf>,
    checkpoint_every: f64,
    memory: Option<u64>,
) -> PyResult<PyOctal> {
    let game: TakeAndBreak = code.parse().map_err(code_error)?;
    let method = match method {
        Some(text) => text
            .parse::<Method>()
            .map_err(|err| PyValueError::new_err(err.to_string()))?,
        None => Method::for_game(&game),
    };
    let bytes = memory.unwrap_or_else(|| Budget::default().within_machine().bytes());
    let budget = Budget::default()
        .with_bytes(bytes)
        .with_positions(bytes / 2);
    let saved = Checkpoints::new(checkpoint.clone(), checkpoint_every)
        .load()
        .map_err(|err| os_error(&err))?;
    let seq = match (&checkpoint, saved) {
        (Some(path), Some(bytes)) => {
            let shown = path.display().to_string();
            checkpoint::restore(&bytes, &game, method, budget, None)
                .map_err(|err| checkpoint_error(&shown, err))?
        }
        _ => Sequence::new(game.clone(), method, budget).map_err(compute_error)?,
    };
    let octal = PyOctal {
        judged: Mutex::new(Judged {
            len: seq.len(),
            verdict: period::verdict(seq.values(), seq.game()),
            by_period_from: None,
        }),
        seq: Mutex::new(seq),
    };
    match to {
        Some(len) => octal.extend_watched(py, len, progress, checkpoint, checkpoint_every)?,
        None => {
            let limit = limit.unwrap_or_else(|| method.search_limit(&game));
            let watch = watch(progress, checkpoint, checkpoint_every);
            octal.analyze(py, limit, watch)?;
        }
    }
    Ok(octal)
}

#[pymethods]
impl PyOctal {
    /// The code, as the library writes it (``'0.77'``).
    #[getter]
    fn code(&self) -> PyResult<String> {
        Ok(self.seq()?.game().to_string())
    }

    /// ``'sparse'`` or ``'direct'``.
    #[getter]
    fn method(&self) -> PyResult<String> {
        Ok(self.seq()?.method().to_string())
    }

    /// The largest number of tokens a move takes.
    #[getter]
    fn max_take(&self) -> PyResult<usize> {
        Ok(self.seq()?.game().max_take())
    }

    /// The most heaps a move leaves (2 for octal codes, 3 for some hexadecimal ones).
    #[getter]
    fn max_heaps(&self) -> PyResult<usize> {
        Ok(self.seq()?.game().max_heaps())
    }

    /// The values G(0) .. G(len - 1) as a numpy ``uint16`` array (a copy, made in one step).
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u16>>> {
        let len = self.judged()?.len;
        Ok(PyArray1::from_slice(py, &self.seq()?.values()[..len]))
    }

    /// The verdict on the period of the values judged last: ``grundy.Period``.
    #[getter]
    fn verdict(&self) -> PyResult<PyPeriod> {
        Ok(PyPeriod {
            verdict: self.judged()?.verdict,
        })
    }

    /// The heap size from which the values were copied from the proved period rather
    /// than searched, or None.
    #[getter]
    fn by_period_from(&self) -> PyResult<Option<usize>> {
        Ok(self.judged()?.by_period_from)
    }

    /// The repeating values (from the preperiod, one period long) when the period is
    /// proved, else None.
    #[getter]
    fn pattern<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyArray1<u16>>>> {
        let seq = self.seq()?;
        Ok(match self.judged()?.verdict {
            Verdict::Periodic {
                period, preperiod, ..
            } => Some(PyArray1::from_slice(
                py,
                &seq.values()[preperiod..preperiod + period],
            )),
            _ => None,
        })
    }

    /// How the values G(1), G(2), ... are distributed: ``grundy.Distribution``.
    #[getter]
    fn distribution(&self) -> PyResult<PyDistribution> {
        let seq = self.seq()?;
        let len = self.judged()?.len;
        // The running tally covers every value computed; fewer are recounted.
        let distribution = match len == seq.len() {
            true => Distribution::from_tally(seq.tally()),
            false => Distribution::of(&seq.values()[..len]),
        };
        Ok(PyDistribution { distribution })
    }

    /// What the sparse method's batches on several threads did in this process, a dict:
    /// ``batches``, ``failed_proofs``, ``candidates``, ``candidate_seconds`` (the CPU time of
    /// the thread computing them, less ``wait_cpu_seconds``, what it spent in its waits:
    /// ``candidates / candidate_seconds`` is the most values per second the run allows,
    /// however many threads prove), ``wait_cpu_seconds``, ``far_blocks``, ``far_fallbacks``,
    /// ``far_missed``, ``far_waited``, ``mid_missed``, ``open_from_pool`` (see ``grundy
    /// octal``'s ``threads:`` line), ``seconds``, ``threads``, ``proof_seconds``,
    /// ``far_seconds``, ``commit_seconds``, ``wait_seconds``, ``rounds``, ``queue_seconds``,
    /// ``far_wait_seconds``, ``mid_wait_seconds`` (its ``pool:`` line). All zero on one
    /// thread.
    #[getter]
    fn pipeline<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::analysis::to_python(py, &self.seq()?.pipeline())
    }

    /// FNV-1a (64 bits, hexadecimal) of every value, as ``grundy octal --json`` gives it.
    #[getter]
    fn digest(&self) -> PyResult<String> {
        let seq = self.seq()?;
        let len = self.judged()?.len;
        Ok(format!(
            "{:016x}",
            match len == seq.len() {
                true => seq.tally().digest,
                false => checkpoint::digest(&seq.values()[..len]),
            }
        ))
    }

    /// Computes values until there are ``to`` (G(0) .. G(to - 1)) and judges the period on
    /// them; ``progress``, ``checkpoint`` and ``checkpoint_every`` as in ``grundy.octal``.
    ///
    /// Examples:
    ///     >>> s = grundy.octal("0.6", to=100)
    ///     >>> s.extend(200)
    ///     >>> len(s)
    ///     200
    #[pyo3(signature = (to, *, progress = None, checkpoint = None, checkpoint_every = 30.0))]
    fn extend(
        &self,
        py: Python<'_>,
        to: usize,
        progress: Option<Py<PyAny>>,
        checkpoint: Option<PathBuf>,
        checkpoint_every: f64,
    ) -> PyResult<()> {
        self.extend_watched(py, to, progress, checkpoint, checkpoint_every)
    }

    /// Computes values until the period is proved or there are ``limit``; returns the
    /// verdict.
    ///
    /// Examples:
    ///     >>> s = grundy.octal("0.77", to=10)
    ///     >>> s.find_period(1000).period
    ///     12
    #[pyo3(signature = (limit, *, progress = None))]
    fn find_period(
        &self,
        py: Python<'_>,
        limit: usize,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<PyPeriod> {
        let watch = watch(progress, None, f64::INFINITY);
        let verdict = self.analyze(py, limit, watch)?;
        Ok(PyPeriod { verdict })
    }

    /// Saves the values to ``path`` (a checkpoint that ``grundy.octal(code,
    /// checkpoint=path)`` and ``grundy octal CODE --checkpoint PATH`` resume from).
    fn save(&self, path: PathBuf) -> PyResult<()> {
        let bytes = checkpoint::encode(&*self.seq()?);
        Checkpoints::new(Some(path), 0.0)
            .save(&bytes)
            .map_err(|err| os_error(&err))
    }

    fn __len__(&self) -> PyResult<usize> {
        self.judged().map(|judged| judged.len)
    }

    /// ``seq[n]``: G(n) (negative ``n`` counts from the end); ``seq[a:b:c]``: those values
    /// as a numpy ``uint16`` array, as ``seq.values[a:b:c]``.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = key.cast::<pyo3::types::PySlice>() {
            return self.values(py)?.get_item(slice);
        }
        let n: isize = key.extract()?;
        Ok(self.value_at(n)?.into_pyobject(py)?.into_any())
    }

    /// ``numpy.asarray(seq)``: the values judged, as ``seq.values`` (``dtype`` converts them).
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // The array is always a fresh copy: `copy=False` cannot be honoured.
        if copy == Some(false) {
            return Err(PyValueError::new_err(
                "an OctalSequence's values are copied into a new array (copy=False is impossible)",
            ));
        }
        let values = self.values(py)?.into_any();
        match dtype {
            Some(dtype) => values.call_method1("astype", (dtype,)),
            None => Ok(values),
        }
    }

    /// Pickles as the call that computes it again, ``grundy.octal(code, to)`` with as many
    /// values (computed again where it is unpickled: values, verdict and period are the
    /// same, whatever the method or threads).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let code = self.code()?;
        let len = self.judged()?.len;
        (py.import("grundy")?.getattr("octal")?, (code, len))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    fn __repr__(&self) -> PyResult<String> {
        let seq = self.seq()?;
        let judged = self.judged()?;
        Ok(format!(
            "grundy.OctalSequence({:?}, {} values, {})",
            seq.game().to_string(),
            judged.len,
            judged.verdict
        ))
    }
}

impl PyOctal {
    /// G(n), negative `n` counting from the end of the values judged.
    fn value_at(&self, n: isize) -> PyResult<u16> {
        let seq = self.seq()?;
        let len = self.judged()?.len as isize;
        let idx = if n < 0 { n + len } else { n };
        (0..len)
            .contains(&idx)
            .then(|| seq.get(idx as usize))
            .flatten()
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "G({n}) is not computed: the sequence has {len} values (extend it)"
                ))
            })
    }
}
