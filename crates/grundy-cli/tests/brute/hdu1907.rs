//! hdu1907 — John: misère Nim by search over whole positions.

use std::collections::HashMap;

use crate::{check, line, sum_wins, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu1907",
    count_first: true,
    case_prefix: false,
    terminator: "",
    max_cases: 200,
};

/// Whether the first player (John) wins: whoever eats the last candy loses.
fn first_wins(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let options = |h: u32| (0..h).collect();
    // With no candy left the previous player ate the last one: the player to move wins.
    sum_wins(heaps, &options, true, memo)
}

fn case(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> Case {
    Case {
        input: format!("{}\n{}", heaps.len(), line(heaps)),
        answer: if first_wins(heaps, memo) {
            "John"
        } else {
            "Brother"
        }
        .into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    let mut memo = HashMap::new();
    assert!(first_wins(&[3, 5, 1], &mut memo));
    assert!(!first_wins(&[1], &mut memo));
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut memo = HashMap::new();
    let mut cases: Vec<Case> = (0..300)
        .map(|_| {
            let top = if rng.chance(1, 2) { 2 } else { 9 };
            let heaps: Vec<u32> = (0..rng.range(1, 4))
                .map(|_| rng.range(1, top) as u32)
                .collect();
            case(&heaps, &mut memo)
        })
        .collect();
    // Many tiny heaps, up to the limit of 47.
    for _ in 0..30 {
        let heaps: Vec<u32> = (0..rng.range(5, 47))
            .map(|_| rng.range(1, 3) as u32)
            .collect();
        cases.push(case(&heaps, &mut memo));
    }
    check(&FORMAT, &cases, 330);
}
