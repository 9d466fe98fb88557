//! Periods of take-and-break sequences, proved by the Octal Game Periodicity Theorem.
//!
//! Guy and Smith (1956): for a code whose largest take is t and whose moves leave at most
//! h heaps, if G(n + p) = G(n) for every n with e <= n < L, where
//! L = max(h e + (h - 1) p + t, t + 1), then G(n + p) = G(n) for every n >= e. (For octal
//! games h = 2 and L = 2e + p + t; the `t + 1` only matters for codes that never split,
//! where a heap of exactly t tokens has a move no larger heap has.) The values G(0 .. L + p)
//! therefore prove the period: h(e + p) + t of them for h >= 2.
//!
//! Convention: the preperiod e is the first heap size of the periodic part, so the last
//! exceptional value sits at n = e - 1. Kayles: period 12, preperiod 71.
//!
//! Hexadecimal games may instead be arithmetic-periodic, G(n + p) = G(n) + s with s != 0
//! (Howse and Nowakowski 2004). The theorem says nothing about that; such a pattern is
//! reported as observed, never as proved.

use std::ops::ControlFlow;

pub(super) mod theorem;

use theorem::next_candidate;
pub use theorem::{find_arithmetic, find_proved, proof_length, verdict, Period, Verdict};

use super::error::ComputeError;
use super::sequence::Sequence;
use crate::limits::SolveError;

/// Watches a long computation: called between chunks of values.
///
/// The library never prints; the command line implements this with a progress bar and
/// checkpoints. `()` watches nothing.
///
/// # Examples
///
/// ```
/// use std::ops::ControlFlow;
/// use grundy::octal::{period::{analyze, Observer}, Method, Sequence};
///
/// struct Stop;
/// impl Observer for Stop {
///     fn progress(&mut self, seq: &Sequence, _limit: usize) -> ControlFlow<()> {
///         if seq.len() >= 100 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
///     }
///     fn interval(&self) -> usize { 50 }
/// }
/// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// assert!(analyze(&mut seq, 1 << 20, &mut Stop).is_err());
/// ```
pub trait Observer {
    /// Called every [`Observer::interval`] values, at each period check and whenever the
    /// sequence holds a power of two of values (so value frequencies can be taken there),
    /// with the sequence so far and the most values the run will compute. `Break` stops the
    /// run with [`SolveError::Interrupted`].
    fn progress(&mut self, seq: &Sequence, limit: usize) -> ControlFlow<()> {
        let _ = (seq, limit);
        ControlFlow::Continue(())
    }

    /// How many values between calls.
    fn interval(&self) -> usize {
        1 << 16
    }
}

impl Observer for () {}

/// Chunk sizes for an [`Observer`] that keep each chunk of a run near a target time, so
/// that progress, Ctrl-C and checkpoints are served every fraction of a second however
/// slow the values are (a code whose values grow with n takes ever longer per value), and
/// so rarely on a fast run that the calls cost nothing.
///
/// Call [`Pace::tick`] at each [`Observer::progress`] (and [`Pace::resume`] after work of
/// the observer's own that should not count, such as a callback) and return
/// [`Pace::interval`] from [`Observer::interval`]: the interval doubles after a chunk
/// shorter than half the target and halves after one longer than twice it, between 64 and
/// 2^24 values.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use grundy::octal::period::Pace;
/// let mut pace = Pace::new(Duration::from_secs(3600));
/// assert_eq!(pace.interval(), 1 << 12);
/// pace.tick(); // far shorter than the target: twice as many values next time
/// assert_eq!(pace.interval(), 1 << 13);
/// let mut slow = Pace::new(Duration::ZERO);
/// slow.tick();
/// assert_eq!(slow.interval(), 1 << 11);
/// ```
#[derive(Clone, Debug)]
pub struct Pace {
    target: std::time::Duration,
    interval: usize,
    last: std::time::Instant,
}

impl Pace {
    /// The fewest values between calls.
    const MIN: usize = 1 << 6;
    /// The most values between calls.
    const MAX: usize = 1 << 24;

    /// A pace aiming at chunks of `target`, starting at 2^12 values.
    ///
    /// # Examples
    ///
    /// ```
    /// let pace = grundy::octal::period::Pace::new(std::time::Duration::from_millis(100));
    /// assert_eq!(pace.interval(), 4096);
    /// ```
    pub fn new(target: std::time::Duration) -> Pace {
        Pace {
            target,
            interval: 1 << 12,
            last: std::time::Instant::now(),
        }
    }

    /// Adapts the interval to the time the chunk took: since the last tick or resume.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut pace = grundy::octal::period::Pace::new(std::time::Duration::ZERO);
    /// for _ in 0..20 {
    ///     pace.tick();
    /// }
    /// assert_eq!(pace.interval(), 64);
    /// ```
    pub fn tick(&mut self) {
        let took = self.last.elapsed();
        if took < self.target / 2 && self.interval < Pace::MAX {
            self.interval *= 2;
        } else if took > self.target * 2 && self.interval > Pace::MIN {
            self.interval /= 2;
        }
        self.last = std::time::Instant::now();
    }

    /// Starts the next chunk's clock now, leaving out the time since the last tick.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut pace = grundy::octal::period::Pace::new(std::time::Duration::from_millis(50));
    /// pace.tick();
    /// std::thread::sleep(std::time::Duration::from_millis(200)); // the observer's own work
    /// pace.resume();
    /// pace.tick();
    /// assert_eq!(pace.interval(), 1 << 14);
    /// ```
    pub fn resume(&mut self) {
        self.last = std::time::Instant::now();
    }

    /// The values the next chunk should hold.
    ///
    /// # Examples
    ///
    /// ```
    /// let pace = grundy::octal::period::Pace::new(std::time::Duration::from_secs(1));
    /// assert!(pace.interval() >= 64);
    /// ```
    pub fn interval(&self) -> usize {
        self.interval
    }
}

/// Extends `seq` until its period is proved, or to `limit` values, and gives the verdict.
///
/// Periods are looked for at growing lengths; when one is visible but not yet proved, the
/// next look is exactly at the length its proof needs, so a proved run stops there.
///
/// # Errors
///
/// As [`Sequence::extend_to`]; [`SolveError::Interrupted`] when `observer` stops the run.
///
/// # Examples
///
/// ```
/// use grundy::octal::{period::{analyze, Verdict}, Method, Sequence};
/// let mut seq = Sequence::new("0.137".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// let verdict = analyze(&mut seq, 10_000, &mut ()).unwrap();
/// assert_eq!(verdict, Verdict::Periodic { period: 34, preperiod: 52, proved_at: 52 * 2 + 34 * 2 + 3 - 1 });
/// ```
pub fn analyze(
    seq: &mut Sequence,
    limit: usize,
    observer: &mut impl Observer,
) -> Result<Verdict, ComputeError> {
    let limit = limit.max(1);
    let mut next = limit.min(32.max(seq.len()));
    loop {
        while seq.len() < next {
            let chunk = observer.interval().max(1);
            let stop = next
                .min(seq.len() + chunk)
                .min(next_power_of_two(seq.len()));
            seq.extend_to(stop)?;
            if observer.progress(seq, limit).is_break() {
                return Err(SolveError::Interrupted.into());
            }
        }
        let verdict = verdict(seq.values(), seq.game());
        let settled = match verdict {
            Verdict::Periodic { .. } => true,
            // Unprovable: stop once the pattern has held long enough to be worth reporting.
            Verdict::ArithmeticPeriodic {
                preperiod, period, ..
            } => seq.len() >= (4 * preperiod + 16 * period).max(512),
            Verdict::NotFound { .. } => false,
        };
        if settled || next >= limit {
            return Ok(verdict);
        }
        let grown = (next + next / 4).max(next + 32);
        next = match next_candidate(seq.values(), seq.game()) {
            Some(needed) => needed.min(grown),
            None => grown,
        }
        .min(limit);
    }
}

/// Extends `seq` to `len` values, watched by `observer`, as fast as the values allow: a
/// period is looked for on the way (as [`analyze`] does), and once the theorem proves one,
/// the remaining values are copied from it by [`Sequence::extend_by_period`] instead of
/// searched (the observer is called at every power of two on the way, as by [`analyze`]).
/// Returns the heap size from which values followed from the period, if any.
///
/// # Errors
///
/// As [`Sequence::extend_to`] (the final length is checked against the budget first);
/// [`SolveError::Interrupted`] when `observer` stops the run.
///
/// # Examples
///
/// ```
/// use grundy::octal::{period, Method, Sequence};
/// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// let from = period::extend(&mut seq, 100_000, &mut ()).unwrap();
/// assert_eq!((seq.len(), from), (100_000, Some(168)));
/// assert_eq!(seq.get(99_999), seq.get(99_999 - 12));
/// ```
pub fn extend(
    seq: &mut Sequence,
    len: usize,
    observer: &mut impl Observer,
) -> Result<Option<usize>, ComputeError> {
    seq.check_fits(len)?;
    let Verdict::Periodic {
        period, preperiod, ..
    } = analyze(seq, len, observer)?
    else {
        return Ok(None);
    };
    let from = seq.len();
    if from >= len {
        return Ok(None);
    }
    let period = Period { period, preperiod };
    while seq.len() < len {
        let next = len
            .min(seq.len() + 64 * observer.interval().max(1))
            .min(next_power_of_two(seq.len()));
        seq.extend_by_period(next, period)?;
        if observer.progress(seq, len).is_break() {
            return Err(SolveError::Interrupted.into());
        }
    }
    Ok(Some(from))
}

/// The least power of two above `len` (observers are called there).
///
/// # Examples
///
/// ```
/// use grundy::octal::period::next_power_of_two;
/// assert_eq!((next_power_of_two(0), next_power_of_two(1024), next_power_of_two(1025)), (1, 2048, 2048));
/// ```
pub fn next_power_of_two(len: usize) -> usize {
    len.saturating_add(1)
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX)
}

/// The ring (circular) values R(0) .. R(len - 1), from the line values of `seq`.
///
/// # Errors
///
/// As [`Sequence::extend_to`].
///
/// # Examples
///
/// ```
/// use grundy::octal::{period::ring_values, Method, Sequence, TakeAndBreak};
/// let mut seq = Sequence::new(TakeAndBreak::remove_run(1).unwrap(), Method::Direct, grundy::Budget::default()).unwrap();
/// assert_eq!(ring_values(&mut seq, 5).unwrap(), vec![0, 1, 0, 1, 0]);
/// ```
pub fn ring_values(seq: &mut Sequence, len: usize) -> Result<Vec<u16>, ComputeError> {
    seq.extend_to(len)?;
    (0..len)
        .map(|n| {
            let v = seq.ring_nimber(n)?.0;
            u16::try_from(v).map_err(|_| ComputeError::ValueTooLarge { n })
        })
        .collect()
}

/// The least period and preperiod of the ring values, given the proved `line` period, and
/// the largest heap size whose value the proof needs.
///
/// A ring's value is a mex over the line values G(n - k), 1 <= k <= t, so once
/// n >= max(e + t, t + 1) the ring values repeat with the line's period p. The least ring
/// period divides p; it is found by checking one full period there, and the preperiod by
/// scanning back from there.
///
/// # Errors
///
/// As [`Sequence::extend_to`].
///
/// # Examples
///
/// ```
/// use grundy::octal::{period::{ring_period, Period}, Method, Sequence, TakeAndBreak};
/// // Paint Chain with runs of 1 (the line game 0.7 has period 2 from 0).
/// let mut seq = Sequence::new(TakeAndBreak::remove_run(1).unwrap(), Method::Direct, grundy::Budget::default()).unwrap();
/// let (ring, _) = ring_period(&mut seq, Period { period: 2, preperiod: 0 }).unwrap();
/// assert_eq!((ring.period, ring.preperiod), (2, 0));
/// ```
pub fn ring_period(seq: &mut Sequence, line: Period) -> Result<(Period, usize), ComputeError> {
    let t = seq.game().max_take();
    let start = (line.preperiod + t).max(t + 1);
    let p = line.period;
    let len = start + 2 * p;
    let ring = ring_values(seq, len)?;
    let period = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (start..start + p).all(|n| ring[n] == ring[n + d]))
        .unwrap_or(p);
    let mut preperiod = start;
    while preperiod > 0 && ring[preperiod - 1] == ring[preperiod - 1 + period] {
        preperiod -= 1;
    }
    let proved_at = (len - 1).max(proof_length(seq.game(), line) - 1);
    Ok((Period { period, preperiod }, proved_at))
}
