//! A position's drawing as text for the terminal: a grid with its row and column labels
//! (a cell is its text, else a mark for what fills it), or a graph's nodes and edges.
//! Heaps stay the `position:` line (`3 5 7` reads better than rows of tokens).

use grundy::drawing::{Cell, Drawing, Fill, Graph, Grid, Shape};

/// The drawing as lines of text, or `None` for one that reads better as the position's
/// text (heaps).
pub(super) fn render(drawing: &Drawing) -> Option<String> {
    match drawing {
        Drawing::Grid(grid) => Some(grid_text(grid)),
        Drawing::Graph(graph) => Some(graph_text(graph)),
        Drawing::Heaps(_) => None,
    }
}

/// What a cell shows: its text, else a mark for its fill and shape.
fn mark(cell: &Cell) -> &str {
    if !cell.text.is_empty() {
        return &cell.text;
    }
    match (cell.shape, cell.fill) {
        (Shape::Dot, _) => "+",
        (Shape::Horizontal, Fill::Empty) | (Shape::Vertical, Fill::Empty) => " ",
        (Shape::Horizontal, _) => "-",
        (Shape::Vertical, _) => "|",
        (_, Fill::Empty) => ".",
        (_, Fill::First) => "X",
        (_, Fill::Second) => "O",
        (_, Fill::Filled) => "#",
        (_, Fill::Hidden) => "-",
        (_, Fill::Marked) => "*",
    }
}

fn grid_text(grid: &Grid) -> String {
    let cols = grid.cells.iter().map(Vec::len).max().unwrap_or(0);
    let width = |col: usize| {
        let cells = grid.cells.iter().filter_map(|row| row.get(col));
        let label = grid.columns.get(col).map_or(0, |l| l.chars().count());
        cells
            .map(|c| mark(c).chars().count())
            .chain([label, 1])
            .max()
            .unwrap_or(1)
    };
    let widths: Vec<usize> = (0..cols).map(width).collect();
    let margin = grid
        .rows
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    let pad = |text: &str, width: usize| format!("{text:^width$}");
    if !grid.columns.is_empty() {
        let labels: Vec<String> = (0..cols)
            .map(|c| pad(grid.columns.get(c).map_or("", String::as_str), widths[c]))
            .collect();
        lines.push(labelled("", &labels, margin));
    }
    for (row_idx, row) in grid.cells.iter().enumerate() {
        let cells: Vec<String> = (0..cols)
            .map(|c| match row.get(c) {
                Some(cell) if cell.shape == Shape::Horizontal && cell.fill != Fill::Empty => {
                    "-".repeat(widths[c])
                }
                Some(cell) => pad(mark(cell), widths[c]),
                None => pad("", widths[c]),
            })
            .collect();
        let label = grid.rows.get(row_idx).map_or("", String::as_str);
        lines.push(labelled(label, &cells, margin).trim_end().to_string());
    }
    lines.join("\n")
}

/// A line of cells after its label, right-aligned in `margin` (no label column when the
/// grid labels no rows).
fn labelled(label: &str, cells: &[String], margin: usize) -> String {
    match margin {
        0 => cells.join(" "),
        _ => format!("{label:>margin$} {}", cells.join(" ")),
    }
}

fn graph_text(graph: &Graph) -> String {
    let nodes: Vec<String> = graph
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| match node.text.as_str() {
            "" => i.to_string(),
            text if text == i.to_string() => text.to_string(),
            text => format!("{i} ({text})"),
        })
        .collect();
    let edges: Vec<String> = graph
        .edges
        .iter()
        .map(|[a, b]| format!("{a}-{b}"))
        .collect();
    format!("nodes: {}\nedges: {}", nodes.join(", "), edges.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing(json: &str) -> Drawing {
        serde_json::from_str(json).unwrap()
    }

    /// A board with its labels; Dots-and-Boxes' dots and lines; a graph; heaps stay text.
    #[test]
    fn grids_and_graphs_as_text() {
        let board = drawing(
            r#"{"grid": {"cells": [["x", {"move": "b1"}, ""], [{"fill": "second"}, "", {"fill": "hidden"}]],
                "rows": ["1", "2"], "columns": ["a", "b", "c"]}}"#,
        );
        assert_eq!(render(&board).unwrap(), "  a b c\n1 x . .\n2 O . -");
        let dots = drawing(
            r#"{"grid": {"cells": [[{"shape": "dot"}, {"shape": "horizontal", "fill": "filled"}, {"shape": "dot"}],
                [{"shape": "vertical"}, "", {"shape": "vertical", "fill": "filled"}]]}}"#,
        );
        assert_eq!(render(&dots).unwrap(), "+ - +\n  . |");
        let graph = drawing(
            r#"{"graph": {"nodes": [{"text": "hole"}, {"text": "1"}], "edges": [[0, 1]]}}"#,
        );
        assert_eq!(render(&graph).unwrap(), "nodes: 0 (hole), 1\nedges: 0-1");
        assert_eq!(render(&drawing(r#"{"heaps": [{"size": 3}]}"#)), None);
    }
}
