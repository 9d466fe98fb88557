//! hdu4678 — Mine: search over the real board, the opened cells as a bitmask.

use std::collections::HashMap;

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu4678",
    count_first: true,
    case_prefix: true,
    terminator: "",
    max_cases: 50,
};

/// A board of at most 64 cells numbered `r * cols + c`, the mines as a bitmask, and the
/// cells each click opens (worked out once per board from the rules below).
struct Board {
    rows: usize,
    cols: usize,
    mines: u64,
    clicks: Vec<u64>,
}

impl Board {
    /// The cells around `cell` (its 8 neighbours on the board).
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

    fn is_mine(&self, cell: usize) -> bool {
        self.mines & (1 << cell) != 0
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// A blank cell has no mine among its neighbours.
    fn is_blank(&self, cell: usize) -> bool {
        !self.is_mine(cell) && self.neighbours(cell).iter().all(|&n| !self.is_mine(n))
    }

    /// The cells opened by clicking `cell`.
    fn click(&self, cell: usize) -> u64 {
        if !self.is_blank(cell) {
            return 1 << cell;
        }
        // Flood fill the blank region; each blank opens all its neighbours.
        let mut opened = 1 << cell;
        let mut stack = vec![cell];
        let mut seen = 1u64 << cell;
        while let Some(blank) = stack.pop() {
            for n in self.neighbours(blank) {
                opened |= 1 << n;
                if self.is_blank(n) && seen & (1 << n) == 0 {
                    seen |= 1 << n;
                    stack.push(n);
                }
            }
        }
        opened
    }

    /// Whether some numbered cell borders two different blank regions, which the problem
    /// statement rules out (it happens on real boards, e.g. 4 x 4 with mines at (1,0) and
    /// (3,2), where cell (2,1) borders both the top-right region and cell (3,0)).
    fn has_shared_border(&self) -> bool {
        (0..self.cells()).any(|cell| {
            let mut regions = self
                .neighbours(cell)
                .into_iter()
                .filter(|&n| self.is_blank(n));
            let first = regions.next().map(|n| self.click(n));
            !self.is_mine(cell) && regions.any(|n| Some(self.click(n)) != first)
        })
    }

    /// Whether the player to click wins with the cells in `opened` already open.
    fn wins(&self, opened: u64, memo: &mut HashMap<u64, bool>) -> bool {
        if let Some(&res) = memo.get(&opened) {
            return res;
        }
        let res = (0..self.cells()).any(|cell| {
            !self.is_mine(cell)
                && opened & (1 << cell) == 0
                && !self.wins(opened | self.clicks[cell], memo)
        });
        memo.insert(opened, res);
        res
    }
}

/// The board with mines at `(x, y)`: row x, column y, both from 0.
fn board(rows: usize, cols: usize, mines: &[(usize, usize)]) -> Board {
    let mines = mines.iter().map(|&(x, y)| 1 << (x * cols + y)).sum();
    let mut res = Board {
        rows,
        cols,
        mines,
        clicks: Vec::new(),
    };
    res.clicks = (0..res.cells()).map(|cell| res.click(cell)).collect();
    res
}

/// Whether the first player (Xiemao) wins on a `rows x cols` board with these mines.
fn first_wins(rows: usize, cols: usize, mines: &[(usize, usize)]) -> bool {
    board(rows, cols, mines).wins(0, &mut HashMap::new())
}

fn case(rows: usize, cols: usize, mines: &[(usize, usize)]) -> Case {
    let mut input = line(&[rows, cols, mines.len()]);
    for &(x, y) in mines {
        input.push_str(&line(&[x, y]));
    }
    Case {
        answer: if first_wins(rows, cols, mines) {
            "Xiemao"
        } else {
            "Fanglaoshi"
        }
        .into(),
        input,
    }
}

/// A random board of at most `most_cells` cells that meets the statement's promise and
/// has at most 14 different clicks (so at most 2^14 positions to search).
fn random_case(rng: &mut Rng, most_cells: usize) -> Case {
    loop {
        let (rows, cols, mines) = random_board(rng, most_cells);
        let board = board(rows, cols, &mines);
        let mut clicks: Vec<u64> = (0..board.cells())
            .filter(|&cell| !board.is_mine(cell))
            .map(|cell| board.clicks[cell])
            .collect();
        clicks.sort_unstable();
        clicks.dedup();
        if clicks.len() <= 14 && !board.has_shared_border() {
            return case(rows, cols, &mines);
        }
    }
}

fn random_board(rng: &mut Rng, most_cells: usize) -> (usize, usize, Vec<(usize, usize)>) {
    let (rows, cols) = loop {
        let (rows, cols) = (rng.range(1, 16) as usize, rng.range(1, 16) as usize);
        if rows * cols <= most_cells {
            break (rows, cols);
        }
    };
    let mut cells: Vec<(usize, usize)> = (0..rows)
        .flat_map(|x| (0..cols).map(move |y| (x, y)))
        .collect();
    rng.shuffle(&mut cells);
    let k = if rng.chance(1, 2) {
        rng.range(0, 3.min(rows * cols) as i64)
    } else {
        rng.range(0, (rows * cols) as i64)
    };
    cells.truncate(k as usize);
    (rows, cols, cells)
}

#[test]
fn brute_force_reproduces_the_samples() {
    assert!(first_wins(3, 3, &[]));
    assert!(!first_wins(3, 3, &[(1, 1)]));
    assert!(board(4, 4, &[(1, 0), (3, 2)]).has_shared_border());
    assert!(!board(3, 3, &[(1, 1)]).has_shared_border());
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut cases: Vec<Case> = (0..400).map(|_| random_case(&mut rng, 16)).collect();
    cases.extend((0..100).map(|_| random_case(&mut rng, 64)));
    cases.push(case(1, 1, &[(0, 0)]));
    cases.push(case(1, 1, &[]));
    check(&FORMAT, &cases, 500);
}
