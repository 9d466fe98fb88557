//! The direct method: G(n) as the mex over every take and every split, in O(n) per value
//! for two-heap splits (O(n^2) for three-heap ones), with the symmetry a + b = b + a used to
//! halve the pairs. It is the reference the sparse method is tested against.
//!
//! The mex set is a "stamp" array: `stamp[v] == generation` means v is an option of the
//! current heap. A new heap bumps the generation instead of clearing the array, and a mark
//! is a plain store with no read, so consecutive marks never wait for each other.

use super::TakeAndBreak;

/// The moves of a code, grouped by what they leave.
#[derive(Clone, Debug)]
pub(super) struct Rules {
    /// Takes k >= 1 allowed to leave nothing (bit 1).
    pub whole: Vec<usize>,
    /// Takes k >= 1 allowed to leave one heap (bit 2).
    pub single: Vec<usize>,
    /// Takes k >= 0 allowed to leave two heaps (bit 4).
    pub split2: Vec<usize>,
    /// Takes k >= 0 allowed to leave three heaps (bit 8).
    pub split3: Vec<usize>,
}

impl Rules {
    pub fn new(game: &TakeAndBreak) -> Self {
        let with = |bit: u8, from: usize| -> Vec<usize> {
            (from..game.digits().len())
                .filter(|&k| game.digit(k) & bit != 0)
                .collect()
        };
        Rules {
            whole: with(1, 1),
            single: with(2, 1),
            split2: with(4, 0),
            split3: with(8, 0),
        }
    }
}

/// The set of option values of the heap being computed.
#[derive(Clone, Debug)]
pub(super) struct Marks {
    stamp: Vec<u32>,
    generation: u32,
    /// `stamp.len() - 1`; the length is a power of two covering every XOR of stored values.
    index_mask: usize,
}

impl Marks {
    pub fn new() -> Self {
        Marks {
            stamp: vec![0; 64],
            generation: 0,
            index_mask: 63,
        }
    }

    /// Makes room for every value below `limit` (a power of two).
    pub fn cover(&mut self, limit: usize) {
        if limit > self.stamp.len() {
            self.stamp.resize(limit, 0);
            self.index_mask = limit - 1;
        }
    }

    pub fn len(&self) -> usize {
        self.stamp.len()
    }

    /// Starts a new, empty set.
    #[inline]
    pub fn begin(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    #[inline(always)]
    pub fn mark(&mut self, value: usize) {
        let generation = self.generation;
        self.stamp[value & self.index_mask] = generation;
    }

    #[inline(always)]
    pub fn has(&self, value: usize) -> bool {
        self.stamp[value & self.index_mask] == self.generation
    }

    /// The least value not marked (at most `len()`).
    pub fn mex(&self) -> usize {
        self.stamp
            .iter()
            .position(|&s| s != self.generation)
            .unwrap_or(self.stamp.len())
    }
}

/// Marks the options that leave nothing or one heap.
#[inline]
pub(super) fn mark_takes(rules: &Rules, g: &[u16], marks: &mut Marks) {
    let n = g.len();
    for &k in &rules.whole {
        if k == n {
            marks.mark(0);
        }
    }
    for &k in &rules.single {
        if k < n {
            marks.mark(usize::from(g[n - k]));
        }
    }
}

/// Marks every two-heap split of `m` tokens: G(a) ^ G(m - a) for 1 <= a <= m / 2.
#[inline]
pub(super) fn mark_pairs(g: &[u16], m: usize, marks: &mut Marks) {
    let half = m / 2;
    if half == 0 {
        return;
    }
    // g[1..=half] forwards against g[m-half..m] backwards.
    let low = &g[1..=half];
    let high = &g[m - half..m];
    for (a, b) in low.iter().zip(high.iter().rev()) {
        marks.mark(usize::from(a ^ b));
    }
}

/// G(n) for n = g.len(), by the direct method.
pub(super) fn next_value(rules: &Rules, g: &[u16], marks: &mut Marks) -> usize {
    let n = g.len();
    marks.begin();
    mark_takes(rules, g, marks);
    for &k in &rules.split2 {
        if n >= k + 2 {
            mark_pairs(g, n - k, marks);
        }
    }
    for &k in &rules.split3 {
        if n >= k + 3 {
            let m = n - k;
            for a in 1..=m / 3 {
                let ga = g[a];
                for b in a..=(m - a) / 2 {
                    marks.mark(usize::from(ga ^ g[b] ^ g[m - a - b]));
                }
            }
        }
    }
    marks.mex()
}
