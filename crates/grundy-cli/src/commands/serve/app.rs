//! The server's state ([`App`]: its limits, the games in play, the memory of the game
//! files and of the searches running) and how a request's search runs: on the blocking
//! pool, under the library's run control ([`grundy::run::Control`]) with the request's
//! time limit and memory budget.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use grundy::dynamic::DynGame;
use grundy::run::Control;
use grundy::Budget;
use tokio::sync::Semaphore;

use super::error::ApiError;
use super::files::{FileMemory, Reserved, Source};
use super::store::Store;
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
    /// The tier databases positions are answered from (`--db`), shared with the sessions
    /// that play them.
    pub databases: Vec<Arc<grundy::tierdb::Database>>,
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
            databases: Vec::new(),
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
    // The request's time, the library's control cancelling the search once it is up.
    let control = Control::new().with_time_limit(app.limits.time);
    let deadline = tokio::time::Instant::now() + control.time_left().unwrap_or(app.limits.time);
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
    let budget = control.budget(
        Budget::default()
            .with_positions(app.limits.positions)
            .with_bytes(app.limits.bytes),
    );
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
            control.cancel();
            Err(ApiError::unavailable(format!(
                "the search ran past the time limit of a request ({} ms; see grundy serve \
                 --timeout)",
                app.limits.time.as_millis()
            )))
        }
    }
}
