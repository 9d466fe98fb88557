//! `grundy solve`: a position of any built-in game (family or board game) or game file solved by the
//! generic engine through the library's front door (`grundy::dynamic`): outcome,
//! remoteness, nimber or score, every move with its value, the winning moves and a
//! principal line.

use anyhow::{bail, Context};
use grundy::catalog;
use grundy::dynamic::{
    Ask, Datum, DynGame, Kind, MoveCounts, MoveValue, Solution, Value, LISTED_MOVES,
};
use grundy::{Budget, Nimber, Outcome, Play};
use serde::Serialize;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use crate::output::{print_json, Progress};

pub mod db;
pub mod limit;
pub mod partizan;
pub mod quotient;

/// Arguments of `grundy solve`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Positions are written as in 'grundy list': heaps as integers (nim 3 5 7), two heaps as
A B (wythoff 3 5), fibonacci-nim as N [MAX_TAKE], staircase as coins per step from the
bottom, bash-reach as N (the game starts at 0). Heaps are at most 2^24: the generic engine
lists every move (use 'grundy analyze' for the closed forms on huge positions).

Board games (gems-fight, young, dot, team-nim, minesweeper, kiki) take the problem's own
input for one case (as 'grundy list' shows) and start from the game's start;
a position follows the word 'at':
  gems-fight G B S (N C1..CN)... [at BAG...]    the bags taken, e.g. 'at 1 3'
  young N M A... B... [at ROWS]                 rows drawn with # and ., or row lengths
  dot X Y N D (XI YI)... [at X Y WHO]           WHO may still reflect: both|mover|other|none
  team-nim N S M1..M2N [at STONES seat K]
  minesweeper N M K (X Y)...  or  minesweeper BOARD
      a board drawn a row a line: * mine, . unopened, _ open blank, 1-8 open numbered
  kiki N M                                      the coin at the top-right of N x M
A game file FILE.luau (a game written in Luau, see docs/game-files.md) takes its position
in its own notation, or starts from its start; --param NAME=VALUE sets its parameters:
  grundy solve examples/games/subtraction.luau 10 11 12 --param set=1,2
A word @PATH stands for the text of the file PATH (a board of several lines, a whole
setup); errors in it name its line and column, e.g.
  grundy solve minesweeper @board.txt
  grundy solve young @chess2018.txt at 2 1

Moves are labelled as 'grundy play' takes them: 'heap 1: 3 -> 2', 'heap 2: 7 -> 3 + 4'
(a split), 'heaps 1, 2: 3 5 -> 2 4' (moore), 'step 2: 3 down', 'A B -> A' B'', 'take T',
'bag 2', '(row, column)' (young, minesweeper: a blank region by its first cell),
'+(dx, dy)' and 'reflect' (dot). Values are for the mover: win or loss with the number of
moves to the end under best play (the winner hurries, the loser delays), the nimber of the
position reached, or the exact score (the mover's points minus the other's).")]
pub struct Args {
    /// The game, as 'grundy list' names it (nim, bash, subtraction, lasker, wythoff, ...),
    /// or a game file FILE.luau (see docs/game-files.md).
    game: String,
    /// The game's parameter, if it has one, then the position: e.g. `3 5 7` for nim,
    /// `1,3,4 -- 10 12` for subtraction; a board game's setup, then `at` and a position (a game
    /// file may leave it out: its start).
    #[arg(num_args = 0.., allow_negative_numbers = true)]
    words: Vec<String>,
    /// A game file's parameter, NAME=VALUE (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Misère play: whoever cannot move wins (any impartial game: a family, a code, a game
    /// file; nim under misère play is misere-nim). The whole position is searched: misère
    /// play does not split into the components' nimbers; but a sum of heaps of a code is
    /// answered by its misère quotient when that is found within 5 s.
    #[arg(long)]
    misere: bool,
    #[arg(long, help = limit::HELP)]
    max_positions: Option<u64>,
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes, help = limit::MEMORY_HELP)]
    memory: Option<u64>,
    /// Remoteness and a principal line whatever they cost (by default they are computed
    /// only when they cost no more than the value: a whole-game search of a large sum is
    /// skipped, and the answer says so).
    #[arg(long)]
    remoteness: bool,
    /// List every move, however many (by default a position with more than 1000 moves
    /// lists the first 1000 and its winning and optimal ones, and counts the rest).
    #[arg(long)]
    all_moves: bool,
    /// Answer from a tier database built by 'grundy build' (connect-four WIDTH HEIGHT at
    /// MOVES, the columns played from 1) instead of searching.
    #[arg(long, value_name = "DIR")]
    db: Option<std::path::PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report<'a> {
    game: String,
    kind: Kind,
    play: Play,
    position: &'a Datum,
    outcome: Outcome,
    /// Moves to the end under best play (absent for scoring games and large sums).
    remoteness: Option<u64>,
    /// The nimber (impartial games under normal play).
    nimber: Option<Nimber>,
    /// The best points difference (scoring games).
    score: Option<i64>,
    /// The positions the winning moves lead to (none when the player to move loses).
    winning_moves: Vec<&'a Datum>,
    /// The labels of the winning moves, in the same order.
    winning_labels: Vec<&'a str>,
    /// The moves listed (every move, or the first 1000 and the winning and optimal ones),
    /// each with its index among all moves and its value for the mover.
    moves: &'a [MoveValue],
    /// How many moves there are, winning and optimal moves among them.
    counts: MoveCounts,
    /// Indices into `moves` of the optimal moves.
    optimal: &'a [usize],
    /// A principal line, move by move.
    line: Vec<&'a str>,
    /// True when remoteness (and a line, where no closed form gives one) was skipped as
    /// costing more than the value: `--remoteness` computes it.
    skipped: bool,
}

/// The most bytes a file named by `@PATH` may hold: 16 MiB, eight times the largest setup
/// of the problem set (a 1000 x 1000 board drawn a row a line is about 1 MB).
pub const MAX_FILE: u64 = 16 << 20;

/// The text of the file `path`, read through a bounded reader (a device such as
/// `/dev/zero`, whose size says nothing, is read no further than the limit): refused past
/// [`MAX_FILE`] bytes, naming the file and the limit.
fn read_capped(path: &str) -> anyhow::Result<String> {
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {path}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {path}"))?;
    if bytes.len() as u64 > MAX_FILE {
        bail!("{path} holds more than {MAX_FILE} bytes, the limit of a board or setup file");
    }
    String::from_utf8(bytes).with_context(|| format!("cannot read {path}: it is not UTF-8 text"))
}

/// Opens the game that `words` name: a first word ending in `.luau` is a game file
/// (loaded by `grundy_script` with `params`, each `NAME=VALUE`; the other words are the
/// position, else the file's start); otherwise [`catalog::open`], each word `@PATH`
/// replaced by the text of the file PATH (errors then say which file).
pub fn open(
    words: &[String],
    params: &[String],
    play: Play,
) -> anyhow::Result<(Arc<dyn DynGame>, Datum)> {
    if let Some(file) = words.first().filter(|w| is_game_file(w)) {
        return open_file(file, &words[1..], params, play);
    }
    if let Some(hint) = words.first().and_then(|word| not_a_game_file(word)) {
        bail!("{hint}");
    }
    if let Some(param) = params.first() {
        bail!("--param {param}: parameters are for game files (a FILE.luau); built-in games take theirs as words");
    }
    if words.len() < 2 {
        if let Some(hint) = database_only(words, &catalog::open_in(words, play)) {
            bail!("{hint}");
        }
        bail!("give the game and its position, e.g. 'grundy solve nim 3 5 7' (see 'grundy list')");
    }
    let mut files = Vec::new();
    let mut read = Vec::with_capacity(words.len());
    for word in words {
        let Some(path) = word.strip_prefix('@') else {
            read.push(word.clone());
            continue;
        };
        read.push(read_capped(path)?);
        files.push(path);
    }
    let opened = catalog::open_in(&read, play);
    if let Some(hint) = database_only(words, &opened) {
        bail!("{hint}");
    }
    match files[..] {
        [] => Ok(opened?),
        _ => Ok(opened.with_context(|| format!("in {}", files.join(", ")))?),
    }
}

/// What to do with a board that only a tier database answers (`connect-four 4 4 at 2132`,
/// `tic-tac-toe`, `mnk ...`: no search of them is built in): build it, then ask with
/// `--db`. `None` unless the catalogue did not know the name (`opened`) and the first word
/// names a tier game.
fn database_only<T>(words: &[String], opened: &Result<T, catalog::CatalogError>) -> Option<String> {
    if !matches!(opened, Err(catalog::CatalogError::UnknownName { .. })) {
        return None;
    }
    let setup: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .take_while(|&w| w != "at")
        .collect();
    let game = match grundy::tierdb::tier_game(&setup) {
        Ok(game) => game,
        Err(_)
            if grundy::tierdb::tier_game(&setup[..1])
                .is_err_and(|e| e.contains("has no tier database")) =>
        {
            return None
        }
        Err(why) => return Some(why),
    };
    let setup = setup.join(" ");
    Some(format!(
        "{} is answered from a tier database, not searched: build it with 'grundy build \
         {setup} --db DIR', then ask 'grundy solve {setup} at MOVES --db DIR' (or play it: \
         'grundy play {setup} --db DIR')",
        game.describe()
    ))
}

/// Why `word`, a file's name (a game's name has no `.` or `/`) that does not end in
/// `.luau`, is not read as a game file: `FILE.LUAU`, `FILE.lua`, `FILE.txt`, or any file
/// that exists. `None` for anything else.
fn not_a_game_file(word: &str) -> Option<String> {
    if !word.contains(['.', '/']) || word.starts_with('@') {
        return None;
    }
    let path = std::path::Path::new(word);
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    let suspect = matches!(extension.as_deref(), Some("luau" | "lua" | "txt")) || path.is_file();
    let stem = path.file_stem()?.to_string_lossy();
    suspect.then(|| {
        format!(
            "{word} is not a game: game files are read only when their name ends in .{ext} \
             (lower case): rename it to {stem}.{ext} (see docs/game-files.md)",
            ext = grundy_script::EXTENSION
        )
    })
}

/// True when `word` names a game file (FILE.luau) rather than a built-in game.
pub fn is_game_file(word: &str) -> bool {
    word.ends_with(&format!(".{}", grundy_script::EXTENSION))
}

/// A game file's parameters, each `NAME=VALUE`, as (name, value).
pub fn file_params(params: &[String]) -> anyhow::Result<Vec<(String, String)>> {
    params
        .iter()
        .map(|param| match param.split_once('=') {
            Some((name, value)) => Ok((name.trim().to_string(), value.to_string())),
            None => bail!("--param {param}: write NAME=VALUE, e.g. --param k=3"),
        })
        .collect()
}

/// Loads the game file `file` with `params`, each `NAME=VALUE`, under `play` (misère
/// whatever the file says, or as the file says).
pub fn load_file(file: &str, params: &[String], play: Play) -> anyhow::Result<Arc<dyn DynGame>> {
    let params = file_params(params)?;
    let path = std::path::Path::new(file);
    Ok(match play {
        Play::Normal => grundy_script::load(path, &params)?,
        Play::Misere => grundy_script::load_misere(path, &params)?,
    })
}

/// Loads the game file `file` with `params` and reads the position `words` (its start
/// when there are none).
pub fn open_file(
    file: &str,
    words: &[String],
    params: &[String],
    play: Play,
) -> anyhow::Result<(Arc<dyn DynGame>, Datum)> {
    let game = load_file(file, params, play)?;
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|&w| w != "--")
        .collect();
    let position = match (words.is_empty(), game.start()) {
        (true, Some(start)) => start,
        (true, None) => bail!("{file} has no start position: give one after the file"),
        (false, _) => game
            .parse(&words.join(" "))
            .with_context(|| format!("in {file}"))?,
    };
    Ok((game, position))
}

/// Runs `grundy solve`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(dir) = &args.db {
        let words: Vec<String> = std::iter::once(args.game.clone())
            .chain(args.words.iter().cloned())
            .collect();
        return db::run(&words, &file_params(&args.params)?, dir, args.json);
    }
    let words: Vec<String> = std::iter::once(args.game.clone())
        .chain(args.words.iter().cloned())
        .collect();
    // A misère sum of small heaps of a code: the product of its heaps' elements in the
    // code's misère quotient answers it (remoteness and every move's value need the search).
    if args.misere
        && !args.remoteness
        && !args.all_moves
        && args.params.is_empty()
        && quotient::answer(&words, args.json)?
    {
        return Ok(ExitCode::SUCCESS);
    }
    let play = match args.misere {
        true => Play::Misere,
        false => Play::Normal,
    };
    let (game, position) = open(&words, &args.params, play)?;
    let file = is_game_file(&args.game);
    let budget = Budget::default()
        .with_positions(limit::positions(args.max_positions, file))
        .with_bytes(limit::bytes(args.memory));
    let (budget, progress) = Progress::start(args.json, "solving", budget);
    if game.partizan().is_some() {
        let summand = grundy::analysis::partizan::Summand {
            name: game.name(),
            game: Arc::clone(&game),
            position: position.clone(),
        };
        let shown = game.show(&position)?;
        let res = partizan::run(&game.name(), &shown, &[summand], &budget, args.json);
        drop(progress);
        return res
            .map_err(|err| limit::explain(err, args.max_positions, file))
            .context("cannot solve this position")
            .map(|()| ExitCode::SUCCESS);
    }
    let ask = Ask {
        remoteness: args.remoteness,
        all_moves: args.all_moves,
    };
    let solution = game.solve_with(&position, &budget, ask);
    drop(progress);
    let solution = solution
        .map_err(|err| {
            limit::too_many_moves(&err, &*game, &position, budget.positions())
                .unwrap_or_else(|| limit::explain(err.into(), args.max_positions, file))
        })
        .context("cannot solve this position")?;
    let title = match args.game.as_str() {
        // The family's own word (all-but, pow2, ...) names the game as typed.
        "nim" | "misere-nim" if !args.misere => args.game.clone(),
        _ => game.name(),
    };
    if args.json {
        print_json(&report(title, game.as_ref(), &solution))?;
    } else {
        print_text(&title, game.as_ref(), &solution, file)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn winning(solution: &Solution) -> Vec<&MoveValue> {
    solution
        .moves
        .iter()
        .filter(|m| m.value.outcome == Outcome::Win && m.value.score.is_none())
        .collect()
}

fn report<'a>(game: String, dyn_game: &dyn DynGame, solution: &'a Solution) -> Report<'a> {
    let Value {
        outcome,
        remoteness,
        nimber,
        score,
    } = solution.value;
    Report {
        game,
        kind: dyn_game.kind(),
        play: dyn_game.kind().play(),
        position: &solution.position,
        outcome,
        remoteness,
        nimber,
        score,
        winning_moves: winning(solution).into_iter().map(|m| &m.mv.to).collect(),
        winning_labels: winning(solution)
            .into_iter()
            .map(|m| m.mv.label.as_str())
            .collect(),
        moves: &solution.moves,
        counts: solution.counts,
        optimal: &solution.optimal,
        line: solution.line.iter().map(|m| m.label.as_str()).collect(),
        skipped: solution.skipped,
    }
}

/// Writes `solution` as text; `file` says the game is a game file, whose winning moves are
/// named by their labels where the file gives them (a built-in game's by the positions
/// they lead to, its labels being in the list of moves below).
fn print_text(
    title: &str,
    game: &dyn DynGame,
    solution: &Solution,
    file: bool,
) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    let show = |pos: &Datum| game.show(pos);
    let kind = match game.kind() {
        Kind::Scoring => "scoring".to_string(),
        Kind::Partizan => "partizan".to_string(),
        Kind::Loopy { play } | Kind::Impartial { play } | Kind::WinLoss { play } => match play {
            Play::Normal => "normal play".into(),
            Play::Misere => "misère play".into(),
        },
    };
    let here = show(&solution.position)?;
    writeln!(out, "game      {title} ({kind})")?;
    if here.contains('\n') {
        writeln!(out, "position")?;
        for row in here.lines() {
            writeln!(out, "  {row}")?;
        }
    } else {
        writeln!(out, "position  {here}")?;
    }
    let value = solution.value;
    let who = match value.outcome {
        Outcome::Win => "the player to move wins",
        Outcome::Loss => "the player to move loses",
        Outcome::Draw if value.score.is_some() => "a tie",
        Outcome::Draw => "neither player can force a win",
    };
    writeln!(out, "outcome   {} ({who})", value.outcome)?;
    if let Some(nimber) = value.nimber {
        writeln!(out, "nimber    {nimber}")?;
    }
    if let Some(score) = value.score {
        writeln!(
            out,
            "score     {score:+} (the mover's points minus the other's)"
        )?;
    }
    if value.score.is_none() {
        let winning = winning(solution);
        writeln!(out, "winning moves: {}", solution.counts.winning)?;
        let unlisted = solution.counts.winning - winning.len();
        for mv in winning {
            match show(&mv.mv.to)? {
                // A board: the move's label says where.
                to if to.contains('\n') => writeln!(out, "  {}", mv.mv.label)?,
                // A file's own label (without one, the label is the position reached).
                to if file && mv.mv.label != to => {
                    writeln!(out, "  {}  ({here} -> {to})", mv.mv.label)?
                }
                to => writeln!(out, "  {here} -> {to}")?,
            }
        }
        if unlisted > 0 {
            writeln!(out, "  ... and {unlisted} more (--all-moves lists them)")?;
        }
    }
    if let Some(moves) = value.remoteness {
        writeln!(out, "remoteness {moves} (moves to the end under best play)")?;
    }
    if solution.skipped {
        writeln!(
            out,
            "remoteness skipped: it would cost more than the value (--remoteness computes it)"
        )?;
    }
    if solution.lists_every_move() {
        writeln!(out, "moves: {}", solution.counts.moves)?;
    } else {
        writeln!(
            out,
            "moves: {} ({} listed: the first {LISTED_MOVES}, the winning and the optimal ones; --all-moves lists them all)",
            solution.counts.moves,
            solution.moves.len()
        )?;
    }
    let width = crate::output::label_width(solution);
    let mut next = 0;
    for (move_idx, mv) in solution.moves.iter().enumerate() {
        crate::output::moves_left_out(&mut out, mv.index - next)?;
        next = mv.index + 1;
        let mark = if solution.is_optimal(move_idx) {
            "  (optimal)"
        } else {
            ""
        };
        let extra = match (mv.mv.points, mv.mv.again) {
            (0, false) => String::new(),
            (points, again) => format!(
                "  [{points:+} points{}]",
                if again { ", moves again" } else { "" }
            ),
        };
        writeln!(out, "  {:<width$}  {}{extra}{mark}", mv.mv.label, mv.value)?;
    }
    crate::output::moves_left_out(&mut out, solution.counts.moves - next)?;
    let line: Vec<&str> = solution.line.iter().map(|m| m.label.as_str()).collect();
    if !(solution.skipped && line.is_empty()) {
        writeln!(out, "principal line: {}", line.join(", "))?;
    }
    Ok(())
}
