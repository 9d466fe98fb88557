//! `grundy analyze <game> [PARAM] <position>`: outcome, value, every winning move, and why.

mod explain;
pub mod values;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::process::ExitCode;

use crate::commands::list::catalog::parse_family;
use crate::output::print_json;
pub use explain::Analysis;

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

/// Runs `grundy analyze`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut words: VecDeque<String> = args.words.into_iter().collect();
    let analysis = if words.front().is_some_and(|w| w == "sum") {
        words.pop_front();
        let rest: Vec<String> = words.into_iter().collect();
        explain::analyze_sum(&rest)?
    } else {
        let family = parse_family(&mut words)?;
        let rest: Vec<String> = words.into_iter().collect();
        explain::analyze(&family, &rest)?
    };
    if args.json {
        print_json(&analysis)?;
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
        grundy::Outcome::Win => "the player to move wins",
        grundy::Outcome::Loss => "the player to move loses",
        grundy::Outcome::Draw => "neither player can force a win",
    };
    writeln!(out, "outcome   {} ({who})", a.outcome)?;
    if let Some(nimber) = a.nimber {
        writeln!(out, "value     *{nimber}")?;
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
    for line in &a.why {
        writeln!(out, "why: {line}")?;
    }
    Ok(())
}
