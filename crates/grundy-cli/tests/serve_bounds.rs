//! Every search `grundy serve` runs stays within its memory and its time (issue 42: Grundy's
//! game at 5000, typed into the page's Play tab, took the server past 5.7 GB in 24 s under a
//! budget of 0.5 GiB, and the kernel killed it). The binary runs on a free port with one
//! search at a time (`--total-memory` = `--memory`), and is sent the families whose searches
//! grow fastest at the largest sizes the page takes (a position of at most 4,096 moves),
//! searches that run past their time, hostile game files and a body past its limit. Its
//! memory is read from outside: the peak (`VmHWM`, reset before each case) may exceed what
//! the server held before by at most 1.5 times a search's budget, and once the memory is
//! given back it must hold little (`VmRSS`). Its time: each answer comes within the time limit and half a second,
//! and a search past its time stops within half a second of its deadline, which the next
//! request sees: it waits for the one search's memory, and must be answered at once.

#![cfg(target_os = "linux")]

use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[path = "support/server.rs"]
mod support;

use support::{error, Server};

/// `--memory` (and `--total-memory`): 128 MiB, one search at a time.
const SEARCH_MIB: u64 = 128;
/// The most a case may grow the server by: 1.5 times a search's budget (the bound a budget
/// keeps everywhere, as `file_memory.rs` checks for the command line: a budget counts
/// what a search stores, not every byte the allocator rounds up or keeps in its arenas)
/// and a game file's Luau state (8 MiB).
const GROWTH_MIB: u64 = SEARCH_MIB * 3 / 2 + 8;
/// `--timeout`, in milliseconds.
const TIMEOUT_MS: u64 = 2_000;
/// The time any answer may take: the time limit and half a second.
const ANSWER_TIME: Duration = Duration::from_millis(TIMEOUT_MS + 500);
/// The most a search may run past its deadline.
const STOP_TIME: Duration = Duration::from_millis(500);

fn start() -> Server {
    let gib = format!("{}", SEARCH_MIB as f64 / 1024.0);
    Server::start(&[
        "--timeout",
        &TIMEOUT_MS.to_string(),
        "--memory",
        &gib,
        "--total-memory",
        &gib,
    ])
}

/// Sends `body` to `path`, checks the peak memory and the time of the answer, then that the
/// search has stopped: a plain request (which needs the one search's memory) is answered
/// within [`STOP_TIME`]. Returns the status and the body.
fn case(server: &Server, name: &str, path: &str, body: &Value) -> (u16, String) {
    // The server gives freed memory back to the system once a second: what the case before
    // freed is not counted in this one's peak.
    std::thread::sleep(Duration::from_millis(1_200));
    server.reset_peak();
    let before = server.memory("VmRSS:");
    let started = Instant::now();
    let (status, answer) = server.post(path, body);
    let time = started.elapsed();
    let peak = server.memory("VmHWM:");
    eprintln!("{name}: {status} in {time:.2?}, peak {peak} MiB (held {before} MiB before)");
    assert!(
        peak.saturating_sub(before) <= GROWTH_MIB,
        "{name}: grew from {before} MiB to a peak of {peak} MiB, more than {GROWTH_MIB} MiB"
    );
    assert!(time <= ANSWER_TIME, "{name}: {time:?} > {ANSWER_TIME:?}");
    let started = Instant::now();
    let (plain, text) = server.post("/api/solve", &json!({"game": "nim", "position": "3 4 5"}));
    let after = started.elapsed();
    assert_eq!(plain, 200, "{name}: then {text}");
    assert!(
        after <= STOP_TIME,
        "{name}: the search ran on for {after:?} after its answer"
    );
    (status, answer)
}

/// A refusal for memory: 422 naming `--memory`.
fn refused_for_memory(name: &str, (status, body): (u16, String)) {
    assert_eq!(status, 422, "{name}: {body}");
    let message = error(&body);
    assert!(
        message.starts_with("too large for this server") && message.ends_with("--memory)"),
        "{name}: {message}"
    );
}

#[test]
fn every_search_is_bounded_in_memory_and_time() {
    let server = start();
    let idle = server.memory("VmRSS:");

    // Grundy's game at 8193, the largest heap of at most 4,096 moves: played (as the page's
    // Play tab does) and solved with its remoteness asked for.
    let grundy = json!({"game": "grundy-game", "position": "8193"});
    refused_for_memory(
        "grundy-game 8193, played",
        case(
            &server,
            "grundy-game 8193, played",
            "/api/sessions",
            &grundy,
        ),
    );
    let asked = json!({"game": "grundy-game", "position": "5000", "remoteness": true});
    refused_for_memory(
        "grundy-game 5000, remoteness",
        case(
            &server,
            "grundy-game 5000, remoteness",
            "/api/solve",
            &asked,
        ),
    );
    // Lasker's Nim at 2730 (4,095 moves), staircase Nim of 4,096 moves, Moore's Nim of
    // 3,720, a subtraction game of 64 moves a heap down a heap of 4,096: answered or refused,
    // within the bounds.
    let mut games = Vec::new();
    for (name, body) in [
        ("lasker 2730", json!({"game": "lasker", "position": "2730"})),
        (
            "staircase",
            json!({"game": "staircase", "position": "0 2048 2048"}),
        ),
        (
            "moore 2",
            json!({"game": "moore", "param": "2", "position": "60 60"}),
        ),
        (
            "subtraction 1..64",
            json!({"game": "subtraction",
                   "param": (1..=64).map(|n| n.to_string()).collect::<Vec<_>>().join(","),
                   "position": "4096"}),
        ),
    ] {
        let (status, answer) = case(&server, name, "/api/sessions", &body);
        assert!([201, 422, 503].contains(&status), "{name}: {answer}");
        if status == 201 {
            let state: Value = serde_json::from_str(&answer).unwrap();
            games.push(state["id"].as_str().unwrap().to_string());
        }
    }

    // A game in progress keeps nothing between its requests (issue 42: each kept the tables
    // its searches solved, outside --total-memory): with the games still open, the memory
    // of their searches goes back to the system.
    assert!(!games.is_empty());
    std::thread::sleep(Duration::from_millis(2_500));
    let rss = server.memory("VmRSS:");
    eprintln!("games open: {rss} MiB (idle: {idle} MiB)");
    // (With the tables kept, these games held about 11 MiB more.)
    assert!(
        rss <= idle + 12,
        "the server holds {rss} MiB with {} games open, {idle} MiB idle",
        games.len()
    );
    let ended = games.len();
    for id in games {
        let (status, answer) = server.send("DELETE", &format!("/api/sessions/{id}"), "");
        assert!(status < 300, "{answer}");
    }

    // Searches past their time: the whole position of Grundy's game at 300 for its
    // remoteness, and the table of Grundy's game to 20,000 (a second of work in a release
    // build, more in a debug one): stopped by the deadline (503), or answered in time.
    let slow = json!({"game": "grundy-game", "position": "300", "remoteness": true});
    let (status, answer) = case(&server, "grundy-game 300, remoteness", "/api/solve", &slow);
    assert!(status == 503 || status == 422, "{answer}");
    let table = json!({"game": "grundy-game", "to": 20_000});
    let (status, answer) = case(&server, "table of grundy-game", "/api/table", &table);
    assert!(
        status == 503 || status == 200,
        "{}",
        &answer[..answer.len().min(200)]
    );

    // Hostile game files: positions that grow by a kilobyte a move, and moves that each
    // copy their position.
    let growing = "start = \"a\"\nfunction moves(s)\n  local t = {}\n  for i = 1, 3 do \
                   t[i] = s .. string.rep(string.char(97 + i), 1000) end\n  return t\nend";
    let (status, answer) = case(
        &server,
        "a game file of growing strings",
        "/api/sessions",
        &json!({"source": growing}),
    );
    assert!(status == 422 || status == 503, "{answer}");
    let copies = "start = {1}\nfunction moves(p)\n  local t = {}\n  for i = 1, 100 do\n    \
                  local q = {}\n    for j = 1, #p do q[j] = p[j] end\n    q[#p + 1] = i\n    \
                  t[i] = q\n  end\n  return t\nend";
    let (status, answer) = case(
        &server,
        "a game file of growing lists",
        "/api/solve",
        &json!({"source": copies}),
    );
    assert!(status == 422 || status == 503, "{answer}");

    // A body past the limit (a Nim row of 100,000 heaps, about 200 KB): grundy's own error.
    server.reset_peak();
    let row = vec![1; 100_000];
    let (status, answer) = server.post("/api/solve", &json!({"game": "nim", "position": row}));
    assert_eq!(status, 413, "{answer}");
    assert_eq!(
        error(&answer),
        "the request is larger than this server accepts (65536 bytes; see grundy serve \
         --max-body)"
    );

    // The memory of all this goes back to the system (the server gives memory back once a
    // second).
    std::thread::sleep(Duration::from_millis(2_500));
    let rss = server.memory("VmRSS:");
    eprintln!("after the cases: {rss} MiB");
    assert!(rss <= 64, "the server holds {rss} MiB after the cases");

    // Every request was answered and logged, the refused and the stopped ones included: 10
    // cases of two requests, the body past the limit, and the games ended.
    let log = server.log.lock().unwrap().clone();
    assert_eq!(log.len(), 10 * 2 + 1 + ended, "{log:#?}");
    assert!(log.iter().all(|line| line.ends_with(" ms")), "{log:#?}");
}
