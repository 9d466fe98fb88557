//! poj2975 — Nim winning moves: count the moves to positions the mover's opponent loses.

use std::collections::HashMap;

use crate::{check, line, sum_wins, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "poj2975",
    count_first: false,
    case_prefix: false,
    terminator: "0\n",
    max_cases: 200,
};

/// A Nim heap of size `h` may become any smaller size.
fn nim_options(h: u32) -> Vec<u32> {
    (0..h).collect()
}

/// The number of moves (heap, new size) after which the player to move loses.
fn winning_moves(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> usize {
    let mut count = 0;
    for heap_idx in 0..heaps.len() {
        for to in nim_options(heaps[heap_idx]) {
            let mut next = heaps.to_vec();
            next[heap_idx] = to;
            if !sum_wins(&next, &nim_options, false, memo) {
                count += 1;
            }
        }
    }
    count
}

fn case(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> Case {
    let mut items = vec![heaps.len() as u32];
    items.extend(heaps);
    Case {
        input: line(&items),
        answer: winning_moves(heaps, memo).to_string(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    // The second sample's heaps of 1000000000 are beyond a search; judge_samples covers it.
    assert_eq!(winning_moves(&[7, 11, 13], &mut HashMap::new()), 3);
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut memo = HashMap::new();
    let mut cases: Vec<Case> = (0..300)
        .map(|_| {
            let heaps: Vec<u32> = (0..rng.range(1, 4))
                .map(|_| rng.range(0, 12) as u32)
                .collect();
            case(&heaps, &mut memo)
        })
        .collect();
    // Many tiny heaps.
    for _ in 0..30 {
        let heaps: Vec<u32> = (0..rng.range(5, 40))
            .map(|_| rng.range(0, 3) as u32)
            .collect();
        cases.push(case(&heaps, &mut memo));
    }
    check(&FORMAT, &cases, 330);
}
