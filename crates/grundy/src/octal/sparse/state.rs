//! The state of the sparse method between heaps: the mask, the rare list and its split,
//! the block in progress and the far parts handed to it; what the other `impl Sparse`
//! files (`start`, `candidate`) and the sequence read and update.

use std::sync::Arc;

use super::super::direct::Rules;
use super::super::stats::{best_mask, is_rare};
use super::super::store::Values;
use super::block::{Block, FarBlock, Parts, Tier, BLOCK_HEAPS, PAIRS};
use super::far::{FarLists, RareList};
use super::guess::Split;

/// What [`Sparse::next_value`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::octal) enum Next {
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
    /// a >= `start` ([`prove`](super::proof::prove)), which read only values below the `known` bound.
    /// The rare values are given as bits ([`Sparse::missing_bits`]); from
    /// [`Sparse::next_open`] (and [`Sparse::open_words`], for the heaps of the lanes)
    /// they also hold the candidate's word whole and the takes, which the proof drops first
    /// (`drop_found`).
    Proof { candidate: usize, start: usize },
    /// Asked to defer, but this heap cannot be: its proof would read values at or past
    /// the bound, or the mask is due for a review. Compute it with every value at hand.
    Sequential,
}

#[derive(Clone, Debug)]
pub(in crate::octal) struct Sparse {
    pub(super) mask: usize,
    /// Heap sizes n >= 1 with a rare value, ascending, and those values.
    pub(super) rare_pos: Vec<u32>,
    pub(super) rare_val: Vec<u16>,
    pub(super) next_review: usize,
    pub(super) rare_at_review: usize,
    pub(super) missing: Vec<usize>,
    /// The same as bits (bit i of word w: 64 w + i), up to the candidate's word; the list
    /// is made from them only when this thread scans the pairs itself.
    pub(super) missing_bits: Vec<u64>,
    /// Bit i of `rare_bits[w]`: 64 w + i is rare under the mask.
    pub(super) rare_bits: Vec<u64>,
    pub(super) block: Block,
    pub(super) split: Split,
    /// BLOCK_HEAPS ..= PAIRS, the "positions" of the block's pairs.
    pub(super) pair_pos: Vec<u32>,
    /// The CPU supports AVX2 (x86-64 only).
    pub(super) avx2: bool,
    /// The review before a window first drops values is done.
    pub(super) closed: bool,
    /// See [`Sparse::leave_pairs_to_proofs`].
    pub(super) pairs_to_proofs: bool,
    /// The far lists while blocks' far parts are passed ahead (see `far`), the far part of
    /// the next block, and how many heaps marked the far part B in full.
    pub(super) far_lists: Option<Arc<FarLists>>,
    pub(super) far_next: Option<Box<FarBlock>>,
    pub(super) far_fallbacks: u64,
    /// Blocks whose open values came with their middle part (see `open`).
    pub(super) open_from_pool: u64,
    /// The same for the middle rare positions (used only with a far part).
    pub(super) mid_lists: Option<Arc<FarLists>>,
    pub(super) mid_next: Option<Box<FarBlock>>,
    /// Far and middle parts used or refused, kept for [`Sparse::recycle`].
    pub(super) spent: Parts,
    /// A rare position past `u32::MAX` appeared (only possible in a window, where far scans
    /// go on past 2^32): the rare list cannot hold it, so no further value is computed.
    pub(super) overflow: bool,
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
            open_from_pool: 0,
            mid_lists: None,
            mid_next: None,
            spent: Vec::new(),
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
    pub(super) fn rare_list(&self) -> RareList<'_> {
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
    pub fn offer_far(&mut self, part: Box<FarBlock>) {
        match part.tier() {
            Tier::Far => self.far_next = Some(part),
            Tier::Mid => self.mid_next = Some(part),
        }
    }

    /// Moves the far and middle parts that blocks are done with to `spare`, so that the
    /// passes refill them instead of allocating new ones (and the thread that computes
    /// candidates frees none of theirs).
    pub fn recycle(&mut self, spare: &mut Parts) {
        spare.append(&mut self.spent);
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

    /// How many blocks found their open values made on the pool, with their middle part.
    pub fn open_from_pool(&self) -> u64 {
        self.open_from_pool
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
    pub(super) fn review(&mut self, g: Values, counts: &[u64]) {
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

    /// Forgets the block in progress, so the next value starts a new one (its marks may
    /// come from values that were replaced).
    pub fn restart_block(&mut self) {
        self.block.end = 0;
    }

    /// Makes `rare_bits` cover the values below `len` (a multiple of 64).
    #[inline(always)]
    pub(super) fn cover_rare_bits(&mut self, len: usize) {
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
