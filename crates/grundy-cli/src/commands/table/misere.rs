//! `grundy table GAME --misere`: each heap's normal value, misère value and genus, from the
//! library's misère table (`grundy::table::tabulate_misere`).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::bail;
use grundy::catalog::Family;
use grundy::table::{tabulate_misere, MisereTable, TableError, MISERE_POSITIONS};
use grundy::Budget;

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
    if json {
        print_json(&table)?;
    } else {
        print_text(&table)?;
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
