//! hdu3980 — Paint Chain: search over the ring's painted beads as a bitmask.

use std::collections::HashMap;

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu3980",
    count_first: true,
    case_prefix: true,
    terminator: "",
    max_cases: 200,
};

/// Whether the first player wins on a ring of `n` beads painting `m` at a time.
fn first_wins(n: usize, m: usize) -> bool {
    wins(0, n, m, &mut HashMap::new())
}

/// Whether the player to move wins with the beads in `painted` already painted.
fn wins(painted: u32, n: usize, m: usize, memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&res) = memo.get(&painted) {
        return res;
    }
    let mut res = false;
    if m <= n {
        for start in 0..n {
            let run: u32 = (start..start + m).map(|i| 1 << (i % n)).sum();
            if painted & run == 0 && !wins(painted | run, n, m, memo) {
                res = true;
                break;
            }
        }
    }
    memo.insert(painted, res);
    res
}

fn case(n: usize, m: usize, known: &mut HashMap<(usize, usize), bool>) -> Case {
    let wins = *known.entry((n, m)).or_insert_with(|| first_wins(n, m));
    Case {
        input: line(&[n, m]),
        answer: if wins { "aekdycoin" } else { "abcdxyzk" }.into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    assert!(first_wins(3, 1));
    assert!(!first_wins(4, 2));
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut known = HashMap::new();
    let mut pairs: Vec<(usize, usize)> = (1..=16)
        .flat_map(|n| (1..=17).map(move |m| (n, m)))
        .collect();
    for _ in 0..60 {
        pairs.push((rng.range(1, 16) as usize, rng.range(1, 1000) as usize));
    }
    // Longer rings where runs of at least 3 keep the reachable positions few.
    for _ in 0..30 {
        pairs.push((rng.range(17, 24) as usize, rng.range(3, 12) as usize));
    }
    rng.shuffle(&mut pairs);
    let cases: Vec<Case> = pairs
        .into_iter()
        .map(|(n, m)| case(n, m, &mut known))
        .collect();
    check(&FORMAT, &cases, 300);
}
