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
//!
//! The loop is written once over its table: the hash table of [`MemoSearch`], or, for an
//! [`crate::model::Indexed`] game, the 2-bit cells of [`dense::DenseOutcomeSearch`], which
//! stay in the caches where a hash table does not.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};
use std::mem::size_of;

use rustc_hash::FxHasher;

use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::solve::grundy::check_moves;
use crate::value::{Outcome, Play};

type FxIndexMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

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
/// For an [`crate::model::Indexed`] game whose index space fits the budget,
/// [`dense::DenseOutcomeSearch`] runs the same search for outcomes on a 2-bit table.
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
    /// Moves listed so far, for the budget's work limit.
    listed: u64,
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
            listed: 0,
        }
    }

    /// The budget the search runs under.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::memo::{MemoSearch, Scores};
    /// let search = MemoSearch::new(&grundy::games::nim::Nim, Scores, grundy::Budget::default().with_positions(9));
    /// assert_eq!(search.budget().positions(), 9);
    /// ```
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The same search, starting from `table` (solved earlier for the same game and rule).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::memo::{MemoSearch, MemoTable, Scores};
    /// let search = MemoSearch::new(&grundy::games::nim::Nim, Scores, grundy::Budget::default())
    ///     .with_table(MemoTable::default());
    /// assert!(search.is_empty());
    /// ```
    pub fn with_table(mut self, table: MemoTable<G::Position, E::Value>) -> Self {
        self.table = table.0;
        self
    }

    /// The table of solved positions, for [`MemoSearch::with_table`] later.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::memo::{MemoSearch, Scores};
    /// let mut search = MemoSearch::new(&grundy::games::nim::Nim, Scores, grundy::Budget::default());
    /// search.value(&vec![1]).unwrap();
    /// assert_eq!(search.into_table().len(), 2);
    /// ```
    pub fn into_table(self) -> MemoTable<G::Position, E::Value> {
        MemoTable(self.table)
    }

    /// The number of positions solved and stored so far.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// The moves this search has listed so far (its cost, roughly).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::solve::memo::{MemoSearch, Scores};
    /// let mut search = MemoSearch::new(&grundy::games::nim::Nim, Scores, grundy::Budget::default());
    /// search.value(&vec![2]).unwrap();
    /// assert_eq!(search.listed(), 3); // 2 -> 1, 2 -> 0, 1 -> 0
    /// ```
    pub fn listed(&self) -> u64 {
        self.listed
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
    /// [`SolveError::TooLarge`] when the table would outgrow the budget (or the search
    /// would list more moves than its work limit), [`SolveError::Cycle`] when a position repeats, [`SolveError::Interrupted`] when
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
        let (game, budget, listed) = (self.game, &self.budget, &mut self.listed);
        search(
            &mut self.table,
            &self.rule,
            budget,
            |p, out| {
                check_moves(game, p, out.len(), budget)?;
                let start = out.len();
                game.moves(p, out);
                *listed += (out.len() - start) as u64;
                budget.check_work(*listed)
            },
            pos,
        )
    }
}

/// The transposition table of a [`MemoSearch`], detached from its game, so that an owner of
/// the game (which a search borrows) can keep solved positions between searches.
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::solve::memo::{MemoSearch, MemoTable, Outcomes};
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default());
/// search.value(&vec![2, 3]).unwrap();
/// let table: MemoTable<Vec<u64>, Outcome> = search.into_table();
/// let again = MemoSearch::new(&Nim, Outcomes(Play::Normal), Budget::default()).with_table(table);
/// assert!(!again.is_empty());
/// ```
pub struct MemoTable<P, V>(FxIndexMap<P, Entry<V>>);

impl<P, V> Default for MemoTable<P, V> {
    fn default() -> Self {
        MemoTable(FxIndexMap::default())
    }
}

impl<P, V> MemoTable<P, V> {
    /// The number of positions stored.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::solve::memo::MemoTable::<u8, i64>::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when nothing is stored.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::solve::memo::MemoTable::<u8, i64>::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What a table holds for a position it knows.
#[derive(Clone, Copy, Debug)]
enum Entry<V> {
    /// On the search stack: its value is being computed.
    Open,
    Solved(V),
}

/// The transposition table of a search, over positions named by `Key`: the hash table of
/// [`MemoSearch`], or the dense cells of [`dense::DenseOutcomeSearch`].
trait Table {
    type Key: Clone;
    type Value: Copy;

    /// What is stored for `key` (`None`: nothing yet).
    fn get(&self, key: &Self::Key) -> Option<Entry<Self::Value>>;

    /// Marks `key` (not stored yet) open, once one more position fits `budget`.
    fn open(&mut self, key: &Self::Key, budget: &Budget) -> Result<(), SolveError>;

    /// Stores the value of the open position `key`.
    fn store(&mut self, key: &Self::Key, value: Self::Value);

    /// Drops the open position `key`.
    fn forget(&mut self, key: &Self::Key);

    /// The positions stored, open ones included.
    fn len(&self) -> usize;
}

impl<P: Clone + Eq + Hash, V: Copy> Table for FxIndexMap<P, Entry<V>> {
    type Key = P;
    type Value = V;

    #[inline]
    fn get(&self, key: &P) -> Option<Entry<V>> {
        HashMap::get(self, key).copied()
    }

    #[inline]
    fn open(&mut self, key: &P, budget: &Budget) -> Result<(), SolveError> {
        let needed = HashMap::len(self) as u64 + 1;
        budget.check_positions(needed)?;
        budget.check_bytes(needed * (size_of::<(P, Entry<V>)>() as u64 + 1))?;
        self.insert(key.clone(), Entry::Open);
        Ok(())
    }

    #[inline]
    fn store(&mut self, key: &P, value: V) {
        if let Some(e) = self.get_mut(key) {
            *e = Entry::Solved(value);
        }
    }

    fn forget(&mut self, key: &P) {
        self.remove(key);
    }

    fn len(&self) -> usize {
        HashMap::len(self)
    }
}

/// The value of `root` under `rule`, searched depth first over `table`, generating moves
/// with `moves_of` (which appends to its buffer). After an error, the positions still open
/// are dropped from the table.
fn search<T, E, M>(
    table: &mut T,
    rule: &E,
    budget: &Budget,
    moves_of: M,
    root: &T::Key,
) -> Result<E::Value, SolveError>
where
    T: Table,
    E: Evaluation<Value = T::Value>,
    M: FnMut(&T::Key, &mut Vec<Move<T::Key>>) -> Result<(), SolveError>,
{
    if let Some(Entry::Solved(v)) = table.get(root) {
        return Ok(v);
    }
    let mut run = Run {
        table,
        rule,
        budget,
        moves_of,
        stack: Vec::new(),
        moves: Vec::new(),
    };
    let res = run.run(root);
    if res.is_err() {
        // Forget the positions that were still open: they have no value.
        for frame in run.stack {
            run.table.forget(&frame.pos);
        }
    }
    res
}

/// One position being searched: its moves are `moves[start..end]` of the shared buffer.
struct Frame<P, V> {
    pos: P,
    start: usize,
    next: usize,
    best: Option<V>,
}

/// The state of one [`search`]: the table, the stack, and every open position's moves in one
/// shared buffer.
struct Run<'a, T: Table, E, M> {
    table: &'a mut T,
    rule: &'a E,
    budget: &'a Budget,
    moves_of: M,
    stack: Vec<Frame<T::Key, T::Value>>,
    moves: Vec<Move<T::Key>>,
}

impl<T, E, M> Run<'_, T, E, M>
where
    T: Table,
    E: Evaluation<Value = T::Value>,
    M: FnMut(&T::Key, &mut Vec<Move<T::Key>>) -> Result<(), SolveError>,
{
    fn open(&mut self, pos: T::Key) -> Result<(), SolveError> {
        if (self.table.len() as u64 + 1).is_multiple_of(4_096) {
            self.budget.check_cancelled()?;
        }
        self.budget.count_position();
        let moves = &mut self.moves;
        let start = moves.len();
        (self.moves_of)(&pos, moves)?;
        // Marked open after its moves are listed: a hash table's store to the new entry is a
        // cache miss, which would otherwise hold up the move list's stores (20% slower).
        self.table.open(&pos, self.budget)?;
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
                let v = self.rule.through(mv.points, mv.again, next);
                if self.rule.is_best(v) {
                    frame.best = Some(v);
                    frame.next = moves.len();
                    break;
                }
            }
        }
        self.stack.push(frame);
        Ok(())
    }

    fn run(&mut self, root: &T::Key) -> Result<E::Value, SolveError> {
        self.open(root.clone())?;
        loop {
            let frame = self
                .stack
                .last_mut()
                .expect("the root frame is on the stack");
            let mut descend = None;
            while frame.next < self.moves.len() {
                let mv = &self.moves[frame.next];
                match self.table.get(&mv.to) {
                    Some(Entry::Solved(next)) => {
                        let v = self.rule.through(mv.points, mv.again, next);
                        let best = match frame.best {
                            Some(b) => self.rule.better(b, v),
                            None => v,
                        };
                        frame.best = Some(best);
                        frame.next += 1;
                        if self.rule.is_best(best) {
                            frame.next = self.moves.len();
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
                self.open(child)?;
                continue;
            }
            let frame = self.stack.pop().expect("the frame just examined");
            self.moves.truncate(frame.start);
            let value = frame.best.unwrap_or_else(|| self.rule.terminal());
            self.table.store(&frame.pos, value);
            // The parent's current move led here: hand it the value without a probe.
            let Some(parent) = self.stack.last_mut() else {
                return Ok(value);
            };
            let mv = &self.moves[parent.next];
            let v = self.rule.through(mv.points, mv.again, value);
            let best = match parent.best {
                Some(b) => self.rule.better(b, v),
                None => v,
            };
            parent.best = Some(best);
            parent.next += 1;
            if self.rule.is_best(best) {
                parent.next = self.moves.len();
            }
        }
    }
}

/// Outcome search: win or loss for the player to move.
pub type OutcomeSearch<'g, G> = MemoSearch<'g, G, Outcomes>;

/// Score search: the best points difference for the player to move.
pub type ScoreSearch<'g, G> = MemoSearch<'g, G, Scores>;

pub mod dense;

#[cfg(test)]
mod tests;
