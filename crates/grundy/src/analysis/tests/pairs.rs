//! Wythoff's game, Fibonacci Nim, the corner game and bash-reach against the engine.

use super::*;

#[test]
fn wythoff_beatty_pairs_are_the_engines_p_positions() {
    for a in 0..=14u64 {
        for b in 0..=14u64 {
            let text = format!("wythoff {a} {b}");
            let (analysis, solution) = agree(&text);
            let expected: BTreeSet<Vec<u64>> = winning(&solution)
                .into_iter()
                .map(|m| ints(&m.mv.to))
                .collect();
            let found: BTreeSet<Vec<u64>> = analysis
                .winning_moves
                .iter()
                .map(|label| {
                    let (_, to) = label.split_once(" -> ").unwrap();
                    to.trim_matches(|c| c == '(' || c == ')')
                        .split(", ")
                        .map(|w| w.parse().unwrap())
                        .collect()
                })
                .collect();
            assert_eq!(found, expected, "{text}");
            let loses = solution.value.outcome == Outcome::Loss;
            assert_eq!(analysis.reasons[0], Reason::BeattyPairs);
            let Reason::BeattyDifference {
                difference,
                low,
                high,
                is_pair,
            } = &analysis.reasons[1]
            else {
                panic!("{text}");
            };
            assert_eq!(*difference, BigUint::from(a.abs_diff(b)));
            assert_eq!(high - low, *difference);
            assert_eq!(*is_pair, loses, "{text}");
            let (low, high) = (u64::try_from(low).unwrap(), u64::try_from(high).unwrap());
            assert_eq!(
                engine(&format!("wythoff {low} {high}")).value.outcome,
                Outcome::Loss,
                "{text}: the pair with the difference"
            );
            match analysis.reasons.get(2) {
                Some(Reason::BeattyPartner { heap, k, partner }) => {
                    assert!(!loses && *heap == a);
                    let partner = *partner as u64;
                    assert_eq!(*k, u128::from(partner.abs_diff(a)));
                    assert_eq!(
                        engine(&format!("wythoff {a} {partner}")).value.outcome,
                        Outcome::Loss,
                        "{text}: the partner"
                    );
                }
                None => assert!(loses, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}

#[test]
fn fibonacci_nim_zeckendorf_agrees_with_the_engine() {
    let mut fibonacci = vec![1u64, 2];
    while fibonacci[fibonacci.len() - 1] < 100 {
        fibonacci.push(fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2]);
    }
    for heap in 1..=30u64 {
        for max_take in 1..=heap {
            let text = format!("fibonacci-nim {heap} {max_take}");
            let (analysis, solution) = agree(&text);
            let expected: BTreeSet<String> = winning(&solution)
                .into_iter()
                .map(|m| m.mv.label.clone())
                .collect();
            let found: BTreeSet<String> = analysis
                .winning_moves
                .iter()
                .map(|label| label.split(" (").next().unwrap().to_string())
                .collect();
            assert_eq!(found, expected, "{text}");
            let [Reason::Zeckendorf { heap: n, terms }, Reason::ZeckendorfSmallest {
                smallest,
                max_take: m,
            }] = &analysis.reasons[..]
            else {
                panic!("{text}");
            };
            assert_eq!((*n, *m), (heap, max_take));
            assert_eq!(terms.iter().sum::<u64>(), heap);
            // Fibonacci numbers (1, 2, 3, 5, ...), distinct and non-consecutive.
            let index = |t: &u64| fibonacci.iter().position(|f| f == t).unwrap();
            let indices: Vec<usize> = terms.iter().map(index).collect();
            assert!(
                indices.windows(2).all(|w| w[0] >= w[1] + 2),
                "{text}: {terms:?}"
            );
            assert_eq!(Some(smallest), terms.last());
            assert_eq!(
                smallest <= m,
                solution.value.outcome == Outcome::Win,
                "{text}"
            );
        }
    }
}

#[test]
fn corner_and_bash_reach_agree_with_the_engine() {
    for x in 0..=10u64 {
        for y in 0..=10u64 {
            let text = format!("corner {x} {y}");
            let (analysis, solution) = agree(&text);
            assert_eq!(analysis.reasons, [Reason::CornerParity { x, y }]);
            let both_even = x % 2 == 0 && y % 2 == 0;
            assert_eq!(both_even, solution.value.outcome == Outcome::Loss, "{text}");
            let expected: BTreeSet<String> = winning(&solution)
                .into_iter()
                .map(|m| {
                    let to = ints(&m.mv.to);
                    format!("({x}, {y}) -> ({}, {})", to[0], to[1])
                })
                .collect();
            let found: BTreeSet<String> = analysis.winning_moves.iter().cloned().collect();
            assert_eq!(found, expected, "{text}");
        }
    }
    for k in 1..=4u64 {
        for target in 1..=25u64 {
            let text = format!("bash-reach {k} {target}");
            let (analysis, solution) = agree(&text);
            let [Reason::BashReach { heap, max_take }, Reason::BashReachRule {
                heap: rule_heap,
                modulus,
                remainder,
            }] = &analysis.reasons[..]
            else {
                panic!("{text}");
            };
            assert_eq!(
                (*heap, *rule_heap, *max_take, *modulus),
                (target - 1, target - 1, k, k + 1)
            );
            assert_eq!(*remainder, heap % modulus);
            assert_eq!(
                *remainder == 0,
                solution.value.outcome == Outcome::Loss,
                "{text}"
            );
            let expected: Vec<String> = winning(&solution)
                .into_iter()
                .map(|m| format!("write {}", m.mv.to))
                .collect();
            assert_eq!(analysis.winning_moves, expected, "{text}");
        }
    }
}
