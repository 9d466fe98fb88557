//! Misère analysis by genera against the plain misère search of the whole position.

use std::collections::BTreeSet;

use super::*;
use crate::catalog::open_in;
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
    let (mut tame, mut searched) = (0, 0);
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
                _ => panic!("{text}: {:?}", analysis.reasons),
            }
        }
    }
    assert!(
        tame > 100 && searched > 100,
        "{tame} tame, {searched} searched"
    );
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
