//! How results show themselves in a notebook: HTML for solutions, tables and analyses
//! (`_repr_html_`), LaTeX for CGT values (`_repr_latex_`). Moves are coloured by their
//! value for the mover with the web page's colours: green wins, red loses, yellow draws.

use std::fmt::Write;

use grundy::analysis::Analysis;
use grundy::dynamic::Solution;
use grundy::Outcome;

/// Rows of a table shown before the rest is summed up in a line.
const SHOWN: usize = 60;

/// `text` safe inside HTML.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The web page's text and background colours of `outcome`.
fn colours(outcome: Outcome) -> (&'static str, &'static str) {
    match outcome {
        Outcome::Win => ("#1b7f3a", "#dff3e4"),
        Outcome::Loss => ("#b42318", "#fde3e1"),
        Outcome::Draw => ("#8a6d00", "#fff4c2"),
    }
}

/// A table cell coloured as `outcome`.
fn coloured(outcome: Outcome, text: &str) -> String {
    let (ink, paper) = colours(outcome);
    format!(
        r#"<td style="color:{ink};background:{paper}">{}</td>"#,
        esc(text)
    )
}

/// A solution: its value, then its moves with their values (the optimal ones marked), and
/// `board` (an SVG drawing of the position) beside them when the game draws one.
pub fn solution_html(solution: &Solution, board: Option<&str>) -> String {
    let mut rows = String::new();
    for (listed, valued) in solution.moves.iter().enumerate() {
        let best = match solution.optimal.contains(&listed) {
            true => "&#9733;",
            false => "",
        };
        let _ = write!(
            rows,
            "<tr><td>{best}</td><td>{}</td><td><code>{}</code></td>{}</tr>",
            esc(&valued.mv.label),
            esc(&valued.mv.to.to_string()),
            coloured(valued.value.outcome, &valued.value.to_string()),
        );
    }
    let left_out = solution.counts.moves.saturating_sub(solution.moves.len());
    if left_out > 0 {
        let _ = write!(
            rows,
            "<tr><td></td><td colspan=\"3\">... {left_out} more moves</td></tr>"
        );
    }
    let (ink, _) = colours(solution.value.outcome);
    let moves = match solution.moves.is_empty() {
        true => "<p>No moves: the game is over.</p>".to_string(),
        false => format!(
            "<table><tr><th></th><th>move</th><th>to</th><th>value for the mover</th></tr>{rows}</table>"
        ),
    };
    let text = format!(
        "<div><p><code>{}</code>: <b style=\"color:{ink}\">{}</b> for the player to move</p>{moves}</div>",
        esc(&solution.position.to_string()),
        esc(&solution.value.to_string()),
    );
    match board {
        Some(svg) => format!(
            "<div style=\"display:flex;gap:1.5em;align-items:flex-start\"><div>{svg}</div>{text}</div>"
        ),
        None => text,
    }
}

/// An analysis: the outcome and nimber, the winning moves and the reasons, one a line.
pub fn analysis_html(analysis: &Analysis) -> String {
    let (ink, _) = colours(analysis.outcome);
    let nimber = analysis
        .nimber
        .map(|n| format!(", nimber {}", n.0))
        .unwrap_or_default();
    let moves = match analysis.winning_moves.is_empty() {
        true => String::new(),
        false => format!(
            "<p>Winning moves{}: {}</p>",
            if analysis.complete { "" } else { " (some)" },
            analysis
                .winning_moves
                .iter()
                .map(|m| format!("<code>{}</code>", esc(m)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let why: String = analysis
        .why()
        .iter()
        .map(|line| format!("<li>{}</li>", esc(line)))
        .collect();
    format!(
        "<div><p>{} <code>{}</code>: <b style=\"color:{ink}\">{}</b>{nimber} for the player to move</p>{moves}<ul>{why}</ul></div>",
        esc(&analysis.game),
        esc(&analysis.position),
        analysis.outcome,
    )
}

/// What a table shows in a notebook, as its front end reads it.
pub struct TableView<'a> {
    /// The game's name.
    pub game: &'a str,
    /// The largest integer tabulated.
    pub to: u64,
    /// G(0), G(1), ... when the game has nimbers.
    pub nimbers: Option<&'a [u64]>,
    /// The P-positions, written out.
    pub p_positions: Vec<String>,
    /// The pattern found, its shape and the closed form, each a sentence.
    pub findings: Vec<String>,
}

/// A table: its findings first (the pattern and its proof or extent, the shape of the
/// P-positions, the closed form), then the first values, P-positions in red as on the web
/// page, and the P-positions listed.
pub fn table_html(view: &TableView<'_>) -> String {
    let mut out = format!(
        "<div><p><b>{}</b>, n = 0 .. {}</p>",
        esc(view.game),
        view.to
    );
    if !view.findings.is_empty() {
        out.push_str("<ul>");
        for line in &view.findings {
            let _ = write!(out, "<li>{}</li>", esc(line));
        }
        out.push_str("</ul>");
    }
    if let Some(nimbers) = view.nimbers {
        out.push_str("<table><tr><th>n</th>");
        let shown = &nimbers[..nimbers.len().min(SHOWN)];
        for n in 0..shown.len() {
            let _ = write!(out, "<th>{n}</th>");
        }
        out.push_str("</tr><tr><th>G(n)</th>");
        for &g in shown {
            match g {
                0 => out.push_str(&coloured(Outcome::Loss, "0")),
                g => {
                    let _ = write!(out, "<td>{g}</td>");
                }
            }
        }
        out.push_str("</tr></table>");
        if nimbers.len() > SHOWN {
            let _ = write!(out, "<p>... {} more values</p>", nimbers.len() - SHOWN);
        }
    }
    let count = view.p_positions.len();
    let listed: Vec<&str> = view
        .p_positions
        .iter()
        .take(SHOWN)
        .map(String::as_str)
        .collect();
    let more = match count > SHOWN {
        true => format!(" ... ({} in all)", count),
        false => String::new(),
    };
    let _ = write!(
        out,
        "<p>P-positions (the player to move loses): {}{more}</p></div>",
        esc(&listed.join(", "))
    );
    out
}

/// What a misère quotient shows in a notebook, as `grundy.Quotient` reads it.
pub struct QuotientView {
    /// The code.
    pub code: String,
    /// The heap bound.
    pub max_heap: usize,
    /// Every element by name.
    pub elements: Vec<String>,
    /// Whether each element lies in the P-portion.
    pub p: Vec<bool>,
    /// The relations of the presentation.
    pub relations: Vec<String>,
    /// The element of heaps 1, 2, ..., max_heap (by number).
    pub pretending: Vec<usize>,
    /// The products, by element numbers.
    pub table: Vec<Vec<usize>>,
}

/// The largest order whose multiplication table a notebook shows (as `grundy quotient`).
const PRODUCTS_UP_TO: usize = 24;

/// An element's name, in red on the web page's colours when it lies in the P-portion.
fn element_cell(view: &QuotientView, x: usize) -> String {
    match view.p.get(x) {
        Some(true) => coloured(Outcome::Loss, &view.elements[x]),
        _ => format!("<td>{}</td>", esc(&view.elements[x])),
    }
}

/// A misère quotient: its order and presentation, the P-portion, the pretending function
/// and, when small, the multiplication table, P-portion elements in red.
pub fn quotient_html(view: &QuotientView) -> String {
    let p: Vec<&str> = (0..view.elements.len())
        .filter(|&x| view.p[x])
        .map(|x| view.elements[x].as_str())
        .collect();
    let mut out = format!(
        "<div><p>Misère quotient of <b>{}</b>, heaps 1 .. {}: order {}</p><ul>\
         <li>relations: {}</li><li>P-portion: {{{}}}</li></ul>",
        esc(&view.code),
        view.max_heap,
        view.elements.len(),
        esc(&view.relations.join(", ")),
        esc(&p.join(", "))
    );
    out.push_str("<table><tr><th>heap</th>");
    for h in 1..=view.pretending.len() {
        let _ = write!(out, "<th>{h}</th>");
    }
    out.push_str("</tr><tr><th>element</th>");
    for &x in &view.pretending {
        out.push_str(&element_cell(view, x));
    }
    out.push_str("</tr></table>");
    if view.elements.len() <= PRODUCTS_UP_TO {
        out.push_str("<table><tr><th>&times;</th>");
        for name in &view.elements {
            let _ = write!(out, "<th>{}</th>", esc(name));
        }
        out.push_str("</tr>");
        for (x, row) in view.table.iter().enumerate() {
            let _ = write!(out, "<tr><th>{}</th>", esc(&view.elements[x]));
            for &y in row {
                out.push_str(&element_cell(view, y));
            }
            out.push_str("</tr>");
        }
        out.push_str("</table>");
    }
    out.push_str("</div>");
    out
}

/// A heap game's misère table: each heap's normal value, misère value, genus and whether
/// it is tame, misère P-positions in red.
pub fn misere_table_html(table: &grundy::table::MisereTable) -> String {
    let mut out = format!(
        "<div><p><b>{}</b> under misère play, heaps 0 .. {}</p>",
        esc(&table.game),
        table.to
    );
    out.push_str(
        "<table><tr><th>heap</th><th>G</th><th>G&#8315;</th><th>genus</th><th>tame</th></tr>",
    );
    for h in table.heaps.iter().take(SHOWN) {
        let misere = match h.misere_nimber {
            0 => coloured(Outcome::Loss, "0"),
            g => format!("<td>{g}</td>"),
        };
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td>{misere}<td>{}</td><td>{}</td></tr>",
            h.heap,
            h.nimber,
            esc(&h.genus),
            if h.tame { "yes" } else { "no" }
        );
    }
    out.push_str("</table>");
    if table.heaps.len() > SHOWN {
        let _ = write!(out, "<p>... {} more heaps</p>", table.heaps.len() - SHOWN);
    }
    let wild = match table.first_wild {
        Some(h) => format!("The first heap that is not tame is {h}."),
        None => "Every heap is tame: sums are decided by their genera.".to_string(),
    };
    let _ = write!(out, "<p>{wild}</p></div>");
    out
}

/// A CGT value as LaTeX, from the way grundy writes it: braces and bars as `\{ \mid \}`
/// (`\|` for the double bar), `^` and `v` as arrows, `*` as `\ast`, `+-` as `\pm`.
pub fn cgt_latex(text: &str) -> String {
    let mut out = String::from("$");
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let run = chars[at..].iter().take_while(|&&d| d == c).count();
        match c {
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '|' => {
                out.push_str(match run {
                    1 => " \\mid ",
                    2 => " \\| ",
                    _ => " \\mid\\mid\\mid ",
                });
                at += run;
                continue;
            }
            '^' => out.push_str("\\uparrow "),
            'v' => out.push_str("\\downarrow "),
            '*' => out.push_str("\\ast "),
            '+' if chars.get(at + 1) == Some(&'-') => {
                out.push_str("\\pm ");
                at += 2;
                continue;
            }
            '↑' => out.push_str("\\uparrow "),
            '↓' => out.push_str("\\downarrow "),
            '±' => out.push_str("\\pm "),
            c => out.push(c),
        }
        at += 1;
    }
    out.push('$');
    out
}
