use super::*;
use crate::solve::memo::{MemoSearch, Scores};
use crate::solve::tiered::solve_scores;
use crate::testing::check_numbered_moves;
use crate::testing::Rng;
use crate::Budget;

/// The mover's best difference by plain recursion over cells: `filled` is a bitset of cells,
/// a cell is playable when empty with every cell above and to the left filled.
fn plain(rows: usize, cols: usize, a: &[i64], b: &[i64], filled: u32, turn: usize) -> i64 {
    let is_filled = |r: usize, c: usize| filled >> (r * cols + c) & 1 == 1;
    let mut best = None;
    for r in 0..rows {
        for c in 0..cols {
            let open = !is_filled(r, c)
                && (0..=r).all(|rr| (0..=c).all(|cc| (rr, cc) == (r, c) || is_filled(rr, cc)));
            if open {
                let cell = r * cols + c;
                let points = if turn.is_multiple_of(2) {
                    a[cell]
                } else {
                    b[cell]
                };
                let v = points - plain(rows, cols, a, b, filled | 1 << cell, turn + 1);
                best = Some(best.map_or(v, |x: i64| x.max(v)));
            }
        }
    }
    best.unwrap_or(0)
}

/// chess2018's sample gives 2.
#[test]
fn sample() {
    let game = Young::new(2, 3, vec![2, 7, 3, 9, 1, 2], vec![3, 7, 2, 2, 3, 1]).unwrap();
    let table = solve_scores(&game, &Budget::default()).unwrap();
    assert_eq!(table.get(game.index(&game.start())), 2);
}

/// The tiered value of the empty board equals plain recursion over cells on random boards
/// of up to 12 cells.
#[test]
fn tiered_matches_plain_recursion() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut compared = 0;
    for _ in 0..200 {
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below(4) as usize;
        let cells = rows * cols;
        let a: Vec<i64> = (0..cells).map(|_| rng.below(20) as i64).collect();
        let b: Vec<i64> = (0..cells).map(|_| rng.below(20) as i64).collect();
        let game = Young::new(rows, cols, a.clone(), b.clone()).unwrap();
        let table = solve_scores(&game, &Budget::default()).unwrap();
        assert_eq!(
            table.get(game.index(&game.start())),
            plain(rows, cols, &a, &b, 0, 0),
            "{rows} x {cols} {a:?} {b:?}"
        );
        compared += 1;
    }
    assert_eq!(compared, 200);
}

/// On every position of random boards up to 5 x 5: the numbering round-trips, the tiers hold
/// the right number of empty cells, the visitor lists the same moves as `indexed_moves`,
/// the direct successor numbering equals numbering `moves`,
/// and the tiered table equals the memo search.
#[test]
fn indexed_moves_and_table_match_memo_search() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut compared = 0;
    for _ in 0..40 {
        let rows = 1 + rng.below(5) as usize;
        let cols = 1 + rng.below(5) as usize;
        let cells = rows * cols;
        let a: Vec<i64> = (0..cells).map(|_| rng.below(100_001) as i64).collect();
        let b: Vec<i64> = (0..cells).map(|_| rng.below(100_001) as i64).collect();
        let game = Young::new(rows, cols, a, b).unwrap();
        let table = solve_scores(&game, &Budget::default()).unwrap();
        let mut search = MemoSearch::new(&game, Scores, Budget::default());
        for tier in 0..game.tiers() {
            for index in game.tier_range(tier) {
                let pos = check_numbered_moves(&game, index);
                let empty = cells - pos.iter().map(|&l| usize::from(l)).sum::<usize>();
                assert_eq!(empty, tier);
                assert_eq!(table.get(index), search.value(&pos).unwrap());
                compared += 1;
            }
        }
    }
    assert!(compared > 1_000, "{compared}");
}

#[test]
fn refuses_bad_games() {
    assert!(matches!(
        Young::new(13, 12, vec![], vec![]),
        Err(YoungError::Size { .. })
    ));
    assert!(matches!(
        Young::new(2, 2, vec![0; 3], vec![0; 4]),
        Err(YoungError::Values { cells: 4, found: 3 })
    ));
    assert_eq!(
        Young::new(1, 2, vec![i64::MAX, 1], vec![0, 0]).unwrap_err(),
        YoungError::Overflow
    );
}

/// `filled` (bytes at a time) against the plain sum over up steps, on every path of up to 20
/// steps.
#[test]
fn filled_counts_the_cells_under_every_path() {
    let plain = |path: u32| {
        let (mut rest, mut res, mut k) = (path, 0, 0);
        while rest != 0 {
            res += rest.trailing_zeros() as usize - k;
            rest &= rest - 1;
            k += 1;
        }
        res
    };
    let mut compared = 0;
    for path in 0..1u32 << 20 {
        assert_eq!(filled(path), plain(path), "{path:#b}");
        compared += 1;
    }
    assert_eq!(compared, 1 << 20);
}
