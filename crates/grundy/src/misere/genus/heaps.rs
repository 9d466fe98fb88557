//! [`Genera`]: the genus of every heap of a heap game, and of sums of its heaps, with the
//! sums of tame heaps decided by their genera.

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use super::value::Genus;
use crate::limits::{Budget, SolveError};

/// A heap game's moves as [`Genera::new`] takes them: `moves(n, visit)` calls `visit` with
/// the heaps each move on a heap of `n` leaves.
///
/// # Examples
///
/// ```
/// use grundy::misere::genus::{code_moves, HeapMoves};
/// let moves: HeapMoves = code_moves("0.07".parse().unwrap());
/// let mut seen = Vec::new();
/// moves(3, &mut |parts| seen.push(parts.to_vec()));
/// assert_eq!(seen, [vec![1]]);
/// ```
pub type HeapMoves = Box<dyn Fn(u64, &mut dyn FnMut(&[u64])) + Send + Sync>;

/// One heap's genus, and whether the heap is tame: every position it can reach (itself
/// included) has a tame genus ([`Genus::is_tame`]).
///
/// # Examples
///
/// ```
/// use grundy::misere::genus::Genera;
/// let mut nim = Genera::new(|n, visit: &mut dyn FnMut(&[u64])| {
///     (0..n).for_each(|k| visit(&[k]))
/// }, grundy::Budget::default());
/// nim.extend_to(3).unwrap();
/// let three = &nim.heaps()[3];
/// assert_eq!((three.genus.to_string(), three.tame), ("3^31".to_string(), true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGenus {
    /// The heap's genus.
    pub genus: Genus,
    /// Whether every position the heap can reach has a tame genus.
    pub tame: bool,
}

/// The genus of a sum of heaps, and whether every heap of it is tame, in which case the
/// genus came from the heaps' genera by Conway's theorem ([`Genus::tame_sum`]) rather than
/// from a search of the sum.
///
/// # Examples
///
/// ```
/// use grundy::misere::genus::Genera;
/// let mut nim = Genera::new(|n, visit: &mut dyn FnMut(&[u64])| {
///     (0..n).for_each(|k| visit(&[k]))
/// }, grundy::Budget::default());
/// let sum = nim.sum(&[1, 1, 1]).unwrap();
/// assert_eq!((sum.genus.to_string(), sum.tame), ("1^031".to_string(), true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumGenus {
    /// The sum's genus.
    pub genus: Genus,
    /// Whether every heap of the sum is tame (the genus then comes from theirs).
    pub tame: bool,
}

/// The genera of a heap game's heaps, `0, 1, ...` as far as asked, and of the sums of its
/// heaps met on the way.
///
/// The game is given by its moves: `moves(n, visit)` calls `visit` with the heaps each move
/// on a heap of `n` leaves (none, one or more, each smaller than `n`). A heap's genus comes
/// from its options' ([`Genus::of_options`]); an option made only of tame heaps takes its
/// genus from theirs ([`Genus::tame_sum`]), any other is searched whole (its positions
/// stored, within the budget's positions), since misère play does not decompose. A heap
/// with no move is left out of a sum (a game with no move adds nothing).
///
/// # Examples
///
/// ```
/// use grundy::misere::genus::Genera;
/// use grundy::octal::TakeAndBreak;
/// use std::ops::ControlFlow;
/// // Kayles, 0.77: Winning Ways' 4^146 for the heap of 5, which is tame.
/// let kayles: TakeAndBreak = "0.77".parse().unwrap();
/// let mut genera = Genera::new(
///     move |n, visit: &mut dyn FnMut(&[u64])| {
///         kayles.line_moves(n, &mut |parts| {
///             visit(parts);
///             ControlFlow::Continue(())
///         })
///     },
///     grundy::Budget::default(),
/// );
/// genera.extend_to(5).unwrap();
/// assert_eq!(genera.heaps()[5].genus.to_string(), "4^146");
/// ```
pub struct Genera<M> {
    moves: M,
    heaps: Vec<HeapGenus>,
    /// Whether each heap has a move (a heap without one is left out of sums).
    moving: Vec<bool>,
    /// Sums searched whole, sorted, heaps without a move left out.
    known: FxHashMap<Vec<u64>, Genus>,
    budget: Budget,
}

impl<M: Fn(u64, &mut dyn FnMut(&[u64]))> Genera<M> {
    /// No heap computed yet; `budget` bounds the heaps and sums stored, and its cancel flag
    /// stops a computation.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genera;
    /// let genera = Genera::new(|_, _: &mut dyn FnMut(&[u64])| {}, grundy::Budget::default());
    /// assert!(genera.heaps().is_empty());
    /// ```
    pub fn new(moves: M, budget: Budget) -> Self {
        Genera {
            moves,
            heaps: Vec::new(),
            moving: Vec::new(),
            known: FxHashMap::default(),
            budget,
        }
    }

    /// The heaps computed so far, `heaps()[n]` for the heap of `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genera;
    /// let mut g = Genera::new(|_, _: &mut dyn FnMut(&[u64])| {}, grundy::Budget::default());
    /// g.extend_to(2).unwrap();
    /// // A game without moves: every heap is the empty game.
    /// assert!(g.heaps().iter().all(|h| h.genus.to_string() == "0^120" && h.tame));
    /// ```
    pub fn heaps(&self) -> &[HeapGenus] {
        &self.heaps
    }

    /// How many sums have been searched whole and are stored.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genera;
    /// let mut nim = Genera::new(|n, visit: &mut dyn FnMut(&[u64])| {
    ///     (0..n).for_each(|k| visit(&[k]))
    /// }, grundy::Budget::default());
    /// nim.sum(&[5, 6, 7]).unwrap();
    /// assert_eq!(nim.searched(), 0); // Nim's heaps are all tame
    /// ```
    pub fn searched(&self) -> usize {
        self.known.len()
    }

    /// Computes the heaps up to `to`.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] past the budget's positions (heaps and sums stored);
    /// [`SolveError::Interrupted`] when its cancel flag is raised;
    /// [`SolveError::Unsupported`] when a move leaves a heap no smaller than the one moved.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genera;
    /// use grundy::{Budget, SolveError};
    /// let mut g = Genera::new(|n, visit: &mut dyn FnMut(&[u64])| visit(&[n]), Budget::default());
    /// assert!(matches!(g.extend_to(1), Err(SolveError::Unsupported(_))));
    /// let mut nim = Genera::new(|n, visit: &mut dyn FnMut(&[u64])| {
    ///     (0..n).for_each(|k| visit(&[k]))
    /// }, Budget::default().with_positions(10));
    /// assert!(matches!(nim.extend_to(100), Err(SolveError::TooLarge { .. })));
    /// ```
    pub fn extend_to(&mut self, to: u64) -> Result<(), SolveError> {
        let from = self.heaps.len() as u64;
        if to < from {
            return Ok(());
        }
        let stored = (self.known.len() as u64).saturating_add(to.saturating_add(1));
        self.budget.check_positions(stored)?;
        for n in from..=to {
            self.budget.check_cancelled()?;
            let mut options = Vec::new();
            let mut bad = None;
            (self.moves)(n, &mut |parts| {
                if let Some(&big) = parts.iter().find(|&&p| p >= n) {
                    bad = Some(big);
                }
                options.push(parts.to_vec());
            });
            if let Some(big) = bad {
                return Err(SolveError::Unsupported(format!(
                    "a move on a heap of {n} leaves a heap of {big}: genera are found heap \
                     by heap, for games whose moves leave smaller heaps"
                )));
            }
            let mut genera = Vec::with_capacity(options.len());
            let mut tame = true;
            for parts in &options {
                let sum = self.sum_of_known(self.normalized(parts))?;
                tame &= sum.tame;
                genera.push(sum.genus);
            }
            let genus = Genus::of_options(&genera);
            tame &= genus.is_tame();
            self.heaps.push(HeapGenus { genus, tame });
            self.moving.push(!options.is_empty());
        }
        Ok(())
    }

    /// The genus of the sum of `heaps` (computing the heaps first where needed).
    ///
    /// # Errors
    ///
    /// As [`Genera::extend_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Genera;
    /// use grundy::octal::TakeAndBreak;
    /// use std::ops::ControlFlow;
    /// let dawson: TakeAndBreak = "0.07".parse().unwrap();
    /// let mut genera = Genera::new(
    ///     move |n, visit: &mut dyn FnMut(&[u64])| {
    ///         dawson.line_moves(n, &mut |parts| {
    ///             visit(parts);
    ///             ControlFlow::Continue(())
    ///         })
    ///     },
    ///     grundy::Budget::default(),
    /// );
    /// // Misère Dawson's Kayles: a heap of 3 is 1^031, like *1; three of them are lost
    /// // for the player to move.
    /// let sum = genera.sum(&[3, 3, 3]).unwrap();
    /// assert_eq!((sum.genus.misere(), sum.tame), (0, true));
    /// ```
    pub fn sum(&mut self, heaps: &[u64]) -> Result<SumGenus, SolveError> {
        if let Some(&top) = heaps.iter().max() {
            self.extend_to(top)?;
        }
        let position = self.normalized(heaps);
        self.sum_of_known(position)
    }

    /// `heaps` sorted, without the heaps that have no move (all computed).
    fn normalized(&self, heaps: &[u64]) -> Vec<u64> {
        let mut out: Vec<u64> = heaps
            .iter()
            .copied()
            .filter(|&h| self.moving[h as usize])
            .collect();
        out.sort_unstable();
        out
    }

    /// The genus of a sum whose heaps are computed, normalized, and whether its heaps are
    /// all tame.
    fn sum_of_known(&mut self, position: Vec<u64>) -> Result<SumGenus, SolveError> {
        if let Some(genus) = self.quick(&position) {
            let tame = position.iter().all(|&h| self.heaps[h as usize].tame);
            return Ok(SumGenus { genus, tame });
        }
        let genus = self.search(position)?;
        Ok(SumGenus { genus, tame: false })
    }

    /// The genus of a normalized sum without a search: no heap, one heap, tame heaps, or a
    /// sum already searched.
    fn quick(&self, position: &[u64]) -> Option<Genus> {
        match position {
            [] => Some(Genus::of_options(&[])),
            [heap] => Some(self.heaps[*heap as usize].genus.clone()),
            _ if position.iter().all(|&h| self.heaps[h as usize].tame) => {
                Genus::tame_sum(position.iter().map(|&h| &self.heaps[h as usize].genus))
            }
            _ => self.known.get(position).cloned(),
        }
    }

    /// The options of a normalized sum, normalized.
    fn options(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &heap) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == heap {
                continue; // the same options as the equal heap before
            }
            (self.moves)(heap, &mut |parts| {
                let mut next: Vec<u64> = position[..i].to_vec();
                next.extend_from_slice(&position[i + 1..]);
                next.extend(parts.iter().copied().filter(|&p| self.moving[p as usize]));
                next.sort_unstable();
                out.push(next);
            });
        }
        out
    }

    /// Searches a sum whole, on an explicit stack, storing every sum it meets that
    /// [`Genera::quick`] does not answer.
    fn search(&mut self, position: Vec<u64>) -> Result<Genus, SolveError> {
        let mut stack = vec![position.clone()];
        while let Some(top) = stack.last() {
            if self.quick(top).is_some() {
                stack.pop();
                continue;
            }
            self.budget.check_cancelled()?;
            let options = self.options(top);
            let genera: Option<Vec<Genus>> = options.iter().map(|o| self.quick(o)).collect();
            match genera {
                Some(genera) => {
                    let stored = self.heaps.len() as u64 + self.known.len() as u64 + 1;
                    self.budget.check_positions(stored)?;
                    let genus = Genus::of_options(&genera);
                    if let Some(top) = stack.pop() {
                        self.known.insert(top, genus);
                    }
                }
                None => {
                    let missing = options.into_iter().filter(|o| self.quick(o).is_none());
                    stack.extend(missing.collect::<Vec<_>>());
                }
            }
        }
        self.quick(&position).ok_or_else(|| {
            SolveError::Unsupported("a searched sum was not stored (a bug)".to_string())
        })
    }
}

/// `visit`'s form of [`crate::octal::TakeAndBreak::line_moves`]: the moves of a code's heap
/// for [`Genera::new`].
///
/// # Examples
///
/// ```
/// use grundy::misere::genus::{code_moves, Genera};
/// let kayles = "0.77".parse().unwrap();
/// let mut genera = Genera::new(code_moves(kayles), grundy::Budget::default());
/// assert_eq!(genera.sum(&[1, 2]).unwrap().genus.to_string(), "3^31");
/// ```
pub fn code_moves(code: crate::octal::TakeAndBreak) -> HeapMoves {
    Box::new(move |n, visit| {
        code.line_moves(n, &mut |parts| {
            visit(parts);
            ControlFlow::Continue(())
        })
    })
}
