//! Sums of games: a position is a list of component positions, and a move is a move in one
//! component. By the Sprague-Grundy theorem the sum's nimber is the XOR of the components'
//! nimbers, so [`Sum`] implements [`Components`] and the Grundy solver never searches a sum
//! as a whole.

use crate::model::{Components, Game, Move};

/// The sum of any number of positions of one game.
///
/// # Examples
///
/// ```
/// use grundy::games::sum::Sum;
/// use grundy::games::wythoff::Wythoff;
/// use grundy::solve::grundy::GrundySolver;
/// use grundy::{Budget, Nimber};
/// let game = Sum(Wythoff);
/// let mut solver = GrundySolver::new(&game, Budget::default());
/// // (1, 2) and (3, 5) are P-positions: their sum is too.
/// assert_eq!(solver.nimber(&vec![(1, 2), (3, 5)]).unwrap(), Nimber(0));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Sum<G>(pub G);

impl<G: Game> Game for Sum<G> {
    type Position = Vec<G::Position>;

    fn moves(&self, pos: &Vec<G::Position>, out: &mut Vec<Move<Vec<G::Position>>>) {
        let mut inner = Vec::new();
        for (idx, component) in pos.iter().enumerate() {
            inner.clear();
            self.0.moves(component, &mut inner);
            for mv in inner.drain(..) {
                let mut next = pos.clone();
                next[idx] = mv.to;
                out.push(Move {
                    to: next,
                    points: mv.points,
                    again: mv.again,
                });
            }
        }
    }

    fn heap_bytes(&self, pos: &Vec<G::Position>) -> u64 {
        crate::model::vec_bytes(pos) + pos.iter().map(|c| self.0.heap_bytes(c)).sum::<u64>()
    }
}

impl<G: Game> Components for Sum<G> {
    fn components(&self, pos: &Vec<G::Position>, out: &mut Vec<Vec<G::Position>>) {
        out.extend(pos.iter().map(|c| vec![c.clone()]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::corner::Corner;
    use crate::games::heaps::{nimbers, Heaps};
    use crate::games::subtraction::{Subtraction, SubtractionSet};
    use crate::games::wythoff::Wythoff;
    use crate::solve::grundy::GrundySolver;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::{Budget, Nimber, Outcome, Play};

    /// XOR of component nimbers against the whole sum searched without components, and the
    /// outcome against the memo search, for pairs of Wythoff positions up to 4.
    #[test]
    fn wythoff_sums_are_xor_of_components() {
        let game = Sum(Wythoff);
        let mut split = GrundySolver::new(&game, Budget::default());
        let mut whole = GrundySolver::without_components(&game, Budget::default());
        let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
        let mut single = GrundySolver::without_components(&Wythoff, Budget::default());
        let mut compared = 0;
        for code in 0..625u64 {
            let (a, b, c, d) = (code % 5, code / 5 % 5, code / 25 % 5, code / 125);
            let pos = vec![(a, b), (c, d)];
            let xor = single.nimber(&(a, b)).unwrap() ^ single.nimber(&(c, d)).unwrap();
            assert_eq!(split.nimber(&pos).unwrap(), xor);
            assert_eq!(whole.nimber(&pos).unwrap(), xor);
            assert_eq!(
                search.value(&pos).unwrap() == Outcome::Loss,
                xor == Nimber(0)
            );
            compared += 1;
        }
        assert_eq!(compared, 625);
    }

    /// Sums of subtraction heaps and grid-corner cells: the table's XOR against the engine.
    #[test]
    fn subtraction_and_corner_sums() {
        let rule = Subtraction::new(SubtractionSet::finite([1, 3, 4]).unwrap());
        let table = nimbers(&rule, 12, &Budget::default()).unwrap();
        let heaps = Heaps(rule.clone());
        let mut whole = GrundySolver::without_components(&heaps, Budget::default());
        let corner = Sum(Corner);
        let mut corner_whole = GrundySolver::without_components(&corner, Budget::default());
        let mut corner_single = GrundySolver::without_components(&Corner, Budget::default());
        let mut compared = 0;
        for a in 0..=12u64 {
            for b in 0..=12u64 {
                let expect = Nimber(table[a as usize] ^ table[b as usize]);
                assert_eq!(whole.nimber(&vec![a, b]).unwrap(), expect);
                if a <= 5 && b <= 5 {
                    let cells = vec![(a, b), (b, 2)];
                    let xor = corner_single.nimber(&(a, b)).unwrap()
                        ^ corner_single.nimber(&(b, 2)).unwrap();
                    assert_eq!(corner_whole.nimber(&cells).unwrap(), xor);
                }
                compared += 1;
            }
        }
        assert_eq!(compared, 169);
    }
}
