//! `grundy table <game> [PARAM] --to N`: tabulate Grundy values (one-heap games), first-player
//! outcomes (bash-reach, fibonacci-nim) or the P-positions of two heaps, by the engine, then
//! find the pattern: a period (proved only where a proof applies, else a conjecture checked up
//! to N), the shape of the P-positions, and the closed form where a theorem gives one. The
//! table and its findings are the library's (`grundy::table`); this module renders them and
//! draws the plots. A game file (FILE.luau) is tabulated by the generic table (`file`).

pub(crate) mod file;
pub(crate) mod misere;
mod plot;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use grundy::table::{tabulate, ClosedForm, Shape, Table, TableError, TableKind, TablePattern};
use serde::Serialize;

use crate::commands::list::catalog::parse_family;
use crate::commands::solve::is_game_file;
use crate::output::print_json;

/// Arguments of `grundy table`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Games and their parameters: see 'grundy list'. Examples:
  grundy table subtraction 1,3,4 --to 30
  grundy table wythoff --to 40 --plot wythoff.svg
  grundy table lasker --to 50 --plot lasker.png
  grundy table bash 3 --pairs --to 20
  grundy table 0.77 --misere --to 20   (misère values and genera of Kayles)
  grundy table examples/games/subtraction.luau --to 30 --param set=1,2
A game file is tabulated from its function position(n) (position(a, b) with --pairs).")]
pub struct Args {
    /// The game and its parameter if it has one, or a game file FILE.luau.
    #[arg(required = true, num_args = 1..=2)]
    words: Vec<String>,
    /// A game file's parameter, NAME=VALUE (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Tabulate heaps (or both heaps) from 0 to N.
    #[arg(long, value_name = "N", default_value_t = 40)]
    to: u64,
    /// Tabulate pairs of heaps (P exactly when both heaps have the same Grundy value).
    #[arg(long)]
    pairs: bool,
    /// Draw G(n) against n, or a table of pairs (its nimbers as a heat map, P-positions red,
    /// where it has them; else its P-positions), into FILE (.png or .svg).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Most positions a game file's table may store [default: 1000000].
    #[arg(long)]
    max_positions: Option<u64>,
    /// Most memory a game file's table may hold, in GiB (2^30 bytes; fractions such as 0.5
    /// allowed): its positions, their moves, the solvers' tables and the file's heap
    /// [default: 8, lowered to three quarters of the memory free].
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes)]
    memory: Option<u64>,
    /// Misère play (whoever cannot move wins): each heap's normal value, misère value and
    /// genus (Conway's, as Winning Ways writes it: 4^146), and whether it is tame; heap games
    /// (nim, subtraction, bash, lasker, grundy-game, codes) and impartial game files with
    /// components (each position(n) split into them).
    #[arg(long, conflicts_with_all = ["pairs", "plot"])]
    misere: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// `grundy table --json`: the table, its findings as lines and as data.
#[derive(Serialize)]
struct Report<'a> {
    game: &'a str,
    kind: TableKind,
    to: u64,
    nimbers: &'a Option<Vec<u64>>,
    p_positions: &'a [u64],
    p_pairs: &'a [(u64, u64)],
    /// The periodicity found, proved or conjectured (spelt out).
    pattern: Option<String>,
    /// The shape of the P-positions, as seen in the table.
    shape: Option<String>,
    /// A closed form from a theorem, and whether the table agrees with it.
    closed_form: Option<String>,
    /// The same findings as data.
    found: Found<'a>,
}

/// The findings of a table as data.
#[derive(Serialize)]
struct Found<'a> {
    pattern: &'a Option<TablePattern>,
    shape: &'a Option<Shape>,
    closed_form: &'a Option<ClosedForm>,
}

/// Runs `grundy table`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.plot {
        crate::output::check_plot_path(path)?;
    }
    if is_game_file(&args.words[0]) {
        if let Some(extra) = args.words.get(1) {
            bail!("grundy table takes no position, found {extra:?} (use --to N; a game file's parameters are --param NAME=VALUE)");
        }
        if args.misere {
            if args.memory.is_some() {
                bail!("--memory: a misère table of a game file is bounded by --max-positions");
            }
            let (file, params) = (&args.words[0], &args.params);
            return misere::run_file(file, params, args.to, args.max_positions, args.json);
        }
        let plot = args.plot.as_deref();
        return file::run(
            &args.words[0],
            &args.params,
            args.to,
            args.pairs,
            plot,
            (args.max_positions, args.memory, args.json),
        );
    }
    if let Some(param) = args.params.first() {
        bail!("--param {param}: parameters are for game files (a FILE.luau); built-in games take theirs as words");
    }
    if args.max_positions.is_some() {
        bail!("--max-positions is for a game file's table (a family's table is bounded by --to)");
    }
    if args.memory.is_some() {
        bail!("--memory is for a game file's table (a family's table is bounded by --to)");
    }
    let mut words: VecDeque<String> = args.words.into_iter().collect();
    let family = parse_family(&mut words)?;
    if let Some(extra) = words.front() {
        bail!("grundy table takes no position, found {extra:?} (use --to N)");
    }
    if args.misere {
        return misere::run(&family, args.to, args.json);
    }
    let table = match tabulate(&family, args.to, args.pairs) {
        Err(TableError::TooLarge {
            to,
            game,
            limit,
            cells,
        }) => {
            let why = cells
                .map(|c| format!(" (a table of pairs holds (N + 1)^2 = {c} cells)"))
                .unwrap_or_default();
            bail!("--to {to} is too large for {game}: at most {limit} here{why}");
        }
        res => res?,
    };
    if let Some(path) = &args.plot {
        // Pairs of a heap game: G(a) xor G(b), the Sprague-Grundy sum of the two heaps.
        let pair_nimbers: Option<Vec<Vec<u64>>> = match &table.nimbers {
            Some(g) if table.kind == TableKind::Pairs => Some(
                g.iter()
                    .map(|&a| g.iter().map(|&b| a ^ b).collect())
                    .collect(),
            ),
            _ => None,
        };
        let picture = match (&table.nimbers, &pair_nimbers) {
            (_, Some(nimbers)) => plot::Picture::Nimbers(nimbers),
            (Some(values), _) if table.kind == TableKind::Grundy => plot::Picture::Sequence(values),
            _ if !table.cells.is_empty() => plot::Picture::Cells(&table.cells),
            _ => {
                let flags: Vec<u64> = (0..=table.to)
                    .map(|n| u64::from(!table.p_positions.contains(&n)))
                    .collect();
                plot::plot(path, &plot::Picture::Sequence(&flags))?;
                return finish(&table, args.json);
            }
        };
        plot::plot(path, &picture)?;
    }
    finish(&table, args.json)
}

fn finish(table: &Table, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        print_json(&Report {
            game: &table.game,
            kind: table.kind,
            to: table.to,
            nimbers: &table.nimbers,
            p_positions: &table.p_positions,
            p_pairs: &table.p_pairs,
            pattern: table.pattern.map(|p| p.to_string()),
            shape: table.shape.as_ref().map(ToString::to_string),
            closed_form: table.closed_form.map(|c| c.to_string()),
            found: Found {
                pattern: &table.pattern,
                shape: &table.shape,
                closed_form: &table.closed_form,
            },
        })?;
    } else {
        print_text(table)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(t: &Table) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "game      {}", t.game)?;
    if let Some(values) = &t.nimbers {
        writeln!(out, "G(n) for n = 0..{}:", t.to)?;
        for (row, chunk) in values.chunks(10).enumerate() {
            let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>3}")).collect();
            writeln!(out, "  {:>6} |{}", row * 10, cells.join(""))?;
        }
    }
    if t.kind == TableKind::Pairs {
        if t.cells.len() <= 61 && !t.cells.is_empty() {
            writeln!(
                out,
                "P-positions (rows a = 0..{}, columns b; P marks a loss for the player to move):",
                t.to
            )?;
            for (a, row) in t.cells.iter().enumerate() {
                let line: String = row.iter().map(|&p| if p { 'P' } else { '.' }).collect();
                writeln!(out, "  {a:>4} {line}")?;
            }
        }
        let pairs: Vec<String> = t
            .p_pairs
            .iter()
            .map(|(a, b)| format!("({a},{b})"))
            .collect();
        writeln!(out, "P-positions with a <= b: {}", pairs.join(" "))?;
    } else {
        let list: Vec<String> = t.p_positions.iter().map(u64::to_string).collect();
        writeln!(out, "P-positions (n <= {}): {}", t.to, list.join(" "))?;
    }
    if let Some(pattern) = &t.pattern {
        writeln!(out, "pattern:  {pattern}")?;
    }
    if let Some(shape) = &t.shape {
        writeln!(out, "shape:    {shape}")?;
    }
    if let Some(closed) = &t.closed_form {
        writeln!(out, "closed form: {closed}")?;
    }
    Ok(())
}
