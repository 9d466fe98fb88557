//! Game files sent by a page: loaded from their source in the script crate's sandbox,
//! played, solved, and every error of the file answered as a 4xx naming its line.

use axum::http::StatusCode;
use serde_json::{json, Value};

use super::examples::EXAMPLES;
use super::tests::{error, limits, Client};

fn example(name: &str) -> &'static str {
    EXAMPLES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, source)| *source)
        .unwrap_or_else(|| panic!("no example {name}"))
}

/// Take 1 to `most` (a parameter, 2 by default) from a heap.
const TAKE: &str = r#"name = "take"
local most = param("most", 2, "the most one may take")
start = 7
function moves(n)
    local out = {}
    for k = 1, math.min(most, n) do
        out[#out + 1] = { to = n - k, label = `take {k}` }
    end
    return out
end
function parse(text)
    return tonumber(text) or error(`not a heap: {text}`, 0)
end
"#;

/// Tic-tac-toe from the example file, played to its end against grundy, the person always
/// taking an optimal move: a draw (every position on the way valued 0).
#[tokio::test]
async fn tictactoe_from_its_source_is_a_draw() {
    let client = Client::new(limits());
    let mut state = client
        .create(json!({ "source": example("tictactoe") }))
        .await;
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["game"], "tic-tac-toe");
    assert_eq!(state["kind"]["kind"], "scoring");
    assert_eq!(state["shown"], "...\n...\n...");
    assert_eq!(state["moves"].as_array().unwrap().len(), 9);
    let mut turns = 0;
    while state["end"].is_null() {
        turns += 1;
        assert!(turns <= 9, "{state}");
        assert_eq!(state["value"]["score"], 0, "{state}");
        let (path, body) = if state["to_move"] == "person" {
            let best = state["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["optimal"] == true)
                .expect("an optimal move");
            ("play", json!({ "move": best["label"] }).to_string())
        } else {
            ("reply", String::new())
        };
        let (status, next) = client
            .post(&format!("/api/sessions/{id}/{path}"), &body)
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        state = next;
    }
    assert_eq!(state["history"].as_array().unwrap().len(), 9, "{state}");
    assert_eq!(state["end"]["winner"], Value::Null, "{state}");
    assert_eq!(state["points"], json!({"person": 0, "engine": 0}));
    // A position in the file's own notation.
    let (status, solved) = client
        .post(
            "/api/solve",
            &json!({ "source": example("tictactoe"), "position": "xx. oo. ..." }).to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(
        solved["solution"]["value"]["score"], 1,
        "x completes a line"
    );
}

/// A partizan file (`left` and `right`): `/api/solve` answers its drawing, its canonical
/// form, its components' values and the hottest moves; a session (which needs a player to
/// move) is refused with the reason.
#[tokio::test]
async fn a_partizan_file_is_solved_to_its_canonical_form() {
    let client = Client::new(limits());
    let body = json!({ "example": "domineering_values", "position": ".../..." });
    let (status, solved) = client.post("/api/solve", &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["kind"]["kind"], "partizan", "{solved}");
    // Winning Ways, chapter 5: the 2x3 board is {2|-1/2}.
    assert_eq!(solved["partizan"]["value"]["value"], "{2|-1/2}", "{solved}");
    assert_eq!(
        solved["partizan"]["value"]["temperature"], "5/4",
        "{solved}"
    );
    // The board, two rows of three empty cells, none a click.
    let cells = solved["drawing"]["grid"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2, "{solved}");
    for row in cells {
        assert_eq!(row.as_array().unwrap().len(), 3, "{solved}");
        for cell in row.as_array().unwrap() {
            assert_eq!(
                (&cell["fill"], &cell["move"]),
                (&json!("empty"), &json!(null))
            );
        }
    }
    let body = json!({ "example": "hackenbush_strings", "position": "BRB BB" });
    let (status, solved) = client.post("/api/solve", &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["partizan"]["value"]["value"], "11/4", "{solved}");
    assert_eq!(
        solved["partizan"]["components"].as_array().unwrap().len(),
        2
    );
    let (status, refused) = client.post("/api/sessions", &body.to_string()).await;
    assert_ne!(status, StatusCode::OK, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("partizan"),
        "{refused}"
    );
}

#[tokio::test]
async fn params_are_set_by_name() {
    let client = Client::new(limits());
    let solve = |body: Value| {
        let client = &client;
        async move { client.post("/api/solve", &body.to_string()).await }
    };
    // 1..2: the P-positions are the multiples of 3; 1..3: of 4.
    let (status, two) = solve(json!({ "source": TAKE, "position": 6 })).await;
    assert_eq!(status, StatusCode::OK, "{two}");
    assert_eq!(two["solution"]["value"]["outcome"], "loss");
    let (status, three) =
        solve(json!({ "source": TAKE, "params": {"most": 3}, "position": "6" })).await;
    assert_eq!(status, StatusCode::OK, "{three}");
    assert_eq!(three["game"], "take most=3");
    assert_eq!(three["solution"]["value"]["outcome"], "win");
    let (_, eight) =
        solve(json!({ "source": TAKE, "params": {"most": "3"}, "position": [8] })).await;
    assert_eq!(eight["solution"]["value"]["outcome"], "loss");
    // The start when no position is given.
    let (_, start) = solve(json!({ "source": TAKE })).await;
    assert_eq!(start["solution"]["position"], 7);

    for (body, status, wanted) in [
        (
            json!({ "source": TAKE, "params": {"least": 1} }),
            StatusCode::BAD_REQUEST,
            "game.luau: unknown parameter \"least\" (the parameters are: most)",
        ),
        (
            json!({ "source": TAKE, "params": {"most": "x"} }),
            StatusCode::BAD_REQUEST,
            "most is an integer",
        ),
        (
            json!({ "source": TAKE, "position": "x" }),
            StatusCode::BAD_REQUEST,
            "not a heap: x",
        ),
        (
            json!({ "source": TAKE, "param": "3" }),
            StatusCode::BAD_REQUEST,
            "a game file takes params",
        ),
        (
            json!({ "game": "nim", "params": {"most": 3}, "position": "3" }),
            StatusCode::BAD_REQUEST,
            "params are for game files",
        ),
        (
            json!({ "game": "nim", "source": TAKE }),
            StatusCode::BAD_REQUEST,
            "not both",
        ),
        (
            json!({ "position": "3" }),
            StatusCode::BAD_REQUEST,
            "give a game",
        ),
    ] {
        let (got, answer) = solve(body.clone()).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(error(&answer).contains(wanted), "{body}: {answer}");
    }
}

/// Every kind of bad file gets a 4xx whose message names the file's line and what is
/// wrong; the sandbox has no files, and the step cap stops an endless `moves`.
#[tokio::test]
async fn bad_files_are_4xx_naming_their_line() {
    let client = Client::new(limits());
    let cases = [
        (
            "function moves(p)\n  return {\nend",
            StatusCode::BAD_REQUEST,
            "game.luau:3: syntax error: ",
        ),
        (
            "start = 1\nerror(\"boom\")\nfunction moves(p) return {} end",
            StatusCode::BAD_REQUEST,
            "game.luau:2: boom",
        ),
        (
            "local f = io.open(\"/etc/hostname\")\nfunction moves(p) return {} end",
            StatusCode::BAD_REQUEST,
            "game.luau:1: ",
        ),
        (
            "start = 3\nfunction moves(n)\n  return { { to = n - 1 }, nil + 1 }\nend",
            StatusCode::UNPROCESSABLE_ENTITY,
            "game.luau:3: ",
        ),
        (
            "start = 3\nfunction moves(n)\n  while true do end\nend",
            StatusCode::UNPROCESSABLE_ENTITY,
            "game.luau: the operation cap of 10000000 steps was hit in moves",
        ),
        ("start = 3", StatusCode::BAD_REQUEST, "game.luau: "),
    ];
    for (source, status, wanted) in cases {
        for route in ["/api/sessions", "/api/solve"] {
            let body = json!({ "source": source }).to_string();
            let (got, answer) = client.post(route, &body).await;
            assert_eq!(got, status, "{route} {source:?}: {answer}");
            let message = error(&answer);
            assert!(message.starts_with(wanted), "{source:?}: {message}");
        }
    }
}

/// The request's body limit holds for game files too.
#[tokio::test]
async fn a_source_past_the_body_limit_is_413() {
    let client = Client::new(limits());
    let source = format!(
        "start = 1\n{}function moves(p) return {{}} end",
        "-- padding\n".repeat(1000)
    );
    let (status, body) = client
        .post("/api/sessions", &json!({ "source": source }).to_string())
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(!error(&body).is_empty());
}

#[tokio::test]
async fn the_examples_are_listed_with_their_source() {
    let client = Client::new(limits());
    let (status, body) = client.get("/api/examples").await;
    assert_eq!(status, StatusCode::OK);
    let list = body["examples"].as_array().unwrap();
    assert_eq!(list.len(), EXAMPLES.len());
    let tictactoe = list.iter().find(|e| e["name"] == "tictactoe").unwrap();
    assert_eq!(tictactoe["source"], example("tictactoe"));
    // Which files tabulate: those defining `function position`.
    for entry in list {
        let source = entry["source"].as_str().unwrap();
        assert_eq!(
            entry["table"],
            source.contains("\nfunction position("),
            "{}",
            entry["name"]
        );
    }
    assert_eq!(tictactoe["table"], false);
    assert!(
        tictactoe["summary"]
            .as_str()
            .unwrap()
            .starts_with("tic-tac-toe: three in a row wins"),
        "{tictactoe}"
    );
}

/// A server whose game files may hold 4 MiB each, 8 MiB together: two at once.
fn two_files() -> Client {
    let mut small = limits();
    small.file_memory = 4 << 20;
    small.files_memory = 8 << 20;
    Client::new(small)
}

/// A file that builds a huge table, at its top level or in a call, is stopped at the
/// server's cap for one file with a JSON error, gives its memory back, and the server goes
/// on serving.
#[tokio::test]
async fn a_file_past_its_memory_cap_is_refused() {
    let client = two_files();
    let cases = [
        (
            "local t = {}\nfor i = 1, 1e8 do t[i] = i end\nstart = 1\nfunction moves(n) return {} end",
            StatusCode::BAD_REQUEST,
            "game.luau: the memory cap of 4 MiB was hit in the file's top level",
        ),
        (
            "start = 1\nfunction moves(n)\n  local t = {}\n  for i = 1, 1e8 do t[i] = {i} end\n  return {}\nend",
            StatusCode::UNPROCESSABLE_ENTITY,
            "game.luau: the memory cap of 4 MiB was hit in moves",
        ),
    ];
    for (source, status, wanted) in cases {
        for route in ["/api/sessions", "/api/solve"] {
            let (got, answer) = client
                .post(route, &json!({ "source": source }).to_string())
                .await;
            assert_eq!(got, status, "{route}: {answer}");
            assert!(error(&answer).starts_with(wanted), "{route}: {answer}");
            assert_eq!(client.app.files.used(), 0, "{route}: given back");
        }
    }
    let state = client.create(json!({ "source": TAKE })).await;
    assert_eq!(state["game"], "take");
}

/// Live game-file sessions hold their share until they end. With the total reserved, a new
/// game file drops the least recently used game file's session (a family's game stays);
/// while every one of them is in a search, it is refused (503, with the memory named). A
/// table or a solve of a file needs a share while it runs, and gives it back.
// A session's lock held across requests stands for a search in progress: what makes room
// is found with `try_lock`, so nothing waits for it.
#[allow(clippy::await_holding_lock)]
#[tokio::test]
async fn game_files_alive_share_a_memory_total() {
    let client = two_files();
    let nim = client
        .create(json!({ "game": "nim", "position": "3 4" }))
        .await;
    let a = client.create(json!({ "example": "tictactoe" })).await;
    let b = client.create(json!({ "source": TAKE })).await;
    assert_eq!(client.app.files.used(), 8 << 20);
    let id = |state: &serde_json::Value| state["id"].as_str().unwrap().to_string();
    let held: Vec<_> = [&a, &b]
        .iter()
        .map(|state| client.app.store.get(&id(state)).unwrap())
        .collect();
    {
        let _in_a_search: Vec<_> = held.iter().map(|entry| entry.lock().unwrap()).collect();
        for (route, body) in [
            ("/api/sessions", json!({ "source": TAKE })),
            ("/api/solve", json!({ "example": "subtraction" })),
            ("/api/table", json!({ "example": "subtraction" })),
        ] {
            let (status, answer) = client.post(route, &body.to_string()).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{route}: {answer}");
            let message = error(&answer);
            assert!(
                message.starts_with("too many game files running: 8 of the 8 MiB for game files")
                    && message.contains("at most 2 at once"),
                "{message}"
            );
        }
    }
    drop(held);
    // `a` is the least recently used game file: a solve drops it, and gives its share back.
    let (status, solved) = client
        .post(
            "/api/solve",
            &json!({ "example": "subtraction" }).to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(client.app.files.used(), 4 << 20);
    let (status, _) = client.get(&format!("/api/sessions/{}", id(&a))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for kept in [&b, &nim] {
        let (status, _) = client.get(&format!("/api/sessions/{}", id(kept))).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, answer) = client
        .post(
            "/api/table",
            &json!({ "example": "subtraction" }).to_string(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(client.app.files.used(), 4 << 20);
    let (status, _) = client
        .send(
            axum::http::Method::DELETE,
            &format!("/api/sessions/{}", id(&b)),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(client.app.files.used(), 0);
}

/// Idle game files are dropped to make room: their shares come back.
#[tokio::test]
async fn idle_game_files_make_room() {
    let mut small = limits();
    small.file_memory = 4 << 20;
    small.files_memory = 8 << 20;
    small.idle = std::time::Duration::ZERO;
    let client = Client::new(small);
    for _ in 0..5 {
        client.create(json!({ "example": "tictactoe" })).await;
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert!(client.app.files.used() <= 8 << 20);
}

/// A chain of 10^5 positions whose every `moves` call spins about a millisecond: a search
/// of minutes.
const SLOW_CHAIN: &str = r#"name = "slow chain"
start = 100000
function moves(n)
    local spin = 0
    for i = 1, 100000 do
        spin = spin + i
    end
    if n > 0 then
        return { n - 1 }
    end
    return {}
end
"#;

/// Issue 22: a game file's search stops within half a second of the request's deadline.
/// The file's share of the server's memory is held while its search runs, so the share
/// coming back says the search ended. (The search used to look at the cancel flag every
/// 65,536 positions: a minute of these calls after the 503.)
#[tokio::test]
async fn a_game_files_search_stops_soon_after_the_deadline() {
    let client = Client::new(super::app::Limits {
        time: std::time::Duration::from_millis(300),
        ..limits()
    });
    let (status, body) = client
        .post("/api/solve", &json!({ "source": SLOW_CHAIN }).to_string())
        .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let answered = std::time::Instant::now();
    while client.app.files.used() > 0 {
        assert!(
            answered.elapsed() < std::time::Duration::from_millis(500),
            "the search still runs {:?} after the deadline",
            answered.elapsed()
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}
