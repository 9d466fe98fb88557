//! Sums of heaps under misère play, decided by the heaps' genera where every heap is tame
//! (Conway's theorem, [`crate::misere::genus`]); otherwise, for a take-and-break code, by
//! its misère quotient up to the largest heap ([`crate::misere::quotient`]) when that is
//! found within the quotient module's `QUOTIENT_TIME`, and by a search of the sum when it
//! is not.

use std::collections::{HashSet, VecDeque};
use std::time::Duration;

use super::error::AnalysisError;
use super::found::{Analysis, Found};
use super::nim;
use super::quotient::{quotient_in, quotient_reasons, MISERE_POSITIONS, QUOTIENT_TIME};
use super::reason::{GenusOf, Reason};
use crate::catalog::{numbers, parse_family, Family};
use crate::limits::Budget;
use crate::misere::genus::{family_moves, Genera};
use crate::misere::quotient::QuotientError;
use crate::octal::TakeAndBreak;
use crate::value::Outcome;

/// The largest heap whose genus an analysis computes (heap by heap, from 0).
pub const MISERE_HEAP_CAP: u64 = 10_000;

/// Analyses `words` (a heap game, its parameter and heaps: `0.77 3 5 7`) under misère play.
///
/// Nim (or `misere-nim`) has Bouton's rule. For the other heap games every heap's genus is
/// computed; when every heap is tame (each position it reaches has a tame genus), the sum's
/// genus, hence its outcome, follows from theirs by Conway's theorem, without a search.
/// Otherwise a code's misère quotient for heaps up to the largest answers (the product of
/// the heaps' elements, in the P-portion or not) if it is found within the quotient's
/// time (5 s),
/// and else the sum is searched whole. The winning moves are the moves to a P-position,
/// each found the same way.
///
/// # Errors
///
/// [`AnalysisError::MisereNotHeaps`] for a game that is not a heap game (or a sum of
/// several games); [`AnalysisError::MisereHeap`] past [`MISERE_HEAP_CAP`]; the family's and
/// position's errors as `analyze_words` gives them; [`AnalysisError::Solve`] past the search's
/// positions.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{analyze_misere, Reason};
/// use grundy::Outcome;
/// let words = ["0.77", "1", "2", "3"].map(String::from);
/// let analysis = analyze_misere(&words).unwrap();
/// assert_eq!(analysis.outcome, Outcome::Loss);
/// assert!(matches!(analysis.reasons[0], Reason::TameGenera { .. }));
/// assert_eq!(analysis.why()[0], "every heap is tame (each position it reaches has a tame genus): 1: 1^031, 2: 2^20, 3: 3^31; the sum's genus is 0^02");
/// ```
pub fn analyze_misere(words: &[String]) -> Result<Analysis, AnalysisError> {
    if words.first().is_some_and(|w| w == "sum") || words.iter().any(|w| w == "+") {
        return Err(AnalysisError::MisereNotHeaps {
            game: "a sum of several games".into(),
        });
    }
    let mut queue: VecDeque<String> = words.iter().cloned().collect();
    let family = parse_family(&mut queue)?;
    let position: Vec<String> = queue.into();
    let game = family.title();
    let heaps = numbers(&position, "a heap size")?;
    if heaps.is_empty() {
        return Err(AnalysisError::Position {
            game,
            expected: "at least one heap size",
        });
    }
    let found = match family {
        Family::Nim | Family::MisereNim => nim::misere(&heaps),
        _ => by_genera(&family, &heaps, QUOTIENT_TIME)?,
    };
    Ok(Analysis {
        game: match family {
            Family::Nim => "misere-nim".into(),
            _ => game,
        },
        position: position.join(" "),
        outcome: found.outcome,
        nimber: None,
        winning_moves: found.winning_moves,
        complete: found.complete,
        reasons: found.reasons,
    })
}

/// The analysis of `heaps` of a heap game by their genera, or by the quotient (waiting at
/// most `time` for it), or by a search of the sum.
pub(super) fn by_genera(
    family: &Family,
    heaps: &[u64],
    time: Duration,
) -> Result<Found<'static>, AnalysisError> {
    let game = family.title();
    let (Some(moves), Some(listed)) = (family_moves(family), family_moves(family)) else {
        return Err(AnalysisError::MisereNotHeaps { game });
    };
    if let Some(&heap) = heaps.iter().find(|&&h| h > MISERE_HEAP_CAP) {
        return Err(AnalysisError::MisereHeap {
            heap,
            cap: MISERE_HEAP_CAP,
        });
    }
    let budget = Budget::default().with_positions(MISERE_POSITIONS);
    let mut genera = Genera::new(moves, budget);
    genera.extend_to(heaps.iter().copied().max().unwrap_or(0))?;
    let mut missed = None;
    if let Family::Code(code) = family {
        if !heaps.iter().all(|&h| genera.heaps()[h as usize].tame) {
            match by_quotient(code, heaps, time) {
                Ok(found) => return Ok(found),
                Err(err) => {
                    missed = Some(Reason::QuotientNotFound {
                        why: err.to_string(),
                    })
                }
            }
        }
    }
    let sum = genera.sum(heaps)?;
    let of = |genera: &Genera<_>, heap: u64| GenusOf {
        heap,
        part: None,
        genus: genera.heaps()[heap as usize].genus.to_string(),
    };
    let first = if sum.tame {
        Reason::TameGenera {
            heaps: heaps.iter().map(|&h| of(&genera, h)).collect(),
            sum: sum.genus.to_string(),
        }
    } else {
        let wild = heaps.iter().filter(|&&h| !genera.heaps()[h as usize].tame);
        Reason::MisereSearched {
            wild: wild.map(|&h| of(&genera, h)).collect(),
            sum: sum.genus.to_string(),
            searched: genera.searched(),
        }
    };
    let second = if sum.tame {
        Reason::ConwayTame
    } else {
        Reason::MisereValue
    };
    let mut winning_moves = Vec::new();
    let mut seen = HashSet::new();
    for (i, &heap) in heaps.iter().enumerate() {
        if !seen.insert(heap) {
            continue; // the same moves as an equal heap before
        }
        let mut options = Vec::new();
        listed(heap, &mut |parts| options.push(parts.to_vec()));
        for parts in options {
            let mut next = heaps.to_vec();
            next.remove(i);
            next.extend_from_slice(&parts);
            if genera.sum(&next)?.genus.misere() == 0 {
                let to = match parts.as_slice() {
                    [] => "0".to_string(),
                    _ => parts
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" + "),
                };
                winning_moves.push(format!("heap {}: {heap} -> {to}", i + 1));
            }
        }
    }
    Ok(Found {
        outcome: if sum.genus.misere() == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        },
        value: None,
        winning_moves,
        complete: true,
        reasons: missed.into_iter().chain([first, second]).collect(),
    })
}

/// The analysis of `heaps` of `code` by its misère quotient for heaps up to the largest
/// computed within `time`: the outcome from the product of the heaps' elements, each
/// winning move a move after which the product lies in the P-portion, the reasons
/// `quotient_reasons`'.
pub(super) fn by_quotient(
    code: &TakeAndBreak,
    heaps: &[u64],
    time: Duration,
) -> Result<Found<'static>, QuotientError> {
    let sizes: Vec<usize> = heaps
        .iter()
        .map(|&h| usize::try_from(h).unwrap_or(usize::MAX))
        .collect();
    let largest = sizes.iter().copied().max().unwrap_or(0);
    let q = quotient_in(code, largest, time, &Budget::default())?;
    let bound = QuotientError::HeapTooLarge {
        heap: largest,
        max: q.max_heap(),
    };
    let (Some(product), Some(moves), Some(reasons)) = (
        q.element(&sizes),
        q.winning_moves(&sizes),
        quotient_reasons(&q, &sizes),
    ) else {
        return Err(bound);
    };
    let winning_moves = moves
        .iter()
        .map(|mv| {
            let at = sizes.iter().position(|&h| h == mv.heap).unwrap_or(0);
            let to = match mv.leaves.as_slice() {
                [] => "0".to_string(),
                parts => parts
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(" + "),
            };
            format!("heap {}: {} -> {to}", at + 1, mv.heap)
        })
        .collect();
    Ok(Found {
        outcome: if q.is_p(product) {
            Outcome::Loss
        } else {
            Outcome::Win
        },
        value: None,
        winning_moves,
        complete: true,
        reasons,
    })
}
