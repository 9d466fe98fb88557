//! A board's components counted by kind ([`Census`]): what `Board::census` finds, and what
//! the solver sums, each kind once.

use std::collections::BTreeMap;

use super::parts::{Linked, Part};

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
    /// The components one by one, as a `Minesweeper` position.
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

    /// Each kind of component once, as a one-component `Minesweeper` position, with how
    /// many the board has: the sum that the Grundy solver's `nimber_of_sum` solves kind by
    /// kind. A region's numbered cells count modulo 2: two of them cancel (the mirror
    /// argument of [`Linked`]), so a region with 10,000 of them is solved as one with 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::minesweeper::{Board, Minesweeper, Part};
    /// use grundy::solve::grundy::GrundySolver;
    /// use grundy::{Budget, Nimber};
    /// let census = Board::new(3, 3).unwrap().census().unwrap();
    /// assert_eq!(census.kinds(), [(vec![Part::Region { numbers: 0 }], 1)]);
    /// let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
    /// assert_eq!(solver.nimber_of_sum(census.kinds()).unwrap(), Nimber(1));
    /// ```
    pub fn kinds(&self) -> Vec<(Vec<Part>, u64)> {
        let mut res: Vec<(Vec<Part>, u64)> = self
            .regions
            .iter()
            .map(|(&numbers, &count)| {
                let numbers = numbers % 2;
                (vec![Part::Region { numbers }], count)
            })
            .collect();
        if self.numbers > 0 {
            res.push((vec![Part::Number], self.numbers));
        }
        for (linked, &count) in &self.linked {
            res.push((vec![Part::Linked(linked.clone())], count));
        }
        res
    }
}
