//! A take-and-break code as an engine [`Game`]: positions are rows of heaps (lines or
//! rings), every move spelled out, so the engine's [`crate::solve::grundy::GrundySolver`]
//! can check the direct and sparse methods on small heaps.
//!
//! This is the slow, obviously correct form of the rules: it allocates a position per
//! move and is meant for heaps of a few dozen tokens.

use std::ops::ControlFlow;

use crate::model::{Components, Game, Move};

use super::code::TakeAndBreak;

/// One heap: a line of tokens, or a ring (the circular variant) whose first move leaves a
/// line.
///
/// # Examples
///
/// ```
/// use grundy::octal::game::Heap;
/// assert!(Heap::Line(3) < Heap::Ring(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Heap {
    /// A row of tokens.
    Line(u32),
    /// A ring of tokens.
    Ring(u32),
}

/// A position: the heaps in play, sorted, with no empty heap.
pub type Heaps = Vec<Heap>;

/// The canonical position of `heaps`: empty heaps dropped, the rest sorted.
///
/// # Examples
///
/// ```
/// use grundy::octal::game::{normalize, Heap};
/// assert_eq!(normalize(vec![Heap::Line(3), Heap::Line(0), Heap::Line(1)]), vec![Heap::Line(1), Heap::Line(3)]);
/// ```
pub fn normalize(mut heaps: Heaps) -> Heaps {
    heaps.retain(|h| !matches!(h, Heap::Line(0) | Heap::Ring(0)));
    heaps.sort_unstable();
    heaps
}

impl TakeAndBreak {
    /// Calls `visit` with the heaps (non-empty, in the row's order) that each move on a line
    /// of `n` tokens leaves, until it breaks: for each take k (smallest first), the empty
    /// row (digit bit 1, k = n), one heap (bit 2), every ordered split in two (bit 4), then
    /// in three (bit 8). A split and its mirror image are two moves (different tokens taken).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::TakeAndBreak;
    /// use std::ops::ControlFlow;
    /// let kayles: TakeAndBreak = "0.77".parse().unwrap();
    /// let mut seen = Vec::new();
    /// kayles.line_moves(3, &mut |parts| {
    ///     seen.push(parts.to_vec());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(seen, vec![vec![2], vec![1, 1], vec![1]]);
    /// ```
    pub fn line_moves(&self, n: u64, visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>) {
        let flow = |f: ControlFlow<()>| f.is_break();
        for k in 0..=(self.max_take() as u64).min(n) {
            let digit = self.digit(k as usize);
            let rest = n - k;
            if digit & 1 != 0 && k > 0 && rest == 0 && flow(visit(&[])) {
                return;
            }
            if digit & 2 != 0 && k > 0 && rest >= 1 && flow(visit(&[rest])) {
                return;
            }
            if digit & 4 != 0 {
                for a in 1..rest {
                    if flow(visit(&[a, rest - a])) {
                        return;
                    }
                }
            }
            if digit & 8 != 0 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        if flow(visit(&[a, b, rest - a - b])) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// How many moves [`TakeAndBreak::line_moves`] lists from a line of `n` tokens
    /// (saturating).
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles: grundy::octal::TakeAndBreak = "0.77".parse().unwrap();
    /// assert_eq!(kayles.line_move_count(3), 3);
    /// let hex: grundy::octal::TakeAndBreak = "0.F".parse().unwrap();
    /// assert_eq!(hex.line_move_count(5), 1 + 3 + 3); // 4; 1+3, 2+2, 3+1; three ways in three
    /// ```
    pub fn line_move_count(&self, n: u64) -> u64 {
        let mut count = 0u64;
        for k in 0..=(self.max_take() as u64).min(n) {
            let digit = self.digit(k as usize);
            let rest = n - k;
            count = count
                .saturating_add(u64::from(digit & 1 != 0 && k > 0 && rest == 0))
                .saturating_add(u64::from(digit & 2 != 0 && k > 0 && rest >= 1));
            if digit & 4 != 0 {
                count = count.saturating_add(rest.saturating_sub(1));
            }
            if digit & 8 != 0 && rest >= 3 {
                // Compositions of `rest` into three positive parts: C(rest - 1, 2).
                let pairs = u128::from(rest - 1) * u128::from(rest - 2) / 2;
                count = count.saturating_add(u64::try_from(pairs).unwrap_or(u64::MAX));
            }
        }
        count
    }

    /// Appends every list of heaps one move can leave from a line of `n` tokens.
    fn line_results(&self, n: u32, out: &mut Vec<Vec<u32>>) {
        self.line_moves(u64::from(n), &mut |parts| {
            // Parts are below n, a u32.
            out.push(parts.iter().map(|&p| p as u32).collect());
            ControlFlow::Continue(())
        });
    }
}

impl Game for TakeAndBreak {
    type Position = Heaps;

    fn heap_bytes(&self, pos: &Heaps) -> u64 {
        crate::model::vec_bytes(pos)
    }

    /// Every move on every heap; identical results are listed once per way to reach them.
    fn moves(&self, pos: &Heaps, out: &mut Vec<Move<Heaps>>) {
        let mut results = Vec::new();
        for (idx, &heap) in pos.iter().enumerate() {
            let others = || {
                let mut rest = pos.clone();
                rest.remove(idx);
                rest
            };
            match heap {
                Heap::Line(n) => {
                    results.clear();
                    self.line_results(n, &mut results);
                    for parts in &results {
                        let mut next = others();
                        next.extend(parts.iter().map(|&p| Heap::Line(p)));
                        out.push(Move::to(normalize(next)));
                    }
                }
                Heap::Ring(n) => {
                    for k in 1..=self.max_take().min(n as usize) {
                        let digit = self.digit(k);
                        let rest = n - k as u32;
                        let allowed = if rest == 0 { digit & 1 } else { digit & 2 };
                        if allowed != 0 {
                            let mut next = others();
                            next.push(Heap::Line(rest));
                            out.push(Move::to(normalize(next)));
                        }
                    }
                }
            }
        }
    }
}

impl Components for TakeAndBreak {
    fn components(&self, pos: &Heaps, out: &mut Vec<Heaps>) {
        out.extend(
            pos.iter()
                .filter(|h| !matches!(h, Heap::Line(0) | Heap::Ring(0)))
                .map(|&h| vec![h]),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::grundy::GrundySolver;
    use crate::{Budget, Nimber};

    #[test]
    fn kayles_by_the_engine_matches_oeis_a002186() {
        // OEIS A002186 (Guy and Smith 1956), first 16 terms.
        let expected = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7];
        let kayles: TakeAndBreak = "0.77".parse().unwrap();
        let mut solver = GrundySolver::new(&kayles, Budget::default());
        for (n, &v) in expected.iter().enumerate() {
            let pos = normalize(vec![Heap::Line(n as u32)]);
            assert_eq!(solver.nimber(&pos).unwrap(), Nimber(v), "n = {n}");
        }
    }

    #[test]
    fn a_sum_is_the_xor_of_its_heaps() {
        let kayles: TakeAndBreak = "0.77".parse().unwrap();
        let mut solver = GrundySolver::new(&kayles, Budget::default());
        let pos = normalize(vec![Heap::Line(5), Heap::Line(11), Heap::Ring(6)]);
        // G(5) = 4, G(11) = 6 (A002186); a ring of 6 leaves a line of 5 or 4: mex{4, 1} = 0.
        assert_eq!(solver.nimber(&pos).unwrap(), Nimber(4 ^ 6));
    }
}
