//! What the command line adds to the library's watched run ([`grundy::run::octal`], which
//! paces the chunks and saves the checkpoint atomically): an indicatif progress bar on
//! stderr (drawn only on a terminal, and only once a run has taken a second), Ctrl-C, and
//! the value frequencies at every power of two (saved atomically too).

use std::fs;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use grundy::octal::period::Verdict;
use grundy::octal::Sequence;
use grundy::run::octal::{Front, Stop, Stopped, Watched};
use grundy::run::{write_atomically, CheckpointFileError, Checkpoints, Control};
use indicatif::{ProgressBar, ProgressStyle};

/// Progress and checkpoints for one run: the library's watched run
/// ([`grundy::run::octal::Watched`]), drawn here.
pub struct Watch {
    run: Watched<Screen>,
}

/// What the command line adds to a run: the progress bar or log line, Ctrl-C, the
/// frequency files.
struct Screen {
    bar: Option<ProgressBar>,
    /// Set by Ctrl-C: the run stops at the next progress report, saving its checkpoint.
    control: Control,
    /// False with --json or when stderr is not a terminal: no progress bar.
    show_progress: bool,
    /// When stderr is not a terminal (a log file, a pipe): a plain progress line every
    /// [`LOG_EVERY`] instead, so that a long run is never silent; the last one's time.
    last_log: Option<Instant>,
    /// The values there were when the run started (a resumed run's rate counts only new ones).
    start_len: Option<usize>,
    /// Where `freq-2^k.txt` goes when the run holds 2^k values (k >= 10).
    frequencies: Option<PathBuf>,
}

/// How long a chunk of values should take: about the longest wait for Ctrl-C, the progress
/// bar and a checkpoint due. (Each chunk of a run on several threads starts and drains its
/// pipeline once, so chunks much shorter would cost speed.)
const CHUNK_TIME: Duration = Duration::from_millis(200);

/// How often a run whose stderr is not a terminal writes a progress line there.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// The first power of two whose value frequencies are written: 2^10.
pub const FIRST_FREQUENCIES: usize = 1 << 10;

impl Watch {
    /// Watches a run that saves to `checkpoints` (syncing `spill` first) and writes
    /// frequency files to `frequencies`.
    pub fn new(
        checkpoints: Checkpoints,
        spill: Option<fs::File>,
        frequencies: Option<PathBuf>,
        json: bool,
    ) -> Self {
        // Chunks of about CHUNK_TIME, or the checkpoints' interval if shorter, however slow
        // the values.
        let chunk = CHUNK_TIME.min(checkpoints.every());
        let screen = Screen {
            bar: None,
            control: Control::with_cancel_flag(crate::output::ctrl_c()),
            show_progress: !json && std::io::stderr().is_terminal(),
            last_log: (!std::io::stderr().is_terminal()).then(Instant::now),
            start_len: None,
            frequencies,
        };
        Watch {
            run: Watched::new(screen, checkpoints, chunk).with_spill(spill),
        }
    }

    /// Extends `seq` to `len` values, watched. Once the values prove a period on the way,
    /// the rest follow from it by [`Sequence::extend_by_period`]: returns the heap size
    /// from which they did.
    pub fn extend(&mut self, seq: &mut Sequence, len: usize) -> anyhow::Result<Option<usize>> {
        self.run.extend(seq, len).map_err(reason)
    }

    pub fn analyze(&mut self, seq: &mut Sequence, limit: usize) -> anyhow::Result<Verdict> {
        self.run.analyze(seq, limit).map_err(reason)
    }

    /// Clears the bar and saves the final state.
    pub fn finish(&mut self, seq: &Sequence) -> anyhow::Result<()> {
        if let Some(bar) = self.run.front().bar.take() {
            bar.finish_and_clear();
        }
        self.run.finish(seq)
    }
}

/// A stopped run's reason.
fn reason(stopped: Stopped<anyhow::Error>) -> anyhow::Error {
    match stopped {
        Stopped::Front(err) => err,
        Stopped::Compute(err) => err.into(),
    }
}

impl Screen {
    /// Writes `freq-2^k.txt` when `seq` holds 2^k values (k >= 10): one `value count` line
    /// per value that occurs among G(1) .. G(2^k - 1), by increasing value (the counts of
    /// the report's distribution at that length).
    fn write_frequencies(&self, seq: &Sequence) -> anyhow::Result<()> {
        let (Some(dir), len) = (&self.frequencies, seq.len()) else {
            return Ok(());
        };
        if !len.is_power_of_two() || len < FIRST_FREQUENCIES {
            return Ok(());
        }
        let path = dir.join(format!("freq-2^{}.txt", len.trailing_zeros()));
        let mut text = String::new();
        for (value, &count) in seq.tally().counts.iter().enumerate() {
            if count > 0 {
                text.push_str(&format!("{value} {count}\n"));
            }
        }
        write_atomically(&path, text.as_bytes())
            .with_context(|| format!("cannot write the frequencies {}", path.display()))
    }
}

impl Front for Screen {
    type Error = anyhow::Error;

    fn progress(&mut self, seq: &Sequence, limit: usize) -> ControlFlow<Stop<anyhow::Error>> {
        // Before any checkpoint that counts these values: a resumed run starts after them.
        if let Err(err) = self.write_frequencies(seq) {
            return ControlFlow::Break(Stop::Fail(err));
        }
        if self.control.is_cancelled() {
            if let Some(bar) = self.bar.take() {
                bar.finish_and_clear();
            }
            return ControlFlow::Break(Stop::Save(None));
        }
        let start_len = *self.start_len.get_or_insert(seq.len());
        let elapsed = self.control.elapsed();
        if self.bar.is_none() && self.show_progress && elapsed > Duration::from_secs(1) {
            let bar = ProgressBar::new(limit as u64);
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} values ({msg}, {eta} left)",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            self.bar = Some(bar);
        }
        // The rate over the whole run, as the final report gives it.
        let seconds = elapsed.as_secs_f64().max(1e-3);
        let rate = (seq.len() - start_len.min(seq.len())) as f64 / seconds / 1e6;
        if let Some(bar) = &self.bar {
            bar.set_message(format!("{rate:.2} M values/s"));
            bar.set_length(limit as u64);
            bar.set_position(seq.len() as u64);
        }
        if self
            .last_log
            .is_some_and(|last| last.elapsed() >= LOG_EVERY)
        {
            eprintln!(
                "grundy: {} of {} values ({:.1} %), {rate:.2} M values/s, {:.0} s so far",
                seq.len(),
                limit,
                100.0 * seq.len() as f64 / limit.max(1) as f64,
                seconds
            );
            self.last_log = Some(Instant::now());
        }
        ControlFlow::Continue(())
    }

    fn save_failed(
        &mut self,
        err: CheckpointFileError,
        _stop: Option<anyhow::Error>,
    ) -> anyhow::Error {
        err.into()
    }

    fn stopped(&mut self, seq: &Sequence, path: &Path) {
        eprintln!(
            "grundy: stopped at n = {}; checkpoint saved to {} (the same command resumes)",
            seq.len(),
            path.display()
        );
    }
}
