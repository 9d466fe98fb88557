//! What a search's values are: how a position with no moves, a move and a choice between
//! two values combine ([`Evaluation`]), for outcomes ([`Outcomes`]) or scores ([`Scores`]).

use crate::value::{Outcome, Play};

/// How values combine in a negamax search.
///
/// # Examples
///
/// ```
/// use grundy::solve::memo::{Evaluation, Outcomes};
/// use grundy::{Outcome, Play};
/// let rule = Outcomes(Play::Normal);
/// assert_eq!(rule.terminal(), Outcome::Loss);
/// assert_eq!(rule.through(0, false, Outcome::Loss), Outcome::Win);
/// ```
pub trait Evaluation {
    /// The value of a position for the player to move.
    type Value: Copy + PartialEq + std::fmt::Debug;

    /// The value of a position with no moves.
    fn terminal(&self) -> Self::Value;

    /// The value for the mover of a move earning `points`, leading to a position worth
    /// `next` to the player then to move (the mover again when `again`).
    fn through(&self, points: i64, again: bool, next: Self::Value) -> Self::Value;

    /// The value the mover prefers of `a` and `b`.
    fn better(&self, a: Self::Value, b: Self::Value) -> Self::Value;

    /// True when no move can do better than `value` (the search stops there).
    fn is_best(&self, value: Self::Value) -> bool;

    /// False when [`Evaluation::is_best`] never holds: the search then does not look among a
    /// position's solved successors for one that settles it before descending.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::memo::{Evaluation, Outcomes, Scores};
    /// assert!(Outcomes(grundy::Play::Normal).cuts_off());
    /// assert!(!Scores.cuts_off());
    /// ```
    fn cuts_off(&self) -> bool {
        true
    }
}

/// Win or loss for the player to move under the given play convention.
///
/// # Examples
///
/// ```
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::games::nim::Nim;
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&Nim, Outcomes(Play::Misere), Budget::default());
/// assert_eq!(search.value(&vec![1]).unwrap(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcomes(pub Play);

impl Evaluation for Outcomes {
    type Value = Outcome;

    fn terminal(&self) -> Outcome {
        self.0.terminal()
    }

    fn through(&self, _points: i64, again: bool, next: Outcome) -> Outcome {
        if again {
            next
        } else {
            next.flip()
        }
    }

    fn better(&self, a: Outcome, b: Outcome) -> Outcome {
        let rank = |o| match o {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        };
        if rank(b) > rank(a) {
            b
        } else {
            a
        }
    }

    fn is_best(&self, value: Outcome) -> bool {
        value == Outcome::Win
    }
}

/// The best points difference (mover's points minus the other's) from here to the end.
/// A position with no moves is worth 0.
///
/// # Examples
///
/// ```
/// use grundy::solve::memo::{Evaluation, Scores};
/// assert_eq!(Scores.through(3, false, 5), -2);
/// assert_eq!(Scores.through(3, true, 5), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scores;

impl Evaluation for Scores {
    type Value = i64;

    fn terminal(&self) -> i64 {
        0
    }

    fn through(&self, points: i64, again: bool, next: i64) -> i64 {
        if again {
            points + next
        } else {
            points - next
        }
    }

    fn better(&self, a: i64, b: i64) -> i64 {
        a.max(b)
    }

    fn is_best(&self, _value: i64) -> bool {
        false
    }

    fn cuts_off(&self) -> bool {
        false
    }
}
