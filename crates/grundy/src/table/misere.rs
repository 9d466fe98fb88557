//! A heap game's misère table: each heap's normal value, misère value and genus.

use std::hash::Hash;

use serde::Serialize;

use super::error::TableError;
use crate::catalog::Family;
use crate::limits::Budget;
use crate::misere::genus::{family_moves, Genera, Genus, PartMoves, Parts};

/// The largest `to` of a misère table: a tame heap costs a pass over its options, so Nim's
/// heap of `n` costs `n`.
pub const MISERE_CAP: u64 = 10_000;

/// One heap of a [`MisereTable`].
///
/// # Examples
///
/// ```
/// use grundy::catalog::Family;
/// use grundy::table::tabulate_misere;
/// let table = tabulate_misere(&Family::Nim, 2, &grundy::Budget::default()).unwrap();
/// assert_eq!(table.heaps[1].misere_nimber, 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereHeap {
    /// The heap.
    pub heap: u64,
    /// Its normal-play Grundy value.
    pub nimber: u64,
    /// Its misère Grundy value (0 exactly when the player to move loses).
    pub misere_nimber: u64,
    /// Its genus as Winning Ways writes it (`4^146`).
    pub genus: String,
    /// Whether every position it reaches has a tame genus (then sums of such heaps are
    /// decided by their genera).
    pub tame: bool,
}

/// The misère table of a heap game: heaps `0..=to`, and how many sums were searched whole
/// to find their genera (the options of heaps that are not tame).
///
/// # Examples
///
/// ```
/// use grundy::catalog::parse_family;
/// use grundy::table::tabulate_misere;
/// let kayles = parse_family(&mut ["kayles".to_string()].into()).unwrap();
/// let table = tabulate_misere(&kayles, 5, &grundy::Budget::default()).unwrap();
/// assert_eq!(table.heaps[5].genus, "4^146");
/// assert_eq!(table.first_wild, Some(5));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereTable {
    /// The game, as [`Family::title`] names it.
    pub game: String,
    /// The last heap.
    pub to: u64,
    /// Heaps `0..=to`.
    pub heaps: Vec<MisereHeap>,
    /// The first heap that is not tame, if any up to `to`.
    pub first_wild: Option<u64>,
    /// Sums searched whole.
    pub searched: usize,
}

/// Tabulates `family`'s heaps up to `to` under misère play: normal and misère values and
/// genera ([`crate::misere::genus`]), within `budget`'s positions (stored heaps and sums)
/// and its cancel flag.
///
/// # Errors
///
/// [`TableError::NotHeaps`] for a family that is not a heap game; [`TableError::TooLarge`]
/// past [`MISERE_CAP`]; [`TableError::Solve`] past the budget or when cancelled.
///
/// # Examples
///
/// ```
/// use grundy::catalog::Family;
/// use grundy::table::{tabulate_misere, TableError};
/// let nim = tabulate_misere(&Family::Nim, 3, &grundy::Budget::default()).unwrap();
/// let genera: Vec<&str> = nim.heaps.iter().map(|h| h.genus.as_str()).collect();
/// assert_eq!(genera, ["0^120", "1^031", "2^20", "3^31"]);
/// let err = tabulate_misere(&Family::Wythoff, 3, &grundy::Budget::default()).unwrap_err();
/// assert!(matches!(err, TableError::NotHeaps { .. }));
/// ```
pub fn tabulate_misere(
    family: &Family,
    to: u64,
    budget: &Budget,
) -> Result<MisereTable, TableError> {
    let game = family.title();
    let Some(moves) = family_moves(family) else {
        return Err(TableError::NotHeaps { game });
    };
    if to > MISERE_CAP {
        return Err(TableError::TooLarge {
            to,
            game,
            limit: MISERE_CAP,
            cells: None,
        });
    }
    let mut genera = Genera::new(moves, budget.clone());
    genera.extend_to(to)?;
    let heaps: Vec<MisereHeap> = (0..=to)
        .zip(genera.heaps())
        .map(|(heap, h)| row(heap, &h.genus, h.tame))
        .collect();
    Ok(table(game, to, heaps, genera.searched()))
}

fn row(heap: u64, genus: &Genus, tame: bool) -> MisereHeap {
    MisereHeap {
        heap,
        nimber: genus.normal(),
        misere_nimber: genus.misere(),
        genus: genus.to_string(),
        tame,
    }
}

fn table(game: String, to: u64, heaps: Vec<MisereHeap>, searched: usize) -> MisereTable {
    let first_wild = heaps.iter().find(|h| !h.tame).map(|h| h.heap);
    MisereTable {
        game,
        to,
        heaps,
        first_wild,
        searched,
    }
}

/// Tabulates heaps `0..=to` of a game whose positions split into independent parts (a game
/// file with `components`): `position(n)` gives the parts of heap `n`, `moves` each part's
/// options as parts ([`Parts::explore`]). A heap's row is the genus of the sum of its parts,
/// found as [`Genera`] finds a heap game's: from the genera of the options, each option's
/// parts summed by their genera when all are tame and searched whole when not. `tame` says
/// whether every part of the heap is tame (a sum of tame games is tame).
///
/// # Errors
///
/// [`TableError::TooLarge`] past [`MISERE_CAP`]; [`TableError::Solve`] for what `position`
/// and `moves` return, a part that reaches itself ([`crate::limits::SolveError::Cycle`]), past the
/// budget's positions (parts and sums stored) or when cancelled.
///
/// # Examples
///
/// ```
/// use grundy::table::tabulate_misere_parts;
/// // Kayles, a heap of n as n, its moves splitting it in two.
/// let mut moves = |&n: &u64| {
///     let mut out = Vec::new();
///     for take in 1..=2.min(n) {
///         for left in 0..=n - take {
///             let parts = [left, n - take - left];
///             out.push(parts.into_iter().filter(|&p| p > 0).collect());
///         }
///     }
///     Ok(out)
/// };
/// let table = tabulate_misere_parts("kayles", 5, &mut |n| Ok(vec![n]), &mut moves,
///     &grundy::Budget::default()).unwrap();
/// assert_eq!(table.heaps[5].genus, "4^146");
/// assert_eq!(table.first_wild, Some(5));
/// ```
pub fn tabulate_misere_parts<K: Clone + Eq + Hash>(
    game: &str,
    to: u64,
    position: &mut dyn FnMut(u64) -> Result<Vec<K>, crate::limits::SolveError>,
    moves: &mut PartMoves<'_, K>,
    budget: &Budget,
) -> Result<MisereTable, TableError> {
    if to > MISERE_CAP {
        return Err(TableError::TooLarge {
            to,
            game: game.to_string(),
            limit: MISERE_CAP,
            cells: None,
        });
    }
    let mut parts = Parts::new();
    let mut heaps = Vec::new();
    for n in 0..=to {
        let mut ids = Vec::new();
        for part in position(n)? {
            ids.push(parts.explore(&part, moves, budget)?);
        }
        heaps.push(ids);
    }
    let mut genera = Genera::new(parts.moves(), budget.clone());
    let mut rows = Vec::with_capacity(heaps.len());
    for (n, ids) in (0..).zip(&heaps) {
        let sum = genera.sum(ids)?;
        rows.push(row(n, &sum.genus, sum.tame));
    }
    let searched = genera.searched();
    Ok(table(game.to_string(), to, rows, searched))
}
