//! Tables of a game over one or two integers, and what they show: Grundy values with their
//! period (proved only where a proof applies, else a conjecture checked up to N), the
//! P-positions and their shape, and the closed form a theorem gives, checked against the
//! table.
//!
//! [`tabulate`] tabulates a catalogue family by its own rules (heap games by mex, the others
//! by the memo search); [`tabulate_game`] tabulates any [`crate::dynamic::DynGame`] whose
//! positions can be made from integers ([`crate::dynamic::DynGame::position_of`]): a game
//! file, a game defined in Python, a built-in family through the front door.
//!
//! # Examples
//!
//! ```
//! use grundy::catalog::parse_family;
//! use grundy::table::tabulate;
//! let family = parse_family(&mut ["subtraction".into(), "1,3,4".into()].into()).unwrap();
//! let table = tabulate(&family, 30, false).unwrap();
//! assert_eq!(table.nimbers.as_ref().unwrap()[..8], [0, 1, 0, 1, 2, 3, 2, 0]);
//! assert_eq!(
//!     table.pattern.unwrap().to_string(),
//!     "periodic with period 7 from n = 0, proved (a whole window of 4 values repeats)"
//! );
//! ```

mod error;
mod families;
mod found;
mod game;
mod misere;
mod partizan;

use crate::catalog::Family;
use crate::games::subtraction::SubtractionSet;
use crate::limits::Budget;

pub use error::TableError;
pub use found::{ClosedForm, Shape, Table, TableKind, TablePattern, Theorem};
pub use game::{tabulate_game, Axes, GameShape, GameTable, MAX_CELLS};
pub use misere::{tabulate_misere, tabulate_misere_parts, MisereHeap, MisereTable, MISERE_CAP};
pub use partizan::{tabulate_partizan, PartizanRow, PartizanValue};

/// The largest `to` of a table of pairs of heaps, whatever the family: it holds
/// `(N + 1)^2` cells, 4 M at this bound.
const PAIRS_CAP: u64 = 2_000;

/// The largest `to` of `family`'s tables (of pairs of heaps when `pairs`).
///
/// # Examples
///
/// ```
/// use grundy::catalog::Family;
/// assert_eq!(grundy::table::cap(&Family::Wythoff, false), 200);
/// assert_eq!(grundy::table::cap(&Family::Nim, true), 2_000);
/// ```
pub fn cap(family: &Family, pairs: bool) -> u64 {
    let one_heap = match family {
        Family::Subtraction(s) => match s.set() {
            SubtractionSet::AllBut(_) => 20_000,
            _ => 1_000_000,
        },
        Family::Bash(b) => (100_000_000 / b.max_take()).clamp(1000, 1_000_000),
        Family::Nim | Family::Lasker | Family::GrundyGame if !pairs => 20_000,
        Family::Nim | Family::Lasker | Family::GrundyGame => PAIRS_CAP,
        Family::BashReach(_) => 300,
        Family::FibonacciNim => 300,
        Family::Wythoff => 200,
        Family::Corner => 500,
        Family::MisereNim => 100,
        Family::Staircase => 60,
        Family::Moore(_) => 40,
        // The octal engine: near-constant time per value, or O(n^2) when a move may leave
        // three heaps.
        Family::Code(code) if code.max_heaps() == 3 => 1_000,
        Family::Code(_) => 1_000_000,
    };
    if pairs {
        one_heap.min(PAIRS_CAP)
    } else {
        one_heap
    }
}

/// Tabulates `family` up to `to`: Grundy values of one heap (heap games; of pairs of heaps
/// with `pairs`), the first player's outcome by target or start (bash-reach, Fibonacci Nim),
/// or the P-positions of two heaps (Wythoff, corner, misère Nim, staircase, Moore), each by
/// the engine, then the pattern and shape found and the closed form checked. Within the
/// default budget; [`tabulate_within`] takes one.
///
/// # Errors
///
/// [`TableError::TooLarge`] past [`cap`]; [`TableError::Solve`] when the engine refuses.
///
/// # Examples
///
/// ```
/// use grundy::catalog::Family;
/// use grundy::table::tabulate;
/// let table = tabulate(&Family::Lasker, 40, false).unwrap();
/// assert_eq!(table.closed_form.unwrap().agrees, Some(true));
/// ```
pub fn tabulate(family: &Family, to: u64, pairs: bool) -> Result<Table, TableError> {
    tabulate_within(family, to, pairs, &Budget::default())
}

/// [`tabulate`] within `budget`: its positions and bytes bound the searches, and its cancel
/// flag stops a heap table between values.
///
/// # Errors
///
/// [`TableError::TooLarge`] past [`cap`]; [`TableError::Solve`] when the engine refuses
/// (past the budget's positions or bytes) or the budget's cancel flag is raised.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
/// use grundy::catalog::Family;
/// use grundy::table::{tabulate_within, TableError};
/// use grundy::{Budget, SolveError};
/// let stop = Budget::default().with_cancel(Arc::new(AtomicBool::new(true)));
/// let res = tabulate_within(&Family::Lasker, 1000, false, &stop);
/// assert!(matches!(res, Err(TableError::Solve(SolveError::Interrupted))));
/// ```
pub fn tabulate_within(
    family: &Family,
    to: u64,
    pairs: bool,
    budget: &Budget,
) -> Result<Table, TableError> {
    let limit = cap(family, pairs);
    if to > limit {
        return Err(TableError::TooLarge {
            to,
            game: family.title(),
            limit,
            cells: pairs.then(|| (u128::from(to) + 1).pow(2)),
        });
    }
    let table = Table {
        game: family.title(),
        kind: TableKind::Grundy,
        to,
        nimbers: None,
        p_positions: Vec::new(),
        p_pairs: Vec::new(),
        pattern: None,
        shape: None,
        closed_form: None,
        cells: Vec::new(),
    };
    families::fill(family, table, pairs, budget)
}

#[cfg(test)]
mod tests;
