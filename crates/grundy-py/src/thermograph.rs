//! `grundy.Thermograph`: a game's thermograph as data (its walls piece by piece, the
//! temperature and the mast) that draws itself in a notebook (`_repr_svg_`): temperature
//! upwards from -1, Left's values to the left, the walls at 45 degrees, as the books draw it.

use grundy::cgt::{Thermograph, Trajectory};
use pyo3::prelude::*;

use crate::fraction::fraction;

/// The thermograph of a ``CgtGame`` (``game.thermograph``): ``temperature`` and ``mast``
/// as Fractions, ``left`` and ``right`` walls as ``(start, value, slope)`` pieces (a wall is
/// ``value + slope * (t - start)`` from ``start`` to the next piece), ``corners`` to draw;
/// a notebook shows it as a picture.
///
/// Examples:
///     >>> import grundy
///     >>> t = grundy.cgt("{1|0,+-1}").thermograph
///     >>> t.temperature, t.mast
///     (Fraction(1, 2), Fraction(1, 2))
///     >>> t._repr_svg_().startswith("<svg")
///     True
#[pyclass(name = "Thermograph", module = "grundy", frozen)]
pub struct PyThermograph {
    inner: Thermograph,
}

impl PyThermograph {
    /// The thermograph as Python holds it.
    pub(crate) fn new(inner: Thermograph) -> PyThermograph {
        PyThermograph { inner }
    }
}

/// A piece of a wall for Python: start, value (Fractions) and slope.
type Piece = (Py<PyAny>, Py<PyAny>, i64);

/// A corner of a wall for Python: temperature and value (Fractions).
type Corner = (Py<PyAny>, Py<PyAny>);

fn pieces(py: Python<'_>, wall: &Trajectory) -> PyResult<Vec<Piece>> {
    wall.segments()
        .iter()
        .map(|s| Ok((fraction(py, s.start)?, fraction(py, s.value)?, s.slope)))
        .collect()
}

#[pymethods]
impl PyThermograph {
    /// The temperature (negative for a number).
    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, self.inner.temperature())
    }

    /// The mast's value: the mean.
    #[getter]
    fn mast(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        fraction(py, self.inner.mast())
    }

    /// The left wall's pieces ``(start, value, slope)``.
    #[getter]
    fn left(&self, py: Python<'_>) -> PyResult<Vec<Piece>> {
        pieces(py, self.inner.left_wall())
    }

    /// The right wall's pieces ``(start, value, slope)``.
    #[getter]
    fn right(&self, py: Python<'_>) -> PyResult<Vec<Piece>> {
        pieces(py, self.inner.right_wall())
    }

    /// The walls' corners ``[left, right]``, each a list of ``(t, value)`` from ``t = -1``
    /// up to the temperature, where both reach the mast.
    #[getter]
    fn corners(&self, py: Python<'_>) -> PyResult<Vec<Vec<Corner>>> {
        self.inner
            .corners()
            .iter()
            .map(|wall| {
                wall.iter()
                    .map(|&(t, v)| Ok((fraction(py, t)?, fraction(py, v)?)))
                    .collect()
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "Thermograph(temperature {}, mast {})",
            self.inner.temperature(),
            self.inner.mast()
        )
    }

    /// The picture, as SVG: the library's drawing (the one the web page and ``grundy cgt
    /// --plot FILE.svg`` show): the left wall blue, the right wall red, the mast black, the
    /// axes `t = 0` and value 0 grey, on equal scales in a square, the mast's value and the
    /// temperature written.
    fn _repr_svg_(&self) -> String {
        self.inner.svg()
    }
}
