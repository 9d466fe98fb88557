//! The board games beyond the problem set: published results where they exist (cited), and
//! plain searches written here from the rules.

use std::collections::HashMap;
use std::sync::Arc;

use grundy::dynamic::{Datum, DynGame};
use grundy::octal::{Method, Sequence};
use grundy::{Budget, Nimber, Outcome};

use super::{data, load, round_trip, solve, value, Rng};

fn board(file: &Arc<dyn DynGame>, rows: u64, cols: u64) -> Datum {
    file.position_of(&[rows, cols]).unwrap().unwrap()
}

/// The moves of `sol` that win for the mover, by where they lead.
fn winning(file: &Arc<dyn DynGame>, pos: &Datum) -> Vec<Datum> {
    let sol = solve(file, pos);
    sol.moves
        .into_iter()
        .filter(|m| m.value.outcome == Outcome::Win)
        .map(|m| m.mv.to)
        .collect()
}

/// Chomp. Gale (1974), "A curious Nim-type game", Amer. Math. Monthly 81(8): strategy
/// stealing shows the first player wins every rectangle larger than 1 x 1. The explicit
/// strategies: on n x n, eat the square diagonally next to the poison, leaving an L with
/// equal arms, then mirror; on 2 x n, eat the top-right square, leaving the bottom row one
/// longer than the top, and keep it so (both as given, e.g., in the Wikipedia article
/// "Chomp").
#[test]
fn chomp() {
    let file = load("chomp.luau", &[]);
    for rows in 1..=5 {
        for cols in 1..=6 {
            let expected = if rows * cols == 1 {
                Outcome::Loss
            } else {
                Outcome::Win
            };
            assert_eq!(
                value(&file, &board(&file, rows, cols)).outcome,
                expected,
                "{rows} x {cols}"
            );
        }
    }
    // Our rows run top (poison) first, so "the bottom row one longer" is [n, n - 1].
    for n in 2..=9i64 {
        let wins = winning(&file, &Datum::ints([n, n]));
        assert_eq!(wins, vec![Datum::ints([n, n - 1])], "2 x {n}");
    }
    for n in 2..=5i64 {
        let mut ell = vec![n];
        ell.extend(std::iter::repeat_n(1, n as usize - 1));
        let square = Datum::ints(std::iter::repeat_n(n, n as usize));
        assert!(
            winning(&file, &square).contains(&Datum::ints(ell)),
            "{n} x {n}"
        );
    }
    round_trip(&file, &[board(&file, 4, 5), Datum::ints([4, 2, 1])]);
}

/// Cram. Symmetry play (Gardner, Scientific American, Feb. 1974; Winning Ways): the second
/// player wins every even x even board, the first every even x odd board. One-row Cram is
/// the octal game 0.07 (Dawson's Kayles): compared with the library's octal values.
#[test]
fn cram() {
    let file = load("cram.luau", &[]);
    for (rows, cols) in [
        (2, 2),
        (2, 4),
        (2, 6),
        (4, 4),
        (2, 3),
        (2, 5),
        (2, 7),
        (4, 3),
    ] {
        let expected = if cols % 2 == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        assert_eq!(
            value(&file, &board(&file, rows, cols)).outcome,
            expected,
            "{rows} x {cols}"
        );
        assert_eq!(
            value(&file, &board(&file, cols, rows)).outcome,
            expected,
            "{cols} x {rows}"
        );
    }
    let mut dawson =
        Sequence::new("0.07".parse().unwrap(), Method::Direct, Budget::default()).unwrap();
    dawson.extend_to(17).unwrap();
    for n in 0..=16 {
        let nimber = value(&file, &board(&file, 1, n)).nimber;
        assert_eq!(
            nimber,
            Some(Nimber(u64::from(dawson.values()[n as usize]))),
            "1 x {n}"
        );
    }
    round_trip(
        &file,
        &[board(&file, 3, 4), data(r##"["..#", "#..", "..."]"##)],
    );
}

/// Whether the player to move wins Domineering on a `rows x cols` board with `covered`
/// cells, Vertical to move when `vertical`: a plain memoized search over bit sets.
fn domineering(
    rows: usize,
    cols: usize,
    covered: u32,
    vertical: bool,
    memo: &mut HashMap<(u32, bool), bool>,
) -> bool {
    if let Some(&win) = memo.get(&(covered, vertical)) {
        return win;
    }
    let (dr, dc) = if vertical { (1, 0) } else { (0, 1) };
    let mut win = false;
    'search: for r in 0..rows - dr {
        for c in 0..cols - dc {
            let pair = 1 << (r * cols + c) | 1 << ((r + dr) * cols + c + dc);
            if covered & pair == 0 && !domineering(rows, cols, covered | pair, !vertical, memo) {
                win = true;
                break 'search;
            }
        }
    }
    memo.insert((covered, vertical), win);
    win
}

/// Domineering. Lachmann, Moore & Rapaport, "Who wins Domineering on rectangular boards?"
/// (MSRI Publications 42, 2002): "the 2 x 2 board is a win for the first player". Every
/// board up to 4 x 4, with either player first, against a plain search written here.
#[test]
fn domineering_boards() {
    let file = load("domineering.luau", &[]);
    let start = board(&file, 2, 2);
    assert_eq!(value(&file, &start).outcome, Outcome::Win);
    let horizontal_first = data(r#"["H", ["..", ".."]]"#);
    assert_eq!(value(&file, &horizontal_first).outcome, Outcome::Win);
    for rows in 1..=4 {
        for cols in 1..=4 {
            let mut memo = HashMap::new();
            let empty: Vec<String> = (0..rows).map(|_| ".".repeat(cols)).collect();
            for vertical in [true, false] {
                let turn = if vertical { "V" } else { "H" };
                let pos = data(&format!(
                    r#"["{turn}", {}]"#,
                    serde_json::to_string(&empty).unwrap()
                ));
                let expected = domineering(rows, cols, 0, vertical, &mut memo);
                let got = value(&file, &pos).outcome == Outcome::Win;
                assert_eq!(got, expected, "{rows} x {cols}, {turn} first");
            }
        }
    }
    round_trip(&file, &[start, data(r##"["H", ["..#.", "#..."]]"##)]);
}

/// Connect Four. John Tromp's table of results on other board sizes
/// (<https://tromp.github.io/c4/c4.html>): width 4 x height 4 is a tie. Victor Allis (1988,
/// "A knowledge-based approach of Connect-Four", the follow-up rule): the first player has
/// no winning strategy on boards of even height and at most 6 columns; checked here on the
/// boards of height 2.
#[test]
fn connect_four() {
    let file = load("connect_four.luau", &[]);
    let sol = solve(&file, &board(&file, 4, 4));
    assert_eq!(
        (sol.value.outcome, sol.value.score),
        (Outcome::Draw, Some(0))
    );
    for width in 4..=6 {
        assert_ne!(
            value(&file, &board(&file, width, 2)).outcome,
            Outcome::Win,
            "{width} x 2"
        );
    }
    // A finished game has no moves; a winning drop scores 1 and capitalises the line.
    let won = file.parse("..... / x.... / xo... / xoo..").unwrap();
    let sol = solve(&file, &won);
    let drop = sol.moves.iter().find(|m| m.mv.label == "1").unwrap();
    assert_eq!((drop.mv.points, drop.value.score), (1, Some(1)));
    assert_eq!(
        file.show(&drop.mv.to).unwrap(),
        "X....\nX....\nXo...\nXoo.."
    );
    assert!(file.moves(&drop.mv.to).unwrap().is_empty());
    round_trip(&file, &[won, drop.mv.to.clone()]);
}

/// The best points difference for the player to move in Dots-and-Boxes on `rows x cols`
/// boxes with the lines `drawn` (horizontal lines row by row, then vertical ones row by
/// row): a plain memoized search.
fn dots_and_boxes(rows: usize, cols: usize, drawn: u32, memo: &mut HashMap<u32, i64>) -> i64 {
    if let Some(&score) = memo.get(&drawn) {
        return score;
    }
    let lines = (rows + 1) * cols + rows * (cols + 1);
    let sides = |r: usize, c: usize| {
        let vertical = (rows + 1) * cols;
        [
            r * cols + c,
            (r + 1) * cols + c,
            vertical + r * (cols + 1) + c,
            vertical + r * (cols + 1) + c + 1,
        ]
    };
    let boxes = |set: u32| {
        (0..rows * cols)
            .filter(|b| sides(b / cols, b % cols).iter().all(|&s| set >> s & 1 == 1))
            .count() as i64
    };
    let before = boxes(drawn);
    let best = (0..lines)
        .filter(|&line| drawn >> line & 1 == 0)
        .map(|line| {
            let next = drawn | 1 << line;
            let made = boxes(next) - before;
            let rest = dots_and_boxes(rows, cols, next, memo);
            if made > 0 {
                made + rest
            } else {
                -rest
            }
        })
        .max()
        .unwrap_or(0);
    memo.insert(drawn, best);
    best
}

/// Dots-and-Boxes: every position of 1 x 1, 1 x 2, 2 x 1 and 2 x 2 boxes against a plain
/// search written here and against the library's own game (`dots-and-boxes COLS ROWS`,
/// its lines in the file's order), every move's score too.
#[test]
fn dots_and_boxes_boards() {
    let file = load("dots_and_boxes.luau", &[]);
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        let lines = (rows + 1) * cols + rows * (cols + 1);
        let mut memo = HashMap::new();
        let rules =
            grundy::games::dots_and_boxes::DotsAndBoxes::new(cols as u64, rows as u64).unwrap();
        let builtin = grundy::catalog::builtin::dots_and_boxes(cols as u64, rows as u64).unwrap();
        for drawn in 0..1u32 << lines {
            let text: String = (0..lines)
                .map(|l| if drawn >> l & 1 == 1 { '1' } else { '0' })
                .collect();
            let pos = Datum::List(vec![
                Datum::Int(rows as i64),
                Datum::Int(cols as i64),
                Datum::Str(text),
            ]);
            let expected = dots_and_boxes(rows, cols, drawn, &mut memo);
            assert_eq!(
                value(&file, &pos).score,
                Some(expected),
                "{rows} x {cols} at {pos}"
            );
            let own = builtin.parse(&rules.show(u64::from(drawn))).unwrap();
            let all = grundy::dynamic::Ask {
                all_moves: true,
                ..Default::default()
            };
            let ours = builtin.solve_with(&own, &Budget::default(), all).unwrap();
            let theirs = file.solve_with(&pos, &Budget::default(), all).unwrap();
            assert_eq!(ours.value.score, Some(expected), "{rows} x {cols} at {pos}");
            let scores = |s: &grundy::dynamic::Solution| {
                let mut v: Vec<(String, Option<i64>)> = s
                    .moves
                    .iter()
                    .map(|m| (m.mv.label.clone(), m.value.score))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(scores(&ours), scores(&theirs), "{rows} x {cols} at {pos}");
        }
    }
    let start = file.start().unwrap();
    round_trip(
        &file,
        &[start.clone(), data(r#"[2, 3, "10100010010000111"]"#)],
    );
}

/// Cat and Mouse by plain retrograde analysis from the rules: 1 the Mouse wins, 2 the Cat
/// wins, 0 a draw, for (mouse, cat, mouse to move). A player with no move loses.
fn cat_and_mouse(graph: &[Vec<usize>]) -> HashMap<(usize, usize, bool), u8> {
    let n = graph.len();
    let mut result = HashMap::new();
    for mouse in 0..n {
        for cat in 1..n {
            for mouse_turn in [true, false] {
                let known = if mouse == 0 {
                    1
                } else if mouse == cat {
                    2
                } else {
                    0
                };
                result.insert((mouse, cat, mouse_turn), known);
            }
        }
    }
    loop {
        let mut changed = false;
        for mouse in 1..n {
            for cat in 1..n {
                for mouse_turn in [true, false] {
                    if result[&(mouse, cat, mouse_turn)] != 0 {
                        continue;
                    }
                    let (me, options): (u8, Vec<u8>) = if mouse_turn {
                        (
                            1,
                            graph[mouse]
                                .iter()
                                .map(|&to| result[&(to, cat, false)])
                                .collect(),
                        )
                    } else {
                        let to: Vec<u8> = graph[cat]
                            .iter()
                            .filter(|&&to| to != 0)
                            .map(|&to| result[&(mouse, to, true)])
                            .collect();
                        (2, to)
                    };
                    let other = 3 - me;
                    let decided = if options.contains(&me) {
                        me
                    } else if options.iter().all(|&r| r == other) {
                        other
                    } else {
                        0
                    };
                    if decided != 0 {
                        result.insert((mouse, cat, mouse_turn), decided);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return result;
        }
    }
}

/// Cat and Mouse (a loopy game with draws). LeetCode problem 913's examples:
/// `[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]` is a draw and `[[1,3],[0],[3],[0,2]]` a
/// Mouse win. Then random graphs, every position, against retrograde analysis written here.
#[test]
fn cat_and_mouse_graphs() {
    let file = load("cat_and_mouse.luau", &[]);
    assert_eq!(value(&file, &file.start().unwrap()).outcome, Outcome::Draw);
    let file = load("cat_and_mouse.luau", &[("graph", "[[1,3],[0],[3],[0,2]]")]);
    assert_eq!(value(&file, &file.start().unwrap()).outcome, Outcome::Win);
    let mut rng = Rng(913);
    let mut draws = 0;
    for _ in 0..20 {
        let n = 3 + rng.below(4) as usize;
        let mut graph = vec![Vec::new(); n];
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(5) < 2 {
                    graph[a].push(b);
                    graph[b].push(a);
                }
            }
        }
        let text = serde_json::to_string(&graph).unwrap();
        let file = load("cat_and_mouse.luau", &[("graph", &text)]);
        for ((mouse, cat, mouse_turn), expected) in cat_and_mouse(&graph) {
            if mouse == 0 || mouse == cat {
                continue;
            }
            let turn = if mouse_turn { "mouse" } else { "cat" };
            let pos = data(&format!(r#"[{mouse}, {cat}, "{turn}"]"#));
            let mover_wins = if mouse_turn { 1 } else { 2 };
            let expected = match expected {
                0 => Outcome::Draw,
                r if r == mover_wins => Outcome::Win,
                _ => Outcome::Loss,
            };
            assert_eq!(value(&file, &pos).outcome, expected, "{text} at {pos}");
            draws += usize::from(expected == Outcome::Draw);
        }
    }
    assert!(draws > 0, "no random graph had a draw");
    round_trip(&file, &[data(r#"[3, 2, "cat"]"#)]);
}
