//! The JSON API under `/api/` (documented route by route in `docs/api.md`): requests are
//! mapped to the library's resolver, `DynGame` and `Session`, and their answers back to
//! JSON. No game logic lives here.

use std::sync::{Arc, Mutex};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Extension, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use grundy::catalog::{Spec, BOARDS, SPECS};
use grundy::drawing::Drawing;
use grundy::dynamic::{Ask, Datum, DynMove, Kind, MoveValue, Value};
use grundy::play::session::{Played, Session, Side};
use grundy::Budget;
use serde::{Deserialize, Serialize};

use super::app::{blocking, App, Shared};
use super::bounds::{capped_json, check_listed, check_moves};
use super::error::ApiError;
use super::log::Client;
use super::resolve::{resolve, GameRequest, Resolved};
use super::store::Entry;

/// One game of the catalogue, as `GET /api/games` lists it.
#[derive(Serialize)]
pub struct GameInfo {
    name: &'static str,
    param: Option<&'static str>,
    position: &'static str,
    summary: &'static str,
    /// The catalogue's example command line.
    example: &'static str,
    /// A board game of the problem set: played, not tabulated; its parameter is its setup.
    board: bool,
    /// A partizan game (Domineering): valued (`/api/solve`), not played against grundy, since
    /// its positions have no player to move.
    partizan: bool,
}

/// Whether the game a board's example command opens (`grundy solve domineering 4 6`) is
/// partizan.
fn is_partizan(spec: &Spec) -> bool {
    let words: Vec<String> = spec
        .example
        .split_whitespace()
        .skip(2)
        .map(String::from)
        .collect();
    grundy::catalog::open(&words).is_ok_and(|(game, _)| game.kind() == Kind::Partizan)
}

/// `GET /api/games`: the families (playable and tabulated) and the board games (playable).
pub async fn games() -> Json<serde_json::Value> {
    let info = |board: bool| {
        move |spec: &'static Spec| GameInfo {
            name: spec.name,
            param: spec.param,
            position: spec.position,
            summary: spec.summary,
            example: spec.example,
            board,
            partizan: board && is_partizan(spec),
        }
    };
    let games: Vec<GameInfo> = SPECS
        .iter()
        // A sum is several games: the resolver plays one game at a time.
        .filter(|spec| spec.name != "sum")
        .map(info(false))
        .chain(BOARDS.iter().map(info(true)))
        .collect();
    Json(serde_json::json!({ "games": games }))
}

/// A move with its value for the mover and whether it is optimal.
#[derive(Serialize)]
pub struct MoveView {
    #[serde(flatten)]
    mv: MoveValue,
    /// Its number, as `play` takes it (from 1).
    number: usize,
    /// True for the optimal moves (what a hint points at).
    optimal: bool,
}

#[derive(Serialize)]
pub struct PlayedView {
    side: Side,
    /// The seat that moved: 0 for the player who moved first, 1 for the other.
    seat: u8,
    /// True when the mover moved again (a bonus turn).
    again: bool,
    label: String,
    points: i64,
}

#[derive(Serialize)]
pub struct EndView {
    winner: Option<Side>,
    person_points: i64,
    engine_points: i64,
    repeated: bool,
    /// `you win`, `grundy wins (7 to 3, by 4)`, `a draw by repetition`.
    text: String,
}

/// A session as every session route answers it.
#[derive(Serialize)]
pub struct GameState {
    id: String,
    game: String,
    description: String,
    kind: Kind,
    position: Datum,
    /// The position as text (boards over several lines).
    shown: String,
    /// How the position looks, each part naming the move a click on it makes; absent for
    /// a game that does not draw.
    drawing: Option<Drawing>,
    to_move: Side,
    points: Points,
    history: Vec<PlayedView>,
    /// How the game ended; absent while it goes on.
    end: Option<EndView>,
    /// The position's value for the player to move; absent once the game is over.
    value: Option<Value>,
    /// Every legal move with its value for the side to move.
    moves: Vec<MoveView>,
    /// The move grundy just played (the `reply` route).
    #[serde(skip_serializing_if = "Option::is_none")]
    reply: Option<DynMove>,
}

#[derive(Serialize)]
pub struct Points {
    person: i64,
    engine: i64,
}

/// The moves of `session`'s position, refused (before they are listed when the game bounds
/// them) when too many to show or too large for a request's memory.
fn page_moves(session: &Session, budget: &Budget) -> Result<Vec<DynMove>, ApiError> {
    let bytes = budget.bytes();
    check_moves(&**session.game(), session.position(), bytes)?;
    let moves = session.moves()?;
    check_listed(&moves, bytes)?;
    Ok(moves)
}

/// The session's state, its position solved within `budget`.
fn state(id: &str, session: &Session, budget: &Budget) -> Result<GameState, ApiError> {
    let game = session.game();
    // The end is found by listing the moves: bound them first.
    check_moves(&**game, session.position(), budget.bytes())?;
    let end = session.end()?;
    let (value, moves) = if end.is_some() {
        (None, Vec::new())
    } else {
        page_moves(session, budget)?;
        let mut solution = session.solution(budget)?;
        let moves = std::mem::take(&mut solution.moves)
            .into_iter()
            .enumerate()
            .map(|(i, mv)| MoveView {
                mv,
                number: i + 1,
                optimal: solution.is_optimal(i),
            })
            .collect();
        (Some(solution.value), moves)
    };
    let (person, engine) = session.points();
    Ok(GameState {
        id: id.to_string(),
        game: game.name(),
        description: game.description(),
        kind: game.kind(),
        position: session.position().clone(),
        shown: game.show(session.position())?,
        drawing: session.drawing()?,
        to_move: session.to_move(),
        points: Points { person, engine },
        history: session
            .history()
            .iter()
            .zip(session.seats())
            .map(|(Played { side, mv }, seat)| PlayedView {
                side: *side,
                seat,
                again: mv.again,
                label: mv.label.clone(),
                points: mv.points,
            })
            .collect(),
        end: end.map(|end| EndView {
            winner: end.winner,
            person_points: end.person_points,
            engine_points: end.engine_points,
            repeated: end.repeated,
            text: end.to_string(),
        }),
        value,
        moves,
        reply: None,
    })
}

/// `POST /api/sessions`: a new game against perfect play (201 with its state).
pub async fn create(
    State(app): Shared,
    Extension(client): Extension<Client>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let app2 = app.clone();
    let state = blocking(&app, move |budget| {
        let resolved = resolve(&app2, &req)?;
        let first = if req.engine_first {
            Side::Engine
        } else {
            Side::Person
        };
        let session = Session::new(resolved.game, resolved.position, first);
        // Refuse a game whose first position cannot be shown before keeping it.
        let shown = state("", &session, budget);
        forget(&session);
        let mut shown = shown?;
        shown.id = app2.store.insert(session, resolved.memory, client.0)?;
        Ok(shown)
    })
    .await?;
    capped_json(StatusCode::CREATED, &state, app.limits.response_bytes)
}

/// What a session route does to its session before answering.
enum Action {
    Look,
    Play(String),
    PlayEither(String),
    Jump(usize),
    Reply,
    Undo,
    Swap,
    New,
}

/// Applies `action` to session `id` and answers its state.
async fn act(app: Arc<App>, id: String, action: Action) -> Result<Response, ApiError> {
    let entry: Arc<Mutex<Entry>> = app.store.get(&id)?;
    let state = blocking(&app, move |budget| {
        let mut entry = entry.lock().unwrap_or_else(|e| e.into_inner());
        let shown = apply(&id, &mut entry.session, action, budget);
        forget(&entry.session);
        shown
    })
    .await?;
    capped_json(StatusCode::OK, &state, app.limits.response_bytes)
}

/// A game in progress keeps nothing between its requests: what its searches kept is given
/// back at once, so that the games left open hold no memory outside `--total-memory`
/// (issue 42); the next request searches afresh.
fn forget(session: &Session) {
    session.game().forget();
}

/// `action` done to `session` (of id `id`), and its state.
fn apply(
    id: &str,
    session: &mut Session,
    action: Action,
    budget: &Budget,
) -> Result<GameState, ApiError> {
    let mut reply = None;
    match action {
        Action::Look => {}
        Action::Play(choice) => {
            page_moves(session, budget)?;
            session.play(&choice)?;
        }
        Action::PlayEither(choice) => {
            page_moves(session, budget)?;
            session.play_either(&choice)?;
        }
        Action::Jump(len) => {
            session.rewind(len);
        }
        Action::Reply => {
            page_moves(session, budget)?;
            reply = session.reply(budget)?;
        }
        Action::Undo => {
            session.undo();
        }
        Action::Swap => session.swap(),
        Action::New => session.restart(),
    }
    let mut shown = state(id, session, budget)?;
    shown.reply = reply;
    Ok(shown)
}

/// `GET /api/sessions/{id}`.
pub async fn look(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    act(app, id, Action::Look).await
}

/// The person's move: a label, a number from 1, or the position it leads to.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    #[serde(rename = "move")]
    choice: String,
    /// Plays for whichever side is to move (two people at one board, replaying a move
    /// after going back); by default only the person's turn.
    #[serde(default)]
    either: bool,
}

/// `POST /api/sessions/{id}/play` with `{"move": "..."}`.
pub async fn play(
    State(app): Shared,
    Path(id): Path<String>,
    body: Result<Json<PlayRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let action = match req.either {
        true => Action::PlayEither(req.choice),
        false => Action::Play(req.choice),
    };
    act(app, id, action).await
}

/// How many moves to keep.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JumpRequest {
    moves: usize,
}

/// `POST /api/sessions/{id}/jump` with `{"moves": N}`: back to the position after the
/// first N moves.
pub async fn jump(
    State(app): Shared,
    Path(id): Path<String>,
    body: Result<Json<JumpRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    act(app, id, Action::Jump(req.moves)).await
}

/// `POST /api/sessions/{id}/reply`: grundy plays its move (none when not its turn).
pub async fn reply(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    act(app, id, Action::Reply).await
}

/// `POST /api/sessions/{id}/undo`.
pub async fn undo(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    act(app, id, Action::Undo).await
}

/// `POST /api/sessions/{id}/swap`.
pub async fn swap(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    act(app, id, Action::Swap).await
}

/// `POST /api/sessions/{id}/new`.
pub async fn restart(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    act(app, id, Action::New).await
}

/// `DELETE /api/sessions/{id}` (204).
pub async fn remove(State(app): Shared, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    if app.store.remove(&id) {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(format!("no game {id:?}")))
    }
}

/// A hint: the position's value, the optimal moves and a principal line.
#[derive(Serialize)]
pub struct Hint {
    value: Value,
    /// Numbers (from 1) of the optimal moves.
    optimal: Vec<usize>,
    /// Their labels.
    best: Vec<String>,
    /// A principal line, move by move.
    line: Vec<String>,
    /// Why, line by line, as the library explains it: a misère sum of a code's heaps by
    /// the code's misère quotient (each heap's element, their product, the P-portion, the
    /// winning moves), or why no quotient answered; empty for other games.
    why: Vec<String>,
}

/// `GET /api/sessions/{id}/hint`.
pub async fn hint(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let entry = app.store.get(&id)?;
    let hint = blocking(&app, move |budget| {
        let entry = entry.lock().unwrap_or_else(|e| e.into_inner());
        let hint =
            page_moves(&entry.session, budget).and_then(|_| Ok(entry.session.hint(budget)?));
        forget(&entry.session);
        let hint = hint?;
        let why = hint.why();
        let solution = hint.solution;
        Ok(Hint {
            value: solution.value,
            optimal: solution.optimal.iter().map(|i| i + 1).collect(),
            best: solution
                .optimal
                .iter()
                .map(|&i| solution.moves[i].mv.label.clone())
                .collect(),
            line: solution.line.into_iter().map(|m| m.label).collect(),
            why,
        })
    })
    .await?;
    capped_json(StatusCode::OK, &hint, app.limits.response_bytes)
}

/// `POST /api/solve`: a position solved without a session.
pub async fn solve(
    State(app): Shared,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let app2 = app.clone();
    let solved = blocking(&app, move |budget| {
        // The game file's share of memory is given back with `game`, at the end.
        let Resolved {
            game,
            position,
            memory: _memory,
        } = resolve(&app2, &req)?;
        if game.partizan().is_some() {
            // A partizan position: its drawing (no clicks: no one is to move), canonical
            // form, components and hottest moves.
            let summand = grundy::analysis::partizan::Summand {
                name: game.name(),
                game: Arc::clone(&game),
                position: position.clone(),
            };
            let analysis = grundy::analysis::partizan::analyze_partizan(&[summand], budget)
                .map_err(|err| match err {
                    grundy::analysis::AnalysisError::Game { source, .. } => source,
                    other => grundy::dynamic::DynError::Position(other.to_string()),
                });
            let analysis = match analysis {
                // Positions that repeat: the position's graph valued as a loopy game.
                Err(grundy::dynamic::DynError::Rules(grundy::dynamic::RulesError::Cycle {
                    ..
                })) => {
                    let partizan = game.partizan().ok_or(grundy::dynamic::DynError::NoTurn)?;
                    let loopy =
                        grundy::analysis::partizan::analyze_loopy(partizan, &position, budget)?;
                    return Ok(serde_json::json!({
                        "game": game.name(),
                        "kind": game.kind(),
                        "shown": game.show(&position)?,
                        "drawing": game.draw(&position)?,
                        "loopy": loopy,
                    }));
                }
                other => other?,
            };
            return Ok(serde_json::json!({
                "game": game.name(),
                "kind": game.kind(),
                "shown": game.show(&position)?,
                "drawing": game.draw(&position)?,
                "partizan": analysis,
            }));
        }
        check_moves(&*game, &position, budget.bytes())?;
        // A misère sum of a code's heaps: by the code's quotient (remoteness searches).
        let (quoted, why) = match req.remoteness {
            true => (None, Vec::new()),
            false => super::misere::by_quotient(&*game, &position, budget)?,
        };
        let solution = match quoted {
            Some(solution) => solution,
            None => {
                let ask = Ask {
                    remoteness: req.remoteness,
                    ..Ask::default()
                };
                game.solve_with(&position, budget, ask)?
            }
        };
        let listed: Vec<DynMove> = solution.moves.iter().map(|m| m.mv.clone()).collect();
        check_listed(&listed, budget.bytes())?;
        Ok(serde_json::json!({
            "game": game.name(),
            "kind": game.kind(),
            "shown": game.show(&position)?,
            "solution": solution,
            "why": why,
        }))
    })
    .await?;
    capped_json(StatusCode::OK, &solved, app.limits.response_bytes)
}
