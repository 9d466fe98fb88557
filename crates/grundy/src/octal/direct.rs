//! The direct method: G(n) as the mex over every take and every split, in O(n) per value
//! for two-heap splits (O(n^2) for three-heap ones), with the symmetry a + b = b + a used to
//! halve the pairs. It is the reference the sparse method is tested against.
//!
//! The mex set is a "stamp" array: `stamp[v] == generation` means v is an option of the
//! current heap. A new heap bumps the generation instead of clearing the array, and a mark
//! is a plain store with no read, so consecutive marks never wait for each other.

use super::code::TakeAndBreak;

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
    /// The largest take of any kind.
    pub max_take: usize,
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
            max_take: game.max_take(),
        }
    }
}

/// The number of distinct `u16` values: every value and every XOR of values is below it.
const VALUES: usize = 1 << 16;

/// The set of option values of the heap being computed.
#[derive(Clone, Debug)]
pub(super) struct Marks {
    /// `stamp[v] == generation` when v is marked. A fixed size indexed by `u16` needs no
    /// bounds check in the hot loops.
    stamp: Box<[u32; VALUES]>,
    generation: u32,
    /// A power of two above every value stored so far times two: mex scans stop here.
    limit: usize,
}

impl Marks {
    pub fn new() -> Self {
        let stamp: Box<[u32; VALUES]> = vec![0; VALUES]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the length is VALUES"));
        Marks {
            stamp,
            generation: 0,
            limit: 64,
        }
    }

    /// Makes the mex scans cover every value below `limit` (a power of two).
    pub fn cover(&mut self, limit: usize) {
        self.limit = self.limit.max(limit).min(VALUES);
    }

    /// The end of the mex scans.
    pub fn len(&self) -> usize {
        self.limit
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
    pub fn mark(&mut self, value: u16) {
        self.stamp[usize::from(value)] = self.generation;
    }

    #[inline(always)]
    pub fn has(&self, value: usize) -> bool {
        // Every caller's value is below VALUES; the mask makes that free to check.
        self.stamp[value & (VALUES - 1)] == self.generation
    }

    /// Bit i set when `from + i` is marked (`from` a multiple of 64 below `VALUES`).
    #[inline(always)]
    pub fn bits(&self, from: usize) -> u64 {
        let from = from % VALUES;
        let stamps: &[u32; 64] = self.stamp[from..from + 64]
            .try_into()
            .unwrap_or_else(|_| unreachable!("from is a multiple of 64 below VALUES"));
        let mut bits = 0;
        for (i, &stamp) in stamps.iter().enumerate() {
            bits |= u64::from(stamp == self.generation) << i;
        }
        bits
    }

    /// The least value not marked (at most `len()`).
    pub fn mex(&self) -> usize {
        self.stamp[..self.limit]
            .iter()
            .position(|&s| s != self.generation)
            .unwrap_or(self.limit)
    }

    /// Marks `low[i] ^ high[high.len() - 1 - i]` for every i.
    #[inline(always)]
    pub fn mark_pairs(&mut self, low: &[u16], high: &[u16]) {
        const LANES: usize = 16;
        let generation = self.generation;
        let stamp = &mut *self.stamp;
        let len = low.len().min(high.len());
        let (low, high) = (&low[..len], &high[high.len() - len..]);
        // Fixed-size blocks so the XORs vectorise (the reversed side with a shuffle).
        let mut done = 0;
        while done + LANES <= len {
            let lo: &[u16; LANES] = low[done..done + LANES]
                .try_into()
                .unwrap_or_else(|_| unreachable!());
            let hi: &[u16; LANES] = high[len - done - LANES..len - done]
                .try_into()
                .unwrap_or_else(|_| unreachable!());
            let mut xors = [0u16; LANES];
            for j in 0..LANES {
                xors[j] = lo[j] ^ hi[LANES - 1 - j];
            }
            for x in xors {
                stamp[usize::from(x)] = generation;
            }
            done += LANES;
        }
        for (a, b) in low[done..].iter().zip(high[..len - done].iter().rev()) {
            stamp[usize::from(a ^ b)] = generation;
        }
    }
}

/// A set that options are marked in: [`Marks`], or one heap's row of the sparse method's
/// block.
pub(super) trait Mark {
    /// Marks `value` an option.
    fn mark(&mut self, value: u16);

    /// Marks `values[i] ^ window[window.len() - positions[i]]` for every i (every
    /// `positions[i]` is in `1..=window.len()`).
    #[inline(always)]
    fn mark_partners(&mut self, positions: &[u32], values: &[u16], window: &[u16]) {
        let m = window.len();
        for (&r, &v) in positions.iter().zip(values) {
            self.mark(v ^ window[m - r as usize]);
        }
    }
}

impl Mark for Marks {
    #[inline(always)]
    fn mark(&mut self, value: u16) {
        Marks::mark(self, value);
    }

    #[inline(always)]
    fn mark_partners(&mut self, positions: &[u32], values: &[u16], window: &[u16]) {
        // The generation read once: a store to the stamps could otherwise change it.
        let generation = self.generation;
        let stamp = &mut *self.stamp;
        let m = window.len();
        for (&r, &v) in positions.iter().zip(values) {
            stamp[usize::from(v ^ window[m - r as usize])] = generation;
        }
    }
}

/// The values of heap n's options that leave nothing or one heap; `tail` ends at G(n - 1)
/// and holds at least the largest take's values (or all n).
#[inline(always)]
pub(super) fn take_values<'a>(
    rules: &'a Rules,
    n: usize,
    tail: &'a [u16],
) -> impl Iterator<Item = u16> + 'a {
    let whole = rules.whole.iter().filter(move |&&k| k == n).map(|_| 0);
    let single = (rules.single.iter().filter(move |&&k| k < n)).map(|&k| tail[tail.len() - k]);
    whole.chain(single)
}

/// Marks the options of heap n that leave nothing or one heap ([`take_values`]).
#[inline(always)]
pub(super) fn mark_takes(rules: &Rules, n: usize, tail: &[u16], marks: &mut impl Mark) {
    for value in take_values(rules, n, tail) {
        marks.mark(value);
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
    marks.mark_pairs(&g[1..=half], &g[m - half..m]);
}

/// G(n) for n = g.len(), by the direct method.
pub(super) fn next_value(rules: &Rules, g: &[u16], marks: &mut Marks) -> usize {
    let n = g.len();
    marks.begin();
    mark_takes(rules, n, g, marks);
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
                    marks.mark(ga ^ g[b] ^ g[m - a - b]);
                }
            }
        }
    }
    marks.mex()
}
