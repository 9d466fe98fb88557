//! The front of every request: who sent it (the per-client cap of games counts by address)
//! and one log line on standard error once it is answered, as web servers write them:
//! `127.0.0.1 POST /api/solve 200 12.3 ms` (off with `grundy serve --quiet`).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use super::app::App;

/// The address a request came from (unspecified when the server was not given addresses,
/// as in tests that call the router directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Client(pub IpAddr);

/// The longest path a log line shows (a longer one is cut and its length given).
const SHOWN_PATH: usize = 80;

/// Records the client of `req`, runs it, and logs its line unless the server is quiet.
pub async fn front(State(app): State<Arc<App>>, mut req: Request, next: Next) -> Response {
    let client = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
    req.extensions_mut().insert(Client(client));
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let response = next.run(req).await;
    if app.log {
        eprintln!(
            "{}",
            line(
                client,
                method.as_str(),
                &path,
                response.status().as_u16(),
                started
            )
        );
    }
    response
}

/// One request's log line.
fn line(client: IpAddr, method: &str, path: &str, status: u16, started: Instant) -> String {
    let path = if path.chars().count() > SHOWN_PATH {
        let prefix: String = path.chars().take(SHOWN_PATH).collect();
        format!("{prefix}... ({} bytes)", path.len())
    } else {
        path.to_string()
    };
    let ms = started.elapsed().as_secs_f64() * 1e3;
    format!("{client} {method} {path} {status} {ms:.1} ms")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_per_request() {
        let local = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let text = line(local, "POST", "/api/solve", 200, Instant::now());
        assert!(text.starts_with("127.0.0.1 POST /api/solve 200 "), "{text}");
        assert!(text.ends_with(" ms"), "{text}");
        let long = format!("/api/sessions/{}", "x".repeat(500));
        let text = line(local, "GET", &long, 404, Instant::now());
        assert!(text.contains("... (514 bytes) 404 "), "{text}");
    }
}
