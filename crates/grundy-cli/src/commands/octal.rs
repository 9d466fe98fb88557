//! `grundy octal` (in progress).

use std::process::ExitCode;

/// Arguments of `grundy octal`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `grundy octal`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'grundy octal' is not available yet")
}
