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
//! pairs (a, m - a) for 16 <= a <= 256, so step 3 starts after them. On five threads or
//! more, the marks of the rare positions from 256 on are made ahead by other threads
//! (`far`), and the block only compares those below with the few common values the far
//! marks leave open (`open`), for all 16 heaps of a block at once (`lanes`).

use super::direct::{Marks, Rules};
use super::store::Values;

#[cfg(target_arch = "x86_64")]
mod avx2;
mod block;
mod candidate;
mod far;
mod guess;
mod lanes;
mod open;
mod proof;
mod start;
mod state;

pub(super) use block::{FarBlock, Guesses, Parts, Tier};
pub(super) use candidate::drop_found;
pub(super) use far::{FarLists, Scratch as FarScratch, FAR, MID};
pub(super) use lanes::Lanes;
pub(super) use proof::{bitset_fits, pack_bits, prove_with, unpack_bits};
pub(super) use state::{Next, Sparse};

impl Sparse {
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
        self.next_value_inline(rules, g, counts, marks, defer)
    }

    /// [`Sparse::next_value_inline`] compiled for AVX2: the pair scans vectorise twice as wide.
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
        self.next_value_inline(rules, g, counts, marks, defer)
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
