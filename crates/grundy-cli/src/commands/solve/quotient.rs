//! `grundy solve CODE H1 H2 ... --misere` answered by the code's misère quotient (Plambeck
//! and Siegel 2008) for heaps up to the largest, when the library's `quotient_for` finds it
//! (within `grundy::analysis::QUOTIENT_TIME`): the product of the heaps' elements, then
//! whether it lies in the P-portion, in time linear in the number of heaps; the winning
//! moves come out the same way, and the library's reasons (`quotient_reasons`) explain it.
//! When it is not found in time (or past its limits), a note says so on stderr and the sum
//! is searched.

use std::io::Write;

use grundy::analysis::{heaps_after, quotient_for, quotient_reasons, Reason};
use grundy::misere::quotient::{Quotient, MAX_HEAP};
use grundy::octal::TakeAndBreak;
use grundy::{Budget, Outcome};
use serde::Serialize;

use crate::output::print_json;

#[derive(Serialize)]
struct Report {
    game: String,
    play: &'static str,
    position: Vec<usize>,
    outcome: Outcome,
    quotient: QuotientReport,
    winning_moves: Vec<MoveReport>,
    /// Why, as `grundy analyze --json` writes its reasons.
    reasons: Vec<Reason>,
}

#[derive(Serialize)]
struct QuotientReport {
    max_heap: usize,
    order: usize,
    /// The product of the heaps' elements.
    element: String,
    p_portion: Vec<String>,
}

#[derive(Serialize)]
struct MoveReport {
    heap: usize,
    leaves: Vec<usize>,
    /// The heaps after the move, in the order given.
    to: Vec<usize>,
}

/// The code and heaps of `words` (a code, or kayles / dawsons-kayles, then heap sizes), if
/// they name a sum of heaps no larger than the quotient's `MAX_HEAP`.
fn sum_of_heaps(words: &[String]) -> Option<(TakeAndBreak, Vec<usize>)> {
    let code: TakeAndBreak = match words.first()?.as_str() {
        "kayles" => "0.77".parse().ok()?,
        "dawsons-kayles" => "0.07".parse().ok()?,
        word => word.parse().ok()?,
    };
    let heaps: Vec<usize> = words[1..]
        .iter()
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    let largest = *heaps.iter().max()?;
    (1..=MAX_HEAP).contains(&largest).then_some((code, heaps))
}

/// Answers the sum by the quotient and prints it; false when the words are not a sum of
/// heaps of a code or the quotient is not found in time or within its limits (the search
/// answers then).
pub fn answer(words: &[String], json: bool) -> anyhow::Result<bool> {
    let Some((code, heaps)) = sum_of_heaps(words) else {
        return Ok(false);
    };
    let largest = heaps.iter().copied().max().unwrap_or(1);
    let q = match quotient_for(&code, largest, &Budget::default()) {
        Ok(q) => q,
        Err(err) => {
            eprintln!("note: no misère quotient answers this sum ({err}); searching it whole");
            return Ok(false);
        }
    };
    let (Some(outcome), Some(element), Some(moves), Some(reasons)) = (
        q.outcome_of(&heaps),
        q.element(&heaps),
        q.winning_moves(&heaps),
        quotient_reasons(&q, &heaps),
    ) else {
        return Ok(false);
    };
    let report = Report {
        game: code.to_string(),
        play: "misere",
        position: heaps.clone(),
        outcome,
        quotient: quotient_report(&q, element),
        winning_moves: moves
            .iter()
            .map(|mv| MoveReport {
                heap: mv.heap,
                leaves: mv.leaves.clone(),
                to: heaps_after(&heaps, mv),
            })
            .collect(),
        reasons,
    };
    if json {
        print_json(&report)?;
    } else {
        print_text(&report)?;
    }
    Ok(true)
}

fn quotient_report(q: &Quotient, element: usize) -> QuotientReport {
    QuotientReport {
        max_heap: q.max_heap(),
        order: q.order(),
        element: q.name(element).to_string(),
        p_portion: q
            .p_portion()
            .iter()
            .map(|&x| q.name(x).to_string())
            .collect(),
    }
}

fn words(heaps: &[usize]) -> String {
    if heaps.is_empty() {
        return "(no heap)".into();
    }
    heaps
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn print_text(r: &Report) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "game      {} (misère play)", r.game)?;
    writeln!(out, "position  {}", words(&r.position))?;
    let who = match r.outcome {
        Outcome::Loss => "the player to move loses",
        _ => "the player to move wins",
    };
    writeln!(out, "outcome   {} ({who})", r.outcome)?;
    for reason in &r.reasons {
        writeln!(out, "why: {reason}")?;
    }
    writeln!(
        out,
        "quotient  'grundy quotient {} --max-heap {}' shows it",
        r.game, r.quotient.max_heap
    )?;
    writeln!(out, "winning moves: {}", r.winning_moves.len())?;
    for mv in &r.winning_moves {
        let leaves = if mv.leaves.is_empty() {
            "nothing".to_string()
        } else {
            mv.leaves
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        };
        writeln!(
            out,
            "  {} -> {}   (a heap of {} -> {leaves})",
            words(&r.position),
            words(&mv.to),
            mv.heap
        )?;
    }
    Ok(())
}
