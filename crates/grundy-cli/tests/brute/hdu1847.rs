//! hdu1847 — Good Luck in CET-4: search over card counts, moves taking powers of two.

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu1847",
    count_first: false,
    case_prefix: false,
    terminator: "",
    max_cases: 600,
};

/// `wins[n]`: the player to move wins with `n` cards (taking the last card wins).
fn win_table(top: usize) -> Vec<bool> {
    let mut wins = vec![false; top + 1];
    for n in 1..=top {
        wins[n] = (0..usize::BITS)
            .map(|k| 1usize << k)
            .take_while(|&take| take <= n)
            .any(|take| !wins[n - take]);
    }
    wins
}

#[test]
fn brute_force_reproduces_the_samples() {
    let wins = win_table(3);
    assert!(wins[1]);
    assert!(!wins[3]);
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let wins = win_table(1000);
    // Every n of the judge's range once, in random order.
    let mut counts: Vec<usize> = (1..=1000).collect();
    rng.shuffle(&mut counts);
    let cases: Vec<Case> = counts
        .into_iter()
        .map(|n| Case {
            input: line(&[n]),
            answer: if wins[n] { "Kiki" } else { "Cici" }.into(),
        })
        .collect();
    check(&FORMAT, &cases, 1000);
}
