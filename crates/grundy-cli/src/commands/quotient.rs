//! `grundy quotient CODE --max-heap N`: the misère quotient of a take-and-break code for
//! heaps up to N (Plambeck and Siegel 2008), as MisereSolver reports it: order, generators
//! and relations, the P-portion, the pretending function and, when small, the
//! multiplication table. Each heap bound's order is reported on a terminal as it is found.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

use grundy::misere::quotient::{grow, Limits, Quotient};
use grundy::octal::TakeAndBreak;
use serde::Serialize;

use crate::output::{ctrl_c, print_json};

/// The largest order whose multiplication table the text prints.
const TABLE_UP_TO: usize = 24;

/// Arguments of `grundy quotient`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The code: `0.07` (Dawson's Kayles), `0.77` (Kayles), `0.75`, hexadecimal `0.F`.
    code: String,
    /// The heap bound: the quotient of every sum of heaps of sizes 1 to N.
    #[arg(long, value_name = "N", default_value_t = 12,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    max_heap: u64,
    /// Refuse a quotient with more than M elements.
    #[arg(long, value_name = "M", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(2..=1 << 16))]
    max_order: u64,
    /// Print JSON: order, p_portion, elements, generators, relations, pretending, orders by
    /// heap bound and the multiplication table.
    #[arg(long)]
    json: bool,
}

/// A generator: its name and the heap it is the element of.
#[derive(Serialize)]
pub struct Generator {
    name: String,
    heap: usize,
}

/// A quotient as `--json` writes it (and the web server's `/api/quotient`).
#[derive(Serialize)]
pub struct Report {
    code: String,
    max_heap: usize,
    order: usize,
    /// The elements of the P-portion, by name.
    p_portion: Vec<String>,
    /// Every element by name; element i is row and column i of `table`.
    elements: Vec<String>,
    generators: Vec<Generator>,
    relations: Vec<String>,
    /// The element of heaps 1, 2, ..., max_heap.
    pretending: Vec<String>,
    /// The order for heap bounds 1, 2, ..., max_heap.
    orders: Vec<usize>,
    /// The products: `table[i][j]` is the element numbered i times the one numbered j.
    table: Vec<Vec<usize>>,
}

/// `q`'s report, with the orders of the quotients for heap bounds 1, 2, ... found on the way.
pub fn report(q: &Quotient, orders: Vec<usize>) -> Report {
    let order = q.order();
    Report {
        code: q.code().to_string(),
        max_heap: q.max_heap(),
        order,
        p_portion: q
            .p_portion()
            .iter()
            .map(|&x| q.name(x).to_string())
            .collect(),
        elements: (0..order).map(|x| q.name(x).to_string()).collect(),
        generators: q
            .generators()
            .iter()
            .map(|&heap| Generator {
                name: q.name(q.element_of_heap(heap).unwrap_or(0)).to_string(),
                heap,
            })
            .collect(),
        relations: q.relations(),
        pretending: (1..=q.max_heap())
            .map(|h| q.name(q.element_of_heap(h).unwrap_or(0)).to_string())
            .collect(),
        orders,
        table: (0..order)
            .map(|x| (0..order).map(|y| q.product(x, y)).collect())
            .collect(),
    }
}

/// Runs `grundy quotient`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let code: TakeAndBreak = args.code.parse()?;
    let limits = Limits::new(args.max_heap as usize).with_max_order(args.max_order as usize);
    let cancel = ctrl_c();
    let stop = move || cancel.load(Ordering::Relaxed);
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut orders = Vec::new();
    let q = grow(&code, &limits, &stop, &mut |q| {
        orders.push(q.order());
        if terminal {
            eprintln!(
                "heaps up to {}: order {}, {} in the P-portion ({:.1} s)",
                q.max_heap(),
                q.order(),
                q.p_portion().len(),
                started.elapsed().as_secs_f64()
            );
        }
    })?;
    let report = report(&q, orders);
    if args.json {
        print_json(&report)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = std::io::stdout().lock();
    write_text(&mut out, &report)?;
    Ok(ExitCode::SUCCESS)
}

fn write_text(out: &mut impl Write, r: &Report) -> std::io::Result<()> {
    writeln!(
        out,
        "misère quotient of {}, heaps 1 to {}",
        r.code, r.max_heap
    )?;
    writeln!(out, "order: {}", r.order)?;
    writeln!(out, "P-portion: {{{}}}", r.p_portion.join(", "))?;
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    writeln!(
        out,
        "generators: {}",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    )?;
    writeln!(out, "relations:")?;
    for relation in &r.relations {
        writeln!(out, "  {relation}")?;
    }
    writeln!(out, "pretending function (heap: element):")?;
    for (chunk, names) in r.pretending.chunks(10).enumerate() {
        let line: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| format!("{}: {name}", chunk * 10 + i + 1))
            .collect();
        writeln!(out, "  {}", line.join("  "))?;
    }
    let orders: Vec<String> = r.orders.iter().map(usize::to_string).collect();
    writeln!(
        out,
        "order by heap bound 1..{}: {}",
        r.max_heap,
        orders.join(" ")
    )?;
    // The bound at which the order last changed (bound k is index k - 1).
    let changed = r
        .orders
        .iter()
        .rposition(|&o| o != r.order)
        .map_or(1, |i| i + 2);
    if changed < r.max_heap {
        writeln!(
            out,
            "(the order has not changed since heap bound {changed})"
        )?;
    }
    if r.order <= TABLE_UP_TO {
        writeln!(out, "multiplication table:")?;
        let width = r.elements.iter().map(String::len).max().unwrap_or(1);
        write!(out, "  {:>width$} |", "")?;
        for name in &r.elements {
            write!(out, " {name:>width$}")?;
        }
        writeln!(out)?;
        for (x, row) in r.table.iter().enumerate() {
            write!(out, "  {:>width$} |", r.elements[x])?;
            for &y in row {
                write!(out, " {:>width$}", r.elements[y])?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}
