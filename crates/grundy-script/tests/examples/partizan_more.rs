//! Toppling Dominoes, Clobber and Konane, each file against a plain game tree written here from the
//! rules (its canonical form built by `Arena::from_options` over every option) on every
//! small position, and against values worked out by hand from the rules.

use std::collections::HashMap;
use std::sync::Arc;

use grundy::cgt::{Arena, Dyadic, GameId};
use grundy::dynamic::{Datum, DynGame};
use grundy::Budget;

use super::{load, round_trip};

fn canonical(game: &Arc<dyn DynGame>, pos: &Datum, arena: &mut Arena) -> GameId {
    game.partizan()
        .expect("a partizan game")
        .canonical(pos, arena, &Budget::default())
        .unwrap_or_else(|err| panic!("{} at {pos}: {err}", game.name()))
}

fn rows(rows: &[&str]) -> Datum {
    Datum::List(rows.iter().map(|r| Datum::Str(r.to_string())).collect())
}

/// Every word of `letters` up to `max` long.
fn words(letters: &[u8], max: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..max {
        last = last
            .iter()
            .flat_map(|w: &Vec<u8>| {
                letters.iter().map(move |&l| {
                    let mut w = w.clone();
                    w.push(l);
                    w
                })
            })
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// Toppling Dominoes by its plain tree: a player topples one of their dominoes (or a
/// green one) left, leaving what stood right of it, or right, leaving what stood left.
fn toppling(row: &[u8], arena: &mut Arena, memo: &mut HashMap<Vec<u8>, GameId>) -> GameId {
    if let Some(&g) = memo.get(row) {
        return g;
    }
    let mut sides = [b'L', b'R'].map(|mine| {
        let mut options = Vec::new();
        for i in 0..row.len() {
            if row[i] == mine || row[i] == b'G' {
                options.push(toppling(&row[i + 1..], arena, memo));
                options.push(toppling(&row[..i], arena, memo));
            }
        }
        options
    });
    let [left, right] = &mut sides;
    let g = arena.from_options(left, right).unwrap();
    memo.insert(row.to_vec(), g);
    g
}

/// The file against the plain tree on every row of L, R and G up to 6 dominoes, and hand
/// values from the rules: n Left dominoes are n (Left topples the last of them, one at a
/// time), a green domino is *, LR is * (either player topples all), LLR is {1|0} (Left's best
/// leaves L, Right's nothing), and a sum of rows adds.
#[test]
fn toppling_dominoes_agree_with_the_plain_tree() {
    let file = load("toppling_dominoes.luau", &[]);
    let mut arena = Arena::new();
    let mut memo = HashMap::new();
    let all = words(b"LRG", 6);
    assert_eq!(all.len(), 1093);
    for row in &all {
        let text = String::from_utf8(row.clone()).unwrap();
        let g = canonical(&file, &rows(&[&text]), &mut arena);
        assert_eq!(g, toppling(row, &mut arena, &mut memo), "{text}");
    }
    for n in 1..=8i64 {
        let g = canonical(&file, &rows(&[&"L".repeat(n as usize)]), &mut arena);
        assert_eq!(arena.as_number(g), Some(Dyadic::integer(n)), "{n}");
    }
    for (text, value) in [("G", "*"), ("LR", "*"), ("LLR", "{1|0}"), ("RLL", "{1|0}")] {
        let g = canonical(&file, &file.parse(text).unwrap(), &mut arena);
        let expected = arena.parse(value).unwrap();
        assert_eq!(arena.display(g), arena.display(expected), "{text}");
    }
    let parts = [&["LLR"][..], &["RGL"]].map(|row| canonical(&file, &rows(row), &mut arena));
    let sum = canonical(&file, &rows(&["LLR", "RGL"]), &mut arena);
    assert_eq!(sum, arena.sum(parts[0], parts[1]).unwrap());
    round_trip(&file, &[file.start().unwrap(), rows(&["LG", ""])]);
}

/// Clobber by its plain tree on a board of rows (`x` Left's, `o` Right's, `.` empty).
fn clobber(
    board: &[Vec<u8>],
    arena: &mut Arena,
    memo: &mut HashMap<Vec<Vec<u8>>, GameId>,
) -> GameId {
    if let Some(&g) = memo.get(board) {
        return g;
    }
    let mut sides = [(b'x', b'o'), (b'o', b'x')].map(|(mine, theirs)| {
        let mut options = Vec::new();
        for r in 0..board.len() {
            for c in 0..board[r].len() {
                if board[r][c] != mine {
                    continue;
                }
                let near = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (nr, nc) in near {
                    if board.get(nr).and_then(|row| row.get(nc)) == Some(&theirs) {
                        let mut after = board.to_vec();
                        after[r][c] = b'.';
                        after[nr][nc] = mine;
                        options.push(clobber(&after, arena, memo));
                    }
                }
            }
        }
        options
    });
    let [left, right] = &mut sides;
    let g = arena.from_options(left, right).unwrap();
    memo.insert(board.to_vec(), g);
    g
}

/// The file against the plain tree on every row of x, o and . up to 7 squares and every
/// 2x3 board; every position is infinitesimal (Clobber is all-small: a stone next to the
/// other's gives both players a move, Albert, Grossman, Nowakowski and Wolfe, "An
/// introduction to Clobber", INTEGERS 5(2), 2005), and hand values from the rules: xo and
/// xox are * (every move ends the game), xxo is ^ ({0|*}: Left's capture ends it, Right's
/// leaves xo).
#[test]
fn clobber_agrees_with_the_plain_tree() {
    let file = load("clobber.luau", &[]);
    let mut arena = Arena::new();
    let mut memo = HashMap::new();
    let mut boards: Vec<Vec<Vec<u8>>> = words(b"xo.", 7)
        .into_iter()
        .filter(|w| !w.is_empty())
        .map(|w| vec![w])
        .collect();
    boards.extend(
        words(b"xo.", 6)
            .into_iter()
            .filter(|w| w.len() == 6)
            .map(|w| vec![w[..3].to_vec(), w[3..].to_vec()]),
    );
    assert_eq!(boards.len(), 3279 + 729);
    for board in &boards {
        let text: Vec<String> = board
            .iter()
            .map(|r| String::from_utf8(r.clone()).unwrap())
            .collect();
        let text = text.join("/");
        let g = canonical(&file, &file.parse(&text).unwrap(), &mut arena);
        assert_eq!(g, clobber(board, &mut arena, &mut memo), "{text}");
        assert_eq!(arena.stops(g), (Dyadic::ZERO, Dyadic::ZERO), "{text}");
    }
    for (text, value) in [("xo", "*"), ("xox", "*"), ("xxo", "^"), ("oox", "v")] {
        let g = canonical(&file, &file.parse(text).unwrap(), &mut arena);
        assert_eq!(arena.display(g), value, "{text}");
    }
    round_trip(&file, &[file.start().unwrap(), rows(&["x.o"])]);
}

/// Konane by its plain tree: a stone jumps an adjacent stone of the other's into the empty
/// square beyond, removing it, and may go on in the same line; each stop is a move.
fn konane(
    board: &[Vec<u8>],
    arena: &mut Arena,
    memo: &mut HashMap<Vec<Vec<u8>>, GameId>,
) -> GameId {
    if let Some(&g) = memo.get(board) {
        return g;
    }
    let cell = |b: &[Vec<u8>], r: isize, c: isize| {
        let (Ok(r), Ok(c)) = (usize::try_from(r), usize::try_from(c)) else {
            return None;
        };
        b.get(r).and_then(|row| row.get(c)).copied()
    };
    let mut sides = [(b'x', b'o'), (b'o', b'x')].map(|(mine, theirs)| {
        let mut options = Vec::new();
        for r in 0..board.len() as isize {
            for c in 0..board[r as usize].len() as isize {
                if cell(board, r, c) != Some(mine) {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let mut after = board.to_vec();
                    let (mut r0, mut c0) = (r, c);
                    while cell(&after, r0 + dr, c0 + dc) == Some(theirs)
                        && cell(&after, r0 + 2 * dr, c0 + 2 * dc) == Some(b'.')
                    {
                        after[r0 as usize][c0 as usize] = b'.';
                        after[(r0 + dr) as usize][(c0 + dc) as usize] = b'.';
                        (r0, c0) = (r0 + 2 * dr, c0 + 2 * dc);
                        after[r0 as usize][c0 as usize] = mine;
                        options.push(konane(&after, arena, memo));
                    }
                }
            }
        }
        options
    });
    let [left, right] = &mut sides;
    let g = arena.from_options(left, right).unwrap();
    memo.insert(board.to_vec(), g);
    g
}

/// The file against the plain tree on every row of x, o and . up to 8 squares and every
/// 2x3 board, and hand values from the rules: xo. is 1 (Left's one jump ends the game), ox.
/// is -1, x.ox is 1 (Left's jump leaves xx..; Right has none), and xo.ox is 0 (each of
/// Left's jumps leaves a row where only Right can jump, once: -1; Right has none).
#[test]
fn konane_agrees_with_the_plain_tree() {
    let file = load("konane.luau", &[]);
    let mut arena = Arena::new();
    let mut memo = HashMap::new();
    let mut boards: Vec<Vec<Vec<u8>>> = words(b"xo.", 8)
        .into_iter()
        .filter(|w| !w.is_empty())
        .map(|w| vec![w])
        .collect();
    boards.extend(
        words(b"xo.", 6)
            .into_iter()
            .filter(|w| w.len() == 6)
            .map(|w| vec![w[..3].to_vec(), w[3..].to_vec()]),
    );
    for board in &boards {
        let text: Vec<String> = board
            .iter()
            .map(|r| String::from_utf8(r.clone()).unwrap())
            .collect();
        let text = text.join("/");
        let g = canonical(&file, &file.parse(&text).unwrap(), &mut arena);
        assert_eq!(g, konane(board, &mut arena, &mut memo), "{text}");
    }
    for (text, value) in [("xo.", "1"), ("ox.", "-1"), ("x.ox", "1"), ("xo.ox", "0")] {
        let g = canonical(&file, &file.parse(text).unwrap(), &mut arena);
        assert_eq!(arena.display(g), value, "{text}");
    }
    round_trip(&file, &[file.start().unwrap(), rows(&["x.o"])]);
}
