//! hdu2516 — Fibonacci Nim: search over (stones left, most the mover may take).

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu2516",
    count_first: false,
    case_prefix: false,
    terminator: "0\n",
    max_cases: 200,
};

/// The largest heap the table covers.
const TOP: usize = 400;

/// `wins[r][limit]`: the player to move wins with `r` stones left, allowed to take at most
/// `limit` (a limit above `r` is the same as `r`). Taking the last stone wins.
fn win_table() -> Vec<Vec<bool>> {
    let mut wins = vec![Vec::new(); TOP + 1];
    for r in 0..=TOP {
        wins[r] = vec![false; r + 1];
        for limit in 1..=r {
            wins[r][limit] =
                (1..=limit).any(|take| take == r || !wins[r - take][(2 * take).min(r - take)]);
        }
    }
    wins
}

/// Whether the first player wins: the first move takes any number but not all.
fn first_wins(n: usize, wins: &[Vec<bool>]) -> bool {
    (1..n).any(|take| !wins[n - take][(2 * take).min(n - take)])
}

fn case(n: usize, wins: &[Vec<bool>]) -> Case {
    Case {
        input: line(&[n]),
        answer: if first_wins(n, wins) {
            "First win"
        } else {
            "Second win"
        }
        .into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    // The third sample, 10000 stones, is beyond this table; judge_samples covers it.
    let wins = win_table();
    assert!(!first_wins(2, &wins));
    assert!(!first_wins(13, &wins));
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let wins = win_table();
    let mut cases: Vec<Case> = (2..=TOP).map(|n| case(n, &wins)).collect();
    rng.shuffle(&mut cases);
    check(&FORMAT, &cases, 300);
}
