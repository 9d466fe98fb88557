//! The grid corner game (hdu2147, "kiki's game"): a coin on a grid moves one cell left, one
//! cell down, or one cell diagonally left-down; a player who cannot move loses.
//!
//! A position is the coin's distance `(x, y)` from the bottom-left corner. Closed form: the
//! player to move loses exactly when `x` and `y` are both even: from (even, even) every move
//! makes a coordinate odd, and from any other cell one move (left if `x` is odd and `y` even,
//! down if the reverse, diagonal if both are odd) reaches (even, even).

use crate::model::{Game, Move};
use crate::value::Outcome;

/// The grid corner game as a [`Game`]; a position is `(x, y)`, the distance to the corner.
///
/// # Examples
///
/// ```
/// use grundy::games::corner::Corner;
/// use grundy::solve::memo::{MemoSearch, Outcomes};
/// use grundy::{Budget, Outcome, Play};
/// let mut search = MemoSearch::new(&Corner, Outcomes(Play::Normal), Budget::default());
/// assert_eq!(search.value(&(2, 4)).unwrap(), Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Corner;

impl Game for Corner {
    type Position = (u64, u64);

    fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<Move<(u64, u64)>>) {
        if x > 0 {
            out.push(Move::to((x - 1, y)));
        }
        if y > 0 {
            out.push(Move::to((x, y - 1)));
        }
        if x > 0 && y > 0 {
            out.push(Move::to((x - 1, y - 1)));
        }
    }

    fn reachable(&self, &(x, y): &(u64, u64)) -> Option<u64> {
        Some(x.saturating_add(1).saturating_mul(y.saturating_add(1)))
    }
}

/// The outcome for the player to move.
///
/// # Examples
///
/// ```
/// use grundy::games::corner::outcome;
/// use grundy::Outcome;
/// assert_eq!(outcome((4, 2)), Outcome::Loss);
/// assert_eq!(outcome((4, 3)), Outcome::Win);
/// ```
pub fn outcome((x, y): (u64, u64)) -> Outcome {
    if x % 2 == 0 && y % 2 == 0 {
        Outcome::Loss
    } else {
        Outcome::Win
    }
}

/// The winning move (there is exactly one), as the cell it reaches; `None` on a loss.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::corner::winning_move((3, 5)), Some((2, 4)));
/// ```
pub fn winning_move((x, y): (u64, u64)) -> Option<(u64, u64)> {
    match (x % 2, y % 2) {
        (0, 0) => None,
        (1, 0) => Some((x - 1, y)),
        (0, _) => Some((x, y - 1)),
        _ => Some((x - 1, y - 1)),
    }
}

/// The outcome of hdu2147's `n x m` board with the coin at the top-right corner: the
/// distance to the bottom-left corner is `(m - 1, n - 1)`.
///
/// # Examples
///
/// ```
/// use grundy::games::corner::board_outcome;
/// use grundy::Outcome;
/// assert_eq!(board_outcome(5, 3), Outcome::Loss);
/// assert_eq!(board_outcome(6, 6), Outcome::Win);
/// ```
pub fn board_outcome(rows: u64, columns: u64) -> Outcome {
    outcome((columns.saturating_sub(1), rows.saturating_sub(1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::memo::{MemoSearch, Outcomes};
    use crate::solve::strategy::optimal_moves;
    use crate::{Budget, Play};

    /// Every cell of the rectangle is reachable: `reachable` is exact.
    #[test]
    fn reachable_is_the_rectangle() {
        for x in 0..8 {
            for y in 0..8 {
                let count = crate::testing::check_bounds(&Corner, &(x, y));
                assert_eq!(Corner.reachable(&(x, y)), Some(count));
            }
        }
    }

    /// Outcome and the winning move against the engine on every cell up to 40 x 40.
    #[test]
    fn closed_form_matches_search() {
        let mut search = MemoSearch::new(&Corner, Outcomes(Play::Normal), Budget::default());
        let mut compared = 0;
        for x in 0..=40 {
            for y in 0..=40 {
                let best = optimal_moves(&mut search, &(x, y)).unwrap();
                assert_eq!(best.value, outcome((x, y)));
                let found: Vec<(u64, u64)> = if best.value == Outcome::Win {
                    best.moves.into_iter().map(|m| m.mv.to).collect()
                } else {
                    Vec::new()
                };
                assert_eq!(found, winning_move((x, y)).into_iter().collect::<Vec<_>>());
                compared += 1;
            }
        }
        assert_eq!(compared, 41 * 41);
    }
}
