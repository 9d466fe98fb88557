//! The Python package `grundy`: the library's games, solutions and octal sequences for
//! notebooks and scripts.
//!
//! Built by maturin (`pip install ./crates/grundy-py`); the module is `grundy`. Every
//! function here parses Python arguments, calls the library and converts what it returns:
//! no game logic lives in this crate. Long computations release the interpreter and stop on
//! Ctrl-C; errors are Python exceptions (see `errors`).

use pyo3::exceptions::PyValueError;
use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyDict;

mod analysis;
mod cgt;
mod datum;
mod drawing;
mod errors;
mod fraction;
mod games;
mod interrupt;
mod loopy;
mod misere;
mod notebook;
mod octal;
mod open;
mod pending;
mod period;
mod pygame;
mod quotient;
mod results;
mod table;
mod thermograph;
mod tierdb;

use games::{budget, PyGame};
use results::PySolution;

/// The words of a family and its parameter: `"subtraction 1,3,4"`, or the name and the
/// parameter apart (an int, a string, or a list of ints for a subtraction set).
fn family_words(name: &str, param: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let mut words: Vec<String> = name.split_whitespace().map(String::from).collect();
    if let Some(param) = param {
        let text = match param.extract::<Vec<i64>>() {
            Ok(set) if !param.is_instance_of::<pyo3::types::PyString>() => set
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(","),
            _ => param.str()?.to_string(),
        };
        words.push(text);
    }
    Ok(words)
}

/// A built-in family, named as ``grundy list`` names it: ``game("nim")``,
/// ``game("subtraction", "1,3,4")``, ``game("bash", 3)``, ``game("moore 2")``,
/// ``game("bash-reach 3 30")`` (its N belongs to the game), or an octal or hexadecimal
/// code: ``game("0.77")`` (Kayles, also ``game("kayles")``), ``game("0.F")``.
/// ``misere=True``: misère play (whoever cannot move wins), the whole position searched.
///
/// Raises ValueError with the command line's message for an unknown name or a bad
/// parameter.
///
/// Examples:
///     >>> import grundy
///     >>> grundy.game("subtraction", "1,3,4").solve(10).outcome
///     'win'
///     >>> grundy.game("subtraction", [1, 3, 4]).name
///     'subtraction 1,3,4'
///     >>> grundy.game("0.77").solve([3, 5, 7]).nimber
///     5
///     >>> grundy.game("kayles", misere=True).solve([1]).outcome
///     'loss'
#[pyfunction]
#[pyo3(signature = (name, param = None, misere = false))]
fn game(name: &str, param: Option<&Bound<'_, PyAny>>, misere: bool) -> PyResult<PyGame> {
    let words = family_words(name, param)?;
    let (game, rest) =
        grundy::catalog::open_game_in(&words, play_of(misere)).map_err(errors::catalog_error)?;
    if !rest.is_empty() {
        return Err(PyValueError::new_err(format!(
            "grundy.game takes a family and its parameter; {:?} is a position: give it to \
             Game.solve(...), or use grundy.parse({:?})",
            rest.join(" "),
            words.join(" ")
        )));
    }
    Ok(PyGame::builtin(game).with_recipe(games::Recipe::Family(words.join(" "), misere)))
}

/// Misère play when `misere`, else normal play.
fn play_of(misere: bool) -> grundy::Play {
    match misere {
        true => grundy::Play::Misere,
        false => grundy::Play::Normal,
    }
}

/// A game and a position from the words ``grundy solve`` takes:
/// ``parse("subtraction 1,3,4 -- 10 12")`` is ``(game, (10, 12))``. A game with a usual
/// start (fibonacci-nim's, bash-reach's) may leave the position out.
///
/// Examples:
///     >>> g, pos = grundy.parse("wythoff 3 5")
///     >>> g.name, pos
///     ('wythoff', (3, 5))
#[pyfunction]
#[pyo3(signature = (words, *, misere = false))]
fn parse<'py>(py: Python<'py>, words: &str, misere: bool) -> PyResult<(PyGame, Bound<'py, PyAny>)> {
    let words: Vec<String> = words.split_whitespace().map(String::from).collect();
    let (game, position) = match words.split_first() {
        Some((file, position)) if file.ends_with(&format!(".{}", grundy_script::EXTENSION)) => {
            open::open_file(file, position, play_of(misere))?
        }
        _ => grundy::catalog::open_in(&words, play_of(misere)).map_err(errors::catalog_error)?,
    };
    Ok((PyGame::builtin(game), datum::from_datum(py, &position)?))
}

/// Solves the position named by the words ``grundy solve`` takes (keywords as for
/// ``Game.solve``).
///
/// Examples:
///     >>> grundy.solve("nim 3 5 7").nimber
///     1
#[pyfunction]
#[pyo3(signature = (words, *, misere = false, max_positions = None, memory = None, remoteness = false, all_moves = false, progress = None))]
#[allow(clippy::too_many_arguments)] // Python's keywords, one by one
fn solve(
    py: Python<'_>,
    words: &str,
    misere: bool,
    max_positions: Option<u64>,
    memory: Option<u64>,
    remoteness: bool,
    all_moves: bool,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySolution> {
    let (game, position) = parse(py, words, misere)?;
    let pos = datum::to_datum(&position)?;
    let ask = grundy::dynamic::Ask {
        remoteness,
        all_moves,
    };
    let solution = game.solve_datum(py, &pos, budget(max_positions, memory), (ask, progress))?;
    let board = game.board(&pos);
    Ok(PySolution {
        solution,
        board,
        explanation: Vec::new(),
    })
}

/// A game file (a game written in Luau, see docs/game-files.md), solved by the same solvers
/// as every other game; keywords set the file's parameters (``set="1,2"`` or ``set=[1, 2]``,
/// ``misere=True``).
///
/// Raises FileNotFoundError for a file that does not exist, ValueError naming the file,
/// line and problem for a file that does not load.
///
/// Examples:
///     >>> g = grundy.load("examples/games/subtraction.luau", set="1,3,4")  # doctest: +SKIP
///     >>> g.solve([10, 12]).nimber                                          # doctest: +SKIP
///     2
#[pyfunction]
#[pyo3(signature = (path, **params))]
fn load(path: PathBuf, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
    _load_file(path, open::file_params(params)?)
}

/// A game file with its parameters as the command line writes them: what a pickled game
/// file is made again by.
#[pyfunction]
fn _load_file(path: PathBuf, params: Vec<(String, String)>) -> PyResult<PyGame> {
    let game =
        grundy_script::load(&path, &params).map_err(|err| errors::script_error(&path, err))?;
    Ok(PyGame::builtin(game).with_recipe(games::Recipe::File { path, params }))
}

/// The built-in families and board games: a list of dicts with ``name``, ``param``,
/// ``position``, ``summary``, ``example`` (what ``grundy list`` shows) and ``board`` (True
/// for a board game, opened as ``"NAME SETUP... at POSITION"``).
///
/// Examples:
///     >>> [f["name"] for f in grundy.families()][:3]
///     ['nim', 'misere-nim', 'bash']
#[pyfunction]
fn families(py: Python<'_>) -> PyResult<Vec<Bound<'_, pyo3::types::PyDict>>> {
    let boards = grundy::catalog::BOARDS.iter().map(|spec| (spec, true));
    grundy::catalog::SPECS
        .iter()
        .map(|spec| (spec, false))
        .chain(boards)
        .map(|(spec, board)| {
            let dict = pyo3::types::PyDict::new(py);
            dict.set_item("name", spec.name)?;
            dict.set_item("param", spec.param)?;
            dict.set_item("position", spec.position)?;
            dict.set_item("summary", spec.summary)?;
            dict.set_item("example", spec.example)?;
            dict.set_item("board", board)?;
            Ok(dict)
        })
        .collect()
}

/// grundy: exact solutions of two-player games, octal sequences, games defined in Python.
///
/// The compiled module `grundy._grundy`; the package `grundy` re-exports it.
#[pymodule]
#[pyo3(name = "_grundy")]
fn grundy_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(game, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(results::_restore, m)?)?;
    m.add_function(wrap_pyfunction!(_load_file, m)?)?;
    m.add_function(wrap_pyfunction!(octal::octal, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::define, m)?)?;
    m.add_function(wrap_pyfunction!(cgt::cgt, m)?)?;
    m.add_class::<cgt::PyCgt>()?;
    m.add_function(wrap_pyfunction!(loopy::loopy, m)?)?;
    m.add_class::<loopy::PyLoopy>()?;
    m.add_class::<thermograph::PyThermograph>()?;
    m.add_function(wrap_pyfunction!(tierdb::build, m)?)?;
    m.add_class::<tierdb::PyDatabase>()?;
    m.add_class::<tierdb::PyAnswer>()?;
    m.add_function(wrap_pyfunction!(analysis::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analysis::sum, m)?)?;
    m.add_function(wrap_pyfunction!(table::table, m)?)?;
    m.add_class::<analysis::PyAnalysis>()?;
    m.add_class::<table::PyTable>()?;
    m.add_class::<misere::PyMisereTable>()?;
    m.add_function(wrap_pyfunction!(quotient::quotient, m)?)?;
    m.add_class::<quotient::PyQuotient>()?;
    m.add_class::<table::PyPattern>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<octal::PyOctal>()?;
    m.add_class::<period::PyPeriod>()?;
    m.add_class::<period::PyDistribution>()?;
    m.add_class::<results::PySolution>()?;
    m.add_class::<results::PyMove>()?;
    m.add_class::<results::PyMoveValue>()?;
    m.add_class::<results::PyValue>()?;
    m.add_class::<drawing::PyDrawing>()?;
    m.add("TooLargeError", py.get_type::<errors::TooLargeError>())?;
    m.add("SolveError", py.get_type::<errors::python::SolveError>())?;
    Ok(())
}
