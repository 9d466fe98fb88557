//! `grundy solve`: a position of a built-in game solved by the generic engine (memo search
//! for the outcome and the moves, the Grundy solver for the nimber).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use grundy::games::nim::Nim;
use grundy::solve::grundy::GrundySolver;
use grundy::solve::memo::{MemoSearch, Outcomes};
use grundy::solve::strategy::optimal_moves;
use grundy::{Budget, Nimber, Outcome, Play};
use serde::Serialize;

use crate::output::print_json;

/// Arguments of `grundy solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game: `nim` (heaps given as numbers).
    #[arg(value_parser = ["nim"])]
    game: String,
    /// The position: heap sizes, e.g. `3 5 7`.
    #[arg(required = true, num_args = 1..)]
    heaps: Vec<u64>,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Most positions the search may store.
    #[arg(long, default_value_t = 50_000_000)]
    max_positions: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    game: String,
    play: Play,
    position: Vec<u64>,
    outcome: Outcome,
    /// The nimber (normal play only).
    nimber: Option<Nimber>,
    /// The moves to positions the opponent loses (all moves when none win).
    winning_moves: Vec<Vec<u64>>,
}

/// Runs `grundy solve`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let mut budget = Budget::default().with_positions(args.max_positions);
    if let Some(machine) = crate::output::machine_bytes() {
        let bytes = machine.min(budget.bytes());
        budget = budget.with_bytes(bytes);
    }
    let mut search = MemoSearch::new(&Nim, Outcomes(play), budget.clone());
    let best = optimal_moves(&mut search, &args.heaps).context("cannot solve this position")?;
    let outcome = best.value;
    let nimber = match play {
        Play::Normal => Some(
            GrundySolver::new(&Nim, budget)
                .nimber(&args.heaps)
                .context("cannot compute the nimber")?,
        ),
        Play::Misere => None,
    };
    let winning_moves = if outcome == Outcome::Win {
        best.moves.into_iter().map(|m| m.mv.to).collect()
    } else {
        Vec::new()
    };
    let report = Report {
        game: args.game,
        play,
        position: args.heaps,
        outcome,
        nimber,
        winning_moves,
    };
    if args.json {
        print_json(&report)?;
    } else {
        print_text(&report)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn heaps(position: &[u64]) -> String {
    position
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn print_text(report: &Report) -> io::Result<()> {
    let mut out = io::stdout().lock();
    let play = match report.play {
        Play::Normal => "normal play",
        Play::Misere => "misère play",
    };
    writeln!(out, "game      {} ({play})", report.game)?;
    writeln!(out, "position  {}", heaps(&report.position))?;
    let who = match report.outcome {
        Outcome::Win => "the player to move wins",
        Outcome::Loss => "the player to move loses",
        Outcome::Draw => "neither player can force a win",
    };
    writeln!(out, "outcome   {} ({who})", report.outcome)?;
    if let Some(nimber) = report.nimber {
        writeln!(out, "nimber    {nimber}")?;
    }
    writeln!(out, "winning moves: {}", report.winning_moves.len())?;
    for to in &report.winning_moves {
        writeln!(out, "  {} -> {}", heaps(&report.position), heaps(to))?;
    }
    Ok(())
}
