//! The `grundy` command: a thin layer of argument parsing and rendering over the library.
//!
//! Exit codes: 0 on success (and quietly on a closed pipe), 2 on any error: bad arguments,
//! bad input, a game too large for the limits.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;
mod judge;
mod output;
mod picture;

#[cfg(test)]
mod fuzz;

/// Exact solver for two-player games of perfect information.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a position of a built-in game or a game file (FILE.luau): outcome, value and
    /// optimal moves.
    Solve(commands::solve::Args),
    /// Strongly solve a board game (Connect Four, tic-tac-toe, Dots-and-Boxes, ... or a game
    /// file with tiers) into a database on disk, tier by tier on every core (resumable);
    /// 'grundy solve ... --db DIR' answers from it.
    Build(commands::build::Args),
    /// Play a game against perfect play in the terminal, with hints and undo.
    Play(commands::play::Args),
    /// Serve a web playground: play against perfect play and tabulate families in a browser.
    Serve(commands::serve::Args),
    /// Explain a position of a classic family: outcome, value, winning moves and why.
    Analyze(commands::analyze::Args),
    /// Tabulate a family's Grundy values or P-positions and find the pattern.
    Table(commands::table::Args),
    /// Evaluate partizan game values in CGSuite's notation: canonical forms, comparisons,
    /// stops, means and temperatures.
    Cgt(commands::cgt::Args),
    /// List the built-in games and their parameters.
    List(commands::list::Args),
    /// Compute an octal or hexadecimal game's Grundy sequence and prove its period.
    ///
    /// The sparse method runs on every core (one computes candidates ahead, the others prove
    /// them; the same values either way): `--threads 1` or `RAYON_NUM_THREADS=1` keeps it on
    /// one.
    Octal(commands::octal::Args),
    /// The misère quotient of an octal or hexadecimal game for heaps up to a bound:
    /// elements, relations, P-portion and each heap's element (as Siegel's MisereSolver).
    Quotient(commands::quotient::Args),
    /// Answer a judge problem: its input on stdin, the exact judge output on stdout.
    Judge(commands::judge::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return commands::build::arguments_refused(err),
    };
    let res = match cli.command {
        Command::Solve(args) => commands::solve::run(args),
        Command::Build(args) => commands::build::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Table(args) => commands::table::run(args),
        Command::Cgt(args) => commands::cgt::run(args),
        Command::List(args) => commands::list::run(args),
        Command::Octal(args) => commands::octal::run(args),
        Command::Quotient(args) => commands::quotient::run(args),
        Command::Judge(args) => commands::judge::run(args),
    };
    match res {
        Ok(code) => code,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = io::stdout().flush();
            eprintln!("grundy: {err:#}");
            ExitCode::from(2)
        }
    }
}
