//! Onsides and offsides of loopy games that are not stoppers (Winning Ways, ch. 11; Siegel,
//! *Combinatorial Game Theory*, ch. VI, "Sides" and "Sidling").
//!
//! The onside `G+` is the stopper that plays as `G` does when infinite play in `G` is a win
//! for Left, the offside `G-` the one for Right. Their order needs no explicit sides:
//! `G+ <= H+` exactly when Left, moving second in `H - G`, can play so that either Right
//! cannot move or infinitely many moves are made in `H` (a Büchi game on the pairs of
//! positions; for stoppers, where play cannot stay in `-G` forever, it is survival). For
//! offsides the moves that must recur are those in `-G`.
//!
//! The sides themselves are found as stoppers on `G`'s own graph: a move on a line that
//! alternates forever is deleted (or, for the side that wins infinite play, pointed at
//! `on` or `off`) when the side's value does not change, checked by that order, until no
//! such line is left. A game whose sides cannot be reached so (Bach's Carousel, whose sides
//! are not stoppers) is refused with [`LoopyError::NotStopperSided`].

use super::error::{LoopyError, MAX_POSITIONS};
use super::graph::LoopyGame;

/// The most positions a game that is not a stopper may have for its sides to be searched
/// (each trial compares the game with itself, a product of this many squared pairs).
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{LoopyGame, MAX_SIDED};
/// assert!(LoopyGame::dud().len() <= MAX_SIDED);
/// ```
pub const MAX_SIDED: usize = 1 << 6;

/// Which side of a loopy game: the onside (infinite play counts for Left) or the offside
/// (for Right).
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{LoopyGame, Side};
/// assert_eq!(LoopyGame::dud().side(Side::On).unwrap(), LoopyGame::on());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The onside, `G+`.
    On,
    /// The offside, `G-`.
    Off,
}

/// The pairs of positions of `H - G` reachable from the start, with every move and whether
/// it is made in `H`. State `2p` is pair `p` with Left to move, `2p + 1` with Right.
struct Pairs {
    /// Per state: (successor state, move made in `H`).
    moves: Vec<Vec<(u32, bool)>>,
}

impl Pairs {
    fn new(h: &LoopyGame, g: &LoopyGame) -> Result<Pairs, LoopyError> {
        let mut number = rustc_hash::FxHashMap::default();
        let mut order = vec![(0u32, 0u32)];
        number.insert((0u32, 0u32), 0u32);
        let mut moves = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let (a, b) = order[i];
            let (a, b) = (a as usize, b as usize);
            // Left moves in H as H's Left, in -G as G's Right; Right the other way round.
            for (in_h, in_g) in [(&h.left[a], &g.right[b]), (&h.right[a], &g.left[b])] {
                let mut out = Vec::with_capacity(in_h.len() + in_g.len());
                let pairs = in_h
                    .iter()
                    .map(|&x| ((x, b as u32), true))
                    .chain(in_g.iter().map(|&y| ((a as u32, y), false)));
                for (pair, made_in_h) in pairs {
                    let next = *number.entry(pair).or_insert_with(|| {
                        order.push(pair);
                        (order.len() - 1) as u32
                    });
                    out.push((next, made_in_h));
                }
                moves.push(out);
            }
            if order.len() > MAX_POSITIONS {
                return Err(LoopyError::TooLarge(order.len()));
            }
            i += 1;
        }
        // A move from a state with Left to move lands on the pair with Right to move.
        for (s, out) in moves.iter_mut().enumerate() {
            for (t, _) in out.iter_mut() {
                *t = 2 * *t + 1 - (s % 2) as u32;
            }
        }
        Ok(Pairs { moves })
    }

    /// The states from which Left, against any play, makes either Right unable to move or
    /// infinitely many moves that `accepting` marks: the greatest set `Z` of states from
    /// which Left can force, staying in `Z`, a marked move or Right's being stuck.
    fn buchi(&self, accepting: impl Fn(bool) -> bool) -> Vec<bool> {
        let states = self.moves.len();
        let mut preds: Vec<Vec<(u32, bool)>> = vec![Vec::new(); states];
        for (s, out) in self.moves.iter().enumerate() {
            for &(t, in_h) in out {
                preds[t as usize].push((s as u32, accepting(in_h)));
            }
        }
        let mut in_z = vec![true; states];
        loop {
            // Good: Left can force, within Z, a marked move (or Right stuck) soon.
            let mut good = vec![false; states];
            let mut open: Vec<usize> = self.moves.iter().map(Vec::len).collect();
            let mut queue = Vec::new();
            for s in 0..states {
                if !in_z[s] {
                    continue;
                }
                let right_to_move = s % 2 == 1;
                let out = &self.moves[s];
                let sure = |&(t, in_h): &(u32, bool)| in_z[t as usize] && accepting(in_h);
                if right_to_move {
                    let satisfied = out.iter().filter(|m| sure(m)).count();
                    open[s] -= satisfied;
                    if open[s] == 0 {
                        mark(s, &mut good, &mut queue);
                    }
                } else if out.iter().any(sure) {
                    mark(s, &mut good, &mut queue);
                }
            }
            let mut i = 0;
            while i < queue.len() {
                let t = queue[i];
                i += 1;
                for &(s, marked) in &preds[t] {
                    let s = s as usize;
                    if !in_z[s] || good[s] || marked {
                        continue;
                    }
                    if s % 2 == 1 {
                        open[s] -= 1;
                        if open[s] == 0 {
                            mark(s, &mut good, &mut queue);
                        }
                    } else {
                        mark(s, &mut good, &mut queue);
                    }
                }
            }
            if good == in_z {
                return in_z;
            }
            in_z = good;
        }
    }
}

impl LoopyGame {
    /// `G+ <= H+` (for [`Side::On`]) or `G- <= H-` (for [`Side::Off`]), for any games: the
    /// Büchi game of the module's notes. For stoppers both are `G <= H`.
    ///
    /// # Errors
    ///
    /// [`LoopyError::TooLarge`] when `H - G` has more than [`MAX_POSITIONS`] pairs.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, Side};
    /// let dud = LoopyGame::dud();
    /// // dud's onside is on, its offside off.
    /// assert!(LoopyGame::on().side_leq(&dud, Side::On).unwrap());
    /// assert!(dud.side_leq(&LoopyGame::off(), Side::Off).unwrap());
    /// assert!(!LoopyGame::over().side_leq(&dud, Side::Off).unwrap());
    /// ```
    pub fn side_leq(&self, other: &LoopyGame, side: Side) -> Result<bool, LoopyError> {
        let pairs = Pairs::new(other, self)?;
        let wins = match side {
            Side::On => pairs.buchi(|in_h| in_h),
            Side::Off => pairs.buchi(|in_h| !in_h),
        };
        Ok(wins[1])
    }

    /// Whether the two games have equal sides of this kind.
    fn side_equal(&self, other: &LoopyGame, side: Side) -> Result<bool, LoopyError> {
        Ok(self.side_leq(other, side)? && other.side_leq(self, side)?)
    }

    /// `G >= H` in the order of loopy games: `G+ >= H+` and `G- >= H-` (for stoppers, Left
    /// survives `G - H` moving second, as [`LoopyGame::geq`]).
    ///
    /// # Errors
    ///
    /// As [`LoopyGame::side_leq`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// let dud = LoopyGame::dud();
    /// assert!(LoopyGame::on().sided_geq(&dud).unwrap());
    /// assert!(!dud.sided_geq(&LoopyGame::on()).unwrap());
    /// ```
    pub fn sided_geq(&self, other: &LoopyGame) -> Result<bool, LoopyError> {
        Ok(other.side_leq(self, Side::On)? && other.side_leq(self, Side::Off)?)
    }

    /// The onside or offside as a stopper in simplest form ([`LoopyGame::simplest`]); a
    /// stopper is its own sides.
    ///
    /// # Errors
    ///
    /// [`LoopyError::NotStopperSided`] when no stopper is reached (see the module's notes),
    /// [`LoopyError::TooLarge`] for a game of more than [`MAX_SIDED`] positions that is not a
    /// stopper.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::{LoopyGame, Side};
    /// let g = LoopyGame::on().sum(&LoopyGame::off()).unwrap();
    /// assert_eq!(g.side(Side::Off).unwrap(), LoopyGame::off());
    /// ```
    pub fn side(&self, side: Side) -> Result<LoopyGame, LoopyError> {
        if self.is_stopper() {
            return self.simplest();
        }
        if self.len() > MAX_SIDED {
            return Err(LoopyError::TooLarge(self.len()));
        }
        let mut current = self.clone();
        while !current.is_stopper() {
            let found =
                current
                    .trials(side)
                    .find_map(|trial| match trial.side_equal(&current, side) {
                        Ok(true) => Some(Ok(trial)),
                        Ok(false) => None,
                        Err(err) => Some(Err(err)),
                    });
            match found {
                Some(next) => current = next?,
                None => return Err(LoopyError::NotStopperSided(self.to_string())),
            }
        }
        current.simplest()
    }

    /// The games made by one change to a move on a line alternating forever: deleting it,
    /// and for the side's winner of infinite play, pointing it at `on` (Left) or `off`.
    fn trials(&self, side: Side) -> impl Iterator<Item = LoopyGame> + '_ {
        let cyclic = self.alternating_moves();
        // The loser of infinite play gives up its looping moves first.
        let order: Vec<(usize, bool, usize, bool)> = {
            let mut all = Vec::new();
            for redirect in [false, true] {
                for loser_first in [true, false] {
                    let left = match side {
                        Side::On => !loser_first,
                        Side::Off => loser_first,
                    };
                    if redirect && left != (side == Side::On) {
                        continue;
                    }
                    for &(v, is_left, k) in &cyclic {
                        if is_left == left {
                            all.push((v, is_left, k, redirect));
                        }
                    }
                }
            }
            all
        };
        order
            .into_iter()
            .filter_map(move |(v, is_left, k, redirect)| {
                let mut positions: Vec<(Vec<usize>, Vec<usize>)> = (0..self.len())
                    .map(|u| {
                        let widen = |o: &[u32]| o.iter().map(|&w| w as usize).collect();
                        (widen(&self.left[u]), widen(&self.right[u]))
                    })
                    .collect();
                let end = positions.len();
                let options = if is_left {
                    &mut positions[v].0
                } else {
                    &mut positions[v].1
                };
                if redirect {
                    options[k] = end;
                    positions.push(if is_left {
                        (vec![end], vec![])
                    } else {
                        (vec![], vec![end])
                    });
                } else {
                    options.remove(k);
                }
                LoopyGame::new(&positions, 0).ok()
            })
    }

    /// The moves `(position, Left's move, index)` on some line alternating forever: moves
    /// between states (position, mover) of one strongly connected component.
    fn alternating_moves(&self) -> Vec<(usize, bool, usize)> {
        let states = 2 * self.len();
        let succ = |s: usize| -> Vec<usize> {
            let (v, side) = (s / 2, s % 2);
            let options = if side == 0 {
                &self.left[v]
            } else {
                &self.right[v]
            };
            options.iter().map(|&w| 2 * w as usize + 1 - side).collect()
        };
        let component = components(states, &succ);
        let mut moves = Vec::new();
        for s in 0..states {
            for (k, t) in succ(s).into_iter().enumerate() {
                if component[s] == component[t] {
                    moves.push((s / 2, s % 2 == 0, k));
                }
            }
        }
        moves
    }
}

/// Strongly connected components (Tarjan's, iteratively): each state's component number.
fn components(states: usize, succ: &dyn Fn(usize) -> Vec<usize>) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; states];
    let mut low = vec![0usize; states];
    let mut on_stack = vec![false; states];
    let mut stack = Vec::new();
    let mut component = vec![NONE; states];
    let (mut next_index, mut next_component) = (0usize, 0usize);
    for root in 0..states {
        if index[root] != NONE {
            continue;
        }
        // Frames: (state, its successors, next successor to visit).
        let mut frames: Vec<(usize, Vec<usize>, usize)> = vec![(root, succ(root), 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(frame) = frames.last_mut() {
            let s = frame.0;
            if frame.2 < frame.1.len() {
                let t = frame.1[frame.2];
                frame.2 += 1;
                if index[t] == NONE {
                    index[t] = next_index;
                    low[t] = next_index;
                    next_index += 1;
                    stack.push(t);
                    on_stack[t] = true;
                    frames.push((t, succ(t), 0));
                } else if on_stack[t] {
                    low[s] = low[s].min(index[t]);
                }
                continue;
            }
            frames.pop();
            if let Some(parent) = frames.last() {
                low[parent.0] = low[parent.0].min(low[s]);
            }
            if low[s] == index[s] {
                while let Some(t) = stack.pop() {
                    on_stack[t] = false;
                    component[t] = next_component;
                    if t == s {
                        break;
                    }
                }
                next_component += 1;
            }
        }
    }
    component
}

/// Marks state `t` good, once.
fn mark(t: usize, good: &mut [bool], queue: &mut Vec<usize>) {
    if !good[t] {
        good[t] = true;
        queue.push(t);
    }
}
