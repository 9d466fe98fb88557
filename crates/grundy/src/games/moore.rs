//! Moore's Nim_k: several heaps; a move takes tokens (any positive total) from at least one
//! and at most `k` heaps. Nim is Nim_1.
//!
//! Moore (1910): write the heaps in binary; the player to move loses exactly when, in every
//! bit position, the number of heaps with that bit set is divisible by `k + 1`.
//! [`MooreNim::winning_move`] builds a winning move bit by bit from the highest, as in Moore's proof.

use crate::model::{Game, Move};
use crate::value::Outcome;

/// Moore's Nim_k as a [`Game`]; a position lists the heaps.
///
/// # Examples
///
/// ```
/// use grundy::games::moore::MooreNim;
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
/// let game = MooreNim::new(2).unwrap();
/// let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
/// assert_eq!(search.value(&vec![1, 1, 1]).unwrap(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MooreNim {
    k: usize,
}

impl MooreNim {
    /// Nim_k; `None` when `k` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::games::moore::MooreNim::new(0).is_none());
    /// ```
    pub fn new(k: usize) -> Option<MooreNim> {
        (k >= 1).then_some(MooreNim { k })
    }

    /// The most heaps one move may touch.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The outcome for the player to move (Moore's rule).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::moore::MooreNim;
    /// use grundy::Outcome;
    /// let nim2 = MooreNim::new(2).unwrap();
    /// assert_eq!(nim2.outcome(&[6, 6, 6, 1, 1, 1]), Outcome::Loss);
    /// assert_eq!(nim2.outcome(&[5, 3]), Outcome::Win);
    /// ```
    pub fn outcome(&self, heaps: &[u64]) -> Outcome {
        let modulus = self.k as u64 + 1;
        let loss = (0..64).all(|bit| bit_count(heaps, bit).is_multiple_of(modulus));
        if loss {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }

    /// The count of heaps with each bit set, modulo `k + 1`, from the highest bit (the
    /// "why" of the outcome), for the bits up to the highest heap's.
    ///
    /// # Examples
    ///
    /// ```
    /// let nim2 = grundy::games::moore::MooreNim::new(2).unwrap();
    /// assert_eq!(nim2.bit_counts(&[5, 3, 6]), vec![(2, 2), (1, 2), (0, 2)]);
    /// ```
    pub fn bit_counts(&self, heaps: &[u64]) -> Vec<(u32, u64)> {
        let top = heaps
            .iter()
            .map(|&h| 64 - h.leading_zeros())
            .max()
            .unwrap_or(0);
        (0..top)
            .rev()
            .map(|bit| (bit, bit_count(heaps, bit)))
            .collect()
    }

    /// A winning move as the heaps it leaves, `None` when the player to move loses.
    ///
    /// From the highest bit down, heaps already reduced are free to take any bit; when the
    /// count of a bit among the others is not divisible by `k + 1`, either the free heaps
    /// make up the difference or more heaps (with the bit set, so they decrease) join them.
    /// At most `k` heaps change.
    ///
    /// # Examples
    ///
    /// ```
    /// let nim2 = grundy::games::moore::MooreNim::new(2).unwrap();
    /// let next = nim2.winning_move(&[5, 3, 7]).unwrap();
    /// assert_eq!(nim2.outcome(&next), grundy::Outcome::Loss);
    /// ```
    pub fn winning_move(&self, heaps: &[u64]) -> Option<Vec<u64>> {
        if self.outcome(heaps) == Outcome::Loss {
            return None;
        }
        let modulus = self.k as u64 + 1;
        let mut next = heaps.to_vec();
        let mut chosen = vec![false; heaps.len()];
        let mut n_chosen = 0;
        for bit in (0..64).rev() {
            let mask = 1u64 << bit;
            let count = (0..heaps.len())
                .filter(|&i| !chosen[i] && heaps[i] & mask != 0)
                .count() as u64;
            let residue = count % modulus;
            let free: Vec<usize> = (0..heaps.len()).filter(|&i| chosen[i]).collect();
            for &i in &free {
                next[i] &= !mask;
            }
            if residue == 0 {
                continue;
            }
            let missing = (modulus - residue) as usize;
            if missing <= free.len() {
                for &i in free.iter().take(missing) {
                    next[i] |= mask;
                }
            } else {
                let joining: Vec<usize> = (0..heaps.len())
                    .filter(|&i| !chosen[i] && heaps[i] & mask != 0)
                    .take(residue as usize)
                    .collect();
                for i in joining {
                    chosen[i] = true;
                    n_chosen += 1;
                    next[i] &= !mask;
                }
            }
        }
        debug_assert!(n_chosen >= 1 && n_chosen <= self.k);
        Some(next)
    }
}

fn bit_count(heaps: &[u64], bit: u32) -> u64 {
    heaps.iter().filter(|&&h| (h >> bit) & 1 == 1).count() as u64
}

impl Game for MooreNim {
    type Position = Vec<u64>;

    fn heap_bytes(&self, pos: &Vec<u64>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        // Every nonempty subset of at most k heaps, every strictly smaller size for each.
        let heaps = pos.len();
        for subset in 1u64..(1 << heaps) {
            if subset.count_ones() as usize > self.k
                || (0..heaps).any(|i| subset >> i & 1 == 1 && pos[i] == 0)
            {
                continue;
            }
            let members: Vec<usize> = (0..heaps).filter(|&i| subset >> i & 1 == 1).collect();
            let mut next = pos.clone();
            for &i in &members {
                next[i] = 0;
            }
            // Odometer over the new sizes 0..pos[i] of each member.
            loop {
                out.push(Move::to(next.clone()));
                let mut carry = true;
                for &i in &members {
                    if next[i] + 1 < pos[i] {
                        next[i] += 1;
                        carry = false;
                        break;
                    }
                    next[i] = 0;
                }
                if carry {
                    break;
                }
            }
        }
    }

    /// Every row of heaps no larger, heap by heap, is reachable; rows that differ only in
    /// order are counted once (at most `n!` rows share their heaps), so this also bounds the
    /// rows kept sorted.
    fn reachable(&self, pos: &Vec<u64>) -> Option<u64> {
        Some(rows_below(pos))
    }

    /// The sum, over the sets of 1 to k heaps, of the product of their sizes: the
    /// elementary symmetric sums e_1 .. e_k of the heaps, built heap by heap (saturating).
    fn max_moves(&self, pos: &Vec<u64>) -> Option<u64> {
        let mut sums = vec![0u64; self.k + 1];
        sums[0] = 1;
        for &heap in pos {
            for size in (1..=self.k.min(pos.len())).rev() {
                sums[size] = sums[size].saturating_add(sums[size - 1].saturating_mul(heap));
            }
        }
        Some(
            sums[1..]
                .iter()
                .fold(0u64, |total, &n| total.saturating_add(n)),
        )
    }
}

/// At most the rows of heaps, up to order, that are no larger heap by heap than `heaps`:
/// the rows below divided by the `n!` orders of a row (saturating).
///
/// # Examples
///
/// ```
/// // 4 * 3 rows below (3, 2); the sorted ones number 9, at least 12 / 2.
/// assert_eq!(grundy::games::moore::rows_below(&[3, 2]), 6);
/// ```
pub fn rows_below(heaps: &[u64]) -> u64 {
    let rows = heaps.iter().fold(1u64, |rows, &heap| {
        rows.saturating_mul(heap.saturating_add(1))
    });
    let orders = (1..=heaps.len() as u64).fold(1u64, |n, i| n.saturating_mul(i));
    rows / orders
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::solve::strategy::move_values;
    use crate::{Budget, Play};

    /// The bound on moves is the count of moves listed, on every position of 4 heaps of
    /// at most 3 tokens, for k = 1..=4.
    #[test]
    fn max_moves_counts_the_moves() {
        let mut moves = Vec::new();
        for k in 1..=4 {
            let game = MooreNim::new(k).unwrap();
            for code in 0..256u64 {
                let pos: Vec<u64> = (0..4).map(|i| code >> (2 * i) & 3).collect();
                moves.clear();
                game.moves(&pos, &mut moves);
                assert_eq!(
                    game.max_moves(&pos),
                    Some(moves.len() as u64),
                    "{k} {pos:?}"
                );
            }
        }
        for code in 0..64u64 {
            let pos: Vec<u64> = (0..3).map(|i| code >> (2 * i) & 3).collect();
            crate::testing::check_bounds(&MooreNim::new(2).unwrap(), &pos);
        }
        let huge = MooreNim::new(2).unwrap().max_moves(&vec![1 << 24; 3]);
        assert_eq!(huge, Some(3 * (1 << 24) + 3 * (1 << 48)));
    }

    /// Moore's rule and the constructed winning move against the engine, for k = 1..=3 on
    /// every position of 4 heaps of at most 3 tokens (and 3 heaps of at most 5 for k = 2).
    #[test]
    fn closed_form_matches_search() {
        let mut compared = 0;
        for k in 1..=3 {
            let game = MooreNim::new(k).unwrap();
            let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
            let mut positions: Vec<Vec<u64>> = (0..256u64)
                .map(|code| (0..4).map(|i| (code >> (2 * i)) & 3).collect())
                .collect();
            if k == 2 {
                positions.extend((0..216u64).map(|c| vec![c % 6, c / 6 % 6, c / 36]));
            }
            for pos in positions {
                let outcome = search.value(&pos).unwrap();
                assert_eq!(outcome, game.outcome(&pos), "k={k} {pos:?}");
                let winning: Vec<Vec<u64>> = move_values(&mut search, &pos)
                    .unwrap()
                    .into_iter()
                    .filter(|m| m.value == Outcome::Win)
                    .map(|m| m.mv.to)
                    .collect();
                match game.winning_move(&pos) {
                    Some(next) => assert!(winning.contains(&next), "k={k} {pos:?} {next:?}"),
                    None => assert!(winning.is_empty()),
                }
                compared += 1;
            }
        }
        assert_eq!(compared, 3 * 256 + 216);
    }
}
