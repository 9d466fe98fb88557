//! The start of a block of heaps: the mask review when due, then the block's partner
//! marks (step 1 for 16 heaps at once), from the far and middle parts passed ahead where
//! they fit, else from the whole rare list and its split.

use std::sync::Arc;

use super::super::direct::Rules;
use super::super::store::Values;
use super::block::{below, FarBlock, Rows, BLOCK_HEAPS, PAIRS};
use super::far::{self, FarLists};
use super::guess;
use super::state::Sparse;

impl Sparse {
    /// Starts the block of heaps from n = g.len(): reviews the mask if due (only here, so
    /// a block's marks always follow the current mask) and makes the block's partner marks.
    /// Does nothing and returns false when a review is due and `review` is false.
    #[inline(always)]
    pub(super) fn start_block(
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
        let far_fits = far_next
            .as_ref()
            .is_some_and(|far| usable(far, &self.far_lists));
        let mid_fits = far_fits
            && mid_next
                .as_ref()
                .is_some_and(|mid| usable(mid, &self.mid_lists));
        // The parts of the last block, and those refused, go back to the passes.
        let spent = self.block.far.take();
        let (mut far_part, mid_part) = match (far_fits, mid_fits) {
            (true, true) => (far_next, mid_next),
            (true, false) => {
                self.spent.extend(mid_next);
                (far_next, None)
            }
            _ => {
                self.spent.extend(far_next.into_iter().chain(mid_next));
                (None, None)
            }
        };
        self.spent.extend(spent);
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
            (block.opened, block.near_left) = (false, false);
            block.end = n + 1;
            return true;
        }
        block.begin(n, width, self.avx2);
        block.low = below(&self.rare_pos, BLOCK_HEAPS);
        block.low_lanes(&self.rare_pos[..block.low], &self.rare_val[..block.low]);
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
        // The pairs (a, m - a) for 16 <= a <= PAIRS: marked like rare positions, so the
        // candidate scan already sees the rare values they give. Only with a split (long)
        // rare list: with a short one the rare values are mostly found without a scan
        // (0.16: 10 % slower with the pairs).
        let far = rules.split2.iter().all(|&k| n >= k + 4 * PAIRS);
        let deferring = !review;
        let split = &self.split;
        block.pairs = match split.learned > 0 && n >= 4 * PAIRS && far {
            true if !(deferring && self.pairs_to_proofs) => PAIRS,
            _ => 0,
        };
        // The middle part's marks join the far part's (same rows): the candidate scan
        // then reads one word less for each 64 values. With both, and no pairs, the near
        // positions' marks are only compared with the values they leave open (see `open`).
        if let (Some(far), Some(mid)) = (&mut far_part, mid_part) {
            for (word, &marked) in far.bits.iter_mut().zip(&mid.bits) {
                *word |= marked;
            }
            block.with_mid = true;
            if block.pairs == 0 {
                block.open(far, &mid);
                self.open_from_pool += u64::from(mid.opened);
            }
            self.spent.push(mid);
        }
        // Partners are read relative to the window (heap size origin + i at i).
        let (recent, origin) = (g.recent, g.origin);
        let near = far_part.is_some();
        block.checked = split.learned > 0 && !near;
        block.far = far_part;
        if near {
            (block.near_left, block.near_end) = (true, near_end);
            let rare = (&self.rare_pos[..], &self.rare_val[..]);
            match block.opened {
                true => block.hit_open(rules, rare, g),
                false => block.mark_near(rules, rare, g),
            }
        }
        let mut rows = Rows {
            table: &mut block.table[..],
            bits: &mut block.bit_rows,
        };
        // Without a far part the block marks every rare position itself (with a split,
        // part A and those found since). A take k >= n leaves no partner inside the
        // block's reach (m0 = 0): the heap-by-heap pass has all of its rare positions.
        if !near {
            for &k in &rules.split2 {
                let m0 = n.saturating_sub(k);
                let lo = below(&self.rare_pos, BLOCK_HEAPS);
                let hi = below(&self.rare_pos, m0);
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
        }
        if block.pairs > 0 {
            let values = &g.early[BLOCK_HEAPS..=PAIRS];
            let positions = &self.pair_pos[..values.len()];
            for &k in &rules.split2 {
                let m0 = n - k - origin;
                rows.scatter(width, (positions, values), recent, m0, generation);
            }
        }
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
}
