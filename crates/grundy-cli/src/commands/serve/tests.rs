//! The API on its own: the router in process, every route and every error path.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use super::app::{App, Limits};
use super::router;

pub(super) fn limits() -> Limits {
    Limits {
        positions: 100_000,
        bytes: 64 << 20,
        total_bytes: 256 << 20,
        response_bytes: 1 << 20,
        time: Duration::from_secs(20),
        body_bytes: 8192,
        sessions: 8,
        client_sessions: 8,
        idle: Duration::from_secs(600),
        file_memory: 8 << 20,
        files_memory: 64 << 20,
        table_cells: 10_000,
    }
}

pub(super) struct Client {
    pub(super) router: axum::Router,
    /// The server's state, to look at what requests left behind.
    pub(super) app: Arc<App>,
}

impl Client {
    pub(super) fn new(limits: Limits) -> Client {
        let app = Arc::new(App::new(limits));
        Client {
            router: router(app.clone()),
            app,
        }
    }

    /// Sends a request; returns the status and the body as JSON (`null` for an empty one).
    pub(super) async fn send(
        &self,
        method: Method,
        uri: &str,
        body: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(uri);
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        let request = request
            .body(Body::from(body.unwrap_or("").to_string()))
            .unwrap();
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 24)
            .await
            .unwrap();
        let value = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&bytes)))
        };
        (status, value)
    }

    pub(super) async fn get(&self, uri: &str) -> (StatusCode, Value) {
        self.send(Method::GET, uri, None).await
    }

    pub(super) async fn post(&self, uri: &str, body: &str) -> (StatusCode, Value) {
        self.send(Method::POST, uri, Some(body)).await
    }

    /// A new game; panics unless created.
    pub(super) async fn create(&self, body: Value) -> Value {
        let (status, state) = self.post("/api/sessions", &body.to_string()).await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        state
    }
}

/// The error message of a failed request, checked to be `{"error": "..."}` alone.
pub(super) fn error(value: &Value) -> &str {
    let object = value.as_object().expect("an object");
    assert_eq!(object.len(), 1, "{value}");
    object["error"].as_str().expect("a message")
}

pub(super) fn labels(state: &Value, outcome: &str) -> Vec<String> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["value"]["outcome"] == outcome)
        .map(|m| m["label"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn games_lists_the_catalogue() {
    let client = Client::new(limits());
    let (status, body) = client.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = body["games"].as_array().unwrap();
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    for spec in grundy::catalog::SPECS.iter().filter(|s| s.name != "sum") {
        assert!(names.contains(&spec.name), "{}", spec.name);
    }
    let sub = games.iter().find(|g| g["name"] == "subtraction").unwrap();
    assert_eq!(sub["param"], "S");
}

/// A whole game of Nim through the API: the person always takes a winning move (as the
/// colours say) and wins; every state's colours agree with the library's solve.
#[tokio::test]
async fn a_whole_game_of_nim_won_by_following_the_colours() {
    let client = Client::new(limits());
    let state = client
        .create(json!({"game": "nim", "position": "1 2 4"}))
        .await;
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["position"], json!([1, 2, 4]));
    assert_eq!(state["to_move"], "person");
    assert_eq!(state["value"]["outcome"], "win");
    assert_eq!(state["value"]["nimber"], 7);
    assert_eq!(state["moves"].as_array().unwrap().len(), 7);
    let mut state = state;
    let mut turns = 0;
    while state["end"].is_null() {
        turns += 1;
        assert!(turns < 20, "{state}");
        let wins = labels(&state, "win");
        assert!(
            !wins.is_empty(),
            "a won position has a winning move: {state}"
        );
        // The library agrees: every winning move leads to a P-position.
        let position: grundy::dynamic::Datum =
            serde_json::from_value(state["position"].clone()).unwrap();
        let solved = grundy::catalog::builtin::nim()
            .solve(&position, &grundy::Budget::default())
            .unwrap();
        assert_eq!(json!(solved.value), state["value"]);
        let body = json!({ "move": wins[0] }).to_string();
        let (status, after) = client
            .post(&format!("/api/sessions/{id}/play"), &body)
            .await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert_eq!(after["to_move"], "engine");
        if !after["end"].is_null() {
            state = after;
            break;
        }
        assert_eq!(after["value"]["outcome"], "loss");
        let (status, replied) = client.post(&format!("/api/sessions/{id}/reply"), "").await;
        assert_eq!(status, StatusCode::OK, "{replied}");
        assert!(replied["reply"]["label"].is_string(), "{replied}");
        state = replied;
    }
    assert_eq!(state["end"]["winner"], "person");
    assert_eq!(state["end"]["text"], "you win");
    assert!(state["moves"].as_array().unwrap().is_empty());
    // Playing on is refused, with the reason.
    let (status, body) = client
        .post(&format!("/api/sessions/{id}/play"), r#"{"move": "1"}"#)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error(&body).contains("no move"), "{body}");
    // new starts again; DELETE ends it.
    let (status, fresh) = client.post(&format!("/api/sessions/{id}/new"), "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fresh["position"], json!([1, 2, 4]));
    assert!(fresh["history"].as_array().unwrap().is_empty());
    let (status, _) = client
        .send(Method::DELETE, &format!("/api/sessions/{id}"), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = client.get(&format!("/api/sessions/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error(&body).contains("no game"));
}

#[tokio::test]
async fn hint_undo_swap_and_engine_first() {
    let client = Client::new(limits());
    let state = client
        .create(json!({"game": "subtraction", "param": "1,3,4", "position": [8]}))
        .await;
    let id = state["id"].as_str().unwrap();
    // 8 is an N-position of {1,3,4} (P-positions are 0 and 2 mod 7): one winning move, 8 -> 7.
    let (status, hint) = client.get(&format!("/api/sessions/{id}/hint")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(hint["value"]["outcome"], "win");
    assert_eq!(hint["best"], json!([state["moves"][0]["label"]]));
    assert_eq!(state["moves"][0]["to"], json!([7]));
    assert!(!hint["line"].as_array().unwrap().is_empty());
    let (_, played) = client
        .post(&format!("/api/sessions/{id}/play"), r#"{"move": "2"}"#)
        .await;
    assert_eq!(played["position"], json!([5]));
    let (_, replied) = client.post(&format!("/api/sessions/{id}/reply"), "").await;
    assert_eq!(replied["history"].as_array().unwrap().len(), 2);
    let (_, undone) = client.post(&format!("/api/sessions/{id}/undo"), "").await;
    assert_eq!(undone["position"], json!([8]));
    let (_, swapped) = client.post(&format!("/api/sessions/{id}/swap"), "").await;
    assert_eq!(swapped["to_move"], "engine");
    let (_, replied) = client.post(&format!("/api/sessions/{id}/reply"), "").await;
    assert_eq!(replied["position"], json!([7]), "perfect play: 8 -> 7");
    // reply when it is not grundy's turn changes nothing.
    let (_, again) = client.post(&format!("/api/sessions/{id}/reply"), "").await;
    assert!(again["reply"].is_null());
    assert_eq!(again["position"], json!([7]));

    let first = client
        .create(json!({"game": "wythoff", "position": "3 5", "engine_first": true}))
        .await;
    assert_eq!(first["to_move"], "engine");
    assert_eq!(first["value"]["outcome"], "loss", "(3, 5) is a P-position");
}

/// A scoring board game of the problem set (the Young-diagram game, chess2018's sample
/// setup) played to its end: every move valued by score, the points kept, the end by points.
#[tokio::test]
async fn a_board_game_to_the_end() {
    let client = Client::new(limits());
    let (_, list) = client.get("/api/games").await;
    let young = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "young")
        .unwrap();
    assert_eq!(young["board"], true);
    let mut state = client
        .create(json!({"game": "young", "param": "2 3 2 7 3 9 1 2 3 7 2 2 3 1"}))
        .await;
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["kind"]["kind"], "scoring");
    assert!(state["value"]["score"].is_i64(), "{state}");
    assert!(
        state["shown"].as_str().unwrap().contains('\n'),
        "a board: {state}"
    );
    let mut turns = 0;
    while state["end"].is_null() {
        turns += 1;
        assert!(turns < 20, "{state}");
        let (path, body) = if state["to_move"] == "person" {
            ("play", r#"{"move": "1"}"#)
        } else {
            ("reply", "")
        };
        let (status, next) = client
            .post(&format!("/api/sessions/{id}/{path}"), body)
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        state = next;
    }
    let end = &state["end"];
    let points = &state["points"];
    assert_eq!(end["person_points"], points["person"]);
    assert_eq!(end["engine_points"], points["engine"]);
    let winner = match points["person"].as_i64().cmp(&points["engine"].as_i64()) {
        std::cmp::Ordering::Greater => json!("person"),
        std::cmp::Ordering::Less => json!("engine"),
        std::cmp::Ordering::Equal => Value::Null,
    };
    assert_eq!(end["winner"], winner, "{state}");
    // A board's position comes after its setup (`at`), as on the command line.
    let kiki = client
        .create(json!({"game": "kiki", "param": "5 4", "position": "1 1"}))
        .await;
    assert_eq!(kiki["position"], json!([1, 1]), "{kiki}");
}

#[tokio::test]
async fn solve_and_table() {
    let client = Client::new(limits());
    let (status, body) = client
        .post("/api/solve", r#"{"game": "nim", "position": "3 5 7"}"#)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["solution"]["value"]["nimber"], 1);
    assert_eq!(body["shown"], "3 5 7");

    let (status, table) = client
        .get("/api/table?game=subtraction&param=1,3,4&to=30")
        .await;
    assert_eq!(status, StatusCode::OK, "{table}");
    assert_eq!(table["nimbers"].as_array().unwrap().len(), 31);
    assert_eq!(
        table["p_positions"],
        json!([0, 2, 7, 9, 14, 16, 21, 23, 28, 30])
    );
    assert!(table["text"]["pattern"]
        .as_str()
        .unwrap()
        .contains("period 7"));
    assert!(
        table["pattern"].is_object(),
        "the findings as data too: {table}"
    );
    let (status, pairs) = client.get("/api/table?game=wythoff&to=10").await;
    assert_eq!(status, StatusCode::OK, "{pairs}");
    assert!(pairs["p_pairs"]
        .as_array()
        .unwrap()
        .contains(&json!([3, 5])));
}

// Every error path, and the error table of docs/api.md: `error_tests.rs`.

#[tokio::test]
async fn a_bad_move_is_refused_and_changes_nothing() {
    let client = Client::new(limits());
    let state = client
        .create(json!({"game": "nim", "position": "2 3"}))
        .await;
    let id = state["id"].as_str().unwrap();
    for bad in [r#"{"move": "heap 9: 1 -> 0"}"#, r#"{"move": "99"}"#] {
        let (status, body) = client.post(&format!("/api/sessions/{id}/play"), bad).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(error(&body).contains("no move"), "{body}");
    }
    let (status, body) = client
        .post(&format!("/api/sessions/{id}/play"), r#"{"mv": "1"}"#)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (_, now) = client.get(&format!("/api/sessions/{id}")).await;
    assert!(now["history"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn too_large_is_refused_with_its_size() {
    let mut small = limits();
    small.positions = 100;
    let client = Client::new(small);
    // Misère Nim's value comes from its closed form; remoteness, asked for, needs a search
    // of 3024 positions.
    let (status, body) = client
        .post(
            "/api/solve",
            r#"{"game": "misere-nim", "position": "5 6 7 8", "remoteness": true}"#,
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let message = error(&body);
    assert!(message.contains("more than the limit of 100"), "{message}");
    // Not asked for, it is skipped and said so.
    let (status, body) = client
        .post(
            "/api/solve",
            r#"{"game": "misere-nim", "position": "5 6 7 8"}"#,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["solution"]["skipped"], true);
    assert_eq!(body["solution"]["value"]["outcome"], "win");
    // A position with more moves than a page shows.
    let (status, body) = client
        .post("/api/sessions", r#"{"game": "nim", "position": "5000"}"#)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error(&body).contains("5000 moves"), "{body}");
}

#[tokio::test]
async fn body_too_big_and_too_many_games() {
    let mut limits = limits();
    limits.sessions = 2;
    let client = Client::new(limits);
    let big = format!(r#"{{"game": "nim", "position": "{}"}}"#, "1 ".repeat(5000));
    let (status, body) = client.post("/api/sessions", &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(!error(&body).is_empty());
    // Full: a new game drops the least recently used one.
    let first = client.create(json!({"game": "nim", "position": "1"})).await;
    client.create(json!({"game": "nim", "position": "1"})).await;
    client.create(json!({"game": "nim", "position": "1"})).await;
    let (status, body) = client
        .get(&format!("/api/sessions/{}", first["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(client.app.store.len(), 2);
}

#[tokio::test]
async fn a_search_past_the_time_limit_is_cancelled() {
    let mut limits = limits();
    limits.time = Duration::from_millis(1);
    limits.positions = 50_000_000;
    let client = Client::new(limits);
    let (status, body) = client
        .post(
            "/api/solve",
            r#"{"game": "misere-nim", "position": "9 10 11 12 13 14 15"}"#,
        )
        .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error(&body).contains("time limit"), "{body}");
}

#[tokio::test]
async fn the_page_and_its_assets() {
    let client = Client::new(limits());
    for (uri, kind) in [
        ("/", "text/html"),
        ("/common.js", "text/javascript"),
        ("/palette.js", "text/javascript"),
        ("/board.js", "text/javascript"),
        ("/play.js", "text/javascript"),
        ("/history.js", "text/javascript"),
        ("/table.js", "text/javascript"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        // Issue 23: the icon was a 404.
        ("/favicon.ico", "image/svg+xml"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let response = client
            .router
            .clone()
            .oneshot(Request::get(uri).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let content_type = response.headers()["content-type"].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{uri}: {content_type}");
        let body = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        let text = String::from_utf8(body.to_vec()).unwrap();
        // Offline: nothing is loaded from another host.
        for remote in [
            "src=\"http",
            "href=\"http",
            "url(http",
            "fetch(\"http",
            "//cdn",
        ] {
            assert!(!text.contains(remote), "{uri} loads {remote}");
        }
    }
}

/// Issue 24: a session's state carries the drawing (tic-tac-toe's board, each empty cell
/// naming its move); two people play either side; going back keeps the first moves; each
/// move says its seat.
#[tokio::test]
async fn drawings_jumps_and_either_side() {
    let client = Client::new(limits());
    let state = client.create(json!({"example": "tictactoe"})).await;
    let id = state["id"].as_str().unwrap();
    let cells = &state["drawing"]["grid"]["cells"];
    assert_eq!(cells[1][1]["move"], "b2", "{state}");
    assert_eq!(state["drawing"]["grid"]["columns"], json!(["a", "b", "c"]));
    let (_, played) = client
        .post(&format!("/api/sessions/{id}/play"), r#"{"move": "b2"}"#)
        .await;
    assert_eq!(
        played["drawing"]["grid"]["cells"][1][1]["fill"], "first",
        "{played}"
    );
    assert_eq!(played["to_move"], "engine");
    let (status, refused) = client
        .post(&format!("/api/sessions/{id}/play"), r#"{"move": "a1"}"#)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let (_, either) = client
        .post(
            &format!("/api/sessions/{id}/play"),
            r#"{"move": "a1", "either": true}"#,
        )
        .await;
    let history = either["history"].as_array().unwrap();
    assert_eq!(
        (history[1]["side"].as_str(), history[1]["seat"].as_u64()),
        (Some("engine"), Some(1))
    );
    let (_, back) = client
        .post(&format!("/api/sessions/{id}/jump"), r#"{"moves": 1}"#)
        .await;
    assert_eq!(back["history"].as_array().unwrap().len(), 1, "{back}");
    assert_eq!(back["position"], json!("....x...."));
    let nim = client.create(json!({"game": "nim", "position": "2"})).await;
    assert_eq!(
        nim["drawing"]["heaps"][0]["clicks"][1], "heap 1: 2 -> 1",
        "{nim}"
    );
}

/// The page paints the library's palette: every fill's colour, and the fills written on in
/// white, as Python's pictures do.
#[tokio::test]
async fn the_palette_is_the_librarys() {
    use grundy::drawing::Fill;
    let client = Client::new(limits());
    let response = client
        .router
        .clone()
        .oneshot(Request::get("/palette.js").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let body = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    let text = String::from_utf8(body.to_vec()).unwrap();
    assert!(text.contains(r##""first": "#1d2330","##), "{text}");
    assert!(
        text.contains(r#"const DARK_FILLS = ["first", "filled", "marked"];"#),
        "{text}"
    );
    for fill in Fill::ALL {
        assert!(text.contains(fill.colour()), "{fill:?}: {text}");
    }
}
