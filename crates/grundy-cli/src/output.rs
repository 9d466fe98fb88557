//! Rendering helpers shared by the commands: errors, JSON, broken pipes.

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;

/// The longest token an error message quotes whole.
const QUOTED_CHARS: usize = 32;

/// `token` quoted for an error message: whole when short, else its first characters and
/// its length, so a 5 MB token gives a one-line message.
pub fn quoted(token: &[u8]) -> String {
    let text = String::from_utf8_lossy(token);
    if text.chars().count() <= QUOTED_CHARS {
        return format!("{text:?}");
    }
    let prefix: String = text.chars().take(QUOTED_CHARS).collect();
    format!("{prefix:?}... ({} bytes)", token.len())
}

/// Prints a clap error: help and version as clap renders them (exit 0), any other error as
/// one line `grundy: ...` with a hint (exit 2).
pub fn clap_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            // The message is the first paragraph: one line, or a line and a list (the
            // missing arguments), joined on one line.
            let text = err.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .take_while(|line| !line.trim().is_empty() && !line.starts_with("Usage:"))
                .map(str::trim)
                .collect();
            let message = match message.join(" ") {
                joined if joined.is_empty() => "invalid arguments".to_string(),
                joined => joined.trim_start_matches("error: ").to_string(),
            };
            eprintln!("grundy: {message} (see 'grundy --help')");
            ExitCode::from(2)
        }
    }
}

/// True when `err` is a write to a closed pipe (`grundy ... | head`): not worth reporting.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Writes `value` as pretty JSON and a newline to stdout.
pub fn print_json<T: Serialize>(value: &T) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn long_tokens_are_cut() {
        assert_eq!(quoted(b"12x"), "\"12x\"");
        let long = vec![b'7'; 5_000_000];
        let message = quoted(&long);
        assert!(message.len() < 60, "{message}");
        assert!(message.ends_with("... (5000000 bytes)"), "{message}");
        let nuls = vec![0u8; 1000];
        assert!(quoted(&nuls).len() < 250);
    }
}
