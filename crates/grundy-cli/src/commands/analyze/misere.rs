//! `grundy analyze FILE POSITION --misere` for a game file with `components`: the position
//! decided by its parts' genera when every part is tame, searched whole otherwise
//! (`grundy::analysis::analyze_misere_parts`).

use anyhow::Context;
use grundy::analysis::{analyze_misere_parts, Analysis, PartsPosition};
use grundy::dynamic::Datum;
use grundy::scripted::{part_moves, show_data, Rules};
use grundy::{Budget, SolveError};

use crate::commands::solve::{limit, open_file};
use crate::commands::table::misere::{load_with_parts, parts_of};

/// Analyses the position `words` of the game file `file` (with `params`) under misère play,
/// storing at most `max_positions` parts and sums.
pub fn run(
    file: &str,
    words: &[String],
    params: &[String],
    (max_positions, json): (Option<u64>, bool),
) -> anyhow::Result<Analysis> {
    let loaded = load_with_parts(file, params)?;
    let (game, position) = open_file(file, words, params, grundy::Play::Misere)?;
    let rules = loaded.rules.as_ref();
    let shown = game.show(&position)?.replace('\n', "/");
    let show = |p: &Datum| {
        rules
            .show(p)
            .unwrap_or_else(|_| show_data(p))
            .replace('\n', "/")
    };
    let at = PartsPosition {
        game: &game.name(),
        position: &shown,
        parts: parts_of(rules, &position).with_context(|| format!("in {file}"))?,
        moves: named_moves(rules, &position, &show).with_context(|| format!("in {file}"))?,
    };
    let budget = Budget::default().with_positions(limit::positions(max_positions, true));
    let (budget, progress) = crate::output::Progress::start(json, "analyzing", budget);
    let mut moves = part_moves(rules);
    let analysis = analyze_misere_parts(&at, &mut moves, &show, &budget);
    drop(progress);
    analysis.map_err(|err| match err {
        grundy::analysis::AnalysisError::Solve(SolveError::Cycle) => anyhow::anyhow!(
            "{file}: a component reaches itself again, so it has no genus (genera are for games \
             that end)"
        ),
        grundy::analysis::AnalysisError::Solve(err) => {
            limit::explain(err.into(), max_positions, true).context(format!("in {file}"))
        }
        err => anyhow::Error::from(err).context(format!("in {file}")),
    })
}

/// Each move from `pos`, named by its label (else the position it leads to), with the
/// parts it leaves.
fn named_moves(
    rules: &dyn Rules,
    pos: &Datum,
    show: &dyn Fn(&Datum) -> String,
) -> Result<Vec<(String, Vec<Datum>)>, SolveError> {
    let mut listed = Vec::new();
    rules
        .moves(pos, true, &mut listed)
        .map_err(|m| SolveError::Unsupported(format!("moves({}) failed: {m}", show_data(pos))))?;
    let mut out = Vec::with_capacity(listed.len());
    for mv in listed {
        let name = mv.label.clone().unwrap_or_else(|| show(&mv.to));
        out.push((name, parts_of(rules, &mv.to)?));
    }
    Ok(out)
}
