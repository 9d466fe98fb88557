//! A loopy game as a finite directed graph: positions with Left and Right options (position
//! numbers), possibly cyclic; short games unfold into it, and the named stoppers are built in.

use rustc_hash::FxHashMap;

use crate::cgt::arena::{Arena, GameId};

use super::error::{LoopyError, MAX_POSITIONS};

/// A loopy partizan game: positions `0..len()`, each with Left and Right options given as
/// position numbers, starting at position 0. Every position is reachable from the start.
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::LoopyGame;
/// // over = {0|over}: position 0 has Left option 1 (zero) and Right option 0 (itself).
/// let over = LoopyGame::new(&[(vec![1], vec![0]), (vec![], vec![])], 0).unwrap();
/// assert_eq!(over, LoopyGame::over());
/// assert_eq!(over.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyGame {
    pub(super) left: Vec<Vec<u32>>,
    pub(super) right: Vec<Vec<u32>>,
}

impl LoopyGame {
    /// A game from its positions' `(left options, right options)`, starting at `start`;
    /// positions not reachable from the start are dropped and the rest renumbered in the
    /// order they are first reached (the start becomes 0).
    ///
    /// # Errors
    ///
    /// [`LoopyError::Parse`] for an option or a start that is not a position (column 0),
    /// [`LoopyError::TooLarge`] beyond [`MAX_POSITIONS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// // {pass|} with an unreachable position: on.
    /// let on = LoopyGame::new(&[(vec![], vec![]), (vec![1], vec![])], 1).unwrap();
    /// assert_eq!(on, LoopyGame::on());
    /// assert!(LoopyGame::new(&[(vec![3], vec![])], 0).is_err());
    /// ```
    pub fn new(
        positions: &[(Vec<usize>, Vec<usize>)],
        start: usize,
    ) -> Result<LoopyGame, LoopyError> {
        if positions.len() > MAX_POSITIONS {
            return Err(LoopyError::TooLarge(positions.len()));
        }
        let bad = |what: String| LoopyError::Parse {
            column: 0,
            message: what,
        };
        if start >= positions.len() {
            return Err(bad(format!("the start {start} is not a position")));
        }
        for (v, (left, right)) in positions.iter().enumerate() {
            if let Some(w) = left.iter().chain(right).find(|&&w| w >= positions.len()) {
                return Err(bad(format!(
                    "position {v} has option {w}, which is not a position"
                )));
            }
        }
        let mut number = vec![u32::MAX; positions.len()];
        let mut order = vec![start];
        number[start] = 0;
        let mut i = 0;
        while i < order.len() {
            let (left, right) = &positions[order[i]];
            for &w in left.iter().chain(right) {
                if number[w] == u32::MAX {
                    number[w] = order.len() as u32;
                    order.push(w);
                }
            }
            i += 1;
        }
        let renumber = |options: &Vec<usize>| options.iter().map(|&w| number[w]).collect();
        Ok(LoopyGame {
            left: order.iter().map(|&v| renumber(&positions[v].0)).collect(),
            right: order.iter().map(|&v| renumber(&positions[v].1)).collect(),
        })
    }

    /// A game from option lists already numbered from a start at 0, every position reachable
    /// (the callers build them so).
    pub(super) fn from_parts(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> LoopyGame {
        LoopyGame { left, right }
    }

    /// How many positions the game has (all reachable from the start).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::on().len(), 1);
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Left's options from position `v`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::on().left_options(0), &[0]);
    /// ```
    pub fn left_options(&self, v: usize) -> &[u32] {
        &self.left[v]
    }

    /// Right's options from position `v`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert!(LoopyGame::on().right_options(0).is_empty());
    /// ```
    pub fn right_options(&self, v: usize) -> &[u32] {
        &self.right[v]
    }

    /// The short game `g` of `arena` as a graph (its canonical form unfolded, each form one
    /// position).
    ///
    /// # Errors
    ///
    /// [`LoopyError::TooLarge`] when the form has more than [`MAX_POSITIONS`] followers (an
    /// integer `n` has `n + 1`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let star = arena.parse("*").unwrap();
    /// let g = LoopyGame::from_short(&mut arena, star).unwrap();
    /// assert_eq!(g.len(), 2);
    /// ```
    pub fn from_short(arena: &mut Arena, g: GameId) -> Result<LoopyGame, LoopyError> {
        let mut number: FxHashMap<GameId, u32> = FxHashMap::default();
        let mut order = vec![g];
        number.insert(g, 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            let mut sides = [arena.left_options(v), arena.right_options(v)].map(|options| {
                options
                    .into_iter()
                    .map(|w| {
                        *number.entry(w).or_insert_with(|| {
                            order.push(w);
                            (order.len() - 1) as u32
                        })
                    })
                    .collect::<Vec<u32>>()
            });
            if order.len() > MAX_POSITIONS {
                return Err(LoopyError::TooLarge(order.len()));
            }
            right.push(std::mem::take(&mut sides[1]));
            left.push(std::mem::take(&mut sides[0]));
            i += 1;
        }
        Ok(LoopyGame { left, right })
    }

    /// `-G`: Left's and Right's options exchanged everywhere.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::on().negative(), LoopyGame::off());
    /// assert_eq!(LoopyGame::over().negative(), LoopyGame::under());
    /// ```
    pub fn negative(&self) -> LoopyGame {
        LoopyGame {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// `on = {pass|}` (CGSuite's `on`; Winning Ways ch. 11): Left may always move and stay.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::on().left_options(0), &[0]);
    /// ```
    pub fn on() -> LoopyGame {
        LoopyGame::from_parts(vec![vec![0]], vec![vec![]])
    }

    /// `off = {|pass}`, the negative of `on`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::off().right_options(0), &[0]);
    /// ```
    pub fn off() -> LoopyGame {
        LoopyGame::on().negative()
    }

    /// `over = {0|pass}`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::over().right_options(0), &[0]);
    /// ```
    pub fn over() -> LoopyGame {
        LoopyGame::from_parts(vec![vec![1], vec![]], vec![vec![0], vec![]])
    }

    /// `under = {pass|0}`, the negative of `over`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::under().left_options(0), &[0]);
    /// ```
    pub fn under() -> LoopyGame {
        LoopyGame::over().negative()
    }

    /// `upon = {pass|*}` (CGSuite writes it `^[on]`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert_eq!(LoopyGame::upon().len(), 3);
    /// ```
    pub fn upon() -> LoopyGame {
        LoopyGame::from_parts(
            vec![vec![0], vec![2], vec![]],
            vec![vec![1], vec![2], vec![]],
        )
    }

    /// `dud = {pass|pass}`, the deathless universal draw (not a stopper).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert!(!LoopyGame::dud().is_stopper());
    /// ```
    pub fn dud() -> LoopyGame {
        LoopyGame::from_parts(vec![vec![0]], vec![vec![0]])
    }
}
