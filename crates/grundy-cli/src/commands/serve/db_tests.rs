//! Positions answered from tier databases: the databases listed, a position with its moves,
//! a position not reachable, and every error (a game without a database, a bad position).

use std::sync::Arc;
use std::time::Instant;

use axum::http::{Method, StatusCode};
use grundy::tierdb::{build, tier_game, BuildOptions, Database};

use super::app::App;
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
    app.databases.push(Database::open(&c4).unwrap());
    app.databases.push(Database::open(&ttt).unwrap());
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
