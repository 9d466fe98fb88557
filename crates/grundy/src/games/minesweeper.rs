//! Minesweeper as a sum of games (hdu4678 "Mine").
//!
//! Two players alternately click an unopened cell that is not a mine; a player with no cell
//! to click loses. Clicking a numbered cell (one with a mine among its 8 neighbours) opens it
//! alone; clicking a blank cell (no mine neighbour) opens its whole 8-connected blank region
//! and every numbered cell bordering it.
//!
//! The board splits into independent components ([`Part`]): each blank region together with
//! its bordering numbered cells, each numbered cell that borders no blank region, and, where
//! numbered cells border two or more regions, each cluster of regions linked by such cells
//! ([`Linked`]). [`Minesweeper`] is that sum as a game; its components' nimbers come from
//! the engine's Grundy solver, never from a formula. [`Board`] finds the components (the
//! flood fill) and counts them in a [`Census`], whose [`Census::kinds`] the solver sums
//! (`GrundySolver::nimber_of_sum`), so that a board with a hundred thousand regions solves
//! each distinct kind of region once.

use crate::model::{Components, Game, Move};

mod board;
mod census;
mod parts;

pub use board::{Board, BoardError};
pub use census::Census;
pub use parts::{parts, Linked, Part};

/// Minesweeper as a game: a position is the list of unopened components of a board.
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::{Minesweeper, Part};
/// use grundy::solve::grundy::GrundySolver;
/// use grundy::{Budget, Nimber};
///
/// // An empty 3 x 3 board is one blank region: the first player opens it and wins.
/// let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
/// assert_eq!(solver.nimber(&vec![Part::Region { numbers: 0 }]).unwrap(), Nimber(1));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Minesweeper;

impl Game for Minesweeper {
    type Position = Vec<Part>;

    fn heap_bytes(&self, pos: &Vec<Part>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, pos: &Vec<Part>, out: &mut Vec<Move<Vec<Part>>>) {
        for (part_idx, part) in pos.iter().enumerate() {
            let without = || {
                let mut next = pos.clone();
                next.remove(part_idx);
                next
            };
            match part {
                Part::Number => out.push(Move::to(without())),
                Part::Linked(linked) => {
                    let mut results = Vec::new();
                    linked.moves(&mut results);
                    for result in results {
                        let mut next = without();
                        next.extend(result);
                        out.push(Move::to(next));
                    }
                }
                &Part::Region { numbers } => {
                    // A blank cell: the region and its bordering numbers open at once.
                    out.push(Move::to(without()));
                    if numbers > 0 {
                        // One bordering numbered cell, opened alone.
                        let mut next = pos.clone();
                        next[part_idx] = Part::Region {
                            numbers: numbers - 1,
                        };
                        out.push(Move::to(next));
                    }
                }
            }
        }
    }
}

impl Components for Minesweeper {
    fn components(&self, pos: &Vec<Part>, out: &mut Vec<Vec<Part>>) {
        out.extend(pos.iter().map(|part| vec![part.clone()]));
    }
}

#[cfg(test)]
mod tests;
