//! Sums by Sprague-Grundy: each component's nimber (a family's closed form or table, or any
//! [`DynGame`]'s search, e.g. a game file's), their XOR, and the winning moves of the sum:
//! the moves of a component of value `v` to a position of value `v ^ total`. Where
//! `v ^ total < v` such a move exists (the mex rule); where `v ^ total > v` one may too (a
//! Bash heap of value 0 has options of every value up to K), so each component lists its
//! moves by the value they lead to: a family's from its closed form or table
//! (`moves::Valued`), a game's from its search. Only impartial games under normal play have
//! nimbers that add up this way, so every other kind of component is refused with the
//! reason.

use std::collections::VecDeque;
use std::sync::Arc;

use super::error::AnalysisError;
use super::family::analyze_valued;
use super::found::{outcome_of, Analysis};
use super::reason::{Reason, SumComponent};
use super::valued::Valued;
use crate::catalog::{parse_family, Family};
use crate::dynamic::{Datum, DynGame};
use crate::limits::Budget;
use crate::value::Nimber;

pub use super::reason::SumMove;

/// One component of a sum to analyse.
///
/// # Examples
///
/// ```
/// use grundy::analysis::Component;
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// let family = Component::Family(vec!["bash".into(), "2".into(), "5".into()]);
/// let game = Component::Game { name: "nim".into(), game: builtin::nim(), position: Datum::ints([3]) };
/// assert!(matches!(game, Component::Game { .. }) && matches!(family, Component::Family(_)));
/// ```
#[derive(Clone)]
pub enum Component {
    /// A built-in family's words, `GAME [PARAM] POSITION` (`bash 2 5`): analysed by its
    /// closed form or table, as [`super::family::analyze`] does.
    Family(Vec<String>),
    /// Any game behind the front door (a game file, a built-in game) and its position:
    /// searched by [`DynGame::solve`], its moves named by their labels.
    Game {
        /// How the analysis names the component (a game file's path as typed).
        name: String,
        /// The game; its kind must be impartial under normal play.
        game: Arc<dyn DynGame>,
        /// The component's position.
        position: Datum,
    },
}

/// Analyses a sum: `words` are components separated by `+`, each `GAME [PARAM] POSITION`.
///
/// # Errors
///
/// [`AnalysisError::EmptyComponent`] for an empty component, [`AnalysisError::NoNimber`]
/// for one without a Grundy value (misère Nim), and any component's own error.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{analyze_sum, Reason};
/// use grundy::{Nimber, Outcome};
/// let words: Vec<String> = "nim 1 + nim 1".split(' ').map(String::from).collect();
/// let analysis = analyze_sum(&words).unwrap();
/// assert_eq!(analysis.outcome, Outcome::Loss);
/// assert_eq!(analysis.reasons[1], Reason::SumXor { total: Nimber(0) });
/// ```
pub fn analyze_sum(words: &[String]) -> Result<Analysis, AnalysisError> {
    let mut components = Vec::new();
    for chunk in words.split(|w| w == "+") {
        if chunk.is_empty() {
            return Err(AnalysisError::EmptyComponent);
        }
        components.push(Component::Family(chunk.to_vec()));
    }
    analyze_components(&components, &Budget::default())
}

/// Analyses the sum of `components` (one component alone is a sum too), searching each
/// [`Component::Game`] within `budget`.
///
/// The reasons are [`Reason::SumComponents`] (each component's nimber) and
/// [`Reason::SumXor`]; when a component is a game and the sum is a win,
/// [`Reason::SumMoves`] too: for each component with a winning move, its value before and
/// after, and the labels of its moves there. Every winning move is listed, in every
/// component (also those that raise a component's value), except the splits of Lasker's
/// Nim heaps too large to enumerate: then `complete` is false and [`Reason::PartialMoves`]
/// says so.
///
/// # Errors
///
/// [`AnalysisError::EmptyComponent`] when there is no component;
/// [`AnalysisError::NotSummable`] for a game that is not impartial under normal play
/// (misère, partizan, scoring, loopy); [`AnalysisError::Game`] when its search fails (a bad
/// position, the rules fail, the budget is exceeded); a family's own errors.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{analyze_components, Component};
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Nimber};
/// let parts = [
///     Component::Game { name: "nim".into(), game: builtin::nim(), position: Datum::ints([3]) },
///     Component::Family(vec!["bash".into(), "2".into(), "5".into()]),
/// ];
/// let analysis = analyze_components(&parts, &Budget::default()).unwrap();
/// assert_eq!(analysis.nimber, Some(Nimber(3 ^ 2)));
/// assert_eq!(analysis.winning_moves, ["in nim 3: heap 1: 3 -> 2 (to a position of value 2, from 3)"]);
/// ```
pub fn analyze_components(
    components: &[Component],
    budget: &Budget,
) -> Result<Analysis, AnalysisError> {
    if components.is_empty() {
        return Err(AnalysisError::EmptyComponent);
    }
    // The families are parsed first: each part's moves borrow its family.
    let parsed = components
        .iter()
        .map(Parsed::of)
        .collect::<Result<Vec<_>, _>>()?;
    let parts = parsed
        .iter()
        .map(|component| Part::of(component, budget))
        .collect::<Result<Vec<_>, _>>()?;
    let total = parts
        .iter()
        .fold(Nimber(0), |acc, part| acc ^ part.summary.nimber);
    let mut winning_moves = Vec::new();
    let mut sum_moves = Vec::new();
    let mut partial = None;
    for part in &parts {
        let (from, to) = (part.summary.nimber, part.summary.nimber ^ total);
        if to == from {
            continue; // a total of 0: no move wins
        }
        let (game, position) = (&part.summary.game, &part.summary.position);
        let labels = match &part.moves {
            PartMoves::Family(valued) => {
                let moves = valued.moves_to(to)?;
                partial = partial.or(moves.partial);
                moves.labels
            }
            PartMoves::Game(moves) => moves
                .iter()
                .filter(|(_, value)| *value == to)
                .map(|(label, _)| label.clone())
                .collect(),
        };
        if labels.is_empty() {
            continue;
        }
        winning_moves.extend(labels.iter().map(|label| {
            format!(
                "in {game} {position}: {label} (to a position of value {}, from {})",
                to.0, from.0
            )
        }));
        sum_moves.push(SumMove {
            game: game.clone(),
            position: position.clone(),
            from,
            to,
            labels,
        });
    }
    let any_game = parts
        .iter()
        .any(|part| matches!(part.moves, PartMoves::Game(_)));
    let position = parts
        .iter()
        .map(|part| part.typed.as_str())
        .collect::<Vec<_>>()
        .join(" + ");
    let summaries: Vec<SumComponent> = parts.into_iter().map(|part| part.summary).collect();
    let mut reasons = vec![
        Reason::SumComponents {
            components: summaries,
        },
        Reason::SumXor { total },
    ];
    if any_game && total != Nimber(0) {
        reasons.push(Reason::SumMoves {
            total,
            moves: sum_moves,
        });
    }
    let complete = partial.is_none();
    reasons.extend(partial);
    Ok(Analysis {
        game: "sum".into(),
        position,
        outcome: outcome_of(total),
        nimber: Some(total),
        winning_moves,
        complete,
        reasons,
    })
}

/// A component with its family parsed.
enum Parsed<'c> {
    /// A family, its position's words, and the component as typed.
    Family {
        family: Family,
        position: Vec<String>,
        typed: String,
    },
    /// A game and its position.
    Game {
        name: &'c str,
        game: &'c Arc<dyn DynGame>,
        position: &'c Datum,
    },
}

impl<'c> Parsed<'c> {
    fn of(component: &'c Component) -> Result<Self, AnalysisError> {
        Ok(match component {
            Component::Family(words) => {
                if words.is_empty() {
                    return Err(AnalysisError::EmptyComponent);
                }
                let mut queue: VecDeque<String> = words.iter().cloned().collect();
                let family = parse_family(&mut queue)?;
                Parsed::Family {
                    family,
                    position: queue.into(),
                    typed: words.join(" "),
                }
            }
            Component::Game {
                name,
                game,
                position,
            } => Parsed::Game {
                name,
                game,
                position,
            },
        })
    }
}

/// A component analysed: its name, position and nimber, and what lists its moves by value.
struct Part<'a> {
    /// The component as the sum's position writes it (a family's words as typed).
    typed: String,
    summary: SumComponent,
    moves: PartMoves<'a>,
}

/// How a component's moves to a value are found.
enum PartMoves<'a> {
    /// A family's position: its moves by value, from its closed form or table.
    Family(Valued<'a>),
    /// A game's every move, labelled, with the value it leads to.
    Game(Vec<(String, Nimber)>),
}

impl<'a> Part<'a> {
    fn of(component: &'a Parsed<'_>, budget: &Budget) -> Result<Self, AnalysisError> {
        match component {
            Parsed::Family {
                family,
                position,
                typed,
            } => {
                let (part, valued) = analyze_valued(family, position)?;
                let valued = valued.ok_or_else(|| AnalysisError::NoNimber {
                    game: part.game.clone(),
                    position: part.position.clone(),
                })?;
                Ok(Part {
                    typed: typed.clone(),
                    summary: SumComponent {
                        game: part.game,
                        position: part.position,
                        nimber: valued.nimber(),
                    },
                    moves: PartMoves::Family(valued),
                })
            }
            &Parsed::Game {
                name,
                game,
                position,
            } => {
                let kind = game.kind();
                if !kind.has_nimbers() {
                    return Err(AnalysisError::NotSummable {
                        game: name.to_string(),
                        kind,
                    });
                }
                let failed = |source| AnalysisError::Game {
                    game: name.to_string(),
                    source,
                };
                let shown = game.show(position).map_err(failed)?;
                // A board drawn on several lines is written on one, its rows separated.
                let shown = shown.lines().collect::<Vec<_>>().join(" / ");
                let solution = game.solve(position, budget).map_err(failed)?;
                let no_nimber = || AnalysisError::NoNimber {
                    game: name.to_string(),
                    position: shown.clone(),
                };
                let nimber = solution.value.nimber.ok_or_else(no_nimber)?;
                let moves = solution
                    .moves
                    .into_iter()
                    .map(|m| Ok((m.mv.label, m.value.nimber.ok_or_else(no_nimber)?)))
                    .collect::<Result<Vec<_>, AnalysisError>>()?;
                Ok(Part {
                    typed: format!("{name} {shown}"),
                    summary: SumComponent {
                        game: name.to_string(),
                        position: shown,
                        nimber,
                    },
                    moves: PartMoves::Game(moves),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests;
