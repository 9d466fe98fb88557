//! Nim, misère Nim, staircase Nim and Moore's Nim against the engine.

use super::*;

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
