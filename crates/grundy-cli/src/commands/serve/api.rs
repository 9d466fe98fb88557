//! The JSON API under `/api/` (documented route by route in `docs/api.md`): requests are
//! mapped to the library's resolver, `DynGame` and `Session`, and their answers back to
//! JSON. No game logic lives here.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Extension, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use grundy::catalog::{Spec, BOARDS, SPECS};
use grundy::dynamic::{Ask, Datum, DynGame, DynMove, Kind, MoveValue, Value};
use grundy::play::drawing::Drawing;
use grundy::play::session::{Played, Session, Side};
use grundy::Budget;
use serde::{Deserialize, Serialize};

use tokio::sync::Semaphore;

use super::bounds::{capped_json, check_listed, check_moves};
use super::error::ApiError;
use super::files::{FileMemory, Reserved, Source};
use super::log::Client;
use super::resolve::{resolve, GameRequest, Resolved};
use super::store::{Entry, Store};
use super::trim::Trim;

/// What one request may use.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most positions one search may store.
    pub positions: u64,
    /// Most bytes one search may allocate.
    pub bytes: u64,
    /// Most bytes the searches running at once may allocate together: each reserves
    /// `bytes` while it runs.
    pub total_bytes: u64,
    /// Largest answer, in bytes.
    pub response_bytes: usize,
    /// Wall-clock time of one request's search.
    pub time: Duration,
    /// Largest request body.
    pub body_bytes: usize,
    /// Most games held at once.
    pub sessions: usize,
    /// Most games one client (address) may hold at once.
    pub client_sessions: usize,
    /// A game unused for this long is dropped.
    pub idle: Duration,
    /// The memory cap of one game file's Luau state, in bytes.
    pub file_memory: u64,
    /// The most bytes the game files alive may reserve together.
    pub files_memory: u64,
    /// The most positions in a game file's table.
    pub table_cells: u64,
}

/// The server's state: its limits, the games in play, the memory of the game files and of
/// the searches running.
pub struct App {
    pub limits: Limits,
    pub store: Store,
    pub files: FileMemory,
    /// One permit per search that fits the total memory (`total_bytes / bytes`).
    pub searches: Arc<Semaphore>,
    /// Memory to give back to the system once searches end.
    pub trim: Arc<Trim>,
    /// Whether every request is logged on standard error (off: `--quiet`, and in tests).
    pub log: bool,
}

impl App {
    /// A server with these limits and no games yet, logging nothing.
    pub fn new(limits: Limits) -> App {
        let searches = (limits.total_bytes / limits.bytes.max(1)).clamp(1, 1 << 16) as usize;
        App {
            store: Store::new(limits.sessions, limits.client_sessions, limits.idle),
            files: FileMemory::new(limits.file_memory, limits.files_memory),
            searches: Arc::new(Semaphore::new(searches)),
            trim: Arc::default(),
            log: false,
            limits,
        }
    }

    /// Loads a game file under the server's caps (when the memory for game files is all
    /// reserved, idle games are dropped first, then the least recently used game files).
    pub fn load_file(
        &self,
        source: Source<'_>,
        params: &[(String, String)],
    ) -> Result<(Arc<dyn DynGame>, Reserved), ApiError> {
        if self.files.full() {
            self.store.expire();
        }
        while self.files.full() && self.store.evict_least_recent(|entry| entry.holds_file()) {}
        self.files.load(source, params)
    }
}

pub(super) type Shared = State<Arc<App>>;

/// Runs `job` on the blocking pool with a fresh budget, cancelled when the request's time is
/// up (the search stops at its next check; the reply says why). The job first reserves its
/// memory from the server's total, waiting within the request's time for room, and holds it
/// until it ends, even past its answer.
pub(super) async fn blocking<T, F>(app: &App, job: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Budget) -> Result<T, ApiError> + Send + 'static,
{
    let deadline = tokio::time::Instant::now() + app.limits.time;
    let permit = match tokio::time::timeout_at(deadline, app.searches.clone().acquire_owned()).await
    {
        Ok(Ok(permit)) => permit,
        _ => {
            return Err(ApiError::unavailable(format!(
                "the server is busy: every search it has memory for is running ({} MiB \
                 each, {} MiB in all; see grundy serve --total-memory); try again later",
                app.limits.bytes >> 20,
                app.limits.total_bytes >> 20
            )))
        }
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = Budget::default()
        .with_positions(app.limits.positions)
        .with_bytes(app.limits.bytes)
        .with_cancel(cancel.clone());
    let trim = app.trim.clone();
    let task = tokio::task::spawn_blocking(move || {
        let res = job(&budget);
        drop(permit);
        trim.finished();
        res
    });
    match tokio::time::timeout_at(deadline, task).await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the search failed (a bug: please report it)".into(),
        }),
        Err(_) => {
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            Err(ApiError::unavailable(format!(
                "the search ran past the time limit of a request ({} ms; see grundy serve \
                 --timeout)",
                app.limits.time.as_millis()
            )))
        }
    }
}

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
        let mut shown = state("", &session, budget)?;
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
        let session = &mut entry.session;
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
        let mut shown = state(&id, session, budget)?;
        shown.reply = reply;
        Ok(shown)
    })
    .await?;
    capped_json(StatusCode::OK, &state, app.limits.response_bytes)
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
}

/// `GET /api/sessions/{id}/hint`.
pub async fn hint(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let entry = app.store.get(&id)?;
    let hint = blocking(&app, move |budget| {
        let entry = entry.lock().unwrap_or_else(|e| e.into_inner());
        page_moves(&entry.session, budget)?;
        let solution = entry.session.solution(budget)?;
        Ok(Hint {
            value: solution.value,
            optimal: solution.optimal.iter().map(|i| i + 1).collect(),
            best: solution
                .optimal
                .iter()
                .map(|&i| solution.moves[i].mv.label.clone())
                .collect(),
            line: solution.line.into_iter().map(|m| m.label).collect(),
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
                })?;
            return Ok(serde_json::json!({
                "game": game.name(),
                "kind": game.kind(),
                "shown": game.show(&position)?,
                "drawing": game.draw(&position)?,
                "partizan": analysis,
            }));
        }
        check_moves(&*game, &position, budget.bytes())?;
        let ask = Ask {
            remoteness: req.remoteness,
            ..Ask::default()
        };
        let solution = game.solve_with(&position, budget, ask)?;
        let listed: Vec<DynMove> = solution.moves.iter().map(|m| m.mv.clone()).collect();
        check_listed(&listed, budget.bytes())?;
        Ok(serde_json::json!({
            "game": game.name(),
            "kind": game.kind(),
            "shown": game.show(&position)?,
            "solution": solution,
        }))
    })
    .await?;
    capped_json(StatusCode::OK, &solved, app.limits.response_bytes)
}
