//! `GET /api/cgt`: a game valued with its thermograph drawn, and every error a one-line
//! message.

use axum::http::StatusCode;

use super::tests::{error, limits, Client};

/// `{2|-1}` (Winning Ways, chapter 6: mean 1/2, temperature 3/2), `Tiny(3/2)` (CGSuite's
/// test cases, `CanonicalShortGameTestCase.scala`: atomic weight 0), and bad expressions.
#[tokio::test]
async fn a_game_is_valued_and_its_thermograph_drawn() {
    let client = Client::new(limits());
    let (status, answer) = client.get("/api/cgt?expr=%7B2%7C-1%7D").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["value"], "{2|-1}");
    assert_eq!(answer["outcome"], "N");
    assert_eq!(answer["mean"], "1/2");
    assert_eq!(answer["temperature"], "3/2");
    assert_eq!(answer["atomic_weight"], serde_json::Value::Null);
    assert_eq!(answer["left_options"], serde_json::json!(["2"]));
    let svg = answer["thermograph_svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("class=\"mast\""),
        "{svg}"
    );
    let (status, answer) = client.get("/api/cgt?expr=Tiny(3%2F2)").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["value"], "Tiny(3/2)");
    assert_eq!(answer["atomic_weight"], "0");
    for (uri, message) in [
        (
            "/api/cgt?expr=%7B1%7C2",
            "column 5: expected '}' or an option, found the end",
        ),
        (
            "/api/cgt?expr=%5E%3C1",
            "column 1: a comparison is not a game",
        ),
        ("/api/cgt", "expr"),
    ] {
        let (status, answer) = client.get(uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {answer}");
        assert!(error(&answer).contains(message), "{uri}: {answer}");
        assert!(!error(&answer).contains('\n'), "{uri}: {answer}");
    }
    let long = format!(
        "/api/cgt?expr={}",
        "1".repeat(super::cgt::MAX_PAGE_EXPRESSION + 1)
    );
    let (status, answer) = client.get(&long).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("longer than"), "{answer}");
}
