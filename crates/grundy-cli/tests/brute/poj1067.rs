//! poj1067 — Wythoff's game: search over every pair of heap sizes up to a bound.

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "poj1067",
    count_first: false,
    case_prefix: false,
    terminator: "",
    max_cases: 200,
};

/// The largest heap the table covers.
const TOP: usize = 150;

/// `wins[a][b]`: the player to move wins with heaps `a` and `b` (taking the last stone wins).
fn win_table() -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; TOP + 1]; TOP + 1];
    for a in 0..=TOP {
        for b in 0..=TOP {
            let from_a = (1..=a).any(|t| !wins[a - t][b]);
            let from_b = (1..=b).any(|t| !wins[a][b - t]);
            let from_both = (1..=a.min(b)).any(|t| !wins[a - t][b - t]);
            wins[a][b] = from_a || from_b || from_both;
        }
    }
    wins
}

fn case(a: usize, b: usize, wins: &[Vec<bool>]) -> Case {
    Case {
        input: line(&[a, b]),
        answer: if wins[a][b] { "1" } else { "0" }.into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    let wins = win_table();
    assert!(!wins[2][1]);
    assert!(wins[8][4]);
    assert!(!wins[4][7]);
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let wins = win_table();
    let mut cases = vec![case(0, 0, &wins)];
    for _ in 0..400 {
        let (a, b) = (
            rng.range(0, TOP as i64) as usize,
            rng.range(0, TOP as i64) as usize,
        );
        cases.push(case(a, b, &wins));
    }
    // Every P-position in range, so the rare losing answers are all checked.
    for a in 0..=TOP {
        for b in a..=TOP {
            if !wins[a][b] {
                cases.push(case(b, a, &wins));
            }
        }
    }
    check(&FORMAT, &cases, 400);
}
