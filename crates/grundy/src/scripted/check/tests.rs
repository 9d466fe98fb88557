//! The check of a position given to a game by rules: each problem it finds, in its order,
//! and how each is worded (the position, what is wrong, what the positions are; never the
//! rules' own message).

use super::*;
use crate::dynamic::DynGame;
use crate::scripted::PartizanGame;
use crate::scripted::{parse_data, show_data, CallbackGame, RuleMove};

/// Rows of heaps whose text refuses negative heaps and drops empty ones, and whose
/// functions fail on one heap size each: `show` on 15, `moves` (and Left's) on 13, Right's
/// on 11, `components` on 14, `canonical` on 12; their messages have a file and a line, as
/// a game file's do.
struct Picky;

fn heaps(pos: &Datum) -> Result<Vec<i64>, String> {
    pos.as_list()
        .and_then(|items| items.iter().map(Datum::as_int).collect())
        .ok_or_else(|| "picky.luau:3: attempt to index a nil value".to_string())
}

fn fails_on(pos: &Datum, size: i64) -> Result<Vec<i64>, String> {
    let heaps = heaps(pos)?;
    match heaps.contains(&size) {
        true => Err(format!("picky.luau:{size}: attempt to compare nil")),
        false => Ok(heaps),
    }
}

impl Rules for Picky {
    fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
        let row = fails_on(pos, 13)?;
        for (idx, &heap) in row.iter().enumerate() {
            for smaller in 0..heap {
                let mut next = row.clone();
                next[idx] = smaller;
                out.push(RuleMove::to(Datum::ints(next)));
            }
        }
        Ok(())
    }

    fn options(
        &self,
        pos: &Datum,
        side: Side,
        labels: bool,
        out: &mut Vec<RuleMove>,
    ) -> Result<(), String> {
        match side {
            Side::Left => self.moves(pos, labels, out),
            Side::Right => fails_on(pos, 11).map(drop),
        }
    }

    fn has_components(&self) -> bool {
        true
    }

    fn components(&self, pos: &Datum, out: &mut Vec<Datum>) -> Result<(), String> {
        fails_on(pos, 14)?;
        out.push(pos.clone());
        Ok(())
    }

    fn has_canonical(&self) -> bool {
        true
    }

    fn canonical(&self, pos: &Datum) -> Result<Datum, String> {
        fails_on(pos, 12)?;
        Ok(pos.clone())
    }

    fn show(&self, pos: &Datum) -> Result<String, String> {
        fails_on(pos, 15)?;
        Ok(show_data(pos))
    }

    fn parse(&self, text: &str) -> Result<Datum, String> {
        let row = heaps(&parse_data(text)?).map_err(|_| "a row of heaps".to_string())?;
        if row.iter().any(|&heap| heap < 0) {
            return Err(format!("a heap is an integer from 0 up, found {text:?}"));
        }
        Ok(Datum::ints(row.into_iter().filter(|&heap| heap > 0)))
    }
}

fn info(kind: Kind, start: Option<Datum>) -> GameInfo {
    GameInfo {
        start,
        ..GameInfo::new("picky", kind)
    }
}

fn normal() -> GameInfo {
    info(
        Kind::Impartial { play: Play::Normal },
        Some(Datum::ints([3, 5])),
    )
}

/// The problem `check` finds in `pos`, with its message.
fn problem(info: &GameInfo, pos: Datum) -> (Problem, String) {
    match check(&Picky, info, &pos) {
        Err(DynError::Malformed(bad)) => {
            assert_eq!(bad.position, pos);
            let text = bad.to_string();
            assert!(!text.contains("picky.luau"), "{text}");
            (bad.problem, text)
        }
        other => panic!("{pos}: {other:?}"),
    }
}

#[test]
fn positions_of_the_game_pass() {
    for pos in [Datum::ints([3, 5]), Datum::ints([1]), Datum::ints([])] {
        assert_eq!(check(&Picky, &normal(), &pos), Ok(()), "{pos}");
    }
}

#[test]
fn data_of_another_kind_than_the_start_is_a_wrong_type() {
    let cases = [
        (Datum::Int(5), "an integer"),
        (Datum::Str("3 5".into()), "a string"),
        (Datum::List(vec![Datum::Bool(true)]), "a list of booleans"),
        (
            Datum::List(vec![Datum::Int(1), Datum::ints([2])]),
            "a list of integers or lists",
        ),
    ];
    for (pos, found) in cases {
        let shown = pos.brief();
        let (problem, text) = problem(&normal(), pos);
        assert_eq!(
            problem,
            Problem::Type {
                found: found.into()
            }
        );
        assert_eq!(
            text,
            format!(
                "bad position {shown} for picky: expected a list of integers like its start \
                 [3, 5], found {found}"
            )
        );
    }
}

#[test]
fn text_that_does_not_read_back_is_refused() {
    let (unshown, text) = problem(&normal(), Datum::ints([15]));
    assert_eq!(unshown, Problem::Unshown);
    assert_eq!(
        text,
        "bad position [15] for picky: its show function fails on it; expected a list of integers like \
         its start [3, 5]"
    );
    let (unread, text) = problem(&normal(), Datum::ints([-1, 2]));
    assert_eq!(
        unread,
        Problem::Unread {
            text: "-1 2".into()
        }
    );
    assert_eq!(
        text,
        "bad position [-1, 2] for picky: its parse function refuses the text its \
         show function writes for it (\"-1 2\"); expected a list of integers like its start [3, 5]"
    );
    let (misread, text) = problem(&normal(), Datum::ints([3, 0]));
    assert_eq!(
        misread,
        Problem::Misread {
            back: Datum::ints([3])
        }
    );
    assert!(
        text.starts_with(
            "bad position [3, 0] for picky: its show and parse functions read it back as [3];"
        ),
        "{text}"
    );
}

#[test]
fn a_position_the_rules_fail_on_names_the_function_not_its_message() {
    for (size, function) in [(13, "moves"), (14, "components"), (12, "canonical")] {
        let (found, text) = problem(&normal(), Datum::ints([size]));
        assert_eq!(found, Problem::Fails { function });
        assert_eq!(
            text,
            format!(
                "bad position [{size}] for picky: its {function} function fails on it; expected a list \
                 of integers like its start [3, 5]"
            )
        );
    }
    // Only the functions the game uses: no components in misère play, no canonical
    // forms in a partizan game, whose players' moves are each checked.
    let misere = info(Kind::Impartial { play: Play::Misere }, None);
    assert_eq!(check(&Picky, &misere, &Datum::ints([14])), Ok(()));
    let partizan = info(Kind::Partizan, None);
    assert_eq!(check(&Picky, &partizan, &Datum::ints([12])), Ok(()));
    let (left, _) = problem(&partizan, Datum::ints([13]));
    assert_eq!(left, Problem::Fails { function: "left" });
    let (right, text) = problem(&partizan, Datum::ints([11]));
    assert_eq!(right, Problem::Fails { function: "right" });
    assert_eq!(
        text,
        "bad position [11] for picky: its right function fails on it"
    );
}

#[test]
fn without_a_start_any_kind_of_data_is_read_by_the_rules() {
    let free = info(Kind::Impartial { play: Play::Normal }, None);
    let (problem, text) = problem(&free, Datum::Str("x".into()));
    assert_eq!(problem, Problem::Unshown);
    assert_eq!(
        text,
        "bad position \"x\" for picky: its show function fails on it"
    );
}

#[test]
fn games_check_what_they_are_given_and_what_they_parse() {
    let game = CallbackGame::new(Picky, normal());
    assert_eq!(game.check(&Datum::ints([2, 4])), Ok(Datum::ints([2, 4])));
    assert_eq!(game.parse("2 4"), Ok(Datum::ints([2, 4])));
    assert_eq!(
        game.parse("13 1").unwrap_err().to_string(),
        "bad position [13, 1] for picky: its moves function fails on it; expected a list of integers \
         like its start [3, 5]"
    );
    let wrong = game.check(&Datum::Int(2));
    assert!(matches!(wrong, Err(DynError::Malformed(bad)) if bad.wrong_type()));
    // A parse that refuses the text is its own error, as before.
    assert_eq!(
        game.parse("-1 2").unwrap_err(),
        DynError::Position("a heap is an integer from 0 up, found \"-1 2\"".into())
    );
    let partizan = PartizanGame::new(Picky, info(Kind::Partizan, Some(Datum::ints([1]))));
    assert_eq!(partizan.parse("1 2"), Ok(Datum::ints([1, 2])));
    assert_eq!(
        partizan.check(&Datum::ints([11])).unwrap_err().to_string(),
        "bad position [11] for picky: its right function fails on it; expected a list of integers like \
         its start [1]"
    );
}

#[test]
fn shapes_name_their_kinds_and_fit_lists_of_their_items() {
    let board = Datum::List(vec![
        Datum::Str("V".into()),
        Datum::List(vec![Datum::Str("..".into())]),
    ]);
    let shape = Shape::of(&board);
    assert_eq!(shape.to_string(), "a list of strings or lists of strings");
    assert!(shape.fits(&Datum::List(vec![Datum::Str("H".into())])));
    assert!(!shape.fits(&Datum::List(vec![Datum::ints([1])])));
    // Items never seen (only empty lists) may be anything; deep lists are named as lists.
    let nested = |inner: Datum| Datum::List(vec![Datum::List(vec![Datum::List(vec![inner])])]);
    let shape = Shape::of(&nested(Datum::List(vec![])));
    assert_eq!(shape.to_string(), "a list of lists of lists");
    assert!(shape.fits(&nested(Datum::ints([1]))));
    assert_eq!(Shape::default().to_string(), "anything");
    assert!(Shape::default().fits(&Datum::Bool(false)));
}

/// Rules that run out of steps on every position: their failure is theirs, not the
/// position's, and comes back as it is (a game file's endless loop says so, not "bad
/// position").
struct Endless;

impl Rules for Endless {
    fn moves(&self, _: &Datum, _: bool, _: &mut Vec<RuleMove>) -> Result<(), String> {
        Err("endless.luau: out of steps".into())
    }

    fn exhausted(&self, message: &str) -> bool {
        message.ends_with("out of steps")
    }
}

#[test]
fn rules_that_run_out_of_steps_are_not_a_malformed_position() {
    let pos = Datum::ints([3, 5]);
    match check(&Endless, &normal(), &pos) {
        Err(DynError::Rules(RulesError::Callback {
            function, message, ..
        })) => {
            assert_eq!(function, "moves");
            assert_eq!(message, "endless.luau: out of steps");
        }
        other => panic!("{other:?}"),
    }
}
