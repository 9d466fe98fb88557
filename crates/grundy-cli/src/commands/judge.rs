//! `grundy judge` (in progress).

use std::process::ExitCode;

/// Arguments of `grundy judge`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs `grundy judge`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("'grundy judge' is not available yet")
}
