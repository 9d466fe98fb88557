//! `grundy analyze GAME... [at MOVES] --db DIR`: a position analysed from a tier database
//! (`grundy build`): the board, its value and remoteness, every move's, the best moves and a
//! principal line played out to the end. The facts are the library's (`Database::probe`,
//! `Probe::best`, `Database::line`); this module renders them.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use grundy::tierdb::{Database, Value};
use serde::Serialize;

use crate::output::print_json;

/// `grundy analyze --db --json`: the keys of `grundy solve --db --json`, with the board,
/// the best moves and a principal line.
#[derive(Serialize)]
struct Report {
    game: String,
    parameters: BTreeMap<String, u64>,
    /// The moves played from the start, as given.
    position: String,
    /// The board, top row first (`X` the first player's stones).
    board: String,
    /// False when the position is not in the database (not reachable from the start).
    in_database: bool,
    value: Option<Value>,
    moves: Vec<MoveReport>,
    /// The labels of the best moves: the quickest win, else the soonest draw, else the
    /// longest loss.
    best: Vec<String>,
    /// A principal line: the first best move of each position in turn, to the end.
    line: Vec<LineStep>,
}

#[derive(Serialize)]
struct MoveReport {
    /// The move as a person types it (a column or a cell, from 1).
    label: String,
    /// Its value for the mover.
    value: Value,
    /// True for the best moves.
    best: bool,
}

#[derive(Serialize)]
struct LineStep {
    label: String,
    /// The move's value for its mover.
    value: Value,
}

/// Analyses `words` (the game's words, then optionally `at MOVES`) from the database in
/// `dir`.
pub fn run(words: &[String], dir: &Path, json: bool) -> anyhow::Result<ExitCode> {
    let (db, at, moves) = crate::commands::solve::db::open("analyze", words, &[], dir)?;
    let report = report(&db, at, moves)?;
    if json {
        print_json(&report)?;
    } else {
        print_text(&db, &report)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn report(db: &Database, at: grundy::tierdb::Place, moves: String) -> anyhow::Result<Report> {
    let game = db.game();
    let identity = game.identity();
    let probe = db.probe(at)?;
    let best = probe.as_ref().map(|p| p.best()).unwrap_or_default();
    let line = db.line(at)?.unwrap_or_default();
    Ok(Report {
        game: identity.game,
        parameters: identity.parameters,
        position: moves,
        board: game.show(at),
        in_database: probe.is_some(),
        value: probe.as_ref().map(|p| p.value),
        best: best
            .iter()
            .flat_map(|&i| probe.as_ref().map(|p| p.moves[i].0.clone()))
            .collect(),
        moves: probe
            .into_iter()
            .flat_map(|p| p.moves)
            .enumerate()
            .map(|(i, (label, value))| MoveReport {
                label,
                value,
                best: best.contains(&i),
            })
            .collect(),
        line: line
            .into_iter()
            .map(|step| LineStep {
                label: step.label,
                value: step.value,
            })
            .collect(),
    })
}

fn print_text(db: &Database, r: &Report) -> io::Result<()> {
    let game = db.game();
    let mut out = io::stdout().lock();
    writeln!(out, "game      {} (from the database)", game.describe())?;
    let shown = match r.position.is_empty() {
        true => "the start",
        false => &r.position,
    };
    writeln!(out, "position  {shown}")?;
    for row in r.board.lines() {
        writeln!(out, "          {row}")?;
    }
    let Some(value) = r.value else {
        writeln!(
            out,
            "value     not in the database (not reachable from the start)"
        )?;
        return Ok(());
    };
    let who = match value.outcome {
        grundy::Outcome::Win => "the player to move wins",
        grundy::Outcome::Loss => "the player to move loses",
        grundy::Outcome::Draw => "neither player can force a win",
    };
    let means = match (value.score, value.nimber) {
        (Some(_), _) if value.remoteness > 0 => {
            "points still to come, the mover's less the other's, under perfect play, in moves \
             to the end"
        }
        (Some(_), _) => "points still to come, the mover's less the other's, under perfect play",
        (_, Some(_)) => "the position's Grundy value",
        _ => "moves to the end under perfect play",
    };
    writeln!(out, "value     {value} ({who}; {means})")?;
    if r.moves.is_empty() {
        writeln!(out, "moves     none: the game is over")?;
        return Ok(());
    }
    writeln!(
        out,
        "moves     {} (each valued for its mover)",
        r.moves.len()
    )?;
    for m in &r.moves {
        let best = if m.best { "  best" } else { "" };
        writeln!(out, "  {:<10} {}{best}", game.move_name(&m.label), m.value)?;
    }
    let names: Vec<String> = r.best.iter().map(|l| game.move_name(l)).collect();
    let rule = match (value.score, value.nimber, value.outcome) {
        (Some(_), _, grundy::Outcome::Loss) => "the highest net score, then the longest line",
        (Some(_), _, _) => "the highest net score, then the shortest line",
        (_, Some(_), grundy::Outcome::Win) => "to nimber 0",
        (_, Some(_), _) => "every move loses",
        (_, _, grundy::Outcome::Win) => "the quickest win",
        (_, _, grundy::Outcome::Draw) => "the soonest draw",
        (_, _, grundy::Outcome::Loss) => "the longest resistance",
    };
    writeln!(out, "best      {} ({rule})", names.join(", "))?;
    let line: Vec<&str> = r.line.iter().map(|s| s.label.as_str()).collect();
    writeln!(
        out,
        "line      {} ({} moves to the end)",
        line.join(" "),
        line.len()
    )?;
    Ok(())
}
