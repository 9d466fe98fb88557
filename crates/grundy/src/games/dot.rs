//! Dot (Codeforces 69D): a point, a set of vectors, and one reflection each.
//!
//! Players alternately either add one of the given vectors to the point or, once per game
//! each, reflect it in the line y = x. A player after whose move the point lies farther than
//! `d` from the origin loses.
//!
//! Such a move is left out of the game rather than modelled as a move to a lost position:
//! the mover loses at once by it, so it is never better than any other move, and a player
//! whose every move is of that kind has no other move and loses, exactly as a player with no
//! moves loses under normal play. Reflection keeps the distance, so it is always safe while
//! available. A position holds the point and whether the player to move and the opponent
//! may still reflect; each move swaps the two flags, since the turn passes.
//!
//! # The reflections do not change a start's outcome
//!
//! [`Dot::start_outcome`] answers a start (both players may still reflect) from the game
//! *without* reflections, whose positions are bare points. Let `W(p)` be that game's
//! outcome. If `W(p)` is a win, the player to move plays its winning additions; if the
//! opponent ever reflects, from a point `q` where the opponent was to move and `W(q)` is a
//! loss, the player reflects straight back: the point is `q` again, the opponent is to move,
//! no reflection is left, so the opponent loses. (The player still has its reflection then,
//! since it never reflected first.) If `W(p)` is a loss, the same argument serves the
//! opponent: every addition leads to a point the opponent wins without reflections, and a
//! reflection is answered by reflecting back to `p` with no reflections left. So a start's
//! outcome is `W(p)`; the test `start_outcome_matches_memo_search` checks this against the
//! full search on thousands of random games.
//!
//! Additions never lower a coordinate (vectors are non-negative and non-zero), so `W` is a
//! table over the points from the start up to the disc's edge, filled in one pass from the
//! largest coordinates down, with no hashing: a byte a point.

use crate::limits::{Budget, SolveError};
use crate::model::{Game, Move};
use crate::value::Outcome;

/// Dot with its vectors and distance limit.
///
/// # Examples
///
/// ```
/// use grundy::games::dot::{Dot, Point};
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
///
/// // Codeforces 69D's first sample: from (0, 0) with vectors (1, 1), (1, 2) and d = 3.
/// let game = Dot::new(vec![(1, 1), (1, 2)], 3).unwrap();
/// let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
/// assert_eq!(search.value(&Point::start(0, 0)).unwrap(), Outcome::Win);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    vectors: Vec<(i32, i32)>,
    radius: i32,
}

/// A position of Dot: the point, and who may still reflect.
///
/// # Examples
///
/// ```
/// let p = grundy::games::dot::Point::start(3, -1);
/// assert!(p.mover_reflects && p.other_reflects);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    /// The x coordinate.
    pub x: i32,
    /// The y coordinate.
    pub y: i32,
    /// True while the player to move may still reflect.
    pub mover_reflects: bool,
    /// True while the other player may still reflect.
    pub other_reflects: bool,
}

impl Point {
    /// The starting position at (`x`, `y`): both players may reflect.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::dot::Point::start(1, 2).y, 2);
    /// ```
    pub fn start(x: i32, y: i32) -> Point {
        Point {
            x,
            y,
            mover_reflects: true,
            other_reflects: true,
        }
    }
}

impl Dot {
    /// Dot with these vectors and distance limit `radius`. `None` when the limit is negative,
    /// or a vector is zero or has a negative coordinate (the game could then last for ever),
    /// or a coordinate exceeds 2^20 in size.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::dot::Dot;
    /// assert!(Dot::new(vec![(1, 0)], 5).is_some());
    /// assert!(Dot::new(vec![(0, 0)], 5).is_none());
    /// ```
    pub fn new(vectors: Vec<(i32, i32)>, radius: i32) -> Option<Dot> {
        const MAX: i32 = 1 << 20;
        let valid = (0..=MAX).contains(&radius)
            && vectors
                .iter()
                .all(|&(x, y)| (0..=MAX).contains(&x) && (0..=MAX).contains(&y) && x + y > 0);
        valid.then_some(Dot { vectors, radius })
    }

    /// True when (`x`, `y`) lies within the distance limit.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::dot::Dot::new(vec![(1, 0)], 5).unwrap();
    /// assert!(game.within(3, 4));
    /// assert!(!game.within(4, 4));
    /// ```
    pub fn within(&self, x: i32, y: i32) -> bool {
        let (x, y, r) = (i64::from(x), i64::from(y), i64::from(self.radius));
        x * x + y * y <= r * r
    }
}

impl Dot {
    /// The outcome of a start at (`x`, `y`), where both players may still reflect, for the
    /// player to move. Computed from the game without reflections (see the module doc for
    /// why that gives the same outcome) in a table of a byte per point of the rectangle
    /// from (`x`, `y`) to the disc's edge, checked against `budget` before it is allocated.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] when the table would exceed the budget's bytes;
    /// [`SolveError::Unsupported`] when (`x`, `y`) lies outside the disc.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::dot::Dot;
    /// use grundy::{Budget, Outcome};
    ///
    /// // Codeforces 69D's samples: d = 3 is Anton's (a win), d = 4 Dasha's (a loss).
    /// let win = Dot::new(vec![(1, 1), (1, 2)], 3).unwrap();
    /// assert_eq!(win.start_outcome(0, 0, &Budget::default()).unwrap(), Outcome::Win);
    /// let loss = Dot::new(vec![(1, 1), (1, 2)], 4).unwrap();
    /// assert_eq!(loss.start_outcome(0, 0, &Budget::default()).unwrap(), Outcome::Loss);
    /// ```
    pub fn start_outcome(&self, x: i32, y: i32, budget: &Budget) -> Result<Outcome, SolveError> {
        if !self.within(x, y) {
            return Err(SolveError::Unsupported(format!(
                "the start ({x}, {y}) lies outside the disc of radius {}",
                self.radius
            )));
        }
        // The rectangle [x, radius] x [y, radius] holds every point reachable by additions.
        let width = i64::from(self.radius) - i64::from(x) + 1;
        let height = i64::from(self.radius) - i64::from(y) + 1;
        let cells = (width as u64).saturating_mul(height as u64);
        budget.check_bytes(cells)?;
        budget.check_cancelled()?;
        let (width, height) = (width as usize, height as usize);
        // wins[i * height + j]: the player to move at (x + i, y + j) wins. Points outside the
        // disc are never read: a move there is left out of the game.
        let mut wins = vec![false; width * height];
        let vectors: Vec<(usize, usize)> = self
            .vectors
            .iter()
            .map(|&(dx, dy)| (dx as usize, dy as usize))
            .collect();
        let r2 = i64::from(self.radius) * i64::from(self.radius);
        let inside = |i: usize, j: usize| {
            let (px, py) = (i64::from(x) + i as i64, i64::from(y) + j as i64);
            px * px + py * py <= r2
        };
        for i in (0..width).rev() {
            for j in (0..height).rev() {
                if !inside(i, j) {
                    continue;
                }
                wins[i * height + j] = vectors.iter().any(|&(dx, dy)| {
                    let (ni, nj) = (i + dx, j + dy);
                    ni < width && nj < height && inside(ni, nj) && !wins[ni * height + nj]
                });
            }
        }
        Ok(if wins[0] { Outcome::Win } else { Outcome::Loss })
    }
}

impl Game for Dot {
    type Position = Point;

    fn moves(&self, pos: &Point, out: &mut Vec<Move<Point>>) {
        for &(dx, dy) in &self.vectors {
            let (x, y) = (pos.x + dx, pos.y + dy);
            if self.within(x, y) {
                out.push(Move::to(Point {
                    x,
                    y,
                    mover_reflects: pos.other_reflects,
                    other_reflects: pos.mover_reflects,
                }));
            }
        }
        if pos.mover_reflects {
            out.push(Move::to(Point {
                x: pos.y,
                y: pos.x,
                mover_reflects: pos.other_reflects,
                other_reflects: false,
            }));
        }
    }

    /// The points `p + a u + b v` inside the disc, for two vectors `u`, `v` not on one line
    /// (or `p + a u` for the first vector when all are): distinct for distinct `(a, b)`,
    /// and each reached by adding `u` a times, then `v` b times, inside the disc all the
    /// way (a disc is convex). Counted a row `a` at a time, each row's length found by
    /// bisection: O(d log d) steps.
    fn reachable(&self, pos: &Point) -> Option<u64> {
        let (first, rest) = self.vectors.split_first()?;
        let u = (i64::from(first.0), i64::from(first.1));
        let second = rest
            .iter()
            .map(|&(dx, dy)| (i64::from(dx), i64::from(dy)))
            .find(|v| u.0 * v.1 != u.1 * v.0);
        let r2 = i128::from(self.radius) * i128::from(self.radius);
        // Points up to 2^21 vectors of 2^20 away: squared, past i64.
        let inside = |x: i64, y: i64| {
            let (x, y) = (i128::from(x), i128::from(y));
            x * x + y * y <= r2
        };
        let (px, py) = (i64::from(pos.x), i64::from(pos.y));
        if !inside(px, py) {
            return Some(1);
        }
        // Along a ray from a point inside, the points inside are a run from its start; a
        // vector moves a point by at least 1, so no run is longer than the disc is wide.
        let widest = 2 * i64::from(self.radius) + 1;
        let run = |x: i64, y: i64, (dx, dy): (i64, i64)| {
            let (mut inside_to, mut outside_at) = (0, widest + 1);
            while outside_at - inside_to > 1 {
                let mid = (inside_to + outside_at) / 2;
                if inside(x + mid * dx, y + mid * dy) {
                    inside_to = mid;
                } else {
                    outside_at = mid;
                }
            }
            inside_to as u64 + 1
        };
        let Some(v) = second else {
            return Some(run(px, py, u));
        };
        let mut count = 0u64;
        let (mut x, mut y) = (px, py);
        while inside(x, y) {
            count = count.saturating_add(run(x, y, v));
            (x, y) = (x + u.0, y + u.1);
        }
        Some(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::{Budget, Outcome, Play};

    /// Whether the player to move wins, by plain recursion in which a move leaving the disc
    /// is played and loses for its mover.
    fn plain(vectors: &[(i32, i32)], d: i32, x: i32, y: i32, mine: bool, theirs: bool) -> bool {
        let outside = |x: i32, y: i32| x * x + y * y > d * d;
        let adds = vectors.iter().any(|&(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            !outside(nx, ny) && !plain(vectors, d, nx, ny, theirs, mine)
        });
        adds || (mine && !plain(vectors, d, y, x, theirs, false))
    }

    /// `reachable` is at most the positions a plain walk finds, on small discs with one,
    /// two and three vectors, from several starts.
    #[test]
    fn reachable_is_a_lower_bound() {
        let mut compared = 0;
        for vectors in [
            vec![(1, 1)],
            vec![(1, 1), (1, 2)],
            vec![(2, 0), (0, 1), (1, 1)],
            vec![(1, 2), (2, 4)],
        ] {
            for d in 1..=6 {
                let game = Dot::new(vectors.clone(), d).unwrap();
                for (x, y) in [(0, 0), (-d / 2, 0), (1, -d / 2), (0, d)] {
                    if game.within(x, y) {
                        crate::testing::check_bounds(&game, &Point::start(x, y));
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 60, "{compared}");
        // A disc of radius 10^5: about 10^10 / 2 points from the origin by (1, 1), (1, 2).
        let game = Dot::new(vec![(1, 1), (1, 2)], 100_000).unwrap();
        assert!(game.reachable(&Point::start(0, 0)).unwrap() > 1_000_000_000);
    }

    /// Codeforces 69D's samples: `0 0 2 3 / 1 1 / 1 2` is Anton's, with d = 4 Dasha's.
    #[test]
    fn samples() {
        for (d, wins) in [(3, true), (4, false)] {
            let game = Dot::new(vec![(1, 1), (1, 2)], d).unwrap();
            let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
            assert_eq!(
                search.value(&Point::start(0, 0)).unwrap() == Outcome::Win,
                wins
            );
        }
    }

    /// The memo search agrees with plain recursion on every start of small games.
    #[test]
    fn matches_plain_recursion() {
        let mut compared = 0;
        for (vectors, d) in [
            (vec![(1, 1), (1, 2)], 4),
            (vec![(2, 0), (0, 1)], 5),
            (vec![(1, 0), (3, 1), (0, 2)], 6),
        ] {
            let game = Dot::new(vectors.clone(), d).unwrap();
            let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
            for x in -d..=d {
                for y in -d..=d {
                    if x * x + y * y < d * d {
                        let value = search.value(&Point::start(x, y)).unwrap();
                        assert_eq!(
                            value == Outcome::Win,
                            plain(&vectors, d, x, y, true, true),
                            "{vectors:?} d = {d} from ({x}, {y})"
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 150, "{compared}");
    }

    /// The table without reflections gives the full search's outcome at every start of
    /// random small games: the module doc's argument, checked.
    #[test]
    fn start_outcome_matches_memo_search() {
        let mut rng = crate::testing::Rng(0x69d_5eed);
        let mut compared = 0;
        for _ in 0..300 {
            let n = 1 + rng.below(4) as usize;
            let vectors: Vec<(i32, i32)> = (0..n)
                .map(|_| loop {
                    let v = (rng.below(4) as i32, rng.below(4) as i32);
                    if v != (0, 0) {
                        break v;
                    }
                })
                .collect();
            let d = 1 + rng.below(7) as i32;
            let game = Dot::new(vectors.clone(), d).unwrap();
            let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
            for x in -d..=d {
                for y in -d..=d {
                    if game.within(x, y) {
                        let full = search.value(&Point::start(x, y)).unwrap();
                        let fast = game.start_outcome(x, y, &Budget::default()).unwrap();
                        assert_eq!(fast, full, "{vectors:?} d = {d} from ({x}, {y})");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// The table is checked against the budget before it is allocated, and a start outside
    /// the disc is refused.
    #[test]
    fn start_outcome_refusals() {
        let game = Dot::new(vec![(1, 0)], 1 << 20).unwrap();
        let err = game
            .start_outcome(0, 0, &Budget::default().with_bytes(1 << 20))
            .unwrap_err();
        assert!(matches!(err, SolveError::TooLarge { .. }), "{err}");
        let small = Dot::new(vec![(1, 0)], 3).unwrap();
        assert!(matches!(
            small.start_outcome(3, 1, &Budget::default()),
            Err(SolveError::Unsupported(_))
        ));
    }
}
