//! `grundy solve connect-four WIDTH HEIGHT [at MOVES] --db DIR`: a position answered from a
//! tier database (`grundy build`) instead of a search: its value and remoteness and every
//! move's.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context};
use grundy::tierdb::{Database, Value};
use serde::Serialize;

use crate::output::print_json;

#[derive(Serialize)]
struct Report<'a> {
    game: &'static str,
    width: u32,
    height: u32,
    /// The columns played, from 1.
    position: &'a str,
    /// False when the position is not in the database (not reachable from the start).
    in_database: bool,
    value: Option<Value>,
    moves: Vec<MoveReport>,
}

#[derive(Serialize)]
struct MoveReport {
    column: u32,
    value: Value,
}

/// Answers `words` (`connect-four W H [at MOVES]`) from the database in `dir`.
pub fn run(words: &[String], dir: &Path, json: bool) -> anyhow::Result<ExitCode> {
    let usage = "with --db: grundy solve connect-four WIDTH HEIGHT [at MOVES] --db DIR";
    let [game, width, height, rest @ ..] = words else {
        bail!("{usage}");
    };
    if game != "connect-four" {
        bail!("only connect-four has databases ({usage})");
    }
    let moves = match rest {
        [] => "",
        [at, moves] if at == "at" => moves.as_str(),
        _ => bail!("{usage}; MOVES are the columns played, from 1, e.g. 4453"),
    };
    let db = Database::open(dir).context("cannot open the database")?;
    let identity = db.game().identity();
    let (w, h) = match (identity.parameter("width"), identity.parameter("height")) {
        (Some(w), Some(h)) if identity.game == "connect-four" => (w as u32, h as u32),
        _ => bail!("{} holds {identity}, not connect-four", dir.display()),
    };
    if width.parse::<u32>().ok() != Some(w) || height.parse::<u32>().ok() != Some(h) {
        bail!(
            "{} holds connect-four {w} x {h}, not {width} x {height}",
            dir.display()
        );
    }
    let at = db.game().parse(moves).map_err(anyhow::Error::msg)?;
    let probe = db.probe(at)?;
    let report = Report {
        game: "connect-four",
        width: w,
        height: h,
        position: moves,
        in_database: probe.is_some(),
        value: probe.as_ref().map(|p| p.value),
        moves: probe
            .iter()
            .flat_map(|p| &p.moves)
            .map(|(column, value)| MoveReport {
                column: column.parse().expect("a Connect Four move is its column"),
                value: *value,
            })
            .collect(),
    };
    if json {
        print_json(&report)?;
        return Ok(ExitCode::SUCCESS);
    }
    let shown = if moves.is_empty() { "the start" } else { moves };
    match report.value {
        None => println!(
            "connect-four {w} x {h} at {shown}: not in the database (not reachable from the start)"
        ),
        Some(value) => {
            println!("connect-four {w} x {h} at {shown}: {value} (for the player to move)");
            for m in &report.moves {
                let best = if m.value == value { "  (best)" } else { "" };
                println!("  column {}: {}{best}", m.column, m.value);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
