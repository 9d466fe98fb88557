//! `grundy cgt` on loopy games (`on`, `over`, `dud`, `pass`, node labels `a{0|a}`): the value
//! by its name when it equals a named stopper, else its form in CGSuite's node-label
//! notation; `true`/`false` for a comparison of stoppers; `--json` adds the outcome class
//! (with draws), who wins moving first, whether the game is a stopper, and its positions.

use std::process::ExitCode;

use anyhow::anyhow;
use grundy::cgt::loopy::{evaluate, LoopyEvaluation, LoopyGame, LoopyOutcomeClass, Winner};
use grundy::cgt::Arena;
use serde::Serialize;

use crate::output::print_json;

/// What `--json` prints for a loopy game.
#[derive(Serialize)]
struct LoopyReport {
    expression: String,
    /// A name (`on`, `over`, `^[on]`, ...) or the node-label form (not simplified).
    value: String,
    /// CGSuite's outcome class: L, R, P, N, D, NHat, PCheck, PHat or NCheck.
    outcome: LoopyOutcomeClass,
    left_first: Winner,
    right_first: Winner,
    /// No line of play alternates forever (then the order of stoppers applies).
    stopper: bool,
    positions: usize,
}

/// What `--json` prints for a comparison.
#[derive(Serialize)]
struct ComparisonReport {
    expression: String,
    comparison: bool,
}

fn value(g: &LoopyGame) -> String {
    g.value_name().map_or_else(|| g.to_string(), str::to_string)
}

/// Evaluates and prints a loopy expression.
pub(super) fn run(expression: String, json: bool, plot: bool) -> anyhow::Result<ExitCode> {
    if plot {
        anyhow::bail!("--plot draws a short game's thermograph; loopy games have none here");
    }
    let mut arena = Arena::new();
    let evaluation = evaluate(&mut arena, &expression).map_err(|err| match err {
        grundy::cgt::loopy::LoopyError::Parse { column, .. } if column > 0 => {
            let caret = " ".repeat(column.saturating_sub(1));
            anyhow!("{err}\n  {expression}\n  {caret}^")
        }
        other => anyhow!("{other}"),
    })?;
    match (evaluation, json) {
        (LoopyEvaluation::Comparison(truth), false) => println!("{truth}"),
        (LoopyEvaluation::Comparison(comparison), true) => print_json(&ComparisonReport {
            expression,
            comparison,
        })?,
        (LoopyEvaluation::Game(g), false) => println!("{}", value(&g)),
        (LoopyEvaluation::Game(g), true) => {
            let outcome = g.outcome();
            print_json(&LoopyReport {
                expression,
                value: value(&g),
                outcome,
                left_first: outcome.left_first(),
                right_first: outcome.right_first(),
                stopper: g.is_stopper(),
                positions: g.len(),
            })?
        }
    }
    Ok(ExitCode::SUCCESS)
}
