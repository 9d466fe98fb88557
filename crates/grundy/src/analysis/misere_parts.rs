//! A position of a game whose positions split into independent parts (a game file with
//! `components`) under misère play: decided by its parts' genera when every part is tame
//! (Conway's theorem), by a search of the sum otherwise ([`crate::misere::genus`]).

use std::hash::Hash;

use super::error::AnalysisError;
use super::found::Analysis;
use super::reason::{GenusOf, Reason};
use crate::limits::Budget;
use crate::misere::genus::{Genera, PartMoves, Parts};
use crate::value::Outcome;

/// A position to analyse by its parts: the game's name, the position as text, its parts,
/// and each of its moves as its name and the parts it leaves.
///
/// # Examples
///
/// ```
/// use grundy::analysis::PartsPosition;
/// let p = PartsPosition { game: "nim", position: "1", parts: vec![1u64], moves: vec![("to 0".into(), vec![])] };
/// assert_eq!(p.moves.len(), 1);
/// ```
pub struct PartsPosition<'a, K> {
    /// The game's name.
    pub game: &'a str,
    /// The position as text.
    pub position: &'a str,
    /// Its independent parts.
    pub parts: Vec<K>,
    /// Each move: how it is named, and the parts of the position it leads to.
    pub moves: Vec<(String, Vec<K>)>,
}

/// Analyses `at` under misère play: every part's genus from its options'
/// ([`Parts`], [`Genera`], the parts' options from `moves`, shown by `show`); when every part
/// is tame the sum's genus follows from theirs (Conway's theorem, no search), else the sum
/// is searched whole. A winning move is one to a sum whose misère value is 0.
///
/// # Errors
///
/// [`AnalysisError::Solve`] for what `moves` returns, a part that reaches itself, past
/// `budget`'s positions (parts and sums stored) or when it is cancelled.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{analyze_misere_parts, PartsPosition, Reason};
/// use grundy::Outcome;
/// // Misère Nim: heaps 1 and 1, each heap a part.
/// let mut moves = |&n: &u64| Ok((0..n).map(|k| if k == 0 { vec![] } else { vec![k] }).collect());
/// let at = PartsPosition {
///     game: "nim",
///     position: "1 1",
///     parts: vec![1, 1],
///     moves: vec![("1 -> 0".into(), vec![1])],
/// };
/// let a = analyze_misere_parts(&at, &mut moves, &|n| n.to_string(), &grundy::Budget::default()).unwrap();
/// assert_eq!(a.outcome, Outcome::Win);
/// assert_eq!(a.winning_moves, ["1 -> 0"]);
/// assert!(matches!(a.reasons[0], Reason::TameGenera { .. }));
/// ```
pub fn analyze_misere_parts<K: Clone + Eq + Hash>(
    at: &PartsPosition<'_, K>,
    moves: &mut PartMoves<'_, K>,
    show: &dyn Fn(&K) -> String,
    budget: &Budget,
) -> Result<Analysis, AnalysisError> {
    let mut parts = Parts::new();
    let mut ids = Vec::with_capacity(at.parts.len());
    for part in &at.parts {
        ids.push(parts.explore(part, moves, budget)?);
    }
    let mut options = Vec::with_capacity(at.moves.len());
    for (name, after) in &at.moves {
        let mut next = Vec::with_capacity(after.len());
        for part in after {
            next.push(parts.explore(part, moves, budget)?);
        }
        options.push((name, next));
    }
    let mut genera = Genera::new(parts.moves(), budget.clone());
    let sum = genera.sum(&ids)?;
    let of = |genera: &Genera<_>, place: usize, id: u64| GenusOf {
        heap: place as u64 + 1,
        part: parts.part(id).map(show),
        genus: genera.heaps()[id as usize].genus.to_string(),
    };
    let (first, second) = if sum.tame {
        let heaps = ids.iter().enumerate().map(|(i, &id)| of(&genera, i, id));
        let sum = sum.genus.to_string();
        let heaps = heaps.collect();
        (Reason::TameGenera { heaps, sum }, Reason::ConwayTame)
    } else {
        let wild = ids
            .iter()
            .enumerate()
            .filter(|&(_, &id)| !genera.heaps()[id as usize].tame)
            .map(|(i, &id)| of(&genera, i, id))
            .collect();
        let searched = genera.searched();
        let sum = sum.genus.to_string();
        let reason = Reason::MisereSearched {
            wild,
            sum,
            searched,
        };
        (reason, Reason::MisereValue)
    };
    let mut winning_moves = Vec::new();
    for (name, next) in options {
        if genera.sum(&next)?.genus.misere() == 0 {
            winning_moves.push(name.clone());
        }
    }
    Ok(Analysis {
        game: at.game.to_string(),
        position: at.position.to_string(),
        outcome: if sum.genus.misere() == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        },
        nimber: None,
        winning_moves,
        complete: true,
        reasons: vec![first, second],
    })
}
