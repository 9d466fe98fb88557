//! Results as Python values: moves, values and solutions compare equal when their data
//! are, hash (they are immutable) and pickle (for `multiprocessing`, `joblib` and caches),
//! each by the JSON the library writes for it, restored by `grundy._restore`.

use std::hash::{DefaultHasher, Hash, Hasher};

use grundy::dynamic::{DynMove, MoveValue, Solution, Value};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

use crate::games::{PyMove, PyMoveValue, PySolution, PyValue};

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
            Py::new(py, PySolution { solution })?.into_any()
        }
        other => return Err(PyValueError::new_err(format!("no result kind {other:?}"))),
    })
}
