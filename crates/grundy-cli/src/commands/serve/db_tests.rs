//! Positions answered from tier databases: the databases listed, a position with its moves,
//! a position not reachable, and every error (a game without a database, a bad position).

use std::sync::Arc;
use std::time::Instant;

use axum::http::{Method, StatusCode};
use grundy::tierdb::{build, tier_game, BuildOptions, Database};

use super::app::App;
use super::db::open;
use super::router;
use super::tests::{limits, Client};

fn built(name: &str, words: &[&str]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-serve-db-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let game = tier_game(words).unwrap();
    build(game.as_ref(), &dir, &BuildOptions::default()).unwrap();
    dir
}

#[tokio::test]
async fn positions_are_answered_from_several_databases() {
    let c4 = built("c4", &["connect-four", "4", "3"]);
    let ttt = built("ttt", &["tic-tac-toe"]);
    let mut app = App::new(limits());
    app.databases.push(Arc::new(Database::open(&c4).unwrap()));
    app.databases.push(Arc::new(Database::open(&ttt).unwrap()));
    let app = Arc::new(app);
    let client = Client {
        router: router(app.clone()),
        app,
    };
    let (status, list) = client.send(Method::GET, "/api/databases", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list[0]["game"], "connect-four 4 x 3");
    assert_eq!(list[0]["positions"], 12031);
    assert_eq!(list[1]["game"], "tic-tac-toe");
    assert_eq!(list[0]["words"], "connect-four 4 3");
    assert_eq!(list[1]["words"], "tic-tac-toe");
    let started = Instant::now();
    let (status, answer) = client
        .send(
            Method::GET,
            "/api/db?game=tic-tac-toe&position=1%205%209",
            None,
        )
        .await;
    let took = started.elapsed();
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["value"]["outcome"], "draw");
    assert_eq!(answer["value"]["remoteness"], 6);
    assert_eq!(answer["moves"].as_array().unwrap().len(), 6);
    assert_eq!(answer["moves"][1]["label"], "3");
    assert_eq!(answer["moves"][1]["value"]["outcome"], "loss");
    let best: Vec<&str> = (0..6)
        .filter(|&i| answer["moves"][i]["value"] == answer["value"])
        .map(|i| answer["moves"][i]["label"].as_str().unwrap())
        .collect();
    assert_eq!(answer["best"], serde_json::json!(best));
    // Timings are measured in BENCHMARKS.md; this only guards against a search sneaking in.
    assert!(took.as_secs() < 5, "{took:?}");
    let (status, start) = client
        .send(Method::GET, "/api/db?game=connect-four%204%203", None)
        .await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["in_database"], true);
    assert_eq!(start["moves"].as_array().unwrap().len(), 4);
    for (uri, want, message) in [
        (
            "/api/db?game=connect-four%205%204",
            StatusCode::NOT_FOUND,
            "no database of connect-four 5 x 4",
        ),
        (
            "/api/db?game=chess",
            StatusCode::BAD_REQUEST,
            "'chess' has no tier database",
        ),
        (
            "/api/db?game=tic-tac-toe&position=5%205",
            StatusCode::BAD_REQUEST,
            "cell 5 is taken",
        ),
        (
            "/api/db?game=tic-tac-toe&move=5",
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
    ] {
        let (status, body) = client.send(Method::GET, uri, None).await;
        assert_eq!(status, want, "{uri}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains(message),
            "{uri}: {body}"
        );
    }
    std::fs::remove_dir_all(&c4).unwrap();
    std::fs::remove_dir_all(&ttt).unwrap();
}

/// A session plays a database: the board drawn with every empty cell a click, each move
/// valued with its remoteness, grundy's replies its best moves, and the game played to a
/// draw on a full board; a position and a request that the database cannot answer are
/// refused with what is wrong.
#[tokio::test]
async fn a_session_plays_a_database_to_the_end() {
    let ttt = built("session-ttt", &["tic-tac-toe"]);
    let mut app = App::new(limits());
    app.databases.push(Arc::new(Database::open(&ttt).unwrap()));
    let app = Arc::new(app);
    let client = Client {
        router: router(app.clone()),
        app,
    };
    let (status, mut state) = client
        .send(
            Method::POST,
            "/api/sessions",
            Some(r#"{"db": "tic-tac-toe"}"#),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    assert_eq!(state["game"], "tic-tac-toe");
    assert_eq!(state["value"]["outcome"], "draw");
    assert_eq!(state["value"]["remoteness"], 9);
    assert_eq!(state["moves"].as_array().unwrap().len(), 9);
    assert_eq!(state["drawing"]["grid"]["cells"][1][1]["move"], "5");
    let id = state["id"].as_str().unwrap().to_string();
    let mut plays = 0;
    while state["end"].is_null() {
        let moves = state["moves"].as_array().unwrap();
        let best = moves.iter().find(|m| m["optimal"] == true).unwrap();
        assert_eq!(best["value"], state["value"]);
        assert!(best["value"]["remoteness"].is_u64());
        let body = serde_json::json!({ "move": best["label"] }).to_string();
        let uri = format!("/api/sessions/{id}/play");
        let (status, after) = client.send(Method::POST, &uri, Some(&body)).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        plays += 1;
        let started = Instant::now();
        let uri = format!("/api/sessions/{id}/reply");
        let (status, replied) = client.send(Method::POST, &uri, None).await;
        assert!(started.elapsed().as_secs() < 5);
        assert_eq!(status, StatusCode::OK, "{replied}");
        state = replied;
    }
    assert_eq!(plays, 5);
    assert_eq!(state["end"]["winner"], serde_json::Value::Null);
    assert_eq!(state["end"]["text"], "a draw");
    assert_eq!(state["history"].as_array().unwrap().len(), 9);
    let cells = state["drawing"]["grid"]["cells"].as_array().unwrap();
    let marks: String = cells
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .map(|cell| cell["text"].as_str().unwrap())
        .collect();
    assert_eq!((marks.len(), marks.matches('X').count()), (9, 5), "{marks}");
    // A hint: the best moves and a principal line as long as the remoteness.
    let (_, start) = client
        .send(
            Method::POST,
            "/api/sessions",
            Some(r#"{"db": "tic-tac-toe", "position": "5 2"}"#),
        )
        .await;
    let uri = format!("/api/sessions/{}/hint", start["id"].as_str().unwrap());
    let (status, hint) = client.send(Method::GET, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(hint["value"]["outcome"], "win");
    assert_eq!(hint["line"].as_array().unwrap().len(), 5);
    for (body, want, message) in [
        (
            r#"{"db": "tic-tac-toe", "position": "1 4 2 5 3 6"}"#,
            StatusCode::BAD_REQUEST,
            "the game is already won",
        ),
        (
            r#"{"db": "connect-four 4 4"}"#,
            StatusCode::NOT_FOUND,
            "no database of connect-four 4 x 4",
        ),
        (
            r#"{"db": "tic-tac-toe", "game": "nim"}"#,
            StatusCode::BAD_REQUEST,
            "db names the game by itself",
        ),
        (
            r#"{"db": "chess"}"#,
            StatusCode::BAD_REQUEST,
            "'chess' has no tier database",
        ),
    ] {
        let (status, body_back) = client.send(Method::POST, "/api/sessions", Some(body)).await;
        assert_eq!(status, want, "{body}: {body_back}");
        let error = body_back["error"].as_str().unwrap();
        assert!(error.contains(message), "{body}: {error}");
    }
    std::fs::remove_dir_all(&ttt).unwrap();
}

/// The workspace's example game files.
fn example(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

#[tokio::test]
async fn a_game_file_database_is_served_with_its_file() {
    let dir = std::env::temp_dir().join(format!("grundy-serve-db-file-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = example("connect_four.luau");
    let loaded = grundy_script::load_rules(
        std::path::Path::new(&file),
        &[("connect".into(), "3".into())],
    )
    .unwrap();
    let options = BuildOptions::default();
    grundy::tierdb::build_file(loaded.rules, loaded.info, loaded.identity, &dir, &options).unwrap();
    let given = |file: &str| format!("{}={}", dir.display(), example(file));
    // Without its file, with a built-in game's words, or with another file: refused, saying why.
    let without = open(&dir.display().to_string()).unwrap_err().to_string();
    assert!(without.contains("give the file too"), "{without}");
    let other = open(&given("tictactoe.luau")).unwrap_err().to_string();
    assert!(other.contains("not of"), "{other}");
    let c4 = built("c4-for-file", &["connect-four", "4", "3"]);
    let builtin = open(&format!("{}={file}", c4.display()))
        .unwrap_err()
        .to_string();
    assert!(builtin.contains("a built-in game"), "{builtin}");
    // With its file: listed by its words and answered, the parameters the manifest's.
    let mut app = App::new(limits());
    app.databases
        .push(Arc::new(open(&given("connect_four.luau")).unwrap()));
    let app = Arc::new(app);
    let client = Client {
        router: router(app.clone()),
        app,
    };
    let (_, list) = client.send(Method::GET, "/api/databases", None).await;
    assert_eq!(list[0]["words"], "connect-four connect=3");
    // Three in a line on the file's 4 x 4 board: the first player wins in 9 (as `grundy
    // build connect_four.luau --param connect=3` finds).
    let (status, answer) = client
        .send(Method::GET, "/api/db?game=connect-four%20connect%3D3", None)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["value"]["outcome"], "win");
    assert_eq!(answer["value"]["remoteness"], 9);
    assert_eq!(answer["moves"].as_array().unwrap().len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&c4).unwrap();
}

/// A scoring game file's database (Dots-and-Boxes on 1 x 2 boxes, net scores): the API
/// answers the position's score and every move's, as the database does (its scores are
/// checked against the memo search on every position in grundy-script's
/// `tests/tierdb/values.rs`), and a session plays it with each move's score, which the page
/// shows as it shows win, loss or draw (`describe` in `page/common.js`).
#[tokio::test]
async fn a_database_of_scores_is_answered_with_scores() {
    let dir = std::env::temp_dir().join(format!("grundy-serve-db-dab-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = example("dots_and_boxes.luau");
    let params = [("rows".into(), "1".into()), ("cols".into(), "2".into())];
    let loaded = grundy_script::load_rules(std::path::Path::new(&file), &params).unwrap();
    let options = BuildOptions::default();
    grundy::tierdb::build_file(loaded.rules, loaded.info, loaded.identity, &dir, &options).unwrap();
    let db = open(&format!("{}={file}", dir.display())).unwrap();
    let probe = db.probe(db.game().start()).unwrap().unwrap();
    let mut app = App::new(limits());
    app.databases.push(Arc::new(db));
    let app = Arc::new(app);
    let client = Client {
        router: router(app.clone()),
        app,
    };
    let (_, list) = client.send(Method::GET, "/api/databases", None).await;
    let words = list[0]["words"].as_str().unwrap().to_string();
    let query: String = words
        .bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'0'..=b'9' | b'-' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let (status, answer) = client
        .send(Method::GET, &format!("/api/db?game={query}"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["value"]["score"],
        probe.value.score.unwrap(),
        "{answer}"
    );
    // The start of 1 x 2 boxes: all 7 lines are drawn before the end.
    assert_eq!(probe.value.remoteness, 7);
    assert_eq!(answer["value"]["remoteness"], 7, "{answer}");
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), probe.moves.len());
    assert_eq!(moves.len(), 7, "1 x 2 boxes have 7 lines");
    for (shown, (label, value)) in moves.iter().zip(&probe.moves) {
        assert_eq!(shown["label"], *label);
        assert_eq!(shown["value"]["score"], value.score.unwrap(), "{shown}");
        assert_eq!(shown["value"]["remoteness"], value.remoteness, "{shown}");
        assert_eq!(value.remoteness, 7, "every move leaves 6 lines to draw");
    }
    let body = serde_json::json!({ "db": words }).to_string();
    let (status, state) = client
        .send(Method::POST, "/api/sessions", Some(&body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    assert_eq!(
        state["value"]["score"],
        probe.value.score.unwrap(),
        "{state}"
    );
    let moves = state["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert!(
        moves.iter().all(|m| m["value"]["score"].is_i64()),
        "{state}"
    );
    assert!(
        moves.iter().all(|m| m["value"]["remoteness"] == 7),
        "{state}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
