//! The partizan example files, each against a theorem or a plain game tree written here
//! from the rules (its canonical form built by `Arena::from_options` over every option),
//! and every impartial example read as partizan against its nimbers.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use grundy::cgt::domineering::{Domineering, Grid};
use grundy::cgt::{Arena, Dyadic, GameId, Nus};
use grundy::dynamic::{Datum, DynGame, Kind};
use grundy::{Budget, Play};

use super::{data, load, round_trip};

/// The canonical form of `pos` in `game`, in `arena`.
fn canonical(game: &Arc<dyn DynGame>, pos: &Datum, arena: &mut Arena) -> GameId {
    game.partizan()
        .expect("a partizan game")
        .canonical(pos, arena, &Budget::default())
        .unwrap_or_else(|err| panic!("{} at {pos}: {err}", game.name()))
}

/// Every Blue-Red Hackenbush string up to 12 edges, through the game file, against
/// Berlekamp's sign-expansion rule (Winning Ways, chapter 2; Siegel, *Combinatorial Game
/// Theory*, 2013, I.4): the first run of one colour counts 1 an edge, each edge after the
/// first change of colour 1/2, 1/4, ... with its colour's sign.
#[test]
fn hackenbush_strings_follow_the_sign_expansion() {
    let file = load("hackenbush_strings.luau", &[]);
    let mut arena = Arena::new();
    let mut checked = 0;
    for n in 0..=12u32 {
        for bits in 0..1u32 << n {
            let edges: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            let stalk: String = edges.iter().map(|&b| if b { 'B' } else { 'R' }).collect();
            let sign = |blue: bool| if blue { 1 } else { -1 };
            let run = edges
                .iter()
                .take_while(|&&e| Some(&e) == edges.first())
                .count();
            let mut value = Dyadic::integer(edges.first().map_or(0, |&e| sign(e)) * run as i64);
            for (k, &blue) in edges[run..].iter().enumerate() {
                value = value
                    .checked_add(Dyadic::new(sign(blue), k as u32 + 1).unwrap())
                    .unwrap();
            }
            let g = canonical(
                &file,
                &Datum::List(vec![Datum::Str(stalk.clone())]),
                &mut arena,
            );
            assert_eq!(arena.as_number(g), Some(value), "{stalk}");
            checked += 1;
        }
    }
    assert_eq!(checked, (1 << 13) - 1);
    let sum = file.parse("BRB RBBR BBR").unwrap();
    let g = canonical(&file, &sum, &mut arena);
    assert_eq!(arena.as_number(g), Dyadic::new(15, 3)); // 3/4 - 3/8 + 3/2
    round_trip(&file, &[sum, data(r#"["", "B"]"#)]);
}

/// A tree: each edge its colour (`true` blue) and its children.
#[derive(Clone, Debug)]
struct Edge(bool, Vec<Edge>);

/// The forest's trees written as the file reads them.
fn written(edges: &[Edge]) -> String {
    edges
        .iter()
        .map(|Edge(blue, children)| {
            let colour = if *blue { "B" } else { "R" };
            match children.is_empty() {
                true => colour.to_string(),
                false => format!("{colour}({})", written(children)),
            }
        })
        .collect()
}

/// The forests left after cutting one edge of `blue`'s colour.
fn cuts(edges: &[Edge], blue: bool) -> Vec<Vec<Edge>> {
    let mut out = Vec::new();
    for (i, Edge(colour, children)) in edges.iter().enumerate() {
        if *colour == blue {
            let mut rest = edges.to_vec();
            rest.remove(i);
            out.push(rest);
        }
        for option in cuts(children, blue) {
            let mut rest = edges.to_vec();
            rest[i] = Edge(*colour, option);
            out.push(rest);
        }
    }
    out
}

/// The plain game tree of a forest.
fn hackenbush(edges: &[Edge], arena: &mut Arena) -> GameId {
    let mut sides = [Vec::new(), Vec::new()];
    for (side, blue) in [(0, true), (1, false)] {
        for option in cuts(edges, blue) {
            sides[side].push(hackenbush(&option, arena));
        }
    }
    arena.from_options(&sides[0], &sides[1]).unwrap()
}

/// A random forest of `n` edges.
fn forest(rng: &mut super::Rng, n: usize) -> Vec<Edge> {
    let mut edges = Vec::new();
    for _ in 0..n {
        let blue = rng.below(2) == 1;
        // Each new edge on the ground or above a random earlier edge.
        let at = rng.below(edges_count(&edges) as u64 + 1) as usize;
        place(&mut edges, at, Edge(blue, Vec::new()));
    }
    edges
}

fn edges_count(edges: &[Edge]) -> usize {
    edges.iter().map(|e| 1 + edges_count(&e.1)).sum()
}

/// Puts `edge` above the `at`-th edge in preorder (0: on the ground).
fn place(edges: &mut Vec<Edge>, at: usize, edge: Edge) {
    fn walk(edges: &mut [Edge], at: &mut usize, edge: &mut Option<Edge>) {
        for e in edges.iter_mut() {
            if edge.is_none() {
                return;
            }
            *at -= 1;
            if *at == 0 {
                e.1.extend(edge.take());
                return;
            }
            walk(&mut e.1, at, edge);
        }
    }
    if at == 0 {
        edges.push(edge);
        return;
    }
    let mut at = at;
    walk(edges, &mut at, &mut Some(edge));
}

/// Blue-Red Hackenbush trees: 300 random forests of up to 7 edges against the plain game
/// tree written here; a path is its string's sign expansion.
#[test]
fn hackenbush_trees_agree_with_the_plain_tree() {
    let file = load("hackenbush_trees.luau", &[]);
    let mut arena = Arena::new();
    let mut rng = super::Rng(25);
    for _ in 0..300 {
        let n = rng.below(8) as usize;
        let edges = forest(&mut rng, n);
        let pos = file.parse(&written(&edges)).unwrap();
        assert_eq!(
            canonical(&file, &pos, &mut arena),
            hackenbush(&edges, &mut arena),
            "{}",
            written(&edges)
        );
    }
    let path = file.parse("B(R(B))").unwrap();
    let g = canonical(&file, &path, &mut arena);
    assert_eq!(arena.as_number(g), Dyadic::new(3, 2)); // BRB: 1 - 1/2 + 1/4
    round_trip(&file, &[path, file.start().unwrap()]);
}

/// The Domineering file (its regions memoized by the file's canonical region) against the
/// library's Domineering (itself tested against the plain game tree) on every subset of the
/// 3x3 and 2x4 boards, and Winning Ways' values (chapter 5): 2x2 +-1, 2x3 {2|-1/2}, 3x2
/// {1/2|-2}.
#[test]
fn domineering_values_agree_with_the_library() {
    let file = load("domineering_values.luau", &[]);
    let mut arena = Arena::new();
    let mut library = Domineering::default();
    let mut checked = 0;
    for (w, h) in [(3u32, 3u32), (4, 2)] {
        for free in 0..1u64 << (w * h) {
            let rows: Vec<Datum> = (0..h)
                .map(|r| {
                    let row: String = (0..w)
                        .map(|c| {
                            if free >> (r * w + c) & 1 == 1 {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect();
                    Datum::Str(row)
                })
                .collect();
            let g = canonical(&file, &Datum::List(rows), &mut arena);
            let grid = Grid::new(w as u8, h as u8, free).unwrap();
            assert_eq!(
                g,
                library.value(&mut arena, grid).unwrap(),
                "{w}x{h} {free:b}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 512 + 256);
    for (board, value) in [
        ("../..", "+-1"),
        (".../...", "{2|-1/2}"),
        ("../../..", "{1/2|-2}"),
    ] {
        let g = canonical(&file, &file.parse(board).unwrap(), &mut arena);
        assert_eq!(arena.display(g), value, "{board}");
    }
    round_trip(
        &file,
        &[file.start().unwrap(), file.parse("..#/...").unwrap()],
    );
}

/// Built-in Domineering (`grundy solve domineering W H`) against the game file it stands
/// in for: the same data read from the same text, the same moves (labels and positions
/// reached) for both players, and the same canonical forms, on every board of the 3x3 grid
/// and 300 random boards of the 4x4 grid (the file's search on each).
#[test]
fn built_in_domineering_is_the_game_file() {
    let file = load("domineering_values.luau", &[]);
    let (built_in, _) =
        grundy::catalog::open(&["domineering", "4", "4"].map(String::from)).unwrap();
    let mut arena = Arena::new();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut boards: Vec<(u32, u32, u64)> = (0..1u64 << 9).map(|free| (3, 3, free)).collect();
    for _ in 0..300 {
        // xorshift64: a fixed sequence of boards.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        boards.push((4, 4, seed & 0xFFFF));
    }
    for (w, h, free) in boards {
        let text: Vec<String> = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| {
                        if free >> (r * w + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        let text = text.join("/");
        let pos = file.parse(&text).unwrap();
        assert_eq!(built_in.parse(&text).unwrap(), pos, "{text}");
        assert_eq!(built_in.show(&pos).unwrap(), file.show(&pos).unwrap());
        for side in [
            grundy::dynamic::partizan::Side::Left,
            grundy::dynamic::partizan::Side::Right,
        ] {
            let mine = built_in.partizan().unwrap().options(&pos, side).unwrap();
            let theirs = file.partizan().unwrap().options(&pos, side).unwrap();
            assert_eq!(mine, theirs, "{text} {side}");
        }
        assert_eq!(
            canonical(&built_in, &pos, &mut arena),
            canonical(&file, &pos, &mut arena),
            "{text}"
        );
    }
}

/// Toads and Frogs by its plain game tree written here, on every strip up to 7 squares.
#[test]
fn toads_and_frogs_agree_with_the_plain_tree() {
    fn plain(strip: &[u8], arena: &mut Arena, memo: &mut HashMap<Vec<u8>, GameId>) -> GameId {
        if let Some(&g) = memo.get(strip) {
            return g;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, who, other, step) in [(0, b'T', b'F', 1isize), (1, b'F', b'T', -1)] {
            for i in 0..strip.len() {
                if strip[i] != who {
                    continue;
                }
                let at = |k: isize| strip.get((i as isize + k * step) as usize).copied();
                let to = match (at(1), at(2)) {
                    (Some(b'.'), _) => i as isize + step,
                    (Some(c), Some(b'.')) if c == other => i as isize + 2 * step,
                    _ => continue,
                };
                let mut next = strip.to_vec();
                next[i] = b'.';
                next[to as usize] = who;
                sides[side].push(plain(&next, arena, memo));
            }
        }
        let g = arena.from_options(&sides[0], &sides[1]).unwrap();
        memo.insert(strip.to_vec(), g);
        g
    }
    let file = load("toads_and_frogs.luau", &[]);
    let (mut arena, mut memo) = (Arena::new(), HashMap::new());
    let mut checked = 0;
    for n in 0..=7u32 {
        for code in 0..3u32.pow(n) {
            let strip: Vec<u8> = (0..n)
                .map(|i| b"T.F"[(code / 3u32.pow(i) % 3) as usize])
                .collect();
            let text = String::from_utf8(strip.clone()).unwrap();
            let g = canonical(&file, &Datum::Str(text.clone()), &mut arena);
            assert_eq!(g, plain(&strip, &mut arena, &mut memo), "{text}");
            checked += 1;
        }
    }
    assert_eq!(checked, (3u32.pow(8) - 1) / 2);
}

/// Cutcake by its plain game tree on every piece up to 8 x 8, and Winning Ways' rule
/// (chapter 2): a piece one high is worth its width less one to Left.
#[test]
fn cutcake_agrees_with_the_plain_tree() {
    fn plain(w: i64, h: i64, arena: &mut Arena, memo: &mut HashMap<(i64, i64), GameId>) -> GameId {
        if let Some(&g) = memo.get(&(w, h)) {
            return g;
        }
        let mut left = Vec::new();
        for a in 1..w {
            let (x, y) = (plain(a, h, arena, memo), plain(w - a, h, arena, memo));
            left.push(arena.sum(x, y).unwrap());
        }
        let mut right = Vec::new();
        for b in 1..h {
            let (x, y) = (plain(w, b, arena, memo), plain(w, h - b, arena, memo));
            right.push(arena.sum(x, y).unwrap());
        }
        let g = arena.from_options(&left, &right).unwrap();
        memo.insert((w, h), g);
        g
    }
    let file = load("cutcake.luau", &[]);
    let (mut arena, mut memo) = (Arena::new(), HashMap::new());
    for w in 1..=8 {
        for h in 1..=8 {
            let pos = file.parse(&format!("{w}x{h}")).unwrap();
            let g = canonical(&file, &pos, &mut arena);
            assert_eq!(g, plain(w, h, &mut arena, &mut memo), "{w}x{h}");
            if h == 1 {
                assert_eq!(arena.as_number(g), Some(Dyadic::integer(w - 1)));
            }
        }
    }
    round_trip(&file, &[file.parse("4x3 2x2").unwrap()]);
}

/// Snort on paths by a plain game tree over the vertices' colours written here, every
/// path up to 9 vertices.
#[test]
fn snort_agrees_with_the_plain_tree() {
    /// `colours[i]`: 0 uncoloured, 1 blue (Left's), 2 red.
    fn plain(
        colours: &mut Vec<u8>,
        arena: &mut Arena,
        memo: &mut HashMap<Vec<u8>, GameId>,
    ) -> GameId {
        if let Some(&g) = memo.get(colours.as_slice()) {
            return g;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, mine, theirs) in [(0, 1u8, 2u8), (1, 2, 1)] {
            for i in 0..colours.len() {
                let beside = |j: Option<usize>| j.and_then(|j| colours.get(j)) == Some(&theirs);
                if colours[i] != 0 || beside(i.checked_sub(1)) || beside(Some(i + 1)) {
                    continue;
                }
                colours[i] = mine;
                sides[side].push(plain(colours, arena, memo));
                colours[i] = 0;
            }
        }
        let g = arena.from_options(&sides[0], &sides[1]).unwrap();
        memo.insert(colours.clone(), g);
        g
    }
    let file = load("snort.luau", &[]);
    let (mut arena, mut memo) = (Arena::new(), HashMap::new());
    for n in 0..=9usize {
        let g = canonical(
            &file,
            &data(&format!(r#"["{}"]"#, ".".repeat(n))),
            &mut arena,
        );
        assert_eq!(
            g,
            plain(&mut vec![0; n], &mut arena, &mut memo),
            "path of {n}"
        );
    }
    round_trip(&file, &[file.parse("..L. xR").unwrap()]);
}

/// The laws of means and temperatures (Siegel, *Combinatorial Game Theory*, 2013, II.5) on
/// Snort positions from the game file: the mean of a sum of paths is the sum of their
/// means, its temperature at most the hotter one's, and a path with Left's and Right's
/// marks swapped has the opposite mean and the same temperature. (Before the right
/// scaffold's fix, about one Snort position in six had a wrong mean.)
#[test]
fn snort_means_add_and_temperatures_stay_below_the_hottest() {
    let file = load("snort.luau", &[]);
    let mut arena = Arena::new();
    let mut rng = super::Rng(37);
    let path = |rng: &mut super::Rng| -> String {
        let len = 1 + rng.below(7) as usize;
        (0..len)
            .map(|_| ['.', '.', 'L', 'R'][rng.below(4) as usize])
            .collect()
    };
    let value = |paths: &[&str], arena: &mut Arena| {
        let written: Vec<String> = paths.iter().map(|p| format!("{p:?}")).collect();
        let g = canonical(&file, &data(&format!("[{}]", written.join(","))), arena);
        (arena.mean(g).unwrap(), arena.temperature(g).unwrap())
    };
    let mut hot = 0;
    for _ in 0..150 {
        let (a, b) = (path(&mut rng), path(&mut rng));
        let ((mean_a, temp_a), (mean_b, temp_b)) =
            (value(&[&a], &mut arena), value(&[&b], &mut arena));
        let (mean, temperature) = value(&[&a, &b], &mut arena);
        assert_eq!(Some(mean), mean_a.checked_add(mean_b), "{a} + {b}");
        assert!(temperature <= temp_a.max(temp_b), "{a} + {b}");
        let swapped: String = a
            .chars()
            .map(|c| match c {
                'L' => 'R',
                'R' => 'L',
                c => c,
            })
            .collect();
        let (mean_s, temp_s) = value(&[&swapped], &mut arena);
        assert_eq!(Some(mean_s), mean_a.checked_neg(), "{a} swapped");
        assert_eq!(temp_s, temp_a, "{a} swapped");
        hot += usize::from(temp_a > Dyadic::ZERO);
    }
    assert!(hot > 30, "{hot}");
}

/// Every impartial example file (normal play) read as partizan (both players given its
/// moves) has canonical form `*g`, `g` its nimber by the impartial engine: on the
/// positions its `position` makes from 0 to 6, else its start.
#[test]
fn impartial_examples_read_as_partizan_are_their_nimbers() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".luau") {
            continue;
        }
        let game = load(&name, &[]);
        if game.kind() != (Kind::Impartial { play: Play::Normal }) {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let partizan = grundy_script::load_source_as_partizan(&name, &source, &[]).unwrap();
        // Positions from one integer, else two, else the start: those the impartial
        // engine values.
        let budget = Budget::default().with_positions(100_000);
        let valued = |numbers: Vec<Vec<u64>>| -> Vec<(Datum, u64)> {
            numbers
                .iter()
                .filter_map(|n| game.position_of(n).and_then(Result::ok))
                .filter_map(|pos| {
                    let nimber = game.value(&pos, &budget).ok()?.nimber?;
                    Some((pos, nimber.0))
                })
                .collect()
        };
        let mut positions = valued((0..=6).map(|n| vec![n]).collect());
        if positions.is_empty() {
            positions = valued(
                (0..=4)
                    .flat_map(|a| (0..=4).map(move |b| vec![a, b]))
                    .collect(),
            );
        }
        if positions.is_empty() {
            positions = valued(Vec::new());
            let start = game.start().unwrap();
            let nimber = game.value(&start, &budget).unwrap().nimber.unwrap();
            positions.push((start, nimber.0));
        }
        let mut arena = Arena::new();
        for (pos, nimber) in positions {
            let g = canonical(&partizan, &pos, &mut arena);
            assert_eq!(
                arena.as_nus(g),
                Some(Nus::new(Dyadic::ZERO, 0, nimber)),
                "{name} at {pos}"
            );
        }
        files += 1;
    }
    assert!(files >= 8, "only {files} impartial examples");
}
