//! Tier games other than Connect Four: a pile whose moves jump several tiers and ends in
//! draws, and tic-tac-toe, each against plain recursion written here.

use std::collections::HashMap;

use super::{files, TempDir};
use crate::tierdb::*;
use crate::value::Outcome;

/// A pile of `n` counters; a move takes 1, 2 or 3 (so it jumps up to three tiers: a tier is
/// the counters taken); the player who empties the pile wins (the next has no move), and a
/// pile reaching exactly `draw_at` (if at most `n`) ends the game drawn. Rank 0 only, so a tier is one
/// position.
#[derive(Debug)]
struct Pile {
    n: u32,
    draw_at: u32,
}

impl TierGame for Pile {
    fn identity(&self) -> Identity {
        Identity::new("pile", &[("n", u64::from(self.n))])
    }
    fn tiers(&self) -> u32 {
        self.n + 1
    }
    fn tier_size(&self, _tier: u32) -> u64 {
        1
    }
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        (tier + 1..=(tier + 3).min(self.n)).collect()
    }
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        if self.n - at.tier == self.draw_at && at.tier > 0 {
            return Some(End::Draw);
        }
        children.extend(
            self.child_tiers(at.tier)
                .into_iter()
                .map(|tier| Place { tier, rank: 0 }),
        );
        None
    }
    fn labels(&self, at: Place) -> Vec<String> {
        let tiers = self.child_tiers(at.tier);
        tiers.iter().map(|t| (t - at.tier).to_string()).collect()
    }
    fn parse(&self, text: &str) -> Result<Place, String> {
        let tier = text.parse().map_err(|_| "a number".to_string())?;
        Ok(Place { tier, rank: 0 })
    }
    fn show(&self, at: Place) -> String {
        (self.n - at.tier).to_string()
    }
}

/// The pile's value with `left` counters, by plain recursion.
fn pile_value(left: u32, draw_at: u32, first: bool) -> Value {
    let value = |outcome, remoteness| Value::new(outcome, remoteness);
    if left == draw_at && !first {
        return value(Outcome::Draw, 0);
    }
    let children: Vec<Value> = (1..=3.min(left))
        .map(|take| pile_value(left - take, draw_at, false))
        .collect();
    if children.is_empty() {
        return value(Outcome::Loss, 0);
    }
    let r = |v: &Value| v.remoteness;
    let of = |o: Outcome| children.iter().filter(move |v| v.outcome == o);
    if let Some(best) = of(Outcome::Loss).map(r).min() {
        value(Outcome::Win, best + 1)
    } else if let Some(best) = of(Outcome::Draw).map(r).min() {
        value(Outcome::Draw, best + 1)
    } else {
        value(Outcome::Loss, children.iter().map(r).max().unwrap() + 1)
    }
}

/// A game whose moves jump several tiers and that has drawn ends, against plain recursion:
/// every position's value and remoteness, and a stopped build resumed to the same bytes.
#[test]
fn a_game_whose_moves_jump_tiers_matches_plain_recursion() {
    for draw_at in [100, 5, 6, 9] {
        let game = Pile { n: 23, draw_at };
        let dir = TempDir::new(&format!("pile-{draw_at}"));
        let report = build(&game, &dir.0, &BuildOptions::default()).unwrap();
        assert_eq!(report.value, Some(pile_value(23, draw_at, true)));
        let db = Database::open_with(&dir.0, Box::new(Pile { n: 23, draw_at })).unwrap();
        // The piles reached from 23, stopping at a drawn end (it may be jumped over).
        let mut reached = [false; 24];
        reached[23] = true;
        for left in (0..=23usize).rev() {
            if reached[left] && (left as u32 != draw_at || left == 23) {
                for take in 1..=3.min(left) {
                    reached[left - take] = true;
                }
            }
        }
        let mut drawn = 0;
        for tier in 0..=23 {
            let got = db.value(Place { tier, rank: 0 }).unwrap();
            match reached[23 - tier as usize] {
                true => {
                    let want = pile_value(23 - tier, draw_at, tier == 0);
                    assert_eq!(got, Some(want), "draw at {draw_at}, {} left", 23 - tier);
                    drawn += usize::from(want.outcome == Outcome::Draw);
                }
                false => assert_eq!(got, None, "{} left", 23 - tier),
            }
        }
        assert_eq!(drawn > 0, draw_at <= 23);
        let probe = db.probe(game.start()).unwrap().unwrap();
        assert_eq!(probe.moves.len(), 3);
        assert!(probe.moves.iter().any(|(_, v)| *v == probe.value));
        let parts = TempDir::new(&format!("pile-parts-{draw_at}"));
        let stop = BuildOptions {
            stop_after: Some(11),
            ..BuildOptions::default()
        };
        build(&game, &parts.0, &stop).unwrap();
        build(&game, &parts.0, &BuildOptions::default()).unwrap();
        assert_eq!(files(&dir.0), files(&parts.0));
    }
    // Opened without the game: not built in.
    let dir = TempDir::new("pile-open");
    build(
        &Pile { n: 4, draw_at: 100 },
        &dir.0,
        &BuildOptions::default(),
    )
    .unwrap();
    let err = Database::open(&dir.0).unwrap_err();
    assert!(err.to_string().contains("no built-in game 'pile'"), "{err}");
}

/// Tic-tac-toe: 5,478 positions reachable from the empty board, games stopping at a line
/// (Wikipedia, "Tic-tac-toe", section "Combinatorics": 5,478 distinct legal positions), and
/// a draw with perfect play, in 9 from the start; every value and remoteness against a
/// plain search written here.
#[test]
fn tic_tac_toe_has_its_published_positions_and_is_a_draw() {
    use crate::games::mnk::{Grid, Mnk};
    let game = Mnk::tic_tac_toe();
    let dir = TempDir::new("ttt");
    let report = build(&game, &dir.0, &BuildOptions::default()).unwrap();
    assert_eq!(report.positions, 5478);
    assert_eq!(report.value, Some(Value::new(Outcome::Draw, 9)));
    let db = Database::open(&dir.0).unwrap();
    fn plain(game: &Mnk, grid: Grid, memo: &mut HashMap<Grid, Value>) -> Value {
        if let Some(v) = memo.get(&grid) {
            return *v;
        }
        let value = |outcome, remoteness| Value::new(outcome, remoteness);
        let v = if game.is_won(&grid) {
            value(Outcome::Loss, 0)
        } else if grid.stones() == game.cells() {
            value(Outcome::Draw, 0)
        } else {
            let kids: Vec<Value> = (0..game.cells())
                .filter(|c| game.empty(&grid) >> c & 1 == 1)
                .map(|c| plain(game, game.play(&grid, c), memo))
                .collect();
            let best = |o: Outcome| {
                kids.iter()
                    .filter(move |k| k.outcome == o)
                    .map(|k| k.remoteness)
            };
            if let Some(r) = best(Outcome::Loss).min() {
                value(Outcome::Win, r + 1)
            } else if let Some(r) = best(Outcome::Draw).min() {
                value(Outcome::Draw, r + 1)
            } else {
                value(Outcome::Loss, best(Outcome::Win).max().unwrap() + 1)
            }
        };
        memo.insert(grid, v);
        v
    }
    let mut memo = HashMap::new();
    plain(&game, Grid::default(), &mut memo);
    assert_eq!(memo.len(), 5478);
    for (grid, want) in &memo {
        let at = Place {
            tier: grid.stones(),
            rank: game.rank(grid),
        };
        assert_eq!(db.value(at).unwrap(), Some(*want));
    }
    // X in the centre, O on an edge: X wins.
    let probe = db.probe(db.game().parse("5 2").unwrap()).unwrap().unwrap();
    assert_eq!(probe.value.outcome, Outcome::Win);
    assert_eq!(probe.moves.len(), 7);
    assert_eq!(
        db.game().show(db.game().parse("5 2").unwrap()),
        ".O.\n.X.\n..."
    );
}
