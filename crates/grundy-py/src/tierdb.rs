//! `grundy.build` and `grundy.Database`: strong solutions kept on disk (the library's tier
//! databases), built off the interpreter's lock and answered position by position.

use std::path::{Path, PathBuf};

use grundy::tierdb::{self, build_file, open_file, tier_game, BuildOptions, DbError, Probe, Value};
use grundy::Budget;
use pyo3::exceptions::{PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{script_error, solve_error, TooLargeError};
use crate::{interrupt, open};

/// Whether `game` names a game file (`tictactoe.luau`) rather than a built-in game.
fn is_game_file(game: &str) -> bool {
    game.ends_with(&format!(".{}", grundy_script::EXTENSION))
}

/// The game file at `path` with `params` in force, as a tier database reads it.
fn load_rules(path: &Path, params: &[(String, String)]) -> PyResult<grundy_script::RuleFile> {
    grundy_script::load_rules(path, params).map_err(|err| script_error(path, err))
}

/// A database error as a Python exception: a missing or foreign directory is a
/// `FileNotFoundError` or `ValueError`, a refusal for size a `TooLargeError`.
fn db_error(err: DbError) -> PyErr {
    match err {
        DbError::Solve(err) => solve_error(err),
        DbError::Memory { .. } => TooLargeError::new_err(err.to_string()),
        DbError::NotADatabase { .. } | DbError::Io { .. } => {
            PyFileNotFoundError::new_err(err.to_string())
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// One value for Python: ``(outcome, remoteness)``.
fn pair(value: Value) -> (String, u32) {
    (value.outcome.to_string(), value.remoteness)
}

/// What a database answers for a position (``Database.probe``): its value for the player to
/// move and each move's value for its mover, with remoteness (moves to the end under perfect
/// play).
///
/// Examples:
///     >>> import grundy, tempfile
///     >>> db = grundy.build("tic-tac-toe", tempfile.mkdtemp())
///     >>> answer = db.probe("1 5 9")
///     >>> answer.outcome, answer.remoteness
///     ('draw', 6)
///     >>> answer.moves[1]
///     ('3', 'loss', 4)
#[pyclass(name = "DatabaseAnswer", module = "grundy", frozen)]
pub struct PyAnswer {
    position: String,
    value: Value,
    moves: Vec<(String, Value)>,
}

#[pymethods]
impl PyAnswer {
    /// The position asked, as given (the moves played from the start).
    #[getter]
    fn position(&self) -> &str {
        &self.position
    }

    /// ``'win'``, ``'loss'`` or ``'draw'`` for the player to move.
    #[getter]
    fn outcome(&self) -> String {
        self.value.outcome.to_string()
    }

    /// Moves to the end under perfect play (in a database of scores, under perfect play for
    /// the score: the shortest line when ahead or level, the longest when behind; 0 in a
    /// database of nimbers, or of scores written before format 4).
    #[getter]
    fn remoteness(&self) -> u32 {
        self.value.remoteness
    }

    /// Each move as ``(label, outcome, remoteness)``, its value for the player who makes it.
    #[getter]
    fn moves(&self) -> Vec<(String, String, u32)> {
        self.moves
            .iter()
            .map(|(label, value)| {
                let (outcome, remoteness) = pair(*value);
                (label.clone(), outcome, remoteness)
            })
            .collect()
    }

    /// The net score for the player to move (points still to come, theirs less the
    /// other's, under perfect play), in a database of scores (a scoring game file's);
    /// else ``None``.
    #[getter]
    fn score(&self) -> Option<i32> {
        self.value.score
    }

    /// The position's nimber, in a database of nimbers (built with ``nimbers=True``);
    /// else ``None``.
    #[getter]
    fn nimber(&self) -> Option<u32> {
        self.value.nimber
    }

    /// Each move as ``(label, score)``, its net score for the player who makes it (its
    /// points plus or minus the score after it), in a database of scores; else empty.
    #[getter]
    fn scores(&self) -> Vec<(String, i32)> {
        self.moves
            .iter()
            .filter_map(|(label, value)| Some((label.clone(), value.score?)))
            .collect()
    }

    /// The labels of the best moves: those that keep the position's value (in a database
    /// of nimbers, those of its outcome).
    #[getter]
    fn best(&self) -> Vec<String> {
        let probe = Probe {
            value: self.value,
            moves: self.moves.clone(),
        };
        probe
            .best()
            .into_iter()
            .map(|i| self.moves[i].0.clone())
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "DatabaseAnswer(position={:?}, {}, {} moves)",
            self.position,
            self.value,
            self.moves.len()
        )
    }
}

/// A tier database on disk, opened for lookups (``grundy.Database(path)``, or what
/// ``grundy.build`` returns): any position of the game it solves, answered by reading one
/// compressed block. A game file's database is opened with its file and parameters,
/// which read its positions: ``grundy.Database(path, file="tictactoe.luau")``.
///
/// Examples:
///     >>> import grundy, tempfile
///     >>> db = grundy.build("connect-four 4 3", tempfile.mkdtemp())
///     >>> db.game, db.positions
///     ('connect-four 4 x 3', 12031)
///     >>> db.probe("").outcome
///     'draw'
///     >>> db.probe("9")
///     Traceback (most recent call last):
///     ...
///     ValueError: move 1 of '9': '9' is not a column from 1 to 4
#[pyclass(name = "Database", module = "grundy", frozen)]
pub struct PyDatabase {
    inner: tierdb::Database,
    path: PathBuf,
}

#[pymethods]
impl PyDatabase {
    /// Opens the database built in ``path``; ``file`` (with its parameters as keywords)
    /// for a game file's database, refused when the database holds another game.
    #[new]
    #[pyo3(signature = (path, file = None, **params))]
    fn new(
        path: PathBuf,
        file: Option<PathBuf>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyDatabase> {
        let params = open::file_params(params)?;
        let inner = match file {
            Some(file) => {
                let loaded = load_rules(&file, &params)?;
                open_file(loaded.rules, loaded.info, loaded.identity, &path)
            }
            None if !params.is_empty() => {
                return Err(PyValueError::new_err(
                    "parameters are for a game file's database: give its file= too",
                ))
            }
            None => tierdb::Database::open(&path),
        }
        .map_err(db_error)?;
        Ok(PyDatabase { inner, path })
    }

    /// The game it solves, e.g. ``'connect-four 5 x 4'``.
    #[getter]
    fn game(&self) -> String {
        self.inner.game().describe()
    }

    /// Positions reachable from the start (mirror images counted apart).
    #[getter]
    fn positions(&self) -> u64 {
        self.inner.positions()
    }

    /// The answer for ``position`` (the moves played from the start: columns for Connect
    /// Four, cells for tic-tac-toe; ``""`` the start), or ``None`` when the position is not
    /// reachable from the start. A malformed position raises ``ValueError``.
    #[pyo3(signature = (position = ""))]
    fn probe(&self, position: &str) -> PyResult<Option<PyAnswer>> {
        let game = self.inner.game();
        let at = game.parse(position).map_err(PyValueError::new_err)?;
        let probe = self.inner.probe(at).map_err(db_error)?;
        Ok(probe.map(|Probe { value, moves }| PyAnswer {
            position: position.to_string(),
            value,
            moves,
        }))
    }

    /// The position drawn as text (rows, top first).
    #[pyo3(signature = (position = ""))]
    fn show(&self, position: &str) -> PyResult<String> {
        let game = self.inner.game();
        let at = game.parse(position).map_err(PyValueError::new_err)?;
        Ok(game.show(at))
    }

    fn __repr__(&self) -> String {
        format!(
            "Database({:?}, {}, {} positions)",
            self.path.display().to_string(),
            self.inner.game().describe(),
            self.inner.positions()
        )
    }
}

/// Strongly solves ``game`` (``"connect-four 5 4"``, ``"tic-tac-toe"``, ``"mnk 4 4 4"``,
/// or a game file with a ``tier`` function, its parameters as keywords) into a database in
/// the directory ``db``, tier by tier, and opens it. A build stopped by Ctrl-C
/// (``KeyboardInterrupt``) keeps the tiers written and resumes when called again.
/// ``memory`` bounds it in bytes (refused up front with the figures, ``TooLargeError``).
/// A scoring game file's database holds net scores (``probe(...).score``) unless its
/// points only end the game; ``nimbers=True`` keeps an impartial game file's nimbers.
///
/// Examples:
///     >>> import grundy, tempfile
///     >>> grundy.build("tic-tac-toe", tempfile.mkdtemp()).positions
///     5478
///     >>> db = grundy.build("examples/games/tictactoe.luau", tempfile.mkdtemp())  # doctest: +SKIP
///     >>> db.probe("a1 b2").outcome                                                # doctest: +SKIP
///     'draw'
#[pyfunction]
#[pyo3(signature = (game, db, *, memory = None, nimbers = false, **params))]
pub fn build(
    py: Python<'_>,
    game: &str,
    db: PathBuf,
    memory: Option<u64>,
    nimbers: bool,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyDatabase> {
    let params = open::file_params(params)?;
    let budget = match memory {
        Some(bytes) => Budget::default().with_bytes(bytes),
        None => Budget::default().within_machine(),
    };
    let dir = db.clone();
    if is_game_file(game) {
        let path = PathBuf::from(game);
        let loaded = load_rules(&path, &params)?;
        let built = interrupt::run(py, budget, move |budget| {
            let options = BuildOptions {
                budget,
                values: nimbers.then_some(tierdb::Values::Nimbers),
                ..BuildOptions::default()
            };
            build_file(loaded.rules, loaded.info, loaded.identity, &dir, &options)
        })?;
        built.map_err(db_error)?;
        let loaded = load_rules(&path, &params)?;
        let inner = open_file(loaded.rules, loaded.info, loaded.identity, &db).map_err(db_error)?;
        return Ok(PyDatabase { inner, path: db });
    }
    if let Some((name, _)) = params.first() {
        return Err(PyValueError::new_err(format!(
            "{name}=...: parameters are for game files (a FILE.luau)"
        )));
    }
    let words: Vec<&str> = game.split_whitespace().collect();
    let game = tier_game(&words).map_err(PyValueError::new_err)?;
    let built = interrupt::run(py, budget, move |budget| {
        let options = BuildOptions {
            budget,
            ..BuildOptions::default()
        };
        tierdb::build(game.as_ref(), &dir, &options)
    })?;
    built.map_err(db_error)?;
    PyDatabase::new(db, None, None)
}
