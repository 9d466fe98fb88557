//! The example game files (`examples/games/`), each checked against the library's own game
//! where it has one (every small position), else against published values (cited where
//! checked) or a plain search written here from the rules.
//!
//! Shared helpers live here; `problems` holds the games of the problem set, `boards` the
//! other board games.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use grundy::dynamic::{Datum, DynGame, Solution, Value};
use grundy::Budget;

mod boards;
mod drawings;
mod loopy;
mod partizan;
mod partizan_cgt;
mod partizan_more;
mod positions;
mod problems;
mod symmetry;

/// The example files tested here (`subtraction.luau` and `tictactoe.luau` are tested with
/// the loader, in `src/tests.rs`).
const TESTED: [&str; 32] = [
    "powers_of_two.luau",
    "snim.luau",
    "kiki.luau",
    "bash.luau",
    "wythoff.luau",
    "fibonacci_nim.luau",
    "paint_chain.luau",
    "team_nim.luau",
    "dot.luau",
    "gems_fight.luau",
    "young.luau",
    "minesweeper.luau",
    "chomp.luau",
    "cram.luau",
    "domineering.luau",
    "connect_four.luau",
    "dots_and_boxes.luau",
    "cat_and_mouse.luau",
    "hackenbush_strings.luau",
    "hackenbush_trees.luau",
    "domineering_values.luau",
    "toads_and_frogs.luau",
    "cutcake.luau",
    "snort.luau",
    "toppling_dominoes.luau",
    "clobber.luau",
    "konane.luau",
    "ski_jumps.luau",
    "fission.luau",
    "amazons.luau",
    "roundabout.luau",
    "shuttle.luau",
];

/// Every file of `examples/games/` loads with its defaults, says what it is, has a start,
/// is listed in the folder's README and is tested (here, or with the loader).
#[test]
fn every_example_is_listed_and_tested() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !name.ends_with(".luau") {
            continue;
        }
        let game = load(&name, &[]);
        assert!(!game.description().is_empty(), "{name} has no description");
        // Text that is no position is refused in words for the person who typed it, not
        // with the file's line (`error(message, 0)` in `parse`).
        if let Err(err) = game.parse("?!") {
            assert!(!err.to_string().contains(".luau:"), "{name}: {err}");
        }
        assert!(game.start().is_some(), "{name} has no start");
        assert!(
            readme.contains(&format!("`{name}`")),
            "{name} is not in the README"
        );
        let with_loader = ["subtraction.luau", "tictactoe.luau"];
        assert!(
            TESTED.contains(&name.as_str()) || with_loader.contains(&name.as_str()),
            "{name} is not tested"
        );
        files += 1;
    }
    assert_eq!(files, TESTED.len() + 2);
}

/// A deterministic generator for random test games (64-bit LCG, high bits).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The example file `name` loaded with `params`.
fn load(name: &str, params: &[(&str, &str)]) -> Arc<dyn DynGame> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/games")
        .join(name);
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    match grundy_script::load(&path, &params) {
        Ok(game) => game,
        Err(err) => panic!("{name} {params:?} does not load: {err}"),
    }
}

/// Solves `pos`, checking that its move labels are unique.
fn solve(game: &Arc<dyn DynGame>, pos: &Datum) -> Solution {
    let sol = game
        .solve(pos, &Budget::default())
        .unwrap_or_else(|err| panic!("{} at {pos}: {err}", game.name()));
    let labels: HashSet<&str> = sol.moves.iter().map(|m| m.mv.label.as_str()).collect();
    assert_eq!(
        labels.len(),
        sol.moves.len(),
        "{}: repeated labels at {pos}",
        game.name()
    );
    sol
}

/// The value of `pos`.
fn value(game: &Arc<dyn DynGame>, pos: &Datum) -> Value {
    solve(game, pos).value
}

/// Checks that `game` reads back what it shows, for each of `positions`.
fn round_trip(game: &Arc<dyn DynGame>, positions: &[Datum]) {
    for pos in positions {
        let text = game.show(pos).unwrap();
        assert_eq!(
            &game.parse(&text).unwrap(),
            pos,
            "{}: {text:?}",
            game.name()
        );
    }
}

/// A datum from JSON text.
fn data(json: &str) -> Datum {
    serde_json::from_str(json).unwrap()
}

/// Two solutions of the same position in two games whose positions are the same data:
/// the same value, and the same moves (by where they lead) with the same values.
fn same_solution(file: &Solution, builtin: &Solution) {
    assert_eq!(file.value, builtin.value, "at {}", file.position);
    let moves = |sol: &Solution| {
        let mut res: Vec<(Datum, Value)> = sol
            .moves
            .iter()
            .map(|m| (m.mv.to.clone(), m.value))
            .collect();
        res.sort_by(|a, b| a.0.cmp(&b.0));
        res
    };
    assert_eq!(moves(file), moves(builtin), "moves at {}", file.position);
}
