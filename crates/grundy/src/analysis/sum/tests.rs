//! Sums of games and families against a plain search over the whole sum, and the refusals.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::*;
use crate::catalog::builtin;
use crate::dynamic::{DynError, Kind};
use crate::games::subtraction::Subtraction;
use crate::scripted::{CallbackGame, GameInfo, RuleMove, Rules};
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

fn joined(row: &[u64]) -> String {
    row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
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
    // Grundy's game has no closed form: its search needs the nine heaps up to 9.
    let parts = [Component::Game {
        name: "grundy-game".into(),
        game: builtin::grundy_game(),
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
        err.to_string()
            .starts_with("in grundy-game: the game needs "),
        "{err}"
    );
    assert!(matches!(
        analyze_components(&[], &Budget::default()),
        Err(AnalysisError::EmptyComponent)
    ));
}

/// A component's rules, written here from the families' definitions (no library code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Rule {
    Nim,
    Bash(u64),
    Lasker,
    Subtraction(&'static [u64]),
    GrundyGame,
    Wythoff,
}

impl Rule {
    /// The family's words, as `analyze` reads them.
    fn words(self) -> String {
        match self {
            Rule::Nim => "nim".into(),
            Rule::Bash(k) => format!("bash {k}"),
            Rule::Lasker => "lasker".into(),
            Rule::Subtraction(set) => format!(
                "subtraction {} --",
                set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            ),
            Rule::GrundyGame => "grundy-game".into(),
            Rule::Wythoff => "wythoff".into(),
        }
    }

    /// Every position one move leaves from `pos` (heaps in the order given; a heap that
    /// splits is replaced by its two parts, zeros dropped, so rows compare as sorted).
    fn moves(self, pos: &[u64]) -> Vec<Vec<u64>> {
        let mut res = Vec::new();
        if self == Rule::Wythoff {
            let (a, b) = (pos[0], pos[1]);
            res.extend((0..a).map(|x| vec![x, b]));
            res.extend((0..b).map(|y| vec![a, y]));
            res.extend((1..=a.min(b)).map(|t| vec![a - t, b - t]));
            return res;
        }
        for (heap_idx, &heap) in pos.iter().enumerate() {
            let mut parts: Vec<(u64, u64)> = Vec::new();
            match self {
                Rule::Nim => parts.extend((0..heap).map(|h| (h, 0))),
                Rule::Bash(k) => parts.extend((1..=k.min(heap)).map(|t| (heap - t, 0))),
                Rule::Lasker => {
                    parts.extend((0..heap).map(|h| (h, 0)));
                    parts.extend((1..heap).map(|a| (a, heap - a)));
                }
                Rule::Subtraction(set) => {
                    parts.extend(set.iter().filter(|&&t| t <= heap).map(|t| (heap - t, 0)))
                }
                Rule::GrundyGame => {
                    parts.extend((1..heap).filter(|&a| 2 * a != heap).map(|a| (a, heap - a)))
                }
                Rule::Wythoff => unreachable!("handled above"),
            }
            for (a, b) in parts {
                let mut next = pos.to_vec();
                next[heap_idx] = a;
                next.push(b);
                res.push(row(next));
            }
        }
        res
    }
}

/// A row of heaps as a multiset: sorted, zeros dropped.
fn row(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// The Grundy value of a component by the mex of its options', memoized.
fn brute_nimber(rule: Rule, pos: &[u64], memo: &mut HashMap<(Rule, Vec<u64>), u64>) -> u64 {
    let key = (rule, pos.to_vec());
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let options: Vec<u64> = rule
        .moves(pos)
        .iter()
        .map(|next| brute_nimber(rule, next, memo))
        .collect();
    let value = Nimber::mex(options.into_iter().map(Nimber)).0;
    memo.insert(key, value);
    value
}

/// The position a family's analysis label leaves (`heap I: H -> A [+ B]`, or Wythoff's
/// `(a, b) -> (x, y)`), checked against the heap it names.
fn after(rule: Rule, pos: &[u64], label: &str) -> Vec<u64> {
    let (before, to) = label.split_once(" -> ").unwrap();
    if rule == Rule::Wythoff {
        assert_eq!(before, format!("({}, {})", pos[0], pos[1]), "{label}");
        let (x, y) = to
            .trim_matches(|c| c == '(' || c == ')')
            .split_once(", ")
            .unwrap();
        return vec![x.parse().unwrap(), y.parse().unwrap()];
    }
    let (heap_idx, heap) = before
        .strip_prefix("heap ")
        .unwrap()
        .split_once(": ")
        .unwrap();
    let heap_idx: usize = heap_idx.parse::<usize>().unwrap() - 1;
    assert_eq!(pos[heap_idx].to_string(), heap, "{label}");
    let mut next = pos.to_vec();
    next.remove(heap_idx);
    next.extend(to.split(" + ").map(|h| h.parse::<u64>().unwrap()));
    row(next)
}

/// Every sum of two components (and of three, of smaller ones) from the families with moves
/// above their own value (Bash, Lasker's Nim, subtraction, Grundy's game, Wythoff) and Nim:
/// the winning moves listed are exactly those of a plain search (a move wins exactly when
/// the sum it leaves has nim-sum 0, each component's value by the mex of its options'),
/// and the list says it is complete.
#[test]
fn every_winning_move_of_small_sums_is_listed() {
    const SET: &[u64] = &[1, 3, 4];
    let mut components: Vec<(Rule, Vec<u64>)> = Vec::new();
    let mut small = Vec::new();
    for rule in [
        Rule::Nim,
        Rule::Bash(2),
        Rule::Bash(3),
        Rule::Lasker,
        Rule::Subtraction(SET),
        Rule::GrundyGame,
    ] {
        for heap in 0..=7 {
            components.push((rule, vec![heap]));
            if heap <= 4 {
                small.push((rule, vec![heap]));
            }
        }
    }
    for rule in [Rule::Nim, Rule::Lasker, Rule::Bash(2)] {
        for (a, b) in [(1, 2), (2, 2), (3, 1), (2, 5)] {
            components.push((rule, vec![a, b]));
        }
    }
    for a in 0..=4 {
        for b in 0..=4 {
            components.push((Rule::Wythoff, vec![a, b]));
            if a + b <= 3 {
                small.push((Rule::Wythoff, vec![a, b]));
            }
        }
    }
    let mut sums: Vec<Vec<&(Rule, Vec<u64>)>> = Vec::new();
    for (i, a) in components.iter().enumerate() {
        for b in &components[i..] {
            sums.push(vec![a, b]);
        }
    }
    for (i, a) in small.iter().enumerate() {
        for (j, b) in small.iter().enumerate().skip(i) {
            for c in &small[j..] {
                sums.push(vec![a, b, c]);
            }
        }
    }
    let mut memo = HashMap::new();
    let (mut compared, mut raising) = (0, 0);
    for sum in &sums {
        let texts: Vec<String> = sum
            .iter()
            .map(|(rule, pos)| format!("{} {}", rule.words(), joined(pos)))
            .collect();
        let text = texts.join(" + ");
        let analysis = analyze_sum(&words(&text)).unwrap();
        let values: Vec<u64> = sum
            .iter()
            .map(|(rule, pos)| brute_nimber(*rule, pos, &mut memo))
            .collect();
        let total = values.iter().fold(0, |acc, &v| acc ^ v);
        assert_eq!(analysis.nimber, Some(Nimber(total)), "{text}");
        assert!(analysis.complete, "{text}");
        // Components are named as the analysis names them; equal components have one name.
        let Reason::SumComponents { components: named } = &analysis.reasons[0] else {
            panic!("{text}: {:?}", analysis.reasons);
        };
        let names: Vec<String> = named
            .iter()
            .map(|c| format!("{} {}", c.game, c.position))
            .collect();
        // The plain search's winning moves, as (component, position left).
        let mut expected = BTreeSet::new();
        for (comp_idx, (rule, pos)) in sum.iter().enumerate() {
            let others = total ^ values[comp_idx];
            for next in rule.moves(pos) {
                let value = brute_nimber(*rule, &next, &mut memo);
                if value ^ others == 0 {
                    raising += usize::from(value > values[comp_idx]);
                    expected.insert((names[comp_idx].clone(), next));
                }
            }
        }
        // The listed ones, read back from their labels, with the values they claim.
        let mut listed = BTreeSet::new();
        for line in &analysis.winning_moves {
            let comp_idx = (0..sum.len())
                .find(|&i| line.starts_with(&format!("in {}: ", names[i])))
                .unwrap_or_else(|| panic!("{text}: {line}"));
            let rest = &line[format!("in {}: ", names[comp_idx]).len()..];
            let (label, claimed) = rest.split_once(" (to a position of value ").unwrap();
            let (rule, pos) = sum[comp_idx];
            let next = after(*rule, pos, label);
            let value = brute_nimber(*rule, &next, &mut memo);
            assert_eq!(
                claimed,
                format!("{value}, from {})", values[comp_idx]),
                "{text}: {line}"
            );
            // A line is listed once for each component of that name.
            let times = names.iter().filter(|n| **n == names[comp_idx]).count();
            let repeats = analysis.winning_moves.iter().filter(|l| *l == line).count();
            assert_eq!(repeats, times, "{text}: {line}");
            listed.insert((names[comp_idx].clone(), next));
        }
        // (Nim names a move of each of its equal heaps, `heap 1: 2 -> 0` and
        // `heap 2: 2 -> 0`: one position left.)
        assert_eq!(listed, expected, "{text}: {:?}", analysis.winning_moves);
        compared += 1;
    }
    assert_eq!(compared, sums.len());
    assert!(
        compared > 5_000 && raising > 1_000,
        "{compared} sums, {raising} raising moves"
    );
}

/// The examples of the audit: winning moves that raise a component's value.
#[test]
fn moves_that_raise_a_component_are_listed() {
    let analysis = analyze_sum(&words("lasker 4 + bash 3 4")).unwrap();
    assert!(analysis.complete);
    assert!(analysis
        .winning_moves
        .contains(&"in bash 3 4: heap 1: 4 -> 3 (to a position of value 3, from 0)".to_string()));
    let analysis = analyze_sum(&words("bash 2 6 + bash 2 4 + bash 4 3")).unwrap();
    assert_eq!(
        analysis.winning_moves,
        [
            "in bash 2 6: heap 1: 6 -> 5 (to a position of value 2, from 0)",
            "in bash 4 3: heap 1: 3 -> 1 (to a position of value 1, from 3)",
        ]
    );
}
