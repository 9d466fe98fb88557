//! hdu4778 — Gems Fight!: search over (bags taken, gems in the cooker), bonus turns kept.

use std::collections::HashMap;

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu4778",
    count_first: false,
    case_prefix: false,
    terminator: "0 0 0\n",
    max_cases: 20,
};

/// First player's stones minus second player's, both playing optimally.
///
/// `bags[i]` lists the colours (1..=g) of bag i's gems; `s` gems of one colour melt.
fn difference(g: usize, s: u32, bags: &[Vec<usize>]) -> i64 {
    let mut memo = HashMap::new();
    search(0, &vec![0; g + 1], s, bags, &mut memo)
}

/// The best (mover's stones - opponent's) from here on, for the player about to pour.
fn search(
    taken: u32,
    cooker: &[u32],
    s: u32,
    bags: &[Vec<usize>],
    memo: &mut HashMap<(u32, Vec<u32>), i64>,
) -> i64 {
    if let Some(&value) = memo.get(&(taken, cooker.to_vec())) {
        return value;
    }
    let mut best = None;
    for (bag_idx, bag) in bags.iter().enumerate() {
        if taken & (1 << bag_idx) != 0 {
            continue;
        }
        let mut next = cooker.to_vec();
        for &colour in bag {
            next[colour] += 1;
        }
        let mut stones = 0;
        for count in next.iter_mut() {
            while *count >= s {
                *count -= s;
                stones += 1;
            }
        }
        let rest = search(taken | (1 << bag_idx), &next, s, bags, memo);
        // A player who made a stone pours again; otherwise the opponent moves next.
        let value = if stones > 0 { stones + rest } else { -rest };
        best = Some(best.map_or(value, |b: i64| b.max(value)));
    }
    let value = best.unwrap_or(0);
    memo.insert((taken, cooker.to_vec()), value);
    value
}

fn case(g: usize, s: u32, bags: Vec<Vec<usize>>) -> Case {
    let mut input = line(&[g, bags.len(), s as usize]);
    for bag in &bags {
        let mut items = vec![bag.len()];
        items.extend(bag);
        input.push_str(&line(&items));
    }
    Case {
        answer: difference(g, s, &bags).to_string(),
        input,
    }
}

fn random_case(rng: &mut Rng, b: usize) -> Case {
    let g = rng.range(1, 8) as usize;
    let s = if rng.chance(1, 5) {
        rng.range(1, 19)
    } else {
        rng.range(1, 5)
    } as u32;
    let max_gems = rng.range(1, 10);
    let bags = (0..b)
        .map(|_| {
            (0..rng.range(1, max_gems))
                .map(|_| rng.range(1, g as i64) as usize)
                .collect()
        })
        .collect();
    case(g, s, bags)
}

#[test]
fn brute_force_reproduces_the_samples() {
    let bags = vec![vec![2, 3], vec![1, 3], vec![1, 2], vec![2, 3, 1]];
    assert_eq!(difference(3, 3, &bags), 3);
    assert_eq!(difference(3, 2, &[vec![2, 3, 1], vec![1, 2, 3]]), -3);
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut cases: Vec<Case> = (0..300)
        .map(|_| {
            let most_bags = if rng.chance(1, 10) { 14 } else { 10 };
            let b = rng.range(0, most_bags) as usize;
            random_case(&mut rng, b)
        })
        .collect();
    // A few larger ones (up to 2^17 sets of bags taken).
    cases.extend((15..=17).map(|b| random_case(&mut rng, b)));
    // No bags at all, and no colours either: nobody scores.
    cases.push(case(3, 4, Vec::new()));
    cases.push(case(0, 1, Vec::new()));
    check(&FORMAT, &cases, 300);
}

/// `grundy solve gems-fight` agrees with the brute force on small cases.
#[test]
fn solve_matches_brute_force() {
    let mut rng = Rng::new("hdu4778 solve");
    let cases: Vec<Case> = (0..40)
        .map(|_| {
            let b = rng.range(0, 8) as usize;
            random_case(&mut rng, b)
        })
        .collect();
    crate::check_solve("gems-fight", &cases, |sol| sol["score"].to_string());
}
