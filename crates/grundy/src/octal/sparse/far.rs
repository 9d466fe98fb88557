//! The far part of the block pass, computed on other threads ahead of the candidates.
//!
//! For a block of heaps starting at s, a rare position r >= [`FAR`] reads the partners
//! G(s - k - r ..), all below s - [`FAR`] + [`BLOCK_HEAPS`]: known (as candidates) while
//! the thread computing candidates is still up to `FAR - BLOCK_HEAPS` heaps behind s. So
//! the far positions (Officers: 1,384 of 1,584 at `FAR` = 1024) are passed by the rayon
//! pool ahead of time, block by block ([`FarLists::pass`]), and the thread computing
//! candidates only marks the near ones (`BLOCK_HEAPS <= r < FAR`) in full.
//!
//! The far pass splits its positions like the block pass (`guess`): part A is marked,
//! part B compared only with each heap's eight least common values left unmarked by part
//! A (the guesses). Its answer per heap is the set of values part A marks and part B hits,
//! exact up to the last guess (`bound`). A candidate above a heap's bound, once the near
//! marks are added, may be an option that part B gives: that heap marks part B in full
//! ([`FarLists::mark_b`]). Either way the candidate is the exact least common value not
//! an option, as on one thread.

use std::sync::Arc;

use super::super::direct::Rules;
use super::block::{
    below, Block, FarBlock, Guesses, Parts, Rows, Tier, BLOCK_HEAPS, MAX_GUESSES, OPEN,
};
use super::guess::{self, Split};

/// Rare positions at or past this are passed ahead of the candidates. Tests pass from a
/// shorter distance, so that the short runs they compare with one thread use it.
/// Guesses per heap: three times the block pass's, as the near marks, added after them,
/// often take the first (0.03 % of Officers' heaps then mark part B in full, 137 of the
/// 506,213 to 2^19 on 16 threads, against 0.5 % with eight and 8.4 % with four: each
/// costs the candidates' thread some 13,000 instructions).
const GUESSES: usize = MAX_GUESSES;

#[cfg(not(test))]
pub(in crate::octal) const FAR: usize = 1024;
#[cfg(test)]
pub(in crate::octal) const FAR: usize = 128;

/// Rare positions from this up to [`FAR`] (the middle ones) are passed ahead too, later
/// and in full (no guesses): their partners are known `MID - BLOCK_HEAPS` heaps ahead.
#[cfg(not(test))]
pub(in crate::octal) const MID: usize = 256;
#[cfg(test)]
pub(in crate::octal) const MID: usize = 48;

/// What far lists are made from: a sparse state's mask, rare list and its split.
#[derive(Clone, Copy)]
pub(super) struct RareList<'a> {
    pub mask: usize,
    /// The rare positions, ascending, and their values.
    pub pos: &'a [u32],
    pub val: &'a [u16],
    /// Bit i of `bits[w]`: 64 w + i is rare under the mask.
    pub bits: &'a [u64],
    pub split: &'a Split,
    pub avx2: bool,
}

/// The rare positions a pass covers ([`Tier`]): at or past [`FAR`], split into the marked
/// and the compared, or the middle ones, all marked; with what a pass needs besides the
/// values.
#[derive(Debug)]
pub(in crate::octal) struct FarLists {
    a_pos: Vec<u32>,
    a_val: Vec<u16>,
    b_pos: Vec<u32>,
    b_val: Vec<u16>,
    /// The takes that leave two heaps.
    split2: Vec<usize>,
    /// Bit i of `rare_bits[w]`: 64 w + i is rare.
    rare_bits: Vec<u64>,
    /// The row length of the blocks passed.
    width: usize,
    avx2: bool,
    tier: Tier,
    /// The mask and the length of the rare list the lists were made from: a block uses
    /// a far part only while they are unchanged.
    mask: usize,
    rare: usize,
}

/// A far pass's working space (a block's mark table), kept between passes, and the spent
/// parts its passes refill.
#[derive(Debug, Default)]
pub(in crate::octal) struct Scratch(Block, Parts);

impl Scratch {
    /// Parts to refill (see `Sparse::recycle`) before new ones are allocated.
    pub fn give(&mut self, spare: Parts) {
        self.1.extend(spare);
    }
}

impl FarLists {
    /// The far lists of a rare list for rows of `width` values, or `None` when it
    /// is not split (the far pass pays only for long lists).
    pub(super) fn new(rare: RareList, rules: &Rules, width: usize) -> Option<Arc<FarLists>> {
        let split = rare.split;
        if split.learned == 0 || !width.is_multiple_of(64) {
            return None;
        }
        let far = |pos: &[u32]| below(pos, FAR);
        let (mut a_pos, mut a_val): (Vec<u32>, Vec<u16>) = {
            let from = far(&split.a_pos);
            (split.a_pos[from..].to_vec(), split.a_val[from..].to_vec())
        };
        // The rare positions found after the split was learned are marked, like part A.
        let later = split.learned..rare.pos.len();
        let later = (&rare.pos[later.clone()], &rare.val[later]);
        for (&r, &v) in later.0.iter().zip(later.1) {
            if r as usize >= FAR {
                let at = below(&a_pos, r as usize);
                a_pos.insert(at, r);
                a_val.insert(at, v);
            }
        }
        let from = far(&split.b_pos);
        let mut rare_bits = rare.bits.to_vec();
        if rare_bits.len() * 64 < width {
            return None;
        }
        rare_bits.truncate(width / 64);
        Some(Arc::new(FarLists {
            a_pos,
            a_val,
            b_pos: split.b_pos[from..].to_vec(),
            b_val: split.b_val[from..].to_vec(),
            split2: rules.split2.clone(),
            rare_bits,
            width,
            avx2: rare.avx2,
            tier: Tier::Far,
            mask: rare.mask,
            rare: rare.pos.len(),
        }))
    }

    /// The middle lists of `rare` (its rare positions from [`MID`] up to [`FAR`], all
    /// marked), made with its far lists `far`.
    pub(super) fn mid(rare: RareList, far: &FarLists) -> Arc<FarLists> {
        let at = |bound: usize| below(rare.pos, bound);
        let range = at(MID)..at(FAR);
        Arc::new(FarLists {
            a_pos: rare.pos[range.clone()].to_vec(),
            a_val: rare.val[range].to_vec(),
            b_pos: Vec::new(),
            b_val: Vec::new(),
            split2: far.split2.clone(),
            rare_bits: Vec::new(),
            tier: Tier::Mid,
            ..*far
        })
    }

    /// Whether these lists still hold every far rare position of `rare`, whose blocks
    /// have rows of `width` values.
    pub(super) fn fit(&self, rare: RareList, width: usize) -> bool {
        self.mask == rare.mask && self.rare == rare.pos.len() && self.width == width
    }

    /// The far pass of the block of heaps from `start`, on the values G(origin ..) =
    /// `recent`, which must hold every partner: from G(start - k - r) for the largest take
    /// k and rare position r below start - k, up to G(start - FAR + BLOCK_HEAPS - 1).
    /// A middle pass given the block's far part's `guesses` also finds its open values.
    pub fn pass(
        &self,
        (recent, origin): (&[u16], usize),
        start: usize,
        guesses: Option<&Guesses>,
        scratch: &mut Scratch,
    ) -> Box<FarBlock> {
        let mut part = scratch.1.pop().unwrap_or_else(|| {
            Box::new(FarBlock {
                tier: self.tier,
                start,
                width: self.width,
                bits: Vec::new(),
                bound: [0; BLOCK_HEAPS],
                guess: [[u16::MAX; BLOCK_HEAPS]; MAX_GUESSES],
                open: [[u16::MAX; BLOCK_HEAPS]; OPEN],
                opened: false,
            })
        });
        match self.avx2 {
            // SAFETY: `avx2` is set only when the CPU reports AVX2 (see `Sparse::new`).
            #[cfg(target_arch = "x86_64")]
            true => unsafe { self.pass_avx2(recent, origin, start, &mut scratch.0, &mut part) },
            _ => self.pass_in(recent, origin, start, &mut scratch.0, &mut part),
        }
        part.opened = false;
        if let Some(guesses) = guesses {
            part.open_among(guesses);
        }
        part
    }

    /// [`FarLists::pass_in`] compiled for AVX2.
    ///
    /// # Safety
    ///
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn pass_avx2(
        &self,
        recent: &[u16],
        origin: usize,
        start: usize,
        block: &mut Block,
        part: &mut FarBlock,
    ) {
        self.pass_in(recent, origin, start, block, part)
    }

    #[inline(always)]
    fn pass_in(
        &self,
        recent: &[u16],
        origin: usize,
        start: usize,
        block: &mut Block,
        part: &mut FarBlock,
    ) {
        (part.tier, part.start, part.width) = (self.tier, start, self.width);
        block.begin(start, self.width, self.avx2);
        let generation = block.generation;
        let mut rows = Rows {
            table: &mut block.table[..],
            bits: &mut block.bit_rows,
        };
        for &k in &self.split2 {
            let Some(m0) = start.checked_sub(k) else {
                continue;
            };
            let end = below(&self.a_pos, m0);
            let part_a = (&self.a_pos[..end], &self.a_val[..end]);
            rows.scatter(self.width, part_a, recent, m0 - origin, generation);
        }
        let words = self.width / 64;
        let bits = &mut part.bits;
        bits.clear();
        bits.reserve(BLOCK_HEAPS * words);
        if self.tier == Tier::Mid {
            // Every position marked: exact at any value.
            for n in start..start + BLOCK_HEAPS {
                bits.extend((0..words).map(|w| block.bits(n, 64 * w)));
            }
            part.bound = [usize::MAX; BLOCK_HEAPS];
            return;
        }
        block.checked = true;
        block.guesses(&self.rare_bits, GUESSES);
        for &k in &self.split2 {
            let Some(m0) = start.checked_sub(k) else {
                continue;
            };
            let end = below(&self.b_pos, m0);
            let (pos, val) = (&self.b_pos[..end], &self.b_val[..end]);
            guess::check::<GUESSES>(&mut block.hit, &block.guess, pos, val, recent, m0 - origin);
        }
        for (j, n) in (start..start + BLOCK_HEAPS).enumerate() {
            let row = bits.len();
            bits.extend((0..words).map(|w| block.bits(n, 64 * w)));
            // The guesses part B hits, each set once (not looked up word by word).
            for guess in block.hit_guesses(j) {
                let value = usize::from(guess);
                if value < self.width {
                    bits[row + value / 64] |= 1 << (value % 64);
                }
            }
        }
        part.bound = block.bound;
        // The guesses part B does not hit, ascending.
        for j in 0..BLOCK_HEAPS {
            let mut kept = 0;
            for (guess, hit) in block.guess.iter().zip(&block.hit).take(block.guessed) {
                if guess[j] != u16::MAX && hit[j] == 0 {
                    part.guess[kept][j] = guess[j];
                    kept += 1;
                }
            }
            for guess in &mut part.guess[kept..] {
                guess[j] = u16::MAX;
            }
        }
    }

    /// Marks part B in full in row `j` of `block` (heap `block.start + j`), whose partners
    /// are read from G(origin ..) = `recent`.
    pub(super) fn mark_b(&self, block: &mut Block, j: usize, recent: &[u16], origin: usize) {
        for &k in &self.split2 {
            let Some(m0) = block.start.checked_sub(k) else {
                continue;
            };
            let end = below(&self.b_pos, m0);
            for (&r, &v) in self.b_pos[..end].iter().zip(&self.b_val) {
                block.mark(j, usize::from(v ^ recent[m0 - origin - r as usize + j]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Next, Sparse};
    use super::*;
    use crate::octal::direct::{self, Marks};
    use crate::octal::store::Values;

    /// Blocks with their far part, and every other one with its middle part, passed
    /// separately (here on the same thread, from the values so far) against the direct
    /// method, with and without AVX2: the same values, with heaps that marked part B in
    /// full among them.
    #[test]
    fn far_parts_agree_with_the_direct_method() {
        let (mut used, mut with_mid, mut fallbacks) = (0, 0, 0);
        let (mut opened, mut from_pool) = (0, 0);
        for code in ["0.6", "0.16", "0.56", "0.106", "0.376", "4.37", "0.007"] {
            for avx2 in [false, true] {
                let game = code.parse().unwrap();
                let rules = Rules::new(&game);
                let mut g = Vec::new();
                let mut tally = crate::octal::stats::Tally::default();
                let mut sparse = Sparse::new(&g, &tally.counts);
                sparse.avx2 &= avx2;
                sparse.block.avx2 = sparse.avx2;
                let (mut marks, mut direct_marks) = (Marks::new(), Marks::new());
                let mut scratch = Scratch::default();
                for n in 0..4000 {
                    if sparse.starts_block(n) && n >= FAR {
                        let lists = sparse.far_lists(&rules, sparse.block_width(marks.len()));
                        if let Some(lists) = lists {
                            let mid = sparse.mid_lists(&lists);
                            let far_part = lists.pass((&g, 0), n, None, &mut scratch);
                            // Every fourth block's middle part finds its open values (as on
                            // the pool), the others' are found by the block.
                            let guesses = (n / BLOCK_HEAPS % 4 == 2).then(|| *far_part.guesses());
                            let mid_part = mid.pass((&g, 0), n, guesses.as_ref(), &mut scratch);
                            sparse.use_far(Some((lists, mid)));
                            sparse.offer_far(far_part);
                            // Every other block without its middle part (not arrived).
                            if (n / BLOCK_HEAPS).is_multiple_of(2) {
                                sparse.offer_far(mid_part);
                            }
                        }
                    }
                    let next = sparse.next_value(
                        &rules,
                        Values::full(&g),
                        &tally.counts,
                        &mut marks,
                        None,
                    );
                    let Next::Value(value) = next else {
                        panic!("{code}: G({n}) with every value kept: {next:?}");
                    };
                    if n == sparse.block.start {
                        used += usize::from(sparse.block.far.is_some());
                        opened += usize::from(sparse.block.opened);
                        with_mid += usize::from(sparse.block.with_mid);
                    }
                    assert_eq!(
                        value,
                        direct::next_value(&rules, &g, &mut direct_marks),
                        "{code}: G({n})"
                    );
                    let state = (&mut g, &mut tally, &mut sparse);
                    super::super::record_for_test(state, [&mut marks, &mut direct_marks], n, value);
                }
                fallbacks += sparse.far_fallbacks();
                from_pool += sparse.open_from_pool();
            }
        }
        assert!(used > 1000, "{used} blocks with a far part");
        assert!(
            with_mid > 400 && used - with_mid > 400,
            "{with_mid} of {used} with a middle part"
        );
        assert!(fallbacks > 10, "{fallbacks} heaps marked part B in full");
        assert!(
            opened > 100 && from_pool > 20,
            "{opened} blocks with open values, {from_pool} of them from the middle part"
        );
    }
}
