//! chess2018 — the Young-diagram board game: negamax over the filled cells as a bitmask.

use std::collections::HashMap;

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "chess2018",
    count_first: false,
    case_prefix: false,
    terminator: "",
    max_cases: 1,
};

/// First player's score minus second's, both maximising their own difference.
fn difference(a: &[Vec<i64>], b: &[Vec<i64>]) -> i64 {
    let cols = a[0].len();
    let bit = |i: usize, j: usize| 1u128 << (i * cols + j);
    // before[i][j]: the cells above and to the left of (i, j), which must all be filled.
    let before: Vec<Vec<u128>> = (0..a.len())
        .map(|i| {
            (0..cols)
                .map(|j| {
                    let rect: u128 = (0..=i)
                        .flat_map(|i2| (0..=j).map(move |j2| (i2, j2)))
                        .map(|(i2, j2)| bit(i2, j2))
                        .sum();
                    rect - bit(i, j)
                })
                .collect()
        })
        .collect();
    search(0, a, b, &before, &mut HashMap::new())
}

/// The best (mover's score - other's) from here on, with the cells in `filled` taken.
fn search(
    filled: u128,
    a: &[Vec<i64>],
    b: &[Vec<i64>],
    before: &[Vec<u128>],
    memo: &mut HashMap<u128, i64>,
) -> i64 {
    if let Some(&res) = memo.get(&filled) {
        return res;
    }
    let cols = a[0].len();
    // The first player moves when an even number of cells is filled.
    let values = if filled.count_ones().is_multiple_of(2) {
        a
    } else {
        b
    };
    let mut best = None;
    for (i, row) in values.iter().enumerate() {
        for (j, &cell_value) in row.iter().enumerate() {
            let cell = 1u128 << (i * cols + j);
            if filled & cell == 0 && filled & before[i][j] == before[i][j] {
                let value = cell_value - search(filled | cell, a, b, before, memo);
                best = Some(best.map_or(value, |v: i64| v.max(value)));
            }
        }
    }
    let res = best.unwrap_or(0);
    memo.insert(filled, res);
    res
}

fn case(a: &[Vec<i64>], b: &[Vec<i64>]) -> Case {
    let mut input = line(&[a.len(), a[0].len()]);
    for row in a.iter().chain(b) {
        input.push_str(&line(row));
    }
    Case {
        input,
        answer: difference(a, b).to_string(),
    }
}

fn random_case(rng: &mut Rng, rows: usize, cols: usize) -> Case {
    let high = [3, 100, 100_000][rng.below(3)];
    let mut grid = || -> Vec<Vec<i64>> {
        (0..rows)
            .map(|_| (0..cols).map(|_| rng.range(0, high)).collect())
            .collect()
    };
    let a = grid();
    let b = grid();
    case(&a, &b)
}

#[test]
fn brute_force_reproduces_the_samples() {
    let a = [vec![2, 7, 3], vec![9, 1, 2]];
    let b = [vec![3, 7, 2], vec![2, 3, 1]];
    assert_eq!(difference(&a, &b), 2);
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut cases = Vec::new();
    while cases.len() < 150 {
        let (rows, cols) = (rng.range(1, 10) as usize, rng.range(1, 10) as usize);
        if rows * cols <= 30 && rows.min(cols) <= 5 {
            cases.push(random_case(&mut rng, rows, cols));
        }
    }
    // The full 10 x 10 board (184756 staircases) and a few large ones.
    for (rows, cols) in [(10, 10), (10, 7), (6, 10), (8, 8)] {
        cases.push(random_case(&mut rng, rows, cols));
    }
    check(&FORMAT, &cases, 154);
}

/// `grundy solve young` agrees with the brute force on small cases.
#[test]
fn solve_matches_brute_force() {
    let mut rng = Rng::new("chess2018 solve");
    let cases: Vec<Case> = (0..40)
        .map(|_| {
            let (rows, cols) = (rng.range(1, 4) as usize, rng.range(1, 4) as usize);
            random_case(&mut rng, rows, cols)
        })
        .collect();
    crate::check_solve("young", &cases, |sol| sol["score"].to_string());
}
