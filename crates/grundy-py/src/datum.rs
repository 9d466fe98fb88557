//! Positions between Python and the library: plain Python data and [`Datum`].
//!
//! Integers, strings and booleans map to themselves; a list or tuple maps to a
//! `Datum::List`, which comes back to Python as a tuple (hashable, so a position can key a
//! dict). Anything else is a `TypeError` naming its type; nesting deeper than
//! [`MAX_DEPTH`] (a list that contains itself, say) is a `ValueError`, never a crash.

use grundy::dynamic::Datum;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

/// The deepest nesting of lists a position may have.
pub const MAX_DEPTH: usize = 64;

/// The position `obj` as a [`Datum`].
pub fn to_datum(obj: &Bound<'_, PyAny>) -> PyResult<Datum> {
    to_datum_at(obj, 0)
}

fn to_datum_at(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Datum> {
    if obj.is_instance_of::<PyBool>() {
        return Ok(Datum::Bool(obj.extract()?));
    }
    if obj.is_instance_of::<PyInt>() {
        return obj.extract::<i64>().map(Datum::Int).map_err(|_| {
            PyValueError::new_err(format!(
                "a position's integers fit in 64 bits (from -2^63 to 2^63 - 1), found {}",
                short(obj)
            ))
        });
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Datum::Str(obj.extract()?));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        if depth >= MAX_DEPTH {
            return Err(PyValueError::new_err(format!(
                "a position nests lists at most {MAX_DEPTH} deep"
            )));
        }
        let items = obj
            .try_iter()?
            .map(|item| to_datum_at(&item?, depth + 1))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Datum::List(items));
    }
    // numpy integers and other integer-like objects.
    if obj.hasattr("__index__")? {
        if let Ok(value) = obj.call_method0("__index__") {
            return to_datum_at(&value, depth);
        }
    }
    Err(PyTypeError::new_err(format!(
        "a position is plain data (int, str, bool, or a list or tuple of them), found {}",
        type_name(obj)
    )))
}

/// The position as Python data (lists as tuples).
pub fn from_datum<'py>(py: Python<'py>, datum: &Datum) -> PyResult<Bound<'py, PyAny>> {
    Ok(match datum {
        Datum::Bool(value) => PyBool::new(py, *value).to_owned().into_any(),
        Datum::Int(value) => value.into_pyobject(py)?.into_any(),
        Datum::Str(text) => PyString::new(py, text).into_any(),
        Datum::List(items) => {
            let items = items
                .iter()
                .map(|item| from_datum(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any()
        }
    })
}

/// The Python type name of `obj`, for errors.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |name| name.to_string())
}

/// `repr(obj)`, cut short for errors.
pub fn short(obj: &Bound<'_, PyAny>) -> String {
    const SHOWN: usize = 60;
    let text = obj
        .repr()
        .map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string());
    match text.chars().count() > SHOWN {
        true => format!(
            "{}... ({} characters)",
            text.chars().take(SHOWN).collect::<String>(),
            text.chars().count()
        ),
        false => text,
    }
}
