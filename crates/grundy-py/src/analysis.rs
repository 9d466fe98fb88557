//! `grundy.analyze` and `grundy.sum`: the library's analyses (outcome, value, winning moves
//! and the reasons as data).

use grundy::analysis::{
    analyze_components, analyze_sum, analyze_words, Analysis, AnalysisError, Component,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::{catalog_error, dyn_error, solve_error};
use crate::interrupt;

fn analysis_error(err: AnalysisError) -> PyErr {
    match err {
        AnalysisError::Catalog(err) => catalog_error(err),
        AnalysisError::Solve(err) => solve_error(err),
        AnalysisError::Game { source, .. } => dyn_error(source),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Plain data from anything the library serializes (the JSON the command line writes).
pub(crate) fn to_python<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text =
        serde_json::to_string(value).map_err(|err| PyValueError::new_err(err.to_string()))?;
    py.import("json")?
        .call_method1("loads", (PyString::new(py, &text),))
}

/// The words of `text`, split at white space.
pub(crate) fn words_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// Analyses a position of a built-in family, named as ``grundy analyze`` takes it:
/// ``analyze("nim 3 5 7")``, ``analyze("subtraction 1,3,4 -- 10 12")``,
/// ``analyze("sum nim 3 + bash 2 5")``. Closed forms answer huge positions exactly
/// (``analyze("wythoff 1618033988749894848 2618033988749894848")``).
///
/// Returns a ``grundy.Analysis``: outcome, nimber, winning moves and the reasons, each
/// as data and as the line ``grundy analyze`` prints.
///
/// Examples:
///     >>> a = grundy.analyze("nim 3 5 7")
///     >>> a.outcome, a.nimber, a.why[0]
///     ('win', 1, 'nim-sum 3 ^ 5 ^ 7 = 1')
///     >>> a.reasons[0]["reason"]
///     'nim_sum'
#[pyfunction]
pub fn analyze(py: Python<'_>, words: &str) -> PyResult<PyAnalysis> {
    let words = words_of(words);
    let is_file = |word: &String| word.ends_with(&format!(".{}", grundy_script::EXTENSION));
    if words.iter().any(is_file) {
        // A sum holding game files, as `grundy analyze FILE.luau POSITION + nim 3`: each
        // file with its position (else its start), each other component a family's words.
        let words = words.strip_prefix(&["sum".to_string()]).unwrap_or(&words);
        let mut components = Vec::new();
        for chunk in words.split(|word| word == "+") {
            match chunk.split_first() {
                Some((file, rest)) if is_file(file) => {
                    let (game, position) =
                        crate::open::open_file(file, rest, grundy::Play::Normal)?;
                    components.push(Component::Game {
                        name: file.clone(),
                        game,
                        position,
                    });
                }
                _ => components.push(Component::Family(chunk.to_vec())),
            }
        }
        let analysis = interrupt::run(
            py,
            grundy::Budget::default().within_machine(),
            move |budget| analyze_components(&components, &budget),
        )?
        .map_err(analysis_error)?;
        return Ok(PyAnalysis { analysis });
    }
    let analysis = interrupt::run(py, grundy::Budget::default().within_machine(), move |_| {
        analyze_words(&words)
    })?
    .map_err(analysis_error)?;
    Ok(PyAnalysis { analysis })
}

/// The sum of built-in games, by Sprague-Grundy: each component as ``grundy analyze``
/// names it (``sum("nim 3", "bash 2 5", "wythoff 1 2")``); its value is the XOR of theirs.
///
/// Examples:
///     >>> s = grundy.sum("nim 3", "bash 2 5")
///     >>> s.nimber, s.outcome
///     (1, 'win')
#[pyfunction]
#[pyo3(signature = (*components))]
pub fn sum(py: Python<'_>, components: Vec<String>) -> PyResult<PyAnalysis> {
    let mut words = Vec::new();
    for (idx, component) in components.iter().enumerate() {
        if idx > 0 {
            words.push("+".to_string());
        }
        words.extend(words_of(component));
    }
    let analysis = interrupt::run(py, grundy::Budget::default().within_machine(), move |_| {
        analyze_sum(&words)
    })?
    .map_err(analysis_error)?;
    Ok(PyAnalysis { analysis })
}

/// What is known about a position: outcome, nimber, winning moves, and why.
#[pyclass(name = "Analysis", module = "grundy", frozen)]
pub struct PyAnalysis {
    analysis: Analysis,
}

#[pymethods]
impl PyAnalysis {
    /// The family and parameter (``'sum'`` for a sum).
    #[getter]
    fn game(&self) -> &str {
        &self.analysis.game
    }

    /// The position, as typed.
    #[getter]
    fn position(&self) -> &str {
        &self.analysis.position
    }

    /// ``'win'`` or ``'loss'`` for the player to move.
    #[getter]
    fn outcome(&self) -> String {
        self.analysis.outcome.to_string()
    }

    /// The Grundy value, where known (never under misère play).
    #[getter]
    fn nimber(&self) -> Option<u64> {
        self.analysis.nimber.map(|n| n.0)
    }

    /// Every winning move, labelled (or those found, when ``complete`` is False).
    #[getter]
    fn winning_moves(&self) -> Vec<String> {
        self.analysis.winning_moves.clone()
    }

    /// False when ``winning_moves`` is not exhaustive.
    #[getter]
    fn complete(&self) -> bool {
        self.analysis.complete
    }

    /// The reasons as data: dicts with a ``"reason"`` key (``"nim_sum"``, ``"bouton"``,
    /// ...) and the numbers it applies to.
    #[getter]
    fn reasons<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.analysis.reasons)
    }

    /// One line per reason, as ``grundy analyze`` prints them.
    #[getter]
    fn why(&self) -> Vec<String> {
        self.analysis.why()
    }

    /// The analysis as plain data (``grundy analyze --json``'s fields).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.analysis)
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.Analysis({:?}, {:?}, {})",
            self.analysis.game, self.analysis.position, self.analysis.outcome
        )
    }

    fn __str__(&self) -> String {
        self.analysis.why().join("\n")
    }

    /// The analysis in a notebook: the outcome coloured, the winning moves, the reasons.
    fn _repr_html_(&self) -> String {
        crate::notebook::analysis_html(&self.analysis)
    }
}
