//! `grundy judge`: a judge problem's input on stdin, its exact output on stdout.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::bail;

use crate::judge::{self, Input};

/// Arguments of `grundy judge`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The problem id (see `--list`).
    #[arg(required_unless_present = "list")]
    id: Option<String>,
    /// List the problem ids with a one-line description each.
    #[arg(long)]
    list: bool,
}

/// Runs `grundy judge`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.list {
        let mut out = io::stdout().lock();
        for problem in judge::PROBLEMS {
            writeln!(out, "{:<10} {}", problem.id, problem.summary)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let id = args.id.unwrap_or_default();
    let Some(problem) = judge::find(&id) else {
        let ids: Vec<_> = judge::PROBLEMS.iter().map(|p| p.id).collect();
        bail!(
            "unknown problem {id:?}; expected one of: {}",
            ids.join(", ")
        );
    };
    let mut input = Input::from_stdin()?;
    let mut out = BufWriter::new(io::stdout().lock());
    let res = (problem.run)(&mut input, &mut out);
    out.flush()?;
    match res {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(err) if err.io.is_some() => Err(err.io.expect("checked").into()),
        Err(err) => {
            eprintln!("grundy: {}: {err}", problem.id);
            Ok(ExitCode::from(2))
        }
    }
}
