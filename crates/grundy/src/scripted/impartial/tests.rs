//! Callback games against the built-in games on all small positions, and every error.

use std::collections::HashMap;
use std::sync::Mutex;

use super::*;
use crate::catalog::builtin;
use crate::dynamic::RulesError;
use crate::games::subtraction::Subtraction;
use crate::scripted::rules::{parse_data, show_data, GameInfo, RuleMove, Rules};
use crate::value::{Nimber, Outcome};

type MoveFn = dyn Fn(&Datum) -> Result<Vec<RuleMove>, String> + Send + Sync;

/// Rules from a closure, counting the unlabelled calls per position and the labelled ones.
struct Closure {
    moves: Box<MoveFn>,
    split: bool,
    calls: Mutex<HashMap<Datum, usize>>,
    labelled: Mutex<usize>,
}

impl Closure {
    fn new(
        moves: impl Fn(&Datum) -> Result<Vec<RuleMove>, String> + Send + Sync + 'static,
    ) -> Self {
        Closure {
            moves: Box::new(moves),
            split: false,
            calls: Mutex::new(HashMap::new()),
            labelled: Mutex::new(0),
        }
    }

    fn with_heaps_split(mut self) -> Self {
        self.split = true;
        self
    }
}

impl Rules for Closure {
    fn moves(&self, pos: &Datum, labels: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
        if labels {
            *self.labelled.lock().unwrap() += 1;
        } else {
            *self.calls.lock().unwrap().entry(pos.clone()).or_default() += 1;
        }
        out.extend((self.moves)(pos)?);
        Ok(())
    }

    fn has_components(&self) -> bool {
        self.split
    }

    fn components(&self, pos: &Datum, out: &mut Vec<Datum>) -> Result<(), String> {
        let heaps = pos.as_list().ok_or("not a row")?;
        out.extend(
            heaps
                .iter()
                .filter(|h| h.as_int() != Some(0))
                .map(|h| Datum::List(vec![h.clone()])),
        );
        Ok(())
    }
}

fn heaps(pos: &Datum) -> Result<Vec<i64>, String> {
    pos.as_list()
        .and_then(|items| items.iter().map(Datum::as_int).collect())
        .ok_or_else(|| format!("not a row of heaps: {pos}"))
}

/// Take an amount in `set` from one heap, heaps kept in order (as the built-in row).
fn take_from(set: &'static [i64]) -> impl Fn(&Datum) -> Result<Vec<RuleMove>, String> {
    move |pos| {
        let row = heaps(pos)?;
        let mut out = Vec::new();
        for (idx, &heap) in row.iter().enumerate() {
            for &take in set.iter().filter(|&&take| take <= heap) {
                let mut next = row.clone();
                next[idx] = heap - take;
                out.push(RuleMove {
                    label: Some(format!("heap {}: take {take}", idx + 1)),
                    ..RuleMove::to(Datum::ints(next))
                });
            }
        }
        Ok(out)
    }
}

fn nim_moves(pos: &Datum) -> Result<Vec<RuleMove>, String> {
    let row = heaps(pos)?;
    let mut out = Vec::new();
    for (idx, &heap) in row.iter().enumerate() {
        for smaller in 0..heap {
            let mut next = row.clone();
            next[idx] = smaller;
            out.push(RuleMove::to(Datum::ints(next)));
        }
    }
    Ok(out)
}

fn impartial() -> GameInfo {
    GameInfo::new("test", Kind::Impartial { play: Play::Normal })
}

/// Every position of up to three heaps of at most `max`.
fn rows(max: i64) -> Vec<Datum> {
    let mut out = Vec::new();
    for a in 0..=max {
        out.push(Datum::ints([a]));
        for b in 0..=max {
            out.push(Datum::ints([a, b]));
            for c in 0..=max {
                out.push(Datum::ints([a, b, c]));
            }
        }
    }
    out
}

/// The values, move targets, optimal moves and line of two solutions agree.
fn assert_same(ours: &Solution, theirs: &Solution) {
    assert_eq!(ours.value, theirs.value, "at {}", theirs.position);
    let to = |s: &Solution| s.moves.iter().map(|m| m.mv.to.clone()).collect::<Vec<_>>();
    let values = |s: &Solution| s.moves.iter().map(|m| m.value).collect::<Vec<_>>();
    assert_eq!(to(ours), to(theirs), "at {}", theirs.position);
    assert_eq!(values(ours), values(theirs), "at {}", theirs.position);
    assert_eq!(ours.optimal, theirs.optimal, "at {}", theirs.position);
    let line = |s: &Solution| s.line.iter().map(|m| m.to.clone()).collect::<Vec<_>>();
    assert_eq!(line(ours), line(theirs), "at {}", theirs.position);
}

#[test]
fn subtraction_134_agrees_with_the_built_in_game() {
    let native = builtin::subtraction(Subtraction::new("1,3,4".parse().unwrap()));
    let ours = CallbackGame::new(Closure::new(take_from(&[1, 3, 4])), impartial());
    for pos in rows(7) {
        assert_same(
            &ours.solve(&pos, &Budget::default()).unwrap(),
            &native.solve(&pos, &Budget::default()).unwrap(),
        );
    }
}

#[test]
fn nim_sums_split_into_components_agree_with_the_built_in_nim() {
    let ours = CallbackGame::new(Closure::new(nim_moves).with_heaps_split(), impartial());
    let whole = CallbackGame::new(Closure::new(nim_moves), impartial());
    let native = builtin::nim();
    for pos in rows(5) {
        let theirs = native.solve(&pos, &Budget::default()).unwrap();
        assert_same(&ours.solve(&pos, &Budget::default()).unwrap(), &theirs);
        assert_same(&whole.solve(&pos, &Budget::default()).unwrap(), &theirs);
    }
    // Components keep large sums small: 10^6 positions as a whole, 3 * 40 heaps apart.
    let sol = ours
        .solve(
            &Datum::ints([40, 41, 42]),
            &Budget::default().with_positions(1 << 12),
        )
        .unwrap();
    assert_eq!(sol.value.nimber, Some(Nimber(40 ^ 41 ^ 42)));
}

#[test]
fn misere_and_win_loss_kinds_agree_with_the_built_in_misere_nim() {
    let ours = CallbackGame::new(
        Closure::new(nim_moves),
        GameInfo::new("m", Kind::Impartial { play: Play::Misere }),
    );
    let native = builtin::misere_nim();
    for pos in rows(4) {
        assert_same(
            &ours.solve(&pos, &Budget::default()).unwrap(),
            &native.solve(&pos, &Budget::default()).unwrap(),
        );
    }
}

#[test]
fn the_callback_is_called_once_per_position() {
    let game = CallbackGame::new(Closure::new(take_from(&[1, 3, 4])), impartial());
    for pos in rows(6) {
        game.solve(&pos, &Budget::default()).unwrap();
    }
    let calls = game.rules().calls.lock().unwrap();
    assert!(calls.len() > 300);
    assert!(calls.values().all(|&n| n == 1), "{calls:?}");
}

#[test]
fn labels_are_the_rules_own_and_play_finds_them() {
    let game = CallbackGame::new(Closure::new(take_from(&[1, 3, 4])), impartial());
    let pos = Datum::ints([4, 4]);
    let sol = game.solve(&pos, &Budget::default()).unwrap();
    let labels: Vec<_> = sol.moves.iter().map(|m| m.mv.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "heap 1: take 1",
            "heap 1: take 3",
            "heap 1: take 4",
            "heap 2: take 1",
            "heap 2: take 3",
            "heap 2: take 4"
        ]
    );
    assert!(sol.line[0].label.starts_with("heap "));
    assert_eq!(
        game.play(&pos, "heap 2: take 3").unwrap().to,
        Datum::ints([4, 1])
    );
    // Without labels, a move is named by the position it leads to.
    let bare = CallbackGame::new(Closure::new(nim_moves), impartial());
    assert_eq!(bare.moves(&Datum::ints([1, 2])).unwrap()[0].label, "0 2");
}

/// Subtraction {1, 3, 4} whose rules fail at the heap `bad`.
fn failing_at(bad: i64) -> Closure {
    let take = take_from(&[1, 3, 4]);
    Closure::new(move |pos| {
        if heaps(pos)?.contains(&bad) {
            return Err(format!("game.luau:3: no heap of {bad}"));
        }
        take(pos)
    })
}

#[test]
fn a_failing_callback_stops_the_search_and_names_the_position() {
    let game = CallbackGame::new(failing_at(5), impartial());
    let err = game
        .solve(&Datum::ints([9]), &Budget::default())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "game.luau:3: no heap of 5 (in moves, at position [5])"
    );
    // The search stopped: positions below 5 were never asked for, and nothing was asked
    // after the failure (not even the labels of the position solved).
    let calls = game.rules().calls.lock().unwrap().clone();
    assert!(!calls.contains_key(&Datum::ints([0])), "{calls:?}");
    assert_eq!(*game.rules().labelled.lock().unwrap(), 0);
    // A position that never reaches 5 still solves, with values unspoiled by the failure.
    for n in 0..5 {
        let sol = game.solve(&Datum::ints([n]), &Budget::default()).unwrap();
        let native = builtin::subtraction(Subtraction::new("1,3,4".parse().unwrap()));
        assert_same(
            &sol,
            &native.solve(&Datum::ints([n]), &Budget::default()).unwrap(),
        );
    }
    // And the failure comes back every time, for every kind of solver.
    for kind in [
        Kind::Impartial { play: Play::Misere },
        Kind::Scoring,
        Kind::Loopy { play: Play::Normal },
    ] {
        let game = CallbackGame::new(failing_at(5), GameInfo::new("f", kind));
        for _ in 0..2 {
            let err = game
                .solve(&Datum::ints([3, 8]), &Budget::default())
                .unwrap_err();
            let DynError::Rules(RulesError::Callback { position, .. }) = &err else {
                panic!("{err:?}");
            };
            assert!(heaps(position).unwrap().contains(&5), "{err}");
        }
    }
}

#[test]
fn moves_that_break_the_kind_are_refused() {
    let points = |_: &Datum| {
        Ok(vec![RuleMove {
            points: 2,
            ..RuleMove::to(Datum::Int(0))
        }])
    };
    let game = CallbackGame::new(Closure::new(points), impartial());
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "test: move 1 from 1 earns 2 points, but the game is not declared scoring"
    );
    assert!(game.moves(&Datum::Int(1)).is_err());
    let again = |pos: &Datum| {
        Ok(match pos.as_int() {
            Some(1) => vec![RuleMove {
                again: true,
                ..RuleMove::to(Datum::Int(0))
            }],
            _ => vec![],
        })
    };
    let game = CallbackGame::new(Closure::new(again), impartial());
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    assert!(err.to_string().contains("grants a bonus turn"), "{err}");
    // The same move is fine in a win/loss game: a bonus turn, then no move: a loss for the
    // mover, who moved last... and must move again.
    let game = CallbackGame::new(
        Closure::new(again),
        GameInfo::new("w", Kind::WinLoss { play: Play::Normal }),
    );
    let sol = game.solve(&Datum::Int(1), &Budget::default()).unwrap();
    assert_eq!(sol.value.outcome, Outcome::Loss);
}

#[test]
fn scoring_games_take_points_and_bonus_turns() {
    // A row of coins; the mover takes the leftmost or the rightmost and earns it; a coin of
    // 0 gives a bonus turn.
    let coins = |pos: &Datum| {
        let row = heaps(pos)?;
        let mut out = Vec::new();
        if let (Some(&first), Some(&last)) = (row.first(), row.last()) {
            for (coin, rest) in [(first, &row[1..]), (last, &row[..row.len() - 1])] {
                out.push(RuleMove {
                    points: coin,
                    again: coin == 0,
                    ..RuleMove::to(Datum::ints(rest.to_vec()))
                });
            }
        }
        Ok(out)
    };
    let game = CallbackGame::new(Closure::new(coins), GameInfo::new("coins", Kind::Scoring));
    // Brute force over the same rules.
    fn best(row: &[i64]) -> i64 {
        if row.is_empty() {
            return 0;
        }
        let n = row.len();
        [(row[0], &row[1..]), (row[n - 1], &row[..n - 1])]
            .into_iter()
            .map(|(coin, rest)| match coin {
                0 => best(rest),
                _ => coin - best(rest),
            })
            .max()
            .unwrap()
    }
    for row in [vec![3, 9, 1, 2], vec![0, 5, 0, 4, 7], vec![1, 1, 1], vec![]] {
        let sol = game
            .solve(&Datum::ints(row.clone()), &Budget::default())
            .unwrap();
        assert_eq!(sol.value.score, Some(best(&row)), "{row:?}");
    }
}

#[test]
fn a_cycle_names_the_position_where_it_closes_unless_declared_loopy() {
    // Positions 0..=4 on a line; a move steps one left or right; 0 has no moves.
    let walk = |pos: &Datum| {
        let n = pos.as_int().ok_or("not a number")?;
        let mut out = Vec::new();
        if n > 0 {
            out.push(RuleMove::to(Datum::Int(n - 1)));
        }
        if (1..4).contains(&n) {
            out.push(RuleMove::to(Datum::Int(n + 1)));
        }
        Ok(out)
    };
    for kind in [
        Kind::Impartial { play: Play::Normal },
        Kind::WinLoss { play: Play::Normal },
        Kind::Scoring,
    ] {
        let game = CallbackGame::new(Closure::new(walk), GameInfo::new("walk", kind));
        let err = game.solve(&Datum::Int(3), &Budget::default()).unwrap_err();
        let DynError::Rules(RulesError::Cycle { position, .. }) = &err else {
            panic!("{err:?}");
        };
        assert!((1..=4).contains(&position.as_int().unwrap()), "{err}");
        assert!(err.to_string().starts_with("walk: position "), "{err}");
    }
    let loopy = CallbackGame::new(
        Closure::new(walk),
        GameInfo::new("walk", Kind::Loopy { play: Play::Normal }),
    );
    let sol = loopy.solve(&Datum::Int(2), &Budget::default()).unwrap();
    assert_eq!(sol.value.outcome, Outcome::Draw);
    let sol = loopy.solve(&Datum::Int(1), &Budget::default()).unwrap();
    assert_eq!(sol.value.outcome, Outcome::Win);
}

#[test]
fn a_game_larger_than_the_budget_is_refused_with_its_size() {
    // Every position leads to a larger one, and never ends.
    let up = |pos: &Datum| {
        Ok(vec![RuleMove::to(Datum::Int(
            pos.as_int().unwrap_or(0) + 1,
        ))])
    };
    for kind in [
        Kind::Impartial { play: Play::Normal },
        Kind::WinLoss { play: Play::Normal },
        Kind::Loopy { play: Play::Normal },
    ] {
        let game = CallbackGame::new(Closure::new(up), GameInfo::new("up", kind));
        let err = game
            .solve(&Datum::Int(0), &Budget::default().with_positions(1000))
            .unwrap_err();
        assert!(
            matches!(
                err,
                DynError::Solve(SolveError::TooLarge {
                    limit: 1000,
                    unit: "positions",
                    ..
                })
            ),
            "{err:?}"
        );
        let err = game
            .solve(&Datum::Int(0), &Budget::default().with_bytes(10_000))
            .unwrap_err();
        assert!(err.to_string().contains("bytes"), "{err}");
    }
}

#[test]
fn default_text_round_trips() {
    for datum in [
        Datum::ints([3, 5, 7]),
        Datum::ints([7]),
        Datum::ints([]),
        Datum::Int(-2),
        Datum::Str("x.o".into()),
        Datum::Bool(true),
        Datum::List(vec![Datum::ints([1, 2]), Datum::Str("a".into())]),
    ] {
        assert_eq!(parse_data(&show_data(&datum)).unwrap(), datum, "{datum}");
    }
    assert_eq!(
        parse_data("3 x").unwrap_err(),
        "cannot read \"3 x\": write data (JSON) or integers separated by spaces"
    );
}

#[test]
fn tables_use_the_rules_positions() {
    struct Pairs;
    impl Rules for Pairs {
        fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
            Ok(())
        }
        fn position_of(&self, numbers: &[u64]) -> Option<Result<Datum, String>> {
            Some(match numbers {
                [a, b] => Ok(Datum::ints([*a as i64, *b as i64])),
                _ => Err("give two numbers".into()),
            })
        }
    }
    let game = CallbackGame::new(Pairs, impartial());
    assert_eq!(
        game.position_of(&[2, 3]).unwrap().unwrap(),
        Datum::ints([2, 3])
    );
    assert_eq!(
        game.position_of(&[2]).unwrap().unwrap_err().to_string(),
        "give two numbers (in position, at position [2])"
    );
    let none = CallbackGame::new(Closure::new(nim_moves), impartial());
    assert!(none.position_of(&[2]).is_none());
}

/// Nim on a row of heaps whose classes, when `sorted`, are the rows sorted.
struct SortedNim {
    sorted: bool,
}

impl Rules for SortedNim {
    fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
        let heaps = pos.as_list().ok_or("not a row")?;
        for (idx, heap) in heaps.iter().enumerate() {
            for smaller in 0..heap.as_int().ok_or("not a heap")? {
                let mut next = heaps.to_vec();
                next[idx] = Datum::Int(smaller);
                out.push(RuleMove::to(Datum::List(next)));
            }
        }
        Ok(())
    }

    fn has_canonical(&self) -> bool {
        self.sorted
    }

    fn canonical(&self, pos: &Datum) -> Result<Datum, String> {
        let mut heaps = pos.as_list().ok_or("not a row")?.to_vec();
        heaps.sort();
        Ok(Datum::List(heaps))
    }
}

/// With classes the search stores fewer positions and answers the same: the value and
/// remoteness, and every move (to the position as played, not its class) with its value;
/// the principal line is played from the position given.
#[test]
fn classes_give_the_same_answers_over_fewer_positions() {
    for play in [Play::Normal, Play::Misere] {
        let game = |sorted| {
            let info = GameInfo::new("nim", Kind::Impartial { play });
            CallbackGame::new(SortedNim { sorted }, info)
        };
        let (classes, plain) = (game(true), game(false));
        let expanded = |game: &CallbackGame<SortedNim>, pos: &Datum| {
            let counter = Arc::new(std::sync::atomic::AtomicU64::new(0));
            let budget = Budget::default().with_progress(counter.clone());
            let sol = game.solve_with(
                pos,
                &budget,
                Ask {
                    remoteness: true,
                    ..Ask::default()
                },
            );
            (
                sol.unwrap(),
                counter.load(std::sync::atomic::Ordering::Relaxed),
            )
        };
        let pos = Datum::ints([3, 1, 2, 3]);
        let (sol, few) = expanded(&classes, &pos);
        let (expected, many) = expanded(&plain, &pos);
        assert!(few * 3 < many, "{play:?}: {few} classes, {many} positions");
        assert_eq!(sol.value, expected.value);
        assert_eq!(sol.moves, expected.moves);
        assert_eq!(sol.moves[0].mv.to, Datum::ints([0, 1, 2, 3]));
        let mut current = pos.clone();
        for step in &sol.line {
            let moves = plain.moves(&current).unwrap();
            assert!(moves.contains(step), "{play:?}: {step:?} from {current}");
            current = step.to.clone();
        }
        assert_eq!(current, Datum::ints([0, 0, 0, 0]));
        for row in [[0, 0, 1, 2], [3, 3, 0, 1], [2, 2, 2, 2], [1, 0, 3, 2]] {
            let row = Datum::ints(row);
            let (sol, _) = expanded(&classes, &row);
            let (expected, _) = expanded(&plain, &row);
            assert_eq!((sol.value, sol.moves), (expected.value, expected.moves));
        }
    }
}
