//! Sums of loopy games: the product graph of the positions reachable from the two starts, a
//! move in a sum being a move in one component (built breadth first, refused beyond
//! [`MAX_POSITIONS`]).

use rustc_hash::FxHashMap;

use super::error::{LoopyError, MAX_POSITIONS};
use super::graph::LoopyGame;

impl LoopyGame {
    /// `G + H`, its positions the pairs reachable from the pair of starts.
    ///
    /// # Errors
    ///
    /// [`LoopyError::TooLarge`] when more than [`MAX_POSITIONS`] pairs are reachable.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// // on + off is {pass|pass}: dud.
    /// assert_eq!(LoopyGame::on().sum(&LoopyGame::off()).unwrap(), LoopyGame::dud());
    /// ```
    pub fn sum(&self, other: &LoopyGame) -> Result<LoopyGame, LoopyError> {
        let mut number: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let mut order = vec![(0u32, 0u32)];
        number.insert((0, 0), 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < order.len() {
            let (a, b) = order[i];
            let mut visit = |pairs: &mut dyn Iterator<Item = (u32, u32)>| -> Vec<u32> {
                pairs
                    .map(|pair| {
                        *number.entry(pair).or_insert_with(|| {
                            order.push(pair);
                            (order.len() - 1) as u32
                        })
                    })
                    .collect()
            };
            let l = visit(
                &mut (self.left[a as usize].iter().map(|&x| (x, b)))
                    .chain(other.left[b as usize].iter().map(|&y| (a, y))),
            );
            let r = visit(
                &mut (self.right[a as usize].iter().map(|&x| (x, b)))
                    .chain(other.right[b as usize].iter().map(|&y| (a, y))),
            );
            left.push(l);
            right.push(r);
            if order.len() > MAX_POSITIONS {
                return Err(LoopyError::TooLarge(order.len()));
            }
            i += 1;
        }
        Ok(LoopyGame::from_parts(left, right))
    }

    /// `G - H`, the sum of `G` and `-H`.
    ///
    /// # Errors
    ///
    /// As [`LoopyGame::sum`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, LoopyOutcomeClass};
    /// // over - over is over + under: both players pass forever.
    /// let d = LoopyGame::over().difference(&LoopyGame::over()).unwrap();
    /// assert_eq!(d.outcome(), LoopyOutcomeClass::D);
    /// assert!(!d.is_stopper());
    /// ```
    pub fn difference(&self, other: &LoopyGame) -> Result<LoopyGame, LoopyError> {
        self.sum(&other.negative())
    }
}
