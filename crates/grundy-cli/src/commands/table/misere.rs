//! `grundy table GAME --misere`: each heap's normal value, misère value and genus, from the
//! library's misère table (`grundy::table::tabulate_misere`, and
//! `grundy::table::tabulate_misere_parts` for a game file with `components`).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::bail;
use grundy::analysis::MISERE_POSITIONS;
use grundy::catalog::Family;
use grundy::dynamic::{Datum, Kind};
use grundy::scripted::{part_moves, show_data, Rules};
use grundy::table::{tabulate_misere, tabulate_misere_parts, MisereTable, TableError};
use grundy::{Budget, SolveError};
use grundy_script::RuleFile;

use crate::output::print_json;

/// Tabulates `family` under misère play up to `to` and prints it.
pub fn run(family: &Family, to: u64, json: bool) -> anyhow::Result<ExitCode> {
    let budget = Budget::default().with_positions(MISERE_POSITIONS);
    let table = match tabulate_misere(family, to, &budget) {
        Err(TableError::TooLarge {
            to, game, limit, ..
        }) => bail!("--to {to} is too large for a misère table of {game}: at most {limit} here"),
        Err(TableError::Solve(grundy::SolveError::TooLarge { needed, .. })) => bail!(
            "--to {to} is too large for a misère table of {}: the heaps that are not tame need \
             more than {needed} sums searched (at most {MISERE_POSITIONS}); use a smaller --to",
            family.title()
        ),
        res => res?,
    };
    print(&table, json)
}

/// Loads the game file `file` with `params` as its rules, refusing what misère genera do
/// not fit: a game that is not impartial, or one without `components`.
pub(crate) fn load_with_parts(file: &str, params: &[String]) -> anyhow::Result<RuleFile> {
    let params = crate::commands::solve::file_params(params)?;
    let loaded = grundy_script::load_rules(std::path::Path::new(file), &params)?;
    if !matches!(loaded.info.kind, Kind::Impartial { .. }) {
        bail!(
            "--misere genera are for impartial games: {file} is {}",
            describe(&loaded.info.kind)
        );
    }
    if !loaded.rules.has_components() {
        bail!("--misere genera of a game file need its function components(pos), which {file} does not define: without it a position is one part, so use 'grundy solve {file} POSITION --misere' to search it");
    }
    Ok(loaded)
}

fn describe(kind: &Kind) -> &'static str {
    match kind {
        Kind::Partizan => "partizan (left and right)",
        Kind::Scoring => "a scoring game",
        Kind::WinLoss { .. } => "a game with declared wins and losses",
        Kind::Loopy { .. } => "a loopy game",
        _ => "not impartial",
    }
}

/// The parts of `pos` under `rules` (its components, canonical where the rules have it).
pub(crate) fn parts_of(rules: &dyn Rules, pos: &Datum) -> Result<Vec<Datum>, SolveError> {
    let failed = |what: &str, p: &Datum, m: String| {
        SolveError::Unsupported(format!("{what}({}) failed: {m}", show_data(p)))
    };
    let mut parts = Vec::new();
    rules
        .components(pos, &mut parts)
        .map_err(|m| failed("components", pos, m))?;
    if rules.has_canonical() {
        for p in &mut parts {
            *p = rules.canonical(p).map_err(|m| failed("canonical", p, m))?;
        }
    }
    Ok(parts)
}

/// Tabulates the game file `file` (with `params`) under misère play up to `to`: each
/// `position(n)` split by its `components`, within `max_positions` parts and sums stored.
pub fn run_file(
    file: &str,
    params: &[String],
    to: u64,
    max_positions: Option<u64>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let loaded = load_with_parts(file, params)?;
    let rules = loaded.rules.as_ref();
    if rules.position_of(&[0]).is_none() {
        bail!("{file} defines no function position: a table needs `function position(n)`, the position made from each n = 0..N");
    }
    let limit = max_positions.unwrap_or(MISERE_POSITIONS);
    let budget = Budget::default().with_positions(limit);
    let mut position = |n: u64| {
        let pos = match rules.position_of(&[n]) {
            Some(Ok(pos)) => pos,
            Some(Err(m)) => {
                return Err(SolveError::Unsupported(format!(
                    "position({n}) failed: {m}"
                )))
            }
            None => return Err(SolveError::Unsupported("no function position".into())),
        };
        parts_of(rules, &pos)
    };
    let mut moves = part_moves(rules);
    let table = tabulate_misere_parts(&loaded.info.name, to, &mut position, &mut moves, &budget);
    let table = match table {
        Err(TableError::TooLarge {
            to, game, limit, ..
        }) => {
            bail!("--to {to} is too large for a misère table of {game}: at most {limit} here")
        }
        Err(TableError::Solve(SolveError::TooLarge { needed, .. })) => bail!(
            "--to {to} is too large for a misère table of {file}: its parts and the sums searched \
             need more than {needed} positions (at most {limit}); use a smaller --to or a larger \
             --max-positions"
        ),
        Err(TableError::Solve(SolveError::Cycle)) => bail!(
            "{file}: a component reaches itself again, so it has no genus (genera are for games \
             that end)"
        ),
        res => res.map_err(|err| anyhow::anyhow!("{file}: {err}"))?,
    };
    print(&table, json)
}

fn print(table: &MisereTable, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        print_json(table)?;
    } else {
        print_text(table)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(t: &MisereTable) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "game      {} (misère play)", t.game)?;
    writeln!(out, "  heap  G(n)  G-(n)  genus       tame")?;
    for h in &t.heaps {
        let tame = if h.tame { "yes" } else { "no" };
        writeln!(
            out,
            "  {:>4}  {:>4}  {:>5}  {:<10}  {tame}",
            h.heap, h.nimber, h.misere_nimber, h.genus
        )?;
    }
    writeln!(
        out,
        "G-(n) is the misère Grundy value (0: the player to move loses); the genus g^(g0 g1 ...) \
         has gk = G-(n + k copies of *2)."
    )?;
    match t.first_wild {
        None => writeln!(
            out,
            "tame: every heap up to {}: each position they reach has a tame genus, so any sum of \
             them plays like misère Nim and is decided by the genera (Conway)",
            t.to
        )?,
        Some(n) => writeln!(
            out,
            "tame: the heaps below {n} (a sum of them is decided by the genera, Conway); heap \
             {n} is the first that is not, so sums holding one are searched ({} sums searched \
             here)",
            t.searched
        )?,
    }
    Ok(())
}
