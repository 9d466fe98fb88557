//! `grundy.table`: a game tabulated over one integer (or two) with the pattern it shows, the
//! shape of its P-positions and the closed form a theorem gives.

use grundy::catalog::parse_family;
use grundy::sequence::{Evidence, Pattern};
use grundy::table::{
    tabulate_game, tabulate_within, Axes, GameShape, GameTable, Shape, Table, TablePattern,
};
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::analysis::{to_python, words_of};
use crate::errors::{catalog_error, table_error};
use crate::games::{budget, PyGame};
use crate::interrupt;

/// The pattern of a table's values: a period (plain or arithmetic), proved or a
/// conjecture.
#[pyclass(name = "Pattern", module = "grundy", frozen)]
pub struct PyPattern {
    pattern: Pattern,
}

#[pymethods]
impl PyPattern {
    /// ``'periodic'`` or ``'arithmetic_periodic'``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.pattern.periodicity.saltus {
            0 => "periodic",
            _ => "arithmetic_periodic",
        }
    }

    /// The period p.
    #[getter]
    fn period(&self) -> usize {
        self.pattern.periodicity.period
    }

    /// The preperiod: the pattern holds from n = preperiod on.
    #[getter]
    fn preperiod(&self) -> usize {
        self.pattern.periodicity.preperiod
    }

    /// The saltus s (G(n + p) = G(n) + s); 0 for a plain period.
    #[getter]
    fn saltus(&self) -> u64 {
        self.pattern.periodicity.saltus
    }

    /// True when proved (a whole window of values repeats, so the rules force the rest);
    /// False for a conjecture checked up to the table's end.
    #[getter]
    fn proved(&self) -> bool {
        self.pattern.evidence.is_proved()
    }

    /// A conjecture's extent: checked for n < checked_to; None when proved.
    #[getter]
    fn checked_to(&self) -> Option<usize> {
        match self.pattern.evidence {
            Evidence::Conjecture { checked_to } => Some(checked_to),
            Evidence::Proved { .. } => None,
        }
    }

    fn __str__(&self) -> String {
        self.pattern.describe()
    }

    fn __repr__(&self) -> String {
        format!("grundy.Pattern({:?})", self.pattern.describe())
    }
}

impl PyTable {
    /// The period's line: a code's verdict from the octal engine, or the pattern found.
    fn pattern_line(&self) -> Option<String> {
        match &self.table {
            Tabulated::Family(t) => t.pattern.map(|p| p.to_string()),
            Tabulated::Game(t) => t.pattern.map(|p| p.describe()),
        }
    }

    /// Whether each n = 0 .. to is a P-position (the player to move loses).
    fn losing(&self) -> Vec<bool> {
        match &self.table {
            Tabulated::Family(t) => {
                let mut losing = vec![false; t.to as usize + 1];
                for &n in &t.p_positions {
                    if let Some(cell) = losing.get_mut(n as usize) {
                        *cell = true;
                    }
                }
                losing
            }
            Tabulated::Game(t) => t
                .outcomes()
                .iter()
                .map(|&outcome| outcome == grundy::Outcome::Loss)
                .collect(),
        }
    }
}

enum Tabulated {
    Family(Table),
    Game(GameTable),
}

/// A table of a game over one integer (or two, ``pairs=True``) and what it shows.
#[pyclass(name = "Table", module = "grundy", frozen)]
pub struct PyTable {
    table: Tabulated,
    /// The family's words and whether pairs were tabulated, to pickle a family's table as
    /// the call that makes it again; None for a ``Game``'s table.
    recipe: Option<(String, bool)>,
}

/// Tabulates a game: its Grundy values (or outcomes) for n = 0 .. to, or its P-positions
/// over pairs a, b <= to (``pairs=True``), and finds the pattern (period, preperiod,
/// proved or a conjecture), the shape of the P-positions and the closed form a theorem
/// gives (checked against the table).
///
/// ``game`` is a built-in family as ``grundy table`` names it (``"subtraction 1,3,4"``),
/// or any ``grundy.Game`` (a game defined in Python included), whose positions are made
/// from integers by the game (``position_of``); a ``Game``'s patterns are always
/// conjectures. A ``Game``'s table values each position alone (no remoteness) and its
/// rows share one search; ``progress`` is called as for ``Game.solve``.
///
/// ``misere=True`` (a heap game: a family or a code, by name or as its ``grundy.Game``)
/// gives a ``MisereTable`` instead: each heap's normal and misère Grundy values, its genus
/// as CGSuite writes it and whether it is tame, as ``grundy table --misere``.
///
/// Examples:
///     >>> t = grundy.table("subtraction 1,3,4", 30)
///     >>> t.nimbers[:8].tolist()
///     [0, 1, 0, 1, 2, 3, 2, 0]
///     >>> t.pattern.period, t.pattern.preperiod, t.pattern.proved
///     (7, 0, True)
///     >>> grundy.table("0.07", 4, misere=True).genera
///     ['0^120', '0^120', '1^031', '1^031', '2^20']
#[pyfunction]
#[pyo3(signature = (game, to, *, pairs = false, misere = false, max_positions = None, memory = None, progress = None))]
#[allow(clippy::too_many_arguments)] // Python's keywords, one by one
pub fn table<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    to: i64,
    pairs: bool,
    misere: bool,
    max_positions: Option<u64>,
    memory: Option<u64>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    // A negative size is a bad argument (ValueError), not an overflow of an unsigned type.
    let to = u64::try_from(to)
        .map_err(|_| PyValueError::new_err(format!("to must be at least 0, found {to}")))?;
    if misere {
        if pairs {
            return Err(PyValueError::new_err(
                "misere=True tabulates heaps one by one: leave out pairs=True",
            ));
        }
        let text = misere_words(game)?;
        let mut words = words_of(&text).into();
        let family = parse_family(&mut words).map_err(catalog_error)?;
        let table = crate::misere::tabulate(py, family, text, to, max_positions, memory)?;
        return Ok(Bound::new(py, table)?.into_any());
    }
    normal(py, game, to, pairs, max_positions, memory, progress)
        .and_then(|t| Ok(Bound::new(py, t)?.into_any()))
}

/// The family's words of a misère table's game: a name, or a ``Game`` made from one.
fn misere_words(game: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(words) = game.cast::<PyString>() {
        return words.extract();
    }
    match game.cast::<PyGame>().map(|g| g.get().recipe.clone()) {
        Ok(Some(crate::games::Recipe::Family(words, _))) => Ok(words),
        _ => Err(PyValueError::new_err(
            "misère tables are for heap games by name or code (nim, subtraction, bash, \
             lasker, grundy-game, 0.77, ...), not yet for game files or games defined in Python",
        )),
    }
}

/// A table under normal play (or of outcomes): `table` without `misere`.
fn normal(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    to: u64,
    pairs: bool,
    max_positions: Option<u64>,
    memory: Option<u64>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTable> {
    if let Ok(words) = game.cast::<PyString>() {
        let text: String = words.extract()?;
        let mut words = words_of(&text).into();
        let family = parse_family(&mut words).map_err(catalog_error)?;
        if !words.is_empty() {
            return Err(PyValueError::new_err(format!(
                "grundy.table takes a family and its parameter, found also {:?}",
                Vec::from(words).join(" ")
            )));
        }
        let budget = budget(max_positions, memory);
        let table = interrupt::run(py, budget, move |budget| {
            tabulate_within(&family, to, pairs, &budget)
        })?
        .map_err(table_error)?;
        return Ok(PyTable {
            table: Tabulated::Family(table),
            recipe: Some((text, pairs)),
        });
    }
    let Ok(game) = game.cast::<PyGame>() else {
        return Err(PyTypeError::new_err(format!(
            "grundy.table takes a family's name (str) or a grundy.Game, found {}",
            crate::datum::type_name(game)
        )));
    };
    let game = game.get();
    let axes = match pairs {
        true => Axes::Two,
        false => Axes::One,
    };
    let budget = budget(max_positions, memory);
    let inner = std::sync::Arc::clone(&game.inner);
    let table = game
        .run_watched(py, budget, progress, move |budget| {
            tabulate_game(inner.as_ref(), axes, to, &budget)
        })?
        .map_err(table_error)?;
    Ok(PyTable {
        table: Tabulated::Game(table),
        recipe: None,
    })
}

#[pymethods]
impl PyTable {
    /// The game's name.
    #[getter]
    fn game(&self) -> String {
        match &self.table {
            Tabulated::Family(t) => t.game.clone(),
            Tabulated::Game(t) => t.game.clone(),
        }
    }

    /// The largest integer tabulated.
    #[getter]
    fn to(&self) -> u64 {
        match &self.table {
            Tabulated::Family(t) => t.to,
            Tabulated::Game(t) => t.to,
        }
    }

    /// The Grundy values G(0) .. G(to) as a numpy ``uint16`` array, as octal values are
    /// (``uint64`` only for a game file's nimbers past 65535), or None (games without
    /// nimbers, tables of pairs). Unsigned, as numpy keeps them, a difference wraps around:
    /// widen first (``t.nimbers.astype(int)``) to subtract.
    #[getter]
    fn nimbers<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        let nimbers = match &self.table {
            Tabulated::Family(t) => t.nimbers.clone(),
            Tabulated::Game(t) if t.axes == Axes::One => t.nimbers(),
            Tabulated::Game(_) => None,
        }?;
        // uint16 as octal values are (every family's table fits); a game file's nimbers
        // past 65535 keep uint64 rather than wrap.
        let narrow: Option<Vec<u16>> = nimbers.iter().map(|&n| u16::try_from(n).ok()).collect();
        Some(match narrow {
            Some(values) => PyArray1::from_vec(py, values).into_any(),
            None => PyArray1::from_vec(py, nimbers).into_any(),
        })
    }

    /// The P-positions (the player to move loses): ints ``n``, or tuples ``(a, b)`` for
    /// a table of pairs.
    #[getter]
    fn p_positions<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        match &self.table {
            Tabulated::Family(t) if t.p_pairs.is_empty() => t
                .p_positions
                .iter()
                .map(|n| Ok(n.into_pyobject(py)?.into_any()))
                .collect(),
            Tabulated::Family(t) => t
                .p_pairs
                .iter()
                .map(|&(a, b)| Ok(PyTuple::new(py, [a, b])?.into_any()))
                .collect(),
            Tabulated::Game(t) => t
                .p_positions()
                .iter()
                .map(|numbers| match numbers[..] {
                    [n] => Ok(n.into_pyobject(py)?.into_any()),
                    _ => Ok(PyTuple::new(py, numbers)?.into_any()),
                })
                .collect(),
        }
    }

    /// For a table of pairs: ``cells[a, b]`` is True where (a, b) is a P-position (numpy
    /// bool array); else None.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyArray2<bool>>>> {
        let rows: Vec<Vec<bool>> = match &self.table {
            Tabulated::Family(t) if !t.cells.is_empty() => t.cells.clone(),
            Tabulated::Game(t) if t.axes == Axes::Two => {
                let side = t.to as usize + 1;
                t.values
                    .chunks(side)
                    .map(|row| {
                        row.iter()
                            .map(|v| v.outcome == grundy::Outcome::Loss)
                            .collect()
                    })
                    .collect()
            }
            _ => return Ok(None),
        };
        PyArray2::from_vec2(py, &rows)
            .map(Some)
            .map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// The period found in the values (proved or a conjecture), or None.
    #[getter]
    fn pattern(&self) -> Option<PyPattern> {
        let pattern = match &self.table {
            Tabulated::Family(t) => match t.pattern {
                Some(TablePattern::Periodic { pattern }) => Some(pattern),
                _ => None,
            },
            Tabulated::Game(t) => t.pattern,
        };
        pattern.map(|pattern| PyPattern { pattern })
    }

    /// The shape of the P-positions, as ``grundy table`` says it, or None.
    #[getter]
    fn shape(&self) -> Option<String> {
        match &self.table {
            Tabulated::Family(t) => t.shape.as_ref().map(ToString::to_string),
            Tabulated::Game(t) => {
                let shape = match t.shape {
                    GameShape::OneHeap(shape) => Shape::OneHeap { shape, to: t.to },
                    GameShape::TwoHeaps(shape) => Shape::TwoHeaps { shape, to: t.to },
                };
                Some(shape.to_string())
            }
        }
    }

    /// The closed form a theorem gives for the family and whether the table agrees, as
    /// ``grundy table`` says it, or None.
    #[getter]
    fn closed_form(&self) -> Option<String> {
        match &self.table {
            Tabulated::Family(t) => t.closed_form.as_ref().map(ToString::to_string),
            Tabulated::Game(_) => None,
        }
    }

    /// The table as plain data (``grundy table --json``'s fields).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.table {
            Tabulated::Family(t) => to_python(py, t),
            Tabulated::Game(t) => to_python(py, t),
        }
    }

    /// The table as a numpy array: the nimbers G(0) .. G(to) (``nimbers``), or for a table
    /// of pairs the P-positions as a 2-D bool array (``cells``), or for a game without
    /// nimbers whether each n is a P-position (a bool array).
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = copy;
        let array = match (self.nimbers(py), self.cells(py)?) {
            (Some(nimbers), _) => nimbers,
            (None, Some(cells)) => cells.into_any(),
            (None, None) => PyArray1::from_vec(py, self.losing()).into_any(),
        };
        match dtype {
            Some(dtype) => array.call_method1("astype", (dtype,)),
            None => Ok(array),
        }
    }

    /// Pickles as the call that made it, ``grundy.table(game, to, pairs=...)``, for a
    /// family's table; a ``Game``'s table does not pickle (TypeError).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let Some((words, pairs)) = &self.recipe else {
            return Err(PyTypeError::new_err(
                "cannot pickle the table of a grundy.Game: tables of built-in families \
                 (grundy.table(\"nim\", ...)) pickle, as the call that makes them again",
            ));
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("pairs", *pairs)?;
        let table = py.import("grundy")?.getattr("table")?;
        let make = py
            .import("functools")?
            .getattr("partial")?
            .call((table,), Some(&kwargs))?;
        (make, (words.clone(), self.to()))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The rows of the table: ``to + 1`` (n = 0 .. to, or a = 0 .. to for pairs).
    fn __len__(&self) -> usize {
        self.to() as usize + 1
    }

    /// The values of ``numpy.asarray(table)``, row by row.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let array = self.__array__(py, None, None)?;
        Ok(array.call_method0("tolist")?.try_iter()?.into_any())
    }

    /// The table in a notebook: its pattern with its proof (or how far it was checked),
    /// the shape of the P-positions and the closed form, the first values with the
    /// P-positions in red, and the P-positions.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let nimbers = match &self.table {
            Tabulated::Family(t) => t.nimbers.clone(),
            Tabulated::Game(t) if t.axes == Axes::One => t.nimbers(),
            Tabulated::Game(_) => None,
        };
        let p_positions = self
            .p_positions(py)?
            .iter()
            .map(|p| p.str().map(|s| s.to_string()))
            .collect::<PyResult<Vec<_>>>()?;
        let mut findings = Vec::new();
        findings.extend(self.pattern_line());
        findings.extend(self.shape());
        findings.extend(self.closed_form());
        let game = self.game();
        Ok(crate::notebook::table_html(&crate::notebook::TableView {
            game: &game,
            to: self.to(),
            nimbers: nimbers.as_deref(),
            p_positions,
            findings,
        }))
    }

    fn __repr__(&self) -> String {
        let found = self
            .pattern_line()
            .unwrap_or_else(|| "no period found".into());
        format!("grundy.Table({:?}, to={}, {found})", self.game(), self.to())
    }
}
