//! Heap families against the engine: each row's XOR and every heap's value, periods
//! claimed for huge heaps, and rows whose moves are listed in part.

use super::*;

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
            heaps_above: crate::analysis::heaps::ENUMERATION_CAP
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
            moves: crate::analysis::heaps::ROW_ENUMERATION_CAP
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
            let whole = crate::analysis::heaps::HeapRow::new(
                HeapFamily::Lasker,
                &row,
                crate::analysis::heaps::ENUMERATION_CAP,
            )
            .unwrap();
            let (listed, partial) = whole.moves_to(Nimber(value)).unwrap();
            assert_eq!(sorted(listed), sorted(all), "{row:?} to {value}");
            assert_eq!(partial, None);
            let beyond = crate::analysis::heaps::HeapRow::new(HeapFamily::Lasker, &row, 0).unwrap();
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
