//! Tables of game files through `/api/table`: an example file against the built-in family
//! it writes out, a pasted file against the rule written in the test, and every error a
//! file's table can meet answered as a 4xx JSON error.

use axum::http::StatusCode;
use serde_json::{json, Value};

use super::tests::{error, limits, Client};

/// `POST /api/table` with `body`.
async fn table(client: &Client, body: Value) -> (StatusCode, Value) {
    client.post("/api/table", &body.to_string()).await
}

/// The fields a family's table and a game file's table of the same game share.
fn same_table(file: &Value, family: &Value, fields: &[&str]) {
    for field in fields {
        assert_eq!(
            file[field], family[field],
            "{field}: file {file}\nfamily {family}"
        );
    }
}

/// Each example file that writes out a built-in family tabulates as the family does, on
/// every size up to a bound: the values, the P-positions and the kind of table.
#[tokio::test]
async fn an_example_file_tabulates_as_its_family() {
    let client = Client::new(limits());
    let cases = [
        (
            json!({"example": "subtraction"}),
            json!({"game": "subtraction", "param": "1,3,4"}),
        ),
        (
            json!({"example": "subtraction", "params": {"set": [1, 2, 5]}}),
            json!({"game": "subtraction", "param": "1,2,5"}),
        ),
        (json!({"example": "powers_of_two"}), json!({"game": "pow2"})),
    ];
    let mut compared = 0;
    for (file, family) in &cases {
        for to in [0, 1, 2, 7, 30, 61] {
            let mut file = file.clone();
            file["to"] = json!(to);
            let mut family = family.clone();
            family["to"] = json!(to);
            let (status, got) = table(&client, file.clone()).await;
            assert_eq!(status, StatusCode::OK, "{file}: {got}");
            let (status, wanted) = table(&client, family.clone()).await;
            assert_eq!(status, StatusCode::OK, "{family}: {wanted}");
            same_table(
                &got,
                &wanted,
                &["kind", "to", "nimbers", "p_positions", "p_pairs"],
            );
            assert_eq!(got["nimbers"].as_array().unwrap().len(), to + 1);
            // Every value of the file's table is its nimber's.
            let nimbers: Vec<&Value> = got["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| &v["nimber"])
                .collect();
            assert_eq!(
                nimbers,
                got["nimbers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .collect::<Vec<_>>()
            );
            compared += 1;
        }
    }
    // Pairs: Wythoff's game written as a file, against the family's Beatty pairs.
    for to in [0, 1, 5, 20, 40] {
        let (status, got) = table(
            &client,
            json!({"example": "wythoff", "to": to, "pairs": true}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{got}");
        let (_, wanted) = table(&client, json!({"game": "wythoff", "to": to})).await;
        same_table(&got, &wanted, &["kind", "to", "p_pairs"]);
        assert_eq!(got["symmetric"], true);
        assert_eq!(got["values"].as_array().unwrap().len(), (to + 1) * (to + 1));
        compared += 1;
    }
    assert_eq!(compared, 23);

    // The same answer by GET for an example, and its pattern as a conjecture (a file gives
    // no proof window), the family's proved.
    let (status, got) = client.get("/api/table?example=subtraction&to=40").await;
    assert_eq!(status, StatusCode::OK, "{got}");
    let (_, family) = client
        .get("/api/table?game=subtraction&param=1,3,4&to=40")
        .await;
    same_table(&got, &family, &["nimbers", "p_positions"]);
    assert_eq!(got["game"], "subtraction");
    assert_eq!(got["pattern"]["pattern"]["periodicity"]["period"], 7);
    assert_eq!(got["pattern"]["pattern"]["evidence"]["kind"], "conjecture");
    assert_eq!(family["pattern"]["pattern"]["evidence"]["kind"], "proved");
    assert_eq!(
        got["text"]["pattern"],
        "periodic with period 7 from n = 0, a conjecture checked for n < 41"
    );
    assert!(got["text"]["shape"].is_string(), "{got}");
    assert_eq!(family["values"], Value::Null);
}

/// A file pasted by the page: two heaps of different rules (take 1 from the first, exactly
/// 2 from the second), so its P-positions are not symmetric: each listed, checked against
/// the rule (G = a mod 2, and b div 2 mod 2; P when they are equal).
#[tokio::test]
async fn a_pasted_file_tabulates_one_or_two_integers() {
    let source = r#"name = "two rules"
function position(a, b)
    return {a, b or 0}
end
function moves(p)
    local out = {}
    if p[1] >= 1 then out[#out + 1] = { to = {p[1] - 1, p[2]} } end
    if p[2] >= 2 then out[#out + 1] = { to = {p[1], p[2] - 2} } end
    return out
end
"#;
    let client = Client::new(limits());
    let to = 9u64;
    let (status, got) = table(&client, json!({"source": source, "to": to, "pairs": true})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["kind"], "pairs");
    assert_eq!(got["symmetric"], false);
    let wanted: Vec<(u64, u64)> = (0..=to)
        .flat_map(|a| (0..=to).map(move |b| (a, b)))
        .filter(|(a, b)| a % 2 == (b / 2) % 2)
        .collect();
    assert_eq!(got["p_pairs"], json!(wanted));
    assert!(wanted.contains(&(0, 1)) && !wanted.contains(&(1, 0)));

    // One integer: position(n) is {n, 0}, the first heap alone.
    let (status, got) = table(&client, json!({"source": source, "to": to})).await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["kind"], "grundy");
    let nimbers: Vec<u64> = (0..=to).map(|n| n % 2).collect();
    assert_eq!(got["nimbers"], json!(nimbers));
    assert_eq!(got["game"], "two rules");
    assert_eq!(got["symmetric"], Value::Null);
}

/// A family's table of pairs that is not symmetric (the staircase: P exactly when step 1 is
/// empty) lists every P-position too, and says so.
#[tokio::test]
async fn a_family_table_not_symmetric_lists_every_pair() {
    let client = Client::new(limits());
    let (status, got) = client.get("/api/table?game=staircase&to=6").await;
    assert_eq!(status, StatusCode::OK, "{got}");
    assert_eq!(got["symmetric"], false);
    let wanted: Vec<(u64, u64)> = (0..=6).map(|b| (0, b)).collect();
    assert_eq!(got["p_pairs"], json!(wanted));
    let (_, nim) = client.get("/api/table?game=nim&to=5&pairs=true").await;
    assert_eq!(nim["symmetric"], true);
    let equal: Vec<(u64, u64)> = (0..=5).map(|a| (a, a)).collect();
    assert_eq!(nim["p_pairs"], json!(equal));
}

/// Every way a file's table fails is a 4xx with one message naming the cause, and the
/// server goes on serving.
#[tokio::test]
async fn a_file_table_refused_says_why() {
    let client = Client::new(limits());
    let no_position =
        "start = 3\nfunction moves(n)\n  return n > 0 and {{ to = n - 1 }} or {}\nend";
    let cases = [
        (
            json!({"example": "tictactoe"}),
            StatusCode::BAD_REQUEST,
            "tictactoe.luau has no position function: a table needs `function position(n)`",
        ),
        (
            json!({"source": no_position, "pairs": true}),
            StatusCode::BAD_REQUEST,
            "game.luau has no position function: a table needs `function position(a, b)`",
        ),
        (
            json!({"example": "subtraction", "to": 200, "pairs": true}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "a table of subtraction.luau up to 200 holds (to + 1)^2 = 40401 positions, more \
             than this server tabulates (10000",
        ),
        (
            json!({"source": no_position, "to": 10_000}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "a table of game.luau up to 10000 holds to + 1 = 10001 positions",
        ),
        (
            json!({"source": "function position(n) return n end\nfunction moves(n)\n  return {\nend"}),
            StatusCode::BAD_REQUEST,
            "game.luau:4: syntax error: ",
        ),
        (
            json!({"source": "function position(n) return n end\nfunction moves(n)\n  if n == 5 then error(\"boom\") end\n  return n > 0 and {{ to = n - 1 }} or {}\nend"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "position(5): game.luau:3: boom",
        ),
        (
            json!({"example": "chess"}),
            StatusCode::BAD_REQUEST,
            "no example game file \"chess\"; the examples are: amazons, bash, ",
        ),
        (
            json!({"example": "subtraction", "source": no_position}),
            StatusCode::BAD_REQUEST,
            "give source or example, not both",
        ),
        (
            json!({"example": "subtraction", "param": "1,2"}),
            StatusCode::BAD_REQUEST,
            "param \"1,2\": a game file takes params",
        ),
        (
            json!({"game": "subtraction", "params": {"set": "1,2"}}),
            StatusCode::BAD_REQUEST,
            "params are for game files",
        ),
        (
            json!({"example": "subtraction", "params": {"sett": "1,2"}}),
            StatusCode::BAD_REQUEST,
            "subtraction.luau: unknown parameter \"sett\"",
        ),
    ];
    for (body, status, wanted) in cases {
        let (got, answer) = table(&client, body.clone()).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert!(error(&answer).starts_with(wanted), "{body}: {answer}");
    }
    // Nothing held after the failures; the server still answers.
    assert_eq!(client.app.files.used(), 0);
    let (status, _) = table(&client, json!({"example": "subtraction", "to": 99})).await;
    assert_eq!(status, StatusCode::OK);
}
