//! The analysis against the plain engine on every small position of every family: outcome,
//! nimber, winning moves, and every number each reason claims (component nimbers, XORs,
//! Beatty pairs, Zeckendorf terms, periods, bit counts, parities).

use std::collections::BTreeSet;
use std::sync::Arc;

use num_bigint::BigUint;

use super::*;
use crate::catalog::open;
use crate::dynamic::{Datum, DynGame, Solution};
use crate::games::heaps::{HeapRule, Heaps};
use crate::games::lasker::Lasker;
use crate::games::subtraction::Subtraction;
use crate::limits::Budget;
use crate::model::{Game, Move};
use crate::sequence::Evidence;
use crate::solve::grundy::GrundySolver;
use crate::value::{Nimber, Outcome};

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// The plain engine's solution of the position `text` names (the generic search behind
/// `DynGame`, never a closed form).
fn engine(text: &str) -> Solution {
    let (game, position) = open(&words(text)).unwrap();
    game.solve(&position, &Budget::default()).unwrap()
}

/// The engine's nimber of a position it solves.
fn engine_nimber(text: &str) -> Nimber {
    engine(text).value.nimber.unwrap()
}

fn winning(solution: &Solution) -> Vec<&crate::dynamic::MoveValue> {
    solution
        .moves
        .iter()
        .filter(|m| m.value.outcome == Outcome::Win)
        .collect()
}

fn ints(datum: &Datum) -> Vec<u64> {
    datum
        .as_list()
        .unwrap()
        .iter()
        .map(|d| d.as_int().unwrap() as u64)
        .collect()
}

/// Every row of `1..=max_len` heaps of sizes `0..=max_heap`.
fn rows(max_len: usize, max_heap: u64) -> Vec<Vec<u64>> {
    let mut res = Vec::new();
    let mut row = Vec::new();
    fn extend(row: &mut Vec<u64>, max_len: usize, max_heap: u64, res: &mut Vec<Vec<u64>>) {
        if !row.is_empty() {
            res.push(row.clone());
        }
        if row.len() == max_len {
            return;
        }
        for heap in 0..=max_heap {
            row.push(heap);
            extend(row, max_len, max_heap, res);
            row.pop();
        }
    }
    extend(&mut row, max_len, max_heap, &mut res);
    res
}

fn joined(row: &[u64]) -> String {
    row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// Outcome and nimber agree with the engine; returns both for further checks.
fn agree(text: &str) -> (Analysis, Solution) {
    let analysis = analyze_words(&words(text)).unwrap();
    let solution = engine(text);
    assert_eq!(analysis.outcome, solution.value.outcome, "{text}");
    if let Some(nimber) = analysis.nimber {
        assert_eq!(Some(nimber), solution.value.nimber, "{text}");
    }
    assert!(analysis.complete, "{text}: small positions list every move");
    (analysis, solution)
}

/// The number of the heap a heap move's label names (`heap 2: ...` is 2).
fn heap_number(label: &str) -> usize {
    label
        .strip_prefix("heap ")
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap()
}

fn sorted_rows(rows: impl Iterator<Item = Vec<u64>>) -> Vec<Vec<u64>> {
    let mut res: Vec<Vec<u64>> = rows.collect();
    res.sort();
    res
}

mod heaps;
mod misere;
mod nim;
mod pairs;
mod sums;

#[test]
fn errors_carry_the_command_lines_messages() {
    for (text, message) in [
        ("nim", "nim expects at least one heap size"),
        ("bash-reach 3 0", "bash-reach expects N >= 1"),
        ("bash-reach 3 1 2", "bash-reach expects one number N (writing N or more loses)"),
        ("wythoff 1", "wythoff expects two heap sizes A B"),
        ("wythoff 1 y", "expected a heap size (a non-negative integer), found \"y\""),
        ("fibonacci-nim 1 2 3", "fibonacci-nim expects N (a first move) or N MAX_TAKE"),
        ("corner 1", "corner expects two numbers X Y (the distances to the corner)"),
        ("grundy-game 100000", "heap 100000 is too large: Grundy's game is tabulated up to 20000 (its values are not known to be periodic)"),
        ("subtraction !1,2 100000", "heap 100000 is too large: subtraction !1,2 is tabulated up to 20000 and has no proved period"),
        ("lasker 18446744073709551615", "heap 18446744073709551615 has Grundy value 18446744073709551616, which does not fit in 64 bits (grundy's values are at most 2^64 - 1)"),
        ("sum nim 3 +", "sum expects components separated by '+', e.g. 'nim 3 + bash 2 5'"),
        ("sum misere-nim 3", "misere-nim 3 has no Grundy value here (misère or too large for the engine); a sum needs one"),
        ("sum sum nim 3", "sum is not a single game; 'sum' combines games with '+'"),
    ] {
        let err = analyze_words(&words(text)).unwrap_err();
        assert_eq!(err.to_string(), message, "{text}");
    }
}

#[test]
fn reasons_serialize_with_a_tag_and_big_integers_as_text() {
    let analysis =
        analyze_words(&words("wythoff 1618033988749894848 2618033988749894848")).unwrap();
    let json = serde_json::to_value(&analysis).unwrap();
    assert_eq!(json["outcome"], "loss");
    assert_eq!(json["reasons"][0]["reason"], "beatty_pairs");
    assert_eq!(json["reasons"][1]["difference"], "1000000000000000000");
    assert_eq!(json["reasons"][1]["is_pair"], true);
}

/// A code's analysis against the plain engine (the code's game searched, values from the
/// octal engine checked against the search in the catalogue's tests): outcome, nimber and
/// exactly the engine's winning moves, on every row of up to three heaps of up to 6 tokens,
/// for octal and hexadecimal codes (moves leaving three heaps); the reason names the code's
/// verdict.
#[test]
fn codes_agree_with_the_engine() {
    for code in ["0.77", "0.07", "4.7", "0.F", "0.9F"] {
        for row in rows(3, 6) {
            let text = format!("{code} {}", joined(&row));
            let (analysis, solution) = agree(&text);
            // The analysis lists the moves of equal heaps once, from the first.
            let first = |label: &str| {
                let idx = heap_number(label) - 1;
                !row[..idx].contains(&row[idx])
            };
            let engine: BTreeSet<&str> = winning(&solution)
                .iter()
                .map(|m| m.mv.label.as_str())
                .filter(|&label| first(label))
                .collect();
            let found: BTreeSet<&str> = analysis.winning_moves.iter().map(String::as_str).collect();
            assert_eq!(found, engine, "{text}");
            assert!(
                matches!(analysis.reasons.last(), Some(Reason::OctalValues { .. })),
                "{text}"
            );
        }
    }
    let why = analyze_words(&words("kayles 3 5 7")).unwrap().why();
    assert_eq!(
        why[1],
        "0.77: G(0) .. G(167) by the octal engine; periodic, period 12, preperiod 71, proved at n = 167"
    );
}
