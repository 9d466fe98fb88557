//! The dense tables the tiered solver fills: outcomes in bits, scores and nimbers in the
//! narrowest integer cells that hold them.

use crate::limits::{Budget, SolveError};
use crate::value::{Nimber, Outcome, Play};

/// Win or loss of every position of an indexed game, 1 bit per position (1 = win).
///
/// Built by `tiered::solve_outcomes`.
///
/// # Examples
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::tiered::solve_outcomes;
/// use grundy::{Budget, Outcome, Play};
///
/// // Take one token at a time from a heap of up to 9 tokens.
/// struct Chain;
/// impl Game for Chain {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         if *pos > 0 { out.push(Move::to(pos - 1)); }
///     }
/// }
/// impl Indexed for Chain {
///     fn len(&self) -> usize { 10 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { 10 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// }
/// let table = solve_outcomes(&Chain, Play::Misere, &Budget::default()).unwrap();
/// assert_eq!(table.get(1), Outcome::Loss);
/// assert_eq!(table.count(Outcome::Loss), 5);
/// assert_eq!(table.len(), 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeTable {
    words: Vec<u64>,
    len: usize,
    play: Play,
}

impl OutcomeTable {
    pub(super) fn new(words: Vec<u64>, len: usize, play: Play) -> Self {
        OutcomeTable { words, len, play }
    }

    /// The outcome of the position numbered `index`, for the player to move.
    ///
    /// # Panics
    ///
    /// When `index >= len()`.
    pub fn get(&self, index: usize) -> Outcome {
        assert!(index < self.len, "index {index} out of 0..{}", self.len);
        if (self.words[index / 64] >> (index % 64)) & 1 == 1 {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes the table holds (1 bit per position, rounded up to whole `u64` words).
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// The play convention the table was solved under.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The number of positions with `outcome` (never [`Outcome::Draw`]: tiered games end).
    pub fn count(&self, outcome: Outcome) -> usize {
        let wins = self.words.iter().map(|w| w.count_ones() as usize).sum();
        match outcome {
            Outcome::Win => wins,
            Outcome::Loss => self.len - wins,
            Outcome::Draw => 0,
        }
    }
}

/// Score cells, the narrowest signed type holding the game's score bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum ScoreCells {
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
}

impl ScoreCells {
    /// Bytes per cell for a score bound.
    pub(super) fn width_for(bound: Option<u64>) -> usize {
        match bound {
            Some(b) if b <= i8::MAX as u64 => 1,
            Some(b) if b <= i16::MAX as u64 => 2,
            Some(b) if b <= i32::MAX as u64 => 4,
            _ => 8,
        }
    }

    pub(super) fn zeroed(width: usize, len: usize) -> Self {
        match width {
            1 => ScoreCells::I8(vec![0; len]),
            2 => ScoreCells::I16(vec![0; len]),
            4 => ScoreCells::I32(vec![0; len]),
            _ => ScoreCells::I64(vec![0; len]),
        }
    }
}

/// The best points difference of every position of an indexed game, for the player to move.
///
/// Built by `tiered::solve_scores`; cells are `i8`, `i16`, `i32` or `i64`.
///
/// # Examples
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::tiered::solve_scores;
/// use grundy::Budget;
///
/// // From k, take one token for 1 point; no bound stated, so cells are i64.
/// struct Chain;
/// impl Game for Chain {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         if *pos > 0 { out.push(Move::to(pos - 1).with_points(1)); }
///     }
/// }
/// impl Indexed for Chain {
///     fn len(&self) -> usize { 4 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { 4 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// }
/// let table = solve_scores(&Chain, &Budget::default()).unwrap();
/// assert_eq!((table.get(3), table.get(2)), (1, 0));
/// assert_eq!(table.bytes_per_position(), 8);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreTable {
    cells: ScoreCells,
}

impl ScoreTable {
    pub(super) fn new(cells: ScoreCells) -> Self {
        ScoreTable { cells }
    }

    /// The score of the position numbered `index`: the mover's points minus the other's.
    ///
    /// # Panics
    ///
    /// When `index >= len()`.
    pub fn get(&self, index: usize) -> i64 {
        match &self.cells {
            ScoreCells::I8(v) => v[index].into(),
            ScoreCells::I16(v) => v[index].into(),
            ScoreCells::I32(v) => v[index].into(),
            ScoreCells::I64(v) => v[index],
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        match &self.cells {
            ScoreCells::I8(v) => v.len(),
            ScoreCells::I16(v) => v.len(),
            ScoreCells::I32(v) => v.len(),
            ScoreCells::I64(v) => v.len(),
        }
    }

    /// True when the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per position: 1, 2, 4 or 8.
    pub fn bytes_per_position(&self) -> usize {
        match &self.cells {
            ScoreCells::I8(_) => 1,
            ScoreCells::I16(_) => 2,
            ScoreCells::I32(_) => 4,
            ScoreCells::I64(_) => 8,
        }
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.len() * self.bytes_per_position()
    }
}

/// Nimber cells, widened when a value does not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum NimberCells {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl NimberCells {
    /// The same values in cells twice as wide, after checking the wider table's size.
    pub(super) fn widen(&self, budget: &Budget) -> Result<NimberCells, SolveError> {
        let len = match &self {
            NimberCells::U8(v) => v.len(),
            NimberCells::U16(v) => v.len(),
            NimberCells::U32(v) => v.len(),
        } as u64;
        match self {
            NimberCells::U8(v) => {
                budget.check_bytes(len.saturating_mul(2))?;
                Ok(NimberCells::U16(v.iter().map(|&c| u16::from(c)).collect()))
            }
            NimberCells::U16(v) => {
                budget.check_bytes(len.saturating_mul(4))?;
                Ok(NimberCells::U32(v.iter().map(|&c| u32::from(c)).collect()))
            }
            NimberCells::U32(_) => Err(SolveError::Unsupported(
                "a nimber does not fit in 32 bits".into(),
            )),
        }
    }
}

/// The nimber of every position of an impartial indexed game.
///
/// Built by `tiered::solve_nimbers`; cells are `u8`, `u16` or `u32`, the narrowest that
/// held every value.
///
/// # Examples
///
/// ```
/// use grundy::model::{Game, Indexed, Move};
/// use grundy::solve::tiered::solve_nimbers;
/// use grundy::{Budget, Nimber};
///
/// // One heap, take 1 or 2: nimbers 0, 1, 2, 0, 1, 2...
/// struct Heap;
/// impl Game for Heap {
///     type Position = usize;
///     fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
///         out.extend((1..=2).filter(|&k| k <= *pos).map(|k| Move::to(pos - k)));
///     }
/// }
/// impl Indexed for Heap {
///     fn len(&self) -> usize { 7 }
///     fn index(&self, pos: &usize) -> usize { *pos }
///     fn position(&self, index: usize) -> usize { index }
///     fn tiers(&self) -> usize { 7 }
///     fn tier_range(&self, tier: usize) -> std::ops::Range<usize> { tier..tier + 1 }
/// }
/// let table = solve_nimbers(&Heap, &Budget::default()).unwrap();
/// assert_eq!(table.get(5), Nimber(2));
/// assert_eq!(table.bytes_per_position(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimberTable {
    cells: NimberCells,
}

impl NimberTable {
    pub(super) fn new(cells: NimberCells) -> Self {
        NimberTable { cells }
    }

    /// The nimber of the position numbered `index`.
    ///
    /// # Panics
    ///
    /// When `index >= len()`.
    pub fn get(&self, index: usize) -> Nimber {
        Nimber(match &self.cells {
            NimberCells::U8(v) => v[index].into(),
            NimberCells::U16(v) => v[index].into(),
            NimberCells::U32(v) => v[index].into(),
        })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        match &self.cells {
            NimberCells::U8(v) => v.len(),
            NimberCells::U16(v) => v.len(),
            NimberCells::U32(v) => v.len(),
        }
    }

    /// True when the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per position: 1, 2 or 4.
    pub fn bytes_per_position(&self) -> usize {
        match &self.cells {
            NimberCells::U8(_) => 1,
            NimberCells::U16(_) => 2,
            NimberCells::U32(_) => 4,
        }
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.len() * self.bytes_per_position()
    }
}
