//! Outcomes of loopy games with infinite play a draw, by retrograde analysis; stoppers; and
//! the order of stoppers by survival (Siegel, *Combinatorial Game Theory*, ch. VI: for
//! stoppers `G` and `H`, `G >= H` exactly when Left, moving second, survives `G - H`, that is
//! does not lose, infinite play counting as survival).
//!
//! The analysis works on states (position, player to move): a player unable to move loses;
//! a state is a win for its mover when some move reaches a loss for the other, a loss when
//! every move reaches a win for the other, and a draw otherwise. Losses and wins are peeled
//! from the terminal states backwards, each state counting its moves not yet known to be
//! wins for the opponent.

use std::cmp::Ordering;

use super::error::LoopyError;
use super::graph::LoopyGame;

/// Who wins a play: Left, Right, or nobody (play goes on forever).
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{LoopyGame, Winner};
/// assert_eq!(LoopyGame::dud().outcome().left_first(), Winner::Draw);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Winner {
    /// Left wins.
    Left,
    /// Right wins.
    Right,
    /// Play never ends.
    Draw,
}

/// The outcome class of a loopy game, as CGSuite names it: `L`, `R`, `P`, `N`, `D` (a draw
/// whoever starts), and the four mixed ones, `NHat` (Left first wins, Right first draws),
/// `PCheck` (Left first loses, Right first draws), `PHat` (Left first draws, Right first
/// loses) and `NCheck` (Left first draws, Right first wins).
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{LoopyGame, LoopyOutcomeClass};
/// assert_eq!(LoopyGame::on().outcome(), LoopyOutcomeClass::L);
/// assert_eq!(LoopyGame::dud().outcome().to_string(), "D");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum LoopyOutcomeClass {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// A draw whoever starts.
    D,
    /// Left first wins; Right first draws.
    NHat,
    /// Left first loses; Right first draws.
    PCheck,
    /// Left first draws; Right first loses.
    PHat,
    /// Left first draws; Right first wins.
    NCheck,
}

impl LoopyOutcomeClass {
    /// The class with these winners when Left and when Right moves first.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyOutcomeClass, Winner};
    /// let c = LoopyOutcomeClass::from_winners(Winner::Draw, Winner::Left);
    /// assert_eq!(c, LoopyOutcomeClass::PHat);
    /// ```
    pub fn from_winners(left_first: Winner, right_first: Winner) -> LoopyOutcomeClass {
        use LoopyOutcomeClass::*;
        match (left_first, right_first) {
            (Winner::Left, Winner::Left) => L,
            (Winner::Right, Winner::Right) => R,
            (Winner::Right, Winner::Left) => P,
            (Winner::Left, Winner::Right) => N,
            (Winner::Draw, Winner::Draw) => D,
            (Winner::Left, Winner::Draw) => NHat,
            (Winner::Right, Winner::Draw) => PCheck,
            (Winner::Draw, Winner::Left) => PHat,
            (Winner::Draw, Winner::Right) => NCheck,
        }
    }

    /// Who wins when Left moves first.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyOutcomeClass, Winner};
    /// assert_eq!(LoopyOutcomeClass::NHat.left_first(), Winner::Left);
    /// ```
    pub fn left_first(self) -> Winner {
        use LoopyOutcomeClass::*;
        match self {
            L | N | NHat => Winner::Left,
            R | P | PCheck => Winner::Right,
            D | PHat | NCheck => Winner::Draw,
        }
    }

    /// Who wins when Right moves first.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyOutcomeClass, Winner};
    /// assert_eq!(LoopyOutcomeClass::NHat.right_first(), Winner::Draw);
    /// ```
    pub fn right_first(self) -> Winner {
        use LoopyOutcomeClass::*;
        match self {
            L | P | PHat => Winner::Left,
            R | N | NCheck => Winner::Right,
            D | NHat | PCheck => Winner::Draw,
        }
    }
}

impl std::fmt::Display for LoopyOutcomeClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
}

/// The value of a state for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mover {
    Wins,
    Loses,
    Draws,
}

impl LoopyGame {
    /// The states' successors as compressed rows of predecessors: state `2v` is position `v`
    /// with Left to move, `2v + 1` with Right to move. Returns (offsets, predecessors, number
    /// of moves of each state).
    fn predecessors(&self) -> (Vec<usize>, Vec<u32>, Vec<u32>) {
        let states = 2 * self.len();
        let mut count = vec![0usize; states + 1];
        let mut moves = vec![0u32; states];
        for v in 0..self.len() {
            for &w in &self.left[v] {
                count[2 * w as usize + 1] += 1;
            }
            for &w in &self.right[v] {
                count[2 * w as usize] += 1;
            }
            moves[2 * v] = self.left[v].len() as u32;
            moves[2 * v + 1] = self.right[v].len() as u32;
        }
        let mut offsets = vec![0usize; states + 1];
        for s in 0..states {
            offsets[s + 1] = offsets[s] + count[s];
        }
        let mut fill = offsets.clone();
        let mut preds = vec![0u32; offsets[states]];
        for v in 0..self.len() {
            for &w in &self.left[v] {
                let t = 2 * w as usize + 1;
                preds[fill[t]] = (2 * v) as u32;
                fill[t] += 1;
            }
            for &w in &self.right[v] {
                let t = 2 * w as usize;
                preds[fill[t]] = (2 * v + 1) as u32;
                fill[t] += 1;
            }
        }
        (offsets, preds, moves)
    }

    /// Every state's value for its mover (index `2v` Left to move, `2v + 1` Right).
    pub(super) fn solve(&self) -> Vec<Mover> {
        let (offsets, preds, mut open) = self.predecessors();
        let mut value = vec![Mover::Draws; open.len()];
        let mut queue: Vec<usize> = (0..open.len()).filter(|&s| open[s] == 0).collect();
        for &s in &queue {
            value[s] = Mover::Loses;
        }
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            for &p in &preds[offsets[s]..offsets[s + 1]] {
                let p = p as usize;
                if value[p] != Mover::Draws {
                    continue;
                }
                if value[s] == Mover::Loses {
                    value[p] = Mover::Wins;
                    queue.push(p);
                } else {
                    open[p] -= 1;
                    if open[p] == 0 {
                        value[p] = Mover::Loses;
                        queue.push(p);
                    }
                }
            }
        }
        value
    }

    /// The outcome class, infinite play a draw and a player unable to move losing.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, LoopyOutcomeClass};
    /// assert_eq!(LoopyGame::over().outcome(), LoopyOutcomeClass::L);
    /// assert_eq!(LoopyGame::off().outcome(), LoopyOutcomeClass::R);
    /// ```
    pub fn outcome(&self) -> LoopyOutcomeClass {
        let value = self.solve();
        let left_first = match value[0] {
            Mover::Wins => Winner::Left,
            Mover::Loses => Winner::Right,
            Mover::Draws => Winner::Draw,
        };
        let right_first = match value[1] {
            Mover::Wins => Winner::Right,
            Mover::Loses => Winner::Left,
            Mover::Draws => Winner::Draw,
        };
        LoopyOutcomeClass::from_winners(left_first, right_first)
    }

    /// Whether the game is a stopper: no position has a line of play alternating forever.
    /// (The states, linked by alternating moves, have no cycle: they all peel off from the
    /// states with no move.)
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert!(LoopyGame::on().is_stopper());
    /// assert!(LoopyGame::upon().is_stopper());
    /// assert!(!LoopyGame::dud().is_stopper());
    /// ```
    pub fn is_stopper(&self) -> bool {
        let (offsets, preds, mut open) = self.predecessors();
        let mut queue: Vec<usize> = (0..open.len()).filter(|&s| open[s] == 0).collect();
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            for &p in &preds[offsets[s]..offsets[s + 1]] {
                open[p as usize] -= 1;
                if open[p as usize] == 0 {
                    queue.push(p as usize);
                }
            }
        }
        queue.len() == open.len()
    }

    /// Whether the game has no cycle at all (it is a short game).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// use grundy::cgt::Arena;
    /// assert!(!LoopyGame::over().is_loopfree());
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{1|*}").unwrap();
    /// assert!(LoopyGame::from_short(&mut arena, g).unwrap().is_loopfree());
    /// ```
    pub fn is_loopfree(&self) -> bool {
        self.short_positions().iter().all(|&short| short)
    }

    /// Which positions have only finitely many followers and no cycle below them.
    pub(super) fn short_positions(&self) -> Vec<bool> {
        let mut short = vec![false; self.len()];
        for v in self.short_order() {
            short[v] = true;
        }
        short
    }

    /// The positions with no cycle below them, each after all its options: peeled from the
    /// positions without options.
    pub(super) fn short_order(&self) -> Vec<usize> {
        let n = self.len();
        let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
        let open: Vec<usize> = (0..n)
            .map(|v| self.left[v].len() + self.right[v].len())
            .collect();
        let mut open = open;
        for v in 0..n {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                parents[w as usize].push(v as u32);
            }
        }
        let mut queue: Vec<usize> = (0..n).filter(|&v| open[v] == 0).collect();
        let mut i = 0;
        while i < queue.len() {
            let v = queue[i];
            i += 1;
            for &p in &parents[v] {
                open[p as usize] -= 1;
                if open[p as usize] == 0 {
                    queue.push(p as usize);
                }
            }
        }
        queue
    }

    /// `G >= H` for stoppers: Left, moving second in `G - H`, does not lose.
    ///
    /// # Errors
    ///
    /// [`LoopyError::NotStopper`] when either game is not a stopper (survival is then not the
    /// order), [`LoopyError::TooLarge`] when `G - H` is too large.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// assert!(LoopyGame::on().geq(&LoopyGame::over()).unwrap());
    /// assert!(!LoopyGame::off().geq(&LoopyGame::under()).unwrap());
    /// ```
    pub fn geq(&self, other: &LoopyGame) -> Result<bool, LoopyError> {
        for game in [self, other] {
            if !game.is_stopper() {
                return Err(LoopyError::NotStopper(game.to_string()));
            }
        }
        self.survives_second(other)
    }

    /// Whether Left, moving second in `G - H`, does not lose (no check of stoppers).
    fn survives_second(&self, other: &LoopyGame) -> Result<bool, LoopyError> {
        let difference = self.difference(other)?;
        Ok(difference.solve()[1] != Mover::Wins)
    }

    /// How two stoppers compare: `Some(Less)`, `Some(Equal)`, `Some(Greater)`, or `None` when
    /// they are confused.
    ///
    /// # Errors
    ///
    /// As [`LoopyGame::geq`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// use std::cmp::Ordering;
    /// let over_plus_over = LoopyGame::over().sum(&LoopyGame::over()).unwrap();
    /// assert_eq!(over_plus_over.compare(&LoopyGame::over()).unwrap(), Some(Ordering::Equal));
    /// ```
    pub fn compare(&self, other: &LoopyGame) -> Result<Option<Ordering>, LoopyError> {
        let ge = self.geq(other)?;
        let le = other.survives_second(self)?;
        Ok(match (ge, le) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Greater),
            (false, true) => Some(Ordering::Less),
            (false, false) => None,
        })
    }
}
