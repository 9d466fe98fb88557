//! Tests of the contract's shared parts: data, kinds, values and the trait's own `play`.

use super::*;
use crate::catalog::builtin;
use crate::value::{Nimber, Outcome, Play};

#[test]
fn datum_json_round_trip_is_untagged() {
    let datum = Datum::List(vec![
        Datum::Int(-3),
        Datum::Str("x".into()),
        Datum::Bool(true),
        Datum::ints([1, 2]),
    ]);
    let json = serde_json::to_string(&datum).unwrap();
    assert_eq!(json, r#"[-3,"x",true,[1,2]]"#);
    assert_eq!(serde_json::from_str::<Datum>(&json).unwrap(), datum);
    assert_eq!(datum.to_string(), r#"[-3, "x", true, [1, 2]]"#);
}

#[test]
fn kind_serializes_with_a_tag() {
    let json = serde_json::to_string(&Kind::WinLoss { play: Play::Misere }).unwrap();
    assert_eq!(json, r#"{"kind":"win-loss","play":"misere"}"#);
    assert_eq!(
        serde_json::to_string(&Kind::Scoring).unwrap(),
        r#"{"kind":"scoring"}"#
    );
}

#[test]
fn play_resolves_label_number_and_position() {
    let nim = builtin::nim();
    let pos = Datum::ints([3, 5]);
    assert_eq!(
        nim.play(&pos, "heap 2: 5 -> 1").unwrap().to,
        Datum::ints([3, 1])
    );
    assert_eq!(
        nim.play(&pos, "heap2:5->1").unwrap().to,
        Datum::ints([3, 1])
    );
    assert_eq!(nim.play(&pos, "1").unwrap().to, Datum::ints([0, 5]));
    assert_eq!(nim.play(&pos, "3 4").unwrap().to, Datum::ints([3, 4]));
    let err = nim.play(&pos, "9 9").unwrap_err();
    assert_eq!(
        err.to_string(),
        "no move \"9 9\": give a move's label, its number (1 to 8) or the position it leads to"
    );
    assert!(matches!(
        nim.play(&pos, "0"),
        Err(DynError::NoSuchMove { .. })
    ));
}

#[test]
fn value_display() {
    let mut v = Value::outcome(Outcome::Win);
    v.remoteness = Some(3);
    v.nimber = Some(Nimber(2));
    assert_eq!(v.to_string(), "win in 3 (*2)");
    let s = Value {
        score: Some(-2),
        ..Value::outcome(Outcome::Loss)
    };
    assert_eq!(s.to_string(), "score -2");
}
