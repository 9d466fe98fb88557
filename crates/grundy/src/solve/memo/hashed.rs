//! The memo search over a hash table ([`MemoSearch`]), for any game, and its table
//! detached from the game ([`MemoTable`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash};
use std::mem::size_of;

use rustc_hash::FxHasher;

use crate::limits::{Budget, SolveError};
use crate::model::Game;
use crate::solve::moves::check_moves;

use super::evaluation::{Evaluation, Outcomes, Scores};
use super::search::{search, Entry, Table};

type FxIndexMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The hash table of a search, with the heap bytes its positions own (counted against the
/// budget's bytes with the table's own).
struct Hashed<P, V> {
    map: FxIndexMap<P, Entry<V>>,
    heap: u64,
}

impl<P, V> Default for Hashed<P, V> {
    fn default() -> Self {
        Hashed {
            map: FxIndexMap::default(),
            heap: 0,
        }
    }
}

/// A memoized negamax search over any [`Game`], with its transposition table.
///
/// The table persists between queries, so asking for many positions of one game shares work.
/// For an [`crate::model::Indexed`] game whose index space fits the budget,
/// [`DenseOutcomeSearch`](super::dense::DenseOutcomeSearch) runs the same search for outcomes on a 2-bit table.
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
    table: Hashed<G::Position, E::Value>,
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
            table: Hashed::default(),
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
        self.table.map.len()
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
        self.table.map.is_empty()
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
            |p| game.heap_bytes(p),
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
pub struct MemoTable<P, V>(Hashed<P, V>);

impl<P, V> Default for MemoTable<P, V> {
    fn default() -> Self {
        MemoTable(Hashed::default())
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
        self.0.map.len()
    }

    /// True when nothing is stored.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::solve::memo::MemoTable::<u8, i64>::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.map.is_empty()
    }
}

impl<P: Clone + Eq + Hash, V: Copy> Table for Hashed<P, V> {
    type Key = P;
    type Value = V;

    #[inline]
    fn get(&self, key: &P) -> Option<Entry<V>> {
        self.map.get(key).copied()
    }

    #[inline]
    fn open(
        &mut self,
        key: &P,
        key_bytes: u64,
        held: u64,
        budget: &Budget,
    ) -> Result<(), SolveError> {
        let needed = self.map.len() as u64 + 1;
        budget.check_positions(needed)?;
        let entry = size_of::<(P, Entry<V>)>() as u64 + 1;
        let heap = self.heap + key_bytes;
        budget.check_table(
            needed,
            self.map.capacity() as u64,
            entry,
            heap.saturating_add(held),
        )?;
        self.map.insert(key.clone(), Entry::Open);
        self.heap = heap;
        Ok(())
    }

    #[inline]
    fn store(&mut self, key: &P, value: V) {
        if let Some(e) = self.map.get_mut(key) {
            *e = Entry::Solved(value);
        }
    }

    fn forget(&mut self, key: &P, key_bytes: u64) {
        if self.map.remove(key).is_some() {
            self.heap -= key_bytes;
        }
    }
}

/// Outcome search: win or loss for the player to move.
pub type OutcomeSearch<'g, G> = MemoSearch<'g, G, Outcomes>;

/// Score search: the best points difference for the player to move.
pub type ScoreSearch<'g, G> = MemoSearch<'g, G, Scores>;
