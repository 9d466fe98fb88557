//! Rendering helpers shared by the commands: errors, JSON, broken pipes.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::run::Control;
use grundy::Budget;
use indicatif::ProgressDrawTarget;

use serde::Serialize;

/// `token` (bytes, maybe not UTF-8) quoted for an error message by the library's
/// [`grundy::text::quoted`]: whole when short, else a prefix and its length.
pub fn quoted(token: &[u8]) -> String {
    grundy::text::quoted(&String::from_utf8_lossy(token))
}

/// Checks, before any long computation, that a plot can be written to `path`: its name
/// ends in `.png` or `.svg`, and the file can be created (it is, empty, and the plot
/// overwrites it). The error is one line naming the file and the reason.
pub fn check_plot_path(path: &std::path::Path) -> anyhow::Result<()> {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    if !matches!(extension.as_deref(), Some("svg" | "png")) {
        anyhow::bail!(
            "cannot tell the plot format of {}: use a file name ending in .png or .svg",
            path.display()
        );
    }
    if let Err(err) = std::fs::File::create(path) {
        anyhow::bail!("cannot write the plot {}: {err}", path.display());
    }
    Ok(())
}

/// A progress line on stderr for a search: the positions it has expanded (counted by the
/// library's run control, [`grundy::run::Control`]) and their rate, shown once the search
/// passes a second (a quick answer draws nothing); none with `--json` or when stderr is not
/// a terminal. The line is cleared when this is dropped.
pub struct Progress {
    bar: indicatif::ProgressBar,
    done: Arc<AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// `budget` counting into a progress line for `what` (e.g. `solving`), and the line.
    pub fn start(json: bool, what: &str, budget: Budget) -> (Budget, Option<Progress>) {
        if !Self::shown(json) {
            return (budget, None);
        }
        let control = Control::new();
        let budget = control.counting(budget);
        let progress = Self::spawn(
            "{spinner} {msg}: {human_pos} positions ({per_sec}) {elapsed} (Ctrl-C stops)",
            what,
            move |bar| bar.set_position(control.done()),
        );
        (budget, Some(progress))
    }

    /// A progress bar for `what` with the time left: `read` gives the work done and the
    /// work in all (nothing drawn while the total is 0); `hint` ends the line (what Ctrl-C
    /// does). None with `--json` or when stderr is not a terminal.
    pub fn bar(
        json: bool,
        what: &str,
        hint: &str,
        read: impl Fn() -> (u64, u64) + Send + 'static,
    ) -> Option<Progress> {
        if !Self::shown(json) {
            return None;
        }
        let template =
            format!("{{msg}} [{{bar:30}}] {{percent}}% {{elapsed}}, about {{eta}} left ({hint})");
        Some(Self::spawn(&template, what, move |bar| {
            let (done, total) = read();
            if total > 0 {
                bar.set_length(total);
                bar.set_position(done);
            }
        }))
    }

    fn shown(json: bool) -> bool {
        use std::io::IsTerminal;
        !json && io::stderr().is_terminal()
    }

    /// The line with `template`, updated by `update` every 100 ms on its own thread, drawn
    /// once a second has passed.
    fn spawn(
        template: &str,
        what: &str,
        update: impl Fn(&indicatif::ProgressBar) + Send + 'static,
    ) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_message(what.to_string());
        let done = Arc::new(AtomicBool::new(false));
        let ticker = {
            let (bar, done) = (bar.clone(), Arc::clone(&done));
            std::thread::spawn(move || {
                let start = Instant::now();
                let mut shown = false;
                while !done.load(Ordering::Relaxed) {
                    std::thread::park_timeout(Duration::from_millis(100));
                    if !shown && start.elapsed() >= Duration::from_secs(1) {
                        bar.set_draw_target(ProgressDrawTarget::stderr());
                        shown = true;
                    }
                    update(&bar);
                    bar.tick();
                }
            })
        };
        Progress {
            bar,
            done,
            ticker: Some(ticker),
        }
    }
}

/// A flag that Ctrl-C sets instead of killing the process (installed once per process): a
/// long run looks at it between steps, stops cleanly and says how to resume.
pub fn ctrl_c() -> Arc<AtomicBool> {
    static FLAG: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        // Without a handler (none can be installed) Ctrl-C ends the process as usual, which
        // also reports no value.
        let _ = ctrlc::set_handler(move || set.store(true, Ordering::Relaxed));
        flag
    })
    .clone()
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            ticker.thread().unpark();
            let _ = ticker.join();
        }
        self.bar.finish_and_clear();
    }
}

/// `bytes`, lowered to what the machine can hold ([`grundy::limits::machine_bytes`]): the
/// default of every memory budget the commands set.
pub fn fitting(bytes: u64) -> u64 {
    grundy::limits::machine_bytes().map_or(bytes, |machine| machine.min(bytes))
}

/// Writes the line that stands for `count` moves left out of a list of moves (nothing for
/// none).
pub fn moves_left_out(out: &mut impl std::io::Write, count: usize) -> std::io::Result<()> {
    match count {
        0 => Ok(()),
        _ => writeln!(out, "  ... {count} moves"),
    }
}

/// The width of the widest move label of `solution`, to align a list of moves.
pub fn label_width(solution: &grundy::dynamic::Solution) -> usize {
    solution
        .moves
        .iter()
        .map(|m| m.mv.label.chars().count())
        .max()
        .unwrap_or(0)
}

/// Reads a memory size in GiB (2^30 bytes), fractions allowed (`0.5`), as bytes: from 1 MiB
/// to 1 PiB.
pub fn gibibytes(text: &str) -> Result<u64, String> {
    let gib: f64 = text.trim().parse().map_err(|_| {
        format!(
            "expected a size in GiB such as 8 or 0.5, found {}",
            quoted(text.as_bytes())
        )
    })?;
    let bytes = gib * f64::from(1u32 << 30);
    if !bytes.is_finite() || bytes < f64::from(1u32 << 20) || bytes > (1u64 << 50) as f64 {
        return Err(format!(
            "must be from 0.001 GiB (1 MiB) to 1048576 GiB (1 PiB), found {text}"
        ));
    }
    Ok(bytes as u64)
}

/// The message for a negative number where a count or size was expected: clap reads `-5`
/// as an unknown flag, or reports the digit parser's error.
fn negative_number(err: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let value = [ContextKind::InvalidValue, ContextKind::InvalidArg]
        .into_iter()
        .find_map(|kind| match err.get(kind) {
            Some(ContextValue::String(v)) if v.starts_with('-') => Some(v.clone()),
            _ => None,
        })?;
    let digits = value.strip_prefix('-')?;
    let number = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '.');
    number.then(|| format!("a number here must be at least 0, found {value}"))
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
        _ if negative_number(&err).is_some() => {
            let message = negative_number(&err).unwrap_or_default();
            eprintln!("grundy: {message} (see 'grundy --help')");
            ExitCode::from(2)
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
        let io_kind = cause
            .downcast_ref::<io::Error>()
            .map(io::Error::kind)
            .or_else(|| {
                cause
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            });
        io_kind == Some(io::ErrorKind::BrokenPipe)
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
    fn memory_sizes() {
        assert_eq!(super::gibibytes("8"), Ok(8 << 30));
        assert_eq!(super::gibibytes("0.5"), Ok(1 << 29));
        assert!(super::gibibytes("0").unwrap_err().contains("must be from"));
        assert!(super::gibibytes("-1").is_err());
        assert!(super::gibibytes("NaN").is_err());
        assert!(super::gibibytes("1e9").is_err());
        assert!(super::gibibytes("x").unwrap_err().contains("GiB"));
    }

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
