//! Games defined in Python: `grundy.define(moves, ...)` makes a `grundy.Game` whose moves
//! come from a Python function, solved by the library's solvers through
//! [`grundy::scripted`] (the same mechanism as game files).
//!
//! Positions are [`Datum`]s (plain Python data). [`PyRules`] is a [`Rules`] that calls
//! Python for each position's moves, attaching to the interpreter only for the call (the
//! search itself runs off the interpreter's lock, see [`crate::interrupt`]). A Python
//! exception inside `moves` (or a move that is not plain data) is kept in a [`Pending`], with
//! a note naming the position; the callback game then stops its search, and the call raises
//! that exception, never a value computed from a partial move list.

use std::sync::Arc;

use grundy::dynamic::{Datum, DynGame, Kind};
use grundy::scripted::{CallbackGame, GameInfo, RuleMove, Rules};
use grundy::Play;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::datum::{from_datum, to_datum, type_name};
use crate::games::PyGame;
use crate::pending::Pending;
use crate::results::PyMove;

/// The rules of a game defined in Python.
pub struct PyRules {
    moves: Py<PyAny>,
    components: Option<Py<PyAny>>,
    canonical: Option<Py<PyAny>>,
    position_of: Option<Py<PyAny>>,
    pending: Arc<Pending>,
}

impl PyRules {
    /// Calls `function(pos)` and reads each item of the iterable it returns with `read`;
    /// a failure is kept (with a note naming the position) and returned as its message.
    /// After a failure, Python is not called again until the next call from Python.
    fn call<T>(
        &self,
        function: &Py<PyAny>,
        what: &str,
        pos: &Datum,
        mut read: impl FnMut(&Bound<'_, PyAny>) -> PyResult<T>,
    ) -> Result<Vec<T>, String> {
        self.call_one(function, what, pos, |items| {
            items
                .try_iter()?
                .map(|item| read(&item?))
                .collect::<PyResult<Vec<T>>>()
        })
    }

    /// Calls `function(pos)` and reads what it returns with `read`, as [`PyRules::call`].
    fn call_one<T>(
        &self,
        function: &Py<PyAny>,
        what: &str,
        pos: &Datum,
        read: impl FnOnce(&Bound<'_, PyAny>) -> PyResult<T>,
    ) -> Result<T, String> {
        if self.pending.failed() {
            return Err(format!("{what} not called: an earlier callback failed"));
        }
        Python::attach(|py| {
            let res = from_datum(py, pos)
                .and_then(|arg| function.call1(py, (arg,)))
                .and_then(|res| read(res.bind(py)));
            res.map_err(|err| {
                let message = err.to_string();
                crate::errors::add_note(py, &err, format!("in {what}({pos}) of a grundy game"));
                self.pending.fail(err);
                message
            })
        })
    }
}

/// One move as `moves` returns it: a position, or a `grundy.Move(to, points, again)`.
fn read_move(item: &Bound<'_, PyAny>) -> PyResult<RuleMove> {
    if let Ok(mv) = item.cast::<PyMove>() {
        let mv = &mv.get().mv;
        return Ok(RuleMove {
            to: mv.to.clone(),
            label: Some(mv.label.clone()),
            points: mv.points,
            again: mv.again,
        });
    }
    to_datum(item).map(RuleMove::to)
}

impl Rules for PyRules {
    fn moves(&self, pos: &Datum, _labels: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
        out.extend(self.call(&self.moves, "moves", pos, read_move)?);
        Ok(())
    }

    fn has_components(&self) -> bool {
        self.components.is_some()
    }

    fn components(&self, pos: &Datum, out: &mut Vec<Datum>) -> Result<(), String> {
        match &self.components {
            Some(function) => out.extend(self.call(function, "components", pos, to_datum)?),
            None => out.push(pos.clone()),
        }
        Ok(())
    }

    fn has_canonical(&self) -> bool {
        self.canonical.is_some()
    }

    fn canonical(&self, pos: &Datum) -> Result<Datum, String> {
        match &self.canonical {
            Some(function) => self.call_one(function, "canonical", pos, to_datum),
            None => Ok(pos.clone()),
        }
    }

    /// Positions as data (JSON).
    fn show(&self, pos: &Datum) -> Result<String, String> {
        Ok(pos.to_string())
    }

    fn parse(&self, text: &str) -> Result<Datum, String> {
        serde_json::from_str(text).map_err(|err| {
            format!(
                "a position of a Python game is written as JSON data (3, \"abc\", [3, 5]): {err}"
            )
        })
    }

    /// `position_of(numbers)`, else an integer as itself and two as a pair.
    fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, String>> {
        let int = |n: u64| Datum::Int(n as i64);
        let Some(function) = &self.position_of else {
            return Some(Ok(match numbers {
                [n] => int(*n),
                _ => Datum::List(numbers.iter().map(|&n| int(n)).collect()),
            }));
        };
        Some(Python::attach(|py| {
            function
                .call1(py, (numbers.to_vec(),))
                .and_then(|pos| to_datum(pos.bind(py)))
                .map_err(|err| format!("position_of({numbers:?}): {err}"))
        }))
    }
}

/// An attribute of `obj` when it has one (and it is not None).
fn attribute<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    match obj.getattr(name) {
        Ok(value) if !value.is_none() => Ok(Some(value)),
        Ok(_) => Ok(None),
        Err(err) if err.is_instance_of::<pyo3::exceptions::PyAttributeError>(obj.py()) => Ok(None),
        Err(err) => Err(err),
    }
}

/// A game defined in Python, solved by grundy's solvers.
///
/// ``rules`` is a function ``moves(position) -> iterable`` or an object with a ``moves``
/// method (and optionally the attributes below, which the keywords override). A move is the
/// position it leads to, or ``grundy.Move(to, points=0, again=False)`` for scoring games and
/// bonus turns. Positions are plain data (int, str, bool, tuples/lists of them), always seen
/// from the player to move; lists come back as tuples.
///
/// ``kind`` is ``"impartial"`` (the default: nimbers and outcomes), ``"win-loss"``
/// (partizan: encode whose turn it is in the position), ``"scoring"`` (exact points
/// difference) or ``"loopy"`` (positions may repeat: win, loss or draw). ``misere=True``:
/// who cannot move wins. ``components(position)`` splits a position into independent
/// sub-games (impartial games: their nimbers combine by XOR). ``canonical(position)`` maps a
/// position to the representative of its symmetry class (a board turned or mirrored: the
/// same value, the same moves up to that symmetry); the search then stores classes, while
/// moves and lines show the positions as played. ``start`` is the usual start;
/// ``position_of(numbers)`` makes a position from integers for ``grundy.table``.
///
/// An exception inside ``moves`` is raised by ``solve`` as it is (type and message), with a
/// note naming the position.
///
/// Examples:
///     >>> def moves(n):                      # subtraction {1, 3, 4} on one heap
///     ...     return [n - s for s in (1, 3, 4) if s <= n]
///     >>> g = grundy.define(moves, name="take 1, 3 or 4")
///     >>> g.solve(10).nimber, g.solve(7).outcome
///     (1, 'loss')
#[pyfunction]
#[pyo3(signature = (rules, *, name = None, kind = None, misere = None, start = None, components = None, canonical = None, position_of = None, description = None))]
#[allow(clippy::too_many_arguments)]
pub fn define(
    rules: &Bound<'_, PyAny>,
    name: Option<String>,
    kind: Option<String>,
    misere: Option<bool>,
    start: Option<&Bound<'_, PyAny>>,
    components: Option<Bound<'_, PyAny>>,
    canonical: Option<Bound<'_, PyAny>>,
    position_of: Option<Bound<'_, PyAny>>,
    description: Option<String>,
) -> PyResult<PyGame> {
    let (moves, owner) = match attribute(rules, "moves")? {
        Some(moves) => (moves, Some(rules)),
        None if rules.is_callable() => (rules.clone(), None),
        None => {
            return Err(PyTypeError::new_err(format!(
                "grundy.define takes a function moves(position) or an object with a moves method, found {}",
                type_name(rules)
            )))
        }
    };
    if !moves.is_callable() {
        return Err(PyTypeError::new_err("moves must be callable"));
    }
    let from_owner = |attr: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        match owner {
            Some(owner) => attribute(owner, attr),
            None => Ok(None),
        }
    };
    let name = match name {
        Some(name) => name,
        None => match from_owner("name")? {
            Some(name) => name.extract()?,
            None => moves
                .getattr("__qualname__")
                .and_then(|n| n.extract())
                .unwrap_or_else(|_| "a Python game".to_string()),
        },
    };
    let kind_text: String = match kind {
        Some(kind) => kind,
        None => match from_owner("kind")? {
            Some(kind) => kind.extract()?,
            None => "impartial".into(),
        },
    };
    let misere = match misere {
        Some(misere) => misere,
        None => from_owner("misere")?.map_or(Ok(false), |m| m.extract())?,
    };
    let play = match misere {
        true => Play::Misere,
        false => Play::Normal,
    };
    let kind = match kind_text.as_str() {
        "impartial" => Kind::Impartial { play },
        "win-loss" => Kind::WinLoss { play },
        "scoring" if !misere => Kind::Scoring,
        "scoring" => {
            return Err(PyValueError::new_err(
                "a scoring game ends by its score: misere does not apply",
            ))
        }
        "loopy" => Kind::Loopy { play },
        other => {
            return Err(PyValueError::new_err(format!(
                "kind is 'impartial', 'win-loss', 'scoring' or 'loopy', found {other:?}"
            )))
        }
    };
    let components = match components {
        Some(function) => Some(function),
        None => from_owner("components")?,
    };
    let canonical = match canonical {
        Some(function) => Some(function),
        None => from_owner("canonical")?,
    };
    if canonical.as_ref().is_some_and(|f| !f.is_callable()) {
        return Err(PyTypeError::new_err("canonical must be callable"));
    }
    let position_of = match position_of {
        Some(function) => Some(function),
        None => from_owner("position_of")?,
    };
    let start = match start {
        Some(start) => Some(to_datum(start)?),
        None => from_owner("start")?.map(|s| to_datum(&s)).transpose()?,
    };
    let pending = Arc::new(Pending::default());
    let rules = PyRules {
        moves: moves.unbind(),
        components: components.map(Bound::unbind),
        canonical: canonical.map(Bound::unbind),
        position_of: position_of.map(Bound::unbind),
        pending: Arc::clone(&pending),
    };
    let info = GameInfo {
        description: description.unwrap_or_else(|| format!("{name}, defined in Python")),
        start,
        ..GameInfo::new(name, kind)
    };
    let inner: Arc<dyn DynGame> = Arc::new(CallbackGame::new(rules, info));
    Ok(PyGame::in_python(inner, pending))
}
