//! Grundy values of one heap for the heap families, from a closed form, a table, or a
//! proved period beyond the table (never from an unproved one).

use anyhow::bail;
use grundy::games::grundy_game::GrundyGame;
use grundy::games::heaps::{nimbers, HeapRule};
use grundy::games::lasker::Lasker;
use grundy::games::subtraction::SubtractionSet;
use grundy::sequence::Pattern;
use grundy::Budget;

use crate::commands::list::catalog::Family;

/// Heaps above this are not searched move by move when a heap has O(heap) moves.
pub const ENUMERATION_CAP: u64 = 1_000_000;

/// How one heap's Grundy value is known.
pub enum Source {
    /// `G(n) = n`.
    Identity,
    /// `G(n) = n mod m`.
    Modulo(u64),
    /// Lasker's closed form.
    Lasker,
    /// A table, extended by a proved period when `pattern` is proved.
    Table,
}

/// One heap's Grundy values.
pub struct HeapValues {
    /// The source.
    pub source: Source,
    /// `G(0..table.len())` (empty for closed forms).
    pub table: Vec<u64>,
    /// The pattern found in the table (proved or conjecture).
    pub pattern: Option<Pattern>,
}

impl HeapValues {
    /// `G(n)`, or `None` when `n` is beyond the table and no period is proved.
    pub fn get(&self, n: u64) -> Option<u64> {
        match self.source {
            Source::Identity => Some(n),
            Source::Modulo(m) => Some(n % m),
            Source::Lasker => Lasker::nimber(n).map(|v| v.0),
            Source::Table => {
                if let Some(&v) = self.table.get(n as usize) {
                    return Some(v);
                }
                let pattern = self.pattern.filter(|p| p.evidence.is_proved())?;
                Some(pattern.periodicity.extend(&self.table, n))
            }
        }
    }

    /// True when `get` used a period for `n` (worth a line of "why").
    pub fn uses_period(&self, n: u64) -> bool {
        matches!(self.source, Source::Table) && n as usize >= self.table.len()
    }
}

/// The rule of a heap family, for enumerating moves.
pub fn rule(family: &Family) -> Option<&dyn HeapRule> {
    match family {
        Family::Bash(b) => Some(b),
        Family::Subtraction(s) => Some(s),
        Family::Lasker => Some(&Lasker),
        Family::GrundyGame => Some(&GrundyGame),
        _ => None,
    }
}

/// True when a heap of `heap` has few enough moves to list them all.
pub fn enumerable(family: &Family, heap: u64) -> bool {
    match family {
        Family::Subtraction(s) => match s.set() {
            SubtractionSet::AllBut(_) => heap <= ENUMERATION_CAP,
            _ => true,
        },
        Family::Bash(_) => true,
        _ => heap <= ENUMERATION_CAP,
    }
}

/// Grundy values for heaps up to `max_heap` (a table of at least `min_table + 1` values
/// where the family is tabulated).
pub fn heap_values(family: &Family, max_heap: u64, min_table: u64) -> anyhow::Result<HeapValues> {
    let closed = |source| HeapValues {
        source,
        table: Vec::new(),
        pattern: None,
    };
    let budget = Budget::default();
    match family {
        Family::Nim => Ok(closed(Source::Identity)),
        Family::Bash(b) => Ok(closed(Source::Modulo(b.max_take() + 1))),
        Family::Lasker => Ok(closed(Source::Lasker)),
        Family::Subtraction(s) => {
            let (cap, window) = match s.set() {
                SubtractionSet::PowersOfTwo => return Ok(closed(Source::Modulo(3))),
                SubtractionSet::Finite(set) => (1 << 22, set.last().copied().unwrap_or(1)),
                SubtractionSet::AllBut(_) => (20_000, 0),
                SubtractionSet::Fibonacci => (1 << 20, 0),
            };
            let wanted = max_heap.max(min_table);
            let len = if wanted <= cap {
                wanted
            } else if window > 0 && min_table <= cap {
                (64 * window).clamp(min_table.max(1 << 16), cap)
            } else {
                bail!(
                    "heap {wanted} is too large: subtraction {} is tabulated up to {cap} and has no proved period",
                    s.set()
                );
            };
            let table = s.nimbers(len, &budget)?;
            let pattern = s.pattern(&table);
            let values = HeapValues {
                source: Source::Table,
                table,
                pattern,
            };
            if values.get(max_heap).is_none() {
                bail!(
                    "heap {max_heap} is beyond the table (up to {len}) and no period of subtraction {} is proved there",
                    s.set()
                );
            }
            Ok(values)
        }
        Family::GrundyGame => {
            let cap = 20_000;
            if max_heap > cap {
                bail!("heap {max_heap} is too large: Grundy's game is tabulated up to {cap} (its values are not known to be periodic)");
            }
            let table = nimbers(&GrundyGame, max_heap.max(min_table).min(cap), &budget)?;
            let pattern = grundy::sequence::find_pattern(&table, None);
            Ok(HeapValues {
                source: Source::Table,
                table,
                pattern,
            })
        }
        _ => bail!("{} is not a heap game", family.title()),
    }
}
