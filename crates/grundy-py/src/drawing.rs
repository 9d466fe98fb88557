//! `grundy.Drawing`: how a position looks (the library's `Drawing`), as Python data and as
//! SVG, so a notebook shows the board (`_repr_svg_`).

use std::fmt::Write;

use grundy::drawing::{Drawing, Fill, Graph, Grid, Heap, Shape, MAX_TOKENS};
use pyo3::prelude::*;

/// How a position looks: ``kind`` is ``"grid"``, ``"heaps"`` or ``"graph"``, ``data`` the
/// drawing as Python data (the format of a game file's ``draw``, docs/game-files.md); a
/// notebook shows it as SVG.
///
/// Examples:
///     >>> d = grundy.game("nim").draw([2])
///     >>> d.kind, d.data["heaps"][0]["clicks"]
///     ('heaps', ['heap 1: 2 -> 0', 'heap 1: 2 -> 1'])
#[pyclass(name = "Drawing", module = "grundy", frozen)]
pub struct PyDrawing {
    pub drawing: Drawing,
}

#[pymethods]
impl PyDrawing {
    /// ``"grid"``, ``"heaps"`` or ``"graph"``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.drawing {
            Drawing::Grid(_) => "grid",
            Drawing::Heaps(_) => "heaps",
            Drawing::Graph(_) => "graph",
        }
    }

    /// The drawing as Python data (dicts and lists, as JSON reads it).
    #[getter]
    fn data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.drawing)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// The drawing as an SVG picture (what a notebook shows).
    fn _repr_svg_(&self) -> String {
        svg(&self.drawing)
    }

    fn __repr__(&self) -> String {
        format!("<grundy.Drawing {}>", self.kind())
    }
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The drawing as SVG text.
pub fn svg(drawing: &Drawing) -> String {
    match drawing {
        Drawing::Grid(grid) => grid_svg(grid),
        Drawing::Heaps(heaps) => heaps_svg(heaps),
        Drawing::Graph(graph) => graph_svg(graph),
    }
}

fn grid_svg(grid: &Grid) -> String {
    const BIG: usize = 36;
    const SMALL: usize = 12;
    let cols = grid.cells.iter().map(Vec::len).max().unwrap_or(0);
    let line = |c: &grundy::drawing::Cell| c.shape != Shape::Square && c.shape != Shape::Disc;
    let col_narrow: Vec<bool> = (0..cols)
        .map(|c| {
            let cells: Vec<_> = grid.cells.iter().filter_map(|r| r.get(c)).collect();
            cells
                .iter()
                .all(|x| line(x) && x.shape != Shape::Horizontal)
                && !cells.is_empty()
        })
        .collect();
    let row_narrow: Vec<bool> = grid
        .cells
        .iter()
        .map(|r| r.iter().all(|x| line(x) && x.shape != Shape::Vertical) && r.iter().any(&line))
        .collect();
    let (left, top) = (
        if grid.rows.is_empty() { 4 } else { 28 },
        if grid.columns.is_empty() { 4 } else { 22 },
    );
    let mut col_x = Vec::new();
    let mut x = left;
    for &narrow in &col_narrow {
        col_x.push(x);
        x += if narrow { SMALL } else { BIG };
    }
    let mut row_y = Vec::new();
    let mut y = top;
    for &narrow in &row_narrow {
        row_y.push(y);
        y += if narrow { SMALL } else { BIG };
    }
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#,
        w = x + 4,
        h = y + 4
    );
    for (c, label) in grid.columns.iter().enumerate() {
        let width = if col_narrow[c] { SMALL } else { BIG };
        let _ = write!(
            out,
            r##"<text x="{}" y="14" font-size="12" text-anchor="middle" fill="#5b6475">{}</text>"##,
            col_x[c] + width / 2,
            escape(label)
        );
    }
    for (r, label) in grid.rows.iter().enumerate() {
        let height = if row_narrow[r] { SMALL } else { BIG };
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="end" fill="#5b6475">{}</text>"##,
            left - 8,
            row_y[r] + height / 2 + 4,
            escape(label)
        );
    }
    for (r, row) in grid.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (x, y) = (col_x[c], row_y[r]);
            let w = if col_narrow[c] { SMALL } else { BIG };
            let h = if row_narrow[r] { SMALL } else { BIG };
            let fill = cell.fill.colour();
            let _ = match cell.shape {
                Shape::Square => write!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="#c3c9d4"/>"##,
                    x + 1,
                    y + 1,
                    w - 2,
                    h - 2
                ),
                Shape::Disc => write!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#3b5b92"/><circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#24324a"/>"##,
                    x + w / 2,
                    y + h / 2,
                    w.min(h) / 2 - 3,
                    if cell.fill == Fill::Empty {
                        "#fff"
                    } else {
                        fill
                    }
                ),
                Shape::Dot => write!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="#24324a"/>"##,
                    x + w / 2,
                    y + h / 2,
                    w.min(h) / 2 - 1
                ),
                Shape::Horizontal | Shape::Vertical => write!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}"/>"##,
                    x + 1,
                    y + 1,
                    w - 2,
                    h - 2,
                    if cell.fill == Fill::Empty {
                        "#eef1f6"
                    } else {
                        "#24324a"
                    }
                ),
            };
            if !cell.text.is_empty() {
                let ink = if cell.fill.is_dark() {
                    "#fff"
                } else {
                    "#1d2330"
                };
                let _ = write!(
                    out,
                    r#"<text x="{}" y="{}" font-size="15" text-anchor="middle" fill="{ink}">{}</text>"#,
                    x + w / 2,
                    y + h / 2 + 5,
                    escape(&cell.text)
                );
            }
        }
    }
    out.push_str("</svg>");
    out
}

fn heaps_svg(heaps: &[Heap]) -> String {
    const TOKEN: u64 = 18;
    let longest = heaps
        .iter()
        .map(|h| {
            if h.size <= MAX_TOKENS as u64 {
                h.size
            } else {
                3
            }
        })
        .max()
        .unwrap_or(1)
        .max(1);
    let (width, height) = (
        120 + longest * (TOKEN + 4) + 20,
        heaps.len() as u64 * (TOKEN + 14) + 8,
    );
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">"#
    );
    for (i, heap) in heaps.iter().enumerate() {
        let y = 6 + i as u64 * (TOKEN + 14);
        let name = if heap.name.is_empty() {
            format!("heap {}", i + 1)
        } else {
            heap.name.clone()
        };
        let _ = write!(
            out,
            r##"<text x="4" y="{}" font-size="12" fill="#5b6475">{}</text><text x="108" y="{}" font-size="13" text-anchor="end">{}</text>"##,
            y + 14,
            escape(&name),
            y + 14,
            heap.size
        );
        if heap.size <= MAX_TOKENS as u64 {
            for k in 0..heap.size {
                let _ = write!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="8" fill="#3b5b92"/>"##,
                    120 + k * (TOKEN + 4) + TOKEN / 2,
                    y + TOKEN / 2
                );
            }
        }
    }
    out.push_str("</svg>");
    out
}

fn graph_svg(graph: &Graph) -> String {
    let n = graph.nodes.len().max(1) as f64;
    let size = 360.0;
    let place = |i: usize| -> (f64, f64) {
        match graph.nodes.get(i).and_then(|node| node.at) {
            Some([x, y]) => (40.0 + f64::from(x) * 60.0, 40.0 + f64::from(y) * 60.0),
            None => {
                let angle = 2.0 * std::f64::consts::PI * i as f64 / n;
                (
                    size / 2.0 + 130.0 * angle.sin(),
                    size / 2.0 - 130.0 * angle.cos(),
                )
            }
        }
    };
    let placed: Vec<(f64, f64)> = (0..graph.nodes.len()).map(place).collect();
    let w = placed.iter().map(|p| p.0).fold(size, f64::max) + 40.0;
    let h = placed.iter().map(|p| p.1).fold(size, f64::max) + 40.0;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">"#
    );
    for [a, b] in &graph.edges {
        let ((ax, ay), (bx, by)) = (placed[*a], placed[*b]);
        let _ = write!(
            out,
            r##"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="#9aa3b5" stroke-width="2"/>"##
        );
    }
    for (node, (x, y)) in graph.nodes.iter().zip(&placed) {
        let ink = if node.fill.is_dark() {
            "#fff"
        } else {
            "#1d2330"
        };
        let _ = write!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="22" fill="{}" stroke="#24324a" stroke-width="2"/><text x="{x:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="{ink}">{}</text>"##,
            node.fill.colour(),
            y + 4.0,
            escape(&node.text)
        );
    }
    out.push_str("</svg>");
    out
}
