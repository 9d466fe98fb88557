//! One heap's value: the marks of the options the block did not make (the takes, the rare
//! positions below the block and those found since), the candidate (step 2: the first of
//! the block's open values left (see `open`), or else 64 values at a time), and step 3 run
//! here, deferred, or left to a far scan.

use super::super::direct::{mark_takes, take_values, Mark, Marks, Rules};
use super::super::store::Values;
use super::block::{below, BLOCK_HEAPS, OPEN};
use super::proof::{bitset_fits, pack_bits, prove, unpack_bits};
use super::state::{Next, Sparse};

impl Sparse {
    /// Marks part B in full in heap n's row (its candidate passed its guesses).
    fn mark_part_b(&mut self, rules: &Rules, g: Values, n: usize) {
        let block = &mut self.block;
        let j = n - block.start;
        for &k in &rules.split2 {
            let m0 = block.start.saturating_sub(k);
            let split = &self.split;
            let end = below(&split.b_pos, m0);
            for (&r, &v) in split.b_pos[..end].iter().zip(&split.b_val) {
                let x = usize::from(v ^ g.recent[m0 - g.origin - r as usize + j]);
                block.mark(j, x);
            }
        }
        block.bound[j % BLOCK_HEAPS] = usize::MAX;
    }

    /// [`Sparse::next_value`] inlined into the caller, whichever code it is compiled for
    /// (the thread computing candidates runs it compiled for AVX2 where it can).
    #[inline(always)]
    pub fn next_value_inline(
        &mut self,
        rules: &Rules,
        g: Values,
        counts: &[u64],
        marks: &mut Marks,
        defer: Option<usize>,
    ) -> Next {
        let n = g.len();
        if self.overflow || (g.origin > 0 && self.reach(rules) > g.recent.len()) {
            return Next::OutOfReach;
        }
        // Every XOR of two values lies below half the mark range.
        let width = (marks.len() / 2).max(64);
        if n >= self.block.end && !self.start_block(rules, g, counts, width, defer.is_none()) {
            return Next::Sequential;
        }
        marks.begin();
        let open = match self.block.opened {
            true => self.open_choice(rules, g),
            false => None,
        };
        let candidate = match open {
            Some(candidate) => {
                let mut missing = std::mem::take(&mut self.missing_bits);
                missing.clear();
                self.open_missing(rules, g, candidate, &mut missing);
                self.missing_bits = missing;
                candidate
            }
            None => self.scan(rules, g, marks),
        };
        if self.missing_bits.iter().all(|&bits| bits == 0) {
            return Next::Value(candidate);
        }
        // With the block's pairs, the missing values go by list here; without them and
        // deferred, they stay bits (a proof on another thread lists them).
        let start = match self.block.pairs {
            0 => 1,
            _ => {
                unpack_bits(&self.missing_bits, &mut self.missing);
                let start = self.mark_block_pairs(rules, g, marks);
                if self.missing.is_empty() {
                    return Next::Value(candidate);
                }
                pack_bits(&self.missing, &mut self.missing_bits);
                start
            }
        };
        if let Some(known) = defer {
            // Below the bound, every pair read lies below it too (start >= 1).
            return match deferrable(rules, n, start, known) {
                true => Next::Proof { candidate, start },
                false => Next::Sequential,
            };
        }
        unpack_bits(&self.missing_bits, &mut self.missing);
        let bitset = bitset_fits(self.avx2, counts.len());
        let complete = prove(rules, g, n, start, &mut self.missing, bitset, marks);
        if !complete && !self.missing.is_empty() {
            return Next::FarScan { candidate };
        }
        Next::Value(self.finish(candidate))
    }

    /// Step 2 by a scan of heap n = g.len()'s marks, 64 values at a time, its own marks
    /// made first (see [`mark_own`]); fills `missing_bits` with the rare values below the
    /// candidate left unmarked.
    #[inline(always)]
    fn scan(&mut self, rules: &Rules, g: Values, marks: &mut Marks) -> usize {
        let n = g.len();
        let (pos, val) = (&self.rare_pos, &self.rare_val);
        if self.block.active {
            // A block that left its near positions to the open values needs them now.
            if self.block.near_left {
                self.block.mark_near(rules, (pos, val), g);
            }
            // The heap's own marks go into its row of the block, so that the scan below
            // reads one set of marks per word, not two (but past the row's width).
            let (mut row, low, from) = self.block.own_marks(n, marks);
            mark_own(rules, g, (pos, val), Some((low, from)), &mut row);
        } else {
            mark_own(rules, g, (pos, val), None, marks);
        }
        self.cover_rare_bits(marks.len());
        loop {
            let block = &self.block;
            // Values lie below marks.len() / 2; the least common value at or above that
            // lies below marks.len(), as the mask has a bit below it. 64 values at a time:
            // the missing rare values below the candidate are the set bits of
            // `rare & !seen`.
            let mut candidate = marks.len();
            self.missing_bits.clear();
            // `rare_bits` covers the mark range (no division to keep the reads in bounds).
            let row = block.row(n);
            for (word, &rare) in self.rare_bits[..marks.len() / 64].iter().enumerate() {
                let from = 64 * word;
                let own = match block.active && from + 64 <= block.width {
                    true => 0,
                    false => marks.bits(from),
                };
                let seen = own | row.bits(from) | block.hits(n, from);
                let common_unseen = !(seen | rare);
                let below = match common_unseen {
                    0 => u64::MAX,
                    bits => (1 << bits.trailing_zeros()) - 1,
                };
                self.missing_bits.push(rare & !seen & below);
                if common_unseen != 0 {
                    candidate = from + common_unseen.trailing_zeros() as usize;
                    break;
                }
            }
            let j = (n - block.start) % BLOCK_HEAPS;
            if block.checked && candidate > block.bound[j] && candidate < block.width {
                self.mark_part_b(rules, g, n);
                continue;
            }
            if let (Some(far), Some(lists)) = (&mut self.block.far, &self.far_lists) {
                if candidate > far.bound[j] && candidate < far.width {
                    far.bound[j] = usize::MAX;
                    self.far_fallbacks += 1;
                    lists.mark_b(&mut self.block, j, g.recent, g.origin);
                    continue;
                }
            }
            break candidate;
        }
    }

    /// Step 3 before [`prove`]: when the block marked the pairs (a, m - a) from
    /// a = BLOCK_HEAPS on, marks those below and drops the missing values they give.
    /// Returns the first pair left to scan.
    #[inline(always)]
    fn mark_block_pairs(&mut self, rules: &Rules, g: Values, marks: &mut Marks) -> usize {
        if self.block.pairs == 0 {
            return 1;
        }
        let n = g.len();
        for &k in &rules.split2 {
            let high = g.until(n - k);
            marks.mark_pairs(
                &g.early[1..BLOCK_HEAPS],
                &high[high.len() - (BLOCK_HEAPS - 1)..],
            );
        }
        self.missing.retain(|&v| !marks.has(v));
        self.block.pairs + 1
    }
}

impl Sparse {
    /// [`Sparse::next_value`] deferred to a proof, for a heap n = g.len() inside a block
    /// with open values: the candidate by [`Sparse::open_choice`], without a mark table,
    /// always as a [`Next::Proof`] from pair a = 1 (a block with open values marks no
    /// pairs). Its rare values are appended to `missing` as bits, as the far and middle
    /// parts leave them: every word up to the candidate's whole, the takes among them. The
    /// proof drops those first ([`drop_found`]), so that this thread does not. `None`
    /// where the heap needs `next_value`: a block starts, or the open values give no
    /// candidate.
    ///
    /// The proof reads only values below n + 1 (from a = 1 its pairs lie below m = n - k),
    /// so it may read any candidate of the batch that holds n.
    #[inline(always)]
    pub(in crate::octal) fn next_open(
        &self,
        rules: &Rules,
        g: Values,
        missing: &mut Vec<u64>,
    ) -> Option<Next> {
        let n = g.len();
        if !self.block.opened || n >= self.block.end || self.overflow {
            return None;
        }
        if g.origin > 0 && self.reach(rules) > g.recent.len() {
            return None;
        }
        let candidate = self.open_choice(rules, g)?;
        self.open_words(n, candidate, missing);
        Some(Next::Proof {
            candidate,
            start: 1,
        })
    }

    /// Heap n = g.len()'s candidate in a block with open values: the first open value
    /// that neither a near mark nor the heap's own options hit (its takes, and its splits
    /// with the rare positions below BLOCK_HEAPS, 16 lanes at once, and those found since
    /// the block started), compared with the open values only. `None` when every open
    /// value is hit (or there are fewer), or a split leaves less than BLOCK_HEAPS.
    #[inline(always)]
    pub(super) fn open_choice(&self, rules: &Rules, g: Values) -> Option<usize> {
        let n = g.len();
        let block = &self.block;
        let j = n - block.start;
        let open: [u16; OPEN] = std::array::from_fn(|i| block.open[i][j]);
        // Bit i: open value i is an option (a near mark or the heap's own).
        let mut hit = (0..OPEN).fold(0u32, |hit, i| {
            hit | u32::from(block.open_hit[i][j] != 0) << i
        });
        let hits = |x: u16| (0..OPEN).fold(0u32, |hit, i| hit | u32::from(open[i] == x) << i);
        for value in take_values(rules, n, g.recent) {
            hit |= hits(value);
        }
        let (pos, val) = (&self.rare_pos, &self.rare_val);
        for (i, &k) in rules.split2.iter().enumerate() {
            if n < k + BLOCK_HEAPS {
                return None;
            }
            let window = g.until(n - k);
            let m = window.len();
            let last: &[u16; BLOCK_HEAPS] = window[m - BLOCK_HEAPS..]
                .try_into()
                .unwrap_or_else(|_| unreachable!());
            let mut xors = [0u16; BLOCK_HEAPS];
            for ((x, &v), &partner) in xors.iter_mut().zip(&block.low_val).zip(last) {
                *x = v ^ partner;
            }
            for (i, &value) in open.iter().enumerate() {
                let own = |(&x, &rare): (&u16, &u16)| if x == value { rare } else { 0 };
                let lanes = xors
                    .iter()
                    .zip(&block.low_mask)
                    .map(own)
                    .fold(0, |a, b| a | b);
                hit |= u32::from(lanes != 0) << i;
            }
            // The rare positions from max(start - k, BLOCK_HEAPS) below m: few, if any.
            let from = block.from[i];
            for (&r, &v) in pos[from..].iter().zip(&val[from..]) {
                if r as usize >= n - k {
                    break;
                }
                hit |= hits(v ^ window[m - r as usize]);
            }
        }
        let first = (!hit).trailing_zeros() as usize;
        if first >= OPEN || open[..=first].contains(&u16::MAX) {
            return None;
        }
        Some(usize::from(open[first]))
    }

    /// Appends to `missing`, as bits up to the candidate's word, the rare values below
    /// `candidate` (an open value of heap n = g.len()) that a proof must find: those its
    /// far and middle parts leave unmarked, less the takes (see the module's notes).
    #[inline(always)]
    pub(super) fn open_missing(
        &self,
        rules: &Rules,
        g: Values,
        candidate: usize,
        missing: &mut Vec<u64>,
    ) {
        let at = missing.len();
        self.open_words(g.len(), candidate, missing);
        drop_found(rules, g.len(), g.recent, candidate, &mut missing[at..]);
    }

    /// Appends to `missing` the words of heap n's rare values that its far and middle
    /// parts leave unmarked, up to the word of `candidate` (one of its open values) and
    /// whole: the candidate and those above it, and the takes, are still in.
    #[inline(always)]
    pub(in crate::octal) fn open_words(&self, n: usize, candidate: usize, missing: &mut Vec<u64>) {
        let block = &self.block;
        let Some(far) = &block.far else {
            unreachable!("open values come from a far part");
        };
        let words = far.width / 64;
        let j = n - block.start;
        let row = &far.bits[j * words..(j + 1) * words];
        let last = candidate / 64;
        // A word or two: pushed in place, without a call.
        for (&seen, &rare) in row[..=last].iter().zip(&self.rare_bits[..=last]) {
            missing.push(rare & !seen);
        }
    }
}

/// Clears in `bits` (heap n's missing rare values, bit i of word w: 64 w + i) the values
/// that are not missing whatever the rest: `candidate` and those above it, and the values
/// of the takes (options, so never missing). `below` ends at G(n - 1) (see
/// [`take_values`]).
#[inline(always)]
pub(in crate::octal) fn drop_found(
    rules: &Rules,
    n: usize,
    below: &[u16],
    candidate: usize,
    bits: &mut [u64],
) {
    let last = candidate / 64;
    if let Some(word) = bits.get_mut(last) {
        *word &= (1 << (candidate % 64)) - 1;
    }
    if let Some(above) = bits.get_mut(last + 1..) {
        above.fill(0);
    }
    for value in take_values(rules, n, below) {
        if let Some(word) = bits.get_mut(usize::from(value) / 64) {
            *word &= !(1 << (value % 64));
        }
    }
}

/// Whether heap n's proof from pair a = `start` on reads only values below `known`.
#[inline(always)]
fn deferrable(rules: &Rules, n: usize, start: usize, known: usize) -> bool {
    n < known
        || rules
            .split2
            .iter()
            .all(|&k| n < k + 2 || (n - k - start < known && (n - k) / 2 < known))
}

/// Marks the options of heap n = g.len() that the block pass leaves to each heap: the
/// takes and, for each split, the rare positions r < m = n - k below the block's (`low`,
/// below BLOCK_HEAPS) or found since it started (from `from[i]` on); every one without an
/// active block (`None`).
#[inline(always)]
fn mark_own(
    rules: &Rules,
    g: Values,
    (pos, val): (&[u32], &[u16]),
    block: Option<(usize, &[usize])>,
    marks: &mut impl Mark,
) {
    let n = g.len();
    mark_takes(rules, n, g.recent, marks);
    for (i, &k) in rules.split2.iter().enumerate() {
        if n < k + 2 {
            continue;
        }
        let m = n - k;
        let Some((low, from)) = block else {
            let count = below(pos, m);
            marks.mark_partners(&pos[..count], &val[..count], g.until(m));
            continue;
        };
        let low = match m >= BLOCK_HEAPS {
            true => low,
            false => below(pos, m),
        };
        marks.mark_partners(&pos[..low], &val[..low], g.until(m));
        // The rare positions from max(start - k, BLOCK_HEAPS) on: few, and those found
        // since the block started among them.
        let from = from[i];
        let to = from
            + pos[from..]
                .iter()
                .take_while(|&&r| (r as usize) < m)
                .count();
        if from < to {
            marks.mark_partners(&pos[from..to], &val[from..to], g.until(m));
        }
    }
}
