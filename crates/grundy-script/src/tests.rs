//! Game files against the built-in games and plain searches (`agreement`), every kind of bad
//! file (`errors`), and the sandbox's caps and refusals (`sandbox`); the helpers they share.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use grundy::catalog::builtin;
use grundy::dynamic::{Datum, DynError, DynGame, Solution};
use grundy::games::subtraction::Subtraction;
use grundy::{Budget, Outcome, SolveError};

use super::*;

mod agreement;
mod errors;
mod sandbox;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name)
}

fn source(text: &str) -> Arc<dyn DynGame> {
    load_source("test.luau", text, &[]).unwrap()
}

fn error(text: &str) -> String {
    load_source("test.luau", text, &[])
        .err()
        .unwrap()
        .to_string()
}

/// Rows of up to three heaps of at most `max`.
fn rows(max: i64) -> Vec<Datum> {
    let mut out = Vec::new();
    for a in 0..=max {
        out.push(Datum::ints([a]));
        for b in 0..=max {
            out.push(Datum::ints([a, b]));
            for c in 0..=max {
                out.push(Datum::ints([a, b, c]));
            }
        }
    }
    out
}

fn same_values(ours: &Solution, theirs: &Solution) {
    assert_eq!(ours.value, theirs.value, "at {}", theirs.position);
    let moves = |s: &Solution| {
        s.moves
            .iter()
            .map(|m| (m.mv.to.clone(), m.value))
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(ours), moves(theirs), "at {}", theirs.position);
    assert_eq!(ours.optimal, theirs.optimal, "at {}", theirs.position);
}
