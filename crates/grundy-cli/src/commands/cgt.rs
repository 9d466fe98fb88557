//! `grundy cgt EXPR`: a calculator of short partizan games in CGSuite's plain-text notation.
//!
//! Prints the canonical form as CGSuite prints it, or `true`/`false` for a comparison;
//! `--json` adds the form in explicit braces, the outcome class, stops, mean, temperature
//! and atomic weight (CGSuite's, null where CGSuite refuses one), the options, and the
//! thermograph's walls; `--options` prints the options after the value; `--plot FILE`
//! draws the thermograph (SVG: the library's drawing, as the web page shows it). A
//! bad expression is reported with its column (and a caret under it), exit 2. Loopy games
//! (`on`, `off`, `over`, `under`, `upon`, `dud`, `pass`, node labels) go to `cgt/loopy.rs`.

mod loopy;
mod plot;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::anyhow;
use grundy::cgt::{Arena, Evaluation, GameId, Report};
use serde::Serialize;

use crate::output::print_json;

/// Arguments of `grundy cgt`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The expression, e.g. '{2|0||-1} + ^*', '^ + ^ == {0|^*}', '{2|-1}.Cool(1)' or
    /// '1:-1' (an ordinal sum); the methods: Tiny, Miny, Cool(t), Heat(t), Overheat(s, t),
    /// NortonMultiply(U), OrdinalSum(H), Pow(n), PowTo(n), Birthday, Mean, Temperature,
    /// LeftStop, RightStop, AtomicWeight, ReducedCanonicalForm; the functions Tiny(G) and
    /// Miny(G); up-nth powers ^<n>, ^[n] (several words are joined by spaces); loopy games:
    /// on, off, over, under, upon, dud, pass and node labels ('a{0|a} == over', 'on + off').
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true, value_name = "EXPR")]
    expression: Vec<String>,
    /// Print JSON: the canonical form in explicit braces, outcome class, stops, mean,
    /// temperature and atomic weight.
    #[arg(long)]
    json: bool,
    /// Print the game's Left and Right options after its value (a number's too: '{0|1}'
    /// prints 1/2, then its options 0 and 1).
    #[arg(long)]
    options: bool,
    /// Draw the game's thermograph into FILE (.svg or .png): the left wall blue, the right
    /// wall red, the mast black, temperature upwards and Left's values to the left.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
}

/// What `--json` prints for a game: the expression and the library's report of its value.
#[derive(Serialize)]
struct GameReport {
    expression: String,
    #[serde(flatten)]
    report: Report,
}

/// What `--json` prints for a comparison.
#[derive(Serialize)]
struct ComparisonReport {
    expression: String,
    comparison: bool,
}

/// Runs `grundy cgt`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // An expression may start with `-`, so its words take hyphens; `--json` and `--plot
    // FILE` among them are still the options (`grundy cgt -1 + ^ --json`).
    let mut json = args.json;
    let mut options = args.options;
    let mut plot = args.plot;
    let mut words: Vec<&str> = Vec::new();
    let mut rest = args.expression.iter();
    while let Some(word) = rest.next() {
        match word.as_str() {
            "--json" => json = true,
            "--options" => options = true,
            "--plot" => {
                let path = rest
                    .next()
                    .ok_or_else(|| anyhow!("--plot needs a file name (.svg or .png)"))?;
                plot = Some(PathBuf::from(path));
            }
            _ => words.push(word),
        }
    }
    let expression = words.join(" ");
    // Loopy games (`on`, `over`, `pass`, `a{0|a}`, ...) are read as graphs.
    if grundy::cgt::loopy::mentions_loopy(&expression) {
        return loopy::run(expression, json, plot.is_some());
    }
    let mut arena = Arena::new();
    let evaluation = arena.evaluate(&expression).map_err(|err| {
        let caret = " ".repeat(err.column.saturating_sub(1));
        anyhow!("{err}\n  {expression}\n  {caret}^")
    })?;
    if let Some(path) = &plot {
        let Evaluation::Game(g) = evaluation else {
            anyhow::bail!("--plot draws a game's thermograph, and a comparison is not a game");
        };
        let thermograph = arena.thermograph(g)?;
        plot::plot(path, &thermograph)?;
    }
    match (evaluation, json) {
        (Evaluation::Comparison(truth), false) => println!("{truth}"),
        (Evaluation::Comparison(comparison), true) => print_json(&ComparisonReport {
            expression,
            comparison,
        })?,
        (Evaluation::Game(g), false) => {
            println!("{}", arena.display(g));
            if options {
                let (left, right) = options_of(&mut arena, g);
                println!("Left options: {}", shown_list(&left));
                println!("Right options: {}", shown_list(&right));
            }
        }
        (Evaluation::Game(g), true) => print_json(&report(&mut arena, g, expression)?)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The canonical form's options, each as CGSuite writes it.
fn options_of(arena: &mut Arena, g: GameId) -> (Vec<String>, Vec<String>) {
    let (left, right) = (arena.left_options(g), arena.right_options(g));
    let show =
        |arena: &mut Arena, ids: Vec<GameId>| ids.into_iter().map(|o| arena.display(o)).collect();
    (show(arena, left), show(arena, right))
}

/// Options in a line, `(none)` for none.
fn shown_list(options: &[String]) -> String {
    if options.is_empty() {
        "(none)".to_string()
    } else {
        options.join(", ")
    }
}

fn report(arena: &mut Arena, g: GameId, expression: String) -> anyhow::Result<GameReport> {
    Ok(GameReport {
        expression,
        report: arena.report(g)?,
    })
}
