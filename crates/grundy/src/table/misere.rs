//! A heap game's misère table: each heap's normal value, misère value and genus.

use serde::Serialize;

use super::error::TableError;
use crate::catalog::Family;
use crate::limits::Budget;
use crate::misere::genus::{family_moves, Genera};

/// The largest `to` of a misère table: a tame heap costs a pass over its options, so Nim's
/// heap of `n` costs `n`.
pub const MISERE_CAP: u64 = 10_000;

/// The most positions (heaps and sums searched whole) a misère table stores by default.
pub const MISERE_POSITIONS: u64 = 2_000_000;

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
        .map(|(heap, h)| MisereHeap {
            heap,
            nimber: h.genus.normal(),
            misere_nimber: h.genus.misere(),
            genus: h.genus.to_string(),
            tame: h.tame,
        })
        .collect();
    let first_wild = heaps.iter().find(|h| !h.tame).map(|h| h.heap);
    Ok(MisereTable {
        game,
        to,
        heaps,
        first_wild,
        searched: genera.searched(),
    })
}
