//! Grundy's game: a move splits one heap into two nonempty heaps of different sizes.
//!
//! No closed form is known; the sequence begins 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0
//! (OEIS A002188) and is conjectured to be eventually periodic. Tables come from
//! [`crate::games::heaps::nimbers`], checked here against the engine.

use crate::games::heaps::HeapRule;

/// Grundy's game as a [`HeapRule`].
///
/// # Examples
///
/// ```
/// use grundy::games::grundy_game::GrundyGame;
/// use grundy::games::heaps::nimbers;
/// let g = nimbers(&GrundyGame, 8, &grundy::Budget::default()).unwrap();
/// assert_eq!(g, vec![0, 0, 0, 1, 0, 2, 1, 0, 2]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrundyGame;

impl HeapRule for GrundyGame {
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        out.extend((1..heap.div_ceil(2)).map(|first| (first, heap - first)));
    }

    fn max_options(&self, heap: u64) -> Option<u64> {
        Some(heap / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heaps::{nimbers, Heaps};
    use crate::solve::grundy::GrundySolver;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::{Budget, Outcome, Play};

    /// OEIS A002188, the first 21 values.
    const PUBLISHED: [u64; 21] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
    ];

    #[test]
    fn table_matches_engine_and_published() {
        let table = nimbers(&GrundyGame, 40, &Budget::default()).unwrap();
        assert_eq!(&table[..21], &PUBLISHED);
        let game = Heaps(GrundyGame);
        let mut solver = GrundySolver::new(&game, Budget::default());
        let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
        let mut compared = 0;
        for n in 0..=40u64 {
            assert_eq!(solver.nimber(&vec![n]).unwrap().0, table[n as usize]);
            if n <= 22 {
                let outcome = search.value(&vec![n]).unwrap();
                assert_eq!(outcome == Outcome::Win, table[n as usize] != 0, "n={n}");
            }
            compared += 1;
        }
        assert_eq!(compared, 41);
    }
}
