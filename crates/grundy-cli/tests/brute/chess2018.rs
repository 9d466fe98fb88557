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
    search(0, a, b, &mut HashMap::new())
}

/// The best (mover's score - other's) from here on, with the cells in `filled` taken.
fn search(filled: u64, a: &[Vec<i64>], b: &[Vec<i64>], memo: &mut HashMap<u64, i64>) -> i64 {
    if let Some(&res) = memo.get(&filled) {
        return res;
    }
    let cols = a[0].len();
    let bit = |i: usize, j: usize| 1u64 << (i * cols + j);
    // The first player moves when an even number of cells is filled.
    let values = if filled.count_ones() % 2 == 0 { a } else { b };
    let mut best = None;
    for (i, row) in values.iter().enumerate() {
        for (j, &cell_value) in row.iter().enumerate() {
            let allowed = filled & bit(i, j) == 0
                && (0..=i)
                    .all(|i2| (0..=j).all(|j2| (i2, j2) == (i, j) || filled & bit(i2, j2) != 0));
            if allowed {
                let value = cell_value - search(filled | bit(i, j), a, b, memo);
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

fn random_case(rng: &mut Rng) -> Case {
    let (rows, cols) = loop {
        let (rows, cols) = (rng.range(1, 10) as usize, rng.range(1, 10) as usize);
        if rows * cols <= 30 && rows.min(cols) <= 5 {
            break (rows, cols);
        }
    };
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
    let cases: Vec<Case> = (0..150).map(|_| random_case(&mut rng)).collect();
    check(&FORMAT, &cases, 150);
}
