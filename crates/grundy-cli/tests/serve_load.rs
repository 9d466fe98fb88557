//! A load measurement of `grundy serve`, ignored by default (tests never assert timings):
//! 100 games of Nim from 3 5 7 (5 rounds each) played at once over HTTP on loopback, each move (the person's
//! `play` and grundy's `reply`) timed; the same games one at a time first, as the baseline.
//!
//! ```text
//! cargo test --release -p grundy-cli --test serve_load -- --ignored --nocapture
//! ```
//!
//! BENCHMARKS.md records its figures.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Sends a request and returns the status and the JSON answer.
async fn send(
    client: &Client<HttpConnector, Full<Bytes>>,
    method: &str,
    url: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = axum::http::Request::builder().method(method).uri(url);
    if body.is_some() {
        request = request.header("content-type", "application/json");
    }
    let bytes = body.map(|b| b.to_string()).unwrap_or_default();
    let request = request.body(Full::from(bytes)).expect("a request");
    let response = client.request(request).await.expect("an answer");
    let status = response.status().as_u16();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let value = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&body).expect("JSON")
    };
    (status, value)
}

/// Plays `rounds` games of Nim from 3 5 7, the person always taking the last move listed;
/// returns the latency of every move request.
async fn games(
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
    rounds: usize,
) -> Vec<Duration> {
    let mut times = Vec::new();
    let (status, state) = send(
        &client,
        "POST",
        &format!("{base}api/sessions"),
        Some(json!({"game": "nim", "position": "3 5 7"})),
    )
    .await;
    assert_eq!(status, 201, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    for _ in 0..rounds {
        let mut state = state.clone();
        while state["end"].is_null() {
            let (path, body) = if state["to_move"] == "person" {
                // The last move listed: one token from the last heap, so games are long.
                let last = state["moves"].as_array().unwrap().len();
                ("play", Some(json!({"move": last.to_string()})))
            } else {
                ("reply", None)
            };
            let started = Instant::now();
            let (status, next) = send(
                &client,
                "POST",
                &format!("{base}api/sessions/{id}/{path}"),
                body,
            )
            .await;
            times.push(started.elapsed());
            assert_eq!(status, 200, "{next}");
            state = next;
        }
        let (status, _) = send(
            &client,
            "POST",
            &format!("{base}api/sessions/{id}/new"),
            None,
        )
        .await;
        assert_eq!(status, 200);
    }
    times
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64) * p).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn report(what: &str, mut times: Vec<Duration>, wall: Duration) -> Duration {
    times.sort();
    let p50 = percentile(&times, 0.5);
    let p99 = percentile(&times, 0.99);
    println!(
        "{what}: {} moves in {:.2} s ({:.0} moves/s): median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        times.len(),
        wall.as_secs_f64(),
        times.len() as f64 / wall.as_secs_f64(),
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3,
    );
    p50
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run with --ignored --nocapture (see BENCHMARKS.md)"]
async fn one_hundred_concurrent_games_of_nim() {
    const GAMES: usize = 100;
    const ROUNDS: usize = 5;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("grundy serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _server = Killed(child);
    let base = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("an address")
        .to_string();
    let client: Client<HttpConnector, Full<Bytes>> =
        Client::builder(TokioExecutor::new()).build_http();

    // Baseline: the same games, one at a time.
    let started = Instant::now();
    let mut alone = Vec::new();
    for _ in 0..GAMES / 10 {
        alone.extend(games(client.clone(), base.clone(), ROUNDS).await);
    }
    let base_p50 = report(
        &format!("{} games one at a time", GAMES / 10),
        alone,
        started.elapsed(),
    );

    let started = Instant::now();
    let tasks: Vec<_> = (0..GAMES)
        .map(|_| tokio::spawn(games(client.clone(), base.clone(), ROUNDS)))
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.expect("a game"));
    }
    let p50 = report(&format!("{GAMES} games at once"), all, started.elapsed());
    println!(
        "median at 100 games / median alone: {:.2}",
        p50.as_secs_f64() / base_p50.as_secs_f64()
    );
}
