//! The family tables against the generic tables of the same games through the front door
//! (`tabulate_game` over `DynGame::position_of`, solved by the plain engine) on every small
//! size, and the findings (periods, shapes, closed forms) against the search.

use std::sync::Arc;

use super::*;
use crate::catalog::builtin;
use crate::catalog::{open, parse_family};
use crate::dynamic::DynGame;
use crate::games::bash::Bash;
use crate::games::heaps::Heaps;
use crate::games::subtraction::Subtraction;
use crate::limits::Budget;
use crate::limits::SolveError;
use crate::sequence::shape::OneHeapShape;
use crate::sequence::Evidence;
use crate::solve::grundy::GrundySolver;
use crate::value::Outcome;

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn family(text: &str) -> Family {
    parse_family(&mut words(text).into()).unwrap()
}

/// The family's game through the front door (`position` is any position of it).
fn game(text: &str, position: &str) -> Arc<dyn DynGame> {
    open(&words(&format!("{text} {position}"))).unwrap().0
}

fn generic(game: &dyn DynGame, axes: Axes, to: u64) -> GameTable {
    tabulate_game(game, axes, to, &Budget::default()).unwrap()
}

const HEAP_FAMILIES: [&str; 12] = [
    "nim",
    "bash 1",
    "bash 2",
    "bash 3",
    "subtraction 1,3,4",
    "subtraction 2,5",
    "subtraction 3",
    "pow2",
    "fib-subtraction",
    "all-but 1,2",
    "lasker",
    "grundy-game",
];

#[test]
fn heap_tables_agree_with_the_generic_table() {
    for name in HEAP_FAMILIES {
        let dyn_game = game(name, "0");
        for to in 0..=25 {
            let table = tabulate(&family(name), to, false).unwrap();
            let other = generic(dyn_game.as_ref(), Axes::One, to);
            assert_eq!(table.kind, TableKind::Grundy);
            assert_eq!(table.nimbers, other.nimbers(), "{name} to {to}");
            let p: Vec<Vec<u64>> = table.p_positions.iter().map(|&n| vec![n]).collect();
            assert_eq!(p, other.p_positions(), "{name} to {to}");
            if let Some(Shape::OneHeap { shape, .. }) = table.shape {
                assert_eq!(GameShape::OneHeap(shape), other.shape, "{name} to {to}");
            }
            if !name.starts_with("subtraction")
                && !matches!(name, "pow2" | "fib-subtraction" | "all-but 1,2")
            {
                // The same search for a period, without a proof window.
                let pattern = table.pattern.and_then(|p| match p {
                    TablePattern::Periodic { pattern } => Some(pattern),
                    TablePattern::None { .. } | TablePattern::Octal { .. } => None,
                });
                assert_eq!(pattern, other.pattern, "{name} to {to}");
            }
            assert_ne!(
                table.closed_form.map(|c| c.agrees),
                Some(Some(false)),
                "{name}"
            );
        }
    }
}

#[test]
fn pair_tables_agree_with_the_generic_table() {
    let cases: [(&str, &str, u64); 8] = [
        ("wythoff", "0 0", 15),
        ("corner", "0 0", 12),
        ("misere-nim", "0", 8),
        ("staircase", "0", 8),
        ("moore 1", "0", 6),
        ("moore 2", "0", 6),
        ("nim", "0", 10),
        ("lasker", "0", 10),
    ];
    for (name, position, largest) in cases {
        let dyn_game = game(name, position);
        let pairs = matches!(name, "nim" | "lasker");
        for to in 0..=largest {
            let table = tabulate(&family(name), to, pairs).unwrap();
            let other = generic(dyn_game.as_ref(), Axes::Two, to);
            assert_eq!(table.kind, TableKind::Pairs);
            for a in 0..=to {
                for b in 0..=to {
                    let loses = other.value(&[a, b]).unwrap().outcome == Outcome::Loss;
                    assert_eq!(
                        table.cells[a as usize][b as usize], loses,
                        "{name} ({a}, {b})"
                    );
                }
            }
            let Some(Shape::TwoHeaps { shape, .. }) = table.shape else {
                panic!("{name}: {:?}", table.shape);
            };
            assert_eq!(GameShape::TwoHeaps(shape), other.shape, "{name} to {to}");
            let agrees = table.closed_form.unwrap().agrees;
            assert_ne!(agrees, Some(false), "{name} to {to}");
        }
    }
}

#[test]
fn outcome_tables_agree_with_the_generic_table() {
    let fibonacci = builtin::fibonacci_nim();
    for to in 0..=40 {
        let table = tabulate(&Family::FibonacciNim, to, false).unwrap();
        let other = generic(fibonacci.as_ref(), Axes::One, to);
        let losses: Vec<u64> = (1..=to)
            .filter(|&n| other.values[n as usize].outcome == Outcome::Loss)
            .collect();
        assert_eq!(table.p_positions, losses, "fibonacci-nim to {to}");
        assert_eq!(table.closed_form.unwrap().agrees, Some(true));
    }
    // Bash, reach T and lose, from x is the game of reaching T - x from 0.
    for k in 1..=3 {
        let rule = Bash::new(k).unwrap();
        let table = tabulate(&Family::BashReach(rule), 30, false).unwrap();
        assert_eq!(table.closed_form.unwrap().agrees, Some(true));
        for target in 1..=30 {
            let other = generic(
                builtin::bash_reach(rule, target).as_ref(),
                Axes::One,
                target - 1,
            );
            for x in 0..target {
                let loses = other.values[x as usize].outcome == Outcome::Loss;
                assert_eq!(
                    loses,
                    table.p_positions.contains(&(target - x)),
                    "k {k}, {x} of {target}"
                );
            }
        }
    }
}

/// A proved period extends the table to the values of the search far beyond it; a pattern
/// that is not proved says it is a conjecture.
#[test]
fn proved_periods_agree_with_the_search_beyond_the_table() {
    for set in ["1,3,4", "2,5", "1,2,5", "3,4,7", "2,3,7,11"] {
        let table = tabulate(&family(&format!("subtraction {set}")), 60, false).unwrap();
        let Some(TablePattern::Periodic { pattern }) = table.pattern else {
            panic!("{set}: {:?}", table.pattern);
        };
        assert!(matches!(pattern.evidence, Evidence::Proved { .. }), "{set}");
        let values = table.nimbers.unwrap();
        let game = Heaps(Subtraction::new(set.parse().unwrap()));
        let mut search = GrundySolver::new(&game, Budget::default());
        for n in 0..2_000u64 {
            assert_eq!(
                pattern.periodicity.extend(&values, n),
                search.nimber(&vec![n]).unwrap().0,
                "{set}: heap {n}"
            );
        }
        // The residues of the P-positions, proved with the period.
        if let Some(Shape::Residues {
            from,
            period,
            residues,
            proved,
            ..
        }) = &table.shape
        {
            assert!(proved);
            for n in *from as u64..2_000 {
                let is_p = search.nimber(&vec![n]).unwrap().0 == 0;
                assert_eq!(
                    is_p,
                    residues.contains(&((n % *period as u64) as usize)),
                    "{set}: {n}"
                );
            }
        }
    }
    for name in ["lasker", "grundy-game", "fib-subtraction"] {
        let table = tabulate(&family(name), 300, false).unwrap();
        if let Some(TablePattern::Periodic { pattern }) = table.pattern {
            assert!(!pattern.evidence.is_proved(), "{name}");
        }
    }
}

#[test]
fn findings_write_the_command_lines_lines() {
    let table = tabulate(&family("bash 3"), 20, false).unwrap();
    assert_eq!(
        table.shape.unwrap().to_string(),
        "P-positions form a single residue class, n ≡ 0 (mod 4), as in the Bash game (seen for n <= 20)"
    );
    assert_eq!(
        table.closed_form.unwrap().to_string(),
        "G(n) = n mod 4 (Bash), a theorem; the table agrees with it"
    );
    let table = tabulate(&family("subtraction 2,5"), 40, false).unwrap();
    assert_eq!(
        table.shape.unwrap().to_string(),
        "P-positions for n >= 0: n ≡ 0, 1, 4 (mod 7), proved with the period"
    );
    let table = tabulate(&family("fib-subtraction"), 1000, false).unwrap();
    assert_eq!(
        table.pattern.unwrap().to_string(),
        "no period or arithmetic period found for n <= 1000"
    );
    let table = tabulate(&family("nim"), 9, true).unwrap();
    assert_eq!(
        table.closed_form.unwrap().to_string(),
        "a sum of two heaps is a P-position exactly when G(a) = G(b) (Sprague-Grundy)"
    );
    assert_eq!(
        serde_json::to_value(table.shape).unwrap()["shape"]["shape"],
        "equal_heaps"
    );
    assert_eq!(
        Shape::OneHeap {
            shape: OneHeapShape::Other,
            to: 3
        }
        .to_string(),
        "P-positions form no single residue class for n <= 3"
    );
}

#[test]
fn sizes_are_checked_before_tabulating() {
    let err = tabulate(&family("nim"), 100_000, true).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a table up to 100000 is too large for nim: at most 2000 here (a table of pairs holds (N + 1)^2 = 10000200001 cells)"
    );
    let wythoff = builtin::wythoff();
    let err = tabulate_game(wythoff.as_ref(), Axes::Two, 1 << 20, &Budget::default()).unwrap_err();
    assert!(
        matches!(err, TableError::TooLarge { limit: 1023, .. }),
        "{err}"
    );
    let err = tabulate_game(wythoff.as_ref(), Axes::One, 5, &Budget::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "wythoff has no positions made from 1 integer(s), so it cannot be tabulated"
    );
    // Grundy's game: no closed form answers in place of the search (Lasker's Nim has one).
    let err = tabulate_game(
        builtin::grundy_game().as_ref(),
        Axes::One,
        50,
        &Budget::default().with_positions(10),
    )
    .unwrap_err();
    assert!(matches!(err, TableError::Game { .. }), "{err}");
}

/// Heap tables check the flag from their first value (memo searches every few thousand
/// positions, more than these small tables hold).
#[test]
fn a_raised_cancel_flag_stops_a_table_with_no_values() {
    use std::sync::atomic::AtomicBool;
    let cancelled = Budget::default().with_cancel(Arc::new(AtomicBool::new(true)));
    for (name, to) in [("lasker", 10_000), ("all-but 1,2", 10_000)] {
        let Err(err) = tabulate_within(&family(name), to, false, &cancelled) else {
            panic!("{name}: a table despite the flag");
        };
        assert!(
            matches!(err, TableError::Solve(SolveError::Interrupted)),
            "{name}: {err}"
        );
    }
    let res = tabulate_game(builtin::nim().as_ref(), Axes::One, 10, &cancelled);
    assert!(matches!(
        res.err(),
        Some(TableError::Solve(SolveError::Interrupted))
    ));
}

/// A code's table: the octal engine's values (against the plain search on the octal
/// module's own game) and verdict, as `grundy octal` gives it: Dawson's Kayles (0.07),
/// period 34 (Winning Ways, vol. 1, ch. 4, for Dawson's chess 0.137 from n = 52; one more
/// here, 0.07's heap of n + 1 being 0.137's of n).
#[test]
fn a_codes_table_has_the_octal_engines_values_and_verdict() {
    use crate::octal::game::{normalize, Heap};
    use crate::octal::period::Verdict;
    for code in ["0.07", "0.77", "0.F"] {
        let family = parse_family(&mut [code.to_string()].into()).unwrap();
        let table = tabulate(&family, 100, false).unwrap();
        let game: crate::octal::TakeAndBreak = code.parse().unwrap();
        let mut solver = GrundySolver::new(&game, Budget::default());
        let nimbers = table.nimbers.as_ref().unwrap();
        for n in 0..=40u32 {
            let pos = normalize(vec![Heap::Line(n)]);
            assert_eq!(
                nimbers[n as usize],
                solver.nimber(&pos).unwrap().0,
                "{code} {n}"
            );
        }
    }
    let family = parse_family(&mut ["0.07".to_string()].into()).unwrap();
    let table = tabulate(&family, 100, false).unwrap();
    assert!(matches!(
        table.pattern,
        Some(TablePattern::Octal {
            verdict: Verdict::Periodic {
                period: 34,
                preperiod: 53,
                ..
            }
        })
    ));
    assert_eq!(
        table.shape.unwrap().to_string(),
        "P-positions for n >= 53: n ≡ 5, 9, 21, 25, 29 (mod 34), proved with the period"
    );
}
