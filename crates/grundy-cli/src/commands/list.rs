//! `grundy list` (in progress).

use std::process::ExitCode;

/// Arguments of `grundy list`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `grundy list`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'grundy list' is not available yet")
}
