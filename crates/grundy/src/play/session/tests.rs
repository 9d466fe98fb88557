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

/// Every sorted row of at most `len` heaps of 0..=`max`.
fn rows(len: usize, max: i64) -> Vec<Vec<i64>> {
    let mut rows = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for row in &last {
            for h in row.last().copied().unwrap_or(0)..=max {
                let mut longer: Vec<i64> = row.clone();
                longer.push(h);
                next.push(longer);
            }
        }
        rows.extend(next.iter().cloned());
        last = next;
    }
    rows
}

/// A session of a code's misère sum is answered by the code's misère quotient: on every
/// row of up to four heaps (Dawson's Kayles to 9, Kayles to 7, 0.137 to 8), the hint's
/// value and each move's are the whole-position search's, the reasons name the quotient,
/// and the engine's reply from a won position leaves a position the search says is lost.
#[test]
fn misere_sessions_of_codes_are_answered_by_the_quotient() {
    use crate::analysis::Reason;
    use crate::catalog::open_in;
    use crate::dynamic::Ask;
    use crate::value::Play;
    let budget = Budget::default();
    let all = Ask {
        all_moves: true,
        ..Ask::default()
    };
    for (code, max) in [("0.07", 9), ("0.77", 7), ("0.137", 8)] {
        let (game, _) = open_in(&[code.to_string(), "1".into()], Play::Misere).unwrap();
        for row in rows(4, max) {
            let start = Datum::ints(row.iter().copied());
            let session = Session::new(Arc::clone(&game), start.clone(), Side::Engine);
            let hint = session.hint(&budget).unwrap();
            let text = format!("{code} {row:?}");
            assert!(
                matches!(hint.reasons[0], Reason::MisereQuotient { .. }),
                "{text}: {:?}",
                hint.reasons
            );
            let searched = game.solve_with(&start, &budget, all).unwrap();
            assert_eq!(
                hint.solution.value.outcome, searched.value.outcome,
                "{text}"
            );
            let values = |s: &Solution| -> Vec<(Datum, Outcome)> {
                s.moves
                    .iter()
                    .map(|m| (m.mv.to.clone(), m.value.outcome))
                    .collect()
            };
            assert_eq!(values(&hint.solution), values(&searched), "{text}");
            let mut session = session;
            if let Some(reply) = session.reply(&budget).unwrap() {
                let after = game.solve(&reply.to, &budget).unwrap().value.outcome;
                assert_eq!(
                    after,
                    searched.value.outcome.flip(),
                    "{text}: {}",
                    reply.label
                );
            }
        }
    }
}

/// Past what a quotient is computed for (a heap over the quotient's largest heap bound),
/// the session searches, and its hint says why.
#[test]
fn a_session_past_the_quotient_searches_and_says_why() {
    use crate::analysis::Reason;
    use crate::catalog::open_in;
    use crate::value::Play;
    // 0.1: only a heap of 1 can move, so the search of a heap of 1,001 is at once; the
    // one move takes the 1 and leaves the opponent no move: a misère loss.
    let words = ["0.1", "1001", "1"].map(String::from);
    let (game, start) = open_in(&words, Play::Misere).unwrap();
    let session = Session::new(game, start, Side::Person);
    let hint = session.hint(&Budget::default()).unwrap();
    assert_eq!(hint.solution.value.outcome, Outcome::Loss);
    let Reason::QuotientNotFound { why } = &hint.reasons[0] else {
        panic!("{:?}", hint.reasons);
    };
    assert!(why.contains("1001"), "{why}");
    assert!(hint.why()[0].starts_with("no misère quotient answers this sum"));
}
