//! Dyadic rationals as Python's `fractions.Fraction`.

use grundy::cgt::Dyadic;
use pyo3::prelude::*;

/// `x` as a `fractions.Fraction`.
pub fn fraction(py: Python<'_>, x: Dyadic) -> PyResult<Py<PyAny>> {
    let denominator = 1u64 << x.exponent();
    Ok(py
        .import("fractions")?
        .getattr("Fraction")?
        .call1((x.numerator(), denominator))?
        .unbind())
}
