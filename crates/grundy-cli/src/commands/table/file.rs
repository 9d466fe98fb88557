//! `grundy table FILE.luau --to N [--pairs]`: a game file's table, made by the library's
//! generic table (`grundy::table::tabulate_game`) from the file's `position(n)` (or
//! `position(a, b)`), rendered in the style of the family tables.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::bail;
use grundy::dynamic::{DynError, Value};
use grundy::table::{
    tabulate_game, tabulate_partizan, Axes, GameShape, GameTable, PartizanRow, PartizanValue,
    Shape, TableError, TablePattern,
};
use grundy::{Budget, Outcome, SolveError};
use serde::Serialize;

use super::plot;
use crate::commands::solve::{limit, load_file};
use crate::output::print_json;

/// `grundy table FILE --json`: the table, its P-positions and its findings as lines.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    table: &'a GameTable,
    /// The integers of each P-position.
    p_positions: Vec<Vec<u64>>,
    /// The findings as the text shows them.
    lines: Lines,
}

/// `grundy table FILE --json` of a partizan game: a row per position.
#[derive(Serialize)]
struct PartizanReport<'a> {
    game: String,
    kind: &'static str,
    rows: &'a [PartizanRow],
}

/// A partizan table as text: the integers, the canonical form, the outcome and the
/// temperature; for a position whose positions repeat, its sided value and outcome with
/// draws.
fn print_partizan(game: &str, rows: &[PartizanRow]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let loopy = rows
        .iter()
        .any(|r| matches!(r.value, PartizanValue::Loopy(_)));
    let what = if loopy {
        "canonical forms, sided values where positions repeat"
    } else {
        "canonical forms"
    };
    writeln!(out, "{game} (partizan): {what}")?;
    let numbers = |row: &PartizanRow| {
        row.numbers
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let width = rows.iter().map(|r| numbers(r).len()).max().unwrap_or(1);
    let value_width = rows
        .iter()
        .map(|r| r.value.value().len())
        .max()
        .unwrap_or(1);
    for row in rows {
        let (value, rest) = match &row.value {
            PartizanValue::Form(v) => (
                &v.value,
                format!("{}  temperature {}", v.outcome, v.temperature),
            ),
            PartizanValue::Loopy(a) => (&a.value, format!("{}  (positions repeat)", a.outcome)),
        };
        writeln!(
            out,
            "{:>width$}  {value:<value_width$}  {rest}",
            numbers(row)
        )?;
    }
    Ok(())
}

/// The findings of a game table as lines.
#[derive(Serialize)]
struct Lines {
    /// The periodicity found (one integer only), always a conjecture.
    pattern: Option<String>,
    /// The shape of the P-positions.
    shape: String,
}

/// Tabulates the game file `file` (with `params`) up to `to`, over pairs when `pairs`,
/// storing at most `max_positions` positions (else the game-file default), draws it into
/// `plot_to` if given, and prints it (as JSON when `json`).
pub fn run(
    file: &str,
    params: &[String],
    to: u64,
    pairs: bool,
    plot_to: Option<&Path>,
    (max_positions, memory, json): (Option<u64>, Option<u64>, bool),
) -> anyhow::Result<ExitCode> {
    let game = load_file(file, params, grundy::Play::Normal)?;
    let axes = if pairs { Axes::Two } else { Axes::One };
    let budget = Budget::default()
        .with_positions(limit::positions(max_positions, true))
        .with_bytes(limit::bytes(memory));
    let (budget, progress) = crate::output::Progress::start(json, "tabulating", budget);
    if game.partizan().is_some() {
        let rows = tabulate_partizan(game.as_ref(), axes, to, &budget);
        drop(progress);
        let rows = rows.map_err(|err| limit::explain(err.into(), max_positions, true))?;
        if plot_to.is_some() {
            bail!("--plot: a partizan game's values are canonical forms, which have no plot");
        }
        if json {
            print_json(&PartizanReport {
                game: game.name(),
                kind: "partizan",
                rows: &rows,
            })?;
        } else {
            print_partizan(&game.name(), &rows)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let table = tabulate_game(game.as_ref(), axes, to, &budget);
    drop(progress);
    let table = match table {
        Err(TableError::NoPositions { .. }) => {
            let (function, made) = match axes {
                Axes::One => ("position(n)", "each n = 0..N"),
                Axes::Two => ("position(a, b)", "each pair a, b = 0..N (--pairs)"),
            };
            bail!("{file} defines no function position: a table needs `function {function}`, the position made from {made}");
        }
        Err(TableError::OneInteger { .. }) => {
            bail!("--pairs: {file}'s position(a, b) ignores b (every pair a, b gives the position of a alone; a position function of one argument?): write position(a, b), or leave out --pairs");
        }
        Err(TableError::TooLarge { to, limit, .. }) => {
            bail!("--to {to} is too large for a table of {file}: at most {limit} here")
        }
        Err(TableError::Game {
            source:
                DynError::Solve(SolveError::TooLarge {
                    needed,
                    limit,
                    unit,
                }),
            ..
        }) => {
            let err = SolveError::TooLarge {
                needed,
                limit,
                unit,
            };
            return Err(limit::explain(err.into(), max_positions, true)
                .context(format!("cannot tabulate {file}")));
        }
        Err(TableError::Game { numbers, source }) => {
            let args: Vec<String> = numbers.iter().map(u64::to_string).collect();
            let calls = match axes {
                Axes::One => {
                    "a table calls position(n) with one integer, position(a, b) with --pairs"
                }
                Axes::Two => "--pairs calls position(a, b) with two integers",
            };
            bail!(
                "in {file}: position({}): {source} ({calls})",
                args.join(", ")
            )
        }
        res => res?,
    };
    if let Some(path) = plot_to {
        draw(path, &table)?;
    }
    if json {
        print_json(&Report {
            table: &table,
            p_positions: table.p_positions(),
            lines: Lines {
                pattern: pattern(&table).map(|p| p.to_string()),
                shape: shape(&table).to_string(),
            },
        })?;
    } else {
        print_text(&table)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The periodicity of a one-integer table, found or not (the server's tables too).
pub(crate) fn pattern(t: &GameTable) -> Option<TablePattern> {
    (t.axes == Axes::One).then_some(match t.pattern {
        Some(pattern) => TablePattern::Periodic { pattern },
        None => TablePattern::None { to: t.to },
    })
}

/// The shape of the P-positions, as the family tables write it (the server's tables too).
pub(crate) fn shape(t: &GameTable) -> Shape {
    match t.shape {
        GameShape::OneHeap(shape) => Shape::OneHeap { shape, to: t.to },
        GameShape::TwoHeaps(shape) => Shape::TwoHeaps { shape, to: t.to },
    }
}

/// Whether each position of a two-integer table is a P-position, row by row (the server's
/// tables too).
pub(crate) fn cells(t: &GameTable) -> Vec<Vec<bool>> {
    t.values
        .chunks(t.to as usize + 1)
        .map(|row| row.iter().map(|v| v.outcome == Outcome::Loss).collect())
        .collect()
}

fn draw(path: &Path, t: &GameTable) -> anyhow::Result<()> {
    match t.axes {
        Axes::Two => {
            let side = t.to as usize + 1;
            let nimbers: Option<Vec<u64>> =
                t.values.iter().map(|v| v.nimber.map(|g| g.0)).collect();
            match nimbers {
                Some(nimbers) => {
                    let rows: Vec<Vec<u64>> = nimbers.chunks(side).map(<[u64]>::to_vec).collect();
                    plot::plot(path, &plot::Picture::Nimbers(&rows))
                }
                None => plot::plot(path, &plot::Picture::Cells(&cells(t))),
            }
        }
        Axes::One => {
            let values = t.nimbers().unwrap_or_else(|| {
                t.values
                    .iter()
                    .map(|v| u64::from(v.outcome != Outcome::Loss))
                    .collect()
            });
            plot::plot(path, &plot::Picture::Sequence(&values))
        }
    }
}

/// A value as one short cell: the nimber, the score, else W, L or D.
fn cell(v: &Value) -> String {
    match (v.nimber, v.score) {
        (Some(n), _) => n.0.to_string(),
        (None, Some(s)) => s.to_string(),
        (None, None) => match v.outcome {
            Outcome::Win => "W".into(),
            Outcome::Loss => "L".into(),
            Outcome::Draw => "D".into(),
        },
    }
}

/// True when every value is a win or a loss with no score: a grid of `P` and `.` says it
/// all.
fn wins_and_losses(t: &GameTable) -> bool {
    t.values
        .iter()
        .all(|v| v.score.is_none() && v.outcome != Outcome::Draw)
}

/// The P-positions of a table of pairs, as one line.
fn write_pairs(out: &mut impl Write, t: &GameTable) -> io::Result<()> {
    let pairs: Vec<String> = t
        .p_positions()
        .iter()
        .map(|p| format!("({},{})", p[0], p[1]))
        .collect();
    writeln!(out, "P-positions: {}", pairs.join(" "))
}

fn print_text(t: &GameTable) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "game      {}", t.game)?;
    match t.axes {
        Axes::One => {
            let what = match t.values.first() {
                Some(v) if v.nimber.is_some() => "G(n)",
                Some(v) if v.score.is_some() => "score(n)",
                _ => "outcome(n)",
            };
            writeln!(out, "{what} for n = 0..{}:", t.to)?;
            for (row, chunk) in t.values.chunks(10).enumerate() {
                let cells: Vec<String> = chunk.iter().map(|v| format!("{:>3}", cell(v))).collect();
                writeln!(out, "  {:>6} |{}", row * 10, cells.join(""))?;
            }
            let list: Vec<String> = t.p_positions().iter().map(|n| n[0].to_string()).collect();
            writeln!(out, "P-positions (n <= {}): {}", t.to, list.join(" "))?;
        }
        Axes::Two if t.to <= 60 && !wins_and_losses(t) => {
            // Draws or scores: a `.` would hide them among the wins; write every value.
            let grid: Vec<String> = t.values.iter().map(cell).collect();
            let width = grid.iter().map(String::len).max().unwrap_or(1) + 1;
            let key = match t.values.first() {
                Some(v) if v.score.is_some() => {
                    "the score for the player to move: positive a win, 0 a draw, negative a loss"
                }
                _ => "W a win, L a loss, D a draw for the player to move",
            };
            writeln!(out, "values (rows a = 0..{}, columns b; {key}):", t.to)?;
            for (a, row) in grid.chunks(t.to as usize + 1).enumerate() {
                let line: String = row.iter().map(|c| format!("{c:>width$}")).collect();
                writeln!(out, "  {a:>4}{line}")?;
            }
            write_pairs(&mut out, t)?;
        }
        Axes::Two => {
            if t.to <= 60 {
                writeln!(
                    out,
                    "P-positions (rows a = 0..{}, columns b; P marks a loss for the player to move):",
                    t.to
                )?;
                for (a, row) in cells(t).iter().enumerate() {
                    let line: String = row.iter().map(|&p| if p { 'P' } else { '.' }).collect();
                    writeln!(out, "  {a:>4} {line}")?;
                }
            }
            write_pairs(&mut out, t)?;
        }
    }
    if let Some(pattern) = pattern(t) {
        writeln!(out, "pattern:  {pattern}")?;
    }
    writeln!(out, "shape:    {}", shape(t))?;
    Ok(())
}
