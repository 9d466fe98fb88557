//! The games of the problem set (docs/problems.md) as game files, against the library's
//! own games on every small position, and the judges' samples.

use grundy::catalog::builtin;
use grundy::dynamic::{Datum, DynGame};
use grundy::games::bash::Bash;
use grundy::games::dot::{Dot, Point};
use grundy::games::gems_fight::GemsFight;
use grundy::games::minesweeper::{Board, Minesweeper};
use grundy::games::subtraction::{Subtraction, SubtractionSet};
use grundy::games::team_nim::{Seat, TeamNim};
use grundy::games::young::Young;
use grundy::octal::{period::ring_values, Method, Sequence, TakeAndBreak};
use grundy::solve::grundy::GrundySolver;
use grundy::solve::memo::{MemoSearch, Outcomes, Scores};
use grundy::{Budget, Nimber, Outcome, Play};

use super::{data, load, round_trip, same_solution, solve, value, Rng};

fn heaps(values: &[i64]) -> Datum {
    Datum::ints(values.iter().copied())
}

/// hdu1847: every heap up to 64 and every pair up to 16, against the subtraction game of
/// the powers of two; the judge's sample (`1` Kiki, `3` Cici).
#[test]
fn powers_of_two() {
    let file = load("powers_of_two.luau", &[]);
    let native = builtin::subtraction(Subtraction::new(SubtractionSet::PowersOfTwo));
    for n in 0..=64 {
        same_solution(&solve(&file, &heaps(&[n])), &solve(&native, &heaps(&[n])));
    }
    for a in 0..=16 {
        for b in 0..=16 {
            let (mine, theirs) = (
                value(&file, &heaps(&[a, b])),
                value(&native, &heaps(&[a, b])),
            );
            assert_eq!((mine.outcome, mine.nimber), (theirs.outcome, theirs.nimber));
        }
    }
    assert_eq!(value(&file, &heaps(&[1])).outcome, Outcome::Win);
    assert_eq!(value(&file, &heaps(&[3])).outcome, Outcome::Loss);
}

/// hdu1536: S-Nim for several sets, every heap up to 40 and rows of three heaps up to 9,
/// against the library's finite subtraction games; the judge's sample (`LWW`).
#[test]
fn snim() {
    for set in ["2,5", "1,3,4", "2,3", "3,7,9", "1"] {
        let file = load("snim.luau", &[("set", set)]);
        let native = builtin::subtraction(Subtraction::new(set.parse().unwrap()));
        for n in 0..=40 {
            same_solution(&solve(&file, &heaps(&[n])), &solve(&native, &heaps(&[n])));
        }
        for a in 0..=9 {
            for b in a..=9 {
                for c in b..=9 {
                    let pos = heaps(&[a, b, c]);
                    let (mine, theirs) = (value(&file, &pos), value(&native, &pos));
                    assert_eq!((mine.outcome, mine.nimber), (theirs.outcome, theirs.nimber));
                }
            }
        }
    }
    let file = load("snim.luau", &[("set", "2,5")]);
    let answers: String = [&[5, 12][..], &[2, 4, 7], &[2, 3, 7, 12]]
        .iter()
        .map(|pos| match value(&file, &heaps(pos)).outcome {
            Outcome::Win => 'W',
            _ => 'L',
        })
        .collect();
    assert_eq!(answers, "LWW");
}

/// hdu2147: every coin position up to 12 x 12 against the corner game; the judge's sample
/// (`5 3` a loss, `5 4` and `6 6` wins).
#[test]
fn kiki() {
    let file = load("kiki.luau", &[]);
    let native = builtin::corner();
    for x in 0..=12 {
        for y in 0..=12 {
            same_solution(
                &solve(&file, &heaps(&[x, y])),
                &solve(&native, &heaps(&[x, y])),
            );
        }
    }
    let board = |n: u64, m: u64| file.position_of(&[n, m]).unwrap().unwrap();
    assert_eq!(value(&file, &board(5, 3)).outcome, Outcome::Loss);
    assert_eq!(value(&file, &board(5, 4)).outcome, Outcome::Win);
    assert_eq!(value(&file, &board(6, 6)).outcome, Outcome::Win);
}

/// hdu4764: every bound N up to 25 and every number written, for k = 1..5, against the
/// library's "reach N and lose" game; the judge's sample (Jiang, Tang, Jiang).
#[test]
fn bash() {
    for k in 1..=5 {
        let file = load("bash.luau", &[("k", &k.to_string())]);
        for bound in 1..=25 {
            let native = builtin::bash_reach(Bash::new(k).unwrap(), bound);
            for last in 0..bound as i64 {
                let mine = solve(&file, &heaps(&[last, bound as i64]));
                let theirs = solve(&native, &Datum::Int(last));
                assert_eq!(mine.value, theirs.value, "k {k}, N {bound}, at {last}");
                assert_eq!(mine.moves.len(), theirs.moves.len());
            }
        }
    }
    for (n, k, first_wins) in [(1, 1, false), (30, 3, true), (10, 2, false)] {
        let file = load("bash.luau", &[("k", &k.to_string())]);
        let start = file.position_of(&[n]).unwrap().unwrap();
        assert_eq!(value(&file, &start).outcome == Outcome::Win, first_wins);
    }
}

/// poj1067: every pair of heaps up to 14 against the library's Wythoff game; the judge's
/// sample (`2 1` 0, `8 4` 1, `4 7` 0).
#[test]
fn wythoff() {
    let file = load("wythoff.luau", &[]);
    let native = builtin::wythoff();
    for a in 0..=14 {
        for b in 0..=14 {
            same_solution(
                &solve(&file, &heaps(&[a, b])),
                &solve(&native, &heaps(&[a, b])),
            );
        }
    }
    for (a, b, first_wins) in [(2, 1, false), (8, 4, true), (4, 7, false)] {
        assert_eq!(
            value(&file, &heaps(&[a, b])).outcome == Outcome::Win,
            first_wins
        );
    }
}

/// hdu2516: every (heap, most) with heaps up to 30 against the library's Fibonacci Nim;
/// the judge's sample (`2`, `13` second wins, `10000` first wins, here `12`).
#[test]
fn fibonacci_nim() {
    let file = load("fibonacci_nim.luau", &[]);
    let native = builtin::fibonacci_nim();
    for heap in 0..=30 {
        for most in 0..=heap + 2 {
            let pos = heaps(&[heap, most]);
            same_solution(&solve(&file, &pos), &solve(&native, &pos));
        }
    }
    for (n, first_wins) in [(2, false), (13, false), (12, true)] {
        let start = file.position_of(&[n]).unwrap().unwrap();
        assert_eq!(start, native.parse(&n.to_string()).unwrap());
        assert_eq!(value(&file, &start).outcome == Outcome::Win, first_wins);
    }
    round_trip(&file, &[heaps(&[13, 12]), heaps(&[5, 2])]);
    assert_eq!(file.parse("13").unwrap(), heaps(&[13, 12]));
}

/// hdu3980: rings of N beads and lines up to 20 (12 for M = 1), M = 1..4, against the
/// octal code that removes a run of M (line values) and its ring values; the judge's sample.
/// (Each solve also searches the whole sum for remoteness, which grows fast with N.)
#[test]
fn paint_chain() {
    for m in 1..=4usize {
        let file = load("paint_chain.luau", &[("m", &m.to_string())]);
        let code = TakeAndBreak::remove_run(m).unwrap();
        let mut seq = Sequence::new(code, Method::Direct, Budget::default()).unwrap();
        let top = if m == 1 { 12 } else { 20 };
        let rings = ring_values(&mut seq, top + 1).unwrap();
        for (n, &ring) in rings.iter().enumerate() {
            let nimber = value(&file, &ring_of(&file, n as u64)).nimber.unwrap();
            assert_eq!(nimber, Nimber(u64::from(ring)), "M {m}, ring {n}");
            let line = value(&file, &heaps(&[n as i64])).nimber.unwrap();
            assert_eq!(line, Nimber(u64::from(seq.values()[n])), "M {m}, line {n}");
        }
        let pos = data("[3, 5, 0, 7]");
        round_trip(&file, &[ring_of(&file, 10), pos.clone(), data("[]")]);
        let split = value(&file, &pos).nimber.unwrap();
        let each = [3, 5, 7].map(|n| u64::from(seq.values()[n]));
        assert_eq!(split, Nimber(each[0] ^ each[1] ^ each[2]));
    }
    let file = load("paint_chain.luau", &[("m", "1")]);
    assert_eq!(value(&file, &ring_of(&file, 3)).outcome, Outcome::Win);
    let file = load("paint_chain.luau", &[("m", "2")]);
    assert_eq!(value(&file, &ring_of(&file, 4)).outcome, Outcome::Loss);
}

fn ring_of(file: &std::sync::Arc<dyn DynGame>, n: u64) -> Datum {
    file.position_of(&[n]).unwrap().unwrap()
}

/// poj2068: random tables of 2 or 4 seats with limits up to 5, every stone count up to 40
/// and every seat, against the library's Team Nim (misère memo search); the judge's sample.
#[test]
fn team_nim() {
    let mut rng = Rng(2068);
    for _ in 0..12 {
        let seats = 2 * (1 + rng.below(2)) as usize;
        let limits: Vec<u32> = (0..seats).map(|_| 1 + rng.below(5) as u32).collect();
        let text = limits
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let file = load("team_nim.luau", &[("limits", &text)]);
        let native = TeamNim::new(limits.clone()).unwrap();
        let mut search = MemoSearch::new(&native, Outcomes(Play::Misere), Budget::default());
        for stones in 0..=40u32 {
            for seat in 0..seats as u32 {
                let theirs = search.value(&Seat { stones, seat }).unwrap();
                let mine = value(&file, &heaps(&[i64::from(stones), i64::from(seat) + 1]));
                assert_eq!(
                    mine.outcome, theirs,
                    "limits {limits:?}, {stones} stones, seat {seat}"
                );
            }
        }
    }
    for (limits, stones, first_wins) in [
        ("4,4", 101, false),
        ("4,4", 100, true),
        ("8,7,6,5,4,3", 97, true),
    ] {
        let file = load("team_nim.luau", &[("limits", limits)]);
        assert_eq!(
            value(&file, &heaps(&[stones, 1])).outcome == Outcome::Win,
            first_wins
        );
    }
}

/// cf69d: random vector sets and radii, every point of the disc with every pair of
/// reflection flags, against the library's Dot (memo search); the judge's samples.
#[test]
fn dot() {
    let mut rng = Rng(69);
    for _ in 0..10 {
        let d = 1 + rng.below(5) as i32;
        // Distinct vectors, so that moves have distinct labels.
        let mut vectors: Vec<(i32, i32)> = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let v = (rng.below(3) as i32, rng.below(3) as i32);
            if v != (0, 0) && !vectors.contains(&v) {
                vectors.push(v);
            }
        }
        if vectors.is_empty() {
            vectors.push((1, 0));
        }
        let json: Vec<String> = vectors.iter().map(|(x, y)| format!("[{x},{y}]")).collect();
        let params = [
            ("vectors", format!("[{}]", json.join(","))),
            ("d", d.to_string()),
        ];
        let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let file = load("dot.luau", &params);
        let native = Dot::new(vectors.clone(), d).unwrap();
        let mut search = MemoSearch::new(&native, Outcomes(Play::Normal), Budget::default());
        for x in -d..=d {
            for y in -d..=d {
                if !native.within(x, y) {
                    continue;
                }
                for (mine, theirs) in [(true, true), (true, false), (false, true), (false, false)] {
                    let point = Point {
                        x,
                        y,
                        mover_reflects: mine,
                        other_reflects: theirs,
                    };
                    let pos = Datum::List(vec![
                        Datum::Int(x.into()),
                        Datum::Int(y.into()),
                        Datum::Bool(mine),
                        Datum::Bool(theirs),
                    ]);
                    let got = value(&file, &pos).outcome;
                    assert_eq!(
                        got,
                        search.value(&point).unwrap(),
                        "{vectors:?} d {d} at {pos}"
                    );
                }
            }
        }
    }
    let file = load("dot.luau", &[]);
    let start = file.start().unwrap();
    assert_eq!(value(&file, &start).outcome, Outcome::Win);
    round_trip(&file, &[start.clone(), data("[3, -1, false, true]")]);
    let file = load("dot.luau", &[("d", "4")]);
    assert_eq!(value(&file, &start).outcome, Outcome::Loss);
}

/// hdu4778: random games (up to 3 colours, 7 bags, S up to 4), every set of bags taken,
/// against the library's Gems Fight (memo search over scores); the judge's samples.
#[test]
fn gems_fight() {
    let mut rng = Rng(4778);
    for _ in 0..12 {
        let colours = 1 + rng.below(3) as usize;
        let size = 1 + rng.below(4) as u32;
        let bags: Vec<Vec<usize>> = (0..1 + rng.below(7))
            .map(|_| {
                (0..1 + rng.below(4))
                    .map(|_| rng.below(colours as u64) as usize)
                    .collect()
            })
            .collect();
        let json: Vec<String> = bags
            .iter()
            .map(|bag| {
                let gems: Vec<String> = bag.iter().map(|c| (c + 1).to_string()).collect();
                format!("[{}]", gems.join(","))
            })
            .collect();
        let bags_param = format!("[{}]", json.join(","));
        let file = load(
            "gems_fight.luau",
            &[("s", &size.to_string()), ("bags", &bags_param)],
        );
        let native = GemsFight::new(colours, size, &bags).unwrap();
        let mut search = MemoSearch::new(&native, Scores, Budget::default());
        for taken in 0..1u32 << bags.len() {
            let letters: String = (0..bags.len())
                .map(|b| if taken >> b & 1 == 1 { 'x' } else { '.' })
                .collect();
            let mine = value(&file, &Datum::Str(letters.clone())).score;
            let theirs = search.value(&taken).unwrap();
            assert_eq!(
                mine,
                Some(theirs),
                "S {size}, bags {bags_param}, at {letters}"
            );
        }
    }
    let file = load("gems_fight.luau", &[]);
    assert_eq!(value(&file, &file.start().unwrap()).score, Some(3));
    let file = load(
        "gems_fight.luau",
        &[("s", "2"), ("bags", "[[2,3,1],[1,2,3]]")],
    );
    assert_eq!(value(&file, &file.start().unwrap()).score, Some(-3));
    round_trip(&file, &[Datum::Str("x.".into())]);
}

/// chess2018: random boards up to 3 x 4 with values up to 9, every staircase, against the
/// library's Young-diagram game (memo search over scores); the judge's sample.
#[test]
fn young() {
    let mut rng = Rng(2018);
    for _ in 0..12 {
        let (rows, cols) = (1 + rng.below(3) as usize, 1 + rng.below(4) as usize);
        let first: Vec<i64> = (0..rows * cols).map(|_| rng.below(10) as i64).collect();
        let second: Vec<i64> = (0..rows * cols).map(|_| rng.below(10) as i64).collect();
        let matrix = |values: &[i64]| {
            let rows: Vec<String> = values
                .chunks(cols)
                .map(|row| {
                    format!(
                        "[{}]",
                        row.iter()
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(",")
                    )
                })
                .collect();
            format!("[{}]", rows.join(","))
        };
        let (a, b) = (matrix(&first), matrix(&second));
        let file = load("young.luau", &[("a", &a), ("b", &b)]);
        let native = Young::new(rows, cols, first, second).unwrap();
        let mut search = MemoSearch::new(&native, Scores, Budget::default());
        for lengths in staircases(rows, cols) {
            let pos = Datum::ints(lengths.iter().map(|&l| i64::from(l)));
            let mine = value(&file, &pos).score;
            assert_eq!(
                mine,
                Some(search.value(&lengths).unwrap()),
                "A {a}, B {b}, at {pos}"
            );
        }
        round_trip(&file, &[file.start().unwrap()]);
    }
    let file = load("young.luau", &[]);
    assert_eq!(value(&file, &file.start().unwrap()).score, Some(2));
}

/// Every non-increasing list of `rows` lengths up to `cols`.
fn staircases(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let mut res = vec![vec![]];
    for _ in 0..rows {
        res = res
            .into_iter()
            .flat_map(|prefix: Vec<u8>| {
                let most = prefix.last().copied().unwrap_or(cols as u8);
                (0..=most).map(move |len| {
                    let mut next = prefix.clone();
                    next.push(len);
                    next
                })
            })
            .collect();
    }
    res
}

/// hdu4678: every placement of mines on every board of up to 9 cells, and every 8th on
/// 3 x 4, against the library's Minesweeper (flood fill into components); the judge's
/// sample.
#[test]
fn minesweeper() {
    let file = load("minesweeper.luau", &[]);
    let mut boards = 0;
    for (rows, cols) in [(1, 1), (1, 5), (2, 2), (2, 3), (2, 4), (3, 3), (3, 4)] {
        let step = if rows * cols > 9 { 8 } else { 1 };
        for mines in (0..1u32 << (rows * cols)).step_by(step) {
            let mut native = Board::new(rows, cols).unwrap();
            let mut text = Vec::new();
            for r in 0..rows {
                let row: String = (0..cols)
                    .map(|c| {
                        if mines >> (r * cols + c) & 1 == 1 {
                            '*'
                        } else {
                            '.'
                        }
                    })
                    .collect();
                for (c, cell) in row.chars().enumerate() {
                    if cell == '*' {
                        native.add_mine(r, c).unwrap();
                    }
                }
                text.push(Datum::Str(row));
            }
            let pos = Datum::List(text);
            let theirs = GrundySolver::new(&Minesweeper, Budget::default())
                .nimber_of_sum(native.census().unwrap().kinds())
                .unwrap();
            assert_eq!(value(&file, &pos).nimber, Some(theirs), "at {pos}");
            boards += 1;
        }
    }
    assert_eq!(boards, 2 + 32 + 16 + 64 + 256 + 512 + 4096 / 8);
    let empty = file.position_of(&[3, 3]).unwrap().unwrap();
    assert_eq!(value(&file, &empty).outcome, Outcome::Win);
    let one_mine = file.parse("... / .*. / ...").unwrap();
    assert_eq!(value(&file, &one_mine).outcome, Outcome::Loss);
    round_trip(&file, &[file.start().unwrap(), one_mine]);
}
