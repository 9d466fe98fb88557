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
use crate::model::{Game, Move};
use crate::sequence::Evidence;

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

/// Checks a row of heaps: the XOR reason's numbers, each against the engine.
fn check_heap_row(family: &str, row: &[u64], dedup: bool) {
    let text = format!("{family} {}", joined(row));
    let (analysis, solution) = agree(&text);
    // Winning moves: the engine's, from the first of equal heaps when the analysis lists
    // each size once.
    let expected: BTreeSet<String> = winning(&solution)
        .into_iter()
        .map(|m| m.mv.label.clone())
        .filter(|label| {
            let heap_idx = heap_number(label) - 1;
            !dedup || !row[..heap_idx].contains(&row[heap_idx])
        })
        .collect();
    let found: BTreeSet<String> = analysis.winning_moves.iter().cloned().collect();
    assert_eq!(found, expected, "{text}");
    assert_eq!(
        found.len(),
        analysis.winning_moves.len(),
        "{text}: no repeats"
    );
    let Reason::HeapXor { heaps, total } = &analysis.reasons[0] else {
        panic!("{text}: {:?}", analysis.reasons);
    };
    assert_eq!(heaps.iter().map(|h| h.heap).collect::<Vec<_>>(), row);
    for h in heaps {
        assert_eq!(
            h.nimber,
            engine_nimber(&format!("{family} {}", h.heap)),
            "{text}"
        );
    }
    let xor = heaps.iter().fold(Nimber(0), |acc, h| acc ^ h.nimber);
    assert_eq!(*total, xor);
    assert_eq!(Some(*total), solution.value.nimber, "{text}");
    for reason in &analysis.reasons[1..] {
        for h in heaps {
            let claimed = match reason {
                Reason::BashFormula { modulus } => h.heap % modulus,
                Reason::PowersOfTwo => h.heap % 3,
                Reason::LaskerFormula => Lasker::nimber(h.heap).unwrap().0,
                other => panic!("{text}: unexpected {other:?}"),
            };
            assert_eq!(Nimber(claimed), h.nimber, "{text}: {reason}");
        }
    }
}

#[test]
fn heap_families_agree_with_the_engine() {
    for family in ["bash 1", "bash 2", "bash 3", "lasker", "grundy-game"] {
        for row in rows(2, 12).into_iter().chain(rows(3, 5)) {
            check_heap_row(family, &row, true);
        }
    }
    for set in ["1,3,4", "2,5", "pow2", "fib", "!1,2", "3"] {
        for row in rows(2, 12).into_iter().chain(rows(3, 5)) {
            check_heap_row(&format!("subtraction {set}"), &row, true);
        }
    }
}

#[test]
fn nim_agrees_with_the_engine() {
    for row in rows(3, 6) {
        let text = format!("nim {}", joined(&row));
        let (analysis, solution) = agree(&text);
        let expected: BTreeSet<String> = winning(&solution)
            .into_iter()
            .map(|m| m.mv.label.clone())
            .collect();
        let found: BTreeSet<String> = analysis.winning_moves.iter().cloned().collect();
        assert_eq!(found, expected, "{text}");
        let total = crate::games::nim::nim_sum(&row);
        assert_eq!(
            analysis.reasons,
            [
                Reason::NimSum {
                    heaps: row.clone(),
                    total
                },
                Reason::Bouton
            ]
        );
        // Bouton: a loss exactly on nim-sum 0.
        assert_eq!(
            total == 0,
            solution.value.outcome == Outcome::Loss,
            "{text}"
        );
    }
}

#[test]
fn misere_nim_agrees_with_the_engine() {
    for row in rows(3, 5) {
        let text = format!("misere-nim {}", joined(&row));
        let (analysis, solution) = agree(&text);
        assert_eq!(analysis.nimber, None);
        let expected: BTreeSet<String> = winning(&solution)
            .into_iter()
            .map(|m| m.mv.label.clone())
            .collect();
        let found: BTreeSet<String> = analysis.winning_moves.iter().cloned().collect();
        assert_eq!(found, expected, "{text}");
        let loses = solution.value.outcome == Outcome::Loss;
        match &analysis.reasons[0] {
            Reason::MisereLargeHeaps {
                large,
                heaps,
                total,
            } => {
                assert_eq!(*large, row.iter().filter(|&&h| h >= 2).count());
                assert!(*large > 0 && heaps == &row);
                assert_eq!(loses, *total == 0, "{text}");
            }
            Reason::MisereSmallHeaps { ones } => {
                assert!(row.iter().all(|&h| h <= 1));
                assert_eq!(*ones, row.iter().filter(|&&h| h == 1).count());
                assert_eq!(loses, ones % 2 == 1, "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn staircase_agrees_with_the_engine() {
    for row in rows(3, 5) {
        let text = format!("staircase {}", joined(&row));
        let (analysis, solution) = agree(&text);
        // The engine's labels `step S: C down`, as the analysis words them.
        let expected: BTreeSet<String> = winning(&solution)
            .into_iter()
            .map(|m| {
                let (step, coins) = m.mv.label["step ".len()..]
                    .trim_end_matches(" down")
                    .split_once(": ")
                    .unwrap();
                let step: usize = step.parse().unwrap();
                let to = if step == 1 {
                    "off the staircase".to_string()
                } else {
                    format!("to step {}", step - 1)
                };
                format!("move {coins} coin(s) from step {step} {to}")
            })
            .collect();
        let found: BTreeSet<String> = analysis.winning_moves.iter().cloned().collect();
        assert_eq!(found, expected, "{text}");
        let Reason::StaircaseOddSteps { odd_steps, total } = &analysis.reasons[0] else {
            panic!("{text}");
        };
        let odd: Vec<u64> = row.iter().step_by(2).copied().collect();
        assert_eq!(odd_steps, &odd);
        assert_eq!(*total, crate::games::nim::nim_sum(&odd));
        assert_eq!(Some(Nimber(*total)), solution.value.nimber, "{text}");
    }
}

#[test]
fn moore_agrees_with_the_engine() {
    for k in 1..=3 {
        for row in rows(3, 4) {
            let text = format!("moore {k} {}", joined(&row));
            let (analysis, solution) = agree(&text);
            let sorted = |mut row: Vec<u64>| {
                row.sort_unstable();
                row
            };
            let expected: Vec<Vec<u64>> = sorted_rows(
                winning(&solution)
                    .into_iter()
                    .map(|m| sorted(ints(&m.mv.to))),
            );
            let found = sorted_rows(analysis.winning_moves.iter().map(|label| {
                let (_, to) = label.split_once(" -> ").unwrap();
                sorted(to.split(' ').map(|w| w.parse().unwrap()).collect())
            }));
            assert_eq!(found, expected, "{text}");
            let [Reason::MooreBitCounts { counts }, Reason::Moore { modulus }] =
                &analysis.reasons[..]
            else {
                panic!("{text}");
            };
            assert_eq!(*modulus, k + 1);
            for bit in 0..4 {
                let heaps = row.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64;
                let shown = counts.iter().find(|c| c.bit == bit).map_or(0, |c| c.heaps);
                assert_eq!(shown, heaps, "{text}: bit {bit}");
            }
            let divisible = counts.iter().all(|c| c.heaps % modulus == 0);
            assert_eq!(divisible, solution.value.outcome == Outcome::Loss, "{text}");
        }
    }
}

fn sorted_rows(rows: impl Iterator<Item = Vec<u64>>) -> Vec<Vec<u64>> {
    let mut res: Vec<Vec<u64>> = rows.collect();
    res.sort();
    res
}

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

/// A sum of positions of any games, searched whole (no components): the plain search the
/// XOR of the analysis must equal.
struct WholeSum(Vec<Arc<dyn DynGame>>);

impl Game for WholeSum {
    type Position = Vec<Datum>;

    fn moves(&self, pos: &Vec<Datum>, out: &mut Vec<Move<Vec<Datum>>>) {
        for (idx, (game, part)) in self.0.iter().zip(pos).enumerate() {
            for mv in game.moves(part).unwrap() {
                let mut next = pos.clone();
                next[idx] = mv.to;
                out.push(Move::to(next));
            }
        }
    }
}

#[test]
fn sums_are_the_xor_of_components_searched_whole() {
    let parts = [
        "nim 3",
        "bash 2 5",
        "wythoff 1 2",
        "wythoff 2 2",
        "subtraction 1,3,4 6",
        "lasker 3",
        "grundy-game 7",
        "fibonacci-nim 5",
        "staircase 2 1",
        "moore 2 1 2",
        "corner 2 3",
        "bash-reach 3 6",
    ];
    let mut sums: Vec<Vec<&str>> = Vec::new();
    for (i, a) in parts.iter().enumerate() {
        for b in &parts[i..] {
            sums.push(vec![a, b]);
        }
    }
    sums.push(vec!["nim 3", "lasker 3", "corner 2 3"]);
    sums.push(vec!["bash 2 5", "bash 2 5", "wythoff 1 2"]);
    for sum in sums {
        let text = format!("sum {}", sum.join(" + "));
        let analysis = analyze_words(&words(&text)).unwrap();
        let opened: Vec<(Arc<dyn DynGame>, Datum)> =
            sum.iter().map(|part| open(&words(part)).unwrap()).collect();
        let game = WholeSum(opened.iter().map(|(g, _)| g.clone()).collect());
        let pos: Vec<Datum> = opened.iter().map(|(_, p)| p.clone()).collect();
        let whole = GrundySolver::without_components(&game, Budget::default())
            .nimber(&pos)
            .unwrap();
        assert_eq!(analysis.nimber, Some(whole), "{text}");
        let [Reason::SumComponents { components }, Reason::SumXor { total }] =
            &analysis.reasons[..]
        else {
            panic!("{text}");
        };
        assert_eq!(*total, whole);
        let xor = components.iter().fold(Nimber(0), |acc, c| acc ^ c.nimber);
        assert_eq!(xor, whole, "{text}");
        for (component, part) in components.iter().zip(&sum) {
            assert_eq!(format!("{} {}", component.game, component.position), *part);
            assert_eq!(component.nimber, engine_nimber(part), "{text}: {part}");
        }
        // Each component lists as many winning moves as the engine has moves there to the
        // value that makes the XOR 0 (lower or higher than the component's own).
        for component in components {
            let name = format!("{} {}", component.game, component.position);
            let listed = analysis
                .winning_moves
                .iter()
                .filter(|line| line.starts_with(&format!("in {name}: ")))
                .count();
            let wanted = component.nimber ^ whole;
            let engine_moves = engine(&name)
                .moves
                .iter()
                .filter(|m| m.value.nimber == Some(wanted))
                .count();
            // A component that appears twice lists its moves twice.
            let times = sum.iter().filter(|part| **part == name).count();
            assert_eq!(listed, engine_moves * times, "{text}: {name} to {wanted}");
        }
    }
}

/// A claimed period extends the table to the same values as the search far beyond it, and
/// the analysis of a huge heap takes its value from that period.
#[test]
fn periods_claimed_for_huge_heaps_agree_with_the_search() {
    let huge = 1_000_000_000_000_000_000u64;
    for set in ["1,3,4", "2,5", "1,2,5", "3,4,7", "2,3,7,11", "1,4,9,16"] {
        let text = format!("subtraction {set} {huge}");
        let analysis = analyze_words(&words(&text)).unwrap();
        let Some(Reason::Period { tabulated, pattern }) = analysis.reasons.get(1) else {
            panic!("{text}: {:?}", analysis.reasons);
        };
        assert!(
            matches!(pattern.evidence, Evidence::Proved { .. }),
            "{text}"
        );
        let game = Heaps(Subtraction::new(set.parse().unwrap()));
        let end = (pattern.periodicity.preperiod + pattern.periodicity.period) as u64;
        let mut search = GrundySolver::new(&game, Budget::default());
        let start: Vec<u64> = (0..end)
            .map(|n| search.nimber(&vec![n]).unwrap().0)
            .collect();
        for n in 0..3_000u64 {
            assert_eq!(
                pattern.periodicity.extend(&start, n),
                search.nimber(&vec![n]).unwrap().0,
                "{text}: heap {n}"
            );
        }
        assert!(*tabulated as u64 >= end);
        let Reason::HeapXor { total, .. } = &analysis.reasons[0] else {
            panic!("{text}");
        };
        assert_eq!(total.0, pattern.periodicity.extend(&start, huge), "{text}");
    }
}

#[test]
fn partial_lists_say_so() {
    let analysis = analyze_words(&words("lasker 100000000000 5")).unwrap();
    assert!(!analysis.complete);
    assert_eq!(
        analysis.reasons.last(),
        Some(&Reason::PartialMoves {
            heaps_above: heaps::ENUMERATION_CAP
        })
    );
    for text in ["lasker 3 7", "subtraction 1,3,4 1000000000000000000"] {
        let analysis = analyze_words(&words(text)).unwrap();
        assert!(analysis.complete, "{text}");
        assert!(!analysis
            .reasons
            .iter()
            .any(|r| matches!(r, Reason::PartialMoves { .. })));
    }
}

/// A row whose heaps have more moves in all than the row's cap lists the winning moves of
/// its first heaps only, and says so; those it lists are the ones a full listing gives.
#[test]
fn long_rows_list_the_moves_of_their_first_heaps() {
    let row: Vec<String> = (1..=6000u64).map(|h| h.to_string()).collect();
    let text = format!("lasker {}", row.join(" "));
    let analysis = analyze_words(&words(&text)).unwrap();
    assert!(!analysis.complete);
    assert_eq!(
        analysis.reasons.last(),
        Some(&Reason::PartialRow {
            moves: heaps::ROW_ENUMERATION_CAP
        })
    );
    assert!(!analysis.winning_moves.is_empty());
    // Lasker heaps 1..=h have about 3h^2/4 moves: the cap of 2^24 stops below heap 4800.
    for mv in &analysis.winning_moves {
        let index: usize = mv["heap ".len()..mv.find(':').unwrap()].parse().unwrap();
        assert!(index < 4800, "{mv}");
    }
}

/// A row of Lasker's Nim lists its moves to every value (above its own too) as the engine
/// values its options; beyond the enumeration cap (0 here, so every heap is beyond it) it
/// lists exactly the takes, by the inverse of the closed form, and says the list is partial.
#[test]
fn lasker_rows_list_moves_to_every_value() {
    let game = Heaps(Lasker);
    let mut solver = GrundySolver::without_components(&game, Budget::default());
    let mut compared = 0;
    for row in rows(2, 9) {
        for value in 0..=20u64 {
            let mut all = Vec::new();
            let mut takes = Vec::new();
            for (heap_idx, &heap) in row.iter().enumerate() {
                if row[..heap_idx].contains(&heap) {
                    continue;
                }
                let mut options = Vec::new();
                Lasker.options(heap, &mut options);
                for (a, b) in options {
                    let mut next = row.clone();
                    next[heap_idx] = a;
                    next.push(b);
                    if solver.nimber(&next).unwrap() != Nimber(value) {
                        continue;
                    }
                    if b == 0 {
                        let label = format!("heap {}: {heap} -> {a}", heap_idx + 1);
                        takes.push(label.clone());
                        all.push(label);
                    } else {
                        all.push(format!("heap {}: {heap} -> {a} + {b}", heap_idx + 1));
                    }
                }
            }
            let sorted = |mut labels: Vec<String>| {
                labels.sort();
                labels
            };
            let whole =
                heaps::HeapRow::new(HeapFamily::Lasker, &row, heaps::ENUMERATION_CAP).unwrap();
            let (listed, partial) = whole.moves_to(Nimber(value)).unwrap();
            assert_eq!(sorted(listed), sorted(all), "{row:?} to {value}");
            assert_eq!(partial, None);
            let beyond = heaps::HeapRow::new(HeapFamily::Lasker, &row, 0).unwrap();
            let (listed, partial) = beyond.moves_to(Nimber(value)).unwrap();
            assert_eq!(
                sorted(listed),
                sorted(takes),
                "{row:?} to {value}, takes only"
            );
            let moved = whole.nimber() != Nimber(value) && row.iter().any(|&h| h > 0);
            assert_eq!(
                partial,
                moved.then_some(Reason::PartialMoves { heaps_above: 0 }),
                "{row:?} to {value}"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, rows(2, 9).len() * 21);
    // A heap of 10^18 + 1 beside a 7 (value 8): the take to 7 makes the XOR 0.
    let analysis = analyze_words(&words("lasker 1000000000000000001 7")).unwrap();
    assert_eq!(analysis.winning_moves, ["heap 1: 1000000000000000001 -> 7"]);
    assert!(!analysis.complete);
}

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
