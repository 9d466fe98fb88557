//! The memo search for outcomes on a dense table: 2 bits per position of an
//! [`Indexed`] game.
//!
//! It is the search of `MemoSearch` (the same loop: depth first from the asked position, only
//! reachable positions visited, the same scan for a settling successor before
//! descending, the same cycle detection, budget and cancel rules), but its transposition
//! table is an array of 2-bit cells indexed by the position's number: unknown, on the stack,
//! loss or win. Ten million positions take 2.5 MB, which stays in the caches, where a hash
//! table of as many positions takes over 100 MB and pays a cache miss for most probes.
//!
//! Pick it over the hash search when the game numbers its positions and its whole index
//! space fits the budget: the table is allocated for all of `0..len()` up front, even if few
//! positions are reachable from the ones asked. When most of the index space is reachable
//! and every position is wanted, [`crate::solve::tiered`] fills the same kind of table
//! bottom up without a stack (and in parallel); this search suits games whose reachable part
//! is a fraction of the index space, or whose tiers are not known.

use std::mem::size_of;

use crate::limits::{Budget, SolveError};
use crate::model::Indexed;
use crate::value::{Outcome, Play};

use super::evaluation::Outcomes;
use super::search::{search, Entry, Table};

/// A memoized outcome search of an [`Indexed`] game over a dense 2-bit table.
///
/// The table persists between queries, so asking for many positions shares work.
///
/// # Examples
///
/// ```
/// use grundy::solve::memo::dense::DenseOutcomeSearch;
/// # use grundy::model::{Game, Indexed, Move};
/// # struct Heap;
/// # impl Game for Heap {
/// #     type Position = usize;
/// #     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
/// #         out.extend([1, 2].into_iter().filter(|&k| k <= *pos).map(|k| Move::to(pos - k)));
/// #     }
/// # }
/// # impl Indexed for Heap {
/// #     fn len(&self) -> usize { 100 }
/// #     fn index(&self, pos: &usize) -> usize { *pos }
/// #     fn position(&self, index: usize) -> usize { index }
/// #     fn tiers(&self) -> usize { 100 }
/// #     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// # }
/// use grundy::{Budget, Outcome, Play};
/// // One heap of fewer than 100 tokens, take 1 or 2: multiples of 3 are lost.
/// let mut search = DenseOutcomeSearch::new(&Heap, Play::Normal, Budget::default()).unwrap();
/// assert_eq!(search.value(&99).unwrap(), Outcome::Loss);
/// assert_eq!(search.value_at(98).unwrap(), Outcome::Win);
/// assert_eq!(search.len(), 100);
/// ```
pub struct DenseOutcomeSearch<'g, G: Indexed> {
    game: &'g G,
    rule: Outcomes,
    budget: Budget,
    cells: Cells,
}

impl<'g, G: Indexed> DenseOutcomeSearch<'g, G> {
    /// A search of `game` under `play`, its table allocated for every index of the game.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] when `game.len()` positions, or the table's bytes (2 bits a
    /// position, in whole 64-bit words), exceed `budget`; checked before allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::model::{Game, Indexed, Move};
    /// # struct Huge;
    /// # impl Game for Huge {
    /// #     type Position = usize;
    /// #     fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
    /// # }
    /// # impl Indexed for Huge {
    /// #     fn len(&self) -> usize { 1 << 40 }
    /// #     fn index(&self, pos: &usize) -> usize { *pos }
    /// #     fn position(&self, index: usize) -> usize { index }
    /// #     fn tiers(&self) -> usize { 1 }
    /// #     fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> { 0..1 << 40 }
    /// # }
    /// use grundy::solve::memo::dense::DenseOutcomeSearch;
    /// use grundy::{Budget, Play, SolveError};
    /// // 2^40 positions need 256 GiB of cells.
    /// let err = DenseOutcomeSearch::new(&Huge, Play::Normal, Budget::unlimited().with_bytes(1 << 30));
    /// assert!(matches!(err, Err(SolveError::TooLarge { needed, .. }) if needed == 1 << 38));
    /// ```
    pub fn new(game: &'g G, play: Play, budget: Budget) -> Result<Self, SolveError> {
        let len = game.len();
        budget.check_positions(len as u64)?;
        budget.check_bytes(Cells::bytes_for(len))?;
        Ok(DenseOutcomeSearch {
            game,
            rule: Outcomes(play),
            budget,
            cells: Cells::new(len),
        })
    }

    /// The number of positions solved so far.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::model::{Game, Indexed, Move};
    /// # struct Chain;
    /// # impl Game for Chain {
    /// #     type Position = usize;
    /// #     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
    /// #         out.extend(pos.checked_sub(1).map(Move::to));
    /// #     }
    /// # }
    /// # impl Indexed for Chain {
    /// #     fn len(&self) -> usize { 50 }
    /// #     fn index(&self, pos: &usize) -> usize { *pos }
    /// #     fn position(&self, index: usize) -> usize { index }
    /// #     fn tiers(&self) -> usize { 50 }
    /// #     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
    /// # }
    /// use grundy::solve::memo::dense::DenseOutcomeSearch;
    /// use grundy::{Budget, Play};
    /// // A chain 0 <- 1 <- ... <- 49: solving 9 solves 0 to 9.
    /// let mut search = DenseOutcomeSearch::new(&Chain, Play::Normal, Budget::default()).unwrap();
    /// assert!(search.is_empty());
    /// search.value(&9).unwrap();
    /// assert_eq!(search.len(), 10);
    /// ```
    pub fn len(&self) -> usize {
        self.cells.stored
    }

    /// True when nothing is solved yet.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::model::{Game, Indexed, Move};
    /// # struct Terminal;
    /// # impl Game for Terminal {
    /// #     type Position = usize;
    /// #     fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
    /// # }
    /// # impl Indexed for Terminal {
    /// #     fn len(&self) -> usize { 3 }
    /// #     fn index(&self, pos: &usize) -> usize { *pos }
    /// #     fn position(&self, index: usize) -> usize { index }
    /// #     fn tiers(&self) -> usize { 1 }
    /// #     fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> { 0..3 }
    /// # }
    /// use grundy::solve::memo::dense::DenseOutcomeSearch;
    /// use grundy::{Budget, Play};
    /// let mut search = DenseOutcomeSearch::new(&Terminal, Play::Normal, Budget::default()).unwrap();
    /// assert!(search.is_empty());
    /// search.value_at(1).unwrap();
    /// assert!(!search.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.cells.stored == 0
    }

    /// The bytes of the table, allocated for the whole index space.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::model::{Game, Indexed, Move};
    /// # struct Terminal;
    /// # impl Game for Terminal {
    /// #     type Position = usize;
    /// #     fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
    /// # }
    /// # impl Indexed for Terminal {
    /// #     fn len(&self) -> usize { 1000 }
    /// #     fn index(&self, pos: &usize) -> usize { *pos }
    /// #     fn position(&self, index: usize) -> usize { index }
    /// #     fn tiers(&self) -> usize { 1 }
    /// #     fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> { 0..1000 }
    /// # }
    /// use grundy::solve::memo::dense::DenseOutcomeSearch;
    /// use grundy::{Budget, Play};
    /// // 1,000 positions of 2 bits, in 32 words of 8 bytes.
    /// let search = DenseOutcomeSearch::new(&Terminal, Play::Normal, Budget::default()).unwrap();
    /// assert_eq!(search.bytes(), 256);
    /// ```
    pub fn bytes(&self) -> usize {
        self.cells.words.len() * size_of::<u64>()
    }

    /// The game being searched.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::model::{Game, Indexed, Move};
    /// # struct Terminal;
    /// # impl Game for Terminal {
    /// #     type Position = usize;
    /// #     fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
    /// # }
    /// # impl Indexed for Terminal {
    /// #     fn len(&self) -> usize { 3 }
    /// #     fn index(&self, pos: &usize) -> usize { *pos }
    /// #     fn position(&self, index: usize) -> usize { index }
    /// #     fn tiers(&self) -> usize { 1 }
    /// #     fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> { 0..3 }
    /// # }
    /// use grundy::solve::memo::dense::DenseOutcomeSearch;
    /// let search = DenseOutcomeSearch::new(&Terminal, grundy::Play::Misere, grundy::Budget::default()).unwrap();
    /// assert_eq!(search.game().len(), 3);
    /// ```
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The outcome of `pos` for the player to move.
    ///
    /// # Errors
    ///
    /// As [`DenseOutcomeSearch::value_at`] for `pos`'s index.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::model::{Game, Indexed, Move};
    /// # struct Terminal;
    /// # impl Game for Terminal {
    /// #     type Position = usize;
    /// #     fn moves(&self, _pos: &usize, _out: &mut Vec<Move<usize>>) {}
    /// # }
    /// # impl Indexed for Terminal {
    /// #     fn len(&self) -> usize { 3 }
    /// #     fn index(&self, pos: &usize) -> usize { *pos }
    /// #     fn position(&self, index: usize) -> usize { index }
    /// #     fn tiers(&self) -> usize { 1 }
    /// #     fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> { 0..3 }
    /// # }
    /// use grundy::solve::memo::dense::DenseOutcomeSearch;
    /// use grundy::{Budget, Outcome, Play};
    /// // With no move, misère play wins.
    /// let mut search = DenseOutcomeSearch::new(&Terminal, Play::Misere, Budget::default()).unwrap();
    /// assert_eq!(search.value(&2).unwrap(), Outcome::Win);
    /// ```
    pub fn value(&mut self, pos: &G::Position) -> Result<Outcome, SolveError> {
        self.value_at(self.game.index(pos))
    }

    /// The outcome of the position numbered `index`, for the player to move.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] when `index` is not below `len()` of the game,
    /// [`SolveError::Cycle`] when a position repeats, [`SolveError::Interrupted`] when
    /// cancelled. The table keeps what was solved before the error; no partial value is kept.
    ///
    /// # Examples
    ///
    /// ```
    /// # use grundy::model::{Game, Indexed, Move};
    /// # struct Loop;
    /// # impl Game for Loop {
    /// #     type Position = usize;
    /// #     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
    /// #         if *pos < 2 { out.push(Move::to(1 - pos)); }
    /// #     }
    /// # }
    /// # impl Indexed for Loop {
    /// #     fn len(&self) -> usize { 3 }
    /// #     fn index(&self, pos: &usize) -> usize { *pos }
    /// #     fn position(&self, index: usize) -> usize { index }
    /// #     fn tiers(&self) -> usize { 1 }
    /// #     fn tier_range(&self, _tier: usize) -> std::ops::Range<usize> { 0..3 }
    /// # }
    /// use grundy::solve::memo::dense::DenseOutcomeSearch;
    /// use grundy::{Budget, Outcome, Play, SolveError};
    /// // 0 and 1 move to each other; 2 has no move.
    /// let mut search = DenseOutcomeSearch::new(&Loop, Play::Normal, Budget::default()).unwrap();
    /// assert_eq!(search.value_at(0), Err(SolveError::Cycle));
    /// assert_eq!(search.value_at(2), Ok(Outcome::Loss));
    /// assert!(matches!(search.value_at(3), Err(SolveError::Unsupported(_))));
    /// ```
    pub fn value_at(&mut self, index: usize) -> Result<Outcome, SolveError> {
        if index >= self.cells.size {
            return Err(SolveError::Unsupported(format!(
                "position {index} is outside the game's {} positions",
                self.cells.size
            )));
        }
        let game = self.game;
        search(
            &mut self.cells,
            &self.rule,
            &self.budget,
            |&i, out| {
                game.indexed_moves(i, out);
                Ok(())
            },
            |_| 0,
            &index,
        )
    }
}

/// 2-bit cells, 32 to a word: [`UNKNOWN`], [`OPEN`], [`LOSS`] or [`WIN`].
struct Cells {
    words: Vec<u64>,
    /// The number of cells (the game's positions).
    size: usize,
    /// The cells not [`UNKNOWN`].
    stored: usize,
}

const UNKNOWN: u64 = 0;
const OPEN: u64 = 1;
const LOSS: u64 = 2;
const WIN: u64 = 3;

impl Cells {
    /// The bytes of the cells of `len` positions.
    fn bytes_for(len: usize) -> u64 {
        len.div_ceil(32) as u64 * size_of::<u64>() as u64
    }

    fn new(len: usize) -> Self {
        Cells {
            words: vec![0; len.div_ceil(32)],
            size: len,
            stored: 0,
        }
    }

    #[inline]
    fn cell(&self, index: usize) -> u64 {
        (self.words[index / 32] >> (2 * (index % 32))) & 3
    }

    #[inline]
    fn set(&mut self, index: usize, cell: u64) {
        let shift = 2 * (index % 32);
        let word = &mut self.words[index / 32];
        *word = (*word & !(3 << shift)) | (cell << shift);
    }
}

impl Table for Cells {
    type Key = usize;
    type Value = Outcome;

    #[inline]
    fn get(&self, &index: &usize) -> Option<Entry<Outcome>> {
        match self.cell(index) {
            UNKNOWN => None,
            OPEN => Some(Entry::Open),
            LOSS => Some(Entry::Solved(Outcome::Loss)),
            _ => Some(Entry::Solved(Outcome::Win)),
        }
    }

    /// The budget was checked for every cell when they were allocated: the move buffer is
    /// checked with them.
    #[inline]
    fn open(
        &mut self,
        &index: &usize,
        _key_bytes: u64,
        held: u64,
        budget: &Budget,
    ) -> Result<(), SolveError> {
        budget.check_bytes(Cells::bytes_for(self.size).saturating_add(held))?;
        self.set(index, OPEN);
        self.stored += 1;
        Ok(())
    }

    #[inline]
    fn store(&mut self, &index: &usize, value: Outcome) {
        // `Outcomes` only ever yields a win or a loss: a terminal value is one, and a move
        // flips it or passes it through.
        debug_assert_ne!(value, Outcome::Draw);
        self.set(index, if value == Outcome::Win { WIN } else { LOSS });
    }

    fn forget(&mut self, &index: &usize, _key_bytes: u64) {
        self.set(index, UNKNOWN);
        self.stored -= 1;
    }
}

#[cfg(test)]
mod tests;
