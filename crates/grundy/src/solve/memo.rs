//! Memoized depth-first search for outcomes and exact scores.
//!
//! One search loop serves both: an [`Evaluation`] says what a position with no moves is
//! worth, what a move is worth given its successor's value, and which of two values the
//! mover prefers. [`Outcomes`] gives win/loss under normal or misère play; [`Scores`] gives
//! the best points difference (negamax). A move that grants another turn passes its
//! successor's value through unnegated: the mover is still to move.
//!
//! The search keeps its own stack, so a chain of ten million positions solves without
//! touching the call stack, and it keeps every move list in one shared buffer, so a node
//! costs one [`Game::moves`] call and no allocation. Positions still on the stack are marked
//! in the table; meeting one again means the game is loopy, reported as
//! [`SolveError::Cycle`] (see [`crate::solve::retrograde`] for those games).
//!
//! Hash probes are the cost of a memo search, so a position opens by probing all its
//! successors for one already solved that settles its value (a losing successor, for
//! outcomes) before descending into any; those probes do not depend on each other, so their
//! cache misses overlap. A finished position hands its value straight to its parent, which
//! does not probe for it again.

use std::hash::BuildHasherDefault;
use std::mem::size_of;

use rustc_hash::FxHasher;

use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::value::{Outcome, Play};

type FxIndexMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;

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

/// A memoized negamax search over any [`Game`], with its transposition table.
///
/// The table persists between queries, so asking for many positions of one game shares work.
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
///
/// let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default());
/// assert_eq!(search.value(&vec![1, 2, 3]).unwrap(), Outcome::Loss);
/// assert_eq!(search.value(&vec![1, 2, 4]).unwrap(), Outcome::Win);
/// ```
pub struct MemoSearch<'g, G: Game, E: Evaluation> {
    game: &'g G,
    rule: E,
    budget: Budget,
    table: FxIndexMap<G::Position, Entry<E::Value>>,
}

#[derive(Clone, Copy, Debug)]
enum Entry<V> {
    /// On the search stack: its value is being computed.
    Open,
    Solved(V),
}

/// One position being searched: its moves are `moves[start..end]` of the shared buffer.
struct Frame<P, V> {
    pos: P,
    start: usize,
    next: usize,
    best: Option<V>,
}

impl<'g, G: Game, E: Evaluation> MemoSearch<'g, G, E> {
    /// A search of `game` under `rule`, storing at most what `budget` allows.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::memo::{MemoSearch, Scores};
    /// let search = MemoSearch::new(&grundy::games::nim::Nim, Scores, grundy::Budget::default());
    /// assert_eq!(search.len(), 0);
    /// ```
    pub fn new(game: &'g G, rule: E, budget: Budget) -> Self {
        MemoSearch {
            game,
            rule,
            budget,
            table: FxIndexMap::default(),
        }
    }

    /// The number of positions solved and stored so far.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True when nothing is stored yet.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The bytes one stored position takes in the table (excluding heap data the position
    /// itself owns, and the hash table's spare capacity).
    pub fn bytes_per_position() -> usize {
        size_of::<(G::Position, Entry<E::Value>)>() + 1
    }

    /// The game being searched.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The evaluation rule.
    pub fn rule(&self) -> &E {
        &self.rule
    }

    /// The value of `pos` for the player to move.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] when the table would outgrow the budget,
    /// [`SolveError::Cycle`] when a position repeats, [`SolveError::Interrupted`] when
    /// cancelled. The table keeps what was solved before the error; no partial value is kept.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::nim::Nim;
    /// use grundy::solve::memo::{MemoSearch, Outcomes};
    /// use grundy::{Budget, Outcome, Play, SolveError};
    /// let mut tight = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default().with_positions(3));
    /// assert!(matches!(tight.value(&vec![10, 10]), Err(SolveError::TooLarge { .. })));
    /// ```
    pub fn value(&mut self, pos: &G::Position) -> Result<E::Value, SolveError> {
        if let Some(Entry::Solved(v)) = self.table.get(pos) {
            return Ok(*v);
        }
        let mut stack: Vec<Frame<G::Position, E::Value>> = Vec::new();
        let mut moves: Vec<Move<G::Position>> = Vec::new();
        let res = self.run(pos, &mut stack, &mut moves);
        if res.is_err() {
            // Forget the positions that were still open: they have no value.
            for frame in stack {
                self.table.remove(&frame.pos);
            }
        }
        res
    }

    fn open(
        &mut self,
        pos: G::Position,
        stack: &mut Vec<Frame<G::Position, E::Value>>,
        moves: &mut Vec<Move<G::Position>>,
    ) -> Result<(), SolveError> {
        let needed = self.table.len() as u64 + 1;
        self.budget.check_positions(needed)?;
        self.budget
            .check_bytes(needed * Self::bytes_per_position() as u64)?;
        if needed.is_multiple_of(65_536) {
            self.budget.check_cancelled()?;
        }
        let start = moves.len();
        self.game.moves(&pos, moves);
        self.table.insert(pos.clone(), Entry::Open);
        let mut frame = Frame {
            pos,
            start,
            next: start,
            best: None,
        };
        // A solved successor that settles the value saves descending into the others.
        let scan = if self.rule.cuts_off() {
            start
        } else {
            moves.len()
        };
        for mv in &moves[scan..] {
            if let Some(Entry::Solved(next)) = self.table.get(&mv.to) {
                let v = self.rule.through(mv.points, mv.again, *next);
                if self.rule.is_best(v) {
                    frame.best = Some(v);
                    frame.next = moves.len();
                    break;
                }
            }
        }
        stack.push(frame);
        Ok(())
    }

    fn run(
        &mut self,
        root: &G::Position,
        stack: &mut Vec<Frame<G::Position, E::Value>>,
        moves: &mut Vec<Move<G::Position>>,
    ) -> Result<E::Value, SolveError> {
        self.open(root.clone(), stack, moves)?;
        loop {
            let frame = stack.last_mut().expect("the root frame is on the stack");
            let mut descend = None;
            while frame.next < moves.len() {
                let mv = &moves[frame.next];
                match self.table.get(&mv.to) {
                    Some(Entry::Solved(next)) => {
                        let v = self.rule.through(mv.points, mv.again, *next);
                        let best = match frame.best {
                            Some(b) => self.rule.better(b, v),
                            None => v,
                        };
                        frame.best = Some(best);
                        frame.next += 1;
                        if self.rule.is_best(best) {
                            frame.next = moves.len();
                        }
                    }
                    Some(Entry::Open) => return Err(SolveError::Cycle),
                    None => {
                        descend = Some(mv.to.clone());
                        break;
                    }
                }
            }
            if let Some(child) = descend {
                self.open(child, stack, moves)?;
                continue;
            }
            let frame = stack.pop().expect("the frame just examined");
            moves.truncate(frame.start);
            let value = frame.best.unwrap_or_else(|| self.rule.terminal());
            if let Some(e) = self.table.get_mut(&frame.pos) {
                *e = Entry::Solved(value);
            }
            // The parent's current move led here: hand it the value without a probe.
            let Some(parent) = stack.last_mut() else {
                return Ok(value);
            };
            let mv = &moves[parent.next];
            let v = self.rule.through(mv.points, mv.again, value);
            let best = match parent.best {
                Some(b) => self.rule.better(b, v),
                None => v,
            };
            parent.best = Some(best);
            parent.next += 1;
            if self.rule.is_best(best) {
                parent.next = moves.len();
            }
        }
    }
}

/// Outcome search: win or loss for the player to move.
pub type OutcomeSearch<'g, G> = MemoSearch<'g, G, Outcomes>;

/// Score search: the best points difference for the player to move.
pub type ScoreSearch<'g, G> = MemoSearch<'g, G, Scores>;

#[cfg(test)]
mod tests;
