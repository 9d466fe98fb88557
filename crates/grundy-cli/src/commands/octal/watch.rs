//! The observer of long runs: an indicatif progress bar on stderr (drawn only on a
//! terminal, and only once a run has taken a second), the value frequencies at every power
//! of two, and the checkpoint file, saved atomically (a temporary file in the same folder,
//! synced, then renamed over the old one; the frequency files too).

use std::fs;
use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use grundy::octal::period::{self, Observer, Pace, Verdict};
use grundy::octal::{checkpoint, Sequence};
use grundy::SolveError;
use indicatif::{ProgressBar, ProgressStyle};

/// Progress and checkpoints for one run.
pub struct Watch {
    bar: Option<ProgressBar>,
    /// Set by Ctrl-C: the run stops at the next progress report, saving its checkpoint.
    interrupted: Arc<AtomicBool>,
    /// False with --json or when stderr is not a terminal: no progress bar.
    show_progress: bool,
    /// When stderr is not a terminal (a log file, a pipe): a plain progress line every
    /// [`LOG_EVERY`] instead, so that a long run is never silent; the last one's time.
    last_log: Option<Instant>,
    started: Instant,
    /// The values there were when the run started (a resumed run's rate counts only new ones).
    start_len: Option<usize>,
    checkpoint: Option<PathBuf>,
    every: Duration,
    last_save: Instant,
    saved_len: usize,
    error: Option<anyhow::Error>,
    /// A handle on the run's spill file, synced before each checkpoint that counts on it.
    spill: Option<fs::File>,
    /// Where `freq-2^k.txt` goes when the run holds 2^k values (k >= 10).
    frequencies: Option<PathBuf>,
    /// Chunks of about [`CHUNK_TIME`] (or the checkpoints' interval, if shorter), however
    /// slow the values.
    pace: Pace,
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
    pub fn new(
        checkpoint: Option<PathBuf>,
        every_seconds: f64,
        spill: Option<fs::File>,
        frequencies: Option<PathBuf>,
        json: bool,
    ) -> Self {
        let every = Duration::try_from_secs_f64(every_seconds.max(0.0)).unwrap_or(Duration::MAX);
        Watch {
            bar: None,
            interrupted: crate::output::ctrl_c(),
            show_progress: !json && std::io::stderr().is_terminal(),
            last_log: (!std::io::stderr().is_terminal()).then(Instant::now),
            started: Instant::now(),
            start_len: None,
            checkpoint,
            every,
            last_save: Instant::now(),
            saved_len: 0,
            error: None,
            spill,
            frequencies,
            pace: Pace::new(CHUNK_TIME.min(every)),
        }
    }

    /// Turns a stop requested by the observer into its reason.
    fn result<T>(&mut self, res: Result<T, grundy::octal::ComputeError>) -> anyhow::Result<T> {
        match res {
            Err(grundy::octal::ComputeError::Solve(SolveError::Interrupted))
                if self.error.is_some() =>
            {
                Err(self
                    .error
                    .take()
                    .unwrap_or_else(|| anyhow::anyhow!("interrupted")))
            }
            other => Ok(other?),
        }
    }

    /// Extends `seq` to `len` values, watched. Once the values prove a period on the way,
    /// the rest follow from it by [`Sequence::extend_by_period`]: returns the heap size
    /// from which they did.
    pub fn extend(&mut self, seq: &mut Sequence, len: usize) -> anyhow::Result<Option<usize>> {
        let res = period::extend(seq, len, self);
        self.result(res)
    }

    pub fn analyze(&mut self, seq: &mut Sequence, limit: usize) -> anyhow::Result<Verdict> {
        let res = period::analyze(seq, limit, self);
        self.result(res)
    }

    /// Clears the bar and saves the final state.
    pub fn finish(&mut self, seq: &Sequence) -> anyhow::Result<()> {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        if self.checkpoint.is_some() && seq.len() != self.saved_len {
            self.save(seq)?;
        }
        Ok(())
    }

    fn save(&mut self, seq: &Sequence) -> anyhow::Result<()> {
        let Some(path) = &self.checkpoint else {
            return Ok(());
        };
        if let Some(spill) = &self.spill {
            spill
                .sync_data()
                .context("cannot sync the spill file before the checkpoint")?;
        }
        write_atomically(path, &checkpoint::encode(seq))
            .with_context(|| format!("cannot save the checkpoint {}", path.display()))?;
        self.last_save = Instant::now();
        self.saved_len = seq.len();
        Ok(())
    }

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

/// Writes `bytes` to `path` through a temporary file beside it, synced, then renamed over it.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.to_path_buf().into_os_string();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut file = fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&tmp, path)
}

impl Observer for Watch {
    fn progress(&mut self, seq: &Sequence, limit: usize) -> ControlFlow<()> {
        self.pace.tick();
        // Before any checkpoint that counts these values: a resumed run starts after them.
        if let Err(err) = self.write_frequencies(seq) {
            self.error = Some(err);
            return ControlFlow::Break(());
        }
        if self.interrupted.load(Ordering::Relaxed) {
            if let Some(bar) = self.bar.take() {
                bar.finish_and_clear();
            }
            // Only proved values are in `seq`: the checkpoint resumes exactly from here.
            if let Err(err) = self.save(seq) {
                self.error = Some(err);
            } else if let Some(path) = &self.checkpoint {
                eprintln!(
                    "grundy: stopped at n = {}; checkpoint saved to {} (the same command resumes)",
                    seq.len(),
                    path.display()
                );
            }
            return ControlFlow::Break(());
        }
        let start_len = *self.start_len.get_or_insert(seq.len());
        if self.bar.is_none()
            && self.show_progress
            && self.started.elapsed() > Duration::from_secs(1)
        {
            let bar = ProgressBar::new(limit as u64);
            if let Ok(style) = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} values ({msg}, {eta} left)",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            self.bar = Some(bar);
        }
        // The rate over the whole run, as the final report gives it.
        let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
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
        if self.checkpoint.is_some() && self.last_save.elapsed() >= self.every {
            if let Err(err) = self.save(seq) {
                self.error = Some(err);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    fn interval(&self) -> usize {
        self.pace.interval()
    }
}
