//! The analysis of a position of a built-in family (or a sum of them): who wins, the Grundy
//! value, every winning move, and why, with the reasons as data ([`Reason`]).
//!
//! Where a family has a closed form (Nim, misère Nim, Bash, Lasker's Nim, Wythoff's game,
//! Fibonacci Nim, Moore's Nim, staircase Nim, the corner game) the analysis uses it, so
//! heaps of 10^18 are answered exactly; other heap games use a table of Grundy values,
//! extended beyond the table only by a proved period. Every closed form, table and period
//! used here is tested against the plain search in this module's tests.
//!
//! # Examples
//!
//! ```
//! use grundy::analysis::{analyze_words, Reason};
//! use grundy::{Nimber, Outcome};
//! let words = ["nim", "3", "5", "7"].map(String::from);
//! let analysis = analyze_words(&words).unwrap();
//! assert_eq!(analysis.outcome, Outcome::Win);
//! assert_eq!(analysis.nimber, Some(Nimber(1)));
//! assert_eq!(analysis.winning_moves, ["heap 1: 3 -> 2", "heap 2: 5 -> 4", "heap 3: 7 -> 6"]);
//! assert_eq!(analysis.reasons[0], Reason::NimSum { heaps: vec![3, 5, 7], total: 1 });
//! assert_eq!(analysis.why()[0], "nim-sum 3 ^ 5 ^ 7 = 1");
//! ```

mod error;
mod family;
mod found;
mod heaps;
mod misere;
mod misere_parts;
mod moves;
mod nim;
mod pairs;
pub mod partizan;
mod quotient;
mod reason;
mod sum;
mod terms;
mod valued;

use std::collections::VecDeque;

use crate::catalog::parse_family;

pub use error::AnalysisError;
pub use family::analyze;
pub use found::Analysis;
pub(crate) use heaps::HeapFamily;
pub use misere::{analyze_misere, MISERE_HEAP_CAP};
pub use misere_parts::{analyze_misere_parts, PartsPosition};
pub use quotient::{
    heaps_after, heaps_of, misere_code, quotient_for, quotient_reasons, solve_by_quotient,
    QuotientAnswer, MISERE_POSITIONS, QUOTIENT_TIME,
};
pub use reason::{BitCount, ElementOf, GenusOf, HeapNimber, QuotientMove, Reason, SumComponent};
pub use sum::{analyze_components, analyze_sum, Component, SumMove};

/// Analyses `words`: a family, its parameter and a position (`nim 3 5 7`,
/// `subtraction 1,3,4 -- 10 12`), or `sum` and components separated by `+`.
///
/// # Errors
///
/// [`AnalysisError`] naming the bad word or what the family expects.
///
/// # Examples
///
/// ```
/// use grundy::analysis::analyze_words;
/// use grundy::Nimber;
/// let words: Vec<String> = "sum nim 3 + bash 2 5".split(' ').map(String::from).collect();
/// let analysis = analyze_words(&words).unwrap();
/// assert_eq!(analysis.nimber, Some(Nimber(3 ^ 2)));
/// assert_eq!(analysis.why()[0], "components: nim 3 = *3, bash 2 5 = *2");
/// ```
pub fn analyze_words(words: &[String]) -> Result<Analysis, AnalysisError> {
    if let Some(("sum", rest)) = words.split_first().map(|(w, rest)| (w.as_str(), rest)) {
        return analyze_sum(rest);
    }
    let mut queue: VecDeque<String> = words.iter().cloned().collect();
    let family = parse_family(&mut queue)?;
    let position: Vec<String> = queue.into();
    analyze(&family, &position)
}

#[cfg(test)]
mod tests;
