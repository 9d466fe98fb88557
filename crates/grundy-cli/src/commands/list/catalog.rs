//! The families as the command line names them: `<game> [PARAM] <position...>`.
//!
//! A family with a parameter takes it as the first word after its name (`bash 3`,
//! `subtraction 1,3,4`, `moore 2`); the position follows (`--` before it is optional).

use std::collections::VecDeque;

use anyhow::{bail, Context};
use grundy::games::bash::Bash;
use grundy::games::moore::MooreNim;
use grundy::games::subtraction::{Subtraction, SubtractionSet};

/// How a family is named and used on the command line.
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

fn names() -> String {
    SPECS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
}

/// The largest K for bash, bash-reach and moore.
const MAX_K: u64 = 1_000_000;

/// Reads a family name and its parameter from the front of `words`.
pub fn parse_family(words: &mut VecDeque<String>) -> anyhow::Result<Family> {
    let Some(name) = words.pop_front() else {
        bail!(
            "expected a game name, one of: {} (see 'grundy list')",
            names()
        );
    };
    let Some(spec) = SPECS.iter().find(|s| s.name == name) else {
        bail!(
            "unknown game {name:?}; expected one of: {} (see 'grundy list')",
            names()
        );
    };
    let mut param = || -> anyhow::Result<String> {
        while words.front().is_some_and(|w| w == "--") {
            words.pop_front();
        }
        words.pop_front().with_context(|| {
            format!(
                "{name} needs its parameter {}: {} (e.g. '{}')",
                spec.param.unwrap_or(""),
                spec.summary,
                spec.example
            )
        })
    };
    let k = |text: String| -> anyhow::Result<u64> {
        match text.parse::<u64>() {
            Ok(k) if (1..=MAX_K).contains(&k) => Ok(k),
            _ => bail!(
                "{name} expects K, an integer from 1 to {MAX_K}, found {}",
                crate::output::quoted(text.as_bytes())
            ),
        }
    };
    let family = match name.as_str() {
        "nim" => Family::Nim,
        "misere-nim" => Family::MisereNim,
        "bash" => Family::Bash(Bash::new(k(param()?)?).context("K is positive")?),
        "bash-reach" => Family::BashReach(Bash::new(k(param()?)?).context("K is positive")?),
        "subtraction" | "all-but" => {
            let text = param()?;
            let text = if name == "all-but" {
                format!("!{}", text.trim_start_matches('!'))
            } else {
                text
            };
            let set: SubtractionSet = text.parse().with_context(|| {
                format!(
                    "{name} expects S like 1,3,4 (or !1,2, pow2, fib), found {}",
                    crate::output::quoted(text.as_bytes())
                )
            })?;
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
            Family::Moore(MooreNim::new(k as usize).context("K is positive")?)
        }
        "corner" => Family::Corner,
        _ => bail!("{name} is not a single game; 'sum' combines games with '+'"),
    };
    while words.front().is_some_and(|w| w == "--") {
        words.pop_front();
    }
    Ok(family)
}

/// Parses each word as a non-negative integer up to u64; `what` names them in errors.
pub fn numbers(words: &[String], what: &str) -> anyhow::Result<Vec<u64>> {
    words
        .iter()
        .map(|w| {
            w.parse::<u64>().map_err(|_| {
                anyhow::anyhow!(
                    "expected {what} (an integer from 0 to {}), found {}",
                    u64::MAX,
                    crate::output::quoted(w.as_bytes())
                )
            })
        })
        .collect()
}
