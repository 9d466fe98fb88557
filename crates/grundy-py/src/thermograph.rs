//! `grundy.Thermograph`: a game's thermograph as data (its walls piece by piece, the
//! temperature and the mast) that draws itself in a notebook (`_repr_svg_`): temperature
//! upwards from -1, Left's values to the left, the walls at 45 degrees, as the books draw it.

use grundy::cgt::{Dyadic, Thermograph, Trajectory};
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

fn float(x: Dyadic) -> f64 {
    x.numerator() as f64 / (1u64 << x.exponent()) as f64
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

    /// The picture, as SVG: the left wall blue, the right wall red, the mast black, the
    /// axes `t = 0` and value 0 grey, on equal scales in a square.
    fn _repr_svg_(&self) -> String {
        let [left, right] = self.inner.corners().map(|wall| {
            wall.into_iter()
                .map(|(t, v)| (-float(v), float(t)))
                .collect::<Vec<(f64, f64)>>()
        });
        let (mast, temperature) = (float(self.inner.mast()), float(self.inner.temperature()));
        let xs = left.iter().chain(&right).map(|p| p.0).chain([0.0, -mast]);
        let (low, high) = xs.fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
        let side = (high - low + 1.0).max(temperature.max(0.0) + 2.0);
        let (x0, top) = ((low + high) / 2.0 - side / 2.0, side - 1.0);
        // 300 pixels a side; y grows downwards in SVG.
        let scale = 300.0 / side;
        let point =
            |(x, t): (f64, f64)| format!("{:.2},{:.2}", (x - x0) * scale, (top - t) * scale);
        let line = |points: &[(f64, f64)], colour: &str, width: u32| {
            let points: Vec<String> = points.iter().map(|&p| point(p)).collect();
            format!(
                r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="{width}"/>"#,
                points.join(" ")
            )
        };
        let mut svg = String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">"#,
        );
        svg.push_str(&line(&[(x0, 0.0), (x0 + side, 0.0)], "#b4b4b4", 1));
        svg.push_str(&line(&[(0.0, -1.0), (0.0, top)], "#b4b4b4", 1));
        svg.push_str(&line(&left, "blue", 2));
        svg.push_str(&line(&right, "red", 2));
        svg.push_str(&line(
            &[(-mast, temperature.max(-1.0)), (-mast, top)],
            "black",
            2,
        ));
        svg.push_str("</svg>");
        svg
    }
}
