//! Team Nim (poj2068): two teams of players seated alternately round a table share one heap.
//!
//! The player in seat `i` takes from 1 to `limits[i]` stones; play goes round the table, and
//! whoever takes the last stone loses for the team. Seats alternate between the teams, so
//! every move passes the turn to the other team: it is a two-player game whose positions are
//! (stones left, seat to move). A position with no stones has no moves and is a win for the
//! player to move, whose opponent took the last stone; that is misère play
//! ([`Play::Misere`](crate::value::Play::Misere)), solved by the memo search.
//!
//! [`TeamNim::outcome`] is the fast path the judge uses: the same values bottom-up in a dense
//! table over (stones, seat), with no hashing (tested against the memo search).

use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::value::Outcome;

/// Team Nim with the given take limits, one per seat, seat 0 moving first.
///
/// # Examples
///
/// ```
/// use grundy::games::team_nim::{Seat, TeamNim};
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
///
/// // poj2068's first sample: two players taking 1 to 4 from 101 stones; the first loses.
/// let game = TeamNim::new(vec![4, 4]).unwrap();
/// let mut search = MemoSearch::new(&game, Outcomes(Play::Misere), Budget::default());
/// assert_eq!(search.value(&Seat { stones: 101, seat: 0 }).unwrap(), Outcome::Loss);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamNim {
    limits: Vec<u32>,
}

/// A position: the stones left and the seat (0-based) of the player to move.
///
/// # Examples
///
/// ```
/// let start = grundy::games::team_nim::Seat { stones: 10, seat: 0 };
/// assert_eq!(start.stones, 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// Stones left on the table.
    pub stones: u32,
    /// The seat to move, `0..seats`.
    pub seat: u32,
}

impl TeamNim {
    /// Team Nim for seats with these take limits (seat 0 first; even seats are the first
    /// team). `None` unless there is an even, positive number of seats with positive limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::team_nim::TeamNim;
    /// assert!(TeamNim::new(vec![3, 3]).is_some());
    /// assert!(TeamNim::new(vec![3]).is_none());
    /// assert!(TeamNim::new(vec![3, 0]).is_none());
    /// ```
    pub fn new(limits: Vec<u32>) -> Option<TeamNim> {
        let valid =
            !limits.is_empty() && limits.len().is_multiple_of(2) && limits.iter().all(|&m| m > 0);
        valid.then_some(TeamNim { limits })
    }

    /// The take limit of each seat.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::team_nim::TeamNim::new(vec![1, 2]).unwrap();
    /// assert_eq!(game.limits(), &[1, 2]);
    /// ```
    pub fn limits(&self) -> &[u32] {
        &self.limits
    }

    /// The outcome of `pos` for the player to move, from a dense table of every (stones,
    /// seat) with at most `pos.stones` stones, filled bottom-up: the same values as the memo
    /// search under misère play, with a running count of losses per seat so that a position
    /// costs O(1) whatever its take limit (4 bytes per position, no hashing).
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] when the table's positions or bytes exceed `budget`, checked
    /// before allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::team_nim::{Seat, TeamNim};
    /// use grundy::{Budget, Outcome};
    ///
    /// // poj2068's samples: `1 101 4 4` gives 0 and `1 100 4 4` gives 1.
    /// let game = TeamNim::new(vec![4, 4]).unwrap();
    /// let budget = Budget::default();
    /// assert_eq!(game.outcome(&Seat { stones: 101, seat: 0 }, &budget).unwrap(), Outcome::Loss);
    /// assert_eq!(game.outcome(&Seat { stones: 100, seat: 0 }, &budget).unwrap(), Outcome::Win);
    /// ```
    pub fn outcome(&self, pos: &Seat, budget: &Budget) -> Result<Outcome, SolveError> {
        let seats = self.limits.len();
        let len = (u64::from(pos.stones) + 1).saturating_mul(seats as u64);
        budget.check_positions(len)?;
        budget.check_bytes(len.saturating_mul(4))?;
        // losses[stones * seats + seat]: how many of 0..=stones stones left are a loss for the
        // player in `seat`. With none left the opponent took the last stone, so the mover
        // wins; a move wins when some successor in the window of takes is a loss, which the
        // running counts answer without visiting the takes.
        let mut losses = vec![0u32; len as usize];
        let mut win = true;
        for stones in 1..=pos.stones as usize {
            for seat in 0..seats {
                let next = (seat + 1) % seats;
                let most = (self.limits[seat] as usize).min(stones);
                let upto = losses[(stones - 1) * seats + next];
                let below = match stones.checked_sub(most + 1) {
                    Some(low) => losses[low * seats + next],
                    None => 0,
                };
                let wins = upto > below;
                if stones == pos.stones as usize && seat == pos.seat as usize % seats {
                    win = wins;
                }
                losses[stones * seats + seat] =
                    losses[(stones - 1) * seats + seat] + u32::from(!wins);
            }
        }
        Ok(if win { Outcome::Win } else { Outcome::Loss })
    }
}

impl Game for TeamNim {
    type Position = Seat;

    fn moves(&self, pos: &Seat, out: &mut Vec<Move<Seat>>) {
        let next_seat = (pos.seat + 1) % self.limits.len() as u32;
        let most = self.limits[pos.seat as usize].min(pos.stones);
        out.extend((1..=most).map(|take| {
            Move::to(Seat {
                stones: pos.stones - take,
                seat: next_seat,
            })
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::{Budget, Outcome, Play};

    /// Whether the team of `seat` wins with `stones` left, by plain recursion from the rules.
    fn plain(limits: &[u32], stones: u32, seat: usize) -> bool {
        if stones == 0 {
            return true;
        }
        (1..=limits[seat].min(stones))
            .any(|take| !plain(limits, stones - take, (seat + 1) % limits.len()))
    }

    /// poj2068's samples: `1 101 4 4` gives 0, `1 100 4 4` gives 1, `3 97 8 7 6 5 4 3` gives 1.
    #[test]
    fn samples() {
        for (limits, stones, wins) in [
            (vec![4, 4], 101, false),
            (vec![4, 4], 100, true),
            (vec![8, 7, 6, 5, 4, 3], 97, true),
        ] {
            let game = TeamNim::new(limits).unwrap();
            let mut search = MemoSearch::new(&game, Outcomes(Play::Misere), Budget::default());
            let value = search.value(&Seat { stones, seat: 0 }).unwrap();
            assert_eq!(value == Outcome::Win, wins);
        }
    }

    /// The memo search agrees with plain recursion on every small table.
    #[test]
    fn matches_plain_recursion() {
        let mut compared = 0;
        for limits in [
            vec![1, 1],
            vec![2, 3],
            vec![3, 1, 2, 2],
            vec![1, 4, 2, 3, 1, 2],
        ] {
            let game = TeamNim::new(limits.clone()).unwrap();
            let mut search = MemoSearch::new(&game, Outcomes(Play::Misere), Budget::default());
            for stones in 0..16 {
                for seat in 0..limits.len() {
                    let pos = Seat {
                        stones,
                        seat: seat as u32,
                    };
                    let value = search.value(&pos).unwrap();
                    assert_eq!(value == Outcome::Win, plain(&limits, stones, seat));
                    assert_eq!(game.outcome(&pos, &Budget::default()).unwrap(), value);
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 16 * (2 + 2 + 4 + 6));
    }

    /// The dense table agrees with the memo search on every position of random tables with
    /// up to 8 seats and 200 stones (20 tables, 1,000 positions or more each).
    #[test]
    fn dense_table_matches_memo_search() {
        let mut state = 15u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        let mut compared = 0;
        for _ in 0..20 {
            let seats = 2 * (1 + next(4) as usize);
            let limits: Vec<u32> = (0..seats).map(|_| 1 + next(16) as u32).collect();
            let game = TeamNim::new(limits).unwrap();
            let mut search = MemoSearch::new(&game, Outcomes(Play::Misere), Budget::default());
            for stones in 0..200 {
                for seat in 0..seats as u32 {
                    let pos = Seat { stones, seat };
                    let fast = game.outcome(&pos, &Budget::default()).unwrap();
                    assert_eq!(fast, search.value(&pos).unwrap(), "{pos:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared >= 20 * 200 * 2);
    }

    /// A table beyond the budget is refused before allocating.
    #[test]
    fn dense_table_checks_the_budget() {
        let game = TeamNim::new(vec![3, 3]).unwrap();
        let pos = Seat {
            stones: 1000,
            seat: 0,
        };
        assert!(game
            .outcome(&pos, &Budget::default().with_bytes(100))
            .is_err());
    }
}
