//! `grundy octal`: an octal or hexadecimal game's Grundy sequence, its period proved by the
//! Octal Game Periodicity Theorem, the first values, the pattern and the value distribution.
//!
//! The library computes; this module renders, draws the progress bar and keeps the
//! checkpoint file (watch.rs), and draws the plot (plot.rs).

use std::fs::{File, OpenOptions};
use std::io::IsTerminal;
use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use grundy::octal::period::{self, Period, Verdict};
use grundy::octal::stats::Distribution;
use grundy::octal::{checkpoint, ComputeError, Method, Sequence, SpillFile, TakeAndBreak, Window};
use grundy::{Budget, SolveError};
use serde::Serialize;

use crate::output::print_json;

mod plot;
mod watch;

/// Arguments of `grundy octal`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The code: `0.77` (Kayles), `0.07`, `0.137`, `0.6` (Officers), `4.7`, hexadecimal `0.F`.
    code: String,
    /// Compute exactly G(0) .. G(N) and judge the period on them (default: stop as soon as
    /// the period is proved, or at a bound that depends on the method).
    #[arg(long, value_name = "N")]
    to: Option<usize>,
    /// `sparse` (rare/common values; octal codes) or `direct` (every split). Default:
    /// sparse when moves leave at most two heaps, else direct.
    #[arg(long)]
    method: Option<Method>,
    /// Also the circular variant: a ring whose first move (removing a run) leaves a line.
    #[arg(long)]
    circular: bool,
    /// Draw G(n) against n to FILE (.svg, or .png).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Save the state to FILE now and then (atomically) and resume from it when it exists.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
    checkpoint_interval: f64,
    /// How many values the text output lists.
    #[arg(long, default_value_t = 100, value_name = "K")]
    show: usize,
    /// Memory the values may take, in GiB (2^30 bytes; fractions such as 0.5 allowed; 2
    /// bytes a value). The default, 8 (2^32 values), is lowered to three quarters of the
    /// memory the machine has free (or of `ulimit -v`); a run that needs more is refused
    /// before it starts.
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes)]
    memory: Option<u64>,
    /// Keep in memory only the first values (--keep) and a recent window of twice as many
    /// (42 MiB of values by default, whatever --to is); the values between go to FILE, 2 bytes
    /// each, read back only by the rare long scans that reach them. For runs past what
    /// --memory holds (sparse method). Periods are then looked for among the first values.
    #[arg(long, value_name = "FILE")]
    spill: Option<PathBuf>,
    /// With --spill: how many values G(0) .. G(N - 1) stay in memory for good.
    #[arg(long, value_name = "N", requires = "spill", default_value_t = 1 << 22,
          value_parser = clap::value_parser!(u64).range(1024..=1 << 30))]
    keep: u64,
    /// Threads for the sparse method (default: RAYON_NUM_THREADS when set, else every core
    /// of the machine). One computes candidates ahead; the others prove batches of them and,
    /// from 5 on, also take the far and middle parts of the candidates' work. The values,
    /// checkpoints and JSON reports are the same for every N; 1 runs on one thread. The
    /// text's `threads:` line says how fast the candidates' thread lets the run go, its
    /// `pool:` line where the other threads' time and the candidates' waits went.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Write the value frequencies to DIR as the run goes (created if missing): when the run
    /// holds 2^k values (k >= 10), the file DIR/freq-2^k.txt, one `value count` line per value
    /// occurring among G(1) .. G(2^k - 1) (heap 0 left out, as in the report's distribution),
    /// by increasing value. A resumed run writes the powers of two it reaches.
    #[arg(long, value_name = "DIR")]
    frequencies: Option<PathBuf>,
}

/// The names of famous codes (Winning Ways ch. 4).
const NAMES: &[(&str, &str)] = &[
    ("0.77", "Kayles"),
    ("0.07", "Dawson's Kayles"),
    ("0.137", "Dawson's chess"),
    ("0.6", "Officers"),
    ("0.007", "Treblecross"),
    ("0.16", "Gangolli-Plambeck's 0.16"),
];

#[derive(Serialize)]
struct Report {
    code: String,
    name: Option<&'static str>,
    method: String,
    max_take: usize,
    max_heaps: usize,
    values_computed: usize,
    /// The heap size from which the values followed from the proved period, not a search.
    by_period_from: Option<usize>,
    /// With `--spill`: the values kept in memory and in the spill file.
    kept: Option<Kept>,
    verdict: Verdict,
    verdict_text: String,
    /// FNV-1a (64 bits) of every value computed, as little-endian u16: compares two runs.
    digest: String,
    first_values: Vec<u16>,
    /// The repeating values from the preperiod on, when proved and not too long.
    pattern: Option<Vec<u16>>,
    distribution: Distribution,
    ring: Option<RingReport>,
    /// The batches on several threads, when they ran: the candidates' thread's CPU time
    /// bounds the speed, however many threads prove. In the text only, like the rate: the JSON
    /// is the same on any number of threads.
    #[serde(skip)]
    pipeline: Option<grundy::octal::Pipeline>,
}

#[derive(Serialize)]
struct Kept {
    /// G(0 .. prefix) are kept (and judged for a period).
    prefix: usize,
    /// At least the last `recent` values are kept.
    recent: usize,
    /// G(recent_from ..) are kept.
    recent_from: usize,
    /// The file holding G(prefix .. recent_from).
    spill: String,
}

#[derive(Serialize)]
struct RingReport {
    verdict: Verdict,
    verdict_text: String,
    first_values: Vec<u16>,
}

/// Runs `grundy octal`, on `--threads` threads when given (else the library's default:
/// RAYON_NUM_THREADS or the machine's cores).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game: TakeAndBreak = args.code.parse()?;
    if let Some(path) = &args.plot {
        if args.spill.is_some() {
            anyhow::bail!("--plot draws every value, and a run with --spill keeps only a window of them in memory");
        }
        crate::output::check_plot_path(path)?;
    }
    if let Some(dir) = &args.frequencies {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the frequencies folder {}", dir.display()))?;
    }
    let method = args.method.unwrap_or(Method::for_game(&game));
    if args.spill.is_some() && method != Method::Sparse {
        anyhow::bail!("--spill needs the sparse method (the direct method reads every value)");
    }
    // Values are the positions here, at 2 bytes each: the memory bounds both.
    let bytes = args
        .memory
        .unwrap_or_else(|| crate::output::fitting(8 << 30));
    let budget = Budget::default()
        .with_bytes(bytes)
        .with_positions(bytes / 2);
    let saved = grundy::run::Checkpoints::new(args.checkpoint.clone(), args.checkpoint_interval);
    let mut seq = match (&args.checkpoint, saved.load()?) {
        (Some(path), Some(bytes)) => {
            let spill = match &args.spill {
                Some(file) => Some(open_spill(file, false)?),
                None => None,
            };
            let spill = spill.map(|file| Box::new(file) as Box<dyn SpillFile>);
            let seq =
                checkpoint::restore(&bytes, &game, method, budget, spill).with_context(|| {
                    format!(
                        "cannot resume from {} (delete it to start afresh)",
                        path.display()
                    )
                })?;
            eprintln!(
                "grundy: resumed from {} at n = {}",
                path.display(),
                seq.len()
            );
            seq
        }
        _ => Sequence::new(game.clone(), method, budget)?,
    };
    if let Some(threads) = args.threads.and_then(|n| NonZeroUsize::new(usize::from(n))) {
        seq.set_threads(threads);
    }
    let mut spill_handle = None;
    if let Some(file) = &args.spill {
        if seq.window().is_none() {
            if let Some(last) = args.to {
                check_spill_space(file, last.saturating_add(1), args.keep)?;
            }
            let spill = open_spill(file, true)?;
            spill_handle = Some(spill.try_clone()?);
            let window = Window::new(args.keep as usize);
            seq.keep_window(window, Some(Box::new(spill)))?;
        } else {
            spill_handle = Some(open_spill(file, false)?);
        }
    }
    if let Some(last) = args.to {
        let len = last.checked_add(1).context("--to is too large")?;
        if let Err(err) = seq.check_fits(len) {
            if let ComputeError::Solve(SolveError::TooLarge { limit, .. }) = err {
                if limit == 1 << 32 && seq.window().is_none() {
                    anyhow::bail!(
                        "{len} values are more than 2^32, the most a run keeping every value holds, which --memory cannot raise: pass --spill FILE to keep only a window of the values in memory"
                    );
                }
            }
            let hint = match seq.window() {
                None => " (pass --spill FILE to keep only a window of the values in memory)",
                Some(_) => "",
            };
            anyhow::bail!("{err}{hint}");
        }
    }
    let mut watch = watch::Watch::new(saved, spill_handle, args.frequencies.clone(), args.json);
    let (started, resumed) = (Instant::now(), seq.len());
    let mut by_period_from = None;
    let verdict = match args.to {
        Some(last) => {
            let len = last.checked_add(1).context("--to is too large")?;
            by_period_from = watch.extend(&mut seq, len).map_err(hint_keep)?;
            let kept = seq.values();
            period::verdict(&kept[..len.min(kept.len())], seq.game())
        }
        None => {
            let limit = method.search_limit(&game);
            if !args.json && std::io::stderr().is_terminal() {
                eprintln!(
                    "grundy: no --to given: computing up to n = {} or until a period is proved (--to N goes further)",
                    limit - 1
                );
            }
            watch.analyze(&mut seq, limit).map_err(hint_keep)?
        }
    };
    let elapsed = Timing {
        seconds: started.elapsed().as_secs_f64(),
        computed: seq.len() - resumed,
    };
    watch.finish(&seq)?;
    let len = args.to.map_or(seq.len(), |last| last + 1);

    let ring = if args.circular {
        Some(ring_report(&mut seq, verdict, len, args.show)?)
    } else {
        None
    };
    let values = &seq.values()[..len.min(seq.values().len())];
    let pattern = match verdict {
        Verdict::Periodic {
            period, preperiod, ..
        } if period <= 10_000 => Some(values[preperiod..preperiod + period].to_vec()),
        _ => None,
    };
    // The running totals cover every value computed: they are the report's whenever it is
    // about all of them (a window, or a run that computed exactly the values asked for);
    // only a resumed run that had gone past --to recounts its first values.
    let tallied = seq.window().is_some() || values.len() == seq.len();
    let report = Report {
        code: game.to_string(),
        name: NAMES
            .iter()
            .find(|(code, _)| *code == game.to_string())
            .map(|(_, name)| *name),
        method: method.to_string(),
        max_take: game.max_take(),
        max_heaps: game.max_heaps(),
        values_computed: if tallied { seq.len() } else { values.len() },
        by_period_from,
        kept: seq.window().map(|window| Kept {
            prefix: window.prefix,
            recent: window.recent,
            recent_from: seq.recent().0,
            spill: args
                .spill
                .as_deref()
                .map_or(String::new(), |p| p.display().to_string()),
        }),
        verdict,
        verdict_text: verdict.to_string(),
        digest: format!(
            "{:016x}",
            match tallied {
                true => seq.tally().digest,
                false => checkpoint::digest(values),
            }
        ),
        first_values: values[..values.len().min(args.show)].to_vec(),
        pattern,
        distribution: match tallied {
            true => Distribution::from_tally(seq.tally()),
            false => Distribution::of(values),
        },
        ring,
        pipeline: Some(seq.pipeline()).filter(|pipeline| pipeline.candidates > 0),
    };
    if let Some(path) = &args.plot {
        plot::draw(path, &report.code, values)
            .with_context(|| format!("cannot draw {}", path.display()))?;
    }
    if args.json {
        print_json(&report)?;
    } else {
        render(&report, elapsed)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn ring_report(
    seq: &mut Sequence,
    line: Verdict,
    len: usize,
    show: usize,
) -> anyhow::Result<RingReport> {
    let verdict = match line {
        Verdict::Periodic {
            period, preperiod, ..
        } => {
            let (ring, proved_at) = period::ring_period(seq, Period { period, preperiod })?;
            Verdict::Periodic {
                period: ring.period,
                preperiod: ring.preperiod,
                proved_at,
            }
        }
        _ => Verdict::NotFound {
            up_to: len.saturating_sub(1),
        },
    };
    let first_values = period::ring_values(seq, len.min(show))?;
    Ok(RingReport {
        verdict,
        verdict_text: verdict.to_string(),
        first_values,
    })
}

/// Adds to a window's refusal which options keep more values.
fn hint_keep(err: anyhow::Error) -> anyhow::Error {
    match err.downcast_ref::<ComputeError>() {
        Some(ComputeError::NotKept { .. }) => err.context(
            "the window of --spill is too small for this code: raise --keep, or leave out --spill",
        ),
        _ => err,
    }
}

/// Opens the spill file for reading and writing, `fresh`: emptied, else as it is (a
/// resumed run's).
/// Refuses, before the spill file is created, a run whose spill would not fit the free
/// space of its file system: `values` values past the first `keep`, 2 bytes each.
fn check_spill_space(path: &Path, values: usize, keep: u64) -> anyhow::Result<()> {
    let needed = (values as u64).saturating_sub(keep).saturating_mul(2);
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let free = fs4::available_space(dir)
        .with_context(|| format!("cannot read the free space of {}", dir.display()))?;
    if needed > free {
        anyhow::bail!(
            "the spill file {} would need {needed} bytes (2 bytes a value past the first {keep}), but {} has {free} bytes free",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}

fn open_spill(path: &Path, fresh: bool) -> anyhow::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(fresh)
        .truncate(fresh)
        .open(path)
        .with_context(|| format!("cannot open the spill file {}", path.display()))
}

fn write_values(out: &mut impl Write, first: usize, values: &[u16]) -> io::Result<()> {
    for (row, chunk) in values.chunks(20).enumerate() {
        write!(out, "  n = {:<6}", first + 20 * row)?;
        for v in chunk {
            write!(out, " {v:>3}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// How long this run took, and how many values it computed (not those it resumed from).
struct Timing {
    seconds: f64,
    computed: usize,
}

impl Timing {
    /// `, 0.71 M values/s` when the run was long enough to say.
    fn rate(&self) -> String {
        if self.seconds < 0.01 || self.computed == 0 {
            return String::new();
        }
        let per_second = self.computed as f64 / self.seconds;
        match per_second >= 1e5 {
            true => format!(", {:.2} M values/s", per_second / 1e6),
            false => format!(", {per_second:.0} values/s"),
        }
    }
}

/// The line on the batches: what they did, and the speed the candidates' thread allows.
fn write_pipeline(out: &mut impl Write, pipeline: &grundy::octal::Pipeline) -> io::Result<()> {
    let bound = pipeline.candidate_rate().map_or(String::new(), |rate| {
        format!(" (the most it allows: {:.2} M values/s)", rate / 1e6)
    });
    // Far parts were dispatched from five threads on, whether or not they came in time.
    let parts = pipeline.far_blocks + pipeline.far_missed > 0;
    let far = match parts {
        false => String::new(),
        true => format!(
            "; far parts of {} blocks from the pool ({} without their middle part, {} with their open values), {} blocks marked whole before theirs came, {} waited for theirs",
            pipeline.far_blocks, pipeline.mid_missed, pipeline.open_from_pool, pipeline.far_missed, pipeline.far_waited
        ),
    };
    writeln!(
        out,
        "threads: {} batches proved, {} proofs failed; the candidates' thread busy {:.2} s (and {:.2} s of CPU in its waits) for {} candidates{bound}{far}",
        pipeline.batches, pipeline.failed_proofs, pipeline.candidate_seconds, pipeline.wait_cpu_seconds, pipeline.candidates
    )?;
    let Some(busy) = pipeline.busy() else {
        return Ok(());
    };
    // Which part a block waited for, where there were parts.
    let middle = match parts {
        false => String::new(),
        true => format!(
            " ({:.2} s of it for middle parts alone)",
            pipeline.mid_wait_seconds
        ),
    };
    let pool = pipeline.seconds * pipeline.threads as f64;
    let share = |seconds: f64| 100.0 * seconds / pool;
    writeln!(
        out,
        "pool: {} threads busy {:.0} % of {:.2} s (proofs {:.0} %, far parts {:.0} %, commits {:.0} %), {:.1} batches a round; the commits waited {:.2} s for candidates, the candidates' thread {:.2} s for the proofs and {:.2} s for far and middle parts{middle}",
        pipeline.threads,
        100.0 * busy,
        pipeline.seconds,
        share(pipeline.proof_seconds),
        share(pipeline.far_seconds),
        share(pipeline.commit_seconds),
        pipeline.batches as f64 / pipeline.rounds.max(1) as f64,
        pipeline.wait_seconds,
        pipeline.queue_seconds,
        pipeline.far_wait_seconds,
    )
}

fn render(report: &Report, elapsed: Timing) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    let name = report.name.map(|n| format!(" ({n})")).unwrap_or_default();
    writeln!(
        out,
        "{}{name}: {} value{} by the {} method{} in {:.3} s{}",
        report.code,
        report.values_computed,
        if report.values_computed == 1 { "" } else { "s" },
        report.method,
        report
            .by_period_from
            .map(|n| format!(" (from n = {n} on by the proved period)"))
            .unwrap_or_default(),
        elapsed.seconds,
        elapsed.rate()
    )?;
    writeln!(out, "{}", report.verdict_text)?;
    match &report.kept {
        Some(kept) if kept.recent_from == 0 => writeln!(
            out,
            "kept in memory: every value so far (from {} values on, only G(0) .. G({}) and the last {}, the others in {})",
            2 * kept.recent,
            kept.prefix - 1,
            kept.recent,
            kept.spill
        )?,
        Some(kept) => writeln!(
            out,
            "kept in memory: G(0) .. G({}) and G({}) on, the values between in {}; periods are looked for among the first {}",
            kept.prefix - 1,
            kept.recent_from,
            kept.spill,
            kept.prefix
        )?,
        None => {}
    }
    if let Some(pipeline) = &report.pipeline {
        write_pipeline(&mut out, pipeline)?;
    }
    let shown = report.first_values.len();
    match (&report.verdict, &report.pattern) {
        (Verdict::Periodic { preperiod, .. }, Some(pattern)) => {
            if *preperiod > 0 {
                writeln!(out, "before the period, G(0) .. G({}):", preperiod - 1)?;
                write_values(&mut out, 0, &report.first_values[..(*preperiod).min(shown)])?;
                if *preperiod > shown {
                    writeln!(out, "  ...")?;
                }
            }
            writeln!(out, "repeating from n = {preperiod}:")?;
            write_values(&mut out, *preperiod, &pattern[..pattern.len().min(shown)])?;
            if pattern.len() > shown {
                writeln!(out, "  ... ({} values in all)", pattern.len())?;
            }
        }
        _ if report.first_values.is_empty() => {}
        _ => {
            writeln!(out, "first values:")?;
            write_values(&mut out, 0, &report.first_values)?;
        }
    }
    let d = &report.distribution;
    let present: Vec<String> = d
        .counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(v, c)| format!("{v}:{c}"))
        .collect();
    if present.len() <= 40 {
        writeln!(out, "value:count (n >= 1): {}", present.join(" "))?;
    } else {
        writeln!(
            out,
            "{} distinct values (n >= 1), the largest {}",
            present.len(),
            d.counts.len().saturating_sub(1)
        )?;
    }
    let rare: Vec<String> = d.rare_values.iter().take(30).map(u16::to_string).collect();
    let more = if d.rare_values.len() > 30 { " ..." } else { "" };
    writeln!(
        out,
        "rare values (mask {}): {}{more}; at {} heap sizes{}",
        d.mask,
        rare.join(" "),
        d.rare_positions,
        d.last_rare
            .map(|n| format!(", the last at n = {n}"))
            .unwrap_or_default()
    )?;
    if let Some(ring) = &report.ring {
        writeln!(out, "ring (circular variant): {}", ring.verdict_text)?;
        write_values(&mut out, 0, &ring.first_values)?;
    }
    Ok(())
}
