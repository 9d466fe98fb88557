//! Sums of games and families against a plain search over the whole sum, and the refusals.

use std::collections::HashMap;
use std::sync::Arc;

use super::*;
use crate::dynamic::builtin;
use crate::dynamic::callback::{CallbackGame, GameInfo, RuleMove, Rules};
use crate::dynamic::{DynError, Kind};
use crate::games::subtraction::Subtraction;
use crate::value::{Outcome, Play};

const SET: [u64; 3] = [1, 3, 4];

/// The plain Grundy value of the whole sum: a heap of the subtraction game {1, 3, 4} (`a`),
/// another (`b`) and a Nim heap (`c`), by the mex of every move of the sum.
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
    let values: Vec<u64> = next.into_iter().map(|n| plain(n, memo)).collect();
    let value = Nimber::mex(values.into_iter().map(Nimber)).0;
    memo.insert(heaps, value);
    value
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// The heap a built-in heap game's position holds (a single heap; none when empty).
fn heap(pos: &Datum) -> u64 {
    let heaps = pos.as_list().unwrap_or_else(|| panic!("{pos} is a list"));
    heaps.iter().map(|h| h.as_int().unwrap() as u64).sum()
}

/// A game component and two families against the plain search of the whole sum, on every
/// position with heaps up to 9: the value, the outcome, and each winning move listed in the
/// game component (played by its label) leads to a P-position of the whole sum, and those
/// are all of them.
#[test]
fn sums_with_a_game_agree_with_plain_search() {
    let subtraction = builtin::subtraction(Subtraction::new("1,3,4".parse().unwrap()));
    let mut memo = HashMap::new();
    let mut compared = 0;
    for a in 0..=9u64 {
        for b in 0..=9u64 {
            for c in 0..=9u64 {
                let position = Datum::ints([a as i64]);
                let parts = [
                    Component::Game {
                        name: "sub".into(),
                        game: Arc::clone(&subtraction),
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
                assert_eq!(analysis.outcome, outcome);
                let shown = subtraction.show(&position).unwrap();
                let prefix = format!("in sub {shown}: ");
                let mut in_game = 0;
                for line in &analysis.winning_moves {
                    let Some(rest) = line.strip_prefix(&prefix) else {
                        continue;
                    };
                    let label = &rest[..rest.find(" (to a position").unwrap()];
                    let mv = subtraction.play(&position, label).unwrap();
                    assert_eq!(plain((heap(&mv.to), b, c), &mut memo), 0, "{line}");
                    in_game += 1;
                }
                let winning = SET
                    .iter()
                    .filter(|&&take| take <= a && plain((a - take, b, c), &mut memo) == 0)
                    .count();
                assert_eq!(
                    in_game, winning,
                    "{a} {b} {c}: {:?}",
                    analysis.winning_moves
                );
                // A family component has a winning move exactly when the plain search finds
                // one in it.
                let in_nim = analysis
                    .winning_moves
                    .iter()
                    .any(|l| l.starts_with(&format!("in nim {c}:")));
                let nim_wins = (0..c).any(|smaller| plain((a, b, smaller), &mut memo) == 0);
                assert_eq!(in_nim, nim_wins);
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 1000);
}

#[test]
fn reasons_name_each_component_the_xor_and_the_moves() {
    let parts = [
        Component::Game {
            name: "nim".into(),
            game: builtin::nim(),
            position: Datum::ints([5]),
        },
        Component::Family(words("bash 2 5")),
    ];
    let analysis = analyze_components(&parts, &Budget::default()).unwrap();
    assert_eq!(analysis.position, "nim 5 + bash 2 5");
    assert_eq!(
        analysis.why(),
        [
            "components: nim 5 = *5, bash 2 5 = *2",
            "Sprague-Grundy: the sum's value is their XOR = 7",
            "a winning move takes a component of value v to v ^ 7: nim 5 from *5 to *2 (heap 1: 5 -> 2)",
        ]
    );
    assert_eq!(
        analysis.reasons[2],
        Reason::SumMoves {
            total: Nimber(7),
            moves: vec![SumMove {
                game: "nim".into(),
                position: "5".into(),
                from: Nimber(5),
                to: Nimber(2),
                labels: vec!["heap 1: 5 -> 2".into()],
            }],
        }
    );
    // A loss has no winning move, and no line for them.
    let parts = [
        Component::Game {
            name: "nim".into(),
            game: builtin::nim(),
            position: Datum::ints([2]),
        },
        Component::Family(words("bash 2 5")),
    ];
    let analysis = analyze_components(&parts, &Budget::default()).unwrap();
    assert_eq!(
        (analysis.outcome, analysis.reasons.len()),
        (Outcome::Loss, 2)
    );
}

/// Family-only sums read as before: `analyze_sum` and the components agree.
#[test]
fn family_sums_are_unchanged() {
    let typed = words("subtraction 1,3,4 -- 10 + pow2 7 + nim 3");
    let analysis = analyze_sum(&typed).unwrap();
    assert_eq!(
        analysis.position,
        "subtraction 1,3,4 -- 10 + pow2 7 + nim 3"
    );
    assert_eq!(analysis.reasons.len(), 2);
    let parts: Vec<Component> = typed
        .split(|w| w == "+")
        .map(|chunk| Component::Family(chunk.to_vec()))
        .collect();
    assert_eq!(
        analyze_components(&parts, &Budget::default()).unwrap(),
        analysis
    );
}

/// Rules with no moves at all, of any kind.
struct Empty;

impl Rules for Empty {
    fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
        Ok(())
    }
}

#[test]
fn only_impartial_normal_play_games_are_summed() {
    let cases = [
        (
            Kind::Impartial { play: Play::Misere },
            "g is impartial, misère play: a sum adds nimbers by XOR (Sprague-Grundy), which only impartial games under normal play have (misère sums do not add up by XOR; solve the whole game as one)",
        ),
        (
            Kind::WinLoss { play: Play::Normal },
            "g is win/loss, normal play: a sum adds nimbers by XOR (Sprague-Grundy), which only impartial games under normal play have",
        ),
        (
            Kind::Scoring,
            "g is scoring: a sum adds nimbers by XOR (Sprague-Grundy), which only impartial games under normal play have",
        ),
        (
            Kind::Loopy { play: Play::Normal },
            "g is loopy, normal play: a sum adds nimbers by XOR (Sprague-Grundy), which only impartial games under normal play have",
        ),
    ];
    for (kind, message) in cases {
        let game: Arc<dyn DynGame> = Arc::new(CallbackGame::new(Empty, GameInfo::new("g", kind)));
        let parts = [
            Component::Family(words("nim 1")),
            Component::Game {
                name: "g".into(),
                game,
                position: Datum::Int(0),
            },
        ];
        let err = analyze_components(&parts, &Budget::default()).unwrap_err();
        assert!(matches!(err, AnalysisError::NotSummable { .. }), "{err:?}");
        assert_eq!(err.to_string(), message);
    }
}

#[test]
fn a_failing_search_names_the_component() {
    let parts = [Component::Game {
        name: "lasker".into(),
        game: builtin::lasker(),
        position: Datum::ints([9, 9, 9]),
    }];
    let err = analyze_components(&parts, &Budget::default().with_positions(5)).unwrap_err();
    assert!(
        matches!(
            &err,
            AnalysisError::Game {
                source: DynError::Solve(_),
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string().starts_with("in lasker: the game needs "),
        "{err}"
    );
    assert!(matches!(
        analyze_components(&[], &Budget::default()),
        Err(AnalysisError::EmptyComponent)
    ));
}
