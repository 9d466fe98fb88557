//! `grundy play <game> [PARAM] [POSITION...]`: a game against perfect play in the terminal.
//!
//! The game runs in a [`Session`] of the library (whose turn, points, undo, the engine's
//! reply); this module reads the person's lines and prints what the session answers.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

use grundy::dynamic::{Datum, DynError, DynGame, Solution};
use grundy::play::session::{Session, Side};
use grundy::tierdb::DbGame;
use grundy::Budget;

use super::solve::limit;

mod board;

/// Arguments of `grundy play`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "While playing, type a move (its label, its number, or the position it \
leads to), or one of:
  hint   every move with its value (win/loss/draw in how many moves, score, nimber);
         a misère sum of a code's heaps is answered by its misère quotient, and says why
  undo   take back your last move and the reply to it
  swap   change sides: grundy plays your side from here
  new    start again from the first position
  quit   leave (end of input does the same)
Examples:
  grundy play nim 3 5 7
  grundy play subtraction 1,3,4 -- 20
  grundy play wythoff 4 7 --engine-first
  grundy play minesweeper @board.txt
  grundy play examples/games/tictactoe.luau
  grundy play connect-four 5 4 --db /tmp/c4-54   (perfect play from a 'grundy build' database)
  grundy play tic-tac-toe at '5 1' --db /tmp/ttt
Board games and @PATH files as in 'grundy solve --help'."
)]
pub struct Args {
    /// The game, its parameter if it has one, then the start position (a game with a usual
    /// start position may leave it out).
    #[arg(required = true, num_args = 1.., allow_negative_numbers = true)]
    words: Vec<String>,
    /// A game file's parameter, NAME=VALUE (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Play against a tier database built by 'grundy build' (GAME... [at MOVES]): every
    /// answer read from it at once, values with remoteness.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["params", "max_positions", "memory"])]
    db: Option<std::path::PathBuf>,
    /// Let grundy move first.
    #[arg(long)]
    engine_first: bool,
    /// Misère play: whoever cannot move wins (any impartial game, as 'grundy solve --misere').
    #[arg(long)]
    misere: bool,
    #[arg(long, help = super::solve::limit::HELP)]
    max_positions: Option<u64>,
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes, help = super::solve::limit::MEMORY_HELP)]
    memory: Option<u64>,
}

/// Runs `grundy play`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let file = args
        .words
        .first()
        .is_some_and(|word| super::solve::is_game_file(word));
    let given = args.max_positions;
    play(args, file).map_err(|err| limit::explain(err, given, file))
}

/// Plays the game of `args` (`file`: a game file).
fn play(args: Args, file: bool) -> anyhow::Result<ExitCode> {
    let play = match args.misere {
        true => grundy::Play::Misere,
        false => grundy::Play::Normal,
    };
    let (game, start): (Arc<dyn DynGame>, Datum) = match &args.db {
        Some(dir) => {
            let (db, at, _) = super::solve::db::open("play", &args.words, &[], dir)?;
            (Arc::new(DbGame::new(Arc::new(db))), DbGame::datum(at))
        }
        None => super::solve::open(&args.words, &args.params, play)?,
    };
    let budget = Budget::default()
        .with_positions(limit::positions(args.max_positions, file))
        .with_bytes(limit::bytes(args.memory));
    let first = if args.engine_first {
        Side::Engine
    } else {
        Side::Person
    };
    let mut session = Session::new(game, start, first);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{} ({}): {}",
        session.game().name(),
        session.game().kind(),
        session.game().description()
    )?;
    writeln!(
        out,
        "type a move (label or number), or hint, undo, swap, new, quit"
    )?;
    let mut show_position = true;
    loop {
        if show_position {
            print_position(&mut out, &session)?;
        }
        show_position = true;
        if let Some(end) = session.end()? {
            writeln!(out, "game over: {end}")?;
            writeln!(out, "type new to play again, undo to take back, or quit")?;
        } else if session.to_move() == Side::Engine {
            let (budget, progress) =
                crate::output::Progress::start(false, "thinking", budget.clone());
            let reply = session.reply(&budget);
            drop(progress);
            if let Some(mv) = reply? {
                writeln!(out, "grundy plays {}", mv.label)?;
            }
            continue;
        } else {
            print_moves(&mut out, &session)?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            break;
        };
        let line = line?;
        match line.trim() {
            "" => show_position = false,
            "quit" | "q" | "exit" => break,
            "hint" | "h" | "?" => {
                let hint = session.hint(&budget)?;
                print_hint(&mut out, &hint.solution)?;
                for line in hint.why() {
                    writeln!(out, "why: {line}")?;
                }
                show_position = false;
            }
            "undo" | "u" => {
                if session.undo() == 0 {
                    writeln!(out, "nothing to undo")?;
                }
            }
            "swap" | "s" => {
                session.swap();
                writeln!(out, "you now play the other side")?;
            }
            "new" | "n" => session.restart(),
            _ if session.end()?.is_some() => {
                writeln!(out, "the game is over: type new, undo or quit")?;
                show_position = false;
            }
            choice => match session.play(choice) {
                Ok(mv) => writeln!(out, "you play {}", mv.label)?,
                Err(err @ DynError::NoSuchMove { .. }) => {
                    writeln!(out, "{err}; or type hint, undo, swap, new, quit")?;
                    show_position = false;
                }
                Err(err) => return Err(err.into()),
            },
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The position: its drawing (a board, with the labels of its rows and columns) where the
/// game draws one, and its text on one line (a board's text of several lines is left to
/// the drawing).
fn print_position(out: &mut impl Write, session: &Session) -> anyhow::Result<()> {
    let game = session.game();
    let shown = game.show(session.position())?;
    let drawn = session.drawing()?.as_ref().and_then(board::render);
    writeln!(out)?;
    if let Some(drawn) = &drawn {
        writeln!(out, "{drawn}")?;
    }
    if !shown.contains('\n') {
        writeln!(out, "position: {shown}")?;
    } else if drawn.is_none() {
        writeln!(out, "{shown}")?;
    }
    let (person, engine) = session.points();
    if person != 0 || engine != 0 {
        writeln!(out, "points: you {person}, grundy {engine}")?;
    }
    Ok(())
}

/// The most moves the prompt and a hint list (a hint adds the best moves past them): a
/// heap of 10^6 in Lasker's Nim has 1.5 M moves, each still playable by label or number.
const SHOWN_MOVES: usize = 60;

fn print_moves(out: &mut impl Write, session: &Session) -> anyhow::Result<()> {
    let moves = session.moves()?;
    let labels: Vec<String> = moves
        .iter()
        .take(SHOWN_MOVES)
        .enumerate()
        .map(|(i, mv)| format!("{}) {}", i + 1, mv.label))
        .collect();
    write!(out, "your move: {}", labels.join("   "))?;
    match moves.len().checked_sub(SHOWN_MOVES) {
        Some(more) if more > 0 => writeln!(
            out,
            "   ... and {more} more (type a label, a number up to {}, or hint)",
            moves.len()
        )?,
        _ => writeln!(out)?,
    }
    Ok(())
}

/// Every move with its value, numbered as the prompt numbers them; past [`SHOWN_MOVES`],
/// the first ones and the best ones, the moves between counted.
fn print_hint(out: &mut impl Write, solution: &Solution) -> io::Result<()> {
    writeln!(out, "this position: {}", solution.value)?;
    let width = crate::output::label_width(solution);
    let mut next = 0;
    let mut best_shown = 0;
    for (i, mv) in solution.moves.iter().enumerate() {
        let optimal = solution.is_optimal(i);
        if i >= SHOWN_MOVES && !(optimal && best_shown < SHOWN_MOVES) {
            continue;
        }
        crate::output::moves_left_out(out, i - next)?;
        next = i + 1;
        best_shown += usize::from(optimal);
        let best = if optimal { "  best" } else { "" };
        writeln!(
            out,
            "  {:>2}) {:<width$}  {}{best}",
            i + 1,
            mv.mv.label,
            mv.value
        )?;
    }
    crate::output::moves_left_out(out, solution.moves.len() - next)?;
    Ok(())
}
