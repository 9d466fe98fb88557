//! Perfect play read from databases: best moves against a plain ordering of values written
//! here, principal lines as long as the remoteness, and a database played through the
//! front door (`DbGame`) by a session to its end.

use std::collections::HashSet;
use std::sync::Arc;

use super::TempDir;
use crate::dynamic::{Datum, DynError, DynGame};
use crate::games::connect_four::ConnectFour;
use crate::games::mnk::Mnk;
use crate::play::session::{Session, Side};
use crate::tierdb::*;
use crate::value::Outcome;
use crate::Budget;

/// How good a move's value is for its mover, written plainly: any win beats any draw beats
/// any loss; a quicker win, a sooner draw and a longer loss are better.
fn goodness(v: Value) -> (u8, i64) {
    let r = i64::from(v.remoteness);
    match v.outcome {
        Outcome::Win => (2, -r),
        Outcome::Draw => (1, -r),
        Outcome::Loss => (0, r),
    }
}

/// Every position of `db` reached from the start, each once.
fn every_position(db: &Database) -> Vec<Place> {
    let mut seen = HashSet::from([db.game().start()]);
    let mut todo = vec![db.game().start()];
    let mut children = Vec::new();
    while let Some(at) = todo.pop() {
        children.clear();
        db.game().expand(at, &mut children);
        for &child in &children {
            if seen.insert(child) {
                todo.push(child);
            }
        }
    }
    seen.into_iter().collect()
}

fn built(name: &str, game: &dyn TierGame) -> (TempDir, Database) {
    let dir = TempDir::new(name);
    build(game, &dir.0, &BuildOptions::default()).unwrap();
    let db = Database::open(&dir.0).unwrap();
    (dir, db)
}

/// On every position of tic-tac-toe and Connect Four 4 x 3: the best moves are exactly the
/// best by the plain ordering, the position's value is theirs, and the principal line is
/// as long as the remoteness, each move best in turn, ending where the game does.
#[test]
fn best_moves_and_lines_of_every_position_follow_the_plain_ordering() {
    let games: [(&str, Box<dyn TierGame>); 2] = [
        ("line-ttt", Box::new(Mnk::tic_tac_toe())),
        ("line-c4", Box::new(ConnectFour::new(4, 3).unwrap())),
    ];
    for (name, game) in games {
        let (_dir, db) = built(name, game.as_ref());
        let positions = every_position(&db);
        assert_eq!(positions.len() as u64, db.positions(), "{name}");
        for at in positions {
            let probe = db.probe(at).unwrap().unwrap();
            let best = probe.best();
            let top = probe.moves.iter().map(|m| goodness(m.1)).max();
            let plain: Vec<usize> = (0..probe.moves.len())
                .filter(|&i| Some(goodness(probe.moves[i].1)) == top)
                .collect();
            assert_eq!(best, plain, "{name} {at:?}");
            assert_eq!(best.is_empty(), probe.moves.is_empty(), "{name} {at:?}");
            let line = db.line(at).unwrap().unwrap();
            assert_eq!(line.len() as u32, probe.value.remoteness, "{name} {at:?}");
            if let Some(first) = line.first() {
                assert_eq!(first.label, probe.moves[best[0]].0);
                assert_eq!(first.value, probe.value);
            }
            let last = line.last().map_or(at, |step| step.to);
            assert!(db.probe(last).unwrap().unwrap().moves.is_empty());
        }
    }
}

/// The start of tic-tac-toe is a draw in 9 (Zermelo's theorem applied: a full board); a
/// position not in the database has no line.
#[test]
fn a_line_from_the_start_and_from_outside() {
    let (_dir, db) = built("line-start", &Mnk::tic_tac_toe());
    let line = db.line(db.game().start()).unwrap().unwrap();
    assert_eq!(line.len(), 9);
    assert!(line.iter().all(|s| s.value.outcome == Outcome::Draw));
    // X on the top row and O on the middle row: both have a line, which play never reaches.
    let game = Mnk::tic_tac_toe();
    let unreachable = (0..game.tier_size(6))
        .map(|rank| Place { tier: 6, rank })
        .find(|&at| game.show(at) == "XXX\nOOO\n...")
        .unwrap();
    assert_eq!(db.line(unreachable).unwrap(), None);
}

/// A session against a database plays to the end: grundy's replies are its best moves, a
/// full board is a draw and a line of three is a win, and the answers say what is wrong
/// with a position that is not in the database.
#[test]
fn a_session_plays_a_database_to_the_end() {
    let (_dir, db) = built("line-session", &Mnk::tic_tac_toe());
    let game: Arc<dyn DynGame> = Arc::new(DbGame::new(Arc::new(db)));
    let budget = Budget::default();
    // grundy against grundy: a draw, nobody wins.
    let mut session = Session::new(game.clone(), game.start().unwrap(), Side::Engine);
    while session.end().unwrap().is_none() {
        let hint = session.solution(&budget).unwrap();
        let mv = session.play_either(&hint.line[0].label).unwrap();
        assert_eq!(mv.label, hint.moves[hint.optimal[0]].mv.label);
        assert_eq!(hint.line.len() as u64, hint.value.remoteness.unwrap());
    }
    assert_eq!(session.history().len(), 9);
    assert_eq!(session.end().unwrap().unwrap().winner, None);
    // X (grundy, to move) has 1 and 2, O has 4 and 5: grundy wins at once.
    let mut session = Session::new(game.clone(), game.parse("1 4 2 5").unwrap(), Side::Engine);
    let reply = session.reply(&budget).unwrap().unwrap();
    assert_eq!(reply.label, "3");
    let end = session.end().unwrap().unwrap();
    assert_eq!(end.winner, Some(Side::Engine));
    // The drawing clicks exactly the moves.
    let at = game.parse("5").unwrap();
    let drawing = game.draw(&at).unwrap().unwrap();
    let labels: Vec<String> = game
        .moves(&at)
        .unwrap()
        .into_iter()
        .map(|m| m.label)
        .collect();
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    drawing.check(&labels).unwrap();
    assert_eq!(drawing.clicks().len(), 8);
    // Positions not in the database, or not positions of the game.
    let gone = game.check(&Datum::ints([6, 0])).unwrap_err();
    assert!(
        matches!(&gone, DynError::Position(m) if m.contains("not in the database")),
        "{gone}"
    );
    let bad = game.check(&Datum::ints([10, 0])).unwrap_err();
    assert!(bad.to_string().contains("[tier, rank]"), "{bad}");
    let taken = game.parse("5 5").unwrap_err();
    assert!(taken.to_string().contains("cell 5 is taken"), "{taken}");
}
