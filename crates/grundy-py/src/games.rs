//! `grundy.Game`: any game behind the library's front door (`grundy::dynamic::DynGame`),
//! and what solving a position returns (`Solution`, `MoveValue`, `Move`, `Value`).

use std::sync::Arc;

use grundy::dynamic::{Ask, Datum, DynError, DynGame, Kind, RulesError, Solution, Value};
use grundy::{Budget, Play};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::datum::{from_datum, to_datum};
use crate::errors::dyn_error;
use crate::interrupt;
use crate::pending::Pending;
use crate::results::{PyMove, PySolution};

/// The most positions a search stores unless told otherwise (as `grundy solve`).
pub const MAX_POSITIONS: u64 = 50_000_000;

/// A game: its name, its positions and moves, and `solve`.
///
/// Built-in families come from `grundy.game(...)`, games written in Python from
/// `grundy.define(...)`. Positions are plain data (ints, strings, bools, tuples); a game
/// also reads its text (`"3 5 7"`), and a one-heap position may be an int. Every position
/// is checked before it is used: a malformed one raises `ValueError` naming it and what
/// the game's positions are (`TypeError` for a game file's position of another kind of
/// data than its start's).
///
/// Examples:
///     >>> import grundy
///     >>> g = grundy.game("subtraction", "1,3,4")
///     >>> g.name
///     'subtraction 1,3,4'
///     >>> g.solve([10, 12]).nimber
///     2
#[pyclass(name = "Game", module = "grundy", frozen)]
pub struct PyGame {
    pub inner: Arc<dyn DynGame>,
    /// For a game whose moves are Python code: the exception its callbacks raised (a
    /// search calls them from its worker thread, attaching to the interpreter per call).
    pub pending: Option<Arc<Pending>>,
    /// How to make the game again, for pickling; None for a game that cannot be.
    pub recipe: Option<Recipe>,
}

/// How a game was made, so that it pickles as the call that makes it again (its tables
/// are not pickled: they are a cache).
#[derive(Clone, Debug)]
pub enum Recipe {
    /// A built-in family by its words, under misère play when true:
    /// ``grundy.game(words, None, misere)``.
    Family(String, bool),
    /// A game file with its parameters: ``grundy.load(path, **params)``.
    File {
        /// The file.
        path: std::path::PathBuf,
        /// Its parameters as the command line writes them.
        params: Vec<(String, String)>,
    },
}

impl PyGame {
    /// A built-in game.
    pub fn builtin(inner: Arc<dyn DynGame>) -> Self {
        PyGame {
            inner,
            pending: None,
            recipe: None,
        }
    }

    /// The same game, pickled as `recipe` makes it.
    pub fn with_recipe(self, recipe: Recipe) -> Self {
        PyGame {
            recipe: Some(recipe),
            ..self
        }
    }

    /// A game whose moves are Python code, failing through `pending`.
    pub fn in_python(inner: Arc<dyn DynGame>, pending: Arc<Pending>) -> Self {
        PyGame {
            inner,
            pending: Some(pending),
            recipe: None,
        }
    }

    /// Runs `job` (which may call the game's Python code) and returns its result, or the
    /// exception that the Python code raised meanwhile, or `job`'s own error converted.
    pub fn guard<T, E>(
        &self,
        job: impl FnOnce() -> Result<T, E>,
        convert: impl FnOnce(E) -> PyErr,
    ) -> PyResult<T> {
        if let Some(pending) = &self.pending {
            pending.reset();
        }
        let res = job();
        if let Some(err) = self.pending.as_ref().and_then(|p| p.take()) {
            return Err(err);
        }
        res.map_err(convert)
    }

    /// `obj` as a position of this game, checked by the library ([`DynGame::check`]) before
    /// any use: data the game checks; else, for a string, the game's text (when that fails
    /// too, the text's error if the game's positions are no strings, else the check's);
    /// else, for an int, a row of one heap (the int's error when that fails too).
    pub fn position(&self, obj: &Bound<'_, PyAny>) -> PyResult<Datum> {
        let datum = to_datum(obj)?;
        let err = match self.guard(|| Ok(self.inner.check(&datum)), dyn_error)? {
            Ok(pos) => return Ok(pos),
            Err(err) => err,
        };
        match &datum {
            Datum::Str(text) => match self.guard(|| self.inner.parse(text), dyn_error) {
                Ok(pos) => Ok(pos),
                Err(unread) if matches!(&err, DynError::Malformed(bad) if bad.wrong_type()) => {
                    Err(unread)
                }
                Err(_) => Err(dyn_error(err)),
            },
            Datum::Int(_) => {
                let row = Datum::List(vec![datum.clone()]);
                let checked = self.guard(|| Ok(self.inner.check(&row)), dyn_error)?;
                checked.map_err(|_| dyn_error(err))
            }
            _ => Err(dyn_error(err)),
        }
    }

    /// Runs `job` on a worker thread off the interpreter's lock, stoppable by Ctrl-C (see
    /// [`interrupt::run`]); raises the exception the game's Python code raised meanwhile.
    /// For a Python game the worker keeps one interpreter thread state, detached, for the
    /// whole job: each call into Python then only takes the lock.
    pub fn run<T: Send>(
        &self,
        py: Python<'_>,
        budget: Budget,
        job: impl FnOnce(Budget) -> T + Send,
    ) -> PyResult<T> {
        self.run_watched(py, budget, None, job)
    }

    /// [`PyGame::run`], calling `progress` as the search goes (see
    /// [`interrupt::run_watched`]).
    pub fn run_watched<T: Send>(
        &self,
        py: Python<'_>,
        budget: Budget,
        progress: Option<&Bound<'_, PyAny>>,
        job: impl FnOnce(Budget) -> T + Send,
    ) -> PyResult<T> {
        let python = self.pending.is_some();
        let work = move |budget| match python {
            true => Python::attach(|py| py.detach(|| job(budget))),
            false => job(budget),
        };
        self.guard(
            || interrupt::run_watched(py, budget, progress, work),
            |err| err,
        )
    }

    /// Solves `pos` within `budget` off the interpreter's lock, stoppable by Ctrl-C,
    /// computing what `ask` asks for beyond the value.
    pub fn solve_datum(
        &self,
        py: Python<'_>,
        pos: &Datum,
        budget: Budget,
        (ask, progress): (Ask, Option<&Bound<'_, PyAny>>),
    ) -> PyResult<Solution> {
        let game = Arc::clone(&self.inner);
        self.run_watched(py, budget, progress, move |budget| {
            game.solve_with(pos, &budget, ask)
        })?
        .map_err(dyn_error)
    }

    /// The value of `pos` alone (no moves, no remoteness) within `budget`, off the
    /// interpreter's lock, stoppable by Ctrl-C.
    pub fn value_datum(
        &self,
        py: Python<'_>,
        pos: &Datum,
        budget: Budget,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Value> {
        let game = Arc::clone(&self.inner);
        self.run_watched(py, budget, progress, move |budget| game.value(pos, &budget))?
            .map_err(dyn_error)
    }
}

impl PyGame {
    /// The position drawn as SVG, for a notebook, when the game draws it (a drawing that
    /// fails is left out: the solution shows without it).
    pub fn board(&self, pos: &Datum) -> Option<String> {
        let drawing = self.guard(|| self.inner.draw(pos), dyn_error).ok()??;
        Some(crate::drawing::svg(&drawing))
    }
}

/// The budget of a search: `max_positions` stored, `memory` bytes; by default
/// [`MAX_POSITIONS`] and the library's default bytes lowered to what this process can still
/// hold (as the command line does), so that a search too large for a notebook's kernel is
/// refused, not killed.
pub fn budget(max_positions: Option<u64>, memory: Option<u64>) -> Budget {
    let budget = Budget::default().with_positions(max_positions.unwrap_or(MAX_POSITIONS));
    match memory {
        Some(bytes) => budget.with_bytes(bytes),
        None => budget.within_machine(),
    }
}

#[pymethods]
impl PyGame {
    /// The game's name with its parameters, e.g. ``'subtraction 1,3,4'``.
    #[getter]
    fn name(&self) -> String {
        self.inner.name()
    }

    /// Pickles as the call that made it (``grundy.game`` or ``grundy.load``); a game
    /// defined in Python or opened by ``grundy.parse`` does not pickle (TypeError).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let grundy = py.import("grundy")?;
        match &self.recipe {
            Some(Recipe::Family(words, misere)) => (
                grundy.getattr("game")?,
                (words.clone(), None::<String>, *misere),
            )
                .into_pyobject(py)
                .map(|t| t.into_any()),
            Some(Recipe::File { path, params }) => (
                grundy.getattr("_load_file")?,
                (path.clone(), params.clone()),
            )
                .into_pyobject(py)
                .map(|t| t.into_any()),
            None => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "cannot pickle the game {:?}: built-in families (grundy.game) and game files \
                 (grundy.load) pickle, a game defined in Python or opened by grundy.parse \
                 does not",
                self.inner.name()
            ))),
        }
    }

    /// One line saying what the game is.
    #[getter]
    fn description(&self) -> String {
        self.inner.description()
    }

    /// What values it has: ``'impartial'``, ``'win-loss'``, ``'scoring'`` or ``'loopy'``.
    #[getter]
    fn kind(&self) -> &'static str {
        kind_name(self.inner.kind())
    }

    /// ``'normal'`` (who cannot move loses) or ``'misere'`` (who cannot move wins).
    #[getter]
    fn play(&self) -> &'static str {
        play_name(self.inner.kind().play())
    }

    /// The usual start position, or None.
    #[getter]
    fn start<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner
            .start()
            .map(|pos| from_datum(py, &pos))
            .transpose()
    }

    /// Reads a position from text (heaps as ``"3 5 7"``).
    ///
    /// Examples:
    ///     >>> grundy.game("nim").parse("3 5 7")
    ///     (3, 5, 7)
    fn parse<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.inner.parse(text).map_err(dyn_error)?;
        from_datum(py, &pos)
    }

    /// The position as the game writes it (parsed back by ``parse``).
    ///
    /// Examples:
    ///     >>> grundy.game("nim").show([3, 5, 7])
    ///     '3 5 7'
    fn show(&self, position: &Bound<'_, PyAny>) -> PyResult<String> {
        let pos = self.position(position)?;
        self.inner.show(&pos).map_err(dyn_error)
    }

    /// How ``position`` looks (a ``grundy.Drawing``: a board, heaps or a graph, each part
    /// naming the move a click on it makes), or ``None`` for a game that does not draw.
    ///
    /// Examples:
    ///     >>> grundy.game("nim").draw([3, 1]).kind
    ///     'heaps'
    fn draw(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<crate::drawing::PyDrawing>> {
        let pos = self.position(position)?;
        let drawing = self.guard(|| self.inner.draw(&pos), dyn_error)?;
        Ok(drawing.map(|drawing| crate::drawing::PyDrawing { drawing }))
    }

    /// Every move from ``position``, in the game's order.
    ///
    /// Examples:
    ///     >>> [m.label for m in grundy.game("nim").moves([2])]
    ///     ['heap 1: 2 -> 0', 'heap 1: 2 -> 1']
    fn moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let pos = self.position(position)?;
        let moves = self.guard(|| self.inner.moves(&pos), dyn_error)?;
        Ok(moves.into_iter().map(|mv| PyMove { mv }).collect())
    }

    /// The move a person means by ``choice``: its label, its number from 1, or the
    /// position it leads to as text.
    ///
    /// Examples:
    ///     >>> grundy.game("nim").choose([3, 5], "2").to
    ///     (1, 5)
    fn choose(&self, position: &Bound<'_, PyAny>, choice: &str) -> PyResult<PyMove> {
        let pos = self.position(position)?;
        let mv = self.guard(|| self.inner.play(&pos, choice), dyn_error)?;
        Ok(PyMove { mv })
    }

    /// Solves ``position``: its value (outcome, nimber, score, remoteness), every move
    /// with its value, the optimal moves and a principal line.
    ///
    /// The value comes first, by the cheapest sound route (components, a closed form);
    /// remoteness and the principal line only when they cost no more than the value did,
    /// else ``skipped`` is true; ``remoteness=True`` computes them whatever they cost.
    /// ``max_positions`` bounds the positions the search stores (50 million by
    /// default), ``memory`` its bytes (by default the least of 8 GiB and three quarters
    /// of what this process can still take: the memory available, its cgroup's limit and
    /// ``ulimit -v``); a position that needs more raises ``grundy.TooLargeError`` saying
    /// the size, before the table that would pass it is allocated. Positions kept from
    /// earlier calls count toward the limit, and a call refused for them is run again
    /// from nothing, so a call is refused only when its own search needs more (an answer
    /// already known is free). Ctrl-C stops the search
    /// (``KeyboardInterrupt``). ``progress(done, total)``, a function, is called every
    /// half second of a search with the positions expanded so far and None (a search does
    /// not know its size beforehand; ``grundy.octal`` calls the same signature with its
    /// target); an exception it raises stops the search and is raised.
    ///
    /// Examples:
    ///     >>> s = grundy.game("nim").solve([3, 5, 7])
    ///     >>> s.outcome, s.nimber, len(s.optimal_moves)
    ///     ('win', 1, 3)
    #[pyo3(signature = (position, *, max_positions = None, memory = None, remoteness = false, all_moves = false, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_positions: Option<u64>,
        memory: Option<u64>,
        remoteness: bool,
        all_moves: bool,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PySolution> {
        let pos = self.position(position)?;
        let mut explanation = Vec::new();
        // A misère sum of heaps of a code: from its misère quotient, no search
        // (remoteness needs the search).
        if !remoteness {
            let inner = Arc::clone(&self.inner);
            let at = pos.clone();
            let found = py.detach(move || crate::quotient::solve(inner.as_ref(), &at));
            match found {
                crate::quotient::Answer::Quotient(solution, explanation) => {
                    let board = self.board(&pos);
                    return Ok(PySolution {
                        solution,
                        board,
                        explanation,
                    });
                }
                crate::quotient::Answer::Search(note) => explanation.push(note),
                crate::quotient::Answer::NotASum => {}
            }
        }
        let ask = Ask {
            remoteness,
            all_moves,
        };
        let solution =
            self.solve_datum(py, &pos, budget(max_positions, memory), (ask, progress))?;
        let board = self.board(&pos);
        Ok(PySolution {
            solution,
            board,
            explanation,
        })
    }

    /// The nimber (Grundy value) of ``position``; impartial games under normal play only.
    /// Only the nimber is computed (components, closed forms; no moves, no remoteness),
    /// and the game keeps what it solved: the nimbers of many positions share one search.
    /// ``progress`` as for ``solve``.
    ///
    /// Examples:
    ///     >>> grundy.game("lasker").nimber([3])
    ///     4
    #[pyo3(signature = (position, *, max_positions = None, memory = None, progress = None))]
    fn nimber(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_positions: Option<u64>,
        memory: Option<u64>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        if !self.inner.kind().has_nimbers() {
            return Err(PyValueError::new_err(format!(
                "{} has no nimbers ({}): only impartial games under normal play do",
                self.inner.name(),
                self.inner.kind()
            )));
        }
        let pos = self.position(position)?;
        let value = self.value_datum(py, &pos, budget(max_positions, memory), progress)?;
        value.nimber.map(|n| n.0).ok_or_else(|| {
            // A family with a closed form for outcomes answers those when its nimbers
            // are past the solver's work (grundy::adapter::NIMBER_WORK).
            crate::errors::TooLargeError::new_err(format!(
                "the nimber of {} at {} is too large to compute: its outcome ({}) comes \
                     from the closed form, the nimber would list more than {} moves",
                self.inner.name(),
                pos.brief(),
                value.outcome,
                grundy::adapter::NIMBER_WORK
            ))
        })
    }

    /// The canonical form of ``position`` of a partizan game (a game file with ``left`` and
    /// ``right``), as a ``grundy.CgtGame``: its components valued and memoized by the game,
    /// the search off the interpreter's lock, stoppable by Ctrl-C. ``progress`` as for
    /// ``solve``. A position whose positions repeat has no canonical form: it is valued as a
    /// loopy game, a ``grundy.LoopyValue`` (its sided value, onside and offside, outcome
    /// with draws; such values add with ``+``).
    ///
    /// Examples:
    ///     >>> import pathlib, tempfile
    ///     >>> path = pathlib.Path(tempfile.mkdtemp()) / "stalk.luau"
    ///     >>> _ = path.write_text("function left(n) return n > 0 and {n - 1} or {} end\nfunction right(n) return {} end")
    ///     >>> g = grundy.load(path).canonical(3)
    ///     >>> g == grundy.cgt("3"), str(g)
    ///     (True, '3')
    ///     >>> loop = pathlib.Path(tempfile.mkdtemp()) / "over.luau"
    ///     >>> _ = loop.write_text("function left(n) return n == 1 and {0} or {} end\nfunction right(n) return n == 1 and {1} or {} end")
    ///     >>> v = grundy.load(loop).canonical(1)
    ///     >>> str(v), v.outcome, str(v + v), str(v + grundy.loopy("under"))
    ///     ('over', 'L', 'over', 'over & under')
    #[pyo3(signature = (position, *, max_positions = None, memory = None, progress = None))]
    fn canonical(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        max_positions: Option<u64>,
        memory: Option<u64>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        if self.inner.partizan().is_none() {
            return Err(PyValueError::new_err(format!(
                "{} is not partizan ({}): a canonical form is the value of a game file with \
                 left and right (an impartial game's is its nimber: Game.nimber)",
                self.inner.name(),
                self.inner.kind()
            )));
        }
        let pos = self.position(position)?;
        let game = Arc::clone(&self.inner);
        let job = move |budget: Budget| {
            let partizan = game.partizan().ok_or(DynError::NoTurn)?;
            let mut local = grundy::cgt::Arena::new();
            match partizan.canonical(&pos, &mut local, &budget) {
                Ok(g) => Ok(Ok(crate::cgt::arena().import(&mut local, g)?)),
                Err(DynError::Rules(RulesError::Cycle { .. })) => {
                    Ok(Err(partizan.loopy(&pos, &budget)?))
                }
                Err(err) => Err(err),
            }
        };
        let value = self
            .run_watched(py, budget(max_positions, memory), progress, job)?
            .map_err(dyn_error)?;
        Ok(match value {
            Ok(id) => Py::new(py, crate::cgt::PyCgt::from_id(id))?.into_any(),
            Err(graph) => Py::new(py, crate::loopy::PyLoopy::from_game(graph)?)?.into_any(),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.Game({:?}, {})",
            self.inner.name(),
            self.inner.kind()
        )
    }
}

/// ``'impartial'``, ``'win-loss'``, ``'scoring'``, ``'loopy'`` or ``'partizan'``.
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Impartial { .. } => "impartial",
        Kind::WinLoss { .. } => "win-loss",
        Kind::Scoring => "scoring",
        Kind::Loopy { .. } => "loopy",
        Kind::Partizan => "partizan",
    }
}

/// ``'normal'`` or ``'misere'``.
pub fn play_name(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}
