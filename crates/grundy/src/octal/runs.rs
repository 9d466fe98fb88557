//! The values of "remove a run of `take` tokens anywhere in a row" (the code whose only
//! digit is d_take = 7, [`TakeAndBreak::remove_run`](super::code::TakeAndBreak::remove_run))
//! and of its ring (Paint Chain), computed over runs of equal values.
//!
//! A move from n leaves two rows a + b = n - take (either may be empty), so the options of
//! n are G(a) ^ G(b) over every split of s = n - take. The values come in long runs of
//! equal values (for take = 100, 14 runs up to n = 1000): a run i of value x over
//! `start_i ..= end_i` and a run j of value y give the option x ^ y to every s from
//! `start_i + start_j` to `end_i + end_j`, and to no other. So the sums are swept in order
//! with a count per value of the run pairs covering the current sum (a pair is added when
//! its second run starts and removed once both have ended, both in the sweep's future),
//! and G(n) is the least value with no pair: R runs cost about R^2 events instead of
//! n^2 / 4 pairs. An event costs about 16 pairs (it is scattered), so once the runs pass
//! n / `RUN_SHARE` (short runs: small takes), the rest is computed pair by pair, as the
//! direct method does. The values are exactly the direct method's either way (tested on
//! every take and length up to 1000, and each path alone).

use std::num::NonZeroUsize;

/// The longest row computed: every value then fits a `u16` (G(n) <= n).
pub const MAX_LEN: usize = 1 << 16;

/// The sweep goes on while the runs are at most n / `RUN_SHARE` (or at most
/// [`MIN_RUNS`]): its R^2 events then cost no more than the n^2 / 4 pairs (measured:
/// every take up to 1000 to n = 1000 in 6.5 ms of CPU at 8, against 9 ms at 2 and 11 ms
/// at 32, and 73 ms pair by pair).
const RUN_SHARE: usize = 8;

/// Runs the sweep always takes, however short the row.
const MIN_RUNS: usize = 16;

/// Which way [`line_with`] computes the values.
#[derive(Clone, Copy)]
enum Path {
    /// The sweep while the runs are long, then the pairs.
    Auto,
    /// Each path alone, for tests.
    #[cfg(test)]
    Sweep,
    #[cfg(test)]
    Pairs,
}

/// G(0), ..., G(len - 1) of the row game whose move removes `take` consecutive tokens
/// anywhere in the row; `None` when `len` passes [`MAX_LEN`].
///
/// # Examples
///
/// Dawson's Kayles (0.07, take 2), A002187 shifted by one.
///
/// ```
/// use std::num::NonZeroUsize;
/// use grundy::octal::runs::line_values;
/// let two = NonZeroUsize::new(2).unwrap();
/// assert_eq!(line_values(two, 10).unwrap(), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// ```
pub fn line_values(take: NonZeroUsize, len: usize) -> Option<Vec<u16>> {
    (len <= MAX_LEN).then(|| line_with(take.get(), len, Path::Auto))
}

/// The values of the ring of n tokens, n < `len`, for the same move (Paint Chain): the
/// first move from a ring of n >= `take` leaves a row of n - `take`, so the ring's value is
/// 1 when that row's is 0, else 0; `None` when `len` passes [`MAX_LEN`].
///
/// # Examples
///
/// hdu3980's sample: a ring of 3 with take 1 is a first-player win, a ring of 4 with
/// take 2 is not.
///
/// ```
/// use std::num::NonZeroUsize;
/// use grundy::octal::runs::ring_values;
/// let take = |t| NonZeroUsize::new(t).unwrap();
/// assert_ne!(ring_values(take(1), 5).unwrap()[3], 0);
/// assert_eq!(ring_values(take(2), 5).unwrap()[4], 0);
/// ```
pub fn ring_values(take: NonZeroUsize, len: usize) -> Option<Vec<u16>> {
    let line = line_values(take, len.saturating_sub(take.get()))?;
    Some(
        (0..len)
            .map(|n| match n.checked_sub(take.get()) {
                Some(rest) => u16::from(line[rest] == 0),
                None => 0,
            })
            .collect(),
    )
}

/// The sweep's state: the runs so far and the pairs of runs covering each sum.
struct Sweep {
    /// The runs' first heap sizes and values; every run but the last has ended.
    starts: Vec<usize>,
    ends: Vec<usize>,
    values: Vec<u16>,
    /// `first[s]`: the first event at sum s, an index into `events` (`NONE` for none).
    first: Vec<u32>,
    /// (the next event at the same sum, the value, +1 or -1).
    events: Vec<(u32, u16, i8)>,
    /// `count[v]`: the pairs covering the current sum with value v; bit v of `present`
    /// is set when it is not 0.
    count: Vec<u32>,
    present: Vec<u64>,
}

const NONE: u32 = u32::MAX;

impl Sweep {
    fn new(len: usize) -> Self {
        Sweep {
            starts: Vec::new(),
            ends: Vec::new(),
            values: Vec::new(),
            first: vec![NONE; 2 * len + 2],
            events: Vec::new(),
            count: Vec::new(),
            present: Vec::new(),
        }
    }

    fn schedule(&mut self, sum: usize, value: u16, delta: i8) {
        // A sum past the last one swept is never read.
        if let Some(first) = self.first.get_mut(sum) {
            let index = u32::try_from(self.events.len()).unwrap_or(NONE);
            self.events.push((*first, value, delta));
            *first = index;
        }
    }

    /// Applies the events of sum `s`.
    fn reach(&mut self, s: usize) {
        let mut at = self.first[s];
        while at != NONE {
            let (next, value, delta) = self.events[at as usize];
            let v = usize::from(value);
            if v >= self.count.len() {
                self.count.resize(v + 1, 0);
                self.present.resize(v / 64 + 1, 0);
            }
            match delta {
                1 => {
                    self.count[v] += 1;
                    self.present[v / 64] |= 1 << (v % 64);
                }
                _ => {
                    self.count[v] -= 1;
                    if self.count[v] == 0 {
                        self.present[v / 64] &= !(1 << (v % 64));
                    }
                }
            }
            at = next;
        }
    }

    /// The least value no pair covers.
    fn mex(&self) -> u16 {
        let word = self.present.iter().position(|&w| w != u64::MAX);
        let mex = match word {
            Some(w) => 64 * w + self.present[w].trailing_ones() as usize,
            None => 64 * self.present.len(),
        };
        // At most one option per split of s < MAX_LEN: the mex fits.
        mex as u16
    }

    /// Appends G(n) = `value`: extends the last run or ends it and starts another.
    fn push(&mut self, n: usize, value: u16) {
        if self.values.last() == Some(&value) {
            return;
        }
        if let Some(&last_value) = self.values.last() {
            // The last run ends at n - 1: its pairs with every run end.
            let last = self.values.len() - 1;
            self.ends.push(n - 1);
            for i in 0..=last {
                self.schedule(self.ends[i] + n, self.values[i] ^ last_value, -1);
            }
        }
        self.starts.push(n);
        self.values.push(value);
        let last = self.values.len() - 1;
        for i in 0..=last {
            self.schedule(self.starts[i] + n, self.values[i] ^ value, 1);
        }
    }
}

/// [`line_values`] by `path`.
fn line_with(take: usize, len: usize, path: Path) -> Vec<u16> {
    let mut g = vec![0u16; len];
    let mut sweep = Sweep::new(len);
    let sweeps = |runs: usize, n: usize| match path {
        Path::Auto => runs <= MIN_RUNS || runs * RUN_SHARE <= n,
        #[cfg(test)]
        Path::Sweep => true,
        #[cfg(test)]
        Path::Pairs => false,
    };
    let mut n = 0;
    while n < len && sweeps(sweep.values.len(), n) {
        if let Some(s) = n.checked_sub(take) {
            sweep.reach(s);
            g[n] = sweep.mex();
        }
        sweep.push(n, g[n]);
        n += 1;
    }
    // Pair by pair: mark G(a) ^ G(s - a) for a <= s / 2.
    let mut stamp = vec![0u32; 2 * len.next_power_of_two().max(1)];
    for (n, generation) in (n..len).zip(1u32..) {
        let Some(s) = n.checked_sub(take) else {
            continue;
        };
        for a in 0..=s / 2 {
            stamp[usize::from(g[a] ^ g[s - a])] = generation;
        }
        g[n] = stamp.iter().position(|&x| x != generation).unwrap_or(0) as u16;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::period::ring_values as ring_of;
    use crate::octal::{Method, Sequence, TakeAndBreak};
    use crate::Budget;

    fn direct(take: usize, len: usize) -> Sequence {
        let game = TakeAndBreak::remove_run(take).unwrap();
        let mut seq = Sequence::new(game, Method::Direct, Budget::default()).unwrap();
        seq.extend_to(len).unwrap();
        seq
    }

    /// Every take and length of hdu3980 (1 to 1000), against the direct method: the lines
    /// and the rings (the ring through `period::ring_values`, the mex over its moves).
    #[test]
    fn runs_agree_with_the_direct_method_on_every_take_up_to_1000() {
        let mut swept_only = 0;
        for take in 1..=1000 {
            let len = 1001;
            let mut seq = direct(take, len);
            let take = NonZeroUsize::new(take).unwrap();
            assert_eq!(line_values(take, len).unwrap(), seq.values(), "take {take}");
            let ring = ring_of(&mut seq, len).unwrap();
            assert_eq!(ring_values(take, len).unwrap(), ring, "ring, take {take}");
            let values = seq.values();
            let runs = 1 + values.windows(2).filter(|w| w[0] != w[1]).count();
            swept_only += usize::from(runs <= MIN_RUNS || runs * RUN_SHARE <= values.len());
        }
        // Most takes never leave the sweep; the small ones do.
        assert!((900..1000).contains(&swept_only), "{swept_only}");
    }

    /// Each path alone: the sweep with no limit on the runs, and the pairs from the start.
    #[test]
    fn the_sweep_and_the_pairs_each_agree_with_the_direct_method() {
        for take in 1..=40 {
            let seq = direct(take, 700);
            assert_eq!(
                line_with(take, 700, Path::Sweep),
                seq.values(),
                "sweep, {take}"
            );
            assert_eq!(
                line_with(take, 700, Path::Pairs),
                seq.values(),
                "pairs, {take}"
            );
        }
    }

    #[test]
    fn lengths_past_the_limit_are_refused() {
        let take = NonZeroUsize::new(3).unwrap();
        assert!(line_values(take, MAX_LEN + 1).is_none());
        assert!(ring_values(take, MAX_LEN + 4).is_none());
        assert!(line_values(take, 0).unwrap().is_empty());
        assert_eq!(ring_values(take, 2).unwrap(), [0, 0]);
    }
}
