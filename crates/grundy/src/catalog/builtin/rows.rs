//! Rows of heaps as the heap families keep them: in the order given, a split's second
//! heap just after the first ([`HeapRow`]), and their normal form for the solvers
//! ([`sorted_heaps`]).

use std::ops::ControlFlow;

use crate::games::heaps::HeapRule;
use crate::model::{Components, Game, Move};

/// A heap game keeping its heaps in order: a move applies the rule to one heap in place,
/// and a split's second heap follows the first. Zeros stay (an emptied heap shows as 0).
///
/// The same game as [`crate::games::heaps::Heaps`] up to the order of heaps.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin::HeapRow;
/// use grundy::games::lasker::Lasker;
/// use grundy::model::{Game, Move};
/// let mut moves = Vec::new();
/// HeapRow(Lasker).moves(&vec![2, 1], &mut moves);
/// let to: Vec<_> = moves.into_iter().map(|m| m.to).collect();
/// assert_eq!(to, vec![vec![0, 1], vec![1, 1], vec![1, 1, 1], vec![2, 0]]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct HeapRow<R>(pub R);

impl<R: HeapRule> Game for HeapRow<R> {
    type Position = Vec<u64>;

    fn heap_bytes(&self, pos: &Vec<u64>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        let mut options = Vec::new();
        for (heap_idx, &heap) in pos.iter().enumerate() {
            options.clear();
            self.0.options(heap, &mut options);
            for &(first, second) in &options {
                // One allocation of the exact size: a heap of 10^6 has 1.5 M moves.
                let mut next = Vec::with_capacity(pos.len() + usize::from(second > 0));
                replace_heap(pos, heap_idx, (first, second), &mut next);
                out.push(Move::to(next));
            }
        }
    }

    /// One move, rewritten in place for each: no allocation per move.
    fn for_each_move(
        &self,
        pos: &Vec<u64>,
        visit: &mut dyn FnMut(&Move<Vec<u64>>) -> ControlFlow<()>,
    ) {
        let mut mv = Move::to(Vec::with_capacity(pos.len() + 1));
        for (heap_idx, &heap) in pos.iter().enumerate() {
            let mut stopped = false;
            self.0.for_each_option(heap, &mut |first, second| {
                mv.to.clear();
                replace_heap(pos, heap_idx, (first, second), &mut mv.to);
                stopped = visit(&mv).is_break();
                match stopped {
                    true => ControlFlow::Break(()),
                    false => ControlFlow::Continue(()),
                }
            });
            if stopped {
                return;
            }
        }
    }

    fn max_moves(&self, pos: &Vec<u64>) -> Option<u64> {
        pos.iter().try_fold(0u64, |sum, &heap| {
            Some(sum.saturating_add(self.0.max_options(heap)?))
        })
    }
}

/// Appends to `out` the row `pos` with its heap `heap_idx` replaced by the option's one or
/// two heaps (`second` 0: no second heap).
fn replace_heap(pos: &[u64], heap_idx: usize, (first, second): (u64, u64), out: &mut Vec<u64>) {
    out.extend_from_slice(&pos[..heap_idx]);
    out.push(first);
    if second > 0 {
        out.push(second);
    }
    out.extend_from_slice(&pos[heap_idx + 1..]);
}

impl<R: HeapRule> Components for HeapRow<R> {
    fn components(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// A row of heaps in normal form: sorted, zeros dropped (heap games are symmetric in their
/// heaps, so this keeps the value).
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::catalog::builtin::sorted_heaps(&vec![3, 0, 1]), vec![1, 3]);
/// ```
#[allow(clippy::ptr_arg)] // the signature of `Adapter::with_canonical` for `Vec<u64>` positions
pub fn sorted_heaps(heaps: &Vec<u64>) -> Vec<u64> {
    let mut res: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    res.sort_unstable();
    res
}
