//! The library's errors as Python exceptions.
//!
//! Bad arguments (a family name, a code, a position) are `ValueError`s with the command
//! line's messages (a game file's position of the wrong kind of data a `TypeError`); a job larger than its budget is [`TooLargeError`] (a `MemoryError`)
//! naming the size and the limit; an interrupted job is `KeyboardInterrupt`; a game that
//! has no answer of the kind asked (a cycle where the solver needs an end) is
//! `grundy.SolveError`.

use grundy::catalog::CatalogError;
use grundy::dynamic::DynError;
use grundy::dynamic::RulesError;
use grundy::octal::checkpoint::CheckpointError;
use grundy::octal::{ComputeError, ParseCodeError};
use grundy::table::TableError;
use grundy::SolveError;
use pyo3::exceptions::{
    PyFileNotFoundError, PyKeyboardInterrupt, PyMemoryError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;

pyo3::create_exception!(
    grundy,
    TooLargeError,
    PyMemoryError,
    "A job larger than its budget, refused before anything was allocated; the message names the size needed and the limit."
);

/// `grundy.SolveError`, in a module of its own: its Rust name would clash with the
/// library's [`SolveError`].
pub mod python {
    pyo3::create_exception!(
        grundy,
        SolveError,
        pyo3::exceptions::PyRuntimeError,
        "A solver that cannot answer: a cycle in a game not declared loopy, or a game outside a solver's precondition."
    );
}
use python::SolveError as GrundySolveError;

/// A solver's refusal or stop as a Python exception.
pub fn solve_error(err: SolveError) -> PyErr {
    match err {
        SolveError::TooLarge { .. } => TooLargeError::new_err(err.to_string()),
        SolveError::Interrupted => PyKeyboardInterrupt::new_err(err.to_string()),
        other => GrundySolveError::new_err(other.to_string()),
    }
}

/// A front-door error as a Python exception: a position of the wrong kind of data for its
/// game is a `TypeError`, any other bad position a `ValueError`.
pub fn dyn_error(err: DynError) -> PyErr {
    match err {
        DynError::Solve(err) => solve_error(err),
        DynError::Malformed(bad) if bad.wrong_type() => PyTypeError::new_err(bad.to_string()),
        DynError::Rules(cycle @ RulesError::Cycle { .. }) => {
            GrundySolveError::new_err(cycle.to_string())
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A game file that cannot be loaded: `FileNotFoundError` when it does not exist, else a
/// `ValueError` with the loader's `FILE:LINE: what`.
pub fn script_error(path: &std::path::Path, err: grundy_script::ScriptError) -> PyErr {
    if !path.exists() {
        return PyFileNotFoundError::new_err((2, err.to_string(), path.display().to_string()));
    }
    PyValueError::new_err(err.to_string())
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

/// Adds `note` to the exception `err` as Python 3.11's `add_note` does; where there is none
/// (Python 3.9 and 3.10, or an exception class without it), the note goes into the
/// exception's `__notes__` list all the same (PEP 678), so code and tests read it the same
/// way everywhere.
pub fn add_note(py: Python<'_>, err: &PyErr, note: String) {
    let value = err.value(py);
    let add = value
        .getattr("add_note")
        .ok()
        .filter(|add| add.is_callable());
    let added = match add {
        Some(add) => add.call1((note,)).map(drop),
        None => value
            .getattr("__notes__")
            .or_else(|_| {
                let notes = pyo3::types::PyList::empty(py);
                value
                    .setattr("__notes__", &notes)
                    .map(|()| notes.into_any())
            })
            .and_then(|notes| notes.call_method1("append", (note,)).map(drop)),
    };
    // A note that cannot be added (an exception refusing attributes) leaves it as it is.
    let _ = added;
}

/// A table's error: a search's refusal as for a solve, a position's error with the
/// numbers it was made from noted, any other a `ValueError`.
pub fn table_error(err: TableError) -> PyErr {
    match err {
        TableError::Solve(err) => solve_error(err),
        TableError::Game { numbers, source } => {
            let err = dyn_error(source);
            Python::attach(|py| {
                add_note(py, &err, format!("at the position made from {numbers:?}"));
            });
            err
        }
        other => PyValueError::new_err(other.to_string()),
    }
}
