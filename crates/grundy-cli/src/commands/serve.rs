//! `grundy serve`: a local web playground over a small JSON API (axum on tokio).
//!
//! The page (plain HTML, CSS and JavaScript in `serve/page/`, embedded in the binary) lets a
//! person pick a game, play it against perfect play with every move coloured by its value,
//! and tabulate a family or a game file. It talks to the API under `/api/` (`serve/api.rs`, documented
//! route by route in `docs/api.md`), which maps JSON to the library's resolver, `DynGame`
//! and `Session` and back.
//!
//! Safe as a server: it listens on 127.0.0.1 unless told otherwise; bodies are limited
//! (`--max-body`), every search runs on the blocking pool with its own `Budget`
//! (`--max-positions`, `--memory`), reserved from a total for the searches running at once
//! (`--total-memory`), and is cancelled past `--timeout`; a position's moves are bounded
//! before they are listed, and answers are cut at `--max-response`; games are held in
//! memory, at most `--max-games` (`--max-client-games` for one address), the least recently
//! used dropped when full and each after `--idle` seconds unused; a game file runs in the
//! script crate's sandbox with its own memory cap (`--file-memory`), reserved from a total
//! for all game files alive (`--files-memory`); memory freed by finished searches goes back
//! to the system; requests never touch the file system. Every error is a 4xx or 5xx with
//! `{"error": "..."}`, and every request is logged in one line (`--quiet`: none).

mod api;
mod app;
mod bounds;
mod cgt;
mod db;
mod error;
pub(crate) mod examples;
mod files;
mod log;
mod misere;
mod request;
mod resolve;
mod store;
mod table;
mod trim;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod file_tests;

#[cfg(test)]
mod table_tests;

#[cfg(test)]
mod misere_tests;

#[cfg(test)]
mod error_tests;

#[cfg(test)]
mod db_tests;

#[cfg(test)]
mod cgt_tests;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use app::{App, Limits};
use error::ApiError;

/// The port `grundy serve` listens on by default.
pub const DEFAULT_PORT: u16 = 7878;

/// Arguments of `grundy serve`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Open the printed address in a browser. The page works offline: \
everything it needs is in the binary. The JSON API is documented in docs/api.md.
Examples:
  grundy serve
  grundy serve --port 9000
  grundy serve --host 0.0.0.0 --port 8080   (reachable from other machines: take care)
  grundy serve --db /tmp/c4-54 --db /tmp/ttt   (the page plays them at full speed; GET /api/db?game=connect-four 5 4&position=4453)
  grundy serve --db /tmp/c3=examples/games/connect_four.luau   (a game file's database, with its file)"
)]
pub struct Args {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Most positions one request's search may store.
    #[arg(long, default_value_t = 5_000_000)]
    max_positions: u64,
    /// Most memory one request's search may use, in GiB (fractions allowed).
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes, default_value = "0.5")]
    memory: u64,
    /// Most memory the searches running at once may use together, in GiB: each reserves
    /// --memory while it runs; more wait their turn (503 past --timeout).
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes, default_value = "2")]
    total_memory: u64,
    /// Largest answer, in bytes (a larger one is refused with 422).
    #[arg(long, value_name = "BYTES", default_value_t = 4 << 20)]
    max_response: usize,
    /// Longest time one request may run, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    timeout: u64,
    /// Largest request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 64 * 1024)]
    max_body: usize,
    /// Most games held at once (when full, the least recently used one is dropped).
    #[arg(long, default_value_t = 1_000)]
    max_games: usize,
    /// Most games one client (IP address) may hold (its least recently used one is dropped
    /// for a new one).
    #[arg(long, default_value_t = 32)]
    max_client_games: usize,
    /// Seconds a game may stay unused before it is dropped.
    #[arg(long, value_name = "SECONDS", default_value_t = 1_800)]
    idle: u64,
    /// Most memory one game file's Luau state may hold, in MiB (the command line allows
    /// 256).
    #[arg(long, value_name = "MIB", default_value_t = 8,
          value_parser = clap::value_parser!(u64).range(1..=256))]
    file_memory: u64,
    /// Most memory all game files alive at once may hold together, in MiB: each reserves its
    /// --file-memory while alive (a session's life, one request for solve and table).
    #[arg(long, value_name = "MIB", default_value_t = 1_024,
          value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    files_memory: u64,
    /// Most positions in a game file's table (to + 1, or (to + 1)^2 with pairs).
    #[arg(long, value_name = "POSITIONS", default_value_t = 10_000)]
    max_table: u64,
    /// Log nothing (by default every request is logged on standard error: client, method,
    /// path, status, time).
    #[arg(long)]
    quiet: bool,
    /// A tier database (`grundy build`) to answer positions from (the page's Play tab,
    /// sessions, /api/db); `DIR=FILE.luau` for a game file's database (its parameters are
    /// the manifest's); repeat for several.
    #[arg(long = "db", value_name = "DIR[=FILE]")]
    databases: Vec<String>,
}

/// Runs `grundy serve` until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let limits = Limits {
        positions: args.max_positions,
        bytes: crate::output::fitting(args.memory),
        total_bytes: crate::output::fitting(args.total_memory),
        response_bytes: args.max_response,
        time: Duration::from_millis(args.timeout.max(1)),
        body_bytes: args.max_body,
        sessions: args.max_games.max(1),
        client_sessions: args.max_client_games.max(1),
        idle: Duration::from_secs(args.idle),
        file_memory: args.file_memory << 20,
        files_memory: args.files_memory << 20,
        table_cells: args.max_table,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Searches run here; more than this many at once wait their turn.
        .max_blocking_threads(64)
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let addr = listener.local_addr()?;
        let mut app = App::new(limits);
        app.log = !args.quiet;
        for given in &args.databases {
            app.databases.push(Arc::new(db::open(given)?));
        }
        let app = Arc::new(app);
        let sweeper = app.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                sweeper.store.expire();
            }
        });
        let trim = app.trim.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(1));
            loop {
                every.tick().await;
                let trim = trim.clone();
                let _ = tokio::task::spawn_blocking(move || trim.release()).await;
            }
        });
        println!("grundy serve: the playground is at http://{addr}/ (Ctrl-C stops it)");
        // Flushed now: a supervisor (or a test) reading a pipe learns the address at once.
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        let service = router(app).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(listener, service)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("the server stopped")
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The whole server: the page, its assets and the API, with the body and time limits, and
/// the log line of every request.
pub fn router(app: Arc<App>) -> Router {
    let body_bytes = app.limits.body_bytes;
    let time = app.limits.time;
    let api = Router::new()
        .route("/games", get(api::games))
        .route("/examples", get(examples::examples))
        .route("/sessions", post(api::create))
        .route("/sessions/{id}", get(api::look).delete(api::remove))
        .route("/sessions/{id}/play", post(api::play))
        .route("/sessions/{id}/reply", post(api::reply))
        .route("/sessions/{id}/undo", post(api::undo))
        .route("/sessions/{id}/jump", post(api::jump))
        .route("/sessions/{id}/swap", post(api::swap))
        .route("/sessions/{id}/new", post(api::restart))
        .route("/sessions/{id}/hint", get(api::hint))
        .route("/solve", post(api::solve))
        .route("/table", get(table::get).post(table::post))
        .route("/misere-table", get(misere::table))
        .route("/quotient", get(misere::quotient))
        .route("/databases", get(db::list))
        .route("/db", get(db::probe))
        .route("/cgt", get(cgt::get))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(app.clone());
    Router::new()
        .route("/", get(page::index))
        .route("/common.js", get(|| page::script(page::COMMON)))
        .route("/palette.js", get(page::palette))
        .route("/board.js", get(|| page::script(page::BOARD)))
        .route("/play.js", get(|| page::script(page::PLAY)))
        .route("/history.js", get(|| page::script(page::HISTORY)))
        .route("/table.js", get(|| page::script(page::TABLE)))
        .route("/misere.js", get(|| page::script(page::MISERE)))
        .route("/app.js", get(|| page::script(page::APP)))
        .route("/style.css", get(page::style))
        .route("/favicon.ico", get(page::icon))
        .route("/favicon.svg", get(page::icon))
        .nest("/api", api)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(body_bytes))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            body_limit(body_bytes, req, next)
        }))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            time_limit(time, req, next)
        }))
        .layer(middleware::from_fn_with_state(app, log::front))
}

/// The whole request (body included) gets a little more than a search's time.
async fn time_limit(time: Duration, req: Request, next: Next) -> Response {
    match tokio::time::timeout(time + Duration::from_secs(1), next.run(req)).await {
        Ok(response) => response,
        Err(_) => ApiError::unavailable("the request ran past its time limit").into_response(),
    }
}

/// A body past `--max-body` gets grundy's own one-line error naming the limit, as every other
/// refusal does (axum's own is "Failed to buffer the request body"): refused before it is
/// read when its declared length is past the limit, and rewritten when reading it stopped
/// there.
async fn body_limit(limit: usize, req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|len| len > limit as u64) {
        return too_large(limit).into_response();
    }
    let response = next.run(req).await;
    match response.status() {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(limit).into_response(),
        _ => response,
    }
}

fn too_large(limit: usize) -> ApiError {
    ApiError {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!(
            "the request is larger than this server accepts ({limit} bytes; see grundy serve \
             --max-body)"
        ),
    }
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such route (see docs/api.md)")
}

async fn method_not_allowed() -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: "this route does not take that method (see docs/api.md)".into(),
    }
}

/// The page's files, compiled in.
mod page {
    use axum::http::header;
    use axum::response::{IntoResponse, Response};

    fn asset(content_type: &'static str, body: &'static str) -> Response {
        (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response()
    }

    pub async fn index() -> Response {
        asset(
            "text/html; charset=utf-8",
            include_str!("serve/page/index.html"),
        )
    }

    /// The page's scripts, by idea (`index.html` loads them in this order; `app.js`, last,
    /// starts the page).
    pub const COMMON: &str = include_str!("serve/page/common.js");
    pub const BOARD: &str = include_str!("serve/page/board.js");
    pub const PLAY: &str = include_str!("serve/page/play.js");
    pub const HISTORY: &str = include_str!("serve/page/history.js");
    pub const TABLE: &str = include_str!("serve/page/table.js");
    pub const MISERE: &str = include_str!("serve/page/misere.js");
    pub const APP: &str = include_str!("serve/page/app.js");

    pub async fn script(body: &'static str) -> Response {
        asset("text/javascript; charset=utf-8", body)
    }

    /// `palette.js`: the fills' colours (`FILLS`) and those written on in white
    /// (`DARK_FILLS`), from the library's one palette, so the page paints as Python does.
    pub async fn palette() -> Response {
        let name = |fill: grundy::drawing::Fill| {
            serde_json::to_string(&fill).expect("a fill's name is a string")
        };
        let fills: Vec<String> = grundy::drawing::Fill::ALL
            .iter()
            .map(|&fill| format!("  {}: \"{}\",", name(fill), fill.colour()))
            .collect();
        let dark: Vec<String> = grundy::drawing::Fill::ALL
            .iter()
            .filter(|fill| fill.is_dark())
            .map(|&fill| name(fill))
            .collect();
        let body = format!(
            "// The pieces' colours: grundy::drawing::Fill::colour, the library's palette.\n\
             \"use strict\";\n\nconst FILLS = {{\n{}\n}};\nconst DARK_FILLS = [{}];\n",
            fills.join("\n"),
            dark.join(", ")
        );
        (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response()
    }

    pub async fn style() -> Response {
        asset(
            "text/css; charset=utf-8",
            include_str!("serve/page/style.css"),
        )
    }

    /// The page's icon (issue 23: `/favicon.ico` answered 404): browsers read an SVG at
    /// either address.
    pub async fn icon() -> Response {
        asset("image/svg+xml", include_str!("serve/page/icon.svg"))
    }
}
