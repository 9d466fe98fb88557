//! Every family's adapter against the plain engine on the library's own game type, on all
//! small positions: outcome, remoteness, nimber, each move's value, the optimal moves and
//! a principal line that is legal and ends the game.

use std::collections::HashSet;

use super::*;
use crate::adapter::Notation;
use crate::dynamic::{Datum, Value};
use crate::games::heaps::Heaps;
use crate::model::Game;
use crate::solve::grundy::GrundySolver;
use crate::solve::memo::{MemoSearch, Outcomes};
use crate::solve::strategy::Remoteness;
use crate::{Budget, Nimber, Outcome};

/// Checks `game` against a memo search (outcomes and remoteness) and the Grundy solver
/// without components on `plain`, whose positions `to_plain` maps the data to.
fn agree<G: Game>(
    game: &Arc<dyn DynGame>,
    plain: &G,
    positions: &[Datum],
    to_plain: impl Fn(&Datum) -> G::Position,
    play: Play,
) {
    let budget = Budget::default();
    let mut outcomes = MemoSearch::new(plain, Outcomes(play), budget.clone());
    let mut timed = MemoSearch::new(plain, Remoteness(play), budget.clone());
    let mut nimbers = GrundySolver::without_components(plain, budget.clone());
    for datum in positions {
        let sol = game.solve(datum, &budget).unwrap();
        let alone = game.value(datum, &budget).unwrap();
        assert_eq!(
            alone,
            Value {
                remoteness: None,
                ..sol.value
            },
            "{datum}"
        );
        let pos = to_plain(datum);
        let expected = outcomes.value(&pos).unwrap();
        assert_eq!(sol.value.outcome, expected, "{} {datum}", game.name());
        assert_eq!(
            sol.value.remoteness,
            Some(timed.value(&pos).unwrap().moves),
            "{datum}"
        );
        if play == Play::Normal {
            assert_eq!(sol.value.nimber, Some(nimbers.nimber(&pos).unwrap()));
        }
        // The same successors (the plain game may list equal ones once).
        let mut n_moves = Vec::new();
        plain.moves(&pos, &mut n_moves);
        let plain_next: HashSet<_> = n_moves.into_iter().map(|m| m.to).collect();
        let next: HashSet<_> = sol.moves.iter().map(|m| to_plain(&m.mv.to)).collect();
        assert!(plain_next == next, "{datum}");
        for mv in &sol.moves {
            let next = to_plain(&mv.mv.to);
            assert_eq!(mv.value.outcome, outcomes.value(&next).unwrap().flip());
            if play == Play::Normal {
                assert_eq!(mv.value.nimber, Some(nimbers.nimber(&next).unwrap()));
            }
        }
        if !sol.moves.is_empty() {
            let winning = sol.moves.iter().any(|m| m.value.outcome == Outcome::Win);
            assert_eq!(winning, expected == Outcome::Win, "{datum}");
        }
        for &i in &sol.optimal {
            assert_eq!(sol.moves[i].value.outcome, expected);
            assert_eq!(
                sol.moves[i].value.remoteness, sol.value.remoteness,
                "an optimal move keeps the remoteness"
            );
        }
        assert_eq!(sol.optimal.is_empty(), sol.moves.is_empty());
        // The line is legal move by move and as long as the remoteness.
        let mut at = datum.clone();
        for step in &sol.line {
            assert!(game.moves(&at).unwrap().contains(step), "{datum}: {step:?}");
            at = step.to.clone();
        }
        assert!(game.moves(&at).unwrap().is_empty());
        assert_eq!(Some(sol.line.len() as u64), sol.value.remoteness);
        // Text round trip.
        let text = game.show(datum).unwrap();
        assert_eq!(&game.parse(&text).unwrap(), datum);
    }
}

fn rows(heaps: usize, max: i64) -> Vec<Datum> {
    let mut res = vec![Vec::new()];
    for _ in 0..heaps {
        res = res
            .into_iter()
            .flat_map(|row: Vec<i64>| {
                (0..=max).map(move |h| {
                    let mut next = row.clone();
                    next.push(h);
                    next
                })
            })
            .collect();
    }
    res.into_iter().map(Datum::ints).collect()
}

fn heaps_of(datum: &Datum) -> Vec<u64> {
    HeapNotation.read(datum).unwrap()
}

fn sorted(datum: &Datum) -> Vec<u64> {
    let mut heaps = heaps_of(datum);
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

#[test]
fn nim_and_misere_nim_agree_with_the_engine() {
    let positions = rows(3, 4);
    agree(&nim(), &Nim, &positions, heaps_of, Play::Normal);
    agree(&misere_nim(), &Nim, &positions, heaps_of, Play::Misere);
}

#[test]
fn heap_rules_agree_with_the_engine() {
    let positions = rows(2, 9);
    let bash3 = Bash::new(3).unwrap();
    agree(
        &bash(bash3),
        &Heaps(bash3),
        &positions,
        sorted,
        Play::Normal,
    );
    for set in ["1,3,4", "!1,2", "pow2", "fib"] {
        let rule = Subtraction::new(set.parse().unwrap());
        agree(
            &subtraction(rule.clone()),
            &Heaps(rule),
            &positions,
            sorted,
            Play::Normal,
        );
    }
    agree(&lasker(), &Heaps(Lasker), &positions, sorted, Play::Normal);
    agree(
        &grundy_game(),
        &Heaps(GrundyGame),
        &positions,
        sorted,
        Play::Normal,
    );
}

/// Every finite subtraction set drawn from 1..=6 (and the powers of two) is opened with its
/// proved period as the closed form of its nimbers: it agrees with the plain searches on
/// every pair of heaps up to 10, and answers a heap of 1.6 * 10^7 at once (the search would
/// store every smaller heap) as the
/// period's rule over a long table says.
#[test]
fn subtraction_games_by_their_proved_periods_agree_with_the_engine() {
    let positions = rows(2, 10);
    let budget = Budget::default();
    let mut sets: Vec<String> = (1u32..64)
        .map(|mask| {
            let amounts: Vec<String> = (1..=6)
                .filter(|s| mask & (1 << (s - 1)) != 0)
                .map(|s: u32| s.to_string())
                .collect();
            amounts.join(",")
        })
        .collect();
    sets.push("pow2".into());
    for set in sets {
        let rule = Subtraction::new(set.parse().unwrap());
        let game = subtraction(rule.clone());
        agree(
            &game,
            &Heaps(rule.clone()),
            &positions,
            sorted,
            Play::Normal,
        );
        let huge = 16_000_001u64;
        let table = rule.nimbers(1 << 12, &budget).unwrap();
        let pattern = rule.pattern(&table).unwrap();
        let expected = pattern.periodicity.extend(&table, huge) ^ table[7];
        let value = game.value(&Datum::ints([huge as i64, 7]), &budget).unwrap();
        assert_eq!(value.nimber, Some(Nimber(expected)), "S = {set}");
    }
}

#[test]
fn other_families_agree_with_the_engine() {
    let moore2 = MooreNim::new(2).unwrap();
    agree(&moore(moore2), &moore2, &rows(3, 3), heaps_of, Play::Normal);
    agree(
        &staircase(),
        &Staircase,
        &rows(3, 3),
        heaps_of,
        Play::Normal,
    );
    let pair = |d: &Datum| PairNotation.read(d).unwrap();
    agree(&wythoff(), &Wythoff, &rows(2, 8), pair, Play::Normal);
    agree(&corner(), &Corner, &rows(2, 8), pair, Play::Normal);
    let fib: Vec<Datum> = rows(2, 12).into_iter().filter(|d| pair(d).1 >= 1).collect();
    agree(&fibonacci_nim(), &FibonacciNim, &fib, pair, Play::Normal);
    let reach = bash_reach(Bash::new(3).unwrap(), 20);
    let plain = BashReach {
        rule: Bash::new(3).unwrap(),
        target: 20,
    };
    let counts: Vec<Datum> = (0..20).map(Datum::Int).collect();
    agree(
        &reach,
        &plain,
        &counts,
        |d| d.as_int().unwrap() as u64,
        Play::Normal,
    );
}

#[test]
fn a_large_sum_gets_its_nimber_without_remoteness() {
    // 3 heaps of 300: 27 million positions whole, 301 components.
    let game = lasker();
    let budget = Budget::default().with_positions(1 << 12);
    let sol = game.solve(&Datum::ints([300, 300, 299]), &budget).unwrap();
    let mut solver = GrundySolver::new(&Heaps(Lasker), Budget::default());
    let expected = solver.nimber(&vec![299, 300, 300]).unwrap();
    assert_eq!(sol.value.nimber, Some(expected));
    assert_eq!(sol.value.remoteness, None);
    assert_ne!(expected, Nimber::ZERO);
    // The line: the winner moves to nimber 0, all the way to the end.
    assert_eq!(
        sol.line.first().map(|m| sol
            .moves
            .iter()
            .any(|v| v.mv == *m && v.value.nimber == Some(Nimber::ZERO))),
        Some(true)
    );
    let mut at = sol.position.clone();
    for step in &sol.line {
        at = step.to.clone();
    }
    assert!(game.moves(&at).unwrap().is_empty() || sol.line.len() == crate::adapter::MAX_LINE);
}

#[test]
fn labels_name_the_heaps() {
    let game = grundy_game();
    let labels: Vec<String> = game
        .moves(&Datum::ints([1, 5]))
        .unwrap()
        .into_iter()
        .map(|m| m.label)
        .collect();
    assert_eq!(labels, vec!["heap 2: 5 -> 1 + 4", "heap 2: 5 -> 2 + 3"]);
    let game = moore(MooreNim::new(2).unwrap());
    let mv = game.play(&Datum::ints([2, 2]), "1 1").unwrap();
    assert_eq!(mv.label, "heaps 1, 2: 2 2 -> 1 1");
    let mv = staircase().play(&Datum::ints([0, 3]), "2 1").unwrap();
    assert_eq!(mv.label, "step 2: 2 down");
    let mv = fibonacci_nim()
        .play(&Datum::ints([10, 9]), "take 3")
        .unwrap();
    assert_eq!(mv.to, Datum::ints([7, 6]));
}

/// The codes tested against the engine: octal (Kayles, Dawson's Kayles, Dawson's chess,
/// splits without taking, Officers, a two-digit take) and hexadecimal (moves leaving three
/// heaps, with and without taking).
const CODES: &[&str] = &[
    "0.77", "0.07", "0.137", "4.7", "0.6", "0.15", "0.F", "0.B", "0.9F", "8.4", "0.3F",
];

/// A row of heaps as the octal module's plain game sees it: lines, sorted, no empty one.
fn lines(datum: &Datum) -> Vec<crate::octal::game::Heap> {
    crate::octal::game::normalize(
        heaps_of(datum)
            .into_iter()
            .map(|h| crate::octal::game::Heap::Line(h as u32))
            .collect(),
    )
}

/// Every code's game (values from the octal engine, under normal play; the whole row
/// searched, under misère play) against the plain search on the octal module's own game
/// (`TakeAndBreak` as a `Game`): every row of up to three heaps of up to 5 tokens, and
/// single heaps up to 14.
#[test]
fn code_games_agree_with_the_plain_search() {
    let mut positions = rows(3, 5);
    positions.extend((0..=14).map(|h| Datum::ints([h])));
    for text in CODES {
        let code: crate::octal::TakeAndBreak = text.parse().unwrap();
        for play in [Play::Normal, Play::Misere] {
            let game = super::code(code.clone(), play).unwrap();
            agree(&game, &code, &positions, lines, play);
        }
    }
}

/// Each heap family under misère play against the plain search on its own game type, and
/// misère Nim's closed form (Bouton 1901) against the searched misère Nim.
#[test]
fn misere_families_agree_with_the_plain_search() {
    let positions = rows(3, 4);
    let bash = Bash::new(2).unwrap();
    agree(
        &heaps_misere(bash, "bash 2", ""),
        &Heaps(bash),
        &positions,
        sorted,
        Play::Misere,
    );
    agree(
        &heaps_misere(Lasker, "lasker", ""),
        &Heaps(Lasker),
        &positions,
        sorted,
        Play::Misere,
    );
    agree(
        &heaps_misere(GrundyGame, "grundy-game", ""),
        &Heaps(GrundyGame),
        &rows(2, 7),
        sorted,
        Play::Misere,
    );
    let pair = |d: &Datum| PairNotation.read(d).unwrap();
    agree(
        &misere(Wythoff, PairNotation, "wythoff", ""),
        &Wythoff,
        &rows(2, 7),
        pair,
        Play::Misere,
    );
    let reach = bash_reach_misere(Bash::new(3).unwrap(), 20);
    let plain = BashReach {
        rule: Bash::new(3).unwrap(),
        target: 20,
    };
    let counts: Vec<Datum> = (0..20).map(Datum::Int).collect();
    agree(
        &reach,
        &plain,
        &counts,
        |d| d.as_int().unwrap() as u64,
        Play::Misere,
    );
    // Misère Nim searched, against Bouton's rule.
    let searched = misere(Nim, HeapNotation, "nim", "");
    for datum in rows(3, 5) {
        let sol = searched.solve(&datum, &Budget::default()).unwrap();
        let heaps = heaps_of(&datum);
        assert_eq!(
            sol.value.outcome,
            crate::games::misere_nim::outcome(&heaps),
            "{datum}"
        );
    }
}

/// Published values through the catalogue: Kayles (0.77), period 12 from n = 71, its last
/// exceptional value G(70) = 6 (Guy and Smith 1956; Winning Ways, vol. 1, ch. 4); Dawson's
/// Kayles (0.07), period 34 (Winning Ways, vol. 1, ch. 4: Dawson's chess, 0.137, periodic
/// from n = 52; 0.07's heap of n + 1 is 0.137's heap of n, hence from n = 53 here).
#[test]
fn code_games_give_the_published_values() {
    let kayles = super::code("0.77".parse().unwrap(), Play::Normal).unwrap();
    let nimber = |game: &Arc<dyn DynGame>, heap: i64| {
        game.value(&Datum::ints([heap]), &Budget::default())
            .unwrap()
            .nimber
    };
    assert_eq!(nimber(&kayles, 70), Some(Nimber(6)));
    for n in 71..200 {
        assert_eq!(nimber(&kayles, n + 12), nimber(&kayles, n), "n = {n}");
    }
    let dawson = super::code("0.07".parse().unwrap(), Play::Normal).unwrap();
    let chess = super::code("0.137".parse().unwrap(), Play::Normal).unwrap();
    for n in 0..150 {
        assert_eq!(nimber(&dawson, n + 1), nimber(&chess, n), "n = {n}");
    }
    for n in 53..150 {
        assert_eq!(nimber(&dawson, n + 34), nimber(&dawson, n), "n = {n}");
    }
    // Kayles at 10^6 pins, by the period: G(10^6) = G(71 + (10^6 - 71) mod 12).
    let far = 71 + (1_000_000 - 71) % 12;
    assert_eq!(nimber(&kayles, 1_000_000), nimber(&kayles, far));
}
