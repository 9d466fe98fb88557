//! Misère analysis by genera against the plain misère search of the whole position.

use std::collections::BTreeSet;

use super::*;
use crate::catalog::{open_in, Family};
use crate::value::Play;

/// The positions (sorted rows) reached by the winning moves `labels` name from `row`
/// (`heap I: H -> A + B`).
fn targets(row: &[u64], labels: &[String]) -> BTreeSet<Vec<u64>> {
    labels
        .iter()
        .map(|label| {
            let (heap, to) = label
                .split_once(": ")
                .unwrap()
                .1
                .split_once(" -> ")
                .unwrap();
            let heap: u64 = heap.parse().unwrap();
            let mut next = row.to_vec();
            let at = next.iter().position(|&h| h == heap).unwrap();
            next.remove(at);
            next.extend(to.split(" + ").map(|p| p.parse::<u64>().unwrap()));
            next.retain(|&h| h > 0);
            next.sort_unstable();
            next
        })
        .collect()
}

/// Outcome and winning moves of every row of up to three heaps of 0..=7 (tame and not),
/// in heap games whose heaps turn wild early and late, against the engine's misère search.
#[test]
fn misere_analysis_matches_the_misere_search() {
    let (mut tame, mut searched, mut by_quotient) = (0, 0, 0);
    for game in [
        "0.77",
        "0.07",
        "0.137",
        "subtraction 1,2,3",
        "lasker",
        "grundy-game",
        "4.7",
    ] {
        let (engine, _) = open_in(&words(&format!("{game} 1")), Play::Misere).unwrap();
        for row in rows(3, 7) {
            let text = format!("{game} {}", joined(&row));
            let text = text.replace("subtraction 1,2,3 ", "subtraction 1,2,3 -- ");
            let analysis = analyze_misere(&words(&text)).unwrap();
            let position = engine.parse(&joined(&row)).unwrap();
            let solution = engine.solve(&position, &Budget::default()).unwrap();
            assert_eq!(analysis.outcome, solution.value.outcome, "{text}");
            let theirs: BTreeSet<Vec<u64>> = winning(&solution)
                .iter()
                .map(|m| {
                    let mut to = ints(&m.mv.to);
                    to.retain(|&h| h > 0);
                    to.sort_unstable();
                    to
                })
                .collect();
            assert_eq!(targets(&row, &analysis.winning_moves), theirs, "{text}");
            match analysis.reasons[0] {
                Reason::TameGenera { .. } => tame += 1,
                Reason::MisereSearched { .. } => searched += 1,
                Reason::MisereQuotient { .. } => by_quotient += 1,
                _ => panic!("{text}: {:?}", analysis.reasons),
            }
        }
    }
    assert!(
        tame > 100 && by_quotient > 100,
        "{tame} tame, {searched} searched, {by_quotient} by the quotient"
    );
}

/// Every row of up to four heaps of 0..=10 in codes that turn wild at different heaps,
/// answered by the misère quotient (whether tame or not), against the engine's misère
/// search: the outcome and the set of winning moves.
#[test]
fn misere_quotient_answers_match_the_misere_search() {
    use crate::analysis::misere::by_quotient;
    let time = std::time::Duration::from_secs(600);
    for (game, len, max) in [
        ("0.07", 4, 10),
        ("0.77", 4, 8),
        ("0.137", 3, 10),
        ("4.7", 3, 8),
    ] {
        let code: crate::octal::TakeAndBreak = game.parse().unwrap();
        let (engine, _) = open_in(&words(&format!("{game} 1")), Play::Misere).unwrap();
        for row in rows(len, max) {
            let found = by_quotient(&code, &row, time).unwrap();
            let text = format!("{game} {}", joined(&row));
            let position = engine.parse(&joined(&row)).unwrap();
            let solution = engine.solve(&position, &Budget::default()).unwrap();
            assert_eq!(found.outcome, solution.value.outcome, "{text}");
            let theirs: BTreeSet<Vec<u64>> = winning(&solution)
                .iter()
                .map(|m| {
                    let mut to = ints(&m.mv.to);
                    to.retain(|&h| h > 0);
                    to.sort_unstable();
                    to
                })
                .collect();
            assert_eq!(targets(&row, &found.winning_moves), theirs, "{text}");
            let Reason::MisereQuotient { in_p, .. } = found.reasons[0] else {
                panic!("{text}: {:?}", found.reasons);
            };
            assert_eq!(in_p, found.outcome == Outcome::Loss, "{text}");
        }
    }
}

/// A wild sum of a code is answered by its quotient, and its explanation names each heap's
/// element, their product and whether it lies in the P-portion.
#[test]
fn wild_sums_are_explained_by_the_quotient() {
    // Dawson's Kayles turns wild at heap 10 (its quotient grows from order 6 to 12 there).
    let analysis = analyze_misere(&words("0.07 10 3")).unwrap();
    let Reason::MisereQuotient {
        max_heap,
        order,
        heaps,
        ..
    } = &analysis.reasons[0]
    else {
        panic!("{:?}", analysis.reasons);
    };
    assert_eq!((*max_heap, *order, heaps.len()), (10, 12, 2));
    assert_eq!(analysis.reasons[1], Reason::QuotientRule);
    let why = analysis.why()[0].clone();
    assert!(
        why.starts_with("the misère quotient of 0.07 for heaps up to 10 (order 12"),
        "{why}"
    );
    assert!(why.contains("their product is"), "{why}");
}

/// With no time for the quotient, a wild sum is searched whole, and the analysis says why;
/// the answers are the same.
#[test]
fn without_its_quotient_a_wild_sum_is_searched() {
    use crate::analysis::misere::by_genera;
    use std::time::Duration;
    let family = Family::Code("0.07".parse().unwrap());
    for row in [vec![10, 3], vec![10, 4, 2], vec![10, 10, 5]] {
        let searched = by_genera(&family, &row, Duration::ZERO).unwrap();
        let Reason::QuotientNotFound { why } = &searched.reasons[0] else {
            panic!("{:?}", searched.reasons);
        };
        assert!(why.ends_with("was not found within 0 s"), "{why}");
        assert!(matches!(searched.reasons[1], Reason::MisereSearched { .. }));
        let quotient = by_genera(&family, &row, Duration::from_secs(600)).unwrap();
        assert!(matches!(quotient.reasons[0], Reason::MisereQuotient { .. }));
        assert_eq!(searched.outcome, quotient.outcome, "{row:?}");
        let sorted = |moves: &[String]| moves.iter().cloned().collect::<BTreeSet<_>>();
        assert_eq!(
            targets(&row, &searched.winning_moves),
            targets(&row, &quotient.winning_moves),
            "{row:?}"
        );
        assert_eq!(
            sorted(&searched.winning_moves).len(),
            searched.winning_moves.len()
        );
    }
}

/// Nim under misère play is Bouton's rule; other games and sums are refused in one line.
#[test]
fn misere_analysis_of_nim_and_of_what_it_refuses() {
    let nim = analyze_misere(&words("nim 1 1 1")).unwrap();
    assert_eq!(
        (nim.game.as_str(), nim.outcome),
        ("misere-nim", Outcome::Loss)
    );
    assert_eq!(nim.reasons[1], Reason::BoutonMisere);
    for (text, message) in [
        ("wythoff 1 2", "wythoff is not a heap game"),
        (
            "sum nim 1 + nim 2",
            "a sum of several games is not a heap game",
        ),
        ("0.77 10001", "heap 10001 is too large for misère play"),
        ("0.77", "0.77 expects at least one heap size"),
    ] {
        let err = analyze_misere(&words(text)).unwrap_err().to_string();
        assert!(err.starts_with(message), "{text}: {err}");
    }
}
