//! The catalogue of built-in families as front ends name them: `<game> [PARAM] <position...>`.
//!
//! A family with a parameter takes it as the first word after its name (`bash 3`,
//! `subtraction 1,3,4`, `moore 2`); the position follows (`--` before it is optional).
//! The command line and any other front end parse families here, so both name them the
//! same way and give the same errors.
//!
//! # Examples
//!
//! ```
//! use grundy::catalog::{numbers, parse_family};
//! let words = ["subtraction", "1,3,4", "--", "10", "12"].map(String::from);
//! let mut words = words.into();
//! let family = parse_family(&mut words).unwrap();
//! assert_eq!(family.title(), "subtraction 1,3,4");
//! let heaps = numbers(&Vec::from(words), "a heap").unwrap();
//! assert_eq!(heaps, [10, 12]);
//! ```

use std::collections::VecDeque;

use crate::dynamic::DynError;
use crate::games::bash::Bash;
use crate::games::moore::MooreNim;
use crate::games::subtraction::{ParseSubtractionSetError, Subtraction, SubtractionSet};

mod boards;
mod open;

pub use boards::BOARDS;
pub use open::{open, open_game};

/// How a family is named and used on the command line.
///
/// # Examples
///
/// ```
/// let spec = &grundy::catalog::SPECS[0];
/// assert_eq!(spec.name, "nim");
/// assert_eq!(spec.param, None);
/// ```
pub struct Spec {
    /// The name, e.g. `subtraction`.
    pub name: &'static str,
    /// The parameter, if any, e.g. `S`.
    pub param: Option<&'static str>,
    /// The position's syntax, e.g. `HEAP...`.
    pub position: &'static str,
    /// One line saying what the game is.
    pub summary: &'static str,
    /// An example command line.
    pub example: &'static str,
}

/// Every family, in the order `grundy list` shows them.
///
/// # Examples
///
/// ```
/// assert!(grundy::catalog::SPECS.iter().any(|s| s.name == "subtraction"));
/// ```
pub const SPECS: &[Spec] = &[
    Spec {
        name: "nim",
        param: None,
        position: "HEAP...",
        summary: "take any number from one heap",
        example: "grundy analyze nim 3 5 7",
    },
    Spec {
        name: "misere-nim",
        param: None,
        position: "HEAP...",
        summary: "Nim, whoever takes the last token loses",
        example: "grundy analyze misere-nim 3 5 1",
    },
    Spec {
        name: "bash",
        param: Some("K"),
        position: "HEAP...",
        summary: "take 1..K from one heap",
        example: "grundy analyze bash 3 10",
    },
    Spec {
        name: "bash-reach",
        param: Some("K"),
        position: "N",
        summary: "write numbers rising by 1..K; writing N or more loses",
        example: "grundy analyze bash-reach 3 30",
    },
    Spec {
        name: "subtraction",
        param: Some("S"),
        position: "HEAP...",
        summary: "take s in S: S = 1,3,4 | !1,2 (all but) | pow2 | fib",
        example: "grundy analyze subtraction 1,3,4 -- 10 12",
    },
    Spec {
        name: "all-but",
        param: Some("S"),
        position: "HEAP...",
        summary: "take any amount except those in S",
        example: "grundy table all-but 1,2 --to 60",
    },
    Spec {
        name: "pow2",
        param: None,
        position: "HEAP...",
        summary: "take a power of two (1, 2, 4, ...)",
        example: "grundy analyze pow2 1000",
    },
    Spec {
        name: "fib-subtraction",
        param: None,
        position: "HEAP...",
        summary: "take a Fibonacci number (1, 2, 3, 5, ...)",
        example: "grundy analyze fib-subtraction 1 4 1",
    },
    Spec {
        name: "lasker",
        param: None,
        position: "HEAP...",
        summary: "take from a heap, or split one into two",
        example: "grundy analyze lasker 3 7 10",
    },
    Spec {
        name: "grundy-game",
        param: None,
        position: "HEAP...",
        summary: "split a heap into two unequal heaps",
        example: "grundy table grundy-game --to 100",
    },
    Spec {
        name: "wythoff",
        param: None,
        position: "A B",
        summary: "take from one heap, or the same from both",
        example: "grundy analyze wythoff 1618033988749894848 2618033988749894848",
    },
    Spec {
        name: "fibonacci-nim",
        param: None,
        position: "N [MAX_TAKE]",
        summary: "take up to twice the last take (first: all but one)",
        example: "grundy analyze fibonacci-nim 100",
    },
    Spec {
        name: "staircase",
        param: None,
        position: "COINS...",
        summary: "move coins from a step (1, 2, ...) to the step below",
        example: "grundy analyze staircase 2 4 3",
    },
    Spec {
        name: "moore",
        param: Some("K"),
        position: "HEAP...",
        summary: "Moore's Nim_K: take from up to K heaps at once",
        example: "grundy analyze moore 2 5 3 7",
    },
    Spec {
        name: "corner",
        param: None,
        position: "X Y",
        summary: "move a coin left, down or diagonally to the corner",
        example: "grundy analyze corner 4 7",
    },
    Spec {
        name: "sum",
        param: None,
        position: "GAME [PARAM] POS + ...",
        summary: "a sum of the above, by Sprague-Grundy",
        example: "grundy analyze sum nim 3 + bash 2 5 + wythoff 1 2",
    },
];

/// A family with its checked parameter.
///
/// # Examples
///
/// ```
/// use grundy::catalog::{parse_family, Family};
/// let family = parse_family(&mut ["lasker".to_string()].into()).unwrap();
/// assert!(matches!(family, Family::Lasker));
/// ```
#[derive(Clone, Debug)]
pub enum Family {
    /// Nim.
    Nim,
    /// Misère Nim.
    MisereNim,
    /// The Bash game (last to take wins).
    Bash(Bash),
    /// Reach N and lose.
    BashReach(Bash),
    /// A subtraction game.
    Subtraction(Subtraction),
    /// Lasker's Nim.
    Lasker,
    /// Grundy's game.
    GrundyGame,
    /// Wythoff's game.
    Wythoff,
    /// Fibonacci Nim.
    FibonacciNim,
    /// Staircase Nim.
    Staircase,
    /// Moore's Nim_k.
    Moore(MooreNim),
    /// The grid corner game.
    Corner,
}

impl Family {
    /// The name and parameter, as typed.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::parse_family;
    /// let words = ["bash", "3", "--", "10"].map(String::from);
    /// let family = parse_family(&mut words.into()).unwrap();
    /// assert_eq!(family.title(), "bash 3");
    /// ```
    pub fn title(&self) -> String {
        match self {
            Family::Nim => "nim".into(),
            Family::MisereNim => "misere-nim".into(),
            Family::Bash(b) => format!("bash {}", b.max_take()),
            Family::BashReach(b) => format!("bash-reach {}", b.max_take()),
            Family::Subtraction(s) => format!("subtraction {}", s.set()),
            Family::Lasker => "lasker".into(),
            Family::GrundyGame => "grundy-game".into(),
            Family::Wythoff => "wythoff".into(),
            Family::FibonacciNim => "fibonacci-nim".into(),
            Family::Staircase => "staircase".into(),
            Family::Moore(m) => format!("moore {}", m.k()),
            Family::Corner => "corner".into(),
        }
    }
}

/// Why a family, its parameter or a position's numbers could not be read.
///
/// The messages are the command line's own.
///
/// # Examples
///
/// ```
/// use grundy::catalog::parse_family;
/// let err = parse_family(&mut ["bash".to_string(), "0".to_string()].into()).unwrap_err();
/// assert_eq!(err.to_string(), "bash expects K, an integer from 1 to 1000000, found \"0\"");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    /// No words at all.
    #[error("expected a game name, one of: {names} (see 'grundy list')")]
    MissingName {
        /// The known names, comma-separated.
        names: String,
    },
    /// A name that is not in [`SPECS`].
    #[error("unknown game {name:?}; expected one of: {names} (see 'grundy list')")]
    UnknownName {
        /// The name as typed.
        name: String,
        /// The known names, comma-separated.
        names: String,
    },
    /// A family's parameter is missing.
    #[error("{name} needs its parameter {param}: {summary} (e.g. '{example}')")]
    MissingParam {
        /// The family.
        name: String,
        /// The parameter's name, e.g. `K`.
        param: &'static str,
        /// What the game is.
        summary: &'static str,
        /// An example command line.
        example: &'static str,
    },
    /// K out of range or not a number.
    #[error("{name} expects K, an integer from 1 to {max}, found {}", quoted(.text))]
    BadK {
        /// The family.
        name: String,
        /// The largest K accepted.
        max: u64,
        /// The word as typed.
        text: String,
    },
    /// A subtraction set that does not parse.
    #[error("{name} expects S like 1,3,4 (or !1,2, pow2, fib), found {}", quoted(.text))]
    BadSet {
        /// The family.
        name: String,
        /// The set as read.
        text: String,
        /// What is wrong with it.
        #[source]
        source: ParseSubtractionSetError,
    },
    /// `sum` where one game is expected.
    #[error("{name} is not a single game; 'sum' combines games with '+'")]
    NotSingle {
        /// The name as typed.
        name: String,
    },
    /// bash-reach without its one number N.
    #[error("bash-reach expects one number N (writing N or more loses)")]
    ReachTarget,
    /// bash-reach's N out of range or not a number.
    #[error("expected N, an integer from 0 to {max}, found {}", quoted(.text))]
    BadTarget {
        /// The largest N accepted.
        max: u64,
        /// The word as typed.
        text: String,
    },
    /// A position the game does not take (the message names the bad word or line).
    #[error(transparent)]
    Position(#[from] DynError),
    /// A board game's setup (the problem's numbers) that does not read; names the word or
    /// line.
    #[error("{game}: {problem}")]
    Setup {
        /// The game.
        game: &'static str,
        /// What is wrong, and where.
        problem: String,
    },
    /// A board game where a family is expected (`grundy analyze`, `grundy table`).
    #[error(
        "{name} is a board game: 'grundy solve' and 'grundy play' take it (see 'grundy list')"
    )]
    Board {
        /// The name as typed.
        name: String,
    },
    /// A word that is not a non-negative integer.
    #[error("expected {what} (an integer from 0 to {max}), found {}", quoted(.word), max = u64::MAX)]
    BadNumber {
        /// What the numbers are, e.g. `a heap`.
        what: String,
        /// The word as typed.
        word: String,
    },
}

fn names() -> String {
    SPECS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
}

/// The largest K for bash, bash-reach and moore.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::catalog::MAX_K, 1_000_000);
/// ```
pub const MAX_K: u64 = 1_000_000;

/// Reads a family name and its parameter from the front of `words`, and any `--` after.
///
/// # Examples
///
/// ```
/// use grundy::catalog::parse_family;
/// let mut words = ["moore", "2", "5", "3"].map(String::from).into();
/// let family = parse_family(&mut words).unwrap();
/// assert_eq!(family.title(), "moore 2");
/// assert_eq!(words.len(), 2);
/// ```
pub fn parse_family(words: &mut VecDeque<String>) -> Result<Family, CatalogError> {
    let Some(name) = words.pop_front() else {
        return Err(CatalogError::MissingName { names: names() });
    };
    if BOARDS.iter().any(|s| s.name == name) {
        return Err(CatalogError::Board { name });
    }
    let Some(spec) = SPECS.iter().find(|s| s.name == name) else {
        return Err(CatalogError::UnknownName {
            name,
            names: names(),
        });
    };
    let mut param = || -> Result<String, CatalogError> {
        while words.front().is_some_and(|w| w == "--") {
            words.pop_front();
        }
        words.pop_front().ok_or_else(|| CatalogError::MissingParam {
            name: name.clone(),
            param: spec.param.unwrap_or(""),
            summary: spec.summary,
            example: spec.example,
        })
    };
    let bad_k = |text: String| CatalogError::BadK {
        name: name.clone(),
        max: MAX_K,
        text,
    };
    let k = |text: String| -> Result<u64, CatalogError> {
        match text.parse::<u64>() {
            Ok(k) if (1..=MAX_K).contains(&k) => Ok(k),
            _ => Err(bad_k(text)),
        }
    };
    // K is checked positive above, so the constructors below cannot refuse it.
    let bash = |k: u64| Bash::new(k).ok_or_else(|| bad_k(k.to_string()));
    let family = match name.as_str() {
        "nim" => Family::Nim,
        "misere-nim" => Family::MisereNim,
        "bash" => Family::Bash(bash(k(param()?)?)?),
        "bash-reach" => Family::BashReach(bash(k(param()?)?)?),
        "subtraction" | "all-but" => {
            let text = param()?;
            let text = if name == "all-but" {
                format!("!{}", text.trim_start_matches('!'))
            } else {
                text
            };
            let set: SubtractionSet = match text.parse() {
                Ok(set) => set,
                Err(source) => {
                    return Err(CatalogError::BadSet { name, text, source });
                }
            };
            Family::Subtraction(Subtraction::new(set))
        }
        "pow2" => Family::Subtraction(Subtraction::new(SubtractionSet::PowersOfTwo)),
        "fib-subtraction" => Family::Subtraction(Subtraction::new(SubtractionSet::Fibonacci)),
        "lasker" => Family::Lasker,
        "grundy-game" => Family::GrundyGame,
        "wythoff" => Family::Wythoff,
        "fibonacci-nim" => Family::FibonacciNim,
        "staircase" => Family::Staircase,
        "moore" => {
            let k = k(param()?)?;
            let moore = usize::try_from(k)
                .ok()
                .and_then(MooreNim::new)
                .ok_or_else(|| bad_k(k.to_string()))?;
            Family::Moore(moore)
        }
        "corner" => Family::Corner,
        _ => return Err(CatalogError::NotSingle { name }),
    };
    while words.front().is_some_and(|w| w == "--") {
        words.pop_front();
    }
    Ok(family)
}

/// Parses each word as a non-negative integer up to u64; `what` names them in errors.
///
/// # Examples
///
/// ```
/// use grundy::catalog::numbers;
/// assert_eq!(numbers(&["3".to_string(), "5".to_string()], "a heap").unwrap(), [3, 5]);
/// assert!(numbers(&["-1".to_string()], "a heap").is_err());
/// ```
pub fn numbers(words: &[String], what: &str) -> Result<Vec<u64>, CatalogError> {
    words
        .iter()
        .map(|w| {
            w.parse::<u64>().map_err(|_| CatalogError::BadNumber {
                what: what.to_string(),
                word: w.clone(),
            })
        })
        .collect()
}

/// `text` quoted for an error message: whole when short, else its first 32 characters and
/// its length, so a 5 MB word gives a one-line message. Every error that quotes a word a
/// person typed uses it.
///
/// # Examples
///
/// ```
/// use grundy::catalog::quoted;
/// assert_eq!(quoted("1,3,x"), "\"1,3,x\"");
/// assert_eq!(quoted(&"7".repeat(100)), format!("{:?}... (100 bytes)", "7".repeat(32)));
/// ```
pub fn quoted(text: &str) -> String {
    const SHOWN: usize = 32;
    if text.chars().count() <= SHOWN {
        return format!("{text:?}");
    }
    let prefix: String = text.chars().take(SHOWN).collect();
    format!("{prefix:?}... ({} bytes)", text.len())
}
