//! `GET /api/cgt?expr=...`: a short partizan game in CGSuite's notation, valued as `grundy
//! cgt --json` values it (canonical form, outcome, stops, mean, temperature, CGSuite's
//! atomic weight, options) with its thermograph drawn as SVG, the library's one drawing.
//! The page shows it beside a partizan position's value.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use grundy::cgt::{Arena, Report};
use serde::{Deserialize, Serialize};

use super::app::{blocking, Shared};
use super::error::ApiError;

/// The longest expression the page may send, in bytes (a partizan position's value written
/// out; each one is valued in a fresh arena, within the request's time).
pub const MAX_PAGE_EXPRESSION: usize = 16 * 1024;

/// The query of `GET /api/cgt`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CgtQuery {
    /// The game, e.g. `{2|-1}`, `^<2>*` or `Tiny(3/2)`.
    expr: String,
}

/// `GET /api/cgt`'s answer: the library's report of the value, and its thermograph drawn.
#[derive(Serialize)]
pub struct CgtAnswer {
    expression: String,
    #[serde(flatten)]
    report: Report,
    /// The thermograph, drawn.
    thermograph_svg: String,
}

/// `GET /api/cgt?expr=...`: 400 with grundy's one-line message for a bad expression.
pub async fn get(
    State(app): Shared,
    query: Result<Query<CgtQuery>, QueryRejection>,
) -> Result<Json<CgtAnswer>, ApiError> {
    let Query(q) = query?;
    if q.expr.len() > MAX_PAGE_EXPRESSION {
        return Err(ApiError::bad_request(format!(
            "the expression is longer than {MAX_PAGE_EXPRESSION} bytes"
        )));
    }
    let answer = blocking(&app, move |_| value(q.expr)).await?;
    Ok(Json(answer))
}

fn value(expression: String) -> Result<CgtAnswer, ApiError> {
    let mut arena = Arena::new();
    let g = arena
        .parse(&expression)
        .map_err(|err| ApiError::bad_request(err.to_string()))?;
    let report = arena
        .report(g)
        .map_err(|err| ApiError::bad_request(err.to_string()))?;
    Ok(CgtAnswer {
        thermograph_svg: report.thermograph.svg(),
        report,
        expression,
    })
}
