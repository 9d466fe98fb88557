//! `/api/misere-table` and `/api/quotient`: a heap game's misère table (the library's
//! `table::tabulate_misere`: normal and misère values, genera, tameness) and a code's misère
//! quotient (`misere::quotient::grow`, reported as `grundy quotient --json` reports it),
//! each within a request's budget: its memory bounds what the quotient may store, and its
//! cancel flag, raised when its time is up, stops either. A sum answered by a quotient is
//! explained by the library's reasons (`analysis::quotient_reasons`), for `/api/quotient`
//! and for `/api/solve` of a misère sum of a code's heaps ([`by_quotient`]).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use grundy::analysis::{
    heaps_after, heaps_of as heaps_in, misere_code, quotient_for, quotient_reasons,
    solve_by_quotient, Reason,
};
use grundy::catalog::{parse_family, Family};
use grundy::dynamic::{Datum, DynError, DynGame, Solution};
use grundy::misere::quotient::{grow, Limits, Quotient, QuotientError};
use grundy::table::{tabulate_misere, MisereTable, TableError};
use grundy::{Budget, Outcome};
use serde::{Deserialize, Serialize};

use super::app::{blocking, Shared};
use super::error::ApiError;
use crate::commands::quotient::{report, Report};

/// The largest heap bound a quotient may be asked for here (`grundy quotient` goes on).
pub const MAX_HEAP: u64 = 40;

/// The largest order a quotient may reach here.
pub const MAX_ORDER: u64 = 1024;

/// Bytes counted for each sum the quotient's outcome search stores, and for each pair its
/// check holds: a request's memory over these bounds what either may keep.
const BYTES_PER_SUM: u64 = 64;
const BYTES_PER_PAIR: u64 = 128;

/// `GET /api/misere-table?game=...&param=...&to=N`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MisereQuery {
    game: String,
    #[serde(default)]
    param: Option<String>,
    #[serde(default = "default_to")]
    to: u64,
}

fn default_to() -> u64 {
    40
}

/// `GET /api/quotient?code=...&max_heap=N&max_order=M`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotientQuery {
    code: String,
    #[serde(default = "default_heap")]
    max_heap: u64,
    #[serde(default = "default_order")]
    max_order: u64,
    /// A sum to answer by the quotient: heap sizes apart by spaces or commas.
    #[serde(default)]
    heaps: Option<String>,
}

/// A quotient (as `grundy quotient --json`) and, when asked, a sum answered by it.
#[derive(Serialize)]
pub struct QuotientView {
    #[serde(flatten)]
    quotient: Report,
    sum: Option<SumView>,
}

/// A sum of heaps answered by the quotient: each heap's element, their product, whether it
/// lies in the P-portion, and the winning moves.
#[derive(Serialize)]
struct SumView {
    heaps: Vec<usize>,
    /// The element of each heap, by name.
    elements: Vec<String>,
    /// Their product.
    element: String,
    /// `loss` when the product lies in the P-portion (the player to move loses), else `win`.
    outcome: Outcome,
    winning_moves: Vec<MoveView>,
    /// Why, line by line: the library's reasons (`grundy solve` writes the same).
    why: Vec<String>,
}

/// A winning move: the heap moved in, the heaps it leaves, the heaps after it, and their
/// product (in the P-portion).
#[derive(Serialize)]
struct MoveView {
    heap: usize,
    leaves: Vec<usize>,
    to: Vec<usize>,
    element: String,
}

fn default_heap() -> u64 {
    12
}

fn default_order() -> u64 {
    MAX_ORDER
}

/// 422 with `message`.
fn unprocessable(message: impl Into<String>) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: message.into(),
    }
}

/// The family named by `game` and `param`, every word used.
fn family_of(game: &str, param: Option<&str>) -> Result<Family, ApiError> {
    let mut words: std::collections::VecDeque<String> = game
        .split_whitespace()
        .map(String::from)
        .chain(
            param
                .into_iter()
                .flat_map(str::split_whitespace)
                .map(String::from),
        )
        .collect();
    let family = parse_family(&mut words).map_err(|err| ApiError::bad_request(err.to_string()))?;
    if let Some(extra) = words.front() {
        return Err(ApiError::bad_request(format!(
            "{} takes no more parameters, found {extra:?}",
            family.title()
        )));
    }
    Ok(family)
}

/// `GET /api/misere-table`: the misère table of a heap game (a family or a code).
pub async fn table(
    State(app): Shared,
    query: Result<Query<MisereQuery>, QueryRejection>,
) -> Result<Json<MisereTable>, ApiError> {
    let Query(q) = query?;
    let family = family_of(&q.game, q.param.as_deref())?;
    let table = blocking(&app, move |budget| misere_table(&family, q.to, budget)).await?;
    Ok(Json(table))
}

fn misere_table(family: &Family, to: u64, budget: &Budget) -> Result<MisereTable, ApiError> {
    tabulate_misere(family, to, budget).map_err(|err| match err {
        TableError::Solve(err) => ApiError::from(DynError::Solve(err)),
        TableError::TooLarge { .. } => unprocessable(err.to_string()),
        other => ApiError::bad_request(other.to_string()),
    })
}

/// `GET /api/quotient`: a code's misère quotient, as `grundy quotient --json`.
pub async fn quotient(
    State(app): Shared,
    query: Result<Query<QuotientQuery>, QueryRejection>,
) -> Result<Json<QuotientView>, ApiError> {
    let Query(q) = query?;
    let heaps = q.heaps.as_deref().map(heaps_of).transpose()?;
    if let Some(&largest) = heaps.iter().flatten().max() {
        if largest as u64 > q.max_heap {
            return Err(ApiError::bad_request(format!(
                "a heap of {largest} is past the quotient's bound of {} (raise max_heap)",
                q.max_heap
            )));
        }
    }
    let code = match family_of(&q.code, None)? {
        Family::Code(code) => code,
        other => {
            return Err(ApiError::bad_request(format!(
                "a misère quotient is computed for a take-and-break code (0.07, 0.77, 0.F, \
                 kayles ...), not for {}",
                other.title()
            )))
        }
    };
    if !(1..=MAX_HEAP).contains(&q.max_heap) {
        return Err(unprocessable(format!(
            "max_heap must be 1 to {MAX_HEAP} here, found {} (grundy quotient goes further)",
            q.max_heap
        )));
    }
    if !(2..=MAX_ORDER).contains(&q.max_order) {
        return Err(unprocessable(format!(
            "max_order must be 2 to {MAX_ORDER} here, found {}",
            q.max_order
        )));
    }
    let report = blocking(&app, move |budget| {
        let mut limits = Limits::new(q.max_heap as usize).with_max_order(q.max_order as usize);
        let bytes = budget.bytes();
        limits.max_positions = limits.max_positions.min((bytes / BYTES_PER_SUM) as usize);
        limits.max_pairs = limits.max_pairs.min((bytes / BYTES_PER_PAIR) as usize);
        let stop = || budget.check_cancelled().is_err();
        let mut orders = Vec::new();
        let q =
            grow(&code, &limits, &stop, &mut |q| orders.push(q.order())).map_err(
                |err| match err {
                    QuotientError::Cancelled => ApiError::unavailable(
                        "the quotient ran past the time limit of a request (see grundy serve \
                     --timeout)",
                    ),
                    other => unprocessable(other.to_string()),
                },
            )?;
        let sum = heaps.map(|heaps| sum_view(&q, heaps));
        Ok(QuotientView {
            quotient: report(&q, orders),
            sum,
        })
    })
    .await?;
    Ok(Json(report))
}

/// Heap sizes apart by spaces or commas.
fn heaps_of(text: &str) -> Result<Vec<usize>, ApiError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse().map_err(|_| {
                ApiError::bad_request(format!("heaps: {w:?} is not a heap size (0, 1, 2, ...)"))
            })
        })
        .collect()
}

/// `heaps` answered by `q` (every heap already checked within its bound).
fn sum_view(q: &Quotient, heaps: Vec<usize>) -> SumView {
    let name = |heaps: &[usize]| q.element(heaps).map_or("?", |x| q.name(x)).to_string();
    let winning_moves = q
        .winning_moves(&heaps)
        .unwrap_or_default()
        .iter()
        .map(|mv| {
            let to = heaps_after(&heaps, mv);
            MoveView {
                heap: mv.heap,
                leaves: mv.leaves.clone(),
                element: name(&to),
                to,
            }
        })
        .collect();
    let why = quotient_reasons(q, &heaps).unwrap_or_default();
    SumView {
        why: why.iter().map(ToString::to_string).collect(),
        elements: heaps.iter().map(|&h| name(&[h])).collect(),
        element: name(&heaps),
        outcome: q.outcome_of(&heaps).unwrap_or(Outcome::Win),
        winning_moves,
        heaps,
    }
}

/// `pos`, a misère sum of heaps of a code in `game`, solved by the code's misère quotient
/// for heaps up to the largest (the library's `quotient_for`, within `budget`), with the
/// lines that explain it; no solution (the search answers) with a line saying why when no
/// quotient answers, and with no line for any other game.
pub fn by_quotient(
    game: &dyn DynGame,
    pos: &Datum,
    budget: &Budget,
) -> Result<(Option<Solution>, Vec<String>), ApiError> {
    let (Some(code), Some(heaps)) = (misere_code(game), heaps_in(pos)) else {
        return Ok((None, Vec::new()));
    };
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let why = match quotient_for(&code, largest, budget) {
        Ok(q) => match solve_by_quotient(game, &q, pos) {
            Some(answer) => {
                let answer = answer?;
                let why = answer.why();
                return Ok((Some(answer.solution), why));
            }
            None => format!("a heap is past the quotient's heaps up to {}", q.max_heap()),
        },
        Err(QuotientError::Cancelled) => {
            return Err(ApiError::unavailable(
                "the misère quotient ran past the time limit of a request (see grundy serve \
                 --timeout)",
            ))
        }
        Err(err) => err.to_string(),
    };
    Ok((None, vec![Reason::QuotientNotFound { why }.to_string()]))
}
