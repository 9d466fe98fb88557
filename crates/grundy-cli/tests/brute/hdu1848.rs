//! hdu1848 — Fibonacci again and again: search over whole three-heap positions.

use std::collections::HashMap;

use crate::{check, line, sum_wins, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu1848",
    count_first: false,
    case_prefix: false,
    terminator: "0 0 0\n",
    max_cases: 200,
};

/// A heap of size `h` may lose any Fibonacci number 1, 2, 3, 5, 8, ... of stones.
fn fibonacci_options(h: u32) -> Vec<u32> {
    let (mut a, mut b) = (1, 2);
    let mut res = Vec::new();
    while a <= h {
        res.push(h - a);
        (a, b) = (b, a + b);
    }
    res
}

/// Whether the first player (Fibo) wins; taking the last stone wins.
fn first_wins(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    sum_wins(heaps, &fibonacci_options, false, memo)
}

fn case(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> Case {
    Case {
        input: line(heaps),
        answer: if first_wins(heaps, memo) {
            "Fibo"
        } else {
            "Nacci"
        }
        .into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    let mut memo = HashMap::new();
    assert!(first_wins(&[1, 1, 1], &mut memo));
    assert!(!first_wins(&[1, 4, 1], &mut memo));
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut memo = HashMap::new();
    let cases: Vec<Case> = (0..400)
        .map(|_| {
            let heaps: Vec<u32> = (0..3).map(|_| rng.range(1, 22) as u32).collect();
            case(&heaps, &mut memo)
        })
        .collect();
    check(&FORMAT, &cases, 400);
}
