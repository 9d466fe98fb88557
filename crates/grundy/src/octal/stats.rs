//! The value distribution of a sequence: how often each value occurs, and which are rare
//! under the mask that makes the fewest heap sizes rare (the sparse method's split).

use serde::Serialize;

/// The mask with the fewest rare heap sizes, given how often each value occurs
/// (`counts[v]`), and that number (the least such mask on a tie). A value v is rare when
/// `popcount(v & mask)` is even. Every mask below the values' power of two is tried, at
/// once: with s(m) = sum over v of `counts[v] (-1)^popcount(v & m)`, a Walsh-Hadamard
/// transform of the counts, mask m makes (total + s(m)) / 2 heap sizes rare.
///
/// # Examples
///
/// ```
/// use grundy::octal::stats::best_mask;
/// // Values 1 and 2 common, 0 and 3 rare with mask 3; mask 1 would make 2 rare too.
/// assert_eq!(best_mask(&[1, 50, 40, 2]), (3, 3));
/// ```
pub fn best_mask(counts: &[u64]) -> (usize, u64) {
    let width = counts.len().next_power_of_two().max(2);
    let mut sums: Vec<i128> = counts.iter().map(|&c| i128::from(c)).collect();
    sums.resize(width, 0);
    let mut half = 1;
    while half < width {
        for block in sums.chunks_exact_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    let total = sums[0];
    // Each count is the number of rare heap sizes: between 0 and the total.
    let rare = |mask: usize| u64::try_from((total + sums[mask]) / 2).unwrap_or(u64::MAX);
    (1..width).fold((1, rare(1)), |best, mask| match rare(mask) < best.1 {
        true => (mask, rare(mask)),
        false => best,
    })
}

/// True when `value` is rare under `mask`: `popcount(value & mask)` is even.
///
/// # Examples
///
/// ```
/// assert!(grundy::octal::stats::is_rare(0, 5));
/// assert!(!grundy::octal::stats::is_rare(4, 5));
/// ```
#[inline(always)]
pub fn is_rare(value: usize, mask: usize) -> bool {
    (value & mask).count_ones().is_multiple_of(2)
}

/// How often each value occurs among G(1) .. G(len - 1), and the rare ones.
///
/// # Examples
///
/// ```
/// use grundy::octal::stats::Distribution;
/// let d = Distribution::of(&[0, 1, 2, 1, 2, 1, 0]);
/// assert_eq!(d.counts, vec![1, 3, 2]);
/// assert_eq!(d.rare_values, vec![0]);
/// assert_eq!((d.rare_positions, d.last_rare), (1, Some(6)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Distribution {
    /// `counts[v]`: how many heap sizes n >= 1 have G(n) = v.
    pub counts: Vec<u64>,
    /// The mask that makes the fewest heap sizes rare.
    pub mask: usize,
    /// The values that occur and are rare under `mask`.
    pub rare_values: Vec<u16>,
    /// How many heap sizes n >= 1 have a rare value.
    pub rare_positions: u64,
    /// The last heap size with a rare value.
    pub last_rare: Option<usize>,
}

impl Distribution {
    /// The distribution of `values` (G(0) is left out: heap 0 is never part of a split).
    pub fn of(values: &[u16]) -> Self {
        Distribution::from_tally(&Tally::of(values))
    }

    /// The distribution of the values a [`Tally`] has seen.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::stats::{Distribution, Tally};
    /// let values = [0, 1, 2, 1, 2, 1, 0];
    /// assert_eq!(Distribution::from_tally(&Tally::of(&values)), Distribution::of(&values));
    /// ```
    pub fn from_tally(tally: &Tally) -> Self {
        let counts = tally.counts.clone();
        let (mask, rare_positions) = best_mask(&counts);
        let rare_values = (0..counts.len())
            .filter(|&v| counts[v] > 0 && is_rare(v, mask))
            .map(|v| v as u16)
            .collect();
        let last_rare = (0..counts.len())
            .filter(|&v| counts[v] > 0 && is_rare(v, mask))
            .map(|v| tally.last[v] as usize)
            .max();
        Distribution {
            counts,
            mask,
            rare_values,
            rare_positions,
            last_rare,
        }
    }
}

/// Running totals of a sequence, value by value: how often each value occurs among n >= 1,
/// the last heap size n >= 1 of each, and the FNV-1a digest of every value so far (as
/// little-endian `u16`, G(0) included; see [`super::digest::digest`]).
///
/// # Examples
///
/// ```
/// use grundy::octal::{digest::digest, stats::Tally};
/// let values = [0, 1, 1, 2];
/// let tally = Tally::of(&values);
/// assert_eq!((tally.len, tally.counts.clone(), tally.last.clone()), (4, vec![0, 2, 1], vec![0, 2, 3]));
/// assert_eq!(tally.digest, digest(&values));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// How many values were seen (the next heap size).
    pub len: u64,
    /// `counts[v]`: how many heap sizes n >= 1 have G(n) = v.
    pub counts: Vec<u64>,
    /// `last[v]`: the largest such n (0 when none).
    pub last: Vec<u64>,
    /// FNV-1a (64 bits) of G(0), ..., G(len - 1).
    pub digest: u64,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            len: 0,
            counts: Vec::new(),
            last: Vec::new(),
            digest: super::digest::fnv1a64(&[]),
        }
    }
}

impl Tally {
    /// The totals of `values` = G(0), G(1), ...
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::octal::stats::Tally::of(&[0, 1]).counts, vec![0, 1]);
    /// ```
    pub fn of(values: &[u16]) -> Self {
        let mut tally = Tally::default();
        for &v in values {
            tally.push(v);
        }
        tally
    }

    /// Counts G(len) = `value`.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut tally = grundy::octal::stats::Tally::default();
    /// tally.push(0);
    /// tally.push(3);
    /// assert_eq!((tally.len, tally.last[3]), (2, 1));
    /// ```
    #[inline]
    pub fn push(&mut self, value: u16) {
        let n = self.len;
        self.len += 1;
        self.digest = super::digest::fnv1a64_more(self.digest, &value.to_le_bytes());
        if n == 0 {
            return;
        }
        let v = usize::from(value);
        if v >= self.counts.len() {
            self.counts.resize(v + 1, 0);
            self.last.resize(v + 1, 0);
        }
        self.counts[v] += 1;
        self.last[v] = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The transform's mask is the one counting the rare heap sizes of every mask gives.
        #[test]
        fn best_mask_is_the_counted_best(counts in prop::collection::vec(
            prop_oneof![Just(0u64), 0u64..5, 0u64..1_000_000],
            1..300,
        )) {
            let width = counts.len().next_power_of_two().max(2);
            let rare_count = |mask: usize| -> u64 {
                counts.iter().enumerate().filter(|&(v, _)| is_rare(v, mask)).map(|(_, &c)| c).sum()
            };
            let counted = (1..width).fold((1, rare_count(1)), |best, mask| {
                match rare_count(mask) < best.1 {
                    true => (mask, rare_count(mask)),
                    false => best,
                }
            });
            prop_assert_eq!(best_mask(&counts), counted);
        }
    }
}
