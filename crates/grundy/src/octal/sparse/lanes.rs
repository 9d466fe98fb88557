//! The candidates of a block with open values, its heaps as lanes of one vector.
//!
//! In a block with open values (see `open`), heap n's candidate is the first of its open
//! values that no option hits, and the options left to each heap are few: its takes and
//! its splits with the rare positions below BLOCK_HEAPS. Those read the values just before
//! n, inside the block, so heap by heap each waits for the last. Here the heaps of the
//! block are the lanes of 16-value vectors: each lane gets a guess, then every lane finds
//! its candidate from the guesses before it, a few vector compares for all of them. Lane j
//! reads only lanes below j, so the lanes up to the first whose guess differs from what it
//! found read exact values: their guesses are their candidates, and the first wrong lane
//! found its own. The guesses after it take what they found, and the pass repeats, each
//! time one lane further at least (a few passes for a block, in practice).

use super::super::direct::Rules;
use super::super::store::Values;
use super::block::{BLOCK_HEAPS, OPEN};
use super::guess;
use super::state::Sparse;

/// The values before the block that a lane may read: its takes and its splits with the
/// rare positions below BLOCK_HEAPS reach this far back at most (else the heaps go one by
/// one).
const BEHIND: usize = 64;

/// One value per heap of a block.
pub(in crate::octal) type Lanes = [u16; BLOCK_HEAPS];

impl Sparse {
    /// The candidates of the heaps from n = g.len() on in a block with open values, as
    /// [`Sparse::open_choice`] finds them heap by heap: `out[..count]` for the heaps
    /// `n .. n + count`, `count <= limit`, up to the block's end or the first heap whose
    /// open values give no candidate. 0 where the heap must go by [`Sparse::next_open`]
    /// or `next_value`: no open values, a take or a rare position found since the block
    /// started that reaches into it, or partners past [`BEHIND`].
    #[inline(always)]
    pub(in crate::octal) fn open_lanes(
        &self,
        rules: &Rules,
        g: Values,
        limit: usize,
        out: &mut Lanes,
    ) -> usize {
        let n = g.len();
        let block = &self.block;
        if !block.opened || n >= block.end || self.overflow || limit == 0 {
            return 0;
        }
        if g.origin > 0 && self.reach(rules) > g.recent.len() {
            return 0;
        }
        let start = block.start;
        let deepest = (rules.single.iter().copied())
            .chain(rules.split2.iter().map(|&k| k + BLOCK_HEAPS))
            .max()
            .unwrap_or(0);
        let last = start + BLOCK_HEAPS - 1;
        let whole_inside = rules.whole.iter().any(|&k| k >= start && k <= last);
        if deepest > BEHIND || start <= g.origin + BEHIND || whole_inside {
            return 0;
        }
        // A rare position found since the block started, below some lane's m = n - k.
        let late = (rules.split2.iter().zip(&block.from)).any(|(&k, &from)| {
            self.rare_pos
                .get(from)
                .is_some_and(|&r| r as usize + k < last)
        });
        if late {
            return 0;
        }
        let low = (&self.rare_pos[..block.low], &self.rare_val[..block.low]);
        let first = n - start;
        let end = BLOCK_HEAPS.min(first + limit);
        // The values before the block, then the block's: exact below `first`, guessed after.
        let mut values = [0u16; BEHIND + BLOCK_HEAPS];
        let base = start - g.origin;
        values[..BEHIND + first].copy_from_slice(&g.recent[base - BEHIND..base + first]);
        let open = &block.open;
        let mut hit_before = [[0u16; BLOCK_HEAPS]; OPEN];
        for (lanes, hits) in hit_before.iter_mut().zip(&block.open_hit) {
            for (lane, &hit) in lanes.iter_mut().zip(hits) {
                *lane = if hit != 0 { u16::MAX } else { 0 };
            }
        }
        let mut guess = pick(open, &hit_before);
        let mut exact = first;
        loop {
            values[BEHIND + first..].copy_from_slice(&guess[first..]);
            let mut hit = hit_before;
            // A take k reads the value k before (as a rare position k of value 0 would);
            // a split's rare position r below 16 the value k + r before.
            for &k in &rules.single {
                guess::check::<OPEN>(&mut hit, open, &[k as u32], &[0], &values, BEHIND);
            }
            for &k in &rules.split2 {
                guess::check::<OPEN>(&mut hit, open, low.0, low.1, &values, BEHIND - k);
            }
            let found = pick(open, &hit);
            // Lanes `exact ..` whose guess was not what they found (or who found none).
            let wrong = (0..BLOCK_HEAPS).fold(0u32, |bits, j| {
                let differs = found[j] != guess[j] || found[j] == u16::MAX;
                bits | u32::from(differs) << j
            }) >> exact
                << exact;
            let lane = (wrong.trailing_zeros() as usize).min(BLOCK_HEAPS);
            if lane >= end || found[lane] == u16::MAX {
                let count = lane.min(end) - first;
                out[..count].copy_from_slice(&guess[first..first + count]);
                return count;
            }
            // Every lane below `lane` is exact, so it found its own candidate too.
            guess[lane..].copy_from_slice(&found[lane..]);
            exact = lane + 1;
        }
    }
}

#[cfg(test)]
impl Sparse {
    /// Checks the candidates `found` of [`Sparse::open_lanes`] for the heaps from n on
    /// against [`Sparse::open_choice`], heap by heap, on the values `g` that now hold them
    /// (every run in batches of the tests makes this check).
    pub(in crate::octal) fn check_lanes(&self, rules: &Rules, g: Values, n: usize, found: &[u16]) {
        for (n, &value) in (n..).zip(found) {
            let g = Values {
                recent: &g.recent[..n - g.origin],
                ..g
            };
            let heap_by_heap = self.open_choice(rules, g);
            assert_eq!(heap_by_heap, Some(usize::from(value)), "heap {n}");
        }
    }
}

/// Each lane's first open value not hit (u16::MAX where every one is, or there are fewer).
#[inline(always)]
fn pick(open: &[Lanes; OPEN], hit: &[Lanes; OPEN]) -> Lanes {
    let mut chosen = [u16::MAX; BLOCK_HEAPS];
    for (values, hits) in open.iter().zip(hit).rev() {
        for j in 0..BLOCK_HEAPS {
            chosen[j] = (values[j] & !hits[j]) | (chosen[j] & hits[j]);
        }
    }
    chosen
}
