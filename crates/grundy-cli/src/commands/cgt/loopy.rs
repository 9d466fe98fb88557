//! `grundy cgt` on loopy games (`on`, `over`, `dud`, `pass`, node labels `a{0|a}`, `S & T`):
//! the value as CGSuite writes it (a stopper in simplest form, by its name when it equals a
//! named one, else in node-label notation; a game that is not a stopper by its sides,
//! `S & T`, or `dud`); `true`/`false` for a comparison; `--json` adds the outcome class (with
//! draws), who wins moving first, whether the game is a stopper, its sides and its
//! positions. A game whose sides are not found as stoppers (or too large to search, beyond
//! `MAX_SIDED` positions) is written as it was given.

use std::process::ExitCode;

use anyhow::anyhow;
use grundy::cgt::loopy::{
    evaluate, LoopyError, LoopyEvaluation, LoopyGame, LoopyOutcomeClass, SidedValue, Winner,
};
use grundy::cgt::Arena;
use serde::Serialize;

use crate::output::print_json;

/// What `--json` prints for a loopy game.
#[derive(Serialize)]
struct LoopyReport {
    expression: String,
    /// The value: `S & T`, `dud`, or a stopper's name or simplest form; the form as given
    /// when the sides are not stoppers.
    value: String,
    /// The onside and offside (null when not found as stoppers).
    onside: Option<String>,
    offside: Option<String>,
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

fn stopper(g: &LoopyGame) -> String {
    g.value_name().map_or_else(|| g.to_string(), str::to_string)
}

/// The sided value, or `None` when its sides are not stoppers or the game is too large to
/// search for them.
fn sided(g: &LoopyGame) -> anyhow::Result<Option<SidedValue>> {
    match SidedValue::of(g) {
        Ok(v) => Ok(Some(v)),
        Err(LoopyError::NotStopperSided(_) | LoopyError::TooLarge(_)) => Ok(None),
        Err(err) => Err(anyhow!("{err}")),
    }
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
        (LoopyEvaluation::Sided(v), false) => println!("{v}"),
        (LoopyEvaluation::Sided(v), true) => {
            let outcome = v.outcome();
            print_json(&LoopyReport {
                expression,
                value: v.to_string(),
                onside: Some(stopper(v.onside())),
                offside: Some(stopper(v.offside())),
                outcome,
                left_first: outcome.left_first(),
                right_first: outcome.right_first(),
                stopper: v.is_stopper(),
                positions: v.onside().len() + v.offside().len(),
            })?
        }
        (LoopyEvaluation::Game(g), false) => match sided(&g)? {
            Some(v) => println!("{v}"),
            None => println!("{g}"),
        },
        (LoopyEvaluation::Game(g), true) => {
            let outcome = g.outcome();
            let v = sided(&g)?;
            print_json(&LoopyReport {
                expression,
                value: v
                    .as_ref()
                    .map_or_else(|| g.to_string(), SidedValue::to_string),
                onside: v.as_ref().map(|v| stopper(v.onside())),
                offside: v.as_ref().map(|v| stopper(v.offside())),
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
