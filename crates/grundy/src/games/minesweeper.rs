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
//! ([`Linked`]). [`Minesweeper`] is that sum as a game;
//! its components' nimbers come from the engine's [`GrundySolver`], never from a formula.
//! [`Board`] finds the components (the flood fill), and [`nimber`] combines a board's
//! [`Census`] of components through the solver, so that a board with a hundred thousand
//! regions solves each distinct kind of region once.

use std::collections::BTreeMap;

use crate::limits::{Budget, SolveError};
use crate::model::{Components, Game, Move};
use crate::solve::grundy::GrundySolver;
use crate::value::Nimber;

mod board;
mod linked;

pub use board::{Board, BoardError};
pub use linked::{parts, Linked};

/// One independent component of a Minesweeper board.
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::Part;
/// assert!(Part::Region { numbers: 2 } < Part::Number);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// An unopened blank region with `numbers` unopened numbered cells bordering it. Clicking
    /// any of its blank cells opens all of it; clicking one of the numbered cells opens that
    /// cell alone.
    Region {
        /// The unopened numbered cells bordering the region.
        numbers: u32,
    },
    /// An unopened numbered cell bordering no blank region: one click opens it.
    Number,
    /// Blank regions linked by numbered cells bordering more than one of them.
    Linked(Linked),
}

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

/// How many components of each kind a board has: its position, counted.
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::Board;
/// let mut board = Board::new(3, 3).unwrap();
/// board.add_mine(1, 1).unwrap();
/// let census = board.census().unwrap();
/// // The mine's eight neighbours are numbered cells bordering no blank cell.
/// assert_eq!(census.numbers, 8);
/// assert!(census.regions.is_empty());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// For each count of bordering numbered cells, how many blank regions have it.
    pub regions: BTreeMap<u32, u64>,
    /// The numbered cells bordering no blank region.
    pub numbers: u64,
    /// For each cluster of linked regions, how many the board has.
    pub linked: BTreeMap<Linked, u64>,
}

impl Census {
    /// The components one by one, as a [`Minesweeper`] position.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::minesweeper::{Census, Part};
    /// let census = Census { regions: [(1, 2)].into(), numbers: 1, ..Census::default() };
    /// assert_eq!(census.position().len(), 3);
    /// assert_eq!(census.position()[2], Part::Number);
    /// ```
    pub fn position(&self) -> Vec<Part> {
        let mut res = Vec::new();
        for (&numbers, &count) in &self.regions {
            res.extend((0..count).map(|_| Part::Region { numbers }));
        }
        res.extend((0..self.numbers).map(|_| Part::Number));
        for (linked, &count) in &self.linked {
            res.extend((0..count).map(|_| Part::Linked(linked.clone())));
        }
        res
    }
}

/// The nimber of a board from its census: each distinct kind of component is solved once by
/// `solver` (which keeps its table between calls), and the Sprague-Grundy theorem XORs the
/// components, so a kind present an even number of times cancels. A region's numbered cells
/// count modulo 2 (see [`Linked`] for why).
///
/// # Errors
///
/// As [`GrundySolver::nimber`] (only [`SolveError::TooLarge`] or
/// [`SolveError::Interrupted`] can happen here).
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::{nimber, Census, Minesweeper};
/// use grundy::solve::grundy::GrundySolver;
/// use grundy::{Budget, Nimber};
/// let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
/// // One region bordered by one numbered cell, and one lone numbered cell.
/// let census = Census { regions: [(1, 1)].into(), numbers: 1, ..Census::default() };
/// assert_eq!(nimber(&census, &mut solver).unwrap(), Nimber(2 ^ 1));
/// ```
pub fn nimber(
    census: &Census,
    solver: &mut GrundySolver<'_, Minesweeper>,
) -> Result<Nimber, SolveError> {
    let mut res = Nimber::ZERO;
    for (&numbers, &count) in &census.regions {
        if count % 2 == 1 {
            // Two numbered cells of a region cancel (the mirror argument of [`Linked`]), so
            // a region with 10,000 of them is solved as one with 0 or 1.
            let numbers = numbers % 2;
            res = res ^ solver.nimber(&vec![Part::Region { numbers }])?;
        }
    }
    if census.numbers % 2 == 1 {
        res = res ^ solver.nimber(&vec![Part::Number])?;
    }
    for (linked, &count) in &census.linked {
        if count % 2 == 1 {
            res = res ^ solver.nimber(&vec![Part::Linked(linked.clone())])?;
        }
    }
    Ok(res)
}

/// The nimber of `board`: its census solved by a fresh [`GrundySolver`] under `budget`.
///
/// # Errors
///
/// [`BoardError::Cluster`] when more than 64 regions are linked, or a solver error (a cluster
/// of linked regions too large for the budget).
///
/// # Examples
///
/// ```
/// use grundy::games::minesweeper::{board_nimber, Board};
/// use grundy::{Budget, Nimber};
/// let board = Board::new(3, 3).unwrap();
/// assert_eq!(board_nimber(&board, Budget::default()).unwrap(), Nimber(1));
/// ```
pub fn board_nimber(board: &Board, budget: Budget) -> Result<Nimber, BoardError> {
    let census = board.census()?;
    let mut solver = GrundySolver::new(&Minesweeper, budget);
    Ok(nimber(&census, &mut solver)?)
}

#[cfg(test)]
mod tests;
