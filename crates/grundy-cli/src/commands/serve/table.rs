//! `/api/table`: the library's table of a family (`grundy::table::tabulate`) or of a game
//! file (`grundy::table::tabulate_game`, from the file's `position(n)` or `position(a, b)`),
//! answered in one shape: values, P-positions, the pattern and shape found, and what a plot
//! needs. No tabulation happens here.

use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use grundy::catalog::parse_family;
use grundy::dynamic::{DynError, Value};
use grundy::table::{
    tabulate_game, tabulate_within, Axes, GameTable, Table, TableError, TableKind,
};
use grundy::Budget;
use serde::{Deserialize, Serialize};

use super::app::{blocking, App, Shared};
use super::error::ApiError;
use super::files::Source;
use super::request::{game_request, Named};
use crate::commands::table::file::{cells, pattern, shape};

game_request! {
    /// `POST /api/table`: a family (`game`, `param`) or a game file (`source` or
    /// `example`, `params`), up to `to`, over pairs when `pairs`.
    pub struct TableRequest {
        #[serde(default = "default_to")]
        to: u64,
        #[serde(default)]
        pairs: bool,
    }
}

/// `GET /api/table?game=...&param=...&to=N&pairs=false`, or `?example=NAME&to=N`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableQuery {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    param: Option<String>,
    #[serde(default)]
    example: Option<String>,
    #[serde(default = "default_to")]
    to: u64,
    #[serde(default)]
    pairs: bool,
}

fn default_to() -> u64 {
    40
}

/// A table with its findings as data (the library's `Table`) and as one line each.
#[derive(Serialize)]
pub struct TableView {
    #[serde(flatten)]
    table: Table,
    text: Findings,
    /// Pairs only: true when `(a, b)` and `(b, a)` are P-positions together, so `p_pairs`
    /// lists those with `a <= b`; false when it lists every P-position (a game file's table
    /// that is not symmetric).
    symmetric: Option<bool>,
    /// A game file's table: every position's value for the player to move (`values[n]`, or
    /// `values[a * (to + 1) + b]` for pairs); absent for a family.
    values: Option<Vec<Value>>,
}

/// The findings of a table as `grundy table` prints them.
#[derive(Serialize)]
struct Findings {
    pattern: Option<String>,
    shape: Option<String>,
    closed_form: Option<String>,
}

/// `GET /api/table`: a family's table, or an example game file's.
pub async fn get(
    State(app): Shared,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Result<Json<TableView>, ApiError> {
    let Query(q) = query?;
    let req = TableRequest {
        game: q.game,
        param: q.param,
        source: None,
        example: q.example,
        params: None,
        to: q.to,
        pairs: q.pairs,
    };
    answer(app, req).await
}

/// `POST /api/table`: a family's table or a game file's.
pub async fn post(
    State(app): Shared,
    body: Result<Json<TableRequest>, JsonRejection>,
) -> Result<Json<TableView>, ApiError> {
    let Json(req) = body?;
    answer(app, req).await
}

async fn answer(app: Arc<App>, req: TableRequest) -> Result<Json<TableView>, ApiError> {
    let app2 = app.clone();
    let view = blocking(&app, move |budget| match req.named()? {
        Named::Catalogue { game, param } => family(game, param, req.to, req.pairs, budget),
        Named::File { source, params } => file(&app2, source, &params, req.to, req.pairs, budget),
    })
    .await?;
    Ok(Json(view))
}

/// 422 with `message`.
fn unprocessable(message: impl Into<String>) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: message.into(),
    }
}

/// A family's table (`grundy table GAME PARAM --to N`).
fn family(
    game: &str,
    param: Option<&str>,
    to: u64,
    pairs: bool,
    budget: &Budget,
) -> Result<TableView, ApiError> {
    let mut words: std::collections::VecDeque<String> = std::iter::once(game.to_string())
        .chain(
            param
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(String::from),
        )
        .collect();
    let family = parse_family(&mut words).map_err(|err| ApiError::bad_request(err.to_string()))?;
    if let Some(extra) = words.front() {
        return Err(ApiError::bad_request(format!(
            "{game} takes no parameter, found {extra:?}"
        )));
    }
    // Within the request's budget: its memory, and its cancel flag once its time is up.
    let table = tabulate_within(&family, to, pairs, budget).map_err(|err| match err {
        TableError::Solve(err) => ApiError::from(DynError::Solve(err)),
        TableError::TooLarge { .. } => unprocessable(err.to_string()),
        _ => ApiError::bad_request(err.to_string()),
    })?;
    Ok(view(table, None))
}

/// A game file's table (`grundy table FILE.luau --to N`): its size checked against the
/// server's bound first, then the file loaded under the server's caps and tabulated by the
/// library, each position solved within `budget`.
fn file(
    app: &App,
    source: Source<'_>,
    params: &[(String, String)],
    to: u64,
    pairs: bool,
    budget: &Budget,
) -> Result<TableView, ApiError> {
    let name = source.file();
    let axes = if pairs { Axes::Two } else { Axes::One };
    let cells = (u128::from(to) + 1).pow(axes.count() as u32);
    if cells > u128::from(app.limits.table_cells) {
        let what = if pairs { "(to + 1)^2" } else { "to + 1" };
        return Err(unprocessable(format!(
            "a table of {name} up to {to} holds {what} = {cells} positions, more than this \
             server tabulates ({}; see grundy serve --max-table)",
            app.limits.table_cells
        )));
    }
    let (game, _memory) = app.load_file(source, params)?;
    let table = tabulate_game(game.as_ref(), axes, to, budget).map_err(|err| match err {
        TableError::NoPositions { .. } => {
            let (function, made) = match axes {
                Axes::One => ("position(n)", "each n = 0..to"),
                Axes::Two => ("position(a, b)", "each pair a, b = 0..to (pairs)"),
            };
            ApiError::bad_request(format!(
                "{name} has no position function: a table needs `function {function}`, the \
                 position made from {made}"
            ))
        }
        TableError::OneInteger { .. } => ApiError::bad_request(format!(
            "pairs: {name}'s position(a, b) ignores b (every pair a, b gives the position of a \
             alone): write position(a, b), or leave out pairs"
        )),
        TableError::Game { numbers, source } => {
            let args: Vec<String> = numbers.iter().map(u64::to_string).collect();
            let mut err = ApiError::from(source);
            err.message = format!("position({}): {}", args.join(", "), err.message);
            err
        }
        TableError::Solve(err) => ApiError::from(DynError::Solve(err)),
        other => unprocessable(other.to_string()),
    })?;
    let shaped = family_shaped(&table);
    Ok(view(shaped, Some(table.values)))
}

/// A game file's table in the shape of a family's: `grundy` when every position has a
/// nimber, else `outcome` (one integer), `pairs` (two, with their `cells`).
fn family_shaped(t: &GameTable) -> Table {
    let one = t.axes == Axes::One;
    let nimbers = if one { t.nimbers() } else { None };
    let kind = match (one, &nimbers) {
        (false, _) => TableKind::Pairs,
        (true, Some(_)) => TableKind::Grundy,
        (true, None) => TableKind::Outcome,
    };
    let p_positions = if one {
        t.p_positions().iter().map(|n| n[0]).collect()
    } else {
        Vec::new()
    };
    Table {
        game: t.game.clone(),
        kind,
        to: t.to,
        nimbers,
        p_positions,
        p_pairs: Vec::new(),
        pattern: pattern(t),
        shape: Some(shape(t)),
        closed_form: None,
        cells: if one { Vec::new() } else { cells(t) },
    }
}

/// The answer: `table` with its findings as lines and a game file's `values`. A table of
/// pairs lists its P-positions from its cells: those with `a <= b` when the cells are
/// symmetric, else every one (a family's staircase, a game file of two different rules).
fn view(mut table: Table, values: Option<Vec<Value>>) -> TableView {
    let symmetric = (table.kind == TableKind::Pairs).then(|| {
        let cells = &table.cells;
        (0..cells.len()).all(|a| (0..a).all(|b| cells[a][b] == cells[b][a]))
    });
    if let Some(symmetric) = symmetric {
        table.p_pairs = (0..table.cells.len())
            .flat_map(|a| (0..table.cells.len()).map(move |b| (a, b)))
            .filter(|&(a, b)| table.cells[a][b] && (!symmetric || a <= b))
            .map(|(a, b)| (a as u64, b as u64))
            .collect();
    }
    TableView {
        text: Findings {
            pattern: table.pattern.map(|p| p.to_string()),
            shape: table.shape.as_ref().map(ToString::to_string),
            closed_form: table.closed_form.map(|c| c.to_string()),
        },
        symmetric,
        values,
        table,
    }
}
