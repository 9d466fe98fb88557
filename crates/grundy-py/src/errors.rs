//! The library's errors as Python exceptions.
//!
//! Bad arguments (a family name, a code, a position) are `ValueError`s with the command
//! line's messages; a job larger than its budget is [`TooLargeError`] (a `MemoryError`)
//! naming the size and the limit; an interrupted job is `KeyboardInterrupt`; a game that
//! has no answer of the kind asked (a cycle where the solver needs an end) is
//! `grundy.SolveError`.

use grundy::catalog::CatalogError;
use grundy::dynamic::DynError;
use grundy::octal::checkpoint::CheckpointError;
use grundy::octal::{ComputeError, ParseCodeError};
use grundy::SolveError;
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    grundy,
    TooLargeError,
    PyMemoryError,
    "A job larger than its budget, refused before anything was allocated; the message names the size needed and the limit."
);

pyo3::create_exception!(
    grundy,
    GrundySolveError,
    PyRuntimeError,
    "A solver that cannot answer: a cycle in a game not declared loopy, or a game outside a solver's precondition."
);

/// A solver's refusal or stop as a Python exception.
pub fn solve_error(err: SolveError) -> PyErr {
    match err {
        SolveError::TooLarge { .. } => TooLargeError::new_err(err.to_string()),
        SolveError::Interrupted => PyKeyboardInterrupt::new_err(err.to_string()),
        other => GrundySolveError::new_err(other.to_string()),
    }
}

/// A front-door error as a Python exception.
pub fn dyn_error(err: DynError) -> PyErr {
    match err {
        DynError::Solve(err) => solve_error(err),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A catalogue error (family, parameter, position) as a `ValueError`.
pub fn catalog_error(err: CatalogError) -> PyErr {
    match err {
        CatalogError::Position(err) => dyn_error(err),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A bad code as a `ValueError`.
pub fn code_error(err: ParseCodeError) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// An octal computation's error.
pub fn compute_error(err: ComputeError) -> PyErr {
    match err {
        ComputeError::Solve(err) => solve_error(err),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A checkpoint that cannot be resumed, as a `ValueError` naming the file.
pub fn checkpoint_error(path: &str, err: CheckpointError) -> PyErr {
    match err {
        CheckpointError::Compute(err) => compute_error(err),
        other => PyValueError::new_err(format!(
            "cannot resume from {path} (delete it to start afresh): {other}"
        )),
    }
}
