//! poj2068 — Team Nim: search over (stones left, seat to move), teams in alternate seats.

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "poj2068",
    count_first: false,
    case_prefix: false,
    terminator: "0\n",
    max_cases: 200,
};

/// Whether team 1 (seat 0 moves first) can force a win with `stones` and these maxima.
fn team_one_wins(stones: usize, maxima: &[usize]) -> bool {
    let seats = maxima.len();
    // wins[s][seat]: the team of `seat`, about to move with `s` stones left, wins.
    let mut wins = vec![vec![false; seats]; stones + 1];
    for s in 1..=stones {
        for seat in 0..seats {
            // Taking the last stone loses; the next seat always belongs to the other team.
            wins[s][seat] = (1..=maxima[seat].min(s))
                .any(|take| take < s && !wins[s - take][(seat + 1) % seats]);
        }
    }
    wins[stones][0]
}

fn case(stones: usize, maxima: &[usize]) -> Case {
    let mut items = vec![maxima.len() / 2, stones];
    items.extend(maxima);
    Case {
        input: line(&items),
        answer: if team_one_wins(stones, maxima) {
            "1"
        } else {
            "0"
        }
        .into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    assert!(!team_one_wins(101, &[4, 4]));
    assert!(team_one_wins(100, &[4, 4]));
    assert!(team_one_wins(97, &[8, 7, 6, 5, 4, 3]));
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let mut cases = Vec::new();
    for _ in 0..400 {
        let n = if rng.chance(1, 3) {
            rng.range(1, 10)
        } else {
            rng.range(1, 3)
        } as usize;
        let top = if rng.chance(1, 2) { 16 } else { 4 };
        let maxima: Vec<usize> = (0..2 * n).map(|_| rng.range(1, top) as usize).collect();
        let stones = match rng.below(20) {
            0 => rng.range(1, (1 << 13) - 1),
            1..=5 => rng.range(1, 400),
            _ => rng.range(1, 40),
        };
        cases.push(case(stones as usize, &maxima));
    }
    check(&FORMAT, &cases, 400);
}

/// `grundy solve team-nim` agrees with the brute force on small cases.
#[test]
fn solve_matches_brute_force() {
    let mut rng = Rng::new("poj2068 solve");
    let cases: Vec<Case> = (0..40)
        .map(|_| {
            let n = rng.range(1, 3) as usize;
            let maxima: Vec<usize> = (0..2 * n).map(|_| rng.range(1, 6) as usize).collect();
            case(rng.range(1, 60) as usize, &maxima)
        })
        .collect();
    crate::check_solve("team-nim", &cases, |sol| crate::by_outcome(sol, "1", "0"));
}
