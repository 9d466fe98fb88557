//! hdu2147 — kiki's game: search over coin positions, moves left, down or left-down.

use crate::{check, line, Case, Format, Rng};

const FORMAT: Format = Format {
    id: "hdu2147",
    count_first: false,
    case_prefix: false,
    terminator: "0 0\n",
    max_cases: 200,
};

/// The largest side the table covers.
const TOP: usize = 2000;

/// `wins[down][left]`: the player to move wins with the coin `down` rows above the bottom
/// row and `left` columns right of the left column (the coin starts at `n - 1`, `m - 1`).
fn win_table() -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; TOP]; TOP];
    for down in 0..TOP {
        for left in 0..TOP {
            let left_move = left > 0 && !wins[down][left - 1];
            let down_move = down > 0 && !wins[down - 1][left];
            let diagonal = down > 0 && left > 0 && !wins[down - 1][left - 1];
            wins[down][left] = left_move || down_move || diagonal;
        }
    }
    wins
}

fn case(n: usize, m: usize, wins: &[Vec<bool>]) -> Case {
    Case {
        input: line(&[n, m]),
        answer: if wins[n - 1][m - 1] {
            "Wonderful!"
        } else {
            "What a pity!"
        }
        .into(),
    }
}

#[test]
fn brute_force_reproduces_the_samples() {
    let wins = win_table();
    assert!(!wins[4][2]);
    assert!(wins[4][3]);
    assert!(wins[5][5]);
}

#[test]
fn judge_matches_brute_force() {
    let mut rng = Rng::new(FORMAT.id);
    let wins = win_table();
    let cases: Vec<Case> = (0..400)
        .map(|_| {
            let top = [8, 120, TOP as i64][rng.below(3)];
            case(
                rng.range(1, top) as usize,
                rng.range(1, top) as usize,
                &wins,
            )
        })
        .collect();
    check(&FORMAT, &cases, 400);
}

/// `grundy solve kiki` agrees with the brute force on small boards.
#[test]
fn solve_matches_brute_force() {
    let mut rng = Rng::new("hdu2147 solve");
    let wins = win_table();
    let cases: Vec<Case> = (0..40)
        .map(|_| case(rng.range(1, 30) as usize, rng.range(1, 30) as usize, &wins))
        .collect();
    crate::check_solve("kiki", &cases, |sol| {
        crate::by_outcome(sol, "Wonderful!", "What a pity!")
    });
}
