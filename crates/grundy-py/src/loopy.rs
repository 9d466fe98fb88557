//! `grundy.loopy`: loopy partizan games in CGSuite's notation (`on`, `off`, `over`, `under`,
//! `upon`, `dud`, `pass`, node labels `a{0|a}`, sided values `S & T`) as Python values with
//! their outcome (draws included), sides, sums and order.

use std::cmp::Ordering;

use grundy::cgt::loopy::{evaluate, LoopyError, LoopyEvaluation, LoopyGame, SidedValue};
use grundy::cgt::Arena;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

fn value_error(err: LoopyError) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// A loopy game's value: ``grundy.loopy("on + off")``.
#[pyclass(name = "LoopyValue", module = "grundy", frozen)]
pub struct PyLoopy {
    /// The game's graph (none for a sided value written `S & T`).
    game: Option<LoopyGame>,
    /// Its sides, or why they were not found.
    sided: Result<SidedValue, String>,
}

impl PyLoopy {
    /// The value of `game`: its graph, and its sides when they are stoppers.
    pub(crate) fn from_game(game: LoopyGame) -> PyResult<PyLoopy> {
        let sided = match SidedValue::of(&game) {
            Ok(v) => Ok(v),
            Err(err @ (LoopyError::NotStopperSided(_) | LoopyError::TooLarge(_))) => {
                Err(err.to_string())
            }
            Err(err) => return Err(value_error(err)),
        };
        Ok(PyLoopy {
            game: Some(game),
            sided,
        })
    }

    fn sides(&self) -> PyResult<&SidedValue> {
        self.sided
            .as_ref()
            .map_err(|message| PyValueError::new_err(message.clone()))
    }

    fn graph(&self) -> PyResult<&LoopyGame> {
        self.game.as_ref().ok_or_else(|| {
            PyValueError::new_err(
                "a sided value written S & T has no game to add; write a game whose sides they are",
            )
        })
    }

    fn compare(&self, other: &PyLoopy) -> PyResult<Option<Ordering>> {
        if let (Some(g), Some(h)) = (&self.game, &other.game) {
            let ge = g.sided_geq(h).map_err(value_error)?;
            let le = h.sided_geq(g).map_err(value_error)?;
            return Ok(match (ge, le) {
                (true, true) => Some(Ordering::Equal),
                (true, false) => Some(Ordering::Greater),
                (false, true) => Some(Ordering::Less),
                (false, false) => None,
            });
        }
        self.sides()?.compare(other.sides()?).map_err(value_error)
    }
}

/// The value of a loopy expression in CGSuite's notation: a ``LoopyValue``, or a bool for a
/// comparison. Raises ValueError with grundy's message (and column) for a bad expression.
///
/// Examples:
///     >>> import grundy
///     >>> dud = grundy.loopy("on + off")
///     >>> str(dud), dud.outcome, dud.onside, dud.offside
///     ('dud', 'D', 'on', 'off')
///     >>> grundy.loopy("over") > grundy.loopy("0"), grundy.loopy("over > 0")
///     (True, True)
///     >>> str(grundy.loopy("a{{|a}|}"))
///     '1 & 0'
#[pyfunction]
pub fn loopy(py: Python<'_>, expression: &str) -> PyResult<Py<PyAny>> {
    let evaluation = evaluate(&mut Arena::new(), expression).map_err(value_error)?;
    Ok(match evaluation {
        LoopyEvaluation::Comparison(truth) => PyBool::new(py, truth).to_owned().into_any().unbind(),
        LoopyEvaluation::Game(g) => Py::new(py, PyLoopy::from_game(g)?)?.into_any(),
        LoopyEvaluation::Sided(v) => Py::new(
            py,
            PyLoopy {
                game: None,
                sided: Ok(v),
            },
        )?
        .into_any(),
    })
}

#[pymethods]
impl PyLoopy {
    /// CGSuite's outcome class: ``'L'``, ``'R'``, ``'P'``, ``'N'``, ``'D'`` (a draw whoever
    /// starts), ``'NHat'``, ``'PCheck'``, ``'PHat'`` or ``'NCheck'``.
    ///
    /// Examples:
    ///     >>> import grundy
    ///     >>> grundy.loopy("a{{|a}|}").outcome
    ///     'PHat'
    #[getter]
    fn outcome(&self) -> PyResult<String> {
        Ok(match &self.game {
            Some(g) => g.outcome().to_string(),
            None => self.sides()?.outcome().to_string(),
        })
    }

    /// The onside in CGSuite's notation (infinite play counting for Left). Raises
    /// ValueError when the sides are not stoppers (Bach's Carousel).
    ///
    /// Examples:
    ///     >>> import grundy
    ///     >>> grundy.loopy("{0|{dud|},*}").onside
    ///     '^'
    #[getter]
    fn onside(&self) -> PyResult<String> {
        let v = self.sides()?;
        let s = v.onside();
        Ok(s.value_name().map_or_else(|| s.to_string(), str::to_string))
    }

    /// The offside in CGSuite's notation (infinite play counting for Right).
    ///
    /// Examples:
    ///     >>> import grundy
    ///     >>> grundy.loopy("{0|{dud|},*}").offside
    ///     'v*'
    #[getter]
    fn offside(&self) -> PyResult<String> {
        let v = self.sides()?;
        let s = v.offside();
        Ok(s.value_name().map_or_else(|| s.to_string(), str::to_string))
    }

    /// Whether the game is a stopper (no line of play alternates forever) for a game, or
    /// has equal sides for a sided value.
    ///
    /// Examples:
    ///     >>> import grundy
    ///     >>> grundy.loopy("over").is_stopper, grundy.loopy("dud").is_stopper
    ///     (True, False)
    #[getter]
    fn is_stopper(&self) -> PyResult<bool> {
        Ok(match &self.game {
            Some(g) => g.is_stopper(),
            None => self.sides()?.is_stopper(),
        })
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyLoopy> {
        let other = operand(other)?;
        let sum = self
            .graph()?
            .sum(other.get().graph()?)
            .map_err(value_error)?;
        PyLoopy::from_game(sum)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyLoopy> {
        let other = operand(other)?;
        let difference = (self.graph()?)
            .difference(other.get().graph()?)
            .map_err(value_error)?;
        PyLoopy::from_game(difference)
    }

    fn __neg__(&self) -> PyResult<PyLoopy> {
        match &self.game {
            Some(g) => PyLoopy::from_game(g.negative()),
            None => {
                let v = self.sides()?;
                let negative = SidedValue::new(&v.offside().negative(), &v.onside().negative())
                    .map_err(value_error)?;
                Ok(PyLoopy {
                    game: None,
                    sided: Ok(negative),
                })
            }
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = operand(other) else {
            return Ok(py.NotImplemented());
        };
        let order = self.compare(other.get())?;
        let truth = match op {
            CompareOp::Eq => order == Some(Ordering::Equal),
            CompareOp::Ne => order != Some(Ordering::Equal),
            CompareOp::Lt => order == Some(Ordering::Less),
            CompareOp::Le => matches!(order, Some(Ordering::Less | Ordering::Equal)),
            CompareOp::Gt => order == Some(Ordering::Greater),
            CompareOp::Ge => matches!(order, Some(Ordering::Greater | Ordering::Equal)),
        };
        Ok(PyBool::new(py, truth).to_owned().into_any().unbind())
    }

    fn __str__(&self) -> String {
        match (&self.sided, &self.game) {
            (Ok(v), _) => v.to_string(),
            (Err(_), Some(g)) => g.to_string(),
            (Err(message), None) => message.clone(),
        }
    }

    fn __repr__(&self) -> String {
        format!("grundy.loopy(\"{}\")", self.__str__())
    }
}

/// Another LoopyValue, or a TypeError.
fn operand<'py>(other: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyLoopy>> {
    other.cast::<PyLoopy>().cloned().map_err(|_| {
        PyTypeError::new_err(format!(
            "a LoopyValue combines with another LoopyValue (grundy.loopy(...)), not {}",
            other
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })
}
