//! Octal and hexadecimal codes as games on the command line (`solve`, `analyze`, `table`,
//! `list`), `--misere` for every impartial game, and the one-line errors of bad codes.

#[path = "support/refused.rs"]
mod refused;
#[path = "support/runner.rs"]
mod runner;
use refused::check_error;
use runner::grundy;

/// Runs `grundy args`, checks exit 0, and checks that every fragment is in stdout.
fn check(args: &[&str], fragments: &[&str]) -> String {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    for fragment in fragments {
        assert!(
            text.contains(fragment),
            "{args:?}: {fragment:?} not in\n{text}"
        );
    }
    text
}

/// Kayles 3 5 7: G(3) = 3, G(5) = 4, G(7) = 2 (OEIS A002186), value 5; the one winning
/// move takes a pin from the end of the row of 5 (G(4) = 1 = 3 ^ 2).
#[test]
fn solve_a_code() {
    check(
        &["solve", "0.77", "3", "5", "7"],
        &[
            "game      0.77 (normal play)",
            "nimber    *5",
            "winning moves: 1",
            "3 5 7 -> 3 4 7",
            "heap 2: 5 -> 4",
            "heap 3: 7 -> 2 + 4",
        ],
    );
    let json = check(&["solve", "kayles", "3", "5", "7", "--json"], &[]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["nimber"], 5);
    assert_eq!(
        json["winning_labels"],
        serde_json::json!(["heap 2: 5 -> 4"])
    );
    // A hexadecimal code splits a heap in three.
    check(&["solve", "0.F", "5"], &["heap 1: 5 -> 1 + 1 + 2"]);
    check(
        &["solve", "octal", "0.137", "--", "10"],
        &["game      0.137"],
    );
}

/// Dawson's Kayles to 100: the octal engine's verdict, period 34 (Winning Ways, vol. 1,
/// ch. 4: Dawson's chess 0.137 from n = 52, so 0.07 from 53).
#[test]
fn table_and_analyze_a_code() {
    check(
        &["table", "0.07", "--to", "100"],
        &[
            "game      0.07",
            "pattern:  periodic, period 34, preperiod 53, proved at n = 175 (the octal engine)",
            "P-positions for n >= 53: n ≡ 5, 9, 21, 25, 29 (mod 34), proved with the period",
        ],
    );
    check(
        &["analyze", "0.77", "3", "5", "7"],
        &[
            "value     *5",
            "heap 2: 5 -> 4",
            "why: G(3) = 3, G(5) = 4, G(7) = 2; XOR = 5",
            "0.77: G(0) .. G(167) by the octal engine; periodic, period 12, preperiod 71",
        ],
    );
    check(&["list"], &["octal", "kayles", "dawsons-kayles"]);
}

/// Bad codes: one line naming the problem, exit 2.
#[test]
fn bad_codes_are_named() {
    check_error(
        &["solve", "0.9x", "3"],
        "invalid digit 'x' at position 4 of the code \"0.9x\" (digits are 0-9 and A-F)",
    );
    check_error(&["solve", "0.", "3"], "the code 0. allows no move");
    check_error(&["table", "0.", "--to", "10"], "the code 0. allows no move");
    check_error(&["analyze", "1.7", "3"], "the digit '1' before the point");
    check_error(
        &["solve", "0.6", "5000"],
        "bad position: a heap of 5000 is past 4095",
    );
}

/// `--misere` for families, codes and game files: misère Kayles and Lasker's Nim, a heap
/// of one is lost (its only move leaves the other without a move, who then wins); misère
/// Nim by its closed form (1 1 1: lost).
#[test]
fn misere_for_every_impartial_game() {
    check(
        &["solve", "0.77", "1", "--misere"],
        &["game      0.77 (misère play)", "outcome   loss"],
    );
    check(&["solve", "kayles", "2", "--misere"], &["outcome   win"]);
    check(&["solve", "lasker", "--misere", "1"], &["outcome   loss"]);
    check(
        &["solve", "nim", "--misere", "1", "1", "1"],
        &["game      misere-nim (misère play)", "outcome   loss"],
    );
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/subtraction.luau"
    );
    check(
        &["solve", file, "1", "--misere"],
        &["(misère play)", "outcome   loss"],
    );
    check_error(
        &[
            "solve", "young", "2", "3", "2", "7", "3", "9", "1", "2", "3", "7", "2", "2", "3", "1",
            "--misere",
        ],
        "young has no misère form",
    );
}
