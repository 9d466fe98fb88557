//! `grundy quotient` (misère quotients of codes) and `grundy solve CODE ... --misere`
//! answered by the quotient, checked against the whole-position search.

#[path = "support/runner.rs"]
mod runner;
#[path = "support/stdout.rs"]
mod stdout;
use runner::grundy;
use stdout::stdout;

/// Misère Nim on heaps of 1 and 2 (0.33): T_2 of order 6, P-portion {a, b^2}, derived by
/// hand in the library's tests from Bouton's misère rule.
#[test]
fn the_quotient_of_misere_nim_on_two_heap_sizes() {
    let text = stdout(&["quotient", "0.33", "--max-heap", "2"]);
    for fragment in [
        "order: 6",
        "P-portion: {a, b^2}",
        "a^2 = 1",
        "b^3 = b",
        "1: a  2: b",
    ] {
        assert!(text.contains(fragment), "{fragment:?} not in\n{text}");
    }
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["quotient", "0.33", "--max-heap", "2", "--json"])).unwrap();
    assert_eq!(json["order"], 6);
    assert_eq!(json["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(json["orders"], serde_json::json!([2, 6]));
}

/// The quotient's answer (outcome and winning moves) against `--remoteness`, which needs
/// the search of the whole position, on sums of Kayles and Dawson's Kayles.
#[test]
fn solve_by_the_quotient_agrees_with_the_search() {
    for heaps in [
        &["0.77", "3", "5", "7"][..],
        &["0.77", "1", "1", "4"],
        &["0.77", "2", "6", "6", "1"],
        &["0.07", "4", "5", "9"],
        &["0.07", "2", "3", "10", "1"],
        &["kayles", "8", "3"],
        // Past the old bound of 12: the quotient of heaps up to 14 (order 24).
        &["0.07", "14", "3", "2"],
    ] {
        let fast: serde_json::Value = serde_json::from_str(&stdout(
            &[&["solve"][..], heaps, &["--misere", "--json"]].concat(),
        ))
        .unwrap();
        assert!(
            fast["quotient"]["order"].as_u64().unwrap() >= 2,
            "{heaps:?}: {fast}"
        );
        let slow: serde_json::Value = serde_json::from_str(&stdout(
            &[
                &["solve"][..],
                heaps,
                &["--misere", "--json", "--remoteness"],
            ]
            .concat(),
        ))
        .unwrap();
        assert_eq!(fast["outcome"], slow["outcome"], "{heaps:?}");
        let fast_moves = fast["winning_moves"].as_array().unwrap().len();
        let slow_moves = slow["winning_moves"].as_array().unwrap().len();
        if slow["outcome"] == "loss" {
            assert_eq!((fast_moves, slow_moves), (0, 0), "{heaps:?}");
        } else {
            assert!(fast_moves >= 1 && slow_moves >= 1, "{heaps:?}");
        }
    }
}

/// `analyze --misere` answers a wild sum of a code by its quotient and says how: each
/// heap's element, their product, in the P-portion or not.
#[test]
fn analyze_explains_a_wild_sum_by_the_quotient() {
    let text = stdout(&["analyze", "0.07", "10", "3", "--misere"]);
    assert!(
        text.contains("why: the misère quotient of 0.07 for heaps up to 10 (order 12"),
        "{text}"
    );
    assert!(text.contains("their product is"), "{text}");
    assert!(text.contains("why: Plambeck and Siegel"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "analyze", "0.07", "10", "3", "--misere", "--json",
    ]))
    .unwrap();
    let reason = &json["reasons"][0];
    assert_eq!(reason["reason"], "misere_quotient", "{json}");
    assert_eq!(reason["heaps"][0]["heap"], 10, "{json}");
    assert_eq!(
        reason["in_p"].as_bool(),
        Some(json["outcome"] == "loss"),
        "{json}"
    );
}

#[test]
fn limits_are_refused_in_one_line() {
    let out = grundy(&["quotient", "0.77", "--max-heap", "12", "--max-order", "8"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("grundy: the misère quotient of heaps up to")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
    let out = grundy(&["quotient", "0.7x"]);
    assert_eq!(out.status.code(), Some(2));
    let out = grundy(&["quotient", "0.77", "--max-heap", "0"]);
    assert_eq!(out.status.code(), Some(2));
}
