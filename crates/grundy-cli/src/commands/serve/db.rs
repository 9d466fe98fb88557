//! `GET /api/databases` and `GET /api/db`: positions answered from the tier databases the
//! server was started with (`grundy serve --db DIR`, repeatable): a position's value and
//! remoteness and every move's, read from one compressed block each, no search; and the
//! database a session plays (`{"db": WORDS}`, through the library's `DbGame`).

use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Context};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use grundy::tierdb::{open_file, tier_game, Database, Value};
use serde::{Deserialize, Serialize};

use super::app::{App, Shared};
use super::error::ApiError;

/// Opens `--db`'s `given`: a built-in game's directory, or `DIR=FILE.luau`, a game file's
/// database with the file that reads its positions (loaded with the parameters the
/// manifest records).
pub fn open(given: &str) -> anyhow::Result<Database> {
    let (dir, file) = match given.rsplit_once('=') {
        Some((dir, file)) if file.ends_with(&format!(".{}", grundy_script::EXTENSION)) => {
            (Path::new(dir), Some(Path::new(file)))
        }
        _ => (Path::new(given), None),
    };
    let context = || format!("cannot open the database {}", dir.display());
    let identity = Database::identity_in(dir).with_context(context)?;
    match (identity.file, file) {
        (None, None) => Database::open(dir).with_context(context),
        (None, Some(file)) => bail!(
            "{}: {} holds a database of {}, a built-in game: give it without ={}",
            given,
            dir.display(),
            identity.game,
            file.display()
        ),
        (Some(built), None) => bail!(
            "{} holds the database of the game file {}: give the file too, --db {}=PATH/{}",
            dir.display(),
            built.file,
            dir.display(),
            built.file
        ),
        (Some(built), Some(file)) => {
            let name = file.file_name().unwrap_or_default().to_string_lossy();
            if name != built.file {
                bail!(
                    "{} holds the database of the game file {}, not of {}",
                    dir.display(),
                    built.file,
                    file.display()
                );
            }
            let params: Vec<(String, String)> = built.params.into_iter().collect();
            let loaded = grundy_script::load_rules(file, &params)?;
            open_file(loaded.rules, loaded.info, loaded.identity, dir).with_context(context)
        }
    }
}

/// A database the server answers from.
#[derive(Serialize)]
pub struct DatabaseView {
    /// The game as a person names it, e.g. `connect-four 5 x 4`.
    game: String,
    /// The words that name it in `/api/db`'s `game` and a session's `db`, e.g.
    /// `connect-four 5 4`.
    words: String,
    /// The game's name and parameters, as its manifest records them.
    identity: grundy::tierdb::Identity,
    /// Positions reachable from the start.
    positions: u64,
}

/// `GET /api/databases`: the databases the server was started with.
pub async fn list(State(app): Shared) -> Json<Vec<DatabaseView>> {
    Json(
        app.databases
            .iter()
            .map(|db| DatabaseView {
                game: db.game().describe(),
                words: db.game().words(),
                identity: db.game().identity(),
                positions: db.positions(),
            })
            .collect(),
    )
}

/// The query of `GET /api/db`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DbQuery {
    /// The game's words, e.g. `connect-four 5 4` or `tic-tac-toe`.
    game: String,
    /// The moves played from the start (columns, or cells); the start when absent.
    #[serde(default)]
    position: String,
}

/// A move and its value for its mover.
#[derive(Serialize)]
pub struct MoveView {
    label: String,
    value: Value,
}

/// `GET /api/db`'s answer.
#[derive(Serialize)]
pub struct DbAnswer {
    game: String,
    position: String,
    /// False when the position is not reachable from the start.
    in_database: bool,
    value: Option<Value>,
    moves: Vec<MoveView>,
    /// The labels of the best moves (the quickest win, else the soonest draw, else the
    /// longest loss).
    best: Vec<String>,
}

/// The database of the game `words` names (`connect-four 5 4`, `tic-tac-toe`) among the
/// server's: 400 when the words name no game with databases, 404 when the server has none
/// of it.
pub fn database(app: &App, words: &str) -> Result<Arc<Database>, ApiError> {
    let words: Vec<&str> = words.split_whitespace().collect();
    // A game file's database is named by its own words, as `/api/databases` lists them.
    let named = words.join(" ");
    if let Some(db) = app.databases.iter().find(|db| db.game().words() == named) {
        return Ok(db.clone());
    }
    let wanted = tier_game(&words).map_err(ApiError::bad_request)?;
    let identity = wanted.identity();
    app.databases
        .iter()
        .find(|db| db.game().identity() == identity)
        .cloned()
        .ok_or_else(|| {
            ApiError::not_found(format!(
                "no database of {} on this server (GET /api/databases lists them)",
                wanted.describe()
            ))
        })
}

/// `GET /api/db?game=...&position=...`: a position answered from a database.
pub async fn probe(
    State(app): Shared,
    query: Result<Query<DbQuery>, QueryRejection>,
) -> Result<Json<DbAnswer>, ApiError> {
    let Query(q) = query?;
    let db = database(&app, &q.game)?;
    let answer = tokio::task::spawn_blocking(move || {
        let at = db
            .game()
            .parse(&q.position)
            .map_err(ApiError::bad_request)?;
        let probe = db
            .probe(at)
            .map_err(|e| ApiError::unavailable(format!("the database failed: {e}")))?;
        let best = probe.as_ref().map(|p| p.best()).unwrap_or_default();
        Ok::<_, ApiError>(DbAnswer {
            game: db.game().describe(),
            position: q.position,
            in_database: probe.is_some(),
            best: best
                .iter()
                .flat_map(|&i| probe.as_ref().map(|p| p.moves[i].0.clone()))
                .collect(),
            value: probe.as_ref().map(|p| p.value),
            moves: probe
                .into_iter()
                .flat_map(|p| p.moves)
                .map(|(label, value)| MoveView { label, value })
                .collect(),
        })
    })
    .await
    .map_err(|e| ApiError::unavailable(format!("the lookup stopped: {e}")))??;
    Ok(Json(answer))
}
