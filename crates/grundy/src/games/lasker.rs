//! Lasker's Nim: take any positive number from one heap, or split a heap into two
//! nonempty heaps.
//!
//! Closed form (Conway, *On Numbers and Games*; Winning Ways ch. 4): `G(0) = 0` and, for
//! `k >= 0`, `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`.

use std::ops::ControlFlow;

use crate::games::heaps::HeapRule;
use crate::value::Nimber;

/// Lasker's Nim as a [`HeapRule`].
///
/// # Examples
///
/// ```
/// use grundy::games::lasker::Lasker;
/// use grundy::Nimber;
/// assert_eq!(Lasker::nimber(7), Some(Nimber(8)));
/// assert_eq!(Lasker::nimber(8), Some(Nimber(7)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lasker;

impl Lasker {
    /// The closed-form Grundy value of one heap; `None` only for `u64::MAX`, whose value
    /// 2^64 does not fit a [`Nimber`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::lasker::Lasker;
    /// assert_eq!(Lasker::nimber(u64::MAX - 1).unwrap().0, u64::MAX - 1);
    /// assert_eq!(Lasker::nimber(u64::MAX), None);
    /// ```
    pub fn nimber(heap: u64) -> Option<Nimber> {
        match heap % 4 {
            3 => heap.checked_add(1).map(Nimber),
            0 if heap > 0 => Some(Nimber(heap - 1)),
            _ => Some(Nimber(heap)),
        }
    }

    /// The one heap whose Grundy value is `value` (the closed form is a bijection, indeed
    /// its own inverse: it swaps `4k+3` and `4k+4`); `None` only for a value `4k+3` whose
    /// heap `4k+4` would not fit a `u64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::lasker::Lasker;
    /// use grundy::Nimber;
    /// assert_eq!(Lasker::heap_of(Nimber(8)), Some(7));
    /// assert_eq!(Lasker::heap_of(Nimber(7)), Some(8));
    /// assert_eq!(Lasker::heap_of(Nimber(u64::MAX)), None);
    /// ```
    pub fn heap_of(value: Nimber) -> Option<u64> {
        Lasker::nimber(value.0).map(|heap| heap.0)
    }
}

impl HeapRule for Lasker {
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        out.extend((0..heap).map(|smaller| (smaller, 0)));
        out.extend((1..=heap / 2).map(|first| (first, heap - first)));
    }

    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>) {
        let takes = (0..heap).map(|smaller| (smaller, 0));
        let splits = (1..=heap / 2).map(|first| (first, heap - first));
        for (first, second) in takes.chain(splits) {
            if visit(first, second).is_break() {
                return;
            }
        }
    }

    fn max_options(&self, heap: u64) -> Option<u64> {
        Some(heap.saturating_add(heap / 2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heaps::{nimbers, Heaps};
    use crate::solve::grundy::GrundySolver;
    use crate::{Budget, Nimber};

    /// The closed form against the engine (single heaps to 40, pairs to 12) and the table.
    #[test]
    fn closed_form_matches_search() {
        let game = Heaps(Lasker);
        let mut solver = GrundySolver::new(&game, Budget::default());
        let table = nimbers(&Lasker, 60, &Budget::default()).unwrap();
        let mut compared = 0;
        for n in 0..=60u64 {
            assert_eq!(Some(Nimber(table[n as usize])), Lasker::nimber(n), "n={n}");
            if n <= 40 {
                assert_eq!(Some(solver.nimber(&vec![n]).unwrap()), Lasker::nimber(n));
            }
            compared += 1;
        }
        let mut whole = GrundySolver::without_components(&game, Budget::default());
        for a in 0..=8u64 {
            for b in a..=8 {
                let expect = Lasker::nimber(a).unwrap() ^ Lasker::nimber(b).unwrap();
                assert_eq!(whole.nimber(&vec![a, b]).unwrap(), expect, "{a} {b}");
                compared += 1;
            }
        }
        assert_eq!(compared, 61 + 45);
    }

    /// `heap_of` inverts the closed form: on every small heap, and next to `u64::MAX`.
    #[test]
    fn heap_of_inverts_the_closed_form() {
        let huge = (u64::MAX - 1000)..=u64::MAX;
        let mut compared = 0;
        for n in (0..=1000u64).chain(huge) {
            if let Some(value) = Lasker::nimber(n) {
                assert_eq!(Lasker::heap_of(value), Some(n), "n={n}");
                compared += 1;
            }
            // Every value that some heap has is found, and only then.
            let found = Lasker::heap_of(Nimber(n));
            assert_eq!(
                found.and_then(Lasker::nimber),
                found.map(|_| Nimber(n)),
                "n={n}"
            );
        }
        assert_eq!(compared, 1001 + 1000);
        assert_eq!(Lasker::heap_of(Nimber(u64::MAX)), None);
    }
}
