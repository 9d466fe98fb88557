//! A position with more moves than the remoteness search may list, solved by a closed form
//! while its moves are built one at a time ([`Game::for_each_move`]): no list of every
//! move, only the moves the [`Solution`] lists ([`Listing`]). Lasker's Nim at a heap of
//! 10^6 has 1.5 M moves; its value is a formula, and so is each move's.
//!
//! The answer is the one the listed route gives with its remoteness skipped (the
//! remoteness search would list more moves at the root alone than it may): the same
//! value, the same values of the moves listed, the same counts and the same line (by
//! outcomes, [`Adapter::line_by`]). A position with fewer moves than its bound said goes
//! the listed route.

use std::ops::ControlFlow;

use super::engine::Adapter;
use super::limits::REMOTENESS_WORK;
use super::notation::Notation;
use super::solve::Closed;
use crate::dynamic::{Ask, DynError, Kind, Listing, MoveValue, Solution};
use crate::limits::Budget;
use crate::model::Game;
use crate::value::{Outcome, Play};

/// How many moves go by between two looks at the cancel flag.
const CANCEL_EVERY: usize = 1 << 16;

impl<G: Game, N: Notation<G::Position>> Adapter<G, N> {
    /// `pos` solved by a closed form, its moves looked at one at a time, when it has more
    /// than [`REMOTENESS_WORK`] moves, the game has a closed form for this kind of value
    /// and neither remoteness nor every move was asked for; `None` otherwise.
    pub(super) fn solve_streamed(
        &self,
        pos: &G::Position,
        budget: &Budget,
        ask: Ask,
    ) -> Result<Option<Solution>, DynError> {
        let game = &self.game.game;
        let many = game.max_moves(pos).is_some_and(|m| m > REMOTENESS_WORK);
        if ask.remoteness || ask.all_moves || !many {
            return Ok(None);
        }
        let form = match self.kind {
            Kind::Impartial { play: Play::Normal } => self.closed_form(pos, budget),
            Kind::Impartial { .. } | Kind::WinLoss { .. } => self.outcome_of.map(Closed::Outcomes),
            Kind::Scoring | Kind::Loopy { .. } | Kind::Partizan => None,
        };
        let Some(form) = form else {
            return Ok(None);
        };
        let value = form.value(game, pos);
        let mut listing = Listing::new(false);
        let mut moves = Vec::new();
        let mut stopped = Ok(());
        game.for_each_move(pos, &mut |mv| {
            let valued = form.move_value(game, mv);
            let wins = valued.outcome == Outcome::Win;
            if listing.push(wins, valued.outcome == value.outcome) {
                moves.push(MoveValue {
                    index: listing.counts.moves - 1,
                    mv: self.dyn_move(pos, mv),
                    value: valued,
                });
            }
            if listing.counts.moves.is_multiple_of(CANCEL_EVERY) {
                stopped = budget.check_cancelled();
                if stopped.is_err() {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        stopped?;
        if listing.counts.moves as u64 <= REMOTENESS_WORK {
            return Ok(None);
        }
        let line = self.line_by(pos, |mv| form.loses(game, &mv.to) != mv.again);
        Ok(Some(Solution {
            position: self.notation.to_datum(pos),
            value,
            moves,
            counts: listing.counts,
            optimal: listing.optimal,
            line: self.dyn_line(pos, &line),
            skipped: true,
        }))
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use crate::adapter::REMOTENESS_WORK;
    use crate::catalog::builtin;
    use crate::catalog::builtin::HeapRow;
    use crate::dynamic::Listing;
    use crate::dynamic::{Ask, Datum};
    use crate::games::grundy_game::GrundyGame;
    use crate::games::lasker::Lasker;
    use crate::games::nim::Nim;
    use crate::games::staircase::Staircase;
    use crate::games::subtraction::Subtraction;
    use crate::games::wythoff::Wythoff;
    use crate::limits::Budget;
    use crate::model::Game;
    use crate::value::Outcome;

    /// Positions with more moves than the remoteness search may list, solved move by move,
    /// answer as the listed route does when it lists every move: the same value, counts and
    /// line, and each move listed the same as the listed route's move of that index, chosen
    /// by the listing's rule. Wins and losses, nimbers (Nim, Lasker's Nim) and outcomes
    /// alone (misère Nim; Wythoff's game, too large for its nimbers), Staircase Nim.
    #[test]
    fn streamed_solutions_are_the_listed_ones() {
        let budget = Budget::default();
        let every = Ask {
            all_moves: true,
            ..Ask::default()
        };
        let cases = [
            (builtin::lasker(), Datum::ints([180_000])),
            (builtin::lasker(), Datum::ints([90_001, 90_002])),
            (builtin::nim(), Datum::ints([140_000, 140_000])),
            (builtin::nim(), Datum::ints([100_000, 90_000, 80_000])),
            (builtin::misere_nim(), Datum::ints([140_000, 140_000])),
            (builtin::misere_nim(), Datum::ints([1, 140_000, 140_000])),
            (builtin::wythoff(), Datum::ints([100_000, 161_803])),
            (builtin::wythoff(), Datum::ints([100_000, 161_804])),
            (
                builtin::staircase(),
                Datum::ints([100_000, 100_000, 90_000]),
            ),
        ];
        let mut outcomes = Vec::new();
        for (game, pos) in cases {
            let streamed = game.solve(&pos, &budget).unwrap();
            let listed = game.solve_with(&pos, &budget, every).unwrap();
            let name = format!("{} {pos}", game.name());
            assert!(streamed.counts.moves as u64 > REMOTENESS_WORK, "{name}");
            assert!(streamed.moves.len() < streamed.counts.moves, "{name}");
            assert!(listed.lists_every_move(), "{name}");
            assert_eq!(streamed.value, listed.value, "{name}");
            assert_eq!(streamed.counts, listed.counts, "{name}");
            assert_eq!(streamed.line, listed.line, "{name}");
            assert!(streamed.skipped && listed.skipped, "{name}");
            let values: Vec<_> = listed.moves.iter().map(|m| m.value).collect();
            let rule = Listing::of(&values, &listed.optimal, false);
            let indices: Vec<usize> = streamed.moves.iter().map(|m| m.index).collect();
            assert_eq!(indices, rule.listed, "{name}");
            assert_eq!(streamed.optimal, rule.optimal, "{name}");
            for mv in &streamed.moves {
                assert_eq!(mv, &listed.moves[mv.index], "{name}");
            }
            outcomes.push(streamed.value.outcome);
        }
        assert!(outcomes.contains(&Outcome::Win) && outcomes.contains(&Outcome::Loss));
    }

    /// The games that build their moves one at a time give the moves they list, in the
    /// same order, and stop where the visitor breaks.
    #[test]
    fn moves_one_at_a_time_are_the_listed_moves() {
        fn same<G: Game>(game: &G, positions: &[G::Position])
        where
            G::Position: std::fmt::Debug,
        {
            for pos in positions {
                let mut listed = Vec::new();
                game.moves(pos, &mut listed);
                let mut visited = Vec::new();
                game.for_each_move(pos, &mut |mv| {
                    visited.push(mv.clone());
                    ControlFlow::Continue(())
                });
                assert_eq!(visited, listed, "{pos:?}");
                for stop in 1..listed.len().min(12) {
                    let mut seen = 0;
                    game.for_each_move(pos, &mut |_| {
                        seen += 1;
                        match seen == stop {
                            true => ControlFlow::Break(()),
                            false => ControlFlow::Continue(()),
                        }
                    });
                    assert_eq!(seen, stop, "{pos:?}");
                }
            }
        }
        let rows: Vec<Vec<u64>> = vec![vec![], vec![0], vec![7], vec![3, 0, 5], vec![6, 6, 1, 9]];
        same(&Nim, &rows);
        same(&Staircase, &rows);
        same(&HeapRow(Lasker), &rows);
        same(&HeapRow(GrundyGame), &rows);
        same(&HeapRow(Subtraction::new("1,3,4".parse().unwrap())), &rows);
        let pairs: Vec<(u64, u64)> = vec![(0, 0), (0, 3), (4, 0), (3, 5), (7, 7)];
        same(&Wythoff, &pairs);
    }

    /// A position with few moves (however large) goes the listed route and lists them all.
    #[test]
    fn few_moves_are_all_listed() {
        let sol = builtin::nim()
            .solve(&Datum::ints([3, 5, 7]), &Budget::default())
            .unwrap();
        assert!(sol.lists_every_move());
        assert_eq!(
            sol.moves.iter().map(|m| m.index).collect::<Vec<_>>(),
            (0..15).collect::<Vec<_>>()
        );
    }
}
