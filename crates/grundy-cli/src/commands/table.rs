//! `grundy table` (in progress).

use std::process::ExitCode;

/// Arguments of `grundy table`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `grundy table`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'grundy table' is not available yet")
}
