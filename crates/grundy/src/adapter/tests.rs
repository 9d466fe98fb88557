//! Tests of the trait's shared parts and the adapter on small games of every kind.

use std::sync::Arc;

use super::{Adapter, Notation};
use crate::catalog::builtin;
use crate::dynamic::*;
use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::value::{Outcome, Play};

#[test]
fn bad_data_is_an_error_not_a_panic() {
    let nim = builtin::nim();
    for bad in [
        Datum::Int(3),
        Datum::ints([-1]),
        Datum::List(vec![Datum::Bool(true)]),
    ] {
        assert!(
            matches!(nim.moves(&bad), Err(DynError::Position(_))),
            "{bad}"
        );
        assert!(nim.solve(&bad, &Budget::default()).is_err());
    }
    let err = nim.parse("3 99999999999").unwrap_err();
    assert!(err.to_string().contains("too large"), "{err}");
}

#[test]
fn budget_refusals_and_interrupts_are_errors() {
    // Misère Nim without its closed form: the memo search.
    let nim = Adapter::new(
        crate::games::nim::Nim,
        builtin::HeapNotation,
        "misere-nim",
        "",
        Kind::Impartial { play: Play::Misere },
    )
    .with_canonical(builtin::sorted_heaps);
    let err = nim
        .solve(
            &Datum::ints([30, 30, 30]),
            &Budget::default().with_positions(100),
        )
        .unwrap_err();
    assert!(matches!(err, DynError::Solve(SolveError::TooLarge { .. })));
    // The table was left usable: a small position still solves.
    let sol = nim.solve(&Datum::ints([1, 1]), &Budget::default()).unwrap();
    assert_eq!(sol.value.outcome, Outcome::Win);
}

/// A loopy test game: positions 0..=4 on a line, a move steps one left or right; 0 has
/// no moves. From 1 the mover steps to 0 and wins; elsewhere both can walk for ever.
struct Walk;

impl Game for Walk {
    type Position = u8;
    fn moves(&self, pos: &u8, out: &mut Vec<Move<u8>>) {
        if *pos > 0 {
            out.push(Move::to(pos - 1));
        }
        if (1..4).contains(pos) {
            out.push(Move::to(pos + 1));
        }
    }
}

struct Small;

impl Notation<u8> for Small {
    fn to_datum(&self, pos: &u8) -> Datum {
        Datum::Int(i64::from(*pos))
    }
    fn read(&self, datum: &Datum) -> Result<u8, DynError> {
        datum
            .as_int()
            .and_then(|n| u8::try_from(n).ok())
            .filter(|&n| n <= 4)
            .ok_or_else(|| DynError::Position(format!("expected 0 to 4, found {datum}")))
    }
    fn parse(&self, text: &str) -> Result<u8, DynError> {
        let n: i64 = text
            .trim()
            .parse()
            .map_err(|_| DynError::Position(format!("expected 0 to 4, found {text:?}")))?;
        self.read(&Datum::Int(n))
    }
    fn show(&self, pos: &u8) -> String {
        pos.to_string()
    }
}

#[test]
fn loopy_games_get_draws_and_a_line_that_stops() {
    let game = Adapter::new(Walk, Small, "walk", "", Kind::Loopy { play: Play::Normal });
    let sol = game.solve(&Datum::Int(1), &Budget::default()).unwrap();
    assert_eq!(sol.value.outcome, Outcome::Win);
    assert_eq!(sol.optimal, vec![0]);
    assert_eq!(sol.line.len(), 1);
    // 2: stepping to 1 loses, stepping to 3 keeps the game going: a draw.
    let sol = game.solve(&Datum::Int(2), &Budget::default()).unwrap();
    assert_eq!(sol.value.outcome, Outcome::Draw);
    let values: Vec<_> = sol.moves.iter().map(|m| m.value.outcome).collect();
    assert_eq!(values, vec![Outcome::Loss, Outcome::Draw]);
    assert_eq!(sol.optimal, vec![1]);
    assert!(
        sol.line.len() <= 4,
        "the line stops where a position repeats"
    );
    // The same game refuses the memo search's kind: a cycle, reported as an error.
    let strict = Adapter::new(
        Walk,
        Small,
        "walk",
        "",
        Kind::WinLoss { play: Play::Normal },
    );
    let err = strict
        .solve(&Datum::Int(2), &Budget::default())
        .unwrap_err();
    assert_eq!(err, DynError::Solve(SolveError::Cycle));
}

/// Issue 23: `play` on a loopy game ends in a draw as soon as a drawn position comes back
/// with the same side to move, and not while the position is still won.
#[test]
fn a_drawn_position_that_comes_back_ends_the_game() {
    use crate::play::session::{Session, Side};
    let walk: Arc<dyn DynGame> = Arc::new(Adapter::new(
        Walk,
        Small,
        "walk",
        "",
        Kind::Loopy { play: Play::Normal },
    ));
    // From 2 (a draw) the person walks right and back: 2 comes back to the person, drawn.
    let mut session = Session::new(walk.clone(), Datum::Int(2), Side::Person);
    session.play_either("3").unwrap();
    assert_eq!(session.end().unwrap(), None);
    session.play_either("2").unwrap();
    let end = session.end().unwrap().expect("a drawn position came back");
    assert_eq!((end.winner, end.repeated), (None, true));
    assert!(session.moves().unwrap().is_empty());
    assert_eq!(end.to_string(), "a draw by repetition");
    // 1 is won for the mover: it comes back to the person and the game goes on, until the
    // drawn 2 comes back to the engine.
    let mut session = Session::new(walk, Datum::Int(1), Side::Person);
    for step in ["2", "1", "2"] {
        assert_eq!(session.end().unwrap(), None, "before {step}");
        session.play_either(step).unwrap();
    }
    let end = session.end().unwrap().expect("2 came back");
    assert_eq!((end.winner, end.repeated), (None, true));
}

/// Remoteness always: what a solve computes then does not depend on what earlier solves
/// kept.
const ALL: Ask = Ask {
    remoteness: true,
    all_moves: true,
};

#[test]
fn one_game_is_shared_across_threads() {
    let game: Arc<dyn DynGame> = builtin::lasker();
    let handles: Vec<_> = (0..4i64)
        .map(|t| {
            let game = Arc::clone(&game);
            std::thread::spawn(move || {
                (0..20)
                    .map(|n| {
                        let pos = Datum::ints([n + t, 3]);
                        game.solve_with(&pos, &Budget::default(), ALL)
                            .unwrap()
                            .value
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    for t in 0..4i64 {
        for n in 0..20i64 {
            let alone = builtin::lasker()
                .solve_with(&Datum::ints([n + t, 3]), &Budget::default(), ALL)
                .unwrap()
                .value;
            assert_eq!(results[t as usize][n as usize], alone);
        }
    }
}

#[test]
fn remoteness_is_skipped_when_it_costs_more_than_the_value_and_given_when_asked() {
    let game = builtin::grundy_game();
    // The nimbers need 63 heaps, the whole game the partitions of 250 or so.
    let big = Datum::ints([60, 61, 62, 63]);
    let sol = game.solve(&big, &Budget::default()).unwrap();
    assert!(sol.skipped);
    assert_eq!(sol.value.remoteness, None);
    assert!(sol.line.is_empty());
    // Without remoteness the optimal moves are the winning ones.
    let winning: Vec<usize> = (0..sol.moves.len())
        .filter(|&i| sol.moves[i].value.outcome == sol.value.outcome)
        .collect();
    assert_eq!(sol.optimal, winning);
    // Asked for, past the budget: an error naming the size, never a value without it.
    let asked = game.solve_with(&big, &Budget::default().with_positions(1 << 12), ALL);
    assert!(
        matches!(asked, Err(DynError::Solve(SolveError::TooLarge { .. }))),
        "refused"
    );
    // A small position gets its remoteness unasked, as when asked.
    let small = Datum::ints([3, 4, 5]);
    let sol = game.solve(&small, &Budget::default()).unwrap();
    let asked = game.solve_with(&small, &Budget::default(), ALL).unwrap();
    assert!(!sol.skipped);
    assert_eq!(sol, asked);
    assert_eq!(Some(sol.line.len() as u64), sol.value.remoteness);
}

/// `forget` gives back the tables earlier calls kept, and the answers stay the same (a
/// server forgets after each request of a game in progress, issue 42).
#[test]
fn forget_empties_the_tables_and_keeps_the_answers() {
    use crate::catalog::builtin::HeapNotation;
    use crate::games::nim::Nim;
    let game = Adapter::new(
        Nim,
        HeapNotation,
        "nim",
        "take any number from one heap",
        Kind::Impartial { play: Play::Normal },
    );
    let pos = Datum::ints([3, 5, 7]);
    let before = game.solve(&pos, &Budget::default()).unwrap();
    let kept = |game: &Adapter<Nim, HeapNotation>| {
        let tables = game.lock();
        tables.nimbers.len() + tables.timed.len()
    };
    assert!(kept(&game) > 0, "the search kept nothing");
    game.forget();
    assert_eq!(kept(&game), 0);
    let after = game.solve(&pos, &Budget::default()).unwrap();
    assert_eq!(after.value, before.value);
    assert_eq!(after.optimal, before.optimal);
}
