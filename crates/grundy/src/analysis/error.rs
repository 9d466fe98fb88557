//! Why a position could not be analysed: [`AnalysisError`].

use thiserror::Error;

use crate::catalog::CatalogError;
use crate::dynamic::{DynError, Kind};
use crate::limits::SolveError;
use crate::text::quoted;

/// Why a position could not be analysed. The messages are the command line's own.
///
/// # Examples
///
/// ```
/// use grundy::analysis::analyze_words;
/// let err = analyze_words(&["nim".to_string()]).unwrap_err();
/// assert_eq!(err.to_string(), "nim expects at least one heap size");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// A bad family, parameter or number.
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// The position has the wrong shape for the family.
    #[error("{game} expects {expected}")]
    Position {
        /// The family.
        game: String,
        /// What it expects, e.g. `two heap sizes A B`.
        expected: &'static str,
    },
    /// A heap that is not a non-negative integer (Wythoff's heaps have no bound).
    #[error("expected a heap size (a non-negative integer), found {}", quoted(.word))]
    Heap {
        /// The word as typed.
        word: String,
    },
    /// A heap beyond every table of a subtraction game without a proved period.
    #[error("heap {heap} is too large: {game} is tabulated up to {cap} and has no proved period")]
    NotTabulated {
        /// The heap.
        heap: u64,
        /// The family.
        game: String,
        /// The largest table.
        cap: u64,
    },
    /// A heap beyond the table, where the period found is not proved.
    #[error("heap {heap} is beyond the table (up to {tabulated}) and no period of {game} is proved there")]
    Unproved {
        /// The heap.
        heap: u64,
        /// The table's length.
        tabulated: u64,
        /// The family.
        game: String,
    },
    /// A heap of Grundy's game beyond its table.
    #[error("heap {heap} is too large: Grundy's game is tabulated up to {cap} (its values are not known to be periodic)")]
    Aperiodic {
        /// The heap.
        heap: u64,
        /// The largest table.
        cap: u64,
    },
    /// A heap whose Grundy value exists but does not fit the 64 bits of a [`Nimber`](crate::value::Nimber)
    /// (Lasker's Nim at `u64::MAX`: `G(4k+3) = 4k+4 = 2^64`).
    #[error("heap {heap} has Grundy value {value}, which does not fit in 64 bits (grundy's values are at most 2^64 - 1)")]
    ValueTooLarge {
        /// The heap.
        heap: u64,
        /// Its Grundy value.
        value: u128,
    },
    /// An empty component of a sum.
    #[error("sum expects components separated by '+', e.g. 'nim 3 + bash 2 5'")]
    EmptyComponent,
    /// A component of a sum without a Grundy value.
    #[error("{game} {position} has no Grundy value here (misère or too large for the engine); a sum needs one")]
    NoNimber {
        /// The component's family.
        game: String,
        /// Its position.
        position: String,
    },
    /// The engine refused (too large) while computing a value.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Misère analysis by genus is for the heaps of one heap game.
    #[error("{game} is not a heap game: misère play is analysed for the heaps of one heap game (nim, subtraction, bash, lasker, grundy-game, codes); 'grundy solve GAME POSITION --misere' searches any impartial game")]
    MisereNotHeaps {
        /// The game.
        game: String,
    },
    /// A heap too large for genera computed heap by heap.
    #[error(
        "heap {heap} is too large for misère play: genera are computed heap by heap, up to {cap}"
    )]
    MisereHeap {
        /// The heap.
        heap: u64,
        /// The largest heap allowed.
        cap: u64,
    },
    /// A game in a sum that is not impartial under normal play: its positions have no
    /// nimbers, and the Sprague-Grundy theorem (a sum's value is the XOR of its components')
    /// holds for nothing else.
    #[error("{game} is {kind}: a sum adds nimbers by XOR (Sprague-Grundy), which only impartial games under normal play have{}", not_summable_hint(.kind))]
    NotSummable {
        /// The component's name.
        game: String,
        /// Its kind.
        kind: Kind,
    },
    /// A game component's search failed (a bad position, its rules failed, too large).
    #[error("in {game}: {source}")]
    Game {
        /// The component's name.
        game: String,
        /// Why.
        #[source]
        source: DynError,
    },
}

/// Why a kind of game is no summand, past its name: misère sums in particular.
fn not_summable_hint(kind: &Kind) -> &'static str {
    match kind {
        Kind::Impartial { .. } => {
            " (misère sums do not add up by XOR; solve the whole game as one)"
        }
        _ => "",
    }
}
