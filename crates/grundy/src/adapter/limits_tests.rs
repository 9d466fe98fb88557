//! Positions too large to search: refused at once with their size (nothing allocated), or
//! answered by the family's closed form; closed-form answers agree with the search where
//! both can run.

use crate::adapter::Notation;
use crate::catalog::builtin::{self, PairNotation};
use crate::dynamic::{Datum, DynError, DynGame};
use crate::games::bash::Bash;
use crate::games::corner;
use crate::games::dot::{Dot, Point};
use crate::games::moore::MooreNim;
use crate::model::Game;
use crate::solve::memo::{MemoSearch, Outcomes};
use crate::{Budget, Nimber, Outcome, Play, SolveError};

const HUGE: i64 = 1 << 24;

fn too_large(game: &dyn DynGame, pos: &Datum, budget: &Budget) -> (u64, u64, &'static str) {
    match game.solve(pos, budget) {
        Err(DynError::Solve(SolveError::TooLarge {
            needed,
            limit,
            unit,
        })) => (needed, limit, unit),
        other => panic!("{}: {other:?}", game.name()),
    }
}

/// Positions with more moves than a front end lists are refused before any is listed.
#[test]
fn too_many_moves_are_refused_with_their_count() {
    let budget = Budget::default();
    let moore = builtin::moore(MooreNim::new(2).unwrap());
    let (needed, _, unit) = too_large(moore.as_ref(), &Datum::ints([HUGE; 3]), &budget);
    assert_eq!((needed, unit), (3 * (1 << 24) + 3 * (1 << 48), "moves"));
    let (needed, _, _) = too_large(moore.as_ref(), &Datum::ints([4000; 3]), &budget);
    assert_eq!(needed, 3 * 4000 + 3 * 4000 * 4000);
    let stairs = builtin::staircase();
    let (needed, _, _) = too_large(stairs.as_ref(), &Datum::ints([HUGE; 3]), &budget);
    assert_eq!(needed, 3 << 24);
    let fib = builtin::fibonacci_nim();
    let start = fib.parse("16777216").unwrap();
    assert_eq!(too_large(fib.as_ref(), &start, &budget).0, (1 << 24) - 1);
}

/// A Dot disc of radius 10^5 is refused at once by its count of points, not after the
/// search has filled the budget.
#[test]
fn a_dot_state_space_past_the_budget_is_refused_up_front() {
    let rules = Dot::new(vec![(1, 1), (1, 2)], 100_000).unwrap();
    let expected = rules.reachable(&Point::start(0, 0)).unwrap();
    let game = builtin::dot(rules, (0, 0)).unwrap();
    let start = game.start().unwrap();
    let budget = Budget::default().with_positions(50_000_000);
    assert_eq!(
        too_large(game.as_ref(), &start, &budget),
        (expected, 50_000_000, "positions")
    );
    // A disc that fits is solved.
    let small = builtin::dot(Dot::new(vec![(1, 1), (1, 2)], 30).unwrap(), (0, 0)).unwrap();
    assert!(small.solve(&small.start().unwrap(), &budget).is_ok());
}

/// Past the budget, corner, kiki, Wythoff and Fibonacci Nim answer by their closed forms for
/// outcomes: the same outcomes as the search on every small position (under a budget too
/// small for the search: most by the closed form, known too large from `reachable` or once
/// the search is refused), and a line on which the winner moves to a loss.
#[test]
fn outcome_closed_forms_agree_with_the_search() {
    let tiny = Budget::default().with_positions(2);
    let pair = |d: &Datum| PairNotation.read(d).unwrap();
    let (mut compared, mut closed) = (0, 0);
    for (game, rules) in [
        (builtin::corner(), 0),
        (builtin::wythoff(), 1),
        (builtin::fibonacci_nim(), 2),
    ] {
        for a in 1..9 {
            for b in 1..9 {
                let pos = Datum::ints([a, b]);
                let sol = game.solve(&pos, &tiny).unwrap();
                let plain = pair(&pos);
                let expected = match rules {
                    0 => {
                        MemoSearch::new(&corner::Corner, Outcomes(Play::Normal), Budget::default())
                            .value(&plain)
                    }
                    1 => MemoSearch::new(
                        &crate::games::wythoff::Wythoff,
                        Outcomes(Play::Normal),
                        Budget::default(),
                    )
                    .value(&plain),
                    _ => MemoSearch::new(
                        &crate::games::fibonacci_nim::FibonacciNim,
                        Outcomes(Play::Normal),
                        Budget::default(),
                    )
                    .value(&plain),
                }
                .unwrap();
                assert_eq!(sol.value.outcome, expected, "{} {pos}", game.name());
                if sol.value.nimber.is_none() {
                    assert_eq!(sol.value.remoteness, None);
                    closed += 1;
                }
                for mv in &sol.moves {
                    let next = game.solve(&mv.mv.to, &tiny).unwrap().value.outcome;
                    assert_eq!(mv.value.outcome, next.flip());
                }
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 3 * 64);
    assert!(closed > 100, "{closed} answered by closed forms");
    let game = builtin::corner();
    let sol = game
        .solve(&Datum::ints([HUGE, HUGE - 1]), &Budget::default())
        .unwrap();
    assert_eq!(sol.value.outcome, Outcome::Win);
    assert_eq!(sol.moves.len(), 3);
    let first = &sol.line[0].to;
    assert_eq!(corner::outcome(pair(first)), Outcome::Loss);
    let kiki = builtin::kiki(100_000, 100_000);
    let sol = kiki
        .solve(&kiki.start().unwrap(), &Budget::default())
        .unwrap();
    assert_eq!(sol.value.outcome, Outcome::Win);
}

/// Families with a closed form for nimbers answer huge positions at once; remoteness is
/// left out when its search would list too many moves.
#[test]
fn nimber_closed_forms_answer_huge_positions() {
    let budget = Budget::default().with_positions(1_000);
    let sol = builtin::nim()
        .solve(&Datum::ints([20_000, 20_000, 20_000]), &budget)
        .unwrap();
    assert_eq!(
        (sol.value.nimber, sol.value.remoteness),
        (Some(Nimber(20_000)), None)
    );
    assert_eq!(sol.counts.moves, 60_000);
    assert!(sol.moves.len() < 60_000);
    let reach = builtin::bash_reach(Bash::new(3).unwrap(), 1 << 24);
    let sol = reach.solve(&reach.start().unwrap(), &budget).unwrap();
    assert_eq!(sol.value.nimber, Some(Nimber(((1 << 24) - 1) % 4)));
    let sol = builtin::staircase()
        .solve(&Datum::ints([1000, 1000, 1001]), &budget)
        .unwrap();
    assert_eq!(sol.value.nimber, Some(Nimber(1000 ^ 1001)));
}

/// A Wythoff position whose positions fit the budget but whose nimbers would list some
/// 2 * 10^9 moves is answered by the closed form for outcomes once the Grundy solver has
/// listed `NIMBER_WORK`, without a nimber; a small one gets its nimber.
#[test]
fn too_much_nimber_work_falls_back_to_the_outcome_formula() {
    let small = builtin::wythoff().solve(&Datum::ints([30, 50]), &Budget::default());
    assert!(small.unwrap().value.nimber.is_some());
    let pos = Datum::ints([1000, 1618]);
    let game = builtin::wythoff();
    let big = game.solve(&pos, &Budget::default()).unwrap();
    assert_eq!(big.value.nimber, None);
    assert_eq!(big.value.outcome, Outcome::Win);
    // The winning moves: to the P-positions (618, 1000) and (999, 1617).
    let winning: Vec<String> = big
        .moves
        .iter()
        .filter(|mv| mv.value.outcome == Outcome::Win)
        .map(|mv| mv.mv.label.clone())
        .collect();
    assert_eq!(winning, ["1000 1618 -> 1000 618", "1000 1618 -> 999 1617"]);
}

/// Remoteness of Grundy's game asked for (the whole position searched, each position a row
/// of up to a thousand heaps) stays within the budget's bytes: issue 42, where the page's
/// search of Grundy's game at 2000 held 7.4 GB under a budget of 0.5 GiB.
#[test]
fn a_search_of_large_positions_stays_within_its_bytes() {
    let game = builtin::grundy_game();
    let budget = Budget::default().with_bytes(32 << 20);
    let ask = crate::dynamic::Ask {
        remoteness: true,
        ..crate::dynamic::Ask::default()
    };
    let err = game
        .solve_with(&Datum::ints([1000]), &budget, ask)
        .unwrap_err();
    assert!(
        matches!(
            err,
            DynError::Solve(SolveError::TooLarge { unit: "bytes", .. })
        ),
        "{err:?}"
    );
}
