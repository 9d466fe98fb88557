//! A partizan game's answer, for `solve` and `analyze`: the canonical form of the position
//! (or sum), its outcome class, stops, mean and temperature, each component's value, and
//! the moves a player would make by temperature (`grundy::analysis::partizan`). A position
//! or sum whose positions repeat (the search meets a cycle) is valued as a loopy game
//! instead: its outcome class with draws and its sided value, as `grundy cgt` writes them,
//! and each summand's sided value.

use std::io::{self, Write};

use grundy::analysis::partizan::{
    analyze_loopy_sum, analyze_partizan, LoopyAnalysis, PartizanAnalysis, Summand,
};
use grundy::analysis::AnalysisError;
use grundy::cgt::loopy::Winner;
use grundy::cgt::OutcomeClass;
use grundy::dynamic::{DynError, RulesError};
use grundy::Budget;
use serde::Serialize;

use crate::output::print_json;

/// `--json` of a partizan position or sum.
#[derive(Serialize)]
struct Report<'a> {
    game: &'a str,
    kind: &'static str,
    position: &'a str,
    #[serde(flatten)]
    analysis: &'a PartizanAnalysis,
}

/// `--json` of a position whose positions repeat, valued as a loopy game.
#[derive(Serialize)]
struct LoopyReport<'a> {
    game: &'a str,
    kind: &'static str,
    position: &'a str,
    #[serde(flatten)]
    analysis: &'a LoopyAnalysis,
}

/// Analyses `summands` within `budget` and prints the answer (text, or JSON with `json`);
/// `game` and `position` name what was asked.
pub fn run(
    game: &str,
    position: &str,
    summands: &[Summand],
    budget: &Budget,
    json: bool,
) -> anyhow::Result<()> {
    let analysis = match analyze_partizan(summands, budget) {
        Err(AnalysisError::Game {
            source: DynError::Rules(RulesError::Cycle { .. }),
            ..
        }) => {
            return run_loopy(game, position, summands, budget, json);
        }
        other => other,
    };
    let analysis = analysis.map_err(in_game)?;
    if json {
        return print_json(&Report {
            game,
            kind: "partizan",
            position,
            analysis: &analysis,
        });
    }
    print_text(game, position, &analysis)?;
    Ok(())
}

/// An analysis's error; the game's own with its name as context (so the position limit's
/// hint finds it in the chain).
fn in_game(err: AnalysisError) -> anyhow::Error {
    match err {
        AnalysisError::Game { game, source } => {
            anyhow::Error::from(source).context(format!("in {game}"))
        }
        other => other.into(),
    }
}

/// Values `summands`, some of whose positions repeat, as a loopy game (the sum of their
/// reachable graphs) and prints its outcome with draws and its sided value.
fn run_loopy(
    game: &str,
    position: &str,
    summands: &[Summand],
    budget: &Budget,
    json: bool,
) -> anyhow::Result<()> {
    let a = analyze_loopy_sum(summands, budget).map_err(in_game)?;
    if json {
        return print_json(&LoopyReport {
            game,
            kind: "partizan",
            position,
            analysis: &a,
        });
    }
    let mut out = io::stdout().lock();
    writeln!(out, "game      {game} (partizan, positions repeat)")?;
    writeln!(out, "position  {}", position.replace('\n', "/"))?;
    writeln!(out, "value     {}", a.value)?;
    if summands.len() > 1 {
        let shown: Vec<String> = summands
            .iter()
            .zip(&a.components)
            .map(|(s, value)| format!("{} {value}", s.name))
            .collect();
        writeln!(out, "components {}", shown.join(", "))?;
    }
    if let (Some(on), Some(off)) = (&a.onside, &a.offside) {
        writeln!(out, "sides     {on} (onside), {off} (offside)")?;
    } else {
        writeln!(out, "sides     not found as stoppers")?;
    }
    let first = |w: Winner| match w {
        Winner::Left => "Left wins",
        Winner::Right => "Right wins",
        Winner::Draw => "a draw",
    };
    writeln!(
        out,
        "outcome   {} ({} with Left first, {} with Right first)",
        a.outcome,
        first(a.left_first),
        first(a.right_first)
    )?;
    writeln!(out, "positions {} (a loopy game)", a.positions)?;
    Ok(())
}

fn print_text(game: &str, position: &str, a: &PartizanAnalysis) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "game      {game} (partizan)")?;
    if position.contains('\n') {
        writeln!(out, "position")?;
        for row in position.lines() {
            writeln!(out, "  {row}")?;
        }
    } else {
        writeln!(out, "position  {position}")?;
    }
    let v = &a.value;
    writeln!(out, "value     {}", v.value)?;
    if v.canonical != v.value {
        writeln!(out, "canonical {}", v.canonical)?;
    }
    let who = match v.outcome {
        OutcomeClass::Left => "Left wins whoever starts",
        OutcomeClass::Right => "Right wins whoever starts",
        OutcomeClass::Next => "the player to move wins",
        OutcomeClass::Previous => "the player to move loses",
    };
    writeln!(out, "outcome   {} ({who})", v.outcome)?;
    writeln!(
        out,
        "stops     {} (Left first), {} (Right first)",
        v.left_stop, v.right_stop
    )?;
    writeln!(out, "mean      {}", v.mean)?;
    writeln!(out, "temperature {}", v.temperature)?;
    if a.components.len() != 1 {
        writeln!(out, "components: {}", a.components.len())?;
        for c in &a.components {
            let shown = c.shown.replace('\n', "/");
            writeln!(
                out,
                "  {shown}  {}  (temperature {})",
                c.value.value, c.value.temperature
            )?;
        }
    }
    let Some(hottest) = a.hottest else {
        writeln!(out, "no moves")?;
        return Ok(());
    };
    if a.components.len() != 1 {
        let shown = a.components[hottest].shown.replace('\n', "/");
        writeln!(out, "hottest   {shown} (component {})", hottest + 1)?;
    }
    for (side, moves) in [("Left", &a.left), ("Right", &a.right)] {
        if moves.is_empty() {
            writeln!(out, "{side:<5}     has no move there")?;
            continue;
        }
        let listed: Vec<String> = moves
            .iter()
            .map(|m| format!("{} (to {})", m.label, m.value))
            .collect();
        writeln!(out, "{side:<5}     {}", listed.join(", "))?;
    }
    Ok(())
}
