//! Helpers shared by unit tests (compiled for tests only): checks of games against their
//! plain rules, a seeded generator for random test games, and the numbering of test games
//! whose positions are their own numbers.

use crate::model::{Game, Indexed, Move};

/// Checks position `index` of an indexed game against its plain rules and returns it:
/// numbering and position are inverse, [`Indexed::visit_moves`] visits exactly what
/// [`Indexed::indexed_moves`] lists, and those moves are [`crate::model::Game::moves`] renumbered.
pub(crate) fn check_numbered_moves<G: Indexed>(game: &G, index: usize) -> G::Position {
    let pos = game.position(index);
    assert_eq!(game.index(&pos), index);
    let mut direct = Vec::new();
    game.indexed_moves(index, &mut direct);
    let mut visited = Vec::new();
    game.visit_moves(index, &mut Vec::new(), |m| {
        visited.push(m);
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(visited, direct);
    let mut plain_moves = Vec::new();
    game.moves(&pos, &mut plain_moves);
    let mut renumbered: Vec<Move<usize>> = plain_moves
        .iter()
        .map(|m| Move {
            to: game.index(&m.to),
            points: m.points,
            again: m.again,
        })
        .collect();
    direct.sort_by_key(|m| m.to);
    renumbered.sort_by_key(|m| m.to);
    assert_eq!(direct, renumbered);
    pos
}

/// A small deterministic generator (xorshift) for random test games: seeded, so that a
/// failure repeats.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A number in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Implements [`Indexed`] for a test game whose positions are `usize` numbers, numbered by
/// themselves with one tier per number (so every move must lower the number). `$len` is
/// the number of positions, computed from `$game` named `$this`; further trait items (a
/// `score_bound`, a `visit_moves`) follow it.
macro_rules! numbered_by_itself {
    ($game:ty, |$this:ident| $len:expr $(, $extra:item)* $(,)?) => {
        impl $crate::model::Indexed for $game {
            fn len(&self) -> usize {
                let $this = self;
                $len
            }
            fn index(&self, pos: &usize) -> usize {
                *pos
            }
            fn position(&self, index: usize) -> usize {
                index
            }
            fn tiers(&self) -> usize {
                $crate::model::Indexed::len(self)
            }
            fn tier_range(&self, tier: usize) -> std::ops::Range<usize> {
                tier..tier + 1
            }
            $($extra)*
        }
    };
}
pub(crate) use numbered_by_itself;

/// The positions reachable from `pos` (itself included), by a plain walk, and checks that
/// `max_moves` bounds each one's moves and `reachable` is at most their number.
pub(crate) fn check_bounds<G: Game>(game: &G, pos: &G::Position) -> u64 {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![pos.clone()];
    let mut moves = Vec::new();
    seen.insert(pos.clone());
    while let Some(at) = todo.pop() {
        moves.clear();
        game.moves(&at, &mut moves);
        if let Some(bound) = game.max_moves(&at) {
            assert!(
                moves.len() as u64 <= bound,
                "more moves than max_moves says"
            );
        }
        for mv in moves.drain(..) {
            if seen.insert(mv.to.clone()) {
                todo.push(mv.to);
            }
        }
    }
    let count = seen.len() as u64;
    if let Some(bound) = game.reachable(pos) {
        assert!(
            bound <= count,
            "reachable says {bound}, the walk found {count}"
        );
    }
    count
}
