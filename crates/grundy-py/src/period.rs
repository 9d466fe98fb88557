//! `grundy.Period` and `grundy.Distribution`: what a take-and-break sequence's values show,
//! its period (and the proof of it) and how its values are distributed.

use grundy::octal::period::Verdict;
use grundy::octal::stats::Distribution;
use numpy::PyArray1;
use pyo3::prelude::*;

/// What is known of a sequence's period.
///
/// ``kind`` is ``'periodic'`` (proved by the Octal Game Periodicity Theorem),
/// ``'arithmetic_periodic'`` (observed, never proved) or ``'not_found'``.
#[pyclass(name = "Period", module = "grundy", frozen)]
pub struct PyPeriod {
    pub verdict: Verdict,
}

#[pymethods]
impl PyPeriod {
    /// ``'periodic'``, ``'arithmetic_periodic'`` or ``'not_found'``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.verdict {
            Verdict::Periodic { .. } => "periodic",
            Verdict::ArithmeticPeriodic { .. } => "arithmetic_periodic",
            Verdict::NotFound { .. } => "not_found",
        }
    }

    /// True when the period is proved (Guy and Smith's theorem).
    #[getter]
    fn proved(&self) -> bool {
        matches!(self.verdict, Verdict::Periodic { .. })
    }

    /// The period p, or None.
    #[getter]
    fn period(&self) -> Option<usize> {
        match self.verdict {
            Verdict::Periodic { period, .. } | Verdict::ArithmeticPeriodic { period, .. } => {
                Some(period)
            }
            Verdict::NotFound { .. } => None,
        }
    }

    /// The preperiod e (the first heap size of the periodic part), or None.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        match self.verdict {
            Verdict::Periodic { preperiod, .. } | Verdict::ArithmeticPeriodic { preperiod, .. } => {
                Some(preperiod)
            }
            Verdict::NotFound { .. } => None,
        }
    }

    /// The bound of the proof: the largest heap size whose value the theorem needed
    /// (proved periods only).
    #[getter]
    fn proved_at(&self) -> Option<usize> {
        match self.verdict {
            Verdict::Periodic { proved_at, .. } => Some(proved_at),
            _ => None,
        }
    }

    /// The saltus s of an arithmetic period (G(n + p) = G(n) + s), else None.
    #[getter]
    fn saltus(&self) -> Option<i64> {
        match self.verdict {
            Verdict::ArithmeticPeriodic { saltus, .. } => Some(saltus),
            _ => None,
        }
    }

    /// The largest heap size looked at, when the period is not proved.
    #[getter]
    fn up_to(&self) -> Option<usize> {
        match self.verdict {
            Verdict::NotFound { up_to } => Some(up_to),
            Verdict::ArithmeticPeriodic { observed_to, .. } => Some(observed_to),
            Verdict::Periodic { .. } => None,
        }
    }

    fn __str__(&self) -> String {
        self.verdict.to_string()
    }

    fn __repr__(&self) -> String {
        format!("grundy.Period({:?})", self.verdict.to_string())
    }
}

/// How the values G(1), G(2), ... are distributed (G(0) is left out: heap 0 is never
/// part of a split), with the rare values of the sparse method.
#[pyclass(name = "Distribution", module = "grundy", frozen)]
pub struct PyDistribution {
    pub distribution: Distribution,
}

#[pymethods]
impl PyDistribution {
    /// ``counts[v]``: how many heap sizes n >= 1 have G(n) = v (numpy ``uint64``).
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, &self.distribution.counts)
    }

    /// The mask that makes the fewest heap sizes rare.
    #[getter]
    fn mask(&self) -> usize {
        self.distribution.mask
    }

    /// The values that occur and are rare under ``mask``.
    #[getter]
    fn rare_values(&self) -> Vec<u16> {
        self.distribution.rare_values.clone()
    }

    /// How many heap sizes n >= 1 have a rare value.
    #[getter]
    fn rare_positions(&self) -> u64 {
        self.distribution.rare_positions
    }

    /// The last heap size with a rare value, or None.
    #[getter]
    fn last_rare(&self) -> Option<usize> {
        self.distribution.last_rare
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.Distribution({} values, mask {}, {} rare positions)",
            self.distribution.counts.len(),
            self.distribution.mask,
            self.distribution.rare_positions
        )
    }
}
