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

mod heaps;
mod moves;
mod nim;
mod pairs;
pub mod partizan;
mod reason;
mod sum;

use std::collections::VecDeque;

use serde::Serialize;
use thiserror::Error;

use crate::catalog::{numbers, parse_family, CatalogError, Family};
use crate::dynamic::{DynError, Kind};
use crate::games::corner;
use crate::limits::{Budget, SolveError};
use crate::solve::grundy::GrundySolver;
use crate::text::quoted;
use crate::value::{Nimber, Outcome};

pub(crate) use heaps::HeapFamily;
use moves::Valued;
pub use reason::{BitCount, HeapNimber, Reason, SumComponent};
pub use sum::{analyze_components, analyze_sum, Component, SumMove};

/// What is known about a position: outcome, value, winning moves and why.
///
/// Serialized as the command line's `grundy analyze --json` writes it (without its `why`
/// lines, which are the reasons' `Display`).
///
/// # Examples
///
/// ```
/// use grundy::analysis::analyze_words;
/// use grundy::Outcome;
/// let words = ["wythoff", "3", "5"].map(String::from);
/// let analysis = analyze_words(&words).unwrap();
/// assert_eq!((analysis.game.as_str(), analysis.position.as_str()), ("wythoff", "3 5"));
/// assert_eq!(analysis.outcome, Outcome::Loss);
/// assert!(analysis.winning_moves.is_empty() && analysis.complete);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The family and parameter (`sum` for a sum).
    pub game: String,
    /// The position, as typed.
    pub position: String,
    /// For the player to move.
    pub outcome: Outcome,
    /// The Grundy value, where known (never under misère play).
    pub nimber: Option<Nimber>,
    /// Every winning move (or, when `complete` is false, the ones found), labelled.
    pub winning_moves: Vec<String>,
    /// False when the list of winning moves is not exhaustive.
    pub complete: bool,
    /// Why: the rules and theorems that give the value, with their numbers.
    pub reasons: Vec<Reason>,
}

impl Analysis {
    /// One line of explanation per reason.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::analysis::analyze_words;
    /// let words = ["bash", "3", "10"].map(String::from);
    /// let why = analyze_words(&words).unwrap().why();
    /// assert_eq!(why[1], "Bash: G(n) = n mod 4");
    /// ```
    pub fn why(&self) -> Vec<String> {
        self.reasons.iter().map(ToString::to_string).collect()
    }
}

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
    /// A heap whose Grundy value exists but does not fit the 64 bits of a [`Nimber`]
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

/// Analyses `position` (its words, e.g. `["3", "5", "7"]`) of `family`.
///
/// # Errors
///
/// [`AnalysisError`] naming the bad word or what the family expects, or saying why a heap
/// has no known value.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{analyze, Reason};
/// use grundy::catalog::Family;
/// use grundy::Outcome;
/// let analysis = analyze(&Family::Corner, &["4".into(), "7".into()]).unwrap();
/// assert_eq!(analysis.outcome, Outcome::Win);
/// assert_eq!(analysis.reasons, [Reason::CornerParity { x: 4, y: 7 }]);
/// ```
pub fn analyze(family: &Family, position: &[String]) -> Result<Analysis, AnalysisError> {
    let (analysis, _) = analyze_valued(family, position)?;
    Ok(analysis)
}

/// [`analyze`], and the position with its Grundy value where it has one (what lists its
/// moves to any value, as a sum asks of its components).
fn analyze_valued<'a>(
    family: &'a Family,
    position: &[String],
) -> Result<(Analysis, Option<Valued<'a>>), AnalysisError> {
    let game = family.title();
    let bad = |expected| AnalysisError::Position {
        game: game.clone(),
        expected,
    };
    let heaps = || -> Result<Vec<u64>, AnalysisError> {
        let heaps = numbers(position, "a heap size")?;
        if heaps.is_empty() {
            return Err(bad("at least one heap size"));
        }
        Ok(heaps)
    };
    let found = match family {
        Family::Nim => nim::nim(&heaps()?),
        Family::MisereNim => nim::misere(&heaps()?),
        Family::Staircase => nim::staircase(&heaps()?),
        Family::Moore(rule) => nim::moore(rule, &heaps()?)?,
        Family::Bash(rule) => heaps::analysis(HeapFamily::Bash(rule), &heaps()?)?,
        Family::Subtraction(rule) => heaps::analysis(HeapFamily::Subtraction(rule), &heaps()?)?,
        Family::Lasker => heaps::analysis(HeapFamily::Lasker, &heaps()?)?,
        Family::GrundyGame => heaps::analysis(HeapFamily::GrundyGame, &heaps()?)?,
        Family::Wythoff => {
            let [a, b] = position else {
                return Err(bad("two heap sizes A B"));
            };
            pairs::wythoff(a, b)?
        }
        Family::FibonacciNim => match numbers(position, "a number")?[..] {
            [n] => pairs::fibonacci(crate::games::fibonacci_nim::start(n))?,
            [n, max_take] => pairs::fibonacci((n, max_take))?,
            _ => return Err(bad("N (a first move) or N MAX_TAKE")),
        },
        Family::BashReach(rule) => {
            // The message names the family without its K, as `grundy list` shows it.
            let bad = |expected| AnalysisError::Position {
                game: "bash-reach".into(),
                expected,
            };
            let [target] = numbers(position, "N")?[..] else {
                return Err(bad("one number N (writing N or more loses)"));
            };
            if target == 0 {
                return Err(bad("N >= 1"));
            }
            bash_reach(rule.max_take(), target)
        }
        Family::Corner => {
            let [x, y] = numbers(position, "a distance")?[..] else {
                return Err(bad("two numbers X Y (the distances to the corner)"));
            };
            corner_analysis(x, y)?
        }
    };
    let analysis = Analysis {
        game,
        position: position.join(" "),
        outcome: found.outcome,
        nimber: found.value.as_ref().map(Valued::nimber),
        winning_moves: found.winning_moves,
        complete: found.complete,
        reasons: found.reasons,
    };
    Ok((analysis, found.value))
}

/// An analysis before it is named: what each family's module returns.
struct Found<'a> {
    outcome: Outcome,
    /// The position with its Grundy value, where known (never under misère play).
    value: Option<Valued<'a>>,
    winning_moves: Vec<String>,
    complete: bool,
    reasons: Vec<Reason>,
}

/// Normal play: the player to move loses exactly on value 0.
fn outcome_of(nimber: Nimber) -> Outcome {
    if nimber == Nimber(0) {
        Outcome::Loss
    } else {
        Outcome::Win
    }
}

/// Bash, reach `target` and lose: the Bash game on a heap of `target - 1` (`target >= 1`).
fn bash_reach(max_take: u64, target: u64) -> Found<'static> {
    let heap = target - 1;
    let modulus = max_take + 1;
    let first = heap % modulus;
    Found {
        outcome: outcome_of(Nimber(first)),
        value: Some(Valued::BashReach { heap, max_take }),
        winning_moves: moves::bash_reach_write(heap, max_take, Nimber(0))
            .map(moves::write)
            .into_iter()
            .collect(),
        complete: true,
        reasons: vec![
            Reason::BashReach { heap, max_take },
            Reason::BashReachRule {
                heap,
                modulus,
                remainder: first,
            },
        ],
    }
}

/// The corner game's most cells searched for a Grundy value.
const CORNER_CELLS: u64 = 250_000;

fn corner_analysis(x: u64, y: u64) -> Result<Found<'static>, AnalysisError> {
    let cells = x.saturating_add(1).saturating_mul(y.saturating_add(1));
    let value = if cells <= CORNER_CELLS {
        Some(Valued::Searched {
            nimber: GrundySolver::without_components(&corner::Corner, Budget::default())
                .nimber(&(x, y))?,
            position: moves::Searched::Corner(x, y),
        })
    } else {
        None
    };
    Ok(Found {
        outcome: corner::outcome((x, y)),
        value,
        winning_moves: corner::winning_move((x, y))
            .map(|to| moves::corner_label((x, y), to))
            .into_iter()
            .collect(),
        complete: true,
        reasons: vec![Reason::CornerParity { x, y }],
    })
}

#[cfg(test)]
mod tests;
