//! Heap games: a position is a row of heaps, and a move changes one heap into at most two
//! heaps (take tokens, or take and split). Subtraction games, Lasker's Nim and Grundy's
//! game are all [`HeapRule`]s.
//!
//! [`Heaps`] turns a rule into a [`Game`] with [`Components`] (each heap is one), so the
//! engine's solvers apply; [`nimbers`] is the direct table `G(0..=n)` by mex, the fast
//! path that the tests check against the engine.

use std::ops::ControlFlow;

use crate::limits::{Budget, SolveError};
use crate::model::{Components, Game, Move};
use crate::value::Nimber;

/// The rule of a heap game: what one heap can become in one move.
///
/// # Examples
///
/// ```
/// use grundy::games::heaps::HeapRule;
/// struct TakeOneOrTwo;
/// impl HeapRule for TakeOneOrTwo {
///     fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
///         out.extend((1..=2).filter(|&t| t <= heap).map(|t| (heap - t, 0)));
///     }
/// }
/// let mut out = Vec::new();
/// TakeOneOrTwo.options(5, &mut out);
/// assert_eq!(out, vec![(4, 0), (3, 0)]);
/// ```
pub trait HeapRule {
    /// Appends, for every move on one heap of `heap` tokens, the two heaps it leaves
    /// (0 stands for no heap: a move that only takes leaves `(heap - t, 0)`).
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>);

    /// Calls `visit` on the options of [`HeapRule::options`], in its order, until it
    /// breaks. The default lists them first; a rule with a million options of one heap
    /// (Lasker's Nim) gives them one at a time.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::heaps::HeapRule;
    /// use grundy::games::lasker::Lasker;
    /// use std::ops::ControlFlow;
    /// let mut splits = 0;
    /// Lasker.for_each_option(10, &mut |_, second| {
    ///     splits += usize::from(second > 0);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(splits, 5);
    /// ```
    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>) {
        let mut options = Vec::new();
        self.options(heap, &mut options);
        for (first, second) in options {
            if visit(first, second).is_break() {
                return;
            }
        }
    }

    /// At least as many options as a heap of `heap` tokens has, when cheap to know (see
    /// [`Game::max_moves`]); `None` by default.
    fn max_options(&self, heap: u64) -> Option<u64> {
        let _ = heap;
        None
    }
}

/// A heap game as a [`Game`]: positions are rows of heaps (sorted, zeros dropped), a move
/// applies the rule to one heap.
///
/// # Examples
///
/// ```
/// use grundy::games::heaps::Heaps;
/// use grundy::games::lasker::Lasker;
/// use grundy::solve::grundy::GrundySolver;
/// use grundy::{Budget, Nimber};
/// let game = Heaps(Lasker);
/// let mut solver = GrundySolver::new(&game, Budget::default());
/// assert_eq!(solver.nimber(&vec![3]).unwrap(), Nimber(4));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Heaps<R>(pub R);

/// A row of heaps in canonical form: sorted, without zeros.
fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

impl<R: HeapRule> Game for Heaps<R> {
    type Position = Vec<u64>;

    fn heap_bytes(&self, pos: &Vec<u64>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        let mut options = Vec::new();
        for (heap_idx, &heap) in pos.iter().enumerate() {
            if heap_idx > 0 && pos[heap_idx - 1] == heap {
                continue; // the same moves as the equal heap before
            }
            options.clear();
            self.0.options(heap, &mut options);
            for &(first, second) in &options {
                // Room for the second heap from the start: no doubling of the buffer.
                let mut next = Vec::with_capacity(pos.len() + 1);
                next.extend_from_slice(pos);
                next[heap_idx] = first;
                next.push(second);
                out.push(Move::to(canonical(next)));
            }
        }
    }

    fn max_moves(&self, pos: &Vec<u64>) -> Option<u64> {
        pos.iter().try_fold(0u64, |sum, &heap| {
            Some(sum.saturating_add(self.0.max_options(heap)?))
        })
    }
}

impl<R: HeapRule> Components for Heaps<R> {
    fn components(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// The Grundy values `G(0), ..., G(to)` of one heap, by mex over the options (a split
/// `(a, b)` is worth `G(a) xor G(b)`).
///
/// # Errors
///
/// [`SolveError::TooLarge`] when `to + 1` values exceed the budget's positions.
///
/// # Examples
///
/// ```
/// use grundy::games::heaps::nimbers;
/// use grundy::games::subtraction::{Subtraction, SubtractionSet};
/// use grundy::Budget;
/// let game = Subtraction::new(SubtractionSet::finite([1, 3, 4]).unwrap());
/// let g = nimbers(&game, 9, &Budget::default()).unwrap();
/// assert_eq!(g, vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
/// ```
pub fn nimbers<R: HeapRule + ?Sized>(
    rule: &R,
    to: u64,
    budget: &Budget,
) -> Result<Vec<u64>, SolveError> {
    budget.check_positions(to.saturating_add(1))?;
    budget.check_bytes(to.saturating_add(1).saturating_mul(8))?;
    let mut res: Vec<u64> = Vec::with_capacity(to as usize + 1);
    let mut options = Vec::new();
    let mut values = Vec::new();
    for heap in 0..=to {
        // Every heap: a heap of Grundy's game has heap / 2 options, so 4,096 heaps of 20,000
        // took seconds unchecked.
        budget.check_cancelled()?;
        options.clear();
        rule.options(heap, &mut options);
        values.clear();
        values.extend(
            options
                .iter()
                .map(|&(a, b)| Nimber(res[a as usize] ^ res[b as usize])),
        );
        res.push(Nimber::mex(values.drain(..)).0);
    }
    Ok(res)
}
