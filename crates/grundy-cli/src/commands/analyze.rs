//! `grundy analyze <game> [PARAM] <position>`: outcome, value, every winning move, and why.
//! The analysis is the library's (`grundy::analysis`); this module renders it.

use std::io::{self, Write};
use std::process::ExitCode;

use grundy::analysis::{analyze_words, Analysis, Reason};
use grundy::{Nimber, Outcome};
use serde::Serialize;

use crate::output::print_json;

/// Arguments of `grundy analyze`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Games and their parameters: see 'grundy list'. Examples:
  grundy analyze nim 3 5 7
  grundy analyze subtraction 1,3,4 -- 10 12
  grundy analyze wythoff 1618033988749894848 2618033988749894848
  grundy analyze sum nim 3 + bash 2 5 + wythoff 1 2")]
pub struct Args {
    /// The game, its parameter if it has one, then the position.
    #[arg(required = true, num_args = 1..)]
    words: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// `grundy analyze --json`: the analysis, its reasons as data and as lines.
#[derive(Serialize)]
struct Report<'a> {
    game: &'a str,
    position: &'a str,
    outcome: Outcome,
    nimber: Option<Nimber>,
    winning_moves: &'a [String],
    complete: bool,
    /// One line per reason, as the text output writes them.
    why: Vec<String>,
    /// The reasons as data.
    reasons: &'a [Reason],
}

/// Runs `grundy analyze`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let analysis = analyze_words(&args.words)?;
    if args.json {
        print_json(&Report {
            game: &analysis.game,
            position: &analysis.position,
            outcome: analysis.outcome,
            nimber: analysis.nimber,
            winning_moves: &analysis.winning_moves,
            complete: analysis.complete,
            why: analysis.why(),
            reasons: &analysis.reasons,
        })?;
    } else {
        print_text(&analysis)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(a: &Analysis) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "game      {}", a.game)?;
    writeln!(out, "position  {}", a.position)?;
    let who = match a.outcome {
        Outcome::Win => "the player to move wins",
        Outcome::Loss => "the player to move loses",
        Outcome::Draw => "neither player can force a win",
    };
    writeln!(out, "outcome   {} ({who})", a.outcome)?;
    if let Some(nimber) = a.nimber {
        writeln!(out, "value     {nimber}")?;
    }
    let count = if a.complete {
        a.winning_moves.len().to_string()
    } else {
        format!("{} shown (not an exhaustive list)", a.winning_moves.len())
    };
    writeln!(out, "winning moves: {count}")?;
    for mv in &a.winning_moves {
        writeln!(out, "  {mv}")?;
    }
    for reason in &a.reasons {
        writeln!(out, "why: {reason}")?;
    }
    Ok(())
}
