//! A take-and-break code as an engine [`Game`]: positions are rows of heaps (lines or
//! rings), every move spelled out, so the engine's [`crate::solve::grundy::GrundySolver`]
//! can check the direct and sparse methods on small heaps.
//!
//! This is the slow, obviously correct form of the rules: it allocates a position per
//! move and is meant for heaps of a few dozen tokens.

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
    /// Appends every list of heaps one move can leave from a line of `n` tokens.
    fn line_results(&self, n: u32, out: &mut Vec<Vec<u32>>) {
        for k in 0..=self.max_take().min(n as usize) {
            let digit = self.digit(k);
            let rest = n - k as u32;
            if digit & 1 != 0 && k > 0 && rest == 0 {
                out.push(Vec::new());
            }
            if digit & 2 != 0 && k > 0 && rest >= 1 {
                out.push(vec![rest]);
            }
            if digit & 4 != 0 {
                for a in 1..rest {
                    out.push(vec![a, rest - a]);
                }
            }
            if digit & 8 != 0 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        out.push(vec![a, b, rest - a - b]);
                    }
                }
            }
        }
    }
}

impl Game for TakeAndBreak {
    type Position = Heaps;

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
