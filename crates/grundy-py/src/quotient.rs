//! `grundy.quotient`: the misère quotient of a take-and-break code (Plambeck and Siegel
//! 2008) from the library's `misere::quotient`, and `Game.solve` under misère play answered
//! by it for a sum of heaps of a code when the library's `quotient_for` finds it, as
//! `grundy solve CODE H.. --misere` answers it; the explanations are the library's
//! (`quotient_reasons`).

use std::sync::{Arc, Mutex};

use grundy::analysis::{
    heaps_after, heaps_of as heaps_in, misere_code, quotient_for, quotient_reasons,
    solve_by_quotient,
};
use grundy::catalog::{parse_family, Family};
use grundy::dynamic::{Datum, DynGame, Solution};
use grundy::misere::quotient::{grow, HeapMove, Limits, Quotient, QuotientError};
use grundy::octal::TakeAndBreak;
use grundy::Budget;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::{code_error, TooLargeError};
use crate::interrupt;

fn quotient_error(err: QuotientError) -> PyErr {
    match err {
        QuotientError::OrderTooLarge { .. }
        | QuotientError::TooManyPositions { .. }
        | QuotientError::CheckTooLarge { .. } => TooLargeError::new_err(err.to_string()),
        QuotientError::Cancelled => PyKeyboardInterrupt::new_err(err.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Heaps as a Python list gives them: each at least 0.
fn heaps_of(heaps: Vec<i64>) -> PyResult<Vec<usize>> {
    heaps
        .into_iter()
        .map(|h| {
            usize::try_from(h)
                .map_err(|_| PyValueError::new_err(format!("a heap must be at least 0, found {h}")))
        })
        .collect()
}

/// The misère quotient of a take-and-break code for every sum of heaps up to a bound:
/// its elements (named by their least words in the generators), the presentation, the
/// P-portion, the pretending function (each heap's element) and the products. A sum of any
/// number of heaps up to the bound is a P-position exactly when the product of its heaps'
/// elements lies in the P-portion.
///
/// Examples:
///     >>> q = grundy.quotient("0.07", max_heap=6)
///     >>> q.order, q.p_portion
///     (6, ['a', 'b^2'])
///     >>> q.outcome([1, 1, 2])
///     'loss'
#[pyclass(name = "Quotient", module = "grundy", frozen)]
pub struct PyQuotient {
    q: Quotient,
    /// The orders of the quotients for heap bounds 1, 2, ..., max_heap.
    orders: Vec<usize>,
    max_order: usize,
}

impl PyQuotient {
    /// The element named `name`.
    fn element_named(&self, name: &str) -> PyResult<usize> {
        (0..self.q.order())
            .find(|&x| self.q.name(x) == name)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{name:?} is no element of this quotient (its elements: {})",
                    self.elements().join(", ")
                ))
            })
    }

    /// The element of `heaps`, or a ValueError naming the heap past the bound.
    fn element_of(&self, heaps: &[usize]) -> PyResult<usize> {
        self.q.element(heaps).ok_or_else(|| self.past_bound(heaps))
    }

    fn past_bound(&self, heaps: &[usize]) -> PyErr {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        PyValueError::new_err(format!(
            "a heap of {largest} is past this quotient's bound of {}: compute \
             grundy.quotient({:?}, max_heap={largest})",
            self.q.max_heap(),
            self.q.code().to_string()
        ))
    }

    fn names(&self, elements: &[usize]) -> Vec<String> {
        elements
            .iter()
            .map(|&x| self.q.name(x).to_string())
            .collect()
    }

    fn move_dict<'py>(
        &self,
        py: Python<'py>,
        heaps: &[usize],
        mv: &HeapMove,
    ) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("heap", mv.heap)?;
        dict.set_item("leaves", mv.leaves.clone())?;
        dict.set_item("to", heaps_after(heaps, mv))?;
        Ok(dict)
    }
}

/// The lines that explain a sum's outcome by the quotient, the library's reasons: each
/// heap's element, their product, whether it lies in the P-portion, and the winning moves.
fn explain_lines(q: &Quotient, heaps: &[usize]) -> Option<Vec<String>> {
    let reasons = quotient_reasons(q, heaps)?;
    Some(reasons.iter().map(ToString::to_string).collect())
}

/// Computes the misère quotient of ``code`` (an octal or hexadecimal take-and-break code,
/// or ``"kayles"``, ``"dawsons-kayles"``) for every sum of heaps of sizes 1 to
/// ``max_heap``, as ``grundy quotient CODE --max-heap N`` does; refuses (``TooLargeError``)
/// a quotient of more than ``max_order`` elements. Stops on Ctrl-C.
///
/// Examples:
///     >>> q = grundy.quotient("0.33", max_heap=2)   # Nim on heaps of 1 and 2
///     >>> q.order, q.elements
///     (6, ['1', 'a', 'b', 'ab', 'b^2', 'ab^2'])
///     >>> q.relations
///     ['a^2 = 1', 'b^3 = b']
///     >>> q.outcome([1, 1, 2, 2]), q.explain([2, 2, 1])[-1]
///     ('loss', 'winning moves, each leaving a product in the P-portion: a heap of 1 -> nothing (product b^2)')
#[pyfunction]
#[pyo3(signature = (code, *, max_heap = 12, max_order = 1024))]
pub fn quotient(py: Python<'_>, code: &str, max_heap: i64, max_order: i64) -> PyResult<PyQuotient> {
    let code = code_of(code)?;
    let max_heap = usize::try_from(max_heap).map_err(|_| {
        PyValueError::new_err(format!("max_heap must be at least 1, found {max_heap}"))
    })?;
    let max_order = usize::try_from(max_order)
        .ok()
        .filter(|&m| m >= 2)
        .ok_or_else(|| {
            PyValueError::new_err(format!("max_order must be at least 2, found {max_order}"))
        })?;
    let limits = Limits::new(max_heap).with_max_order(max_order);
    let (q, orders) = interrupt::run(py, Budget::default(), move |budget| {
        let stop = || budget.check_cancelled().is_err();
        let mut orders = Vec::new();
        grow(&code, &limits, &stop, &mut |q| orders.push(q.order())).map(|q| (q, orders))
    })?
    .map_err(quotient_error)?;
    Ok(PyQuotient {
        q,
        orders,
        max_order,
    })
}

/// A code as ``grundy quotient`` takes it: a code, or a family that is one (``kayles``).
fn code_of(text: &str) -> PyResult<TakeAndBreak> {
    let mut words = crate::analysis::words_of(text).into();
    match parse_family(&mut words) {
        Ok(Family::Code(code)) if words.is_empty() => Ok(code),
        _ => text.trim().parse().map_err(code_error),
    }
}

#[pymethods]
impl PyQuotient {
    /// The code, as written canonically.
    #[getter]
    fn code(&self) -> String {
        self.q.code().to_string()
    }

    /// The heap bound: the quotient is that of every sum of heaps 1 .. max_heap.
    #[getter]
    fn max_heap(&self) -> usize {
        self.q.max_heap()
    }

    /// The number of elements.
    #[getter]
    fn order(&self) -> usize {
        self.q.order()
    }

    /// Every element by name, the identity ``'1'`` first; element i is row and column i of
    /// ``table``.
    #[getter]
    fn elements(&self) -> Vec<String> {
        (0..self.q.order())
            .map(|x| self.q.name(x).to_string())
            .collect()
    }

    /// The elements of the P-portion (the sums whose player to move loses), by name.
    #[getter]
    fn p_portion(&self) -> Vec<String> {
        self.names(&self.q.p_portion())
    }

    /// The generators: ``{name: heap}``, each the element of the heap it is named after.
    #[getter]
    fn generators<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for &heap in self.q.generators() {
            let name = self.q.name(self.q.element_of_heap(heap).unwrap_or(0));
            dict.set_item(name, heap)?;
        }
        Ok(dict)
    }

    /// The relations of the presentation, as ``'b^3 = b'``.
    #[getter]
    fn relations(&self) -> Vec<String> {
        self.q.relations()
    }

    /// The pretending function: ``{heap: element name}`` for heaps 1 .. max_heap.
    #[getter]
    fn pretending<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for h in 1..=self.q.max_heap() {
            dict.set_item(h, self.q.name(self.q.element_of_heap(h).unwrap_or(0)))?;
        }
        Ok(dict)
    }

    /// The orders of the quotients for heap bounds 1, 2, ..., max_heap.
    #[getter]
    fn orders(&self) -> Vec<usize> {
        self.orders.clone()
    }

    /// The multiplication table by element numbers: ``table[i][j]`` is the number of the
    /// product of elements i and j (names in ``elements``).
    #[getter]
    fn table(&self) -> Vec<Vec<usize>> {
        let n = self.q.order();
        (0..n)
            .map(|x| (0..n).map(|y| self.q.product(x, y)).collect())
            .collect()
    }

    /// The product of two elements, by name.
    fn product(&self, a: &str, b: &str) -> PyResult<String> {
        let (x, y) = (self.element_named(a)?, self.element_named(b)?);
        Ok(self.q.name(self.q.product(x, y)).to_string())
    }

    /// The element of a sum of heaps (the product of its heaps' elements), by name.
    fn element(&self, heaps: Vec<i64>) -> PyResult<String> {
        let heaps = heaps_of(heaps)?;
        Ok(self.q.name(self.element_of(&heaps)?).to_string())
    }

    /// ``'loss'`` when the sum of ``heaps`` is a P-position under misère play (its
    /// element lies in the P-portion), else ``'win'``.
    fn outcome(&self, heaps: Vec<i64>) -> PyResult<&'static str> {
        let heaps = heaps_of(heaps)?;
        Ok(match self.q.is_p(self.element_of(&heaps)?) {
            true => "loss",
            false => "win",
        })
    }

    /// The distinct winning moves of a sum of heaps, found from the quotient alone: each a
    /// dict with ``heap`` (the heap moved in), ``leaves`` (the heaps it leaves) and ``to``
    /// (the heaps after the move); empty when the sum is a P-position.
    fn winning_moves<'py>(
        &self,
        py: Python<'py>,
        heaps: Vec<i64>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let heaps = heaps_of(heaps)?;
        let moves = self
            .q
            .winning_moves(&heaps)
            .ok_or_else(|| self.past_bound(&heaps))?;
        moves
            .iter()
            .map(|mv| self.move_dict(py, &heaps, mv))
            .collect()
    }

    /// Why a sum of heaps has its outcome, one line a step: the quotient, each heap's
    /// element and their product, whether it lies in the P-portion, and the winning moves.
    fn explain(&self, heaps: Vec<i64>) -> PyResult<Vec<String>> {
        let heaps = heaps_of(heaps)?;
        explain_lines(&self.q, &heaps).ok_or_else(|| self.past_bound(&heaps))
    }

    /// The quotient as plain data, with ``grundy quotient --json``'s keys.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("code", self.code())?;
        dict.set_item("max_heap", self.max_heap())?;
        dict.set_item("order", self.order())?;
        dict.set_item("p_portion", self.p_portion())?;
        dict.set_item("elements", self.elements())?;
        let generators = PyList::empty(py);
        for &heap in self.q.generators() {
            let g = PyDict::new(py);
            g.set_item(
                "name",
                self.q.name(self.q.element_of_heap(heap).unwrap_or(0)),
            )?;
            g.set_item("heap", heap)?;
            generators.append(g)?;
        }
        dict.set_item("generators", generators)?;
        dict.set_item("relations", self.relations())?;
        let pretending: Vec<&str> = (1..=self.q.max_heap())
            .map(|h| self.q.name(self.q.element_of_heap(h).unwrap_or(0)))
            .collect();
        dict.set_item("pretending", pretending)?;
        dict.set_item("orders", self.orders())?;
        dict.set_item("table", self.table())?;
        Ok(dict)
    }

    /// Pickles as the call that makes it again, ``grundy.quotient(code, max_heap=...,
    /// max_order=...)``.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(py);
        kwargs.set_item("max_heap", self.max_heap())?;
        kwargs.set_item("max_order", self.max_order)?;
        let make = py
            .import("functools")?
            .getattr("partial")?
            .call((py.import("grundy")?.getattr("quotient")?,), Some(&kwargs))?;
        (make, (self.code(),))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The quotient in a notebook: order, presentation, P-portion, pretending function and,
    /// up to 24 elements, the multiplication table with the P-portion in red.
    fn _repr_html_(&self) -> String {
        let view = crate::notebook::QuotientView {
            code: self.code(),
            max_heap: self.max_heap(),
            elements: self.elements(),
            p: (0..self.q.order()).map(|x| self.q.is_p(x)).collect(),
            relations: self.relations(),
            pretending: (1..=self.q.max_heap())
                .map(|h| self.q.element_of_heap(h).unwrap_or(0))
                .collect(),
            table: self.table(),
        };
        crate::notebook::quotient_html(&view)
    }

    fn __repr__(&self) -> String {
        let p: Vec<String> = self.p_portion().iter().map(|x| format!("'{x}'")).collect();
        format!(
            "grundy.Quotient('{}', max_heap={}, order={}, p_portion=[{}])",
            self.code(),
            self.max_heap(),
            self.order(),
            p.join(", ")
        )
    }
}

/// The quotients `Game.solve` computed, the latest last: a quotient for heaps up to n
/// answers every sum of heaps up to n, so a session of solves computes each code's once per
/// larger bound.
static SOLVED: Mutex<Vec<Arc<Quotient>>> = Mutex::new(Vec::new());

/// How many quotients [`SOLVED`] keeps.
const KEPT: usize = 8;

/// A quotient of `code` for heaps up to at least `largest`, kept or computed by the
/// library's `quotient_for` as `grundy solve` computes it; the error says why there is none
/// (past its limits, or not found in time).
fn cached(code: &TakeAndBreak, largest: usize) -> Result<Arc<Quotient>, String> {
    let kept = |list: &[Arc<Quotient>]| {
        list.iter()
            .find(|q| q.code() == code && q.max_heap() >= largest)
            .cloned()
    };
    let poisoned = |_| "the kept quotients were lost to a panic".to_string();
    if let Some(q) = kept(&SOLVED.lock().map_err(poisoned)?) {
        return Ok(q);
    }
    let q = Arc::new(quotient_for(code, largest, &Budget::default()).map_err(|e| e.to_string())?);
    let mut list = SOLVED.lock().map_err(poisoned)?;
    list.retain(|k| k.code() != code || k.max_heap() > largest);
    if list.len() >= KEPT {
        list.remove(0);
    }
    list.push(Arc::clone(&q));
    Ok(q)
}

/// How `Game.solve` under misère play answers a position of a code.
pub enum Answer {
    /// By the quotient: the solution and the lines that explain it.
    Quotient(Solution, Vec<String>),
    /// By the search, with this note on why the quotient did not answer.
    Search(String),
    /// By the search: not a sum of heaps of a code.
    NotASum,
}

/// `Game.solve` under misère play answered by the quotient: when `game` is a code under
/// misère play, `pos` is a sum of heaps and the quotient for heaps up to the largest is
/// found (the library's `quotient_for`), every move's value and the position's come from
/// the quotient (no search), with the lines that explain it. Otherwise the search answers,
/// with a note when the quotient was tried.
pub fn solve(game: &dyn DynGame, pos: &Datum) -> Answer {
    let (Some(code), Some(heaps)) = (misere_code(game), heaps_in(pos)) else {
        return Answer::NotASum;
    };
    let largest = heaps.iter().copied().max().unwrap_or(0).max(1);
    let why = match cached(&code, largest) {
        Ok(q) => match solve_by_quotient(game, &q, pos) {
            Some(Ok(answer)) => {
                let lines = answer.why();
                return Answer::Quotient(answer.solution, lines);
            }
            Some(Err(err)) => err.to_string(),
            None => format!("a heap is past the quotient's heaps up to {}", q.max_heap()),
        },
        Err(why) => why,
    };
    let note = grundy::analysis::Reason::QuotientNotFound { why };
    Answer::Search(format!("{note}; searched it whole"))
}
