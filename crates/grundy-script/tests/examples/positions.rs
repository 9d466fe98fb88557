//! Every example checks the positions it is given (`DynGame::check`, and `parse` through
//! it): each position reached from its start passes, and malformed data of every kind (of
//! another kind than its start, a string that is no position, a list holding the wrong
//! items) is refused as malformed, naming the position and what the game's positions are,
//! never with the file's line.

use std::path::PathBuf;

use grundy::dynamic::partizan::Side;
use grundy::dynamic::{Datum, DynError, DynGame};

use super::load;

/// The example files, by name.
fn examples() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".luau"))
        .collect();
    names.sort();
    names
}

/// The positions one move away from `pos` (either player's, in a partizan game).
fn next(game: &dyn DynGame, pos: &Datum) -> Vec<Datum> {
    match game.partizan() {
        Some(partizan) => [Side::Left, Side::Right]
            .into_iter()
            .flat_map(|side| partizan.options(pos, side).unwrap())
            .map(|mv| mv.to)
            .collect(),
        None => game
            .moves(pos)
            .unwrap()
            .into_iter()
            .map(|mv| mv.to)
            .collect(),
    }
}

#[test]
fn every_position_reached_from_the_start_passes_the_check() {
    for name in examples() {
        let game = load(&name, &[]);
        let start = game.start().unwrap();
        let mut seen = vec![start.clone()];
        let mut todo = vec![start];
        while let Some(pos) = todo.pop() {
            let checked = game.check(&pos);
            assert_eq!(
                checked.as_ref(),
                Ok(&pos),
                "{name} refuses its own position"
            );
            let text = game.show(&pos).unwrap();
            assert_eq!(game.parse(&text).as_ref(), Ok(&pos), "{name}: {text:?}");
            for to in next(&*game, &pos) {
                if seen.len() < 400 && !seen.contains(&to) {
                    seen.push(to.clone());
                    todo.push(to);
                }
            }
        }
    }
}

/// Data of another kind than `start`'s at the top or in a list's items.
fn wrong_types(start: &Datum) -> Vec<Datum> {
    let kinds = [
        Datum::Int(7),
        Datum::Str("x".into()),
        Datum::Bool(true),
        Datum::List(vec![Datum::List(vec![Datum::Bool(false)])]),
    ];
    let same_kind = |a: &Datum, b: &Datum| std::mem::discriminant(a) == std::mem::discriminant(b);
    let mut wrong: Vec<Datum> = kinds
        .iter()
        .filter(|kind| !same_kind(kind, start))
        .cloned()
        .collect();
    if let Some(items) = start.as_list() {
        let foreign = kinds
            .iter()
            .find(|kind| !items.iter().any(|item| same_kind(item, kind)))
            .unwrap();
        wrong.push(Datum::List(vec![foreign.clone()]));
    }
    wrong
}

/// `datum` with its first integer or string (depth first) made one no game takes: a
/// negative integer, a string of punctuation.
fn twisted(datum: &Datum) -> Datum {
    match datum {
        Datum::Int(_) => Datum::Int(-5),
        Datum::Str(_) => Datum::Str("?!".into()),
        Datum::List(items) if !items.is_empty() => {
            let mut items = items.clone();
            items[0] = twisted(&items[0]);
            Datum::List(items)
        }
        other => other.clone(),
    }
}

/// Asserts that `err` is a malformed position naming `pos` and the game's start, without
/// the file's line.
fn assert_malformed(name: &str, game: &dyn DynGame, pos: &Datum, err: &DynError) {
    let DynError::Malformed(bad) = err else {
        panic!("{name} at {pos}: not a malformed position: {err}")
    };
    let text = err.to_string();
    assert!(
        text.starts_with(&format!("bad position {}", pos.brief())),
        "{text}"
    );
    let start = game.start().unwrap().brief();
    assert!(text.contains(&format!("like its start {start}")), "{text}");
    assert!(!text.contains(".luau:"), "{name}: {text}");
    assert_eq!(&bad.position, pos);
}

#[test]
fn every_example_refuses_malformed_positions_as_malformed() {
    for name in examples() {
        let game = load(&name, &[]);
        let start = game.start().unwrap();
        for pos in wrong_types(&start) {
            let err = game.check(&pos).unwrap_err();
            assert_malformed(&name, &*game, &pos, &err);
            let DynError::Malformed(bad) = err else {
                unreachable!()
            };
            assert!(bad.wrong_type(), "{name} at {pos}: {bad}");
        }
        // Of the start's kind, but no position: its text is not read back, or its rules fail.
        let odd = match &start {
            Datum::Str(_) => vec![Datum::Str("?!".into()), Datum::Str(String::new())],
            Datum::List(items) => {
                let mut longer = items.clone();
                longer.extend(items.iter().cloned());
                longer.push(items[0].clone());
                vec![Datum::List(longer), twisted(&start)]
            }
            other => panic!("{name}: a start {other} of no kind tested"),
        };
        let mut refused = 0;
        for pos in odd {
            if let Err(err) = game.check(&pos) {
                assert_malformed(&name, &*game, &pos, &err);
                refused += 1;
            }
        }
        assert!(refused > 0, "{name} takes every odd position");
    }
}
