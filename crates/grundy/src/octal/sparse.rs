//! The sparse-space method (Winning Ways ch. 4, "Sparse Space Spells Speed"; Gangolli and
//! Plambeck 1989; Flammenkamp's tables), for codes whose moves leave at most two heaps.
//!
//! A bit mask splits the values in two classes: v is *rare* when `popcount(v & mask)` is
//! even, *common* otherwise. rare ^ rare and common ^ common are rare, rare ^ common is
//! common. In most octal games the rare values sit at a few early heap sizes, so for heap n:
//!
//! 1. every common option of a split is rare ^ common: XOR each rare position r < m with
//!    G(m - r) (m = n - k) and mark it, with the options that leave one heap or nothing;
//! 2. the candidate c is the least common value not marked;
//! 3. every rare value below c must still be checked: scan the pairs (a, m - a) in chunks
//!    until each is marked. If one never is, G(n) is the least such rare value (a new rare
//!    position); otherwise G(n) = c (`proof`).
//!
//! The answer is the exact mex whatever the mask: step 3 finishes the full scan when it must.
//! The mask only decides the speed, so it is chosen from the value counts (fewest rare
//! positions) at doubling heap sizes, and the rare list rebuilt when it changes.
//!
//! Step 1 runs for 16 heaps at once (`block`). With a long rare list (Officers: 1,583
//! positions) it is split (`guess`): part A is marked, part B only compared with each
//! heap's four least common values left unmarked by part A, and the block also marks the
//! pairs (a, m - a) for 16 <= a <= 256, so step 3 starts after them. On four threads or
//! more, the marks of the rare positions from 256 on are made ahead by other threads
//! (`far`), and the block marks only those below.

use std::sync::Arc;

use super::direct::{mark_takes, Marks, Rules};
use super::stats::{best_mask, is_rare};
use super::store::Values;

#[cfg(target_arch = "x86_64")]
mod avx2;
mod block;
mod far;
mod guess;
mod proof;

use block::{Block, Rows, BLOCK_HEAPS, PAIRS};
pub(super) use block::{FarBlock, Tier};
use far::RareList;
pub(super) use far::{FarLists, Scratch as FarScratch, FAR, MID};
use guess::Split;
use proof::prove;
pub(super) use proof::{bitset_fits, pack_bits, prove_with, unpack_bits};

/// What [`Sparse::next_value`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// The value.
    Value(usize),
    /// The pairs a window keeps did not find every missing rare value below `candidate`:
    /// the rest of the pairs must be scanned ([`Sparse::missing_mut`]), then
    /// [`Sparse::finish`] gives the value.
    FarScan { candidate: usize },
    /// A rare position's partners lie before the window.
    OutOfReach,
    /// Asked to defer (see [`Sparse::next_value`]): G(n) is `candidate` once every rare
    /// value left in [`Sparse::missing_mut`] is found among the pairs (a, m - a) for
    /// a >= `start` ([`prove`]), which read only values below the `known` bound.
    /// The rare values are given as bits ([`Sparse::missing_bits`]).
    Proof { candidate: usize, start: usize },
    /// Asked to defer, but this heap cannot be: its proof would read values at or past
    /// the bound, or the mask is due for a review. Compute it with every value at hand.
    Sequential,
}

#[derive(Clone, Debug)]
pub(super) struct Sparse {
    mask: usize,
    /// Heap sizes n >= 1 with a rare value, ascending, and those values.
    rare_pos: Vec<u32>,
    rare_val: Vec<u16>,
    next_review: usize,
    rare_at_review: usize,
    missing: Vec<usize>,
    /// The same as bits (bit i of word w: 64 w + i), up to the candidate's word; the list
    /// is made from them only when this thread scans the pairs itself.
    missing_bits: Vec<u64>,
    /// Bit i of `rare_bits[w]`: 64 w + i is rare under the mask.
    rare_bits: Vec<u64>,
    block: Block,
    split: Split,
    /// BLOCK_HEAPS ..= PAIRS, the "positions" of the block's pairs.
    pair_pos: Vec<u32>,
    /// The CPU supports AVX2 (x86-64 only).
    avx2: bool,
    /// The review before a window first drops values is done.
    closed: bool,
    /// See [`Sparse::leave_pairs_to_proofs`].
    pairs_to_proofs: bool,
    /// The far lists while blocks' far parts are passed ahead (see `far`), the far part of
    /// the next block, and how many heaps marked the far part B in full.
    far_lists: Option<Arc<FarLists>>,
    far_next: Option<FarBlock>,
    far_fallbacks: u64,
    /// The same for the middle rare positions (used only with a far part).
    mid_lists: Option<Arc<FarLists>>,
    mid_next: Option<FarBlock>,
    /// A rare position past `u32::MAX` appeared (only possible in a window, where far scans
    /// go on past 2^32): the rare list cannot hold it, so no further value is computed.
    overflow: bool,
}

impl Sparse {
    /// The state for the values `g` already computed, whose counts (among n >= 1) are
    /// `counts`.
    pub fn new(g: &[u16], counts: &[u64]) -> Self {
        let mut sparse = Sparse {
            mask: 1,
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            next_review: 32,
            rare_at_review: 0,
            missing: Vec::new(),
            missing_bits: Vec::new(),
            rare_bits: Vec::new(),
            block: Block::default(),
            split: Split::default(),
            pair_pos: (BLOCK_HEAPS as u32..=PAIRS as u32).collect(),
            #[cfg(target_arch = "x86_64")]
            avx2: std::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            avx2: false,
            closed: false,
            pairs_to_proofs: false,
            far_lists: None,
            far_next: None,
            far_fallbacks: 0,
            mid_lists: None,
            mid_next: None,
            overflow: false,
        };
        sparse.block.avx2 = sparse.avx2;
        sparse.review(Values::full(g), counts);
        sparse
    }

    /// The state of a windowed run resumed at heap size `n`: the rare positions under
    /// `mask` (the values before the window are gone, so the rare list cannot be rebuilt
    /// from them).
    pub fn restore(mask: usize, rare: (Vec<u32>, Vec<u16>), n: usize) -> Self {
        let mut sparse = Sparse::new(&[], &[]);
        sparse.mask = mask;
        (sparse.rare_pos, sparse.rare_val) = rare;
        sparse.rare_at_review = sparse.rare_pos.len();
        sparse.next_review = (2 * n).max(32);
        sparse
    }

    /// The rare values, in the order of [`Sparse::rare_positions`].
    pub fn rare_values(&self) -> &[u16] {
        &self.rare_val
    }

    /// Whether proofs may be left to other threads ([`Next::Proof`]): once a rare value is
    /// known. Short rare lists gain too: 0.167's proofs are a third of its time (to 2^22
    /// on two threads, 0.66 s against 0.89 s without deferring).
    pub fn defers(&self) -> bool {
        !self.rare_pos.is_empty()
    }

    /// Whether blocks started while proofs are deferred leave the first pairs (a <= 256) to
    /// the proofs instead of marking them: their work then moves from the thread computing
    /// candidates to the threads proving them (worth it with two or more of those).
    pub fn leave_pairs_to_proofs(&mut self, leave: bool) {
        self.pairs_to_proofs = leave;
    }

    /// The far lists of this state for rows of `width` values, or `None` when its rare list
    /// is not split (see `far`).
    pub fn far_lists(&self, rules: &Rules, width: usize) -> Option<Arc<FarLists>> {
        FarLists::new(self.rare_list(), rules, width)
    }

    /// The middle lists of this state, made with its far lists `far`.
    pub fn mid_lists(&self, far: &FarLists) -> Arc<FarLists> {
        FarLists::mid(self.rare_list(), far)
    }

    /// The rare list and its split, as the far lists read them.
    fn rare_list(&self) -> RareList<'_> {
        RareList {
            mask: self.mask,
            pos: &self.rare_pos,
            val: &self.rare_val,
            bits: &self.rare_bits,
            split: &self.split,
            avx2: self.avx2,
        }
    }

    /// Takes the far and middle parts of blocks from other threads, made with the
    /// `(far, mid)` lists, from now on ([`Sparse::offer_far`]), or no longer with `None`.
    pub fn use_far(&mut self, lists: Option<(Arc<FarLists>, Arc<FarLists>)>) {
        (self.far_lists, self.mid_lists) = lists.unzip();
        self.far_next = None;
        self.mid_next = None;
    }

    /// The far or middle part of the block that may start at `part.start`: used if a block
    /// starts there next (with rows of the same width, and with a far part for a middle
    /// one), else dropped.
    pub fn offer_far(&mut self, part: FarBlock) {
        match part.tier() {
            Tier::Far => self.far_next = Some(part),
            Tier::Mid => self.mid_next = Some(part),
        }
    }

    /// Whether heap n would start a new block.
    pub fn starts_block(&self, n: usize) -> bool {
        n >= self.block.end
    }

    /// The row length of the next block for a mark table of `marks_len` values.
    pub fn block_width(&self, marks_len: usize) -> usize {
        self.block.width.max((marks_len / 2).max(64))
    }

    /// How many heaps marked a far part B in full (their candidate passed its guesses).
    pub fn far_fallbacks(&self) -> u64 {
        self.far_fallbacks
    }

    /// Whether the pair scans use AVX2.
    pub fn avx2(&self) -> bool {
        self.avx2
    }

    /// How many heap sizes back from n the partner reads reach (the block pass, the
    /// learning pass, the takes): beyond the largest rare position, 128 heaps learnt
    /// from, a block, the largest take and the block's pairs.
    pub fn reach(&self, rules: &Rules) -> usize {
        let last = self.rare_pos.last().map_or(0, |&r| r as usize);
        last.max(PAIRS) + 128 + 2 * BLOCK_HEAPS + rules.max_take
    }

    /// The mask in use.
    pub fn mask(&self) -> usize {
        self.mask
    }

    /// The heap sizes with rare values under the current mask.
    pub fn rare_positions(&self) -> &[u32] {
        &self.rare_pos
    }

    /// Whether `v` is rare under the mask in use.
    #[inline(always)]
    pub fn is_rare(&self, v: usize) -> bool {
        is_rare(v, self.mask)
    }

    /// Chooses the mask with the fewest rare positions and rebuilds the rare list. Once
    /// a window has dropped values, the list cannot be rebuilt: the mask stays (it only
    /// decides the speed).
    fn review(&mut self, g: Values, counts: &[u64]) {
        let n = g.len();
        if g.origin == 0 {
            self.mask = best_mask(counts).0;
            self.rare_bits.clear();
            self.rare_pos.clear();
            self.rare_val.clear();
            for (pos, &v) in g.recent.iter().enumerate().skip(1) {
                if self.is_rare(usize::from(v)) {
                    self.rare_pos.push(pos as u32);
                    self.rare_val.push(v);
                }
            }
        }
        self.rare_at_review = self.rare_pos.len();
        self.split.clear();
        self.next_review = (2 * n).max(32);
    }

    /// G(n) for n = g.len(), unless it needs values the window no longer keeps; `counts`
    /// are the value counts among n >= 1.
    ///
    /// With `defer = Some(known)`, step 3 is left to the caller when its pairs read only
    /// values below `known` ([`Next::Proof`]); the caller must then prove the candidate
    /// before trusting it (see `sequence::ahead`). A mask review is never made then: such a
    /// heap answers [`Next::Sequential`], as does one whose proof cannot be deferred.
    pub fn next_value(
        &mut self,
        rules: &Rules,
        g: Values,
        counts: &[u64],
        marks: &mut Marks,
        defer: Option<usize>,
    ) -> Next {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU reports AVX2 (see `Sparse::new`).
            return unsafe { self.next_value_avx2(rules, g, counts, marks, defer) };
        }
        self.compute(rules, g, counts, marks, defer)
    }

    /// [`Sparse::compute`] compiled for AVX2: the pair scans vectorise twice as wide.
    ///
    /// # Safety
    ///
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn next_value_avx2(
        &mut self,
        rules: &Rules,
        g: Values,
        counts: &[u64],
        marks: &mut Marks,
        defer: Option<usize>,
    ) -> Next {
        self.compute(rules, g, counts, marks, defer)
    }

    /// Starts the block of heaps from n = g.len(): reviews the mask if due (only here, so
    /// a block's marks always follow the current mask) and makes the block's partner marks.
    /// Does nothing and returns false when a review is due and `review` is false.
    #[inline(always)]
    fn start_block(
        &mut self,
        rules: &Rules,
        g: Values,
        counts: &[u64],
        width: usize,
        review: bool,
    ) -> bool {
        let n = g.len();
        let closing = g.closing && !self.closed;
        if closing || n >= self.next_review || self.rare_pos.len() > 2 * self.rare_at_review + 64 {
            if !review {
                return false;
            }
            // A closing window: the last review that can rebuild the rare list.
            self.closed |= closing;
            self.review(g, counts);
        }
        self.cover_rare_bits(2 * width);
        // The far part passed ahead for this block, if it is for these rows and this rare
        // list: then only the near positions are marked here, all of them.
        let rows = self.block.width.max(width);
        let (far_next, mid_next) = (self.far_next.take(), self.mid_next.take());
        let usable = |part: &FarBlock, lists: &Option<Arc<FarLists>>| {
            let fits = |lists: &Arc<FarLists>| lists.fit(self.rare_list(), rows);
            part.start == n && part.width == rows && lists.as_ref().is_some_and(fits)
        };
        let far_part = far_next.filter(|far| usable(far, &self.far_lists));
        let mid_part = mid_next.filter(|mid| far_part.is_some() && usable(mid, &self.mid_lists));
        // The near positions marked here: below MID with a middle part, else below FAR.
        let near_end = match mid_part {
            Some(_) => far::MID,
            None => far::FAR,
        };
        let block = &mut self.block;
        block.start = n;
        if n < 4 * BLOCK_HEAPS {
            block.active = false;
            block.checked = false;
            block.end = n + 1;
            return true;
        }
        block.begin(n, width, self.avx2);
        let below = |pos: &[u32], m0: usize| pos.partition_point(|&r| (r as usize) < m0);
        block.low = below(&self.rare_pos, BLOCK_HEAPS);
        block.from.clear();
        for &k in &rules.split2 {
            block
                .from
                .push(below(&self.rare_pos, n.saturating_sub(k).max(BLOCK_HEAPS)));
        }
        let generation = block.generation;
        let width = block.width;
        // A block with a far part marks its near positions in full: no split to learn
        // (the far lists keep the one they were made from).
        if far_part.is_none() {
            self.split
                .update(rules, g, (&self.rare_pos, &self.rare_val), self.mask, width);
        }
        // Partners are read relative to the window (heap size origin + i at i).
        let (recent, origin) = (g.recent, g.origin);
        let split = &self.split;
        let near = far_part.is_some();
        let mut rows = Rows {
            table: &mut block.table[..],
            bits: &mut block.bit_rows,
        };
        // A take k >= n leaves no partner inside the block's reach (m0 = 0): the
        // heap-by-heap pass has all of its rare positions.
        for &k in &rules.split2 {
            let m0 = n.saturating_sub(k);
            let lo = below(&self.rare_pos, BLOCK_HEAPS);
            let hi = below(&self.rare_pos, m0);
            if near {
                let range = lo.min(hi)..hi.min(below(&self.rare_pos, near_end));
                let rare = (&self.rare_pos[range.clone()], &self.rare_val[range]);
                rows.scatter(width, rare, recent, m0 - origin, generation);
                continue;
            }
            if split.learned == 0 {
                let range = lo.min(hi)..hi;
                let rare = (&self.rare_pos[range.clone()], &self.rare_val[range]);
                rows.scatter(width, rare, recent, m0 - origin, generation);
                continue;
            }
            let end = below(&split.a_pos, m0);
            let part_a = (&split.a_pos[..end], &split.a_val[..end]);
            rows.scatter(width, part_a, recent, m0 - origin, generation);
            let range = split.learned.max(lo).min(hi)..hi;
            let later = (&self.rare_pos[range.clone()], &self.rare_val[range]);
            rows.scatter(width, later, recent, m0 - origin, generation);
        }
        // The pairs (a, m - a) for 16 <= a <= PAIRS: marked like rare positions, so the
        // candidate scan already sees the rare values they give. Only with a split (long)
        // rare list: with a short one the rare values are mostly found without a scan
        // (0.16: 10 % slower with the pairs).
        block.pairs = 0;
        let far = rules.split2.iter().all(|&k| n >= k + 4 * PAIRS);
        let deferring = !review;
        if split.learned > 0 && n >= 4 * PAIRS && far && !(deferring && self.pairs_to_proofs) {
            block.pairs = PAIRS;
            let values = &g.early[BLOCK_HEAPS..=PAIRS];
            let positions = &self.pair_pos[..values.len()];
            for &k in &rules.split2 {
                let m0 = n - k - origin;
                rows.scatter(width, (positions, values), recent, m0, generation);
            }
        }
        block.checked = split.learned > 0 && !near;
        block.far = far_part;
        block.mid = mid_part;
        if block.checked {
            block.guesses(&self.rare_bits, guess::GUESSES);
            for &k in &rules.split2 {
                let m0 = n.saturating_sub(k);
                let end = below(&split.b_pos, m0);
                let (pos, val) = (&split.b_pos[..end], &split.b_val[..end]);
                guess::check::<{ guess::GUESSES }>(
                    &mut block.hit,
                    &block.guess,
                    pos,
                    val,
                    recent,
                    m0 - origin,
                );
            }
        }
        true
    }

    /// Forgets the block in progress, so the next value starts a new one (its marks may
    /// come from values that were replaced).
    pub fn restart_block(&mut self) {
        self.block.end = 0;
    }

    /// Makes `rare_bits` cover the values below `len` (a multiple of 64).
    #[inline(always)]
    fn cover_rare_bits(&mut self, len: usize) {
        if self.rare_bits.len() * 64 < len {
            self.grow_rare_bits(len);
        }
    }

    #[cold]
    fn grow_rare_bits(&mut self, len: usize) {
        let mask = self.mask;
        self.rare_bits = (0..len / 64)
            .map(|w| {
                (0..64).fold(0, |bits, i| {
                    bits | u64::from(is_rare(64 * w + i, mask)) << i
                })
            })
            .collect();
    }

    /// Marks part B in full in heap n's row (its candidate passed its guesses).
    fn mark_part_b(&mut self, rules: &Rules, g: Values, n: usize) {
        let block = &mut self.block;
        let j = n - block.start;
        for &k in &rules.split2 {
            let m0 = block.start.saturating_sub(k);
            let split = &self.split;
            let end = split.b_pos.partition_point(|&r| (r as usize) < m0);
            for (&r, &v) in split.b_pos[..end].iter().zip(&split.b_val) {
                let x = usize::from(v ^ g.recent[m0 - g.origin - r as usize + j]);
                block.mark(j, x);
            }
        }
        block.bound[j % BLOCK_HEAPS] = usize::MAX;
    }

    #[inline(always)]
    fn compute(
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
        mark_takes(rules, n, g.recent, marks);
        for (i, &k) in rules.split2.iter().enumerate() {
            if n >= k + 2 {
                let m = n - k;
                let (pos, val) = (&self.rare_pos, &self.rare_val);
                if self.block.active {
                    let low = match m >= BLOCK_HEAPS {
                        true => self.block.low,
                        false => pos.partition_point(|&r| (r as usize) < m),
                    };
                    marks.mark_partners(&pos[..low], &val[..low], g.until(m));
                    // The rare positions from max(start - k, BLOCK_HEAPS) on: few, and
                    // those found since the block started among them.
                    let from = self.block.from[i];
                    let to = from
                        + pos[from..]
                            .iter()
                            .take_while(|&&r| (r as usize) < m)
                            .count();
                    if from < to {
                        marks.mark_partners(&pos[from..to], &val[from..to], g.until(m));
                    }
                } else {
                    let count = pos.partition_point(|&r| (r as usize) < m);
                    marks.mark_partners(&pos[..count], &val[..count], g.until(m));
                }
            }
        }
        self.cover_rare_bits(marks.len());
        let candidate = loop {
            let block = &self.block;
            // Values lie below marks.len() / 2; the least common value at or above that
            // lies below marks.len(), as the mask has a bit below it. 64 values at a time:
            // the missing rare values below the candidate are the set bits of
            // `rare & !seen`.
            let mut candidate = marks.len();
            self.missing_bits.clear();
            for from in (0..marks.len()).step_by(64) {
                let seen = marks.bits(from) | block.bits(n, from) | block.hits(n, from);
                let rare = self.rare_bits[(from / 64) % self.rare_bits.len()];
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
            let deferrable = n < known
                || rules
                    .split2
                    .iter()
                    .all(|&k| n < k + 2 || (n - k - start < known && (n - k) / 2 < known));
            return match deferrable {
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

    /// The rare values missing after a [`Next::Proof`], as bits: bit i of word w is
    /// 64 w + i.
    pub fn missing_bits(&self) -> &[u64] {
        &self.missing_bits
    }

    /// The rare values still missing after a [`Next::FarScan`], ascending.
    pub fn missing_mut(&mut self) -> &mut Vec<usize> {
        &mut self.missing
    }

    /// The value once every pair is scanned: the least rare value still missing, if any,
    /// else the candidate.
    pub fn finish(&self, candidate: usize) -> usize {
        self.missing.first().copied().unwrap_or(candidate)
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

    /// Records G(n) = `value` (n >= 0 the heap size just computed).
    pub fn push(&mut self, n: usize, v: u16) {
        if n == 0 || !self.is_rare(usize::from(v)) {
            return;
        }
        let Ok(position) = u32::try_from(n) else {
            self.overflow = true;
            return;
        };
        self.rare_pos.push(position);
        self.rare_val.push(v);
    }
}

/// In the tests that run the sparse method heap by heap against the direct method: records
/// G(n) = `value` in the values `g`, their `tally` and `sparse`, and makes every mark table
/// of `marks` cover it.
#[cfg(test)]
fn record_for_test(
    (g, tally, sparse): (&mut Vec<u16>, &mut super::stats::Tally, &mut Sparse),
    marks: [&mut Marks; 2],
    n: usize,
    value: usize,
) {
    g.push(value as u16);
    tally.push(value as u16);
    sparse.push(n, value as u16);
    for m in marks {
        if 2 * value + 2 > m.len() {
            m.cover(2 * (value + 1).next_power_of_two());
        }
    }
}
