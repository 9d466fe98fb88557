//! cf69d — Dot: search over (point, reflections used by each player, player to move).

use std::collections::HashMap;

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "cf69d",
    count_first: false,
    case_prefix: false,
    terminator: "",
    max_cases: 1,
};

/// A position: the point, whether each player has reflected, and who moves (0 or 1).
type State = (i64, i64, [bool; 2], usize);

/// Whether the first player (Anton) wins from `(x, y)`.
fn first_wins(x: i64, y: i64, d: i64, vectors: &[(i64, i64)]) -> bool {
    wins((x, y, [false, false], 0), d, vectors, &mut HashMap::new())
}

/// Whether the player to move wins; a move that takes the point beyond `d` loses.
fn wins(state: State, d: i64, vectors: &[(i64, i64)], memo: &mut HashMap<State, bool>) -> bool {
    if let Some(&res) = memo.get(&state) {
        return res;
    }
    let (x, y, reflected, player) = state;
    let mut res = vectors.iter().any(|&(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        nx * nx + ny * ny <= d * d && !wins((nx, ny, reflected, 1 - player), d, vectors, memo)
    });
    if !res && !reflected[player] {
        let mut now = reflected;
        now[player] = true;
        res = !wins((y, x, now, 1 - player), d, vectors, memo);
    }
    memo.insert(state, res);
    res
}

fn case(x: i64, y: i64, d: i64, vectors: &[(i64, i64)]) -> Case {
    let mut input = line(&[x, y, vectors.len() as i64, d]);
    for &(vx, vy) in vectors {
        input.push_str(&line(&[vx, vy]));
    }
    Case {
        input,
        answer: if first_wins(x, y, d, vectors) {
            "Anton"
        } else {
            "Dasha"
        }
        .into(),
    }
}

fn random_case(rng: &mut Rng, d: i64, most_vectors: i64) -> Case {
    let (x, y) = loop {
        let (x, y) = (rng.range(-d, d), rng.range(-d, d));
        if x * x + y * y < d * d {
            break (x, y);
        }
    };
    let top = rng.range(1, d.min(12));
    let vectors: Vec<(i64, i64)> = (0..rng.range(1, most_vectors))
        .map(|_| loop {
            let v = (rng.range(0, top), rng.range(0, top));
            if v != (0, 0) {
                break v;
            }
        })
        .collect();
    case(x, y, d, &vectors)
}

#[test]
fn brute_force_reproduces_the_samples() {
    assert!(first_wins(0, 0, 3, &[(1, 1), (1, 2)]));
    assert!(!first_wins(0, 0, 4, &[(1, 1), (1, 2)]));
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut cases: Vec<Case> = (0..150)
        .map(|_| {
            let largest = if rng.chance(1, 5) { 40 } else { 14 };
            let d = rng.range(1, largest);
            random_case(&mut rng, d, 4)
        })
        .collect();
    // Circles up to the limit d = 200, with up to 20 vectors.
    cases.extend([80, 150, 200].map(|d| random_case(&mut rng, d, 20)));
    check(&FORMAT, &cases, 153);
}

/// `grundy solve dot` agrees with the brute force on small cases.
#[test]
fn solve_matches_brute_force() {
    let mut rng = Rng::new("cf69d solve");
    let cases: Vec<Case> = (0..40)
        .map(|_| {
            let d = rng.range(1, 12);
            random_case(&mut rng, d, 4)
        })
        .collect();
    crate::check_solve("dot", &cases, |sol| {
        crate::by_outcome(sol, "Anton", "Dasha")
    });
}
