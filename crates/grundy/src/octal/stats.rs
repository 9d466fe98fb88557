//! The value distribution of a sequence: how often each value occurs, and which are rare
//! under the mask that makes the fewest heap sizes rare (the sparse method's split).

use serde::Serialize;

/// The widest value range whose masks are all tried.
const MASK_SEARCH: usize = 1024;

/// The mask below `MASK_SEARCH` with the fewest rare heap sizes, given how often each value
/// occurs (`counts[v]`), and that number. A value v is rare when `popcount(v & mask)` is even.
///
/// # Examples
///
/// ```
/// use grundy::octal::stats::best_mask;
/// // Values 1 and 2 common, 0 and 3 rare with mask 3; mask 1 would make 2 rare too.
/// assert_eq!(best_mask(&[1, 50, 40, 2]), (3, 3));
/// ```
pub fn best_mask(counts: &[u64]) -> (usize, u64) {
    let width = counts.len().next_power_of_two().clamp(2, MASK_SEARCH);
    let rare_count = |mask: usize| -> u64 {
        counts
            .iter()
            .enumerate()
            .filter(|&(v, _)| is_rare(v, mask))
            .map(|(_, &c)| c)
            .sum()
    };
    let mut best = (1, rare_count(1));
    for mask in 2..width {
        let count = rare_count(mask);
        if count < best.1 {
            best = (mask, count);
        }
    }
    best
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
        let mut counts = Vec::new();
        for &v in values.iter().skip(1) {
            let v = usize::from(v);
            if v >= counts.len() {
                counts.resize(v + 1, 0);
            }
            counts[v] += 1;
        }
        let (mask, rare_positions) = best_mask(&counts);
        let rare_values = (0..counts.len())
            .filter(|&v| counts[v] > 0 && is_rare(v, mask))
            .map(|v| v as u16)
            .collect();
        let last_rare = values
            .iter()
            .rposition(|&v| is_rare(usize::from(v), mask))
            .filter(|&n| n > 0);
        Distribution {
            counts,
            mask,
            rare_values,
            rare_positions,
            last_rare,
        }
    }
}
