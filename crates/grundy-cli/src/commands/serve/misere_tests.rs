//! `/api/misere-table` and `/api/quotient`: the library's genera and quotients as the page
//! reads them, sums answered by the quotient against the library's misère search, and every
//! bad request answered as a one-line JSON error.

use axum::http::StatusCode;
use grundy::catalog::open_in;
use grundy::Play;
use serde_json::{json, Value};

use super::tests::{error, limits, Client};

/// Kayles' misère table: Winning Ways' genera (2nd ed., vol. 2, ch. 13: heap 5 is 4^146,
/// the first heap that is not tame), as CGSuite 2.2 writes them (the KAYLES rows of
/// `grundy`'s `misere/genus/tests.rs`).
#[tokio::test]
async fn a_misere_table_has_the_published_genera() {
    let client = Client::new(limits());
    let (status, t) = client.get("/api/misere-table?game=kayles&to=8").await;
    assert_eq!(status, StatusCode::OK, "{t}");
    let genera: Vec<&str> = t["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["genus"].as_str().unwrap())
        .collect();
    assert_eq!(
        genera[..6],
        ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    );
    assert_eq!(t["first_wild"], 5);
    assert_eq!(
        t["heaps"][5],
        json!({"heap": 5, "nimber": 4, "misere_nimber": 1, "genus": "4^146", "tame": false})
    );
    // A family with its parameter, every heap tame.
    let (status, t) = client
        .get("/api/misere-table?game=subtraction&param=1,2&to=6")
        .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert_eq!(t["heaps"].as_array().unwrap().len(), 7);
}

/// Misère Nim on heaps of 1 and 2 (`0.33`), derived by hand from Bouton's misère rule in
/// `grundy`'s `misere/quotient/tests.rs`: T_2 of Plambeck and Siegel 2008, section 3.
#[tokio::test]
async fn a_quotient_and_a_sum_answered_by_it() {
    let client = Client::new(limits());
    let (status, q) = client
        .get("/api/quotient?code=0.33&max_heap=2&heaps=2%202%201")
        .await;
    assert_eq!(status, StatusCode::OK, "{q}");
    assert_eq!(q["order"], 6);
    assert_eq!(q["p_portion"], json!(["a", "b^2"]));
    assert_eq!(q["relations"], json!(["a^2 = 1", "b^3 = b"]));
    assert_eq!(q["pretending"], json!(["a", "b"]));
    let sum = &q["sum"];
    assert_eq!(sum["element"], "ab^2");
    assert_eq!(sum["outcome"], "win");
    assert_eq!(
        sum["winning_moves"],
        json!([{"heap": 1, "leaves": [], "to": [2, 2], "element": "b^2"}])
    );
}

/// Every sum of Dawson's Kayles heaps up to 7 with total at most 10: the quotient's answer
/// is the library's misère search's.
#[tokio::test]
async fn sums_answered_by_the_quotient_are_the_searchs() {
    let client = Client::new(limits());
    let budget = grundy::Budget::default();
    let mut checked = 0;
    for a in 0..=7usize {
        for b in a..=7usize {
            for c in b..=7usize {
                if a + b + c > 10 {
                    continue;
                }
                let heaps = [a, b, c].map(|h| h.to_string()).join(" ");
                let uri = format!(
                    "/api/quotient?code=0.07&max_heap=7&heaps={}",
                    heaps.replace(' ', ",")
                );
                let (status, q) = client.get(&uri).await;
                assert_eq!(status, StatusCode::OK, "{q}");
                let words: Vec<String> = ["0.07", "--"]
                    .iter()
                    .map(|w| w.to_string())
                    .chain(heaps.split(' ').map(String::from))
                    .collect();
                let (game, pos) = open_in(&words, Play::Misere).unwrap();
                let searched = game.solve(&pos, &budget).unwrap().value.outcome;
                assert_eq!(q["sum"]["outcome"], json!(searched), "{heaps}");
                checked += 1;
            }
        }
    }
    assert!(checked > 40);
}

/// The Play tab under misère play: a session of a code's sum is answered by the code's
/// quotient. On every row of up to three Dawson's Kayles heaps up to 7 and Kayles heaps up
/// to 6, the hint's value and best moves and the state's move values are the library's
/// whole-position search's, and the hint explains them by the quotient; `/api/solve` answers
/// the same way, and with `remoteness` searches.
#[tokio::test]
async fn misere_sessions_and_solves_are_answered_by_the_quotient() {
    let client = Client::new(limits());
    let budget = grundy::Budget::default();
    let all = grundy::dynamic::Ask {
        all_moves: true,
        ..grundy::dynamic::Ask::default()
    };
    let mut checked = 0;
    for (code, max) in [("0.07", 7usize), ("0.77", 6)] {
        for a in 0..=max {
            for b in a..=max {
                for c in b..=max {
                    let heaps = format!("{a} {b} {c}");
                    let body = json!({"game": code, "position": heaps, "misere": true});
                    let state = client.create(body.clone()).await;
                    let id = state["id"].as_str().unwrap();
                    let (status, hint) = client.get(&format!("/api/sessions/{id}/hint")).await;
                    assert_eq!(status, StatusCode::OK, "{hint}");
                    let words: Vec<String> = [code, "--", &heaps]
                        .join(" ")
                        .split(' ')
                        .map(String::from)
                        .collect();
                    let (game, pos) = open_in(&words, Play::Misere).unwrap();
                    let searched = game.solve_with(&pos, &budget, all).unwrap();
                    let text = format!("{code} {heaps}");
                    assert_eq!(
                        hint["value"]["outcome"],
                        json!(searched.value.outcome),
                        "{text}"
                    );
                    let why = hint["why"][0].as_str().unwrap();
                    assert!(
                        why.starts_with(&format!("the misère quotient of {code}")),
                        "{text}: {why}"
                    );
                    let values: Vec<Value> = state["moves"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|m| m["value"]["outcome"].clone())
                        .collect();
                    let theirs: Vec<Value> = searched
                        .moves
                        .iter()
                        .map(|m| json!(m.value.outcome))
                        .collect();
                    assert_eq!(values, theirs, "{text}");
                    let best: Vec<Value> = hint["optimal"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|n| values[n.as_u64().unwrap() as usize - 1].clone())
                        .collect();
                    assert!(best
                        .iter()
                        .all(|v| *v == values[hint["optimal"][0].as_u64().unwrap() as usize - 1]));
                    let (status, solved) = client.post("/api/solve", &body.to_string()).await;
                    assert_eq!(status, StatusCode::OK, "{solved}");
                    assert_eq!(
                        solved["solution"]["value"]["outcome"],
                        json!(searched.value.outcome)
                    );
                    assert_eq!(solved["why"][0].as_str(), Some(why), "{text}");
                    let uri = format!("/api/sessions/{id}");
                    let (status, _) = client.send(axum::http::Method::DELETE, &uri, None).await;
                    assert_eq!(status, StatusCode::NO_CONTENT);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100);
    let body = json!({"game": "0.07", "position": "3 4", "misere": true, "remoteness": true});
    let (status, solved) = client.post("/api/solve", &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{solved}");
    assert_eq!(solved["why"], json!([]));
    assert!(
        solved["solution"]["value"]["remoteness"].is_u64(),
        "{solved}"
    );
}

#[tokio::test]
async fn bad_requests_are_one_line_errors() {
    let client = Client::new(limits());
    for (uri, status, says) in [
        (
            "/api/misere-table?game=wythoff&to=4",
            StatusCode::BAD_REQUEST,
            "heap game",
        ),
        (
            "/api/misere-table?game=nosuch",
            StatusCode::BAD_REQUEST,
            "nosuch",
        ),
        (
            "/api/misere-table?game=nim&to=100000",
            StatusCode::UNPROCESSABLE_ENTITY,
            "10000",
        ),
        (
            "/api/quotient?code=nim",
            StatusCode::BAD_REQUEST,
            "take-and-break code",
        ),
        ("/api/quotient?code=0.7z", StatusCode::BAD_REQUEST, "0.7z"),
        (
            "/api/quotient?code=0.07&max_heap=41",
            StatusCode::UNPROCESSABLE_ENTITY,
            "max_heap",
        ),
        (
            "/api/quotient?code=0.77&max_heap=12&max_order=8",
            StatusCode::UNPROCESSABLE_ENTITY,
            "more than 8 elements",
        ),
        (
            "/api/quotient?code=0.07&max_heap=3&heaps=1,5",
            StatusCode::BAD_REQUEST,
            "past the quotient's bound",
        ),
        (
            "/api/quotient?code=0.07&heaps=1,x",
            StatusCode::BAD_REQUEST,
            "\"x\"",
        ),
        (
            "/api/quotient?code=0.07&extra=1",
            StatusCode::BAD_REQUEST,
            "extra",
        ),
    ] {
        let (got, body) = client.get(uri).await;
        assert_eq!(got, status, "{uri}: {body}");
        let message = error(&body);
        assert!(message.contains(says), "{uri}: {message}");
        assert!(!message.contains('\n'), "{uri}: {message}");
    }
}

/// The positions a session's hinted moves lead to, each sorted, without repeats.
async fn hinted(client: &Client, state: &serde_json::Value) -> Vec<Vec<u64>> {
    let id = state["id"].as_str().unwrap();
    let (status, hint) = client.get(&format!("/api/sessions/{id}/hint")).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(hint["value"]["outcome"], "win");
    let moves = state["moves"].as_array().unwrap();
    let mut best: Vec<Vec<u64>> = hint["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|label| {
            let mv = moves.iter().find(|m| &m["label"] == label).unwrap();
            let mut to: Vec<u64> = serde_json::from_value(mv["to"].clone()).unwrap();
            to.sort_unstable();
            to
        })
        .collect();
    best.sort();
    best.dedup();
    best
}

/// A Play session of Kayles (`0.77`) under misère play hints the misère winning moves, not
/// normal play's: from 3 4 they are those of `grundy solve 0.77 3 4 --misere` (to 1 1 4,
/// 1 2 3 and 3 3), each a loss for the player then to move by the library's misère search;
/// normal play's hint differs: its quickest win 3 -> 1, leaving 1 4 (`grundy solve 0.77 3 4`).
#[tokio::test]
async fn a_misere_session_of_a_code_hints_the_misere_winning_moves() {
    let client = Client::new(limits());
    let state = client
        .create(json!({"game": "0.77", "position": "3 4", "misere": true}))
        .await;
    let best = hinted(&client, &state).await;
    assert_eq!(best, [vec![1, 1, 4], vec![1, 2, 3], vec![3, 3]]);
    let (game, _) = open_in(&["0.77".to_string()], Play::Misere).unwrap();
    for to in &best {
        let words: Vec<String> = to.iter().map(u64::to_string).collect();
        let after = game.parse(&words.join(" ")).unwrap();
        let solved = game.solve(&after, &grundy::Budget::default()).unwrap();
        assert_eq!(solved.value.outcome, grundy::Outcome::Loss, "{to:?}");
    }
    let normal = client
        .create(json!({"game": "0.77", "position": "3 4"}))
        .await;
    assert_eq!(hinted(&client, &normal).await, [vec![1, 4]]);
    // A game file has no misère form here: refused in one line.
    let (status, body) = client
        .post(
            "/api/sessions",
            r#"{"example": "subtraction", "misere": true}"#,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(error(&body).contains("misere"), "{body}");
}
