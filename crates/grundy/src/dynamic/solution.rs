//! What a solve answers ([`Solution`]: the value, the moves with theirs, the optimal moves
//! and a line) and what its caller asks for beyond the value ([`Ask`]).
//!
//! A position may have millions of moves (Lasker's Nim at a heap of 10^6 has 1.5 M of
//! them), while its value may take a formula. So a solution lists every move only when
//! asked ([`Ask::all_moves`]); otherwise, past [`LISTED_MOVES`] moves, it lists the first
//! [`LISTED_MOVES`] in the game's order with the winning and the optimal moves (at most
//! [`LISTED_MOVES`] of each), and [`MoveCounts`] counts them all. Every move's value is
//! still computed, since the values decide which moves are optimal; what a short listing
//! saves is a labelled move for each of the others.

use serde::{Deserialize, Serialize};

use super::datum::{Datum, DynMove};
use super::value::Value;
use crate::value::Outcome;

/// The most moves a [`Solution`] lists in the game's order unless [`Ask::all_moves`] asks
/// for all; the winning and the optimal moves past them are listed too, up to as many of
/// each.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::{Datum, DynGame, LISTED_MOVES};
/// let sol = builtin::lasker().solve(&Datum::ints([2000]), &grundy::Budget::default()).unwrap();
/// assert_eq!(sol.counts.moves, 3000);
/// assert!(sol.moves.len() < sol.counts.moves && sol.moves.len() <= 3 * LISTED_MOVES);
/// ```
pub const LISTED_MOVES: usize = 1_000;

/// A move with its value for the mover.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::{Datum, DynMove, MoveValue, Value};
/// let mv = DynMove { label: "take".into(), to: Datum::Int(0), points: 0, again: false };
/// let valued = MoveValue { index: 0, mv, value: Value::outcome(grundy::Outcome::Win) };
/// assert_eq!(valued.value.outcome, grundy::Outcome::Win);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveValue {
    /// Its place among all the position's moves, in the game's order, from 0 (the place in
    /// `DynGame::moves`).
    pub index: usize,
    /// The move.
    #[serde(flatten)]
    pub mv: DynMove,
    /// What it is worth to the mover (its nimber is the nimber of the position reached).
    pub value: Value,
}

/// How many moves a position has, and how many of them win or are optimal: what a
/// [`Solution`] that lists only some of its moves still counts.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::{Datum, DynGame, MoveCounts};
/// let sol = builtin::nim().solve(&Datum::ints([3, 5, 7]), &grundy::Budget::default()).unwrap();
/// assert_eq!(sol.counts, MoveCounts { moves: 15, winning: 3, optimal: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCounts {
    /// Every move of the position.
    pub moves: usize,
    /// The moves that win for the mover.
    pub winning: usize,
    /// The optimal moves.
    pub optimal: usize,
}

/// Everything `DynGame::solve` knows about a position.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::{Datum, DynGame};
/// use grundy::{Budget, Nimber, Outcome};
/// let nim = builtin::nim();
/// let sol = nim.solve(&Datum::ints([3, 5, 7]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Win);
/// assert_eq!(sol.value.nimber, Some(Nimber(1)));
/// assert_eq!(sol.optimal.len(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The position solved.
    pub position: Datum,
    /// Its value for the player to move.
    pub value: Value,
    /// The moves listed, in the game's order, each with its value for the mover: every
    /// move when there are at most [`LISTED_MOVES`] or [`Ask::all_moves`] asked for all,
    /// else the first [`LISTED_MOVES`] and the winning and optimal ones (`counts` has how
    /// many there are in all).
    pub moves: Vec<MoveValue>,
    /// How many moves the position has, winning and optimal moves among them.
    pub counts: MoveCounts,
    /// Indices into `moves` of the optimal moves listed, ascending: the quickest wins (or,
    /// losing, the longest resistance; all winning moves where remoteness is unknown), or
    /// the best score.
    pub optimal: Vec<usize>,
    /// A principal line: optimal moves for both sides from here, to the end of the game or
    /// `MAX_LINE` (the adapter's) moves (a loopy game's line stops where a
    /// position repeats; a line by a closed form's outcomes, where it has looked at
    /// `LINE_WORK` moves). Empty when `skipped`, unless a
    /// closed form gave it.
    pub line: Vec<DynMove>,
    /// True when remoteness and the principal line were left out because they would cost
    /// more than the value did (a sum searched by its components, a position whose
    /// whole-game search is large); [`Ask::remoteness`] asks for them whatever the cost.
    #[serde(default)]
    pub skipped: bool,
}

/// What a solve computes beyond the value.
///
/// By default ([`Ask::default`]) a solve computes the value by the cheapest sound route
/// (components, a closed form), then remoteness and a principal line only when they cost no
/// more than the value did (or are small anyway); otherwise the [`Solution`] says they were
/// `skipped`. `remoteness: true` asks for them whatever they cost (within the budget).
/// A position with more than [`LISTED_MOVES`] moves lists only some of them unless
/// `all_moves` asks for all.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::{Ask, Datum, DynGame};
/// use grundy::Budget;
/// let nim = builtin::nim();
/// let ask = Ask { remoteness: true, ..Ask::default() };
/// let sol = nim.solve_with(&Datum::ints([3, 5]), &Budget::default(), ask).unwrap();
/// assert!(!sol.skipped && sol.value.remoteness.is_some());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ask {
    /// Remoteness and a principal line whatever they cost.
    #[serde(default)]
    pub remoteness: bool,
    /// Every move listed, however many there are.
    #[serde(default)]
    pub all_moves: bool,
}

impl Solution {
    /// Whether `moves[index]` is optimal: a binary search of `optimal`, so that a front end
    /// marking every move of a position with millions of them stays linear.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
    /// let nim = builtin::nim();
    /// let sol = nim.solve(&Datum::ints([1, 2]), &grundy::Budget::default()).unwrap();
    /// let marked: Vec<usize> = (0..sol.moves.len()).filter(|&i| sol.is_optimal(i)).collect();
    /// assert_eq!(marked, sol.optimal);
    /// ```
    pub fn is_optimal(&self, index: usize) -> bool {
        self.optimal.binary_search(&index).is_ok()
    }

    /// Whether `moves` lists every move of the position.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Ask, Datum, DynGame};
    /// let (lasker, budget) = (builtin::lasker(), grundy::Budget::default());
    /// let big = Datum::ints([2000]);
    /// assert!(!lasker.solve(&big, &budget).unwrap().lists_every_move());
    /// let all = Ask { all_moves: true, ..Ask::default() };
    /// assert!(lasker.solve_with(&big, &budget, all).unwrap().lists_every_move());
    /// ```
    pub fn lists_every_move(&self) -> bool {
        self.moves.len() == self.counts.moves
    }
}

/// Which moves a solution lists, decided move by move in the game's order ([`Listing::push`]):
/// every move if asked, else the first [`LISTED_MOVES`] and the first [`LISTED_MOVES`]
/// winning and optimal ones; so a position with at most [`LISTED_MOVES`] moves lists all.
pub(crate) struct Listing {
    /// Whether every move is listed.
    all: bool,
    /// Indices of the moves listed.
    pub listed: Vec<usize>,
    /// Places in `listed` of the optimal moves listed.
    pub optimal: Vec<usize>,
    /// The winning moves listed.
    winning: usize,
    /// Every move so far, winning and optimal.
    pub counts: MoveCounts,
}

impl Listing {
    /// An empty listing; `all`: every move is to be listed.
    pub(crate) fn new(all: bool) -> Listing {
        Listing {
            all,
            listed: Vec::new(),
            optimal: Vec::new(),
            winning: 0,
            counts: MoveCounts {
                moves: 0,
                winning: 0,
                optimal: 0,
            },
        }
    }

    /// The listing of moves of `values` (each move's value for the mover) with the optimal
    /// moves `optimal` (ascending indices).
    pub(crate) fn of(values: &[Value], optimal: &[usize], all: bool) -> Listing {
        let mut listing = Listing::new(all);
        let mut next_optimal = optimal.iter().copied().peekable();
        for (i, value) in values.iter().enumerate() {
            let is_optimal = next_optimal.next_if_eq(&i).is_some();
            listing.push(value.outcome == Outcome::Win, is_optimal);
        }
        listing
    }

    /// Counts the next move, which `wins` for the mover or not and is `optimal` or not;
    /// true when it is listed.
    pub(crate) fn push(&mut self, wins: bool, optimal: bool) -> bool {
        let index = self.counts.moves;
        self.counts.moves += 1;
        self.counts.winning += usize::from(wins);
        self.counts.optimal += usize::from(optimal);
        let keep = self.all
            || index < LISTED_MOVES
            || (wins && self.winning < LISTED_MOVES)
            || (optimal && self.optimal.len() < LISTED_MOVES);
        if keep {
            self.winning += usize::from(wins);
            if optimal {
                self.optimal.push(self.listed.len());
            }
            self.listed.push(index);
        }
        keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(outcomes: &[Outcome]) -> Vec<Value> {
        outcomes.iter().map(|&o| Value::outcome(o)).collect()
    }

    /// A listing keeps, in order, exactly the moves the rule names, checked against the
    /// rule written out plainly on lists past the cap with wins and optima anywhere.
    #[test]
    fn a_listing_keeps_the_first_moves_and_the_winning_and_optimal_ones() {
        let n = 3 * LISTED_MOVES + 17;
        for (win_every, best_every) in [(1, 1), (7, 3), (2_000, 1), (1, 5), (3, 1_500)] {
            let outcomes: Vec<Outcome> = (0..n)
                .map(|i| match i % win_every == win_every - 1 {
                    true => Outcome::Win,
                    false => Outcome::Loss,
                })
                .collect();
            let optimal: Vec<usize> = (0..n).filter(|i| i % best_every == 1).collect();
            let listing = Listing::of(&values(&outcomes), &optimal, false);
            let wins: Vec<usize> = (0..n).filter(|&i| outcomes[i] == Outcome::Win).collect();
            let mut expected: Vec<usize> = (0..LISTED_MOVES)
                .chain(wins.iter().copied().take(LISTED_MOVES))
                .chain(optimal.iter().copied().take(LISTED_MOVES))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(listing.listed, expected, "{win_every} {best_every}");
            let places: Vec<usize> = listing.optimal.iter().map(|&p| listing.listed[p]).collect();
            let kept: Vec<usize> = optimal
                .iter()
                .copied()
                .filter(|i| expected.contains(i))
                .collect();
            assert_eq!(places, kept);
            let counts = MoveCounts {
                moves: n,
                winning: wins.len(),
                optimal: optimal.len(),
            };
            assert_eq!(listing.counts, counts);
            let all = Listing::of(&values(&outcomes), &optimal, true);
            assert_eq!(all.listed, (0..n).collect::<Vec<_>>());
            assert_eq!(all.optimal, optimal);
        }
    }
}
