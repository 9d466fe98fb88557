//! Minesweeper cell by cell against plain play from the rules and against the game's own
//! solver (the census of components), on random small boards and every position reached.

use std::collections::HashMap;

use super::*;
use crate::catalog::builtin::boards::tests::notation_holds;
use crate::solve::grundy::GrundySolver;
use crate::testing::Rng;
use crate::{Budget, Nimber, Outcome};

/// Plain Minesweeper from the rules: cells row-major, `open` one flag a cell.
struct Plain {
    rows: usize,
    cols: usize,
    mine: Vec<bool>,
}

impl Plain {
    fn near(&self, cell: usize) -> Vec<usize> {
        let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
        let mut res = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (nr, nc) = (r + dr, c + dc);
                let inside =
                    (0..self.rows as i64).contains(&nr) && (0..self.cols as i64).contains(&nc);
                if (dr, dc) != (0, 0) && inside {
                    res.push(nr as usize * self.cols + nc as usize);
                }
            }
        }
        res
    }

    fn blank(&self, cell: usize) -> bool {
        !self.mine[cell] && self.near(cell).iter().all(|&n| !self.mine[n])
    }

    /// The position after clicking `cell`.
    fn click(&self, open: &[bool], cell: usize) -> Vec<bool> {
        let mut next = open.to_vec();
        let mut stack = vec![cell];
        next[cell] = true;
        while let Some(c) = stack.pop() {
            if !self.blank(c) {
                continue;
            }
            for n in self.near(c) {
                if !next[n] {
                    next[n] = true;
                    stack.push(n);
                }
            }
        }
        next
    }

    fn nimber(&self, open: &[bool], seen: &mut HashMap<Vec<bool>, u32>) -> u32 {
        if let Some(&n) = seen.get(open) {
            return n;
        }
        let options: Vec<u32> = (0..open.len())
            .filter(|&c| !open[c] && !self.mine[c])
            .map(|c| {
                let next = self.click(open, c);
                self.nimber(&next, seen)
            })
            .collect();
        let mex = (0..).find(|n| !options.contains(n)).unwrap();
        seen.insert(open.to_vec(), mex);
        mex
    }
}

/// The open flags of a position's drawing.
fn open_of(game: &dyn DynGame, pos: &Datum) -> Vec<bool> {
    game.show(pos)
        .unwrap()
        .lines()
        .flat_map(|row| {
            row.chars()
                .map(|c| !matches!(c, '.' | '*'))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Every position reached from the start of random boards (some outside the problem's
/// promise, with numbered cells shared by regions): the nimber equals plain play's, and at
/// the start the game's own solver's.
#[test]
fn minesweeper_agrees_with_plain_play() {
    let mut rng = Rng(17);
    let budget = Budget::default();
    let mut linked = 0;
    // Mines on a diagonal with a gap link the regions on either side.
    let mut boards = vec![
        (3, 3, vec![0, 8]),
        (4, 4, vec![0, 10]),
        (3, 5, vec![0, 12, 4]),
    ];
    for _ in 0..60 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below(4) as usize;
        let mines = (0..rng.below(4))
            .map(|_| rng.below((rows * cols) as u64) as usize)
            .collect();
        boards.push((rows, cols, mines));
    }
    for (rows, cols, mines) in boards {
        let mut board = Board::new(rows, cols).unwrap();
        let mut mine = vec![false; rows * cols];
        for cell in mines {
            board.add_mine(cell / cols, cell % cols).unwrap();
            mine[cell] = true;
        }
        let plain = Plain { rows, cols, mine };
        let closed = vec![0; (rows * cols).div_ceil(64)];
        let parts = Field::new(&board).parts(&closed).unwrap();
        linked += parts
            .iter()
            .filter(|p| matches!(p, Part::Linked(_)))
            .count();
        let mut seen = HashMap::new();
        let game = minesweeper(&board).unwrap();
        let start = game.start().unwrap();
        let sol = game.solve(&start, &budget).unwrap();
        assert_eq!(
            sol.value.nimber,
            Some(
                GrundySolver::new(&Minesweeper, budget.clone())
                    .nimber_of_sum(board.census().unwrap().kinds())
                    .unwrap()
            )
        );
        let mut stack = vec![start];
        let mut visited = std::collections::HashSet::new();
        while let Some(pos) = stack.pop() {
            if !visited.insert(pos.clone()) {
                continue;
            }
            let sol = game.solve(&pos, &budget).unwrap();
            let expected = plain.nimber(&open_of(game.as_ref(), &pos), &mut seen);
            assert_eq!(
                sol.value.nimber,
                Some(Nimber(u64::from(expected))),
                "{}",
                game.show(&pos).unwrap()
            );
            assert_eq!(sol.value.outcome == Outcome::Win, expected != 0);
            // The moves reach exactly plain play's positions.
            let open = open_of(game.as_ref(), &pos);
            let mut plain_next: Vec<Vec<bool>> = (0..open.len())
                .filter(|&c| !open[c] && !plain.mine[c])
                .map(|c| plain.click(&open, c))
                .collect();
            plain_next.sort();
            plain_next.dedup();
            let mut next: Vec<Vec<bool>> = sol
                .moves
                .iter()
                .map(|m| open_of(game.as_ref(), &m.mv.to))
                .collect();
            next.sort();
            assert_eq!(next, plain_next);
            notation_holds(game.as_ref(), &pos);
            stack.extend(sol.moves.into_iter().map(|m| m.mv.to));
        }
    }
    assert!(linked > 0, "no board with linked regions");
}

#[test]
fn drawings_read_and_refuse() {
    let mut board = Board::new(3, 4).unwrap();
    board.add_mine(0, 3).unwrap();
    let game = minesweeper(&board).unwrap();
    let pos = game.parse("__1*\n__11\n____\n").unwrap();
    assert_eq!(game.show(&pos).unwrap(), "__1*\n__11\n____");
    assert!(game.moves(&pos).unwrap().is_empty());
    assert_eq!(game.parse("...* .... ....").unwrap(), game.start().unwrap());
    let err = |text: &str| game.parse(text).unwrap_err().to_string();
    assert!(err("...* ....").contains("expected 3 rows of the board, found 2"));
    assert!(err("\n...*\n.....\n....").contains("line 3: expected 4 cells, found 5"));
    assert!(err("...* ..x. ....").contains("row 2, column 3: 'x' is not a cell"));
    assert!(err("..** .... ....")
        .contains("row 1, column 3: found '*' where the board has . or its count"));
    assert!(err("...* ...2 ....")
        .contains("row 2, column 4: found '2' where the board has . or its count"));
    assert!(err("_..* .... ....")
        .contains("row 1, column 1: an open blank cell next to an unopened cell"));
    assert!(game.check(&Datum::Int(3)).is_err());
    // Labels: a numbered cell alone, a region by its first cell.
    let labels: Vec<String> = game
        .moves(&game.start().unwrap())
        .unwrap()
        .into_iter()
        .map(|m| m.label)
        .collect();
    assert_eq!(labels, ["(1, 1)", "(1, 3)", "(2, 3)", "(2, 4)"]);
    assert!(minesweeper(&Board::new(65, 64).unwrap()).is_err());
}
