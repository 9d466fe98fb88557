//! [`Parts`]: the components of a game whose positions split into independent parts (a game
//! file's `components`), numbered so that [`Genera`](super::heaps::Genera) reads them as heaps.

use std::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::limits::{Budget, SolveError};

/// What [`Parts::explore`] calls for a part: each of its options, as the parts it splits
/// into (none when the option is the empty game).
pub type PartMoves<'a, K> = dyn FnMut(&K) -> Result<Vec<Vec<K>>, SolveError> + 'a;

/// What the moves of [`Parts::moves`] call with each option's parts, by number.
type Visit<'v> = dyn FnMut(&[u64]) + 'v;

/// Every part reachable from the parts explored, each numbered after all the parts of its
/// options, so that a part's number is a heap whose moves leave smaller heaps: the moves
/// [`Parts::moves`] gives make a [`Genera`](super::heaps::Genera) whose heap `n` is part `n`.
///
/// # Examples
///
/// ```
/// use grundy::misere::genus::{Genera, Parts};
/// // Kayles rows written as text: "xxx" loses one or two adjacent pins, maybe splitting.
/// let mut moves = |row: &String| {
///     let n = row.len();
///     let mut out = Vec::new();
///     for take in 1..=2.min(n) {
///         for left in 0..=n - take {
///             let parts = [left, n - take - left];
///             out.push(parts.iter().filter(|&&p| p > 0).map(|&p| "x".repeat(p)).collect());
///         }
///     }
///     Ok(out)
/// };
/// let mut parts = Parts::new();
/// let five = parts.explore(&"xxxxx".to_string(), &mut moves, &grundy::Budget::default()).unwrap();
/// let mut genera = Genera::new(parts.moves(), grundy::Budget::default());
/// assert_eq!(genera.sum(&[five]).unwrap().genus.to_string(), "4^146");
/// ```
pub struct Parts<K> {
    ids: FxHashMap<K, u64>,
    parts: Vec<K>,
    options: Vec<Vec<Vec<u64>>>,
}

impl<K: Clone + Eq + Hash> Default for Parts<K> {
    fn default() -> Self {
        Parts {
            ids: FxHashMap::default(),
            parts: Vec::new(),
            options: Vec::new(),
        }
    }
}

impl<K: Clone + Eq + Hash> Parts<K> {
    /// No part yet.
    ///
    /// # Examples
    ///
    /// ```
    /// let parts = grundy::misere::genus::Parts::<u8>::new();
    /// assert!(parts.is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// How many parts are numbered.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Parts;
    /// let mut parts = Parts::new();
    /// parts.explore(&2u64, &mut |&n| Ok((0..n).map(|k| vec![k]).collect()), &grundy::Budget::default()).unwrap();
    /// assert_eq!(parts.len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.parts.len()
    }

    /// Whether no part is numbered.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::misere::genus::Parts::<u8>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// The number of `part`, if it was reached.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Parts;
    /// let mut parts = Parts::new();
    /// parts.explore(&1u64, &mut |&n| Ok((0..n).map(|k| vec![k]).collect()), &grundy::Budget::default()).unwrap();
    /// assert_eq!((parts.id(&0), parts.id(&1), parts.id(&2)), (Some(0), Some(1), None));
    /// ```
    pub fn id(&self, part: &K) -> Option<u64> {
        self.ids.get(part).copied()
    }

    /// The part numbered `id`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Parts;
    /// let mut parts = Parts::new();
    /// parts.explore(&1u64, &mut |&n| Ok((0..n).map(|k| vec![k]).collect()), &grundy::Budget::default()).unwrap();
    /// assert_eq!(parts.part(1), Some(&1));
    /// ```
    pub fn part(&self, id: u64) -> Option<&K> {
        self.parts.get(usize::try_from(id).ok()?)
    }

    /// Numbers `root` and every part it reaches (depth first, on an explicit stack), each
    /// after the parts of its options; returns `root`'s number.
    ///
    /// # Errors
    ///
    /// What `moves` returns; [`SolveError::Cycle`] when a part reaches itself;
    /// [`SolveError::TooLarge`] past `budget`'s positions; [`SolveError::Interrupted`] when
    /// its cancel flag is raised.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Parts;
    /// use grundy::SolveError;
    /// let mut parts = Parts::new();
    /// let loopy = parts.explore(&0u8, &mut |_| Ok(vec![vec![0]]), &grundy::Budget::default());
    /// assert_eq!(loopy, Err(SolveError::Cycle));
    /// ```
    pub fn explore(
        &mut self,
        root: &K,
        moves: &mut PartMoves<'_, K>,
        budget: &Budget,
    ) -> Result<u64, SolveError> {
        enum Frame<K> {
            Enter(K),
            Leave(K, Vec<Vec<K>>),
        }
        let mut open: FxHashSet<K> = FxHashSet::default();
        let mut stack = vec![Frame::Enter(root.clone())];
        while let Some(frame) = stack.pop() {
            match frame {
                Frame::Enter(part) => {
                    if self.ids.contains_key(&part) {
                        continue;
                    }
                    if open.contains(&part) {
                        return Err(SolveError::Cycle);
                    }
                    budget.check_cancelled()?;
                    budget.check_positions(self.parts.len() as u64 + open.len() as u64 + 1)?;
                    let options = moves(&part)?;
                    let next: Vec<K> = options
                        .iter()
                        .flatten()
                        .filter(|p| !self.ids.contains_key(*p))
                        .cloned()
                        .collect();
                    open.insert(part.clone());
                    stack.push(Frame::Leave(part, options));
                    stack.extend(next.into_iter().map(Frame::Enter));
                }
                Frame::Leave(part, options) => {
                    open.remove(&part);
                    let mut numbered = Vec::with_capacity(options.len());
                    for option in &options {
                        let ids: Option<Vec<u64>> = option.iter().map(|p| self.id(p)).collect();
                        numbered.push(ids.ok_or(SolveError::Cycle)?);
                    }
                    self.ids.insert(part.clone(), self.parts.len() as u64);
                    self.parts.push(part);
                    self.options.push(numbered);
                }
            }
        }
        self.id(root).ok_or(SolveError::Cycle)
    }

    /// The parts' moves for [`Genera::new`](super::heaps::Genera::new): heap `n` is part `n`, its
    /// moves its options' parts, by number (a number past the parts has no move).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::genus::Parts;
    /// let mut parts = Parts::new();
    /// parts.explore(&2u64, &mut |&n| Ok((0..n).map(|k| vec![k]).collect()), &grundy::Budget::default()).unwrap();
    /// let mut seen = Vec::new();
    /// (parts.moves())(2, &mut |o: &[u64]| seen.push(o.to_vec()));
    /// assert_eq!(seen, [vec![0], vec![1]]);
    /// ```
    pub fn moves(&self) -> impl Fn(u64, &mut Visit<'_>) + '_ {
        move |n, visit| {
            let options = usize::try_from(n).ok().and_then(|n| self.options.get(n));
            for option in options.into_iter().flatten() {
                visit(option);
            }
        }
    }
}
