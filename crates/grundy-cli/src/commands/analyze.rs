//! `grundy analyze <game> [PARAM] <position>`: outcome, value, every winning move, and why;
//! sums of families and game files (`FILE.luau POSITION + nim 3 + ...`). The analysis is the
//! library's (`grundy::analysis`); this module opens the game files and renders it.

use std::collections::HashMap;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use grundy::analysis::{
    analyze_components, analyze_misere, analyze_sum, analyze_words, Analysis, AnalysisError,
    Component, Reason,
};
use grundy::dynamic::{Datum, DynGame};
use grundy::{Budget, Nimber, Outcome};
use serde::Serialize;

use grundy::analysis::partizan::Summand;

use super::solve::{is_game_file, limit, load_file, open_file, partizan};
use crate::output::print_json;

mod db;
mod misere;

/// Arguments of `grundy analyze`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Games and their parameters: see 'grundy list'. Examples:
  grundy analyze nim 3 5 7
  grundy analyze subtraction 1,3,4 -- 10 12
  grundy analyze wythoff 1618033988749894848 2618033988749894848
  grundy analyze sum nim 3 + bash 2 5 + wythoff 1 2
  grundy analyze 0.07 3 4 8 --misere   (misère Dawson's Kayles, by the heaps' genera)
  grundy analyze connect-four 5 4 at 4453 --db /tmp/c4-54   (from a 'grundy build' database)
A sum may hold game files (FILE.luau POSITION, impartial under normal play: their values
come from a search), each --param applying to every file of the sum:
  grundy analyze examples/games/subtraction.luau 10 + subtraction 1,3,4 -- 6 + nim 3")]
pub struct Args {
    /// The game, its parameter if it has one, then the position; or a sum, components
    /// separated by '+' (after the word 'sum', or with a game file among them).
    #[arg(required = true, num_args = 1..)]
    words: Vec<String>,
    /// A game file's parameter, NAME=VALUE (repeatable; for every file of a sum).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    #[arg(long, help = limit::HELP)]
    max_positions: Option<u64>,
    #[arg(long, value_name = "GIB", value_parser = crate::output::gibibytes, help = limit::MEMORY_HELP)]
    memory: Option<u64>,
    /// Answer from a tier database built by 'grundy build' (GAME... [at MOVES]): the board,
    /// every move's value and remoteness, the best moves and a principal line.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["params", "max_positions", "memory"])]
    db: Option<std::path::PathBuf>,
    /// Misère play (whoever cannot move wins), for the heaps of one heap game or a position
    /// of an impartial game file with components: decided by the heaps' (components')
    /// genera when every one is tame (Conway's theorem), else by a code's misère quotient
    /// (found within 5 s), else searched whole.
    #[arg(long, conflicts_with_all = ["db", "memory"])]
    misere: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// `grundy analyze --json`: the analysis, its reasons as data and as lines.
#[derive(Serialize)]
struct Report<'a> {
    game: &'a str,
    position: &'a str,
    outcome: Outcome,
    nimber: Option<Nimber>,
    winning_moves: &'a [String],
    complete: bool,
    /// One line per reason, as the text output writes them.
    why: Vec<String>,
    /// The reasons as data.
    reasons: &'a [Reason],
}

/// Runs `grundy analyze`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let words = &args.words;
    if let Some(dir) = &args.db {
        return db::run(words, dir, args.json);
    }
    if args.misere {
        // A game file under misère play is not a partizan sum, whatever it is.
    } else if let Some(summands) = partizan_sum(words, &args.params)? {
        let budget = Budget::default()
            .with_positions(limit::positions(args.max_positions, true))
            .with_bytes(limit::bytes(args.memory));
        let (budget, progress) = crate::output::Progress::start(args.json, "analyzing", budget);
        let names: Vec<&str> = summands.iter().map(|s| s.name.as_str()).collect();
        let mut shown = Vec::new();
        for s in &summands {
            shown.push(s.game.show(&s.position)?.replace('\n', "/"));
        }
        let res = partizan::run(
            &names.join(" + "),
            &shown.join(" + "),
            &summands,
            &budget,
            args.json,
        );
        drop(progress);
        res.map_err(|err| limit::explain(err, args.max_positions, true))?;
        return Ok(ExitCode::SUCCESS);
    }
    let analysis = if args.misere {
        misere_analysis(&args)?
    } else if words.iter().any(|word| is_game_file(word)) {
        with_files(
            words,
            &args.params,
            (args.max_positions, args.memory, args.json),
        )?
    } else if let Some(param) = args.params.first() {
        bail!("--param {param}: parameters are for game files (a FILE.luau); built-in games take theirs as words");
    } else if words[0] != "sum" && words.iter().any(|word| word == "+") {
        analyze_sum(words)?
    } else {
        analyze_words(words)?
    };
    if args.json {
        print_json(&Report {
            game: &analysis.game,
            position: &analysis.position,
            outcome: analysis.outcome,
            nimber: analysis.nimber,
            winning_moves: &analysis.winning_moves,
            complete: analysis.complete,
            why: analysis.why(),
            reasons: &analysis.reasons,
        })?;
    } else {
        print_text(&analysis)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The summands of `words` when its game files are partizan (`FILE.luau [POSITION]`, '+'
/// between them) or it names built-in partizan games (`domineering 4 6`); `None` when none
/// is. A partizan file summed with anything else is
/// refused: an impartial game's nimber and a partizan form add only as forms, which the
/// impartial sums do not compute.
fn partizan_sum(words: &[String], params: &[String]) -> anyhow::Result<Option<Vec<Summand>>> {
    let words = words.strip_prefix(&["sum".to_string()]).unwrap_or(words);
    let mut loaded: HashMap<&str, Arc<dyn DynGame>> = HashMap::new();
    let mut summands = Vec::new();
    let mut other = None;
    for chunk in words.split(|word| word == "+") {
        let Some((first, rest)) = chunk.split_first() else {
            return Err(AnalysisError::EmptyComponent.into());
        };
        if !is_game_file(first) {
            // A built-in partizan game (domineering) sums as a file's positions do.
            match grundy::catalog::open(chunk) {
                Ok((game, position)) if game.partizan().is_some() => summands.push(Summand {
                    name: game.name(),
                    game,
                    position,
                }),
                _ => other = Some(first.clone()),
            }
            continue;
        }
        let game = match loaded.get(first.as_str()) {
            Some(game) => Arc::clone(game),
            None => {
                let game = load_file(first, params, grundy::Play::Normal)?;
                loaded.insert(first, Arc::clone(&game));
                game
            }
        };
        if game.partizan().is_none() {
            other = Some(first.clone());
            continue;
        }
        let position = position_in(&*game, first, rest)?;
        summands.push(Summand {
            name: first.clone(),
            game,
            position,
        });
    }
    match (summands.is_empty(), other) {
        (true, _) => Ok(None),
        (false, None) => Ok(Some(summands)),
        (false, Some(word)) => bail!(
            "{word} is not a partizan game: a sum of partizan games (left and right) \
             takes partizan game files and built-in partizan games (domineering) only"
        ),
    }
}

/// The position `words` write in `game` (the file `file`), its start when there are none.
fn position_in(game: &dyn DynGame, file: &str, words: &[String]) -> anyhow::Result<Datum> {
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|&w| w != "--")
        .collect();
    match (words.is_empty(), game.start()) {
        (true, Some(start)) => Ok(start),
        (true, None) => bail!("{file} has no start position: give one after the file"),
        (false, _) => Ok(game
            .parse(&words.join(" "))
            .with_context(|| format!("in {file}"))?),
    }
}

/// Analyses a sum that holds game files: each `FILE.luau [POSITION]` (its start without
/// one) loaded with `params` (once per file), each other component a family's words; a
/// progress line unless `json`.
/// `grundy analyze ... --misere`: one game file's position by its components' genera, or
/// the heaps of a heap game.
fn misere_analysis(args: &Args) -> anyhow::Result<Analysis> {
    let words = &args.words;
    match words.iter().position(|word| is_game_file(word)) {
        Some(0) if !words.iter().any(|w| w == "+") => {
            let limits = (args.max_positions, args.json);
            misere::run(&words[0], &words[1..], &args.params, limits)
        }
        Some(_) => bail!("--misere analyses one game file's position (FILE POSITION) or the heaps of a heap game (0.77 3 5), not a sum of several games"),
        None => {
            if let Some(param) = args.params.first() {
                bail!("--param {param}: parameters are for game files (a FILE.luau); built-in games take theirs as words");
            }
            if args.max_positions.is_some() {
                bail!("--max-positions is for a game file's misère analysis (a heap game's is bounded by its heaps)");
            }
            Ok(analyze_misere(words)?)
        }
    }
}

fn with_files(
    words: &[String],
    params: &[String],
    (given, memory, json): (Option<u64>, Option<u64>, bool),
) -> anyhow::Result<Analysis> {
    let words = words.strip_prefix(&["sum".to_string()]).unwrap_or(words);
    let mut loaded: HashMap<&str, Arc<dyn DynGame>> = HashMap::new();
    let mut components = Vec::new();
    for chunk in words.split(|word| word == "+") {
        let Some((first, rest)) = chunk.split_first() else {
            return Err(AnalysisError::EmptyComponent.into());
        };
        if !is_game_file(first) {
            components.push(Component::Family(chunk.to_vec()));
            continue;
        }
        let (game, position) = open_file(first, rest, params, grundy::Play::Normal)?;
        let game = loaded.entry(first).or_insert(game);
        components.push(Component::Game {
            name: first.clone(),
            game: Arc::clone(game),
            position,
        });
    }
    let budget = Budget::default()
        .with_positions(limit::positions(given, true))
        .with_bytes(limit::bytes(memory));
    let (budget, progress) = crate::output::Progress::start(json, "analyzing", budget);
    let analysis = analyze_components(&components, &budget);
    drop(progress);
    match analysis {
        Ok(analysis) => Ok(analysis),
        Err(AnalysisError::Game { game, source }) => {
            Err(limit::explain(source.into(), given, true).context(format!("in {game}")))
        }
        Err(err) => Err(err.into()),
    }
}

fn print_text(a: &Analysis) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "game      {}", a.game)?;
    writeln!(out, "position  {}", a.position)?;
    let who = match a.outcome {
        Outcome::Win => "the player to move wins",
        Outcome::Loss => "the player to move loses",
        Outcome::Draw => "neither player can force a win",
    };
    writeln!(out, "outcome   {} ({who})", a.outcome)?;
    if let Some(nimber) = a.nimber {
        writeln!(out, "value     {nimber}")?;
    }
    let count = if a.complete {
        a.winning_moves.len().to_string()
    } else {
        format!("{} shown (not an exhaustive list)", a.winning_moves.len())
    };
    writeln!(out, "winning moves: {count}")?;
    for mv in &a.winning_moves {
        writeln!(out, "  {mv}")?;
    }
    for reason in &a.reasons {
        writeln!(out, "why: {reason}")?;
    }
    Ok(())
}
