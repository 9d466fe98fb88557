//! `grundy.table(game, to, misere=True)`: a heap game's misère table (each heap's normal
//! value, misère value, genus in CGSuite's notation and whether it is tame), from the
//! library's `table::tabulate_misere`.

use grundy::analysis::MISERE_POSITIONS;
use grundy::catalog::Family;
use grundy::table::{tabulate_misere, MisereTable};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::analysis::to_python;
use crate::games::budget;
use crate::interrupt;

/// A heap game's misère table, heaps 0 .. to: ``rows`` (each a dict with ``heap``,
/// ``nimber``, ``misere_nimber``, ``genus`` and ``tame``, the keys of ``grundy table
/// --misere --json``), the first heap that is not tame, and how many sums were searched.
///
/// Examples:
///     >>> t = grundy.table("kayles", 5, misere=True)
///     >>> t.genera
///     ['0^120', '1^031', '2^20', '3^31', '1^031', '4^146']
///     >>> t.rows[5]
///     {'heap': 5, 'nimber': 4, 'misere_nimber': 1, 'genus': '4^146', 'tame': False}
#[pyclass(name = "MisereTable", module = "grundy", frozen)]
pub struct PyMisereTable {
    table: MisereTable,
    /// The family's words, to pickle as the call that makes the table again.
    words: String,
}

/// Tabulates `family` under misère play (``grundy.table(..., misere=True)``).
pub fn tabulate(
    py: Python<'_>,
    family: Family,
    words: String,
    to: u64,
    max_positions: Option<u64>,
    memory: Option<u64>,
) -> PyResult<PyMisereTable> {
    let budget = budget(max_positions.or(Some(MISERE_POSITIONS)), memory);
    let table = interrupt::run(py, budget, move |budget| {
        tabulate_misere(&family, to, &budget)
    })?
    .map_err(crate::errors::table_error)?;
    Ok(PyMisereTable { table, words })
}

#[pymethods]
impl PyMisereTable {
    /// The game's name.
    #[getter]
    fn game(&self) -> String {
        self.table.game.clone()
    }

    /// The last heap.
    #[getter]
    fn to(&self) -> u64 {
        self.table.to
    }

    /// The heaps' rows, heap 0 first: dicts with ``heap``, ``nimber`` (normal play),
    /// ``misere_nimber``, ``genus`` (CGSuite's notation) and ``tame``.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let rows = PyList::empty(py);
        for h in &self.table.heaps {
            let row = PyDict::new(py);
            row.set_item("heap", h.heap)?;
            row.set_item("nimber", h.nimber)?;
            row.set_item("misere_nimber", h.misere_nimber)?;
            row.set_item("genus", &h.genus)?;
            row.set_item("tame", h.tame)?;
            rows.append(row)?;
        }
        Ok(rows)
    }

    /// The normal-play Grundy values of heaps 0 .. to.
    #[getter]
    fn nimbers(&self) -> Vec<u64> {
        self.table.heaps.iter().map(|h| h.nimber).collect()
    }

    /// The misère Grundy values of heaps 0 .. to (0 exactly when the player to move loses).
    #[getter]
    fn misere_nimbers(&self) -> Vec<u64> {
        self.table.heaps.iter().map(|h| h.misere_nimber).collect()
    }

    /// The genera of heaps 0 .. to, as CGSuite writes them (``'4^146'``).
    #[getter]
    fn genera(&self) -> Vec<String> {
        self.table.heaps.iter().map(|h| h.genus.clone()).collect()
    }

    /// Whether each heap 0 .. to is tame (then sums of such heaps are decided by their
    /// genera, without a search).
    #[getter]
    fn tame(&self) -> Vec<bool> {
        self.table.heaps.iter().map(|h| h.tame).collect()
    }

    /// The first heap that is not tame, or None when every heap up to ``to`` is.
    #[getter]
    fn first_wild(&self) -> Option<u64> {
        self.table.first_wild
    }

    /// Sums searched whole to find the genera (the options of heaps that are not tame).
    #[getter]
    fn searched(&self) -> usize {
        self.table.searched
    }

    /// The table as plain data (``grundy table --misere --json``'s fields).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.table)
    }

    /// The rows (``to + 1``).
    fn __len__(&self) -> usize {
        self.table.heaps.len()
    }

    /// The rows, as ``rows``.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.rows(py)?.try_iter()?.into_any())
    }

    /// Pickles as the call that made it, ``grundy.table(game, to, misere=True)``.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(py);
        kwargs.set_item("misere", true)?;
        let make = py
            .import("functools")?
            .getattr("partial")?
            .call((py.import("grundy")?.getattr("table")?,), Some(&kwargs))?;
        (make, (self.words.clone(), self.to()))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The table in a notebook: each heap's values, genus and tameness.
    fn _repr_html_(&self) -> String {
        crate::notebook::misere_table_html(&self.table)
    }

    fn __repr__(&self) -> String {
        let wild = match self.table.first_wild {
            Some(h) => format!("first wild heap {h}"),
            None => "every heap tame".to_string(),
        };
        format!(
            "grundy.MisereTable({:?}, to={}, {wild})",
            self.table.game, self.table.to
        )
    }
}
