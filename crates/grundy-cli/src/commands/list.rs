//! `grundy list`: the classic families that `grundy analyze` and `grundy table` know, then
//! the problem-set board games that `grundy solve` and `grundy play` take, one line each,
//! with their parameters and position syntax.

pub mod catalog;

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;

use crate::output::print_json;
use catalog::{Spec, BOARDS, SPECS};

/// Arguments of `grundy list`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Entry {
    name: &'static str,
    parameter: Option<&'static str>,
    position: &'static str,
    summary: &'static str,
    example: &'static str,
    /// A board game of the problem set (solved and played, not tabulated).
    board: bool,
}

fn usage(spec: &Spec) -> String {
    let words = [Some(spec.name), spec.param, Some(spec.position)];
    words
        .into_iter()
        .flatten()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `grundy list`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.json {
        let entry = |s: &Spec, board: bool| Entry {
            name: s.name,
            parameter: s.param,
            position: s.position,
            summary: s.summary,
            example: s.example,
            board,
        };
        let families = SPECS.iter().map(|s| entry(s, false));
        let entries: Vec<Entry> = families
            .chain(BOARDS.iter().map(|s| entry(s, true)))
            .collect();
        print_json(&entries)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = io::stdout().lock();
    for spec in SPECS {
        writeln!(
            out,
            "{:<34} {}  (e.g. {})",
            usage(spec),
            spec.summary,
            spec.example
        )?;
    }
    writeln!(
        out,
        "\nboard games of the problem set, for solve and play (a position after 'at'; \
         @PATH reads a file):"
    )?;
    for spec in BOARDS {
        writeln!(
            out,
            "{}\n    {}  (e.g. {})",
            usage(spec),
            spec.summary,
            spec.example
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
