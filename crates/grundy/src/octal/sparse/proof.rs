//! Step 3 of the sparse method: the proof that every rare value below a heap's candidate
//! is the value of an option, by scanning the pairs (a, m - a) in doubling chunks until
//! each is found. The scan reads only values far below n, so the batches run it on other
//! threads while later candidates are computed (`sequence::ahead`).

use super::super::direct::{Marks, Rules};
use super::super::store::Values;
#[cfg(target_arch = "x86_64")]
use super::avx2;

/// Pairs scanned before the first check of the missing rare values (the chunks double).
const CHUNK: usize = 128;

/// The most missing rare values compared with blocks of pairs at once.
const TARGETS: usize = 4;

/// At most this many missing rare values are looked up in a bitset (AVX2) instead.
const SWITCH: usize = 12;

/// Pairs per block in the comparison scan.
const BLOCK: usize = 32;

/// Removes from `targets` (at most [`TARGETS`], not empty) every value G(a) ^ G(m - a) for
/// `start <= a <= end`, where `low[a]` = G(a) and `high = G(..m)` ends at G(m - 1)
/// (`end < low.len()`, `end <= high.len()`).
#[inline(always)]
fn find_targets(targets: &mut Vec<usize>, low: &[u16], high: &[u16], start: usize, end: usize) {
    let m = high.len();
    let half = end;
    let mut wanted = [0u16; TARGETS];
    let load = |targets: &Vec<usize>, wanted: &mut [u16; TARGETS]| {
        for (j, slot) in wanted.iter_mut().enumerate() {
            *slot = targets[j.min(targets.len() - 1)] as u16;
        }
    };
    load(targets, &mut wanted);
    let mut a = start;
    while a + BLOCK <= half + 1 {
        let lo: &[u16; BLOCK] = low[a..a + BLOCK]
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        let hi: &[u16; BLOCK] = high[m - a - (BLOCK - 1)..=m - a]
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        let mut xors = [0u16; BLOCK];
        for i in 0..BLOCK {
            xors[i] = lo[i] ^ hi[BLOCK - 1 - i];
        }
        let mut hits = 0u32;
        for (j, &w) in wanted.iter().enumerate() {
            hits |= u32::from(xors.iter().fold(false, |acc, &x| acc | (x == w))) << j;
        }
        if hits != 0 {
            while hits != 0 {
                let found = wanted[hits.trailing_zeros() as usize];
                hits &= hits - 1;
                targets.retain(|&t| t != usize::from(found));
            }
            if targets.is_empty() {
                return;
            }
            load(targets, &mut wanted);
        }
        a += BLOCK;
    }
    while a <= half {
        let x = usize::from(low[a] ^ high[m - a]);
        targets.retain(|&t| t != x);
        if targets.is_empty() {
            return;
        }
        a += 1;
    }
}

/// Lists the set bits of `words` (bit i of word w: 64 w + i) in `list`, ascending.
pub(in crate::octal) fn unpack_bits(words: &[u64], list: &mut Vec<usize>) {
    list.clear();
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            list.push(64 * w + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// Sets in `words` (cleared first) the bits of the values of `list`, which lie below
/// `64 * words.len()`.
pub(in crate::octal) fn pack_bits(list: &[usize], words: &mut [u64]) {
    words.fill(0);
    for &v in list {
        words[v / 64] |= 1 << (v % 64);
    }
}

/// Whether the AVX2 bitset lookup of [`prove`] may run: every value it may read lies below
/// `bound` (the length of the value counts, or more), and `bound` within its limit. (The
/// missing values, which may lie above every value read, are checked by [`prove`].)
pub(in crate::octal) fn bitset_fits(avx2: bool, bound: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    let limit = avx2::LIMIT;
    #[cfg(not(target_arch = "x86_64"))]
    let limit = 0;
    avx2 && bound <= limit
}

/// [`prove`], compiled for AVX2 when `avx2` is true (the CPU must support it), with the
/// bitset lookup when `bitset` is true as well ([`bitset_fits`]).
pub(in crate::octal) fn prove_with(
    (avx2, bitset): (bool, bool),
    rules: &Rules,
    g: Values,
    n: usize,
    start: usize,
    missing: &mut Vec<usize>,
    marks: &mut Marks,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        /// # Safety
        ///
        /// The CPU must support AVX2.
        #[target_feature(enable = "avx2")]
        unsafe fn prove_avx2(
            rules: &Rules,
            g: Values,
            (n, start): (usize, usize),
            missing: &mut Vec<usize>,
            bitset: bool,
            marks: &mut Marks,
        ) -> bool {
            prove(rules, g, n, start, missing, bitset, marks)
        }
        // SAFETY: the caller passes `avx2` only when the CPU reports AVX2.
        return unsafe { prove_avx2(rules, g, (n, start), missing, bitset, marks) };
    }
    prove(rules, g, n, start, missing, false, marks)
}

/// Step 3 for heap n from the pair `start` on: scans the pairs (a, m - a), m = n - k for
/// each two-heap take k, in chunks until every value of `missing` (ascending) is found;
/// leaves in `missing` those never found. While many are missing every pair is marked;
/// once at most [`TARGETS`] are, blocks of pairs are compared with them instead
/// (vectorised); with `bitset` (AVX2, and every value read and missing below its limit), once at most
/// [`SWITCH`] are, each pair is looked up in a bitset of them (`avx2::find`).
///
/// Reads only G(a) for a <= m / 2 and G(m - a) for a >= `start`, so `g` may end before n
/// (`n - k - start < g.len()`): a proof can run while later values are computed. False
/// when a pair the scan needed is not kept (a windowed run): `missing` is then not final.
#[inline(always)]
pub(super) fn prove(
    rules: &Rules,
    g: Values,
    n: usize,
    start: usize,
    missing: &mut Vec<usize>,
    bitset: bool,
    marks: &mut Marks,
) -> bool {
    let early = g.early;
    let mut start = start;
    let mut chunk = CHUNK;
    // Whether every split's pairs can be scanned to m / 2.
    let complete = rules
        .split2
        .iter()
        .all(|&k| n < k + 2 || g.pair_limit(n - k) == (n - k) / 2);
    // The bitset must hold the missing values as well as the values read: a rare value
    // no heap has had yet (512, say, the first time a value reaches it) may lie at or
    // above its limit while every value read lies below it.
    #[cfg(target_arch = "x86_64")]
    let bitset = bitset && missing.iter().all(|&v| v < avx2::LIMIT);
    let switch = if bitset { SWITCH } else { TARGETS };
    while missing.len() > switch {
        let mut more = false;
        for &k in &rules.split2 {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let half = g.pair_limit(m);
            if start > half {
                continue;
            }
            let end = (start + chunk - 1).min(half);
            more |= end < half;
            marks.mark_pairs(&early[start..=end], high_sides(g, m, start, end));
        }
        // The block's marks cannot find a missing value: it was missing despite them.
        // Branch-free compaction: found or not is unpredictable.
        let mut kept = 0;
        for i in 0..missing.len() {
            let v = missing[i];
            missing[kept] = v;
            kept += usize::from(!marks.has(v));
        }
        missing.truncate(kept);
        if !more {
            return complete;
        }
        start += chunk;
        chunk += chunk;
    }
    if missing.is_empty() {
        return true;
    }
    // The scans below take the pairs from a = `start` on as pairs from a = 1 of
    // m' = m - (start - 1): G(a) is then `early[start - 1 + a']` and G(m - a) is
    // G(m' - a'), so their high side ends at G(m' - 1), the last value they read.
    let skip = start - 1;
    #[cfg(target_arch = "x86_64")]
    if bitset {
        // Every value read lies below the bitset's limit (checked by the caller), and
        // so does every missing value (checked above).
        let mut wanted = [0u8; avx2::LIMIT / 8];
        for &v in missing.iter() {
            wanted[(v / 8) % wanted.len()] |= 1 << (v % 8);
        }
        let mut left = missing.len();
        for &k in rules.split2.iter().filter(|&&k| n >= k + 2) {
            let m = n - k;
            let end = g.pair_limit(m);
            if start <= end {
                // SAFETY: AVX2 was detected (`bitset`), 1 <= end - skip, end < early.len()
                // so end - skip < early[skip..].len(), end <= m - origin so the high side
                // m - skip >= origin holds G(m - skip - (end - skip)) = G(m - end), and
                // every value lies below the limit.
                left = unsafe {
                    let (low, high) = (&early[skip..], g.until(m - skip));
                    avx2::find(&mut wanted, left, low, high, 1, end - skip)
                };
                if left == 0 {
                    break;
                }
            }
        }
        missing.retain(|&v| wanted[(v / 8) % wanted.len()] >> (v % 8) & 1 == 1);
        return complete;
    }
    for &k in rules.split2.iter().filter(|&&k| n >= k + 2) {
        let m = n - k;
        let end = g.pair_limit(m);
        if start <= end {
            find_targets(missing, &early[skip..], g.until(m - skip), 1, end - skip);
            if missing.is_empty() {
                return true;
            }
        }
    }
    complete
}

/// G(m - end ..= m - start), the high sides of the pairs (a, m - a) for a in start ..= end.
#[inline(always)]
fn high_sides(g: Values<'_>, m: usize, start: usize, end: usize) -> &[u16] {
    &g.recent[m - end - g.origin..=m - start - g.origin]
}
