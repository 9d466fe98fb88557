//! `grundy play` through a pseudo-terminal, as a person types: whole games against perfect
//! play, a bad move and its re-prompt, hint, undo, swap, new, and quit, each answer awaited
//! before the next line is typed.

use std::process::Command;

use rexpect::process::wait::WaitStatus;
use rexpect::session::{spawn_command, PtySession};

/// `grundy play args` on a pseudo-terminal, with a 30 s limit on every wait.
fn play(args: &[&str]) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.arg("play").args(args);
    let mut session = spawn_command(command, Some(30_000)).expect("grundy runs on a pty");
    session
        .exp_string("type a move (label or number), or hint, undo, swap, new, quit")
        .expect("the greeting");
    session
}

/// Waits for the prompt and returns what came before it.
fn prompt(session: &mut PtySession) -> String {
    session.exp_string("\n> ").expect("a prompt")
}

/// Types `line`, then waits for the next prompt; returns what was printed.
fn say(session: &mut PtySession, line: &str) -> String {
    session.send_line(line).expect("typed");
    prompt(session)
}

/// Quits and checks that grundy exits 0.
fn quit(mut session: PtySession) {
    session.send_line("quit").expect("typed");
    session.exp_eof().expect("grundy ends");
    match session.process().wait().expect("an exit status") {
        WaitStatus::Exited(_, 0) => {}
        other => panic!("grundy play did not exit 0: {other:?}"),
    }
}

/// Nim from 1 2 4 (nimber 7): the person always plays a move the hint marks best and wins;
/// every engine reply is printed before the next prompt.
#[test]
fn a_won_game_by_following_the_hints() {
    let mut session = play(&["nim", "1", "2", "4"]);
    let mut screen = prompt(&mut session);
    assert!(screen.contains("position: 1 2 4"), "{screen}");
    for _ in 0..10 {
        if screen.contains("game over") {
            break;
        }
        let hint = say(&mut session, "hint");
        assert!(hint.contains("this position: win in"), "{hint}");
        // The first move marked best, by its number: "   3) heap 3: 4 -> 3  loss in 4  best".
        let best = hint
            .lines()
            .find(|line| line.trim_end().ends_with("best"))
            .unwrap_or_else(|| panic!("no best move in {hint}"));
        let number = best.trim().split(')').next().unwrap().trim().to_string();
        screen = say(&mut session, &number);
        assert!(screen.contains("you play"), "{screen}");
    }
    assert!(screen.contains("game over: you win"), "{screen}");
    quit(session);
}

/// A mistake is punished: from 2 3 taking a whole heap loses to perfect play.
#[test]
fn a_lost_game() {
    let mut session = play(&["nim", "2", "3"]);
    prompt(&mut session);
    let screen = say(&mut session, "heap 1: 2 -> 0");
    assert!(screen.contains("grundy plays heap 2: 3 -> 0"), "{screen}");
    assert!(screen.contains("game over: grundy wins"), "{screen}");
    // Playing on after the end is refused with what to do.
    let screen = say(&mut session, "1");
    assert!(
        screen.contains("the game is over: type new, undo or quit"),
        "{screen}"
    );
    quit(session);
}

/// A bad move is re-prompted and changes nothing; undo takes back a move and its reply;
/// swap hands the turn to grundy, which plays the winning move; new starts again.
#[test]
fn bad_move_undo_swap_new() {
    let mut session = play(&["subtraction", "1,3,4", "--", "8"]);
    let screen = prompt(&mut session);
    assert!(screen.contains("position: 8"), "{screen}");
    let screen = say(&mut session, "take 2");
    assert!(screen.contains("no move \"take 2\""), "{screen}");
    assert!(
        screen.contains("or type hint, undo, swap, new, quit"),
        "{screen}"
    );
    assert!(!screen.contains("you play"), "{screen}");
    let screen = say(&mut session, "1");
    assert!(screen.contains("you play"), "{screen}");
    assert!(screen.contains("grundy plays"), "{screen}");
    let screen = say(&mut session, "undo");
    assert!(screen.contains("position: 8"), "{screen}");
    let screen = say(&mut session, "undo");
    assert!(screen.contains("nothing to undo"), "{screen}");
    // 8 -> 7 is the only winning move of {1, 3, 4} from 8 (P-positions: 0, 2 mod 7).
    let screen = say(&mut session, "swap");
    assert!(screen.contains("you now play the other side"), "{screen}");
    assert!(screen.contains("position: 7"), "{screen}");
    let screen = say(&mut session, "new");
    assert!(screen.contains("position: 8"), "{screen}");
    quit(session);
}

/// grundy moves first when asked, and end of input (Ctrl-D) quits cleanly.
#[test]
fn engine_first_and_end_of_input() {
    let mut session = play(&["wythoff", "4", "7", "--engine-first"]);
    let screen = prompt(&mut session);
    assert!(screen.contains("grundy plays"), "{screen}");
    session.send_control('d').expect("Ctrl-D");
    session.exp_eof().expect("grundy ends");
    assert!(matches!(
        session.process().wait().expect("an exit status"),
        WaitStatus::Exited(_, 0)
    ));
}

/// Issue 24: tic-tac-toe on its drawn board, its rows and columns labelled; the person
/// types the cell read off the board (column letter, row number) and the board shows the
/// marks; playing the centre and then cells that keep the draw ends in a draw.
#[test]
fn tictactoe_on_its_drawn_board() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/tictactoe.luau"
    );
    let mut session = play(&[file]);
    let screen = prompt(&mut session);
    assert!(
        screen.contains("  a b c\r\n1 . . .\r\n2 . . .\r\n3 . . ."),
        "{screen}"
    );
    let mut screen = say(&mut session, "b2");
    assert!(screen.contains("2 . x ."), "{screen}");
    for _ in 0..5 {
        if screen.contains("game over") {
            break;
        }
        // A cell whose move keeps the draw, as the hint values it ("score +0").
        let hint = say(&mut session, "hint");
        let cell = hint
            .lines()
            .find(|line| line.trim_end().ends_with("best"))
            .and_then(|line| line.split(')').nth(1))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no best move in {hint}"))
            .to_string();
        screen = say(&mut session, &cell);
        let marks = screen.matches(" x").count() + screen.matches(" o").count();
        assert!(marks >= 2, "the board shows the marks: {screen}");
    }
    assert!(screen.contains("game over: a draw"), "{screen}");
    quit(session);
}

/// Tic-tac-toe against its tier database (`grundy build`): the board drawn, hints with
/// every move's value and remoteness, grundy's replies read at once, and a draw on a full
/// board when the person follows the hints; a move that is not one is refused.
#[test]
fn a_drawn_game_against_a_database() {
    let dir = std::env::temp_dir().join(format!("grundy-pty-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.to_str().unwrap();
    let built = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["build", "tic-tac-toe", "--db", db])
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let mut session = play(&["tic-tac-toe", "--db", db]);
    let mut screen = prompt(&mut session);
    assert_eq!(screen.matches(". . .").count(), 3, "{screen}");
    let hint = say(&mut session, "hint");
    assert!(hint.contains("this position: draw in 9"), "{hint}");
    let replied = say(&mut session, "5");
    assert!(replied.contains("grundy plays"), "{replied}");
    let refused = say(&mut session, "10");
    assert!(refused.contains("no move \"10\""), "{refused}");
    for _ in 0..5 {
        if screen.contains("game over") {
            break;
        }
        let hint = say(&mut session, "hint");
        let best = hint
            .lines()
            .find(|line| line.trim_end().ends_with("best"))
            .unwrap_or_else(|| panic!("no best move in {hint}"));
        assert!(best.contains("draw in "), "{hint}");
        let number = best.trim().split(')').next().unwrap().trim().to_string();
        screen = say(&mut session, &number);
        assert!(screen.contains("you play"), "{screen}");
    }
    assert!(screen.contains("game over: a draw"), "{screen}");
    quit(session);
    std::fs::remove_dir_all(&dir).unwrap();
}
