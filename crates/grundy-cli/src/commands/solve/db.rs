//! `grundy solve GAME... [at MOVES] --db DIR` and `grundy solve FILE.luau [POSITION] --db
//! DIR`: a position answered from a tier database (`grundy build`) instead of a search: its
//! value and remoteness (or net score, or nimber) and every move's.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context};
use grundy::tierdb::{open_file, tier_game, Database, Place, Value, TIER_GAMES};
use serde::Serialize;

use crate::output::print_json;

#[derive(Serialize)]
struct Report<'a> {
    game: String,
    parameters: BTreeMap<String, u64>,
    /// The moves played from the start, as given.
    position: &'a str,
    /// False when the position is not in the database (not reachable from the start).
    in_database: bool,
    value: Option<Value>,
    moves: Vec<MoveReport>,
}

#[derive(Serialize)]
struct MoveReport {
    /// The move as a person types it (a column or a cell, from 1).
    label: String,
    value: Value,
}

/// The database in `dir` of the game file `file` (with `params`, each (name, value)).
fn open_file_db(file: &str, params: &[(String, String)], dir: &Path) -> anyhow::Result<Database> {
    let loaded = grundy_script::load_rules(Path::new(file), params)?;
    open_file(loaded.rules, loaded.info, loaded.identity, dir).context("cannot open the database")
}

/// The database in `dir` and the position `words` name (the game's words, then optionally
/// `at MOVES`; or a game file, loaded with `params`, then optionally a position in its
/// notation) with the position as given, for `grundy COMMAND ... --db DIR`: refused when
/// the database holds another game than the words name.
pub fn open(
    command: &str,
    words: &[String],
    params: &[(String, String)],
    dir: &Path,
) -> anyhow::Result<(Database, Place, String)> {
    let usage = format!(
        "with --db: grundy {command} GAME... [at MOVES] --db DIR, GAME one of {TIER_GAMES}, or \
         grundy {command} FILE.luau [POSITION] --db DIR"
    );
    let (db, moves) = if words[0].ends_with(&format!(".{}", grundy_script::EXTENSION)) {
        let db = open_file_db(&words[0], params, dir)?;
        (db, words[1..].join(" "))
    } else {
        let (game_words, moves) = match words.iter().position(|w| w == "at") {
            Some(at) if at + 2 == words.len() => (&words[..at], words[at + 1].as_str()),
            Some(_) => bail!("{usage}; MOVES are one word (quote it: at '5 1 9')"),
            None => (words, ""),
        };
        let wanted = tier_game(game_words).map_err(|why| anyhow::anyhow!("{why} ({usage})"))?;
        let db = Database::open(dir).context("cannot open the database")?;
        if db.game().identity() != wanted.identity() {
            // Two setups of one board share their short name (young 2 3): then the words
            // that set each up tell them apart.
            let (held, asked) = match (db.game().describe(), wanted.describe()) {
                (held, asked) if held == asked => (db.game().words(), wanted.words()),
                named => named,
            };
            bail!("{} holds {held}, not {asked}", dir.display());
        }
        (db, moves.to_string())
    };
    let game = db.game();
    let at = game.parse(&moves).map_err(anyhow::Error::msg)?;
    Ok((db, at, moves))
}

/// Answers `words` (the game's words, then optionally `at MOVES`; or a game file, then
/// optionally a position in its notation) from the database in `dir`.
pub fn run(
    words: &[String],
    params: &[(String, String)],
    dir: &Path,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let (db, at, moves) = open("solve", words, params, dir)?;
    let moves = moves.as_str();
    let game = db.game();
    let probe = db.probe(at)?;
    let identity = game.identity();
    let report = Report {
        game: identity.game,
        parameters: identity.parameters,
        position: moves,
        in_database: probe.is_some(),
        value: probe.as_ref().map(|p| p.value),
        moves: probe
            .iter()
            .flat_map(|p| &p.moves)
            .map(|(label, value)| MoveReport {
                label: label.clone(),
                value: *value,
            })
            .collect(),
    };
    if json {
        print_json(&report)?;
        return Ok(ExitCode::SUCCESS);
    }
    let name = game.describe();
    let shown = if moves.is_empty() { "the start" } else { moves };
    match report.value {
        None => println!("{name} at {shown}: not in the database (not reachable from the start)"),
        Some(value) => {
            println!("{name} at {shown}: {value} (for the player to move)");
            let best = probe.as_ref().map(|p| p.best()).unwrap_or_default();
            for (i, m) in report.moves.iter().enumerate() {
                let best = if best.contains(&i) { "  (best)" } else { "" };
                println!("  {}: {}{best}", game.move_name(&m.label), m.value);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
