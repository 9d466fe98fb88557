//! Ski Jumps, Fission and Amazons, each file against the canonical forms cgt-tools printed
//! for a seeded sample of boards (`cgt_tools/values.tsv`, its commit cited there), against
//! a plain game tree written here from the rules on every small board, and against values
//! worked out by hand from the rules.

use std::collections::HashMap;
use std::sync::Arc;

use grundy::cgt::{Arena, GameId};
use grundy::dynamic::DynGame;
use grundy::Budget;

use super::{load, round_trip};

type Board = Vec<Vec<u8>>;

/// A game's rules: a player's options (`true`: Left's) from a board.
type Moves = fn(&Board, bool) -> Vec<Board>;

fn canonical(game: &Arc<dyn DynGame>, text: &str, arena: &mut Arena) -> GameId {
    let pos = game
        .parse(text)
        .unwrap_or_else(|err| panic!("{text}: {err}"));
    game.partizan()
        .expect("a partizan game")
        .canonical(&pos, arena, &Budget::default())
        .unwrap_or_else(|err| panic!("{} at {pos}: {err}", game.name()))
}

fn text(board: &Board) -> String {
    let rows: Vec<&str> = board
        .iter()
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    rows.join("/")
}

/// Every board of `rows` x `cols` squares, each one of `letters`.
fn boards(rows: usize, cols: usize, letters: &[u8]) -> Vec<Board> {
    let mut all: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..rows * cols {
        all = all
            .iter()
            .flat_map(|w| {
                letters.iter().map(move |&l| {
                    let mut w = w.clone();
                    w.push(l);
                    w
                })
            })
            .collect();
    }
    all.into_iter()
        .map(|w| w.chunks(cols).map(<[u8]>::to_vec).collect())
        .collect()
}

/// The canonical form of `board` by its plain game tree: `moves(board, left)` lists a
/// player's options; no sums, no shortcuts.
fn plain(
    board: &Board,
    moves: Moves,
    arena: &mut Arena,
    memo: &mut HashMap<Board, GameId>,
) -> GameId {
    if let Some(&g) = memo.get(board) {
        return g;
    }
    let mut sides = [true, false].map(|left| {
        moves(board, left)
            .iter()
            .map(|b| plain(b, moves, arena, memo))
            .collect::<Vec<_>>()
    });
    let [left, right] = &mut sides;
    let g = arena.from_options(left, right).unwrap();
    memo.insert(board.clone(), g);
    g
}

fn cell(board: &Board, r: isize, c: isize) -> Option<u8> {
    let (Ok(r), Ok(c)) = (usize::try_from(r), usize::try_from(c)) else {
        return None;
    };
    board.get(r).and_then(|row| row.get(c)).copied()
}

/// Ski Jumps: a skier slides east (Left's) or west (Right's) over empty squares, stopping
/// on any or leaving the board; a jumper (L, R) may jump an opponent's skier directly below
/// onto the empty square below that, the skier jumped becoming a slipper.
fn ski_moves(board: &Board, left: bool) -> Vec<Board> {
    let (jumper, slipper, step, theirs, jumped) = if left {
        (b'L', b'l', 1, [b'R', b'r'], b'r')
    } else {
        (b'R', b'r', -1, [b'L', b'l'], b'l')
    };
    let mut out = Vec::new();
    for r in 0..board.len() as isize {
        for c in 0..board[r as usize].len() as isize {
            let skier = cell(board, r, c).unwrap();
            if skier != jumper && skier != slipper {
                continue;
            }
            let mut to = c + step;
            loop {
                let mut after = board.clone();
                after[r as usize][c as usize] = b'.';
                match cell(board, r, to) {
                    Some(b'.') => after[r as usize][to as usize] = skier,
                    None => {
                        out.push(after);
                        break;
                    }
                    Some(_) => break,
                }
                out.push(after);
                to += step;
            }
            let below = cell(board, r + 1, c);
            if skier == jumper
                && below.is_some_and(|b| theirs.contains(&b))
                && cell(board, r + 2, c) == Some(b'.')
            {
                let mut after = board.clone();
                after[r as usize][c as usize] = b'.';
                after[r as usize + 1][c as usize] = jumped;
                after[r as usize + 2][c as usize] = skier;
                out.push(after);
            }
        }
    }
    out
}

/// Fission: Left splits a stone onto the empty squares above and below it, Right onto
/// those beside it.
fn fission_moves(board: &Board, left: bool) -> Vec<Board> {
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    let mut out = Vec::new();
    for r in 0..board.len() as isize {
        for c in 0..board[r as usize].len() as isize {
            if cell(board, r, c) == Some(b'x')
                && cell(board, r - dr, c - dc) == Some(b'.')
                && cell(board, r + dr, c + dc) == Some(b'.')
            {
                let mut after = board.clone();
                after[r as usize][c as usize] = b'.';
                after[(r - dr) as usize][(c - dc) as usize] = b'x';
                after[(r + dr) as usize][(c + dc) as usize] = b'x';
                out.push(after);
            }
        }
    }
    out
}

const QUEEN: [(isize, isize); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// Amazons: an amazon moves like a queen over empty squares, then shoots an arrow like a
/// queen from where it landed, burning the square it stops on.
fn amazons_moves(board: &Board, left: bool) -> Vec<Board> {
    let mine = if left { b'x' } else { b'o' };
    let mut out = Vec::new();
    for r in 0..board.len() as isize {
        for c in 0..board[r as usize].len() as isize {
            if cell(board, r, c) != Some(mine) {
                continue;
            }
            for (dr, dc) in QUEEN {
                let (mut tr, mut tc) = (r + dr, c + dc);
                while cell(board, tr, tc) == Some(b'.') {
                    let mut landed = board.clone();
                    landed[r as usize][c as usize] = b'.';
                    landed[tr as usize][tc as usize] = mine;
                    for (er, ec) in QUEEN {
                        let (mut ar, mut ac) = (tr + er, tc + ec);
                        while cell(&landed, ar, ac) == Some(b'.') {
                            let mut after = landed.clone();
                            after[ar as usize][ac as usize] = b'#';
                            out.push(after);
                            (ar, ac) = (ar + er, ac + ec);
                        }
                    }
                    (tr, tc) = (tr + dr, tc + dc);
                }
            }
        }
    }
    out
}

/// The rules of each file, by its name in the fixture.
fn game(name: &str) -> (&'static str, Moves) {
    match name {
        "ski_jumps" => ("ski_jumps.luau", ski_moves),
        "fission" => ("fission.luau", fission_moves),
        "amazons" => ("amazons.luau", amazons_moves),
        _ => panic!("unknown game {name} in the fixture"),
    }
}

/// Each file on every board of the fixture gives the canonical form cgt-tools printed
/// (cgt-tools commit 17fa9f32c204d01248bafa8399bbb06b8d444cff; the boards: `generate.py`,
/// seeded), and so does the plain tree.
#[test]
fn ski_jumps_fission_and_amazons_agree_with_cgt_tools() {
    let fixture = include_str!("cgt_tools/values.tsv");
    let mut arena = Arena::new();
    let mut files = HashMap::new();
    let mut memos: HashMap<&str, HashMap<Board, GameId>> = HashMap::new();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for line in fixture.lines().filter(|l| !l.starts_with('#')) {
        let [name, board, value] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a fixture line is game, board, value: {line:?}");
        };
        let (file, moves) = game(name);
        let file = files.entry(file).or_insert_with(|| load(file, &[]));
        let expected = arena
            .parse(value)
            .unwrap_or_else(|err| panic!("{value}: {err}"));
        let g = canonical(file, board, &mut arena);
        assert_eq!(arena.display(g), arena.display(expected), "{name} {board}");
        let rows: Board = board.split('/').map(|r| r.as_bytes().to_vec()).collect();
        let memo = memos.entry(name).or_default();
        assert_eq!(plain(&rows, moves, &mut arena, memo), g, "{name} {board}");
        *counts.entry(name).or_default() += 1;
    }
    assert_eq!(counts["ski_jumps"], 323);
    assert_eq!(counts["fission"], 309);
    assert_eq!(counts["amazons"], 151);
}

/// The file against the plain tree on `all` boards, and `hand` values worked out by hand.
fn agrees(name: &str, all: &[Board], hand: &[(&str, &str)]) {
    let (file, moves) = game(name);
    let file = load(file, &[]);
    let mut arena = Arena::new();
    let mut memo = HashMap::new();
    for board in all {
        let g = canonical(&file, &text(board), &mut arena);
        assert_eq!(
            g,
            plain(board, moves, &mut arena, &mut memo),
            "{}",
            text(board)
        );
    }
    for (board, value) in hand {
        let g = canonical(&file, board, &mut arena);
        let expected = arena.parse(value).unwrap();
        assert_eq!(arena.display(g), arena.display(expected), "{board}");
    }
    round_trip(&file, &[file.start().unwrap()]);
}

/// Every Ski Jumps board of 3x2 squares and every row up to 5, and by hand from the rules:
/// L.... is 5 (Left's one skier runs a square at a time), L.R is * (either skier steps
/// once and both are stuck), and L..../R..../..... (a board of Winning Ways' Ski-Jumps) is
/// {4|5} = 9/2: Left's best jumps, leaving its skier 5 squares to go and Right's, now a
/// slipper, 1; Right's best runs off, leaving Left's 5.
#[test]
fn ski_jumps_agree_with_the_plain_tree() {
    let mut all = boards(3, 2, b".LlRr");
    for n in 1..=5 {
        all.extend(boards(1, n, b".LlRr"));
    }
    let hand = [("L....", "5"), ("L.R", "*"), ("L..../R..../.....", "9/2")];
    agrees("ski_jumps", &all, &hand);
}

/// Every Fission board of 3x3 squares and every row up to 6, and by hand from the rules:
/// ./x/. is 1 (only Left splits it, and the stones it leaves have no room), .x. is -1, and
/// a stone in the middle of a 3x3 board is {-2|2} = 0: Left's split leaves two stones only
/// Right can split, Right's two only Left can.
#[test]
fn fission_agrees_with_the_plain_tree() {
    let mut all = boards(3, 3, b".x#");
    for n in 1..=6 {
        all.extend(boards(1, n, b".x#"));
    }
    let hand = [("./x/.", "1"), (".x.", "-1"), (".../.x./...", "0")];
    agrees("fission", &all, &hand);
}

/// Every Amazons board of 2x3 squares and every row up to 5, and by hand from the rules:
/// an amazon at the end of n empty squares in a row is n (each move takes one square: the
/// amazon steps on and burns the square it left), x.o is * (either player's one move
/// leaves the other none), and xo is 0.
#[test]
fn amazons_agree_with_the_plain_tree() {
    let mut all = boards(2, 3, b".xo#");
    for n in 1..=5 {
        all.extend(boards(1, n, b".xo#"));
    }
    let hand = [("x.", "1"), ("x...", "3"), ("x.o", "*"), ("xo", "0")];
    agrees("amazons", &all, &hand);
}
