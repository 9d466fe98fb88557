//! hdu1536 — S-Nim: search over whole sums of heaps with a subtraction set.

use std::collections::HashMap;

use crate::{check, line, sum_wins, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu1536",
    count_first: false,
    case_prefix: false,
    terminator: "0\n",
    max_cases: 100,
};

/// One `W`/`L` per position: whether the first player wins it with subtraction set `set`.
fn answers(set: &[u32], positions: &[Vec<u32>]) -> String {
    let options = |h: u32| set.iter().filter(|&&s| s <= h).map(|&s| h - s).collect();
    let mut memo = HashMap::new();
    positions
        .iter()
        .map(|heaps| {
            if sum_wins(heaps, &options, false, &mut memo) {
                'W'
            } else {
                'L'
            }
        })
        .collect()
}

fn case(set: &[u32], positions: &[Vec<u32>]) -> Case {
    let mut items = vec![set.len() as u32];
    items.extend(set);
    let mut input = line(&items);
    input.push_str(&line(&[positions.len()]));
    for heaps in positions {
        let mut items = vec![heaps.len() as u32];
        items.extend(heaps);
        input.push_str(&line(&items));
    }
    Case {
        input,
        answer: answers(set, positions),
    }
}

fn random_case(rng: &mut Rng) -> Case {
    let largest = if rng.chance(1, 4) { 40 } else { 9 };
    let mut set: Vec<u32> = (1..=largest).collect();
    rng.shuffle(&mut set);
    set.truncate(rng.range(1, 5) as usize);
    // Up to three small heaps, two up to 100, or one up to 1000.
    let positions: Vec<Vec<u32>> = (0..rng.range(1, 6))
        .map(|_| {
            let (heaps, top) = [(3, 16), (2, 100), (1, 1000)][rng.below(3)];
            (0..rng.range(1, heaps))
                .map(|_| rng.range(0, top) as u32)
                .collect()
        })
        .collect();
    case(&set, &positions)
}

#[test]
fn brute_force_reproduces_the_samples() {
    let positions = [vec![5, 12], vec![2, 4, 7], vec![2, 3, 7, 12]];
    assert_eq!(answers(&[2, 5], &positions), "LWW");
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut cases: Vec<Case> = (0..200).map(|_| random_case(&mut rng)).collect();
    // Many tiny heaps.
    for _ in 0..20 {
        let set = [vec![1, 2], vec![2, 3], vec![1, 4], vec![3]][rng.below(4)].clone();
        let positions: Vec<Vec<u32>> = (0..rng.range(1, 5))
            .map(|_| {
                (0..rng.range(5, 20))
                    .map(|_| rng.range(0, 4) as u32)
                    .collect()
            })
            .collect();
        cases.push(case(&set, &positions));
    }
    check(&FORMAT, &cases, 220);
}
