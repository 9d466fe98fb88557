//! The block pass in two parts, for long rare lists (Officers: 1,583 rare positions).
//!
//! Part A marks the partners of the rare positions that most often give a heap's only
//! option of some common value below its candidate; the least common values left unmarked
//! by part A are then the candidate's few possible values, the *guesses* ([`GUESSES`] per
//! heap). Part B only compares the partners of the other rare positions with the guesses
//! (16 heaps per vector, no stores). The candidate is the least unmarked common value, as
//! before, with the guesses that part B hits counted as marked; a candidate above a heap's
//! last guess means part B may hold more of its options, and that heap falls back to
//! marking part B in full (rare: at half the list in part A, 0.3 % of Officers' heaps).
//!
//! Which positions are in part A only decides the speed. They are learned from recent
//! heaps: a rare position earns 1 / h^2 for each common value below the candidate that it
//! hits, h being how many rare positions hit that value (a value hit once depends on it).

use super::super::direct::Rules;
use super::super::stats::is_rare;
use super::super::store::Values;
use super::block::{below, BLOCK_HEAPS};

/// Guesses per heap in the block pass.
pub(super) const GUESSES: usize = 4;

/// Rare positions (at or above [`BLOCK_HEAPS`]) needed before the list is split.
/// Tests split from 8 on, so the short runs compared with the direct method use it.
#[cfg(not(test))]
const MIN_SPLIT: usize = 512;
#[cfg(test)]
const MIN_SPLIT: usize = 8;

/// Heaps between two learning passes, and heaps each pass learns from.
#[cfg(not(test))]
const LEARN_EVERY: usize = 1 << 16;
#[cfg(test)]
const LEARN_EVERY: usize = 200;
#[cfg(not(test))]
const LEARN_FROM: usize = 128;
#[cfg(test)]
const LEARN_FROM: usize = 16;

/// The split of the rare positions learned so far (none while `learned == 0`).
#[derive(Clone, Debug, Default)]
pub(super) struct Split {
    /// Part A and part B: rare positions (ascending) and their values.
    pub a_pos: Vec<u32>,
    pub a_val: Vec<u16>,
    pub b_pos: Vec<u32>,
    pub b_val: Vec<u16>,
    /// How many entries of the rare list the split covers; later ones are marked.
    pub learned: usize,
    next_learn: usize,
}

impl Split {
    /// Forgets the split (the rare list was rebuilt).
    pub fn clear(&mut self) {
        *self = Split::default();
    }

    /// Learns a new split at heap n = g.len() when due. `width` is a power of two above
    /// every XOR of two values.
    pub fn update(
        &mut self,
        rules: &Rules,
        g: Values,
        rare: (&[u32], &[u16]),
        mask: usize,
        width: usize,
    ) {
        let n = g.len();
        if n < self.next_learn {
            return;
        }
        self.next_learn = n + LEARN_EVERY;
        let (rare_pos, rare_val) = rare;
        let first = below(rare_pos, BLOCK_HEAPS);
        let count = rare_pos.len() - first;
        if count < MIN_SPLIT || n < 2 * LEARN_FROM {
            self.learned = 0;
            return;
        }
        let mut credit = vec![0f64; count];
        let mut hits = vec![0u32; width];
        for h in n - LEARN_FROM..n {
            hits.fill(0);
            let partners = |k: usize| {
                let m = h - k;
                let end = below(rare_pos, m);
                let high = g.until(m);
                (0..end).map(move |i| {
                    let partner = high[high.len() - rare_pos[i] as usize];
                    (i, usize::from(rare_val[i] ^ partner))
                })
            };
            for &k in rules.split2.iter().filter(|&&k| h >= k + 2) {
                for (_, x) in partners(k) {
                    hits[x % width] += 1;
                }
            }
            let candidate = (0..width)
                .find(|&x| !is_rare(x, mask) && hits[x] == 0)
                .unwrap_or(width);
            for &k in rules.split2.iter().filter(|&&k| h >= k + 2) {
                for (i, x) in partners(k) {
                    if i >= first && x < candidate && !is_rare(x, mask) {
                        credit[i - first] += 1.0 / f64::from(hits[x]).powi(2);
                    }
                }
            }
        }
        let mut order: Vec<usize> = (0..count).collect();
        order.sort_by(|&a, &b| credit[b].total_cmp(&credit[a]).then(a.cmp(&b)));
        let (a, b) = order.split_at(count * 9 / 20);
        let take = |part: &[usize]| {
            let mut part: Vec<usize> = part.iter().map(|&i| first + i).collect();
            part.sort_unstable();
            (
                part.iter().map(|&i| rare_pos[i]).collect::<Vec<_>>(),
                part.iter().map(|&i| rare_val[i]).collect::<Vec<_>>(),
            )
        };
        (self.a_pos, self.a_val) = take(a);
        (self.b_pos, self.b_val) = take(b);
        self.learned = rare_pos.len();
    }
}

/// Sets `hit[i][j]` to nonzero, for i < `G`, when some rare position r <= m0 of `positions`
/// (value v) has `v ^ g[m0 - r + j] == guess[i][j]`: 16 heaps at once, those of a block
/// (whose partners lie before it when every r >= [`BLOCK_HEAPS`]) or its lanes (`lanes`).
#[inline(always)]
pub(super) fn check<const G: usize>(
    hit: &mut [[u16; BLOCK_HEAPS]],
    guess: &[[u16; BLOCK_HEAPS]],
    positions: &[u32],
    values: &[u16],
    g: &[u16],
    m0: usize,
) {
    let hit: &mut [_; G] = (&mut hit[..G])
        .try_into()
        .unwrap_or_else(|_| unreachable!());
    let guess: &[_; G] = guess[..G].try_into().unwrap_or_else(|_| unreachable!());
    let mut acc = *hit;
    for (&r, &v) in positions.iter().zip(values) {
        let base = m0 - r as usize;
        let partners: &[u16; BLOCK_HEAPS] = g[base..base + BLOCK_HEAPS]
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        let mut xors = [0u16; BLOCK_HEAPS];
        for j in 0..BLOCK_HEAPS {
            xors[j] = partners[j] ^ v;
        }
        for (lanes, wanted) in acc.iter_mut().zip(guess) {
            for j in 0..BLOCK_HEAPS {
                lanes[j] |= if xors[j] == wanted[j] { u16::MAX } else { 0 };
            }
        }
    }
    *hit = acc;
}

#[cfg(test)]
mod tests {
    use super::super::Sparse;
    use super::*;
    use crate::octal::direct::{self, Marks};
    use crate::octal::sparse::block::MAX_GUESSES;

    /// The split block pass against the direct method, with and without AVX2, counting
    /// the blocks that used it and the heaps that fell back to marking part B.
    #[test]
    fn split_blocks_agree_with_the_direct_method() {
        let (mut checked, mut fallbacks, mut compared) = (0, 0, 0);
        for code in ["0.6", "0.16", "0.56", "0.106", "0.376", "4.37"] {
            for avx2 in [false, true] {
                let game = code.parse().unwrap();
                let rules = Rules::new(&game);
                let (mut g, mut reference) = (Vec::new(), Vec::new());
                let mut tally = crate::octal::stats::Tally::default();
                let mut sparse = Sparse::new(&g, &tally.counts);
                sparse.avx2 &= avx2;
                sparse.block.avx2 = sparse.avx2;
                let (mut marks, mut direct_marks) = (Marks::new(), Marks::new());
                for n in 0..3000 {
                    let next = sparse.next_value(
                        &rules,
                        Values::full(&g),
                        &tally.counts,
                        &mut marks,
                        None,
                    );
                    let super::super::Next::Value(value) = next else {
                        panic!("{code}: G({n}) with every value kept: {next:?}");
                    };
                    let expected = direct::next_value(&rules, &reference, &mut direct_marks);
                    assert_eq!(value, expected, "{code}: G({n})");
                    let block = &sparse.block;
                    if block.checked {
                        checked += 1;
                        let j = n - block.start;
                        fallbacks += usize::from(block.bound[j] == usize::MAX);
                    }
                    reference.push(value as u16);
                    let state = (&mut g, &mut tally, &mut sparse);
                    super::super::record_for_test(state, [&mut marks, &mut direct_marks], n, value);
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 6 * 2 * 3000);
        assert!(checked > 10_000, "{checked} heaps in split blocks");
        assert!(fallbacks > 100, "{fallbacks} fallbacks");
    }

    /// `check` against a plain comparison, on pseudo-random values and guesses.
    #[test]
    fn check_agrees_with_a_plain_comparison() {
        let mut rng = crate::testing::Rng(0x9e37_79b9_7f4a_7c15);
        let mut next = |bound: u64| rng.below(bound);
        let mut hits = 0;
        for _ in 0..200 {
            let g: Vec<u16> = (0..400).map(|_| next(16) as u16).collect();
            let mut positions: Vec<u32> = (0..20).map(|_| 16 + next(300) as u32).collect();
            positions.sort_unstable();
            let values: Vec<u16> = positions.iter().map(|_| next(16) as u16).collect();
            let mut guess = [[0u16; BLOCK_HEAPS]; MAX_GUESSES];
            for lanes in &mut guess {
                for lane in lanes.iter_mut() {
                    *lane = next(16) as u16;
                }
            }
            let m0 = 350;
            let mut hit = [[0u16; BLOCK_HEAPS]; MAX_GUESSES];
            check::<MAX_GUESSES>(&mut hit, &guess, &positions, &values, &g, m0);
            for i in 0..MAX_GUESSES {
                for j in 0..BLOCK_HEAPS {
                    let expected = positions
                        .iter()
                        .zip(&values)
                        .any(|(&r, &v)| v ^ g[m0 - r as usize + j] == guess[i][j]);
                    assert_eq!(hit[i][j] != 0, expected);
                    hits += usize::from(expected);
                }
            }
        }
        assert!(hits > 1000, "{hits}");
    }
}
