//! `grundy play` driven through its standard input: whole games against perfect play,
//! hints, bad moves re-prompted, undo, swap, new and quit.

use std::process::{Command, Stdio};

#[path = "support/run.rs"]
mod run;

/// Runs `grundy play args` with `lines` typed, and returns stdout (exit 0 expected).
fn play(args: &[&str], lines: &str) -> String {
    let out = run::typed(&[&["play"], args].concat(), lines);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// From 2 3 the only winning move is 3 -> 2; a person who takes heap 1 loses to perfect
/// play, and the end says so.
#[test]
fn perfect_play_punishes_a_mistake() {
    let text = play(&["nim", "2", "3"], "1\n");
    assert!(text.contains("you play heap 1: 2 -> 0"), "{text}");
    assert!(text.contains("grundy plays heap 2: 3 -> 0"), "{text}");
    assert!(text.contains("game over: grundy wins"), "{text}");
}

/// The person who plays the winning moves wins, whatever the engine tries.
#[test]
fn the_person_can_win_from_a_won_position() {
    // 2 3 -> 2 2; then mirror the engine on the other heap.
    let text = play(
        &["nim", "2", "3"],
        "heap 2: 3 -> 2\n1 1\n0 0\n0\n0 0\n1 0\n0 0\n",
    );
    assert!(text.contains("game over: you win"), "{text}");
}

/// hint lists every move with its value and marks the best; a bad move is re-prompted;
/// undo and swap and new work; EOF quits cleanly.
#[test]
fn hints_bad_moves_undo_swap_new() {
    let text = play(
        &["subtraction", "1,3,4", "--", "7"],
        "hint\nnonsense\n1\nundo\nswap\nnew\nquit\n",
    );
    assert!(text.contains("this position: loss in"), "{text}");
    assert!(text.contains("best"), "{text}");
    assert!(text.contains("no move \"nonsense\""), "{text}");
    assert!(text.contains("you now play the other side"), "{text}");
    assert!(text.contains("grundy plays"), "{text}");
    let text = play(&["wythoff", "1", "2"], "");
    assert!(text.contains("your move:"), "{text}");
}

/// A game that cannot start says why, exit 2.
#[test]
fn errors_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "wythoff", "1"])
        .stdin(Stdio::null())
        .output()
        .expect("grundy runs");
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "nope", "1"])
        .stdin(Stdio::null())
        .output()
        .expect("grundy runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game"));
}

/// A position with thousands of moves: the prompt lists the first 60 and counts the rest,
/// a hint lists those and the best moves past them (numbered as the prompt numbers
/// them), and a move far down the list is still played by its number.
#[test]
fn a_position_with_thousands_of_moves_is_listed_in_part() {
    // Lasker's Nim at 5000: 7500 moves; G(5000) = 4999, so the winning moves are the
    // take of the whole heap and the split into two equal heaps (7500, the last).
    let text = play(&["lasker", "5000"], "hint\n7500\nquit\n");
    assert!(
        text.contains("   ... and 7440 more (type a label, a number up to 7500, or hint)"),
        "{text}"
    );
    assert!(text.contains("  ... 7439 moves\n"), "{text}");
    assert!(text.contains("7500) heap 1: 5000 -> 2500 + 2500"), "{text}");
    assert!(
        text.contains("you play heap 1: 5000 -> 2500 + 2500"),
        "{text}"
    );
    assert!(text.lines().count() < 200, "{} lines", text.lines().count());
}

/// A misère sum of Dawson's Kayles heaps is played by its misère quotient: the hint names
/// each heap's element, their product and the P-portion, and perfect play wins from a won
/// position (3 4: the product lies outside the P-portion).
#[test]
fn a_misere_sum_of_a_code_is_hinted_by_its_quotient() {
    let text = play(&["0.07", "3", "4", "--misere"], "hint\nquit\n");
    assert!(text.contains("this position: win"), "{text}");
    assert!(
        text.contains("why: the misère quotient of 0.07 for heaps up to 4 (order 6"),
        "{text}"
    );
    assert!(text.contains("their product is"), "{text}");
    assert!(
        text.contains("why: winning moves, each leaving a product in the P-portion: a heap of"),
        "{text}"
    );
    let text = play(&["0.07", "3", "4", "--misere", "--engine-first"], "");
    assert!(text.contains("grundy plays"), "{text}");
}
