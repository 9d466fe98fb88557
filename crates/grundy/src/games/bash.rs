//! The Bash game: one heap, a move takes 1 to `k` tokens.
//!
//! Taking the last token wins: the player to move loses exactly when `n ≡ 0 (mod k + 1)`,
//! `G(n) = n mod (k + 1)`, and the winning move takes `n mod (k + 1)` tokens.
//!
//! "Reach N and lose" (hdu4764): players write increasing numbers, each 1 to `k` above the
//! last (the first writes 1 to `k`); whoever writes a number `>= N` loses. Nobody writes
//! `>= N` while a smaller number is allowed, so from last number `x` this is the Bash game
//! on a heap of `N - 1 - x`: the first player loses exactly when `(N - 1) ≡ 0 (mod k + 1)`.

use crate::games::heaps::HeapRule;
use crate::model::{Game, Move};
use crate::value::{Nimber, Outcome};

/// The Bash game with at most `max_take` tokens per move (`max_take >= 1`).
///
/// # Examples
///
/// ```
/// use grundy::games::bash::Bash;
/// let bash = Bash::new(3).unwrap();
/// assert_eq!(bash.nimber(10).0, 2);
/// assert_eq!(bash.winning_take(10), Some(2));
/// assert_eq!(bash.winning_take(8), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bash {
    max_take: u64,
}

impl Bash {
    /// The game taking 1 to `max_take`; `None` when `max_take` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::games::bash::Bash::new(0).is_none());
    /// ```
    pub fn new(max_take: u64) -> Option<Bash> {
        (max_take >= 1).then_some(Bash { max_take })
    }

    /// The most tokens one move takes.
    pub fn max_take(&self) -> u64 {
        self.max_take
    }

    /// `G(n) = n mod (k + 1)`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::bash::Bash::new(1).unwrap().nimber(7).0, 1);
    /// ```
    pub fn nimber(&self, heap: u64) -> Nimber {
        Nimber(heap % self.max_take.saturating_add(1))
    }

    /// The number of tokens the winning move takes, `None` when the player to move loses.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::bash::Bash::new(2).unwrap().winning_take(4), Some(1));
    /// ```
    pub fn winning_take(&self, heap: u64) -> Option<u64> {
        let take = self.nimber(heap).0;
        (take > 0).then_some(take)
    }

    /// The outcome of "reach `target` and lose" for the first player (who writes 1 to `k`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::bash::Bash;
    /// use grundy::Outcome;
    /// // hdu4764's sample: N = 30, k = 3 wins; N = 10, k = 2 loses.
    /// assert_eq!(Bash::new(3).unwrap().reach_outcome(30), Outcome::Win);
    /// assert_eq!(Bash::new(2).unwrap().reach_outcome(10), Outcome::Loss);
    /// ```
    pub fn reach_outcome(&self, target: u64) -> Outcome {
        self.nimber(target.saturating_sub(1)).outcome()
    }
}

impl HeapRule for Bash {
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        out.extend((1..=self.max_take.min(heap)).map(|take| (heap - take, 0)));
    }
}

/// "Reach `target` and lose" as a game: the position is the last number written (0 before
/// the first move); a move writes a number 1 to `k` higher and below `target`. Writing
/// `target` or more loses at once, so it is never better than another move, and a player
/// left with no other move loses: exactly "no move".
///
/// # Examples
///
/// ```
/// use grundy::games::bash::{Bash, BashReach};
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
/// let game = BashReach { rule: Bash::new(3).unwrap(), target: 30 };
/// let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
/// assert_eq!(search.value(&0).unwrap(), Outcome::Win);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BashReach {
    /// The step rule (1 to `k`).
    pub rule: Bash,
    /// Writing this number or more loses.
    pub target: u64,
}

impl BashReach {
    /// The nimber of `pos`: Bash on the heap `target - 1 - pos` of numbers still safe to
    /// write (0 once `pos` reaches `target - 1`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::bash::{Bash, BashReach};
    /// let game = BashReach { rule: Bash::new(3).unwrap(), target: 30 };
    /// assert_eq!(game.nimber(0).0, 29 % 4);
    /// assert_eq!(game.nimber(40).0, 0);
    /// ```
    pub fn nimber(&self, pos: u64) -> Nimber {
        self.rule
            .nimber(self.target.saturating_sub(pos.saturating_add(1)))
    }
}

impl Game for BashReach {
    type Position = u64;

    fn moves(&self, pos: &u64, out: &mut Vec<Move<u64>>) {
        for step in 1..=self.rule.max_take {
            let next = pos.saturating_add(step);
            if next >= self.target {
                break;
            }
            out.push(Move::to(next));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heaps::{nimbers, Heaps};
    use crate::solve::grundy::GrundySolver;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::{Budget, Play};

    /// G(n) = n mod (k + 1) against the engine, every k <= 6 and heap <= 40.
    #[test]
    fn closed_form_matches_search() {
        let mut compared = 0;
        for k in 1..=6 {
            let bash = Bash::new(k).unwrap();
            let game = Heaps(bash);
            let mut solver = GrundySolver::new(&game, Budget::default());
            let table = nimbers(&bash, 40, &Budget::default()).unwrap();
            for n in 0..=40u64 {
                let engine = solver.nimber(&vec![n]).unwrap();
                assert_eq!(engine, bash.nimber(n), "k={k} n={n}");
                assert_eq!(table[n as usize], engine.0);
                compared += 1;
            }
        }
        assert_eq!(compared, 6 * 41);
    }

    /// The nimber of every position of "reach N and lose" against the engine, every
    /// k <= 5, N <= 30 and position <= N + 2.
    #[test]
    fn reach_nimbers_match_search() {
        let mut compared = 0;
        for k in 1..=5 {
            for target in 1..=30 {
                let game = BashReach {
                    rule: Bash::new(k).unwrap(),
                    target,
                };
                let mut solver = GrundySolver::without_components(&game, Budget::default());
                for pos in 0..=target + 2 {
                    assert_eq!(
                        solver.nimber(&pos).unwrap(),
                        game.nimber(pos),
                        "{k} {target} {pos}"
                    );
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 5 * (4..=33).sum::<u64>());
    }

    /// The "reach N and lose" outcome against the engine, every k <= 5 and N <= 40.
    #[test]
    fn reach_form_matches_search() {
        let mut compared = 0;
        for k in 1..=5 {
            for target in 1..=40 {
                let game = BashReach {
                    rule: Bash::new(k).unwrap(),
                    target,
                };
                let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
                assert_eq!(
                    search.value(&0).unwrap(),
                    game.rule.reach_outcome(target),
                    "k={k} N={target}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 200);
    }
}
