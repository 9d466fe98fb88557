//! Results as Python values: moves, values and solutions (`grundy.Move`, `Value`,
//! `MoveValue`, `Solution`). They compare equal when their data are, hash (they are
//! immutable) and pickle (for `multiprocessing`, `joblib` and caches), each by the JSON the
//! library writes for it, restored by `grundy._restore`.

use std::hash::{DefaultHasher, Hash, Hasher};

use grundy::dynamic::{DynMove, MoveValue, Solution, Value};
use grundy::Outcome;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PyString};
use serde::Serialize;

use crate::datum::{from_datum, to_datum};

/// What `__reduce__` returns: the function that restores a result and its arguments.
pub type Reduced<'py> = (Bound<'py, PyAny>, (&'static str, String));

/// The hash of a result, by its JSON (equal data, equal JSON).
pub fn hash<T: Serialize>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    serde_json::to_string(value)
        .unwrap_or_default()
        .hash(&mut hasher);
    hasher.finish()
}

/// `__reduce__` of a result of kind `kind`: `grundy._restore(kind, its JSON)`.
pub fn reduce<'py, T: Serialize>(
    py: Python<'py>,
    kind: &'static str,
    value: &T,
) -> PyResult<Reduced<'py>> {
    let json = serde_json::to_string(value)
        .map_err(|err| PyValueError::new_err(format!("cannot pickle a {kind}: {err}")))?;
    let restore = py.import("grundy")?.getattr("_restore")?;
    Ok((restore, (kind, json)))
}

/// Rebuilds a pickled result: `kind` as [`reduce`] names it, `json` its data.
#[pyfunction]
pub fn _restore(py: Python<'_>, kind: &str, json: &str) -> PyResult<Py<PyAny>> {
    let bad =
        |err: serde_json::Error| PyValueError::new_err(format!("not a pickled {kind}: {err}"));
    Ok(match kind {
        "Move" => {
            let mv: DynMove = serde_json::from_str(json).map_err(bad)?;
            Py::new(py, PyMove { mv })?.into_any()
        }
        "Value" => {
            let value: Value = serde_json::from_str(json).map_err(bad)?;
            Py::new(py, PyValue { value })?.into_any()
        }
        "MoveValue" => {
            let valued: MoveValue = serde_json::from_str(json).map_err(bad)?;
            Py::new(py, PyMoveValue { valued })?.into_any()
        }
        "Solution" => {
            let solution: Solution = serde_json::from_str(json).map_err(bad)?;
            Py::new(
                py,
                PySolution {
                    solution,
                    board: None,
                    explanation: Vec::new(),
                },
            )?
            .into_any()
        }
        other => return Err(PyValueError::new_err(format!("no result kind {other:?}"))),
    })
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    }
}

/// A move: its label, the position it leads to, its points and whether the mover moves
/// again.
#[pyclass(name = "Move", module = "grundy", frozen)]
pub struct PyMove {
    pub mv: DynMove,
}

#[pymethods]
impl PyMove {
    /// A move to ``to`` (plain data) earning the mover ``points`` and, with ``again``, another
    /// turn: what a Python game's ``moves`` returns for scoring games and bonus turns.
    ///
    /// Examples:
    ///     >>> m = grundy.Move((3, 1), points=2, again=True)
    ///     >>> m.to, m.points, m.again
    ///     ((3, 1), 2, True)
    #[new]
    #[pyo3(signature = (to, points = 0, again = false))]
    fn new(to: &Bound<'_, PyAny>, points: i64, again: bool) -> PyResult<Self> {
        let to = to_datum(to)?;
        Ok(PyMove {
            mv: DynMove {
                label: to.to_string(),
                to,
                points,
                again,
            },
        })
    }

    /// How a person names the move, e.g. ``'heap 1: 3 -> 2'``.
    #[getter]
    fn label(&self) -> &str {
        &self.mv.label
    }

    /// The position after the move (seen from the player then to move).
    #[getter]
    fn to<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_datum(py, &self.mv.to)
    }

    /// Points the mover earns (scoring games; 0 otherwise).
    #[getter]
    fn points(&self) -> i64 {
        self.mv.points
    }

    /// True when the mover moves again.
    #[getter]
    fn again(&self) -> bool {
        self.mv.again
    }

    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.mv == other.mv
    }

    fn __hash__(&self) -> u64 {
        hash(&self.mv)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Move", &self.mv)
    }

    fn __repr__(&self) -> String {
        format!("grundy.Move({:?} -> {})", self.mv.label, self.mv.to)
    }
}

/// The value of a position for the player to move (or of a move for the mover).
#[pyclass(name = "Value", module = "grundy", frozen)]
pub struct PyValue {
    pub value: Value,
}

#[pymethods]
impl PyValue {
    /// ``'win'``, ``'loss'`` or ``'draw'``.
    #[getter]
    fn outcome(&self) -> &'static str {
        outcome_name(self.value.outcome)
    }

    /// Moves to the end under best play (the winner hurries, the loser delays), or None
    /// (loopy and scoring games, large sums).
    #[getter]
    fn remoteness(&self) -> Option<u64> {
        self.value.remoteness
    }

    /// The nimber (impartial games under normal play), else None. For a move: the
    /// nimber of the position it leads to.
    #[getter]
    fn nimber(&self) -> Option<u64> {
        self.value.nimber.map(|n| n.0)
    }

    /// The best points difference for the mover (scoring games), else None.
    #[getter]
    fn score(&self) -> Option<i64> {
        self.value.score
    }

    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.value == other.value
    }

    fn __hash__(&self) -> u64 {
        hash(&self.value)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Value", &self.value)
    }

    fn __repr__(&self) -> String {
        format!("grundy.Value({:?})", self.value.to_string())
    }

    fn __str__(&self) -> String {
        self.value.to_string()
    }
}

/// A move with its value for the mover.
#[pyclass(name = "MoveValue", module = "grundy", frozen)]
pub struct PyMoveValue {
    pub valued: MoveValue,
}

#[pymethods]
impl PyMoveValue {
    /// Its place among all the position's moves, from 0 (as ``Game.moves`` lists them).
    #[getter]
    fn index(&self) -> usize {
        self.valued.index
    }

    /// The move.
    #[getter]
    #[pyo3(name = "move")]
    fn mv(&self) -> PyMove {
        PyMove {
            mv: self.valued.mv.clone(),
        }
    }

    /// What the move is worth to the mover.
    #[getter]
    fn value(&self) -> PyValue {
        PyValue {
            value: self.valued.value,
        }
    }

    /// The move's label.
    #[getter]
    fn label(&self) -> &str {
        &self.valued.mv.label
    }

    /// The position the move leads to.
    #[getter]
    fn to<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_datum(py, &self.valued.mv.to)
    }

    /// ``'win'``, ``'loss'`` or ``'draw'`` for the mover.
    #[getter]
    fn outcome(&self) -> &'static str {
        outcome_name(self.valued.value.outcome)
    }

    /// The nimber of the position reached, or None.
    #[getter]
    fn nimber(&self) -> Option<u64> {
        self.valued.value.nimber.map(|n| n.0)
    }

    /// The mover's best points difference after this move (scoring games), else None.
    #[getter]
    fn score(&self) -> Option<i64> {
        self.valued.value.score
    }

    /// Moves to the end after this move under best play, or None.
    #[getter]
    fn remoteness(&self) -> Option<u64> {
        self.valued.value.remoteness
    }

    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.valued == other.valued
    }

    fn __hash__(&self) -> u64 {
        hash(&self.valued)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "MoveValue", &self.valued)
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.MoveValue({:?}, {:?})",
            self.valued.mv.label,
            self.valued.value.to_string()
        )
    }
}

/// Everything ``Game.solve`` knows about a position.
///
/// Examples:
///     >>> s = grundy.game("subtraction", "1,3,4").solve([10, 12])
///     >>> s.outcome, s.nimber
///     ('win', 2)
///     >>> [m.label for m in s.optimal_moves]
///     ['heap 2: 12 -> 8']
#[pyclass(name = "Solution", module = "grundy", frozen)]
pub struct PySolution {
    pub solution: Solution,
    /// The position drawn (SVG), shown beside the moves in a notebook, when the game
    /// draws its positions.
    pub board: Option<String>,
    /// Why, one line a step, when the answer came from a closed argument rather than a
    /// search (a misère sum of heaps from its quotient); empty otherwise.
    pub explanation: Vec<String>,
}

#[pymethods]
impl PySolution {
    /// The position solved.
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        from_datum(py, &self.solution.position)
    }

    /// Its value for the player to move.
    #[getter]
    fn value(&self) -> PyValue {
        PyValue {
            value: self.solution.value,
        }
    }

    /// ``'win'``, ``'loss'`` or ``'draw'`` for the player to move.
    #[getter]
    fn outcome(&self) -> &'static str {
        outcome_name(self.solution.value.outcome)
    }

    /// The nimber (impartial games under normal play), else None.
    #[getter]
    fn nimber(&self) -> Option<u64> {
        self.solution.value.nimber.map(|n| n.0)
    }

    /// The best points difference for the player to move (scoring games), else None.
    #[getter]
    fn score(&self) -> Option<i64> {
        self.solution.value.score
    }

    /// Moves to the end under best play, or None.
    #[getter]
    fn remoteness(&self) -> Option<u64> {
        self.solution.value.remoteness
    }

    /// The moves listed, in the game's order, each with its value for the mover: every
    /// move, unless the position has more than 1000 and ``all_moves`` was not asked for;
    /// then the first 1000 and the winning and optimal ones (``move_count`` counts all).
    #[getter]
    fn moves(&self) -> Vec<PyMoveValue> {
        self.solution
            .moves
            .iter()
            .map(|valued| PyMoveValue {
                valued: valued.clone(),
            })
            .collect()
    }

    /// How many moves the position has (``moves`` may list fewer).
    #[getter]
    fn move_count(&self) -> usize {
        self.solution.counts.moves
    }

    /// How many of its moves win for the mover.
    #[getter]
    fn winning_count(&self) -> usize {
        self.solution.counts.winning
    }

    /// Whether ``moves`` lists every move of the position.
    #[getter]
    fn all_listed(&self) -> bool {
        self.solution.lists_every_move()
    }

    /// Indices into ``moves`` of the optimal moves listed.
    #[getter]
    fn optimal(&self) -> Vec<usize> {
        self.solution.optimal.clone()
    }

    /// The optimal moves: the quickest wins (or, losing, the longest resistance), or the
    /// best score.
    #[getter]
    fn optimal_moves(&self) -> Vec<PyMoveValue> {
        self.solution
            .optimal
            .iter()
            .map(|&idx| PyMoveValue {
                valued: self.solution.moves[idx].clone(),
            })
            .collect()
    }

    /// The moves that win for the mover (none when the player to move loses).
    #[getter]
    fn winning_moves(&self) -> Vec<PyMoveValue> {
        self.solution
            .moves
            .iter()
            .filter(|m| m.value.outcome == Outcome::Win)
            .map(|valued| PyMoveValue {
                valued: valued.clone(),
            })
            .collect()
    }

    /// A principal line: optimal moves for both sides from here to the end (empty when
    /// ``skipped`` and no closed form gave one).
    #[getter]
    fn line(&self) -> Vec<PyMove> {
        self.solution
            .line
            .iter()
            .map(|mv| PyMove { mv: mv.clone() })
            .collect()
    }

    /// True when remoteness (and the line, where no closed form gives one) was skipped as
    /// costing more than the value; ``solve(..., remoteness=True)`` computes it.
    #[getter]
    fn skipped(&self) -> bool {
        self.solution.skipped
    }

    /// How the answer was found, one line a step, when not by a search: a misère sum of
    /// heaps of a code is answered by the code's misère quotient when it is found within 5
    /// seconds, as ``grundy solve CODE H.. --misere`` answers it (each heap's element,
    /// their product, whether it lies in the P-portion, the winning moves); when it is
    /// not, one line saying why and that the sum was searched; empty for any other
    /// searched answer (and after unpickling).
    ///
    /// Examples:
    ///     >>> s = grundy.game("0.33", misere=True).solve([2, 2])
    ///     >>> s.outcome, s.explanation[0]
    ///     ('loss', 'the misère quotient of 0.33 for heaps up to 2 (order 6, proved for every sum of such heaps): 2 ×2: b; their product is b^2, in the P-portion {a, b^2}')
    #[getter]
    fn explanation(&self) -> Vec<String> {
        self.explanation.clone()
    }

    /// The solution as plain data (the JSON of ``grundy solve --json``'s fields).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.solution)
            .map_err(|err| PyValueError::new_err(err.to_string()))?;
        py.import("json")?
            .call_method1("loads", (PyString::new(py, &text),))
    }

    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.solution == other.solution
    }

    fn __hash__(&self) -> u64 {
        hash(&self.solution)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        reduce(py, "Solution", &self.solution)
    }

    /// The moves listed (``len(moves)``).
    fn __len__(&self) -> usize {
        self.solution.moves.len()
    }

    /// The moves listed, each with its value (as ``moves``).
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, self.moves())?.try_iter()
    }

    /// The solution in a notebook: the board, the value, and every move listed coloured
    /// by its value for the mover (the optimal ones starred).
    fn _repr_html_(&self) -> String {
        crate::notebook::solution_html(&self.solution, self.board.as_deref())
    }

    /// The position as Python writes it (a tuple, as ``position`` gives it), the value and
    /// the number of moves.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "grundy.Solution(position={}, {}, {} moves)",
            self.position(py)?.repr()?,
            self.solution.value,
            self.solution.counts.moves
        ))
    }
}
