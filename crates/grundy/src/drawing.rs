//! How a position looks, as data: a grid of cells, a row of heaps or a graph, each part
//! naming the move a click on it makes (by the move's label).
//!
//! A game draws a position once (the front door's `DynGame::draw`) and every front end
//! renders the same drawing its own way: SVG on the web page, text in `grundy play`, data
//! and SVG in Python. A drawing is data rather than markup so that a front end can put each
//! move's value on the part a click on it plays (win and loss colours, remoteness, nimber,
//! score) without knowing the game.
//!
//! The serde form is what game files return from `draw(pos)` and what the web API sends:
//! `{"grid": {"cells": [["x", "", "o"]], "rows": ["1"], "columns": ["a", "b", "c"]}}`,
//! `{"heaps": [{"size": 3, "clicks": ["heap 1: 3 -> 0", "heap 1: 3 -> 1", "heap 1: 3 -> 2"]}]}`,
//! `{"graph": {"nodes": [{"text": "0"}, {"text": "1"}], "edges": [[0, 1]]}}`.
//! A cell given as a bare string is that text on an empty square.

use serde::{Deserialize, Deserializer, Serialize};

/// The most cells a grid may have (a front end draws every one).
pub const MAX_CELLS: usize = 4096;

/// The most heaps, or graph nodes and edges, a drawing may have.
pub const MAX_PARTS: usize = 1024;

/// The most tokens drawn for one heap: a larger heap is drawn as its number, and its
/// moves are made from the list.
pub const MAX_TOKENS: usize = 64;

/// The most characters of a cell's, heap's or node's text (and of a label of a row or
/// column).
pub const MAX_TEXT: usize = 24;

/// A position drawn.
///
/// # Examples
///
/// ```
/// use grundy::drawing::{Cell, Drawing, Fill, Grid};
/// let drawing: Drawing =
///     serde_json::from_str(r#"{"grid": {"cells": [["x", {"move": "b1"}]], "columns": ["a", "b"]}}"#)
///         .unwrap();
/// let Drawing::Grid(grid) = &drawing else { unreachable!() };
/// assert_eq!(grid.cells[0][0], Cell::text("x"));
/// assert_eq!(grid.cells[0][1].click.as_deref(), Some("b1"));
/// assert_eq!(grid.cells[0][1].fill, Fill::Empty);
/// assert_eq!(drawing.clicks(), vec!["b1"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Drawing {
    /// Rows of cells (a board; rows may differ in length, as a Young diagram's do).
    Grid(Grid),
    /// Heaps of tokens, in the position's order.
    Heaps(Vec<Heap>),
    /// Nodes joined by edges.
    Graph(Graph),
}

/// A board: rows of cells, top row first, with optional labels of rows and columns.
///
/// # Examples
///
/// ```
/// use grundy::drawing::{Cell, Grid};
/// let grid = Grid { cells: vec![vec![Cell::text("x"), Cell::text("")]], rows: vec![], columns: vec![] };
/// assert_eq!(grid.cells[0].len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// The cells, row by row from the top.
    pub cells: Vec<Vec<Cell>>,
    /// Labels of the rows, top first (none, or one a row).
    #[serde(default)]
    pub rows: Vec<String>,
    /// Labels of the columns, left first (none, or one a column).
    #[serde(default)]
    pub columns: Vec<String>,
}

/// One cell of a grid.
///
/// # Examples
///
/// ```
/// use grundy::drawing::{Cell, Fill, Shape};
/// let cell = Cell { fill: Fill::First, shape: Shape::Disc, ..Cell::text("") };
/// assert_eq!(cell.click, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "CellData")]
pub struct Cell {
    /// Text written in the cell (a mark, a number); may be empty.
    pub text: String,
    /// What occupies it.
    pub fill: Fill,
    /// Its shape.
    pub shape: Shape,
    /// The label of the move a click on the cell makes.
    #[serde(rename = "move")]
    pub click: Option<String>,
}

impl Cell {
    /// An empty square with `text` in it.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::drawing::Cell::text("3").text, "3");
    /// ```
    pub fn text(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            fill: Fill::Empty,
            shape: Shape::Square,
            click: None,
        }
    }

    /// An empty cell of `fill` and `shape`, clicked to play `click`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::drawing::{Cell, Fill, Shape};
    /// let cell = Cell::new(Fill::Filled, Shape::Square, Some("a1".into()));
    /// assert_eq!(cell.click.as_deref(), Some("a1"));
    /// ```
    pub fn new(fill: Fill, shape: Shape, click: Option<String>) -> Cell {
        Cell {
            text: String::new(),
            fill,
            shape,
            click,
        }
    }
}

/// What occupies a cell or a node.
///
/// # Examples
///
/// ```
/// use grundy::drawing::Fill;
/// assert_eq!(serde_json::to_string(&Fill::Second).unwrap(), "\"second\"");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fill {
    /// Nothing: a free square.
    #[default]
    Empty,
    /// A piece of the first player (x, red, Vertical, the mouse).
    First,
    /// A piece of the second player (o, yellow, Horizontal, the cat).
    Second,
    /// A square taken or built on (a bite of chocolate, a filled cell, a drawn line).
    Filled,
    /// A square not yet seen (a covered Minesweeper cell).
    Hidden,
    /// A square that stands out (the poisoned square, the hole, the point of Dot).
    Marked,
}

impl Fill {
    /// Every fill, in declaration order.
    pub const ALL: [Fill; 6] = [
        Fill::Empty,
        Fill::First,
        Fill::Second,
        Fill::Filled,
        Fill::Hidden,
        Fill::Marked,
    ];

    /// The colour every front end paints this fill with (CSS hexadecimal), the one palette
    /// of the web page and of Python's pictures. The pieces never take the hues that mean
    /// a move's value (green, red, gold) and differ by lightness, so every colour vision
    /// tells them apart: the first player's near black, the second's light blue, taken
    /// squares brown-grey.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::drawing::Fill;
    /// assert_eq!(Fill::First.colour(), "#1d2330");
    /// assert!(Fill::First.is_dark() && !Fill::Second.is_dark());
    /// ```
    pub fn colour(self) -> &'static str {
        match self {
            Fill::Empty => "#fbfbf7",
            Fill::First => "#1d2330",
            Fill::Second => "#a9cbea",
            Fill::Filled => "#8c7b6b",
            Fill::Hidden => "#b8bfcc",
            Fill::Marked => "#3b5b92",
        }
    }

    /// True for the fills text is written on in white.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!grundy::drawing::Fill::Empty.is_dark());
    /// ```
    pub fn is_dark(self) -> bool {
        matches!(self, Fill::First | Fill::Filled | Fill::Marked)
    }
}

/// The shape of a cell.
///
/// # Examples
///
/// ```
/// use grundy::drawing::Shape;
/// assert_eq!(serde_json::from_str::<Shape>("\"horizontal\"").unwrap(), Shape::Horizontal);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A square filling the cell.
    #[default]
    Square,
    /// A round piece (Connect Four's discs).
    Disc,
    /// A small dot (Dots-and-Boxes' corners): its row or column is drawn narrow.
    Dot,
    /// A horizontal line between two dots: its row is drawn narrow.
    Horizontal,
    /// A vertical line between two dots: its column is drawn narrow.
    Vertical,
}

/// A heap of tokens.
///
/// # Examples
///
/// ```
/// use grundy::drawing::Heap;
/// let heap = Heap { size: 2, name: "heap 1".into(), clicks: vec![Some("take 2".into()), None] };
/// assert_eq!(heap.clicks[0].as_deref(), Some("take 2"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heap {
    /// How many tokens.
    pub size: u64,
    /// Its name (`heap 1`), shown beside it; may be empty.
    #[serde(default)]
    pub name: String,
    /// `clicks[k]`: the label of the move that leaves `k` tokens, the move a click on
    /// token `k` (counted from 0) makes; none past the list, or where `None` (in a game
    /// file: `""` or `false`).
    #[serde(default, deserialize_with = "optional_labels")]
    pub clicks: Vec<Option<String>>,
}

/// Nodes joined by edges, each node where it says or, where none says, round a circle.
///
/// # Examples
///
/// ```
/// use grundy::drawing::{Graph, Node};
/// let graph = Graph { nodes: vec![Node::text("0"), Node::text("1")], edges: vec![[0, 1]] };
/// assert_eq!(graph.edges.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Graph {
    /// The nodes, numbered from 0.
    pub nodes: Vec<Node>,
    /// Edges between nodes, by their numbers.
    #[serde(default)]
    pub edges: Vec<[usize; 2]>,
}

/// A node of a graph.
///
/// # Examples
///
/// ```
/// use grundy::drawing::Node;
/// assert_eq!(Node::text("hole").at, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Node {
    /// Its text.
    #[serde(default)]
    pub text: String,
    /// What occupies it.
    #[serde(default)]
    pub fill: Fill,
    /// Where it stands, `[column, row]` on a grid of whole numbers; all nodes or none.
    #[serde(default)]
    pub at: Option<[i32; 2]>,
    /// The label of the move a click on it makes.
    #[serde(default, rename = "move")]
    pub click: Option<String>,
}

impl Node {
    /// An empty node with `text`, placed by the front end.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::drawing::Node::text("3").text, "3");
    /// ```
    pub fn text(text: impl Into<String>) -> Node {
        Node {
            text: text.into(),
            fill: Fill::Empty,
            at: None,
            click: None,
        }
    }
}

impl Drawing {
    /// The labels of the moves its parts name, in drawing order, each once.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::drawing::{Drawing, Heap};
    /// let heap = Heap { size: 2, name: String::new(), clicks: vec![Some("a".into()), Some("b".into())] };
    /// assert_eq!(Drawing::Heaps(vec![heap]).clicks(), vec!["a", "b"]);
    /// ```
    pub fn clicks(&self) -> Vec<&str> {
        let all: Vec<&Option<String>> = match self {
            Drawing::Grid(grid) => grid.cells.iter().flatten().map(|c| &c.click).collect(),
            Drawing::Heaps(heaps) => heaps.iter().flat_map(|h| &h.clicks).collect(),
            Drawing::Graph(graph) => graph.nodes.iter().map(|n| &n.click).collect(),
        };
        let mut res: Vec<&str> = Vec::new();
        for label in all.into_iter().flatten() {
            if !res.contains(&label.as_str()) {
                res.push(label);
            }
        }
        res
    }

    /// Checks the drawing's sizes and references: at most [`MAX_CELLS`] cells, labels of
    /// rows and columns matching the grid, at most [`MAX_PARTS`] heaps, nodes and edges,
    /// clicks only on tokens a heap has (at most [`MAX_TOKENS`]), edges between nodes,
    /// texts of at most [`MAX_TEXT`] characters, and every click naming one of `labels`
    /// (the position's moves).
    ///
    /// # Errors
    ///
    /// What is wrong, in words (a game file's error names the file around it).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::drawing::{Cell, Drawing, Grid};
    /// let cell = Cell { click: Some("a1".into()), ..Cell::text("") };
    /// let drawing = Drawing::Grid(Grid { cells: vec![vec![cell]], rows: vec![], columns: vec![] });
    /// assert!(drawing.check(&["a1"]).is_ok());
    /// assert_eq!(
    ///     drawing.check(&["b1"]).unwrap_err(),
    ///     "a click names the move \"a1\", which the position does not have"
    /// );
    /// ```
    pub fn check(&self, labels: &[&str]) -> Result<(), String> {
        match self {
            Drawing::Grid(grid) => grid.check()?,
            Drawing::Heaps(heaps) => check_heaps(heaps)?,
            Drawing::Graph(graph) => graph.check()?,
        }
        match self.clicks().into_iter().find(|c| !labels.contains(c)) {
            Some(missing) => Err(format!(
                "a click names the move {missing:?}, which the position does not have"
            )),
            None => Ok(()),
        }
    }
}

impl Grid {
    fn check(&self) -> Result<(), String> {
        let count: usize = self.cells.iter().map(Vec::len).sum();
        if count > MAX_CELLS || self.cells.len() > MAX_CELLS {
            return Err(format!("the grid has {count} cells, more than {MAX_CELLS}"));
        }
        let width = self.cells.iter().map(Vec::len).max().unwrap_or(0);
        if !self.rows.is_empty() && self.rows.len() != self.cells.len() {
            return Err(format!(
                "the grid has {} rows but {} row labels",
                self.cells.len(),
                self.rows.len()
            ));
        }
        if !self.columns.is_empty() && self.columns.len() != width {
            return Err(format!(
                "the grid has {width} columns but {} column labels",
                self.columns.len()
            ));
        }
        let texts = self.cells.iter().flatten().map(|c| &c.text);
        check_texts(texts.chain(&self.rows).chain(&self.columns))
    }
}

impl Graph {
    fn check(&self) -> Result<(), String> {
        if self.nodes.len() > MAX_PARTS || self.edges.len() > MAX_PARTS {
            return Err(format!(
                "the graph has {} nodes and {} edges, more than {MAX_PARTS}",
                self.nodes.len(),
                self.edges.len()
            ));
        }
        if let Some(edge) = self
            .edges
            .iter()
            .find(|e| e.iter().any(|&n| n >= self.nodes.len()))
        {
            return Err(format!(
                "the edge {:?} names a node past the last, {}",
                edge,
                self.nodes.len().saturating_sub(1)
            ));
        }
        let placed = self.nodes.iter().filter(|n| n.at.is_some()).count();
        if placed != 0 && placed != self.nodes.len() {
            return Err(format!(
                "{placed} of the {} nodes say where they stand: all or none do",
                self.nodes.len()
            ));
        }
        check_texts(self.nodes.iter().map(|n| &n.text))
    }
}

fn check_heaps(heaps: &[Heap]) -> Result<(), String> {
    if heaps.len() > MAX_PARTS {
        return Err(format!(
            "the drawing has {} heaps, more than {MAX_PARTS}",
            heaps.len()
        ));
    }
    for (heap_idx, heap) in heaps.iter().enumerate() {
        let most = heap.size.min(MAX_TOKENS as u64) as usize;
        if heap.clicks.len() > most {
            return Err(format!(
                "heap {} has {} clicks, more than its {most} tokens drawn",
                heap_idx + 1,
                heap.clicks.len()
            ));
        }
    }
    check_texts(heaps.iter().map(|h| &h.name))
}

fn check_texts<'a>(mut texts: impl Iterator<Item = &'a String>) -> Result<(), String> {
    match texts.find(|t| t.chars().count() > MAX_TEXT) {
        Some(long) => Err(format!(
            "the text {:?} is longer than {MAX_TEXT} characters",
            long.chars().take(MAX_TEXT).collect::<String>() + "..."
        )),
        None => Ok(()),
    }
}

/// A cell as written: a bare string, or every field.
#[derive(Deserialize)]
#[serde(untagged)]
enum CellData {
    Text(String),
    Full(FullCell),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FullCell {
    #[serde(default)]
    text: String,
    #[serde(default)]
    fill: Fill,
    #[serde(default)]
    shape: Shape,
    #[serde(default, rename = "move")]
    click: Option<String>,
}

impl From<CellData> for Cell {
    fn from(data: CellData) -> Cell {
        match data {
            CellData::Text(text) => Cell::text(text),
            CellData::Full(full) => Cell {
                text: full.text,
                fill: full.fill,
                shape: full.shape,
                click: full.click,
            },
        }
    }
}

/// A label, or none: `null`, `false` or `""` (what a Luau list can hold in a gap).
#[derive(Deserialize)]
#[serde(untagged)]
enum MaybeLabel {
    Label(String),
    Flag(bool),
    Null(()),
}

fn optional_labels<'de, D: Deserializer<'de>>(de: D) -> Result<Vec<Option<String>>, D::Error> {
    let items = Vec::<MaybeLabel>::deserialize(de)?;
    items
        .into_iter()
        .map(|item| match item {
            MaybeLabel::Label(label) if !label.is_empty() => Ok(Some(label)),
            MaybeLabel::Flag(true) => Err(serde::de::Error::custom(
                "a click is a move's label, or false or \"\" for none, not true",
            )),
            _ => Ok(None),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<Drawing, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    /// The serde form round-trips, bare strings read as text cells, and gaps in a heap's
    /// clicks read as none.
    #[test]
    fn the_data_form_reads_back() {
        let grid = parse(
            r#"{"grid": {"cells": [["x", {"fill": "second", "shape": "disc", "move": "b1"}]],
                "rows": ["1"], "columns": ["a", "b"]}}"#,
        )
        .unwrap();
        let back = parse(&serde_json::to_string(&grid).unwrap()).unwrap();
        assert_eq!(back, grid);
        assert!(grid.check(&["b1"]).is_ok());
        let heaps = parse(r#"{"heaps": [{"size": 3, "clicks": ["a", "", false, null]}]}"#);
        let err = heaps.unwrap().check(&["a"]).unwrap_err();
        assert_eq!(err, "heap 1 has 4 clicks, more than its 3 tokens drawn");
        let heaps = parse(r#"{"heaps": [{"size": 3, "clicks": ["a", "", false]}]}"#).unwrap();
        let Drawing::Heaps(list) = &heaps else {
            panic!("{heaps:?}")
        };
        assert_eq!(list[0].clicks, vec![Some("a".into()), None, None]);
        assert!(parse(r#"{"grid": {"cells": [], "colour": 1}}"#).is_err());
        assert!(parse(r#"{"heaps": [{"size": 1, "clicks": [true]}]}"#).is_err());
        assert!(parse(r#"{"board": []}"#).is_err());
    }

    /// Each size and reference is checked, with the problem in words.
    #[test]
    fn checks_name_the_problem() {
        let check = |json: &str| parse(json).unwrap().check(&[]).unwrap_err();
        let big = format!(
            r#"{{"grid": {{"cells": [{}]}}}}"#,
            vec!["[\"\"]"; 4097].join(",")
        );
        assert_eq!(check(&big), "the grid has 4097 cells, more than 4096");
        assert_eq!(
            check(r#"{"grid": {"cells": [["", ""]], "columns": ["a"]}}"#),
            "the grid has 2 columns but 1 column labels"
        );
        assert_eq!(
            check(r#"{"grid": {"cells": [[""]], "rows": ["1", "2"]}}"#),
            "the grid has 1 rows but 2 row labels"
        );
        assert_eq!(
            check(r#"{"graph": {"nodes": [{}], "edges": [[0, 1]]}}"#),
            "the edge [0, 1] names a node past the last, 0"
        );
        assert_eq!(
            check(r#"{"graph": {"nodes": [{"at": [0, 0]}, {}]}}"#),
            "1 of the 2 nodes say where they stand: all or none do"
        );
        assert!(
            check(r#"{"grid": {"cells": [["abcdefghijklmnopqrstuvwxyz"]]}}"#)
                .starts_with("the text \"abcdefghijklmnopqrstuvwx...\" is longer")
        );
        assert_eq!(
            check(r#"{"heaps": [{"size": 2, "clicks": ["x"]}]}"#),
            "a click names the move \"x\", which the position does not have"
        );
    }
}
