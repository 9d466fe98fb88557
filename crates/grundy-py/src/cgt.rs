//! `grundy.cgt`: short partizan game values (CGSuite's notation) as Python objects with
//! operators, over one arena shared by the process (so equal values are the same id and
//! `==` and `hash` are exact).

use std::sync::{LazyLock, Mutex, MutexGuard};

use grundy::cgt::{Arena, AtomicWeightError, CgtError, Dyadic, GameId, Thermograph};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::fraction::fraction;
use crate::thermograph::PyThermograph;
use pyo3::types::PyString;

static ARENA: LazyLock<Mutex<Arena>> = LazyLock::new(|| Mutex::new(Arena::new()));

/// The process's arena (a panic elsewhere leaves it consistent: every operation either
/// stores a finished form or nothing).
pub(crate) fn arena() -> MutexGuard<'static, Arena> {
    ARENA
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn value_error(err: CgtError) -> PyErr {
    PyOverflowError::new_err(err.to_string())
}

/// A short partizan game in canonical form: ``grundy.cgt("{2|0||-1}")``.
#[pyclass(name = "CgtGame", module = "grundy", frozen)]
pub struct PyCgt {
    id: GameId,
}

impl PyCgt {
    /// The form `id` of the process's arena ([`arena`]).
    pub(crate) fn from_id(id: GameId) -> PyCgt {
        PyCgt { id }
    }
}

/// The value of an expression in CGSuite's plain-text notation (``"1/2"``, ``"*2"``,
/// ``"^*"``, ``"{2|0||-1}"``, ``"+-1"``, sums and differences). Raises ValueError naming the
/// column of a bad expression.
///
/// Examples:
///     >>> import grundy
///     >>> up = grundy.cgt("^")
///     >>> up + up == grundy.cgt("{0|^*}")
///     True
///     >>> str(grundy.cgt("{1|-1}")), grundy.cgt("{1|-1}").temperature
///     ('+-1', Fraction(1, 1))
///     >>> from fractions import Fraction
///     >>> grundy.cgt(3) == grundy.cgt("3"), str(grundy.cgt(Fraction(3, 4)))
///     (True, '3/4')
#[pyfunction]
pub fn cgt(expression: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
    if expression.is_instance_of::<PyString>() {
        let text: String = expression.extract()?;
        let id = arena()
            .parse(&text)
            .map_err(|err| PyValueError::new_err(err.to_string()))?;
        return Ok(PyCgt { id });
    }
    if let Some(id) = comparand(expression)? {
        return Ok(PyCgt { id });
    }
    // A Fraction that is no dyadic rational: say why, as the operations do.
    let rational = expression.py().import("numbers")?.getattr("Rational")?;
    if expression.is_instance(&rational)? {
        return Err(PyValueError::new_err(format!(
            "{} is not a dyadic rational (a number game's denominator is a power of two)",
            expression.str()?
        )));
    }
    Err(PyTypeError::new_err(format!(
        "grundy.cgt takes an expression string, an int, a dyadic Fraction or a CgtGame, not {}",
        expression.get_type().name()?
    )))
}

/// A game, an int (a number) or an expression as an operand.
fn operand(other: &Bound<'_, PyAny>) -> PyResult<GameId> {
    if let Ok(game) = other.cast::<PyCgt>() {
        return Ok(game.get().id);
    }
    if other.is_instance_of::<PyString>() {
        return Ok(cgt(other)?.id);
    }
    if let Ok(n) = other.extract::<i64>() {
        return Ok(arena().integer(n));
    }
    Err(PyTypeError::new_err(format!(
        "a game operand is a grundy.CgtGame, an int or an expression string, not {}",
        other.get_type().name()?
    )))
}

#[pymethods]
impl PyCgt {
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let other = operand(other)?;
        Ok(PyCgt {
            id: arena().sum(self.id, other).map_err(value_error)?,
        })
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        self.__add__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let other = operand(other)?;
        Ok(PyCgt {
            id: arena().difference(self.id, other).map_err(value_error)?,
        })
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let other = operand(other)?;
        Ok(PyCgt {
            id: arena().difference(other, self.id).map_err(value_error)?,
        })
    }

    fn __neg__(&self) -> PyCgt {
        PyCgt {
            id: arena().negative(self.id),
        }
    }

    fn __pos__(&self) -> PyCgt {
        PyCgt { id: self.id }
    }

    /// The order of games: ``<=``, ``<``, ``>=``, ``>``; ``==`` is equality of values.
    /// Games that are confused are neither ``<=`` nor ``>=`` (see ``confused_with``). A game
    /// compares with another, and with an int, a Fraction or a float whose value is a
    /// dyadic rational (``grundy.cgt("1/2") == Fraction(1, 2)``); anything else is not
    /// comparable (``==`` is False, ``<`` raises TypeError).
    /// The value in a notebook, as LaTeX (``$\\pm 1$`` for ``+-1``, arrows for ups).
    fn _repr_latex_(&self) -> String {
        crate::notebook::cgt_latex(&self.__str__())
    }

    /// Pickles as its canonical form, read back by ``grundy.cgt``.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.import("grundy")?.getattr("cgt")?, (self.__str__(),)))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Some(other) = comparand(other)? else {
            return Ok(py.NotImplemented());
        };
        let mut arena = arena();
        let truth = match op {
            CompareOp::Eq => self.id == other,
            CompareOp::Ne => self.id != other,
            CompareOp::Le => arena.leq(self.id, other),
            CompareOp::Ge => arena.leq(other, self.id),
            CompareOp::Lt => arena.leq(self.id, other) && self.id != other,
            CompareOp::Gt => arena.leq(other, self.id) && self.id != other,
        };
        Ok(pyo3::types::PyBool::new(py, truth)
            .to_owned()
            .into_any()
            .unbind())
    }

    /// Whether the two games are confused (``G || H``): neither is at most the other.
    fn confused_with(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = operand(other)?;
        Ok(arena().compare(self.id, other).is_none())
    }

    /// A number hashes as the equal int or Fraction does (so that equal values hash
    /// alike); any other game by its form.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let number = arena().as_number(self.id);
        match number {
            Some(x) => fraction(py, x)?.bind(py).hash(),
            None => Ok(isize::try_from(self.id.index()).unwrap_or(isize::MAX)),
        }
    }

    fn __repr__(&self) -> String {
        format!("grundy.cgt({:?})", arena().display(self.id))
    }

    fn __str__(&self) -> String {
        arena().display(self.id)
    }

    /// The form with every game that is not a number in braces: ``"{0,{0|0}|0}"`` for ``^*``.
    #[getter]
    fn canonical(&self) -> String {
        arena().explicit(self.id)
    }

    /// The outcome class: ``'L'``, ``'R'``, ``'N'`` or ``'P'``.
    #[getter]
    fn outcome(&self) -> String {
        arena().outcome(self.id).to_string()
    }

    /// The left stop, a Fraction.
    #[getter]
    fn left_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let stop = arena().stops(self.id).0;
        fraction(py, stop)
    }

    /// The right stop, a Fraction.
    #[getter]
    fn right_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let stop = arena().stops(self.id).1;
        fraction(py, stop)
    }

    /// The mean, a Fraction.
    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let mean = arena().mean(self.id).map_err(value_error)?;
        fraction(py, mean)
    }

    /// The temperature, a Fraction (``-1`` for integers, ``-1/2^k`` for other numbers).
    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let temperature = arena().temperature(self.id).map_err(value_error)?;
        fraction(py, temperature)
    }

    /// The atomic weight as CGSuite defines it (every all-small game has one, and so do
    /// some other infinitesimals: ``cgt("Tiny(3/2)")`` weighs 0), else None.
    #[getter]
    fn atomic_weight(&self) -> PyResult<Option<PyCgt>> {
        match arena().atomic_weight(self.id) {
            Ok(id) => Ok(Some(PyCgt { id })),
            Err(AtomicWeightError::Cgt(err)) => Err(value_error(err)),
            Err(_) => Ok(None),
        }
    }

    /// The reduced canonical form (CGSuite's ``ReducedCanonicalForm``): the simplest form
    /// equal to the game up to an infinitesimal (``cgt("1/2 + ^*")`` reduces to ``1/2``).
    #[getter]
    fn reduced_canonical_form(&self) -> PyResult<PyCgt> {
        let id = arena().reduced(self.id).map_err(value_error)?;
        Ok(PyCgt { id })
    }

    /// Whether the game is a number.
    #[getter]
    fn is_number(&self) -> bool {
        arena().as_number(self.id).is_some()
    }

    /// The canonical left options.
    #[getter]
    fn left_options(&self) -> Vec<PyCgt> {
        arena()
            .left_options(self.id)
            .into_iter()
            .map(|id| PyCgt { id })
            .collect()
    }

    /// The canonical right options.
    #[getter]
    fn right_options(&self) -> Vec<PyCgt> {
        arena()
            .right_options(self.id)
            .into_iter()
            .map(|id| PyCgt { id })
            .collect()
    }

    /// The birthday of the canonical form (0 for 0, else one more than its options').
    #[getter]
    fn birthday(&self) -> u64 {
        arena().birthday(self.id)
    }

    /// The Left incentives ``GL - G`` of the canonical form.
    #[getter]
    fn left_incentives(&self) -> PyResult<Vec<PyCgt>> {
        let (left, _) = arena().incentives(self.id).map_err(value_error)?;
        Ok(left.into_iter().map(PyCgt::from_id).collect())
    }

    /// The Right incentives ``G - GR`` of the canonical form.
    #[getter]
    fn right_incentives(&self) -> PyResult<Vec<PyCgt>> {
        let (_, right) = arena().incentives(self.id).map_err(value_error)?;
        Ok(right.into_iter().map(PyCgt::from_id).collect())
    }

    /// The thermograph (``grundy.Thermograph``): its walls, temperature and mast, drawn in a
    /// notebook.
    #[getter]
    fn thermograph(&self) -> PyResult<PyThermograph> {
        let thermograph = arena().thermograph(self.id).map_err(value_error)?;
        Ok(PyThermograph::new(Thermograph::clone(&thermograph)))
    }

    /// The game cooled by ``t`` (a number: an int, a dyadic Fraction or a number game).
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let t = number_operand(t)?;
        let id = arena().cool(self.id, t).map_err(value_error)?;
        Ok(PyCgt { id })
    }

    /// The game heated by ``t`` (any game operand).
    fn heat(&self, t: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let t = operand(t)?;
        let id = arena().heat(self.id, t).map_err(value_error)?;
        Ok(PyCgt { id })
    }

    /// The game overheated from ``s`` to ``t``.
    fn overheat(&self, s: &Bound<'_, PyAny>, t: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let (s, t) = (operand(s)?, operand(t)?);
        let id = arena().overheat(self.id, s, t).map_err(value_error)?;
        Ok(PyCgt { id })
    }

    /// The Norton product ``G.U`` by the unit ``u``.
    fn norton_multiply(&self, u: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let u = operand(u)?;
        let id = arena().norton(self.id, u).map_err(value_error)?;
        Ok(PyCgt { id })
    }

    /// The ordinal sum ``G:H``.
    fn ordinal_sum(&self, h: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        let h = operand(h)?;
        let id = arena().ordinal_sum(self.id, h).map_err(value_error)?;
        Ok(PyCgt { id })
    }

    /// CGSuite's ``G.Pow(n)``: the up-nth power of ``G = {0|H}``, ``n`` from 0 to 64.
    /// Raises ValueError for another form or power.
    ///
    /// Examples:
    ///     >>> import grundy
    ///     >>> up = grundy.cgt("^")
    ///     >>> str(up.pow(2)), up.pow(3) == grundy.cgt("^.Pow(3)"), str(up.pow(1))
    ///     ('^<2>', True, '^')
    fn pow(&self, n: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        self.power(n, false)
    }

    /// CGSuite's ``G.PowTo(n)``: ``G^→n`` of ``G = {0|H}`` (for ``^``, ``^ + ^<2> + ... +
    /// ^<n>``), ``n`` from 0 to 64. Raises ValueError for another form or power.
    ///
    /// Examples:
    ///     >>> import grundy
    ///     >>> up = grundy.cgt("^")
    ///     >>> str(up.pow_to(2)), up.pow_to(2) == up + up.pow(2)
    ///     ('^[2]', True)
    fn pow_to(&self, n: &Bound<'_, PyAny>) -> PyResult<PyCgt> {
        self.power(n, true)
    }
}

impl PyCgt {
    /// `pow` (`cumulative` false) or `pow_to` of this game.
    fn power(&self, n: &Bound<'_, PyAny>, cumulative: bool) -> PyResult<PyCgt> {
        let method = if cumulative { "pow_to" } else { "pow" };
        let n = n
            .extract::<u64>()
            .ok()
            .filter(|&n| n <= 64)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{method}: the power must be an integer from 0 to 64, not {n}"
                ))
            })?;
        let mut arena = arena();
        let found = if cumulative {
            arena.pow_to(self.id, n)
        } else {
            arena.pow(self.id, n)
        };
        match found.map_err(value_error)? {
            Some(id) => Ok(PyCgt { id }),
            None => Err(PyValueError::new_err(format!(
                "{method}: {} is not of the form {{0|H}}",
                arena.display(self.id)
            ))),
        }
    }
}

/// The game a comparison's other side stands for: a game, or an int, Fraction or float
/// whose value is a dyadic rational; `None` for anything else (not comparable).
fn comparand(other: &Bound<'_, PyAny>) -> PyResult<Option<GameId>> {
    if let Ok(game) = other.cast::<PyCgt>() {
        return Ok(Some(game.get().id));
    }
    if let Ok(n) = other.extract::<i64>() {
        return Ok(Some(arena().integer(n)));
    }
    let py = other.py();
    let rational = py.import("numbers")?.getattr("Rational")?;
    if !other.is_instance(&rational)? && !other.is_instance_of::<pyo3::types::PyFloat>() {
        return Ok(None);
    }
    if other.is_instance_of::<pyo3::types::PyFloat>() && !other.extract::<f64>()?.is_finite() {
        return Ok(None);
    }
    let exact = py
        .import("fractions")?
        .getattr("Fraction")?
        .call1((other,))?;
    let (Ok(numerator), Ok(denominator)) = (
        exact.getattr("numerator")?.extract::<i64>(),
        exact.getattr("denominator")?.extract::<u64>(),
    ) else {
        return Ok(None);
    };
    Ok(dyadic(numerator, denominator).map(|x| arena().number(x)))
}

/// `numerator / denominator` as a dyadic rational, if the denominator is a power of two
/// and the value fits.
fn dyadic(numerator: i64, denominator: u64) -> Option<Dyadic> {
    denominator
        .is_power_of_two()
        .then(|| Dyadic::new(numerator, denominator.trailing_zeros()))
        .flatten()
}

/// A number operand: an int, a Fraction whose denominator is a power of two, or a game
/// (or expression) that is a number.
fn number_operand(other: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    let fraction = other.py().import("fractions")?.getattr("Fraction")?;
    if other.is_instance(&fraction)? {
        let numerator: i64 = other.getattr("numerator")?.extract()?;
        let denominator: u64 = other.getattr("denominator")?.extract()?;
        return dyadic(numerator, denominator).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{numerator}/{denominator} is not a dyadic rational (its denominator must be a power of two)"
                ))
            });
    }
    let id = operand(other)?;
    let mut arena = arena();
    arena.as_number(id).ok_or_else(|| {
        PyValueError::new_err(format!(
            "a number is needed here, not {}",
            arena.display(id)
        ))
    })
}
