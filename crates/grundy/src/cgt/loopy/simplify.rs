//! Stoppers in simplest form (Siegel, *Combinatorial Game Theory*, ch. VI, "Simplification
//! of stoppers"): equal positions fused, dominated options deleted and reversible ones
//! bypassed, each step kept only when the result is still a stopper equal to the game (the
//! order of stoppers, survival, checks it), until no step applies.

use super::error::LoopyError;
use super::graph::LoopyGame;
use super::outcome::Mover;

/// The most positions a stopper may have to be simplified (each round compares every pair
/// of its positions).
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{LoopyGame, MAX_SIMPLIFIED};
/// let long = LoopyGame::over().sum(&LoopyGame::over()).unwrap();
/// assert!(long.len() <= MAX_SIMPLIFIED);
/// ```
pub const MAX_SIMPLIFIED: usize = 1 << 8;

/// Options of each position, as position numbers.
type Positions = Vec<(Vec<usize>, Vec<usize>)>;

impl LoopyGame {
    /// The stopper's simplest form: the fewest positions and options this simplification
    /// reaches, equal to the game.
    ///
    /// # Errors
    ///
    /// [`LoopyError::NotStopper`] when the game is not a stopper (its sides are, see
    /// [`LoopyGame::side`]), [`LoopyError::TooLarge`] beyond [`MAX_SIMPLIFIED`] positions.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// // {pass, 0 | pass} is not a stopper: its sides are.
    /// let g = LoopyGame::new(&[(vec![1, 0], vec![0]), (vec![], vec![])], 0).unwrap();
    /// assert!(g.simplest().is_err());
    /// let over_plus_over = LoopyGame::over().sum(&LoopyGame::over()).unwrap();
    /// let s = over_plus_over.simplest().unwrap();
    /// assert!(s.is_stopper() && s.len() <= over_plus_over.len());
    /// assert_eq!(s.compare(&LoopyGame::over()).unwrap(), Some(std::cmp::Ordering::Equal));
    /// ```
    pub fn simplest(&self) -> Result<LoopyGame, LoopyError> {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper(self.to_string()));
        }
        if self.len() > MAX_SIMPLIFIED {
            return Err(LoopyError::TooLarge(self.len()));
        }
        let mut current = self.clone();
        // Each kept step removes an option or a position, or bypasses a reversible option;
        // bypasses can cycle, so the rounds are bounded (the game stays equal either way).
        for _ in 0..4 * self.len() + 16 {
            let ge = current.pairwise_geq();
            let candidates = [current.fused(&ge), current.pruned(&ge)];
            let mut changed = false;
            for candidate in candidates.into_iter().flatten() {
                if candidate != current && current.same_stopper(&candidate)? {
                    current = candidate;
                    changed = true;
                    break;
                }
            }
            if !changed {
                let mut bypassed = None;
                for candidate in current.bypasses(&ge) {
                    if candidate != current && current.same_stopper(&candidate)? {
                        bypassed = Some(candidate);
                        break;
                    }
                }
                match bypassed {
                    Some(candidate) => current = candidate,
                    None => break,
                }
            }
        }
        Ok(current)
    }

    /// Whether `other` is a stopper equal to this one.
    fn same_stopper(&self, other: &LoopyGame) -> Result<bool, LoopyError> {
        Ok(other.is_stopper() && self.compare(other)? == Some(std::cmp::Ordering::Equal))
    }

    /// `ge[i * n + j]`: position `i` >= position `j` (Left survives `i - j` moving second),
    /// from one analysis of every pair.
    fn pairwise_geq(&self) -> Vec<bool> {
        let n = self.len();
        let pair = |i: u32, j: u32| i * n as u32 + j;
        let (mut left, mut right) = (Vec::with_capacity(n * n), Vec::with_capacity(n * n));
        for i in 0..n {
            for j in 0..n {
                let (i32_, j32) = (i as u32, j as u32);
                let l: Vec<u32> = (self.left[i].iter().map(|&x| pair(x, j32)))
                    .chain(self.right[j].iter().map(|&y| pair(i32_, y)))
                    .collect();
                let r: Vec<u32> = (self.right[i].iter().map(|&x| pair(x, j32)))
                    .chain(self.left[j].iter().map(|&y| pair(i32_, y)))
                    .collect();
                left.push(l);
                right.push(r);
            }
        }
        let value = LoopyGame::from_parts(left, right).solve();
        (0..n * n)
            .map(|p| value[2 * p + 1] != Mover::Wins)
            .collect()
    }

    fn positions(&self) -> Positions {
        let widen = |o: &[u32]| -> Vec<usize> { o.iter().map(|&w| w as usize).collect() };
        (0..self.len())
            .map(|v| (widen(&self.left[v]), widen(&self.right[v])))
            .collect()
    }

    /// Every position replaced by the first position equal to it.
    fn fused(&self, ge: &[bool]) -> Option<LoopyGame> {
        let n = self.len();
        let first: Vec<usize> = (0..n)
            .map(|v| {
                (0..n)
                    .find(|&u| ge[u * n + v] && ge[v * n + u])
                    .unwrap_or(v)
            })
            .collect();
        let mut positions = self.positions();
        for (left, right) in &mut positions {
            for options in [left, right] {
                for w in options.iter_mut() {
                    *w = first[*w];
                }
                options.sort_unstable();
                options.dedup();
            }
        }
        LoopyGame::new(&positions, first[0]).ok()
    }

    /// Dominated options deleted: a Left option below another, a Right option above another.
    fn pruned(&self, ge: &[bool]) -> Option<LoopyGame> {
        let n = self.len();
        let mut positions = self.positions();
        for (left, right) in &mut positions {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            let keep_left: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&a| {
                    !left
                        .iter()
                        .any(|&b| b != a && ge[b * n + a] && !ge[a * n + b])
                })
                .collect();
            let keep_right: Vec<usize> = right
                .iter()
                .copied()
                .filter(|&a| {
                    !right
                        .iter()
                        .any(|&b| b != a && ge[a * n + b] && !ge[b * n + a])
                })
                .collect();
            *left = keep_left;
            *right = keep_right;
        }
        LoopyGame::new(&positions, 0).ok()
    }

    /// The games made by bypassing one reversible option: a Left option `a` of `v` with a
    /// Right option `r <= v` is replaced by `r`'s Left options (and the mirror for Right).
    fn bypasses<'a>(&'a self, ge: &'a [bool]) -> impl Iterator<Item = LoopyGame> + 'a {
        let n = self.len();
        let mut found = Vec::new();
        for v in 0..n {
            for (k, &a) in self.left[v].iter().enumerate() {
                for &r in &self.right[a as usize] {
                    if ge[v * n + r as usize] {
                        found.push((v, true, k, r as usize));
                    }
                }
            }
            for (k, &a) in self.right[v].iter().enumerate() {
                for &l in &self.left[a as usize] {
                    if ge[l as usize * n + v] {
                        found.push((v, false, k, l as usize));
                    }
                }
            }
        }
        found
            .into_iter()
            .filter_map(move |(v, is_left, k, through)| {
                let mut positions = self.positions();
                let replacement = if is_left {
                    positions[through].0.clone()
                } else {
                    positions[through].1.clone()
                };
                let options = if is_left {
                    &mut positions[v].0
                } else {
                    &mut positions[v].1
                };
                options.remove(k);
                options.extend(replacement);
                options.sort_unstable();
                options.dedup();
                LoopyGame::new(&positions, 0).ok()
            })
    }
}
