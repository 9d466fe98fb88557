//! A game file in a sum with built-in families (`grundy::analysis::analyze_components`):
//! `examples/games/subtraction.luau` on one heap, the family `subtraction 1,3,4` on another
//! and a Nim heap, against a plain search over the whole sum on every position with heaps up
//! to 9.

use std::collections::HashMap;
use std::path::PathBuf;

use grundy::analysis::{analyze_components, Component, Reason};
use grundy::dynamic::Datum;
use grundy::{Budget, Nimber, Outcome};

const SET: [u64; 3] = [1, 3, 4];

/// The Grundy value of the whole sum by the mex of its moves: heaps `a` and `b` of the
/// subtraction game {1, 3, 4}, a Nim heap `c`.
fn plain(heaps: (u64, u64, u64), memo: &mut HashMap<(u64, u64, u64), u64>) -> u64 {
    if let Some(&value) = memo.get(&heaps) {
        return value;
    }
    let (a, b, c) = heaps;
    let mut next = Vec::new();
    for take in SET {
        if take <= a {
            next.push((a - take, b, c));
        }
        if take <= b {
            next.push((a, b - take, c));
        }
    }
    next.extend((0..c).map(|smaller| (a, b, smaller)));
    let values: Vec<Nimber> = next.into_iter().map(|n| Nimber(plain(n, memo))).collect();
    let value = Nimber::mex(values).0;
    memo.insert(heaps, value);
    value
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

#[test]
fn a_game_file_sums_with_families_as_the_plain_search_says() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games/subtraction.luau");
    let file = grundy_script::load(&path, &[]).unwrap();
    let mut memo = HashMap::new();
    let mut compared = 0;
    for a in 0..=9u64 {
        for b in 0..=9u64 {
            for c in 0..=9u64 {
                let position = Datum::ints([a as i64]);
                let parts = [
                    Component::Game {
                        name: "subtraction.luau".into(),
                        game: file.clone(),
                        position: position.clone(),
                    },
                    Component::Family(words(&format!("subtraction 1,3,4 -- {b}"))),
                    Component::Family(words(&format!("nim {c}"))),
                ];
                let analysis = analyze_components(&parts, &Budget::default()).unwrap();
                let value = plain((a, b, c), &mut memo);
                assert_eq!(analysis.nimber, Some(Nimber(value)), "{a} {b} {c}");
                let outcome = if value == 0 {
                    Outcome::Loss
                } else {
                    Outcome::Win
                };
                assert_eq!(analysis.outcome, outcome, "{a} {b} {c}");
                // Every winning move the analysis names in the file, played by its label,
                // leaves a P-position of the whole sum, and there are as many as the plain
                // search finds.
                let mut named = 0;
                for reason in &analysis.reasons {
                    let Reason::SumMoves { moves, .. } = reason else {
                        continue;
                    };
                    for mv in moves.iter().filter(|m| m.game == "subtraction.luau") {
                        for label in &mv.labels {
                            let to = file.play(&position, label).unwrap().to;
                            let heap = to.as_list().unwrap()[0].as_int().unwrap() as u64;
                            assert_eq!(plain((heap, b, c), &mut memo), 0, "{a} {b} {c}: {label}");
                            named += 1;
                        }
                    }
                }
                let winning = SET
                    .iter()
                    .filter(|&&take| take <= a && plain((a - take, b, c), &mut memo) == 0)
                    .count();
                assert_eq!(named, winning, "{a} {b} {c}: {:?}", analysis.winning_moves);
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 1000);
}
