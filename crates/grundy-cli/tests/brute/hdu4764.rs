//! hdu4764 — Stone: search over the last number written.

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu4764",
    count_first: false,
    case_prefix: false,
    terminator: "0 0\n",
    max_cases: 200,
};

/// Whether the first player (Tang) wins: whoever writes a number `>= n` loses.
fn first_wins(n: usize, k: usize) -> bool {
    // wins[x]: the player about to write, after `x` was written (0 at the start), wins.
    let mut wins = vec![false; n];
    for x in (0..n).rev() {
        // Writing a number >= n loses at once, so only numbers below n can win.
        wins[x] = (x + 1..=x + k).any(|y| y < n && !wins[y]);
    }
    wins[0]
}

fn case(n: usize, k: usize) -> Case {
    Case {
        input: line(&[n, k]),
        answer: if first_wins(n, k) { "Tang" } else { "Jiang" }.into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    assert!(!first_wins(1, 1));
    assert!(first_wins(30, 3));
    assert!(!first_wins(10, 2));
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut cases = Vec::new();
    for _ in 0..400 {
        let k = if rng.chance(1, 4) {
            rng.range(1, 100)
        } else {
            rng.range(1, 8)
        };
        let n = match rng.below(20) {
            0 => rng.range(1, 5000),
            1..=5 => rng.range(1, 400),
            _ => rng.range(1, 40),
        };
        cases.push(case(n as usize, k as usize));
    }
    check(&FORMAT, &cases, 400);
}
