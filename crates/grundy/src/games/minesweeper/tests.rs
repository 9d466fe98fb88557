use super::*;
use crate::limits::Budget;
use crate::solve::grundy::GrundySolver;
use crate::solve::memo::{MemoSearch, Outcomes};
use crate::value::Nimber;
use crate::{Outcome, Play};

/// The nimber of `board`: its census solved by a fresh [`GrundySolver`] under `budget`.
fn board_nimber(board: &Board, budget: Budget) -> Result<Nimber, BoardError> {
    let census = board.census()?;
    let mut solver = GrundySolver::new(&Minesweeper, budget);
    Ok(solver.nimber_of_sum(census.kinds())?)
}

/// A small board played cell by cell, written from the rules alone: a position is the set of
/// opened cells; clicking a blank cell opens its region by a plain flood fill.
struct CellGame {
    rows: usize,
    cols: usize,
    mine: Vec<bool>,
}

impl CellGame {
    fn new(rows: usize, cols: usize, mines: u32) -> Self {
        let mine = (0..rows * cols).map(|i| mines >> i & 1 == 1).collect();
        CellGame { rows, cols, mine }
    }

    fn neighbours(&self, cell: usize) -> Vec<usize> {
        let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
        let mut res = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (nr, nc) = (r + dr, c + dc);
                if (dr, dc) != (0, 0)
                    && (0..self.rows as i64).contains(&nr)
                    && (0..self.cols as i64).contains(&nc)
                {
                    res.push(nr as usize * self.cols + nc as usize);
                }
            }
        }
        res
    }

    fn is_blank(&self, cell: usize) -> bool {
        !self.mine[cell] && self.neighbours(cell).iter().all(|&n| !self.mine[n])
    }
}

impl Game for CellGame {
    type Position = u32;

    fn moves(&self, opened: &u32, out: &mut Vec<Move<u32>>) {
        for cell in 0..self.rows * self.cols {
            if self.mine[cell] || opened >> cell & 1 == 1 {
                continue;
            }
            let mut next = *opened | 1 << cell;
            if self.is_blank(cell) {
                let mut todo = vec![cell];
                let mut seen = 1u32 << cell;
                while let Some(c) = todo.pop() {
                    for n in self.neighbours(c) {
                        next |= 1 << n;
                        if self.is_blank(n) && seen >> n & 1 == 0 {
                            seen |= 1 << n;
                            todo.push(n);
                        }
                    }
                }
            }
            out.push(Move::to(next));
        }
    }
}

fn board(rows: usize, cols: usize, mines: u32) -> Board {
    let mut board = Board::new(rows, cols).unwrap();
    for cell in 0..rows * cols {
        if mines >> cell & 1 == 1 {
            board.add_mine(cell / cols, cell % cols).unwrap();
        }
    }
    board
}

/// The census nimber equals the nimber of the whole board played cell by cell, on every
/// placement of mines on boards of up to 12 cells (and the outcome agrees with a plain
/// win/loss search).
#[test]
fn census_nimber_matches_cell_by_cell_play() {
    let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
    let (mut compared, mut shared) = (0, 0);
    for (rows, cols) in [
        (1, 1),
        (1, 5),
        (2, 2),
        (2, 5),
        (3, 3),
        (3, 4),
        (4, 3),
        (1, 12),
    ] {
        for mines in 0..1u32 << (rows * cols) {
            let game = CellGame::new(rows, cols, mines);
            let census = board(rows, cols, mines).census().unwrap();
            shared += usize::from(!census.linked.is_empty());
            let fast = solver.nimber_of_sum(census.kinds()).unwrap();
            let mut whole = GrundySolver::without_components(&game, Budget::default());
            assert_eq!(
                whole.nimber(&0).unwrap(),
                fast,
                "{rows} x {cols}, mines {mines:b}"
            );
            let mut search = MemoSearch::new(&game, Outcomes(Play::Normal), Budget::default());
            assert_eq!(search.value(&0).unwrap() == Outcome::Win, fast != Nimber(0));
            compared += 1;
        }
    }
    assert_eq!(compared, 2 + 32 + 16 + 1024 + 512 + 4096 * 3);
    // Boards with numbered cells bordering two regions (linked clusters) are among them.
    assert!(shared > 10, "{shared}");
}

/// A plain flood fill over cells, independent of the run-based one.
fn naive_census(rows: usize, cols: usize, mines: &[bool]) -> Option<Census> {
    let game = CellGame {
        rows,
        cols,
        mine: mines.to_vec(),
    };
    let mut region = vec![usize::MAX; rows * cols];
    let mut owner = vec![usize::MAX; rows * cols];
    let mut census = Census::default();
    let mut n_regions = 0;
    for start in 0..rows * cols {
        if !game.is_blank(start) || region[start] != usize::MAX {
            continue;
        }
        let mut todo = vec![start];
        region[start] = n_regions;
        let mut numbers = 0;
        while let Some(c) = todo.pop() {
            for n in game.neighbours(c) {
                if game.is_blank(n) {
                    if region[n] == usize::MAX {
                        region[n] = n_regions;
                        todo.push(n);
                    }
                } else if owner[n] == usize::MAX {
                    owner[n] = n_regions;
                    numbers += 1;
                } else if owner[n] != n_regions {
                    return None;
                }
            }
        }
        *census.regions.entry(numbers).or_insert(0) += 1;
        n_regions += 1;
    }
    census.numbers = (0..rows * cols)
        .filter(|&c| !mines[c] && !game.is_blank(c) && owner[c] == usize::MAX)
        .count() as u64;
    Some(census)
}

/// The run-based census equals a plain flood fill on random boards whose rows span several
/// words, at several mine densities.
#[test]
fn census_matches_naive_flood_fill() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut compared, mut shared) = (0, 0);
    for round in 0..300 {
        let rows = 1 + (next() % 12) as usize;
        let cols = 1 + (next() % 140) as usize;
        let density = [2, 5, 10, 20, 40][round % 5];
        let mines: Vec<bool> = (0..rows * cols).map(|_| next() % 100 < density).collect();
        let mut board = Board::new(rows, cols).unwrap();
        for (cell, _) in mines.iter().enumerate().filter(|(_, &m)| m) {
            board.add_mine(cell / cols, cell % cols).unwrap();
        }
        match (board.census(), naive_census(rows, cols, &mines)) {
            (Ok(fast), Some(plain)) => {
                assert_eq!(fast, plain, "{rows} x {cols}");
                compared += 1;
            }
            // Linked regions: the census differs from a per-region count by design (pairs of
            // shared cells cancel); cell-by-cell play checks those boards' nimbers.
            (Ok(_), None) => shared += 1,
            (fast, plain) => panic!("{rows} x {cols}: {fast:?} vs {plain:?}"),
        }
    }
    assert_eq!(compared + shared, 300);
    assert!(compared > 150, "{compared}");
}

/// The engine's nimbers of a blank region: 1 with an even number of bordering numbered cells,
/// 2 with an odd number, as the usual analysis of hdu4678 states (e.g. the 2013 Multi-University
/// contest solutions); here they are computed, and this only records them.
#[test]
fn region_nimbers_alternate() {
    let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
    for numbers in 0..40 {
        let value = solver.nimber(&vec![Part::Region { numbers }]).unwrap();
        assert_eq!(value, Nimber(if numbers % 2 == 0 { 1 } else { 2 }));
    }
    assert_eq!(solver.nimber(&vec![Part::Number]).unwrap(), Nimber(1));
}

/// The census shortcut equals the solver on the census's whole position.
#[test]
fn census_nimber_equals_whole_position() {
    let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
    let mut compared = 0;
    for a in 0..3u64 {
        for b in 0..3u64 {
            for numbers in 0..4u64 {
                let census = Census {
                    regions: [(0, a), (3, b)]
                        .into_iter()
                        .filter(|&(_, c)| c > 0)
                        .collect(),
                    numbers,
                    ..Census::default()
                };
                let mut whole = GrundySolver::new(&Minesweeper, Budget::default());
                assert_eq!(
                    solver.nimber_of_sum(census.kinds()).unwrap(),
                    whole.nimber(&census.position()).unwrap()
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 36);
}

#[test]
fn refuses_bad_boards() {
    assert!(matches!(Board::new(0, 3), Err(BoardError::Size { .. })));
    let mut board = Board::new(3, 3).unwrap();
    assert_eq!(
        board.add_mine(3, 1).unwrap_err().to_string(),
        "mine (3, 1) lies outside the 3 x 3 board"
    );
}

/// Mines on a diagonal with a gap: the gap's numbered cell borders both sides, which form
/// one linked cluster; its nimber equals cell-by-cell play.
#[test]
fn shared_number_links_regions() {
    let mut mines = 0u32;
    for (r, c) in [(0, 4), (1, 3), (3, 1), (4, 0)] {
        mines |= 1 << (r * 5 + c);
    }
    let census = board(5, 5, mines).census().unwrap();
    assert_eq!(census.linked.len(), 1);
    let linked = census.linked.keys().next().unwrap();
    assert_eq!(linked.regions(), 2);
    let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
    let game = CellGame::new(5, 5, mines);
    let mut whole = GrundySolver::without_components(&game, Budget::default());
    assert_eq!(
        whole.nimber(&0).unwrap(),
        solver.nimber_of_sum(census.kinds()).unwrap()
    );
}

/// A strip of 3 rows with mines every four columns, alternating top and bottom, links its
/// blank regions in a chain whose positions grow exponentially with its length: a budget
/// refuses it as [`BoardError::Linked`], naming the limit, and a larger one solves it.
#[test]
fn a_chain_of_linked_regions_beyond_the_budget_is_refused() {
    let strip = |cols: usize| {
        let mut board = Board::new(3, cols).unwrap();
        for col in (2..cols).step_by(4) {
            board.add_mine(0, col).unwrap();
        }
        for col in (0..cols).step_by(4) {
            board.add_mine(2, col).unwrap();
        }
        board
    };
    let census = strip(14).census().unwrap();
    assert_eq!(
        census
            .linked
            .keys()
            .map(|l| l.regions())
            .collect::<Vec<_>>(),
        [7]
    );
    let err = board_nimber(&strip(14), Budget::default().with_positions(64)).unwrap_err();
    assert_eq!(err, BoardError::Linked { limit: 64 });
    assert_eq!(
        err.to_string(),
        "blank regions linked by shared numbered cells need more than 64 positions to solve exactly"
    );
    assert!(board_nimber(&strip(14), Budget::default()).is_ok());
}

/// Random boards of up to 20 cells with clusters of linked regions: the census nimber equals
/// cell-by-cell play.
#[test]
fn linked_clusters_match_cell_by_cell_play() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut solver = GrundySolver::new(&Minesweeper, Budget::default());
    let mut compared = 0;
    while compared < 60 {
        let (rows, cols) = [(4, 5), (5, 4), (3, 6), (4, 4)][(next() % 4) as usize];
        let mines =
            (0..rows * cols).fold(0u32, |acc, cell| acc | u32::from(next() % 100 < 20) << cell);
        let census = board(rows, cols, mines).census().unwrap();
        if census.linked.is_empty() {
            continue;
        }
        let game = CellGame::new(rows, cols, mines);
        let mut whole = GrundySolver::without_components(&game, Budget::default());
        assert_eq!(
            whole.nimber(&0).unwrap(),
            solver.nimber_of_sum(census.kinds()).unwrap(),
            "{rows} x {cols}, mines {mines:b}"
        );
        compared += 1;
    }
    assert_eq!(compared, 60);
}

/// Splitting merges equal groups, separates unlinked regions, and keeps linked ones together.
#[test]
fn parts_split_and_merge() {
    assert_eq!(
        parts(3, &[(0b001, 1), (0b001, 2), (0b100, 1)]),
        vec![
            Part::Region { numbers: 1 },
            Part::Region { numbers: 0 },
            Part::Region { numbers: 1 }
        ]
    );
    let linked = parts(3, &[(0b101, 1), (0b010, 1)]);
    assert_eq!(linked.len(), 2);
    assert!(matches!(&linked[0], Part::Linked(l) if l.regions() == 2 && l.groups() == [(0b11, 1)]));
    assert_eq!(linked[1], Part::Region { numbers: 1 });
}
