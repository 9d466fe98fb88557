//! Every error the API answers, one case each, and the error table of `docs/api.md` made
//! from these cases: a status's line lists what its cases document, in order, so the page
//! says what the code does. `GRUNDY_BLESS=1 cargo test -p grundy-cli error_table` writes
//! the table into the page; without it, a page that differs fails the test.

use std::collections::BTreeMap;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::json;
use tower::ServiceExt;

use super::tests::{error, limits, Client};

/// One request and its expected answer: the status, a part of the message, and what the
/// error table says of it (empty: a case the table already names).
struct Case {
    client: usize,
    method: Method,
    uri: String,
    body: Option<String>,
    status: StatusCode,
    says: &'static str,
    doc: &'static str,
}

fn case(
    client: usize,
    method: Method,
    uri: &str,
    body: Option<String>,
    (status, says, doc): (u16, &'static str, &'static str),
) -> Case {
    Case {
        client,
        method,
        uri: uri.to_string(),
        body,
        status: StatusCode::from_u16(status).unwrap(),
        says,
        doc,
    }
}

/// A POST of `body` (JSON) to `uri` on the plain client.
fn post(uri: &str, body: serde_json::Value, expect: (u16, &'static str, &'static str)) -> Case {
    case(PLAIN, Method::POST, uri, Some(body.to_string()), expect)
}

const PLAIN: usize = 0;
/// Small limits: a body of 4 KiB, an answer of 2 KiB, 100 positions a search.
const SMALL: usize = 1;
/// Every search's memory reserved, and a time limit of 50 ms.
const BUSY: usize = 2;
/// A time limit of 1 ms, and room for large searches.
const TIMED: usize = 3;
/// Room for one game file, held by a session in a search.
const FILES: usize = 4;

const NO_POSITION: &str = "function moves(n) return {} end";
const ONE_INTEGER: &str = "function position(n) return n end\nfunction moves(n) return {} end";

fn cases() -> Vec<Case> {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    vec![
        case(PLAIN, Method::POST, "/api/sessions", Some("{not json".into()), (400, "JSON", "malformed JSON")),
        case(PLAIN, Method::POST, "/api/solve", Some(format!(r#"{{"game": "nim", "position": {deep}}}"#)), (400, "recursion limit", "JSON nested more than 128 deep")),
        post("/api/sessions", json!({"game": 3}), (400, "game", "a field of the wrong type")),
        post("/api/sessions", json!({"game": "nim", "colour": 1}), (400, "colour", "an unknown field")),
        post("/api/sessions", json!({"game": "chess"}), (400, "unknown game \"chess\"", "an unknown game or example")),
        post("/api/sessions", json!({"example": "chess"}), (400, "no example game file", "")),
        post("/api/sessions", json!({"game": "nim", "position": "3 x"}), (400, "\"x\"", "a bad parameter or position")),
        post("/api/sessions", json!({"game": "nim", "param": "3"}), (400, "takes no parameter", "")),
        post("/api/sessions", json!({"game": "bash", "position": "5"}), (400, "needs its parameter K", "")),
        post("/api/sessions", json!({"game": "nim", "position": [[1]]}), (400, "position", "")),
        post("/api/sessions", json!({"game": "wythoff", "position": "1"}), (400, "bad position", "")),
        post("/api/sessions", json!({"game": "nim", "position": "@/etc/hostname"}), (400, "\"@/etc/hostname\"", "")),
        post("/api/sessions", json!({"game": "young", "param": "@/etc/hostname"}), (400, "young", "")),
        post("/api/solve", json!({"source": "function moves(n) return"}), (400, "game.luau:1", "a game file that does not load (with its line, or past its memory cap)")),
        post("/api/table", json!({"source": NO_POSITION, "to": 5}), (400, "no position function", "a table of a game file without a `position` function")),
        post("/api/table", json!({"source": ONE_INTEGER, "to": 5, "pairs": true}), (400, "ignores b", "a table of pairs of a game file whose `position` takes one integer")),
        case(PLAIN, Method::GET, "/api/table?game=nim&to=ten", None, (400, "to", "")),
        case(PLAIN, Method::GET, "/api/sessions/nope", None, (404, "no game", "a game id that does not exist (finished, expired or dropped for room)")),
        case(PLAIN, Method::GET, "/api/nothing", None, (404, "no such route", "an unknown route")),
        case(PLAIN, Method::DELETE, "/api/games", None, (405, "method", "a route that does not take that method")),
        case(SMALL, Method::POST, "/api/sessions", Some(format!(r#"{{"game": "nim", "position": "{}"}}"#, "1 ".repeat(4000))), (413, "larger than this server accepts (4096 bytes; see grundy serve --max-body)", "a body over the limit (`--max-body`, 64 KiB by default)")),
        post("/api/sessions/{id}/play", json!({"move": "9"}), (422, "no move \"9\"", "a move that is not legal now")),
        post("/api/sessions", json!({"game": "nim", "position": "5000"}), (422, "up to 5000 moves, more than a page shows", "a position with more than 4096 moves (refused before they are listed where the game bounds them)")),
        post("/api/solve", json!({"game": "nim", "position": vec![1; 2000]}), (422, "more than the 64 MiB of a request", "a position whose moves would not fit a request's memory (`--memory`)")),
        case(SMALL, Method::POST, "/api/solve", Some(json!({"source": "function moves(n) return {n + 1} end", "position": 0}).to_string()), (422, "more than the limit of 100", "a search larger than the budget (`--max-positions`, `--memory`), with the size it needs")),
        case(SMALL, Method::POST, "/api/solve", Some(json!({"game": "nim", "position": "40"}).to_string()), (422, "--max-response", "an answer larger than `--max-response` (4 MiB by default)")),
        post("/api/solve", json!({"source": "start = {1, 2}\nfunction moves(p) return {} end", "position": "[\"a\", \"b\"]"}), (400, "found a list of strings", "")),
        post("/api/solve", json!({"source": "function moves(n) if n == 0 then while true do end end return {n - 1} end", "position": 1}), (422, "operation cap", "a game file failing while solving (its line, or the step cap)")),
        case(PLAIN, Method::GET, "/api/table?game=subtraction&param=1,3,4&to=99999999", None, (422, "too large", "a table past its family's bound, or a game file's table of more positions than `--max-table`")),
        case(BUSY, Method::POST, "/api/solve", Some(json!({"game": "nim", "position": "3"}).to_string()), (503, "the server is busy", "every search the server has memory for running (`--total-memory`), past the request's time")),
        case(FILES, Method::POST, "/api/solve", Some(json!({"example": "subtraction"}).to_string()), (503, "too many game files running", "the memory for game files all reserved (`--files-memory`), by game files in a search")),
        case(TIMED, Method::POST, "/api/solve", Some(json!({"game": "misere-nim", "position": "9 10 11 12 13 14 15"}).to_string()), (503, "time limit", "a search past the time limit (`--timeout`, then cancelled)")),
    ]
}

/// The clients of the cases: plain, small, busy (with what keeps it busy), timed, files.
fn clients() -> (Vec<Client>, tokio::sync::OwnedSemaphorePermit) {
    let plain = Client::new(limits());
    let mut small = limits();
    small.body_bytes = 4096;
    small.positions = 100;
    small.response_bytes = 2048;
    let small = Client::new(small);
    let mut busy = limits();
    busy.time = Duration::from_millis(50);
    let busy = Client::new(busy);
    let permits = busy.app.searches.available_permits() as u32;
    let held = busy
        .app
        .searches
        .clone()
        .try_acquire_many_owned(permits)
        .unwrap();
    let mut timed = limits();
    timed.time = Duration::from_millis(1);
    timed.positions = 50_000_000;
    let mut files = limits();
    files.files_memory = files.file_memory;
    (
        vec![plain, small, busy, Client::new(timed), Client::new(files)],
        held,
    )
}

// The session held by `_in_a_search` stands for one in a search: its lock is what a search
// holds, and what makes room is found with `try_lock`, so nothing waits for it.
#[allow(clippy::await_holding_lock)]
#[tokio::test]
async fn error_table() {
    let (clients, _held) = clients();
    let game = clients[PLAIN]
        .create(json!({"game": "nim", "position": "1 2"}))
        .await;
    let file = clients[FILES].create(json!({"example": "tictactoe"})).await;
    let entry = clients[FILES]
        .app
        .store
        .get(file["id"].as_str().unwrap())
        .unwrap();
    let _in_a_search = entry.lock().unwrap();
    let mut table: BTreeMap<u16, Vec<&str>> = BTreeMap::new();
    for case in cases() {
        let client = &clients[case.client];
        let uri = case.uri.replace("{id}", game["id"].as_str().unwrap());
        let (status, value) = client
            .send(case.method.clone(), &uri, case.body.as_deref())
            .await;
        let at = format!("{} {} {:.200?}", case.method, case.uri, case.body);
        assert_eq!(status, case.status, "{at}: {value}");
        assert!(error(&value).contains(case.says), "{at}: {value}");
        if !case.doc.is_empty() {
            table.entry(status.as_u16()).or_default().push(case.doc);
        }
    }
    // Without a JSON content type.
    let request = Request::post("/api/sessions")
        .body(Body::from(r#"{"game": "nim"}"#))
        .unwrap();
    let response = clients[PLAIN]
        .router
        .clone()
        .oneshot(request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    table
        .entry(415)
        .or_default()
        .push("a body without `Content-Type: application/json`");
    check_page(&table);
}

const BEGIN: &str = "<!-- errors: made by serve/error_tests.rs; GRUNDY_BLESS=1 rewrites -->\n";
const END: &str = "<!-- end of errors -->\n";

/// Checks (or with `GRUNDY_BLESS=1` writes) the table between the markers of `docs/api.md`.
fn check_page(table: &BTreeMap<u16, Vec<&str>>) {
    let mut made = String::from("| status | when |\n| --- | --- |\n");
    for (status, docs) in table {
        made.push_str(&format!("| {status} | {} |\n", docs.join("; ")));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md");
    let page = std::fs::read_to_string(path).unwrap();
    let (before, rest) = page.split_once(BEGIN).expect("the table's first marker");
    let (old, after) = rest.split_once(END).expect("the table's last marker");
    if std::env::var_os("GRUNDY_BLESS").is_some() {
        std::fs::write(path, format!("{before}{BEGIN}{made}{END}{after}")).unwrap();
        return;
    }
    assert_eq!(
        old, made,
        "docs/api.md's error table differs from the answers (GRUNDY_BLESS=1 rewrites it)"
    );
}
