//! A family and its parameter, read from the words a person typed.

use std::collections::VecDeque;

use super::boards::BOARDS;
use super::error::CatalogError;
use super::spec::SPECS;
use crate::games::bash::Bash;
use crate::games::moore::MooreNim;
use crate::games::subtraction::{Subtraction, SubtractionSet};
use crate::octal::TakeAndBreak;

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
    /// An octal or hexadecimal take-and-break game by its code (Kayles is `0.77`).
    Code(TakeAndBreak),
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
            Family::Code(code) => code.to_string(),
        }
    }
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
    if looks_like_code(&name) {
        return code_family(&name, words);
    }
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
        "kayles" => return code_family("0.77", words),
        "dawsons-kayles" => return code_family("0.07", words),
        "octal" => {
            let text = param()?;
            return code_family(&text, words);
        }
        _ => return Err(CatalogError::NotSingle { name }),
    };
    while words.front().is_some_and(|w| w == "--") {
        words.pop_front();
    }
    Ok(family)
}

/// True when `word` is written as a code: a point, with at most one digit before it
/// (`0.77`, `.07`, `4.7`, `0.F`).
fn looks_like_code(word: &str) -> bool {
    word.split_once('.')
        .is_some_and(|(before, _)| before.chars().count() <= 1)
}

/// The family of the code `text` (any `--` after it dropped); a code without a move is
/// refused.
fn code_family(text: &str, words: &mut VecDeque<String>) -> Result<Family, CatalogError> {
    let code: TakeAndBreak = text.parse().map_err(CatalogError::BadCode)?;
    if code.digits().iter().all(|&d| d == 0) {
        return Err(CatalogError::NoMoves {
            code: text.to_string(),
        });
    }
    while words.front().is_some_and(|w| w == "--") {
        words.pop_front();
    }
    Ok(Family::Code(code))
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
