//! `grundy analyze FILE POSITION --misere` for a game file with `components`: the position
//! decided by its parts' genera when every part is tame, searched whole otherwise
//! (`grundy::analysis::analyze_misere_parts`).

use anyhow::{bail, Context};
use grundy::analysis::{analyze_misere_parts, Analysis, PartsPosition};
use grundy::dynamic::Datum;
use grundy::scripted::{parse_position, part_moves, show_data, Rules};
use grundy::{Budget, SolveError};

use crate::commands::solve::limit;
use crate::commands::table::misere::{load_with_parts, parts_of};

/// Analyses the position `words` of the game file `file` (with `params`) under misère play,
/// storing at most `max_positions` parts and sums. The file is loaded once, as its rules:
/// the position is read and checked by them, as the game made of them would.
pub fn run(
    file: &str,
    words: &[String],
    params: &[String],
    (max_positions, json): (Option<u64>, bool),
) -> anyhow::Result<Analysis> {
    let loaded = load_with_parts(file, params)?;
    let rules = loaded.rules.as_ref();
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|&w| w != "--")
        .collect();
    let position = match (words.is_empty(), &loaded.info.start) {
        (true, Some(start)) => start.clone(),
        (true, None) => bail!("{file} has no start position: give one after the file"),
        (false, _) => parse_position(rules, &loaded.info, &words.join(" "))
            .with_context(|| format!("in {file}"))?,
    };
    let show = |p: &Datum| {
        rules
            .show(p)
            .unwrap_or_else(|_| show_data(p))
            .replace('\n', "/")
    };
    let shown = show(&position);
    let at = PartsPosition {
        game: &loaded.info.name,
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
