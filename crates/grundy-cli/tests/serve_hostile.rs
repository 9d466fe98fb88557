//! `grundy serve` against a hostile client (issue 23): the binary on a free port, sent
//! oversized rows, huge numbers, deep JSON, slow and greedy game files, floods of games and
//! requests for huge answers, one case at a time. Each case's answer is checked, and so are
//! the server's peak memory while it runs (Linux's `VmHWM`, reset before each case through
//! `/proc/PID/clear_refs`) and its time; after the burst, the memory it holds (`VmRSS`) must
//! be back under [`RSS_AFTER`]. The limits are the server's own, set small here, plus slack
//! for the process itself; the suite runs in a few seconds on a shared 2-core box.

#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[path = "support/server.rs"]
mod support;

use support::{error, Server};

/// `--memory` of the server under test: 128 MiB a search.
const SEARCH_MIB: u64 = 128;
/// Peak memory allowed to any one case: a search's budget, the game files' Luau states
/// (8 MiB each, at most two alive in a case) and the process itself (about 20 MiB). The
/// greedy game file's case peaks at about 147 MiB since a game file's search counts all it
/// holds (positions, moves, tables and the Luau heap) against its budget.
const PEAK_MIB: u64 = SEARCH_MIB + 2 * 8 + 64;
/// Time allowed to any one case: `--timeout` (2 s) and a second for the answer.
const CASE_TIME: Duration = Duration::from_secs(3);
/// Memory the server may hold once the burst is over and its memory given back.
const RSS_AFTER: u64 = 64;

fn start() -> Server {
    Server::start(&[
        "--timeout",
        "2000",
        "--memory",
        &format!("{}", SEARCH_MIB as f64 / 1024.0),
        "--total-memory",
        &format!("{}", 2.0 * SEARCH_MIB as f64 / 1024.0),
        "--max-games",
        "40",
        "--max-client-games",
        "8",
        "--file-memory",
        "8",
        "--files-memory",
        "32",
        "--max-response",
        "1000000",
    ])
}

/// Runs `case`, then checks its peak memory and time against the limits.
fn case(server: &Server, name: &str, case: impl FnOnce(&Server)) {
    server.reset_peak();
    let started = Instant::now();
    case(server);
    let time = started.elapsed();
    let peak = server.memory("VmHWM:");
    eprintln!("{name}: {time:.2?}, peak {peak} MiB");
    assert!(peak <= PEAK_MIB, "{name}: peak {peak} MiB > {PEAK_MIB} MiB");
    assert!(time <= CASE_TIME, "{name}: {time:?} > {CASE_TIME:?}");
}

#[test]
fn a_hostile_client_is_bounded_in_memory_and_time() {
    let server = start();
    let mut requests = 0;
    let mut count = |n: usize| requests += n;

    case(&server, "a row of 10,000 heaps", |s| {
        let row = vec![1; 10_000];
        let (status, body) = s.post("/api/solve", &json!({"game": "nim", "position": row}));
        assert_eq!(status, 422, "{body}");
        assert!(error(&body).contains("up to 10000 moves, more than a page shows"));
    });
    count(1);
    case(&server, "a row of 3,000 heaps, each move a copy", |s| {
        let row = vec![1; 3_000];
        let (status, body) = s.post("/api/sessions", &json!({"game": "nim", "position": row}));
        assert_eq!(status, 422, "{body}");
        assert!(
            error(&body).contains("more than the 128 MiB of a request"),
            "{body}"
        );
    });
    count(1);
    case(&server, "huge numbers", |s| {
        let (status, body) = s.post(
            "/api/solve",
            &json!({"game": "nim", "position": "1".repeat(5000)}),
        );
        assert_eq!(status, 400, "{body}");
        assert!(error(&body).len() < 200, "the number is cut: {body}");
        let (status, body) = s.post(
            "/api/solve",
            &json!({"game": "wythoff", "position": "1000000000000000000 1000000000000000000"}),
        );
        assert_eq!(status, 400, "{body}");
        assert!(error(&body).contains("too large for the search"), "{body}");
        let (status, body) = s.post(
            "/api/solve",
            &json!({"game": "nim", "position": "16777216"}),
        );
        assert_eq!(status, 422, "{body}");
        assert!(!error(&body).contains("--max-positions"), "{body}");
    });
    count(3);
    case(&server, "deep JSON", |s| {
        let deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
        let body = format!(r#"{{"game": "nim", "position": {deep}}}"#);
        let (status, answer) = s.send("POST", "/api/solve", &body);
        assert_eq!(status, 400, "{answer}");
    });
    count(1);
    case(&server, "a slow game file", |s| {
        let source = "function moves(n) while true do end end";
        let (status, body) = s.post("/api/solve", &json!({"source": source, "position": "1"}));
        assert_eq!(status, 422, "{body}");
        assert!(error(&body).contains("operation cap"), "{body}");
    });
    count(1);
    case(&server, "a greedy game file", |s| {
        let source =
            "local t = {}\nfor i = 1, 1e8 do t[i] = i end\nfunction moves(n) return {} end";
        let (status, body) = s.post("/api/solve", &json!({"source": source, "position": "1"}));
        assert_eq!(status, 400, "{body}");
        assert!(error(&body).contains("memory cap of 8 MiB"), "{body}");
        // An unbounded game: stopped by the search's budget or its time.
        let source = "function moves(n) return {n + 1, n + 2} end";
        let (status, body) = s.post("/api/solve", &json!({"source": source, "position": "0"}));
        assert!(status == 422 || status == 503, "{status}: {body}");
    });
    count(2);
    case(&server, "a flood of games", |s| {
        let first = s.post("/api/sessions", &json!({"game": "nim", "position": "3 4"}));
        assert_eq!(first.0, 201, "{}", first.1);
        let first: Value = serde_json::from_str(&first.1).unwrap();
        for _ in 0..60 {
            let (status, body) =
                s.post("/api/sessions", &json!({"game": "nim", "position": "3 4"}));
            assert_eq!(status, 201, "{body}");
        }
        // One address holds at most 8: its oldest games made room for its new ones.
        let (status, _) = s.send(
            "GET",
            &format!("/api/sessions/{}", first["id"].as_str().unwrap()),
            "",
        );
        assert_eq!(status, 404);
        for _ in 0..20 {
            let (status, body) = s.post("/api/sessions", &json!({"example": "tictactoe"}));
            assert_eq!(status, 201, "{body}");
        }
    });
    count(82);
    case(&server, "a huge answer", |s| {
        let source = "function moves(n)\n  if n == 0 then return {} end\n  local t = {}\n  \
                      local big = string.rep('x', 100000)\n  for i = 1, 20 do t[i] = {to = n - 1, \
                      label = big .. i} end\n  return t\nend";
        let (status, body) = s.post("/api/solve", &json!({"source": source, "position": "2"}));
        assert_eq!(status, 422, "{}", &body[..body.len().min(300)]);
        assert!(error(&body).contains("--max-response"), "{body}");
        // An error quoting a huge position quotes its start and its length (a position the
        // file's moves fail on is refused as malformed, 400).
        let source = "function moves(p) error('no moves here') end";
        let position = format!("\"{}\"", "y".repeat(50_000));
        let (status, body) = s.post(
            "/api/solve",
            &json!({"source": source, "position": position}),
        );
        assert_eq!(status, 400, "{}", &body[..body.len().min(300)]);
        assert!(body.len() < 500, "{body}");
        assert!(error(&body).contains("(50002 bytes)"), "{body}");
    });
    count(2);

    // The burst is over: the memory of finished work goes back to the system within
    // a second or two (the server releases it once a second).
    std::thread::sleep(Duration::from_millis(2500));
    let rss = server.memory("VmRSS:");
    eprintln!("after the burst: {rss} MiB");
    assert!(
        rss <= RSS_AFTER,
        "the server holds {rss} MiB after the burst"
    );

    // One log line per request: client, method, path, status, time.
    let log = server.log.lock().unwrap().clone();
    assert_eq!(log.len(), requests, "{log:#?}");
    assert!(
        log[0].starts_with("127.0.0.1 POST /api/solve 422 ") && log[0].ends_with(" ms"),
        "{}",
        log[0]
    );
}
