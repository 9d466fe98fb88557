//! `grundy list`: the classic families that `grundy analyze` and `grundy table` know, one
//! line each, with their parameters and position syntax.

pub mod catalog;

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;

use crate::output::print_json;
use catalog::SPECS;

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
}

/// Runs `grundy list`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.json {
        let entries: Vec<Entry> = SPECS
            .iter()
            .map(|s| Entry {
                name: s.name,
                parameter: s.param,
                position: s.position,
                summary: s.summary,
                example: s.example,
            })
            .collect();
        print_json(&entries)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = io::stdout().lock();
    for spec in SPECS {
        let usage = match spec.param {
            Some(param) => format!("{} {param} {}", spec.name, spec.position),
            None => format!("{} {}", spec.name, spec.position),
        };
        writeln!(out, "{usage:<34} {}  (e.g. {})", spec.summary, spec.example)?;
    }
    Ok(ExitCode::SUCCESS)
}
