//! `grundy analyze` (in progress).

use std::process::ExitCode;

/// Arguments of `grundy analyze`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `grundy analyze`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'grundy analyze' is not available yet")
}
