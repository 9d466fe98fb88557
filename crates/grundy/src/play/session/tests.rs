//! A session against perfect play: turns, undo, swaps, repetition and random games to the end.

use super::*;
use crate::catalog::builtin;
use crate::games::subtraction::Subtraction;
use crate::testing::Rng;

/// Plays the person's moves at random until the game ends; returns the end.
fn random_game(session: &mut Session, rng: &mut Rng) -> End {
    let budget = Budget::default();
    loop {
        if let Some(end) = session.end().unwrap() {
            return end;
        }
        if session.to_move() == Side::Engine {
            session.reply(&budget).unwrap().unwrap();
        } else {
            let count = session.moves().unwrap().len() as u64;
            let choice = (1 + rng.below(count)).to_string();
            session.play(&choice).unwrap();
        }
    }
}

/// Perfect play wins every game it starts from a winning position, whatever the person
/// does: Nim to three heaps of 3, and the subtraction game {1, 3, 4} to 20.
#[test]
fn the_engine_wins_every_won_position() {
    let mut rng = Rng(0x5e55_1013);
    let budget = Budget::default();
    let mut games = 0;
    let subtraction = builtin::subtraction(Subtraction::new("1,3,4".parse().unwrap()));
    let mut starts: Vec<(Arc<dyn DynGame>, Datum)> = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                starts.push((builtin::nim(), Datum::ints([a, b, c])));
            }
        }
    }
    for n in 0..=20 {
        starts.push((subtraction.clone(), Datum::ints([n])));
    }
    for (game, start) in starts {
        let winning = game.solve(&start, &budget).unwrap().value.outcome == Outcome::Win;
        for _ in 0..5 {
            let mut session = Session::new(game.clone(), start.clone(), Side::Engine);
            let end = random_game(&mut session, &mut rng);
            if winning {
                assert_eq!(end.winner, Some(Side::Engine), "{} {start}", game.name());
            }
            games += 1;
        }
    }
    assert!(games > 400);
}

/// Undo goes back to the person's last turn; swap hands the turn to the engine.
#[test]
fn undo_and_swap() {
    let budget = Budget::default();
    let mut session = Session::new(builtin::nim(), Datum::ints([2, 3]), Side::Person);
    assert_eq!(session.undo(), 0);
    session.play("2 2").unwrap();
    session.reply(&budget).unwrap().unwrap();
    assert_eq!(session.history().len(), 2);
    assert_eq!(session.undo(), 2);
    assert_eq!(session.position(), &Datum::ints([2, 3]));
    session.swap();
    assert_eq!(session.to_move(), Side::Engine);
    let reply = session.reply(&budget).unwrap().unwrap();
    assert_eq!(reply.to, Datum::ints([2, 2]));
    assert!(session.play("nonsense").is_err());
    assert_eq!(session.history().len(), 1);
    session.restart();
    assert_eq!(session.to_move(), Side::Engine);
}

/// Issue 23: after a swap the moves played keep who played them, the turn passes and
/// the points go with the seats.
#[test]
fn swap_keeps_who_played_each_move() {
    let budget = Budget::default();
    let mut session = Session::new(builtin::nim(), Datum::ints([2, 3]), Side::Person);
    session.play("2 2").unwrap();
    session.reply(&budget).unwrap().unwrap();
    session.swap();
    let sides: Vec<Side> = session.history().iter().map(|p| p.side).collect();
    assert_eq!(sides, vec![Side::Person, Side::Engine]);
    assert_eq!(session.to_move(), Side::Engine);
    session.reply(&budget).unwrap().unwrap();
    assert_eq!(session.to_move(), Side::Person);
    assert_eq!(session.history()[2].side, Side::Engine);
    assert_eq!(session.seats(), vec![0, 1, 0, 1]);
    let taken = session.rewind(1);
    assert_eq!(taken.len(), 2);
    assert_eq!(session.to_move(), Side::Person);
    session.play_either(&taken[0].mv.label).unwrap();
    assert_eq!(session.to_move(), Side::Engine);
    session.play_either("1").unwrap();
    assert_eq!(session.history().len(), 3);
}
