//! Rows of heaps of the families without a closed form over the whole row (Bash, subtraction
//! games, Lasker's Nim, Grundy's game): each heap's Grundy value from a closed form, a
//! table, or a proved period beyond the table (never from an unproved one), combined by
//! XOR (Sprague-Grundy).

use std::ops::ControlFlow;

use super::error::AnalysisError;
use super::reason::Reason;
use crate::games::bash::Bash;
use crate::games::grundy_game::GrundyGame;
use crate::games::heaps::{nimbers, HeapRule};
use crate::games::lasker::Lasker;
use crate::games::subtraction::{Subtraction, SubtractionSet};
use crate::limits::{Budget, SolveError};
use crate::octal::known::{bound, Known};
use crate::octal::{ComputeError, TakeAndBreak};
use crate::sequence::{find_pattern, Pattern};
use crate::value::Nimber;

/// Heaps above this are not searched move by move when a heap has O(heap) moves.
pub(crate) const ENUMERATION_CAP: u64 = 1_000_000;

/// The moves enumerated for one row of heaps, all heaps together, past which no further
/// heap's are (a row of many large heaps would otherwise take time quadratic in its
/// length): 2^24.
pub(crate) const ROW_ENUMERATION_CAP: u64 = 1 << 24;

/// The largest table of a finite subtraction set.
const FINITE_CAP: u64 = 1 << 22;
/// The largest table of an all-but subtraction set (no period is proved for these).
const ALL_BUT_CAP: u64 = 20_000;
/// The largest table of subtracting Fibonacci numbers.
const FIBONACCI_CAP: u64 = 1 << 20;
/// The largest table of Grundy's game.
const GRUNDY_GAME_CAP: u64 = 20_000;

/// A heap family whose rows are sums of single heaps, borrowed from a catalogue `Family`.
#[derive(Clone, Copy)]
pub(crate) enum HeapFamily<'a> {
    /// The Bash game.
    Bash(&'a Bash),
    /// A subtraction game.
    Subtraction(&'a Subtraction),
    /// Lasker's Nim.
    Lasker,
    /// Grundy's game.
    GrundyGame,
    /// An octal or hexadecimal code (a move may leave three heaps).
    Code(&'a TakeAndBreak),
}

impl HeapFamily<'_> {
    /// Calls `visit` with the heaps (non-empty) that each move on a heap of `heap` leaves.
    pub(crate) fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(&[u64])) {
        let rule: &dyn HeapRule = match self {
            HeapFamily::Bash(rule) => *rule,
            HeapFamily::Subtraction(rule) => *rule,
            HeapFamily::Lasker => &Lasker,
            HeapFamily::GrundyGame => &GrundyGame,
            HeapFamily::Code(code) => {
                code.line_moves(heap, &mut |parts| {
                    visit(parts);
                    ControlFlow::Continue(())
                });
                return;
            }
        };
        let mut options = Vec::new();
        rule.options(heap, &mut options);
        for (a, b) in options {
            match (a, b) {
                (0, 0) => visit(&[]),
                (a, 0) | (0, a) => visit(&[a]),
                (a, b) => visit(&[a, b]),
            }
        }
    }

    /// `G(0..=to)` by mex over each heap's options.
    pub(crate) fn nimbers(&self, to: u64, budget: &Budget) -> Result<Vec<u64>, SolveError> {
        match self {
            HeapFamily::Bash(rule) => nimbers(*rule, to, budget),
            HeapFamily::Subtraction(rule) => rule.nimbers(to, budget),
            HeapFamily::Lasker => nimbers(&Lasker, to, budget),
            HeapFamily::GrundyGame => nimbers(&GrundyGame, to, budget),
            HeapFamily::Code(code) => {
                let len = usize::try_from(to).unwrap_or(usize::MAX).saturating_add(1);
                let known = Known::of((*code).clone(), len, budget).map_err(|err| match err {
                    ComputeError::Solve(err) => err,
                    other => SolveError::Unsupported(other.to_string()),
                })?;
                (0..=to)
                    .map(|n| known.get(n).map(|v| v.0))
                    .collect::<Option<Vec<u64>>>()
                    .ok_or_else(|| SolveError::Unsupported(format!("{code}: too few values")))
            }
        }
    }

    /// True when a heap of `heap` has few enough moves to list them all: at most `cap`
    /// where a heap's moves grow with it.
    fn enumerable(&self, heap: u64, cap: u64) -> bool {
        match self {
            HeapFamily::Subtraction(s) => {
                !matches!(s.set(), SubtractionSet::AllBut(_)) || heap <= cap
            }
            HeapFamily::Bash(_) => true,
            HeapFamily::Code(code) => code.line_move_count(heap) <= ROW_ENUMERATION_CAP,
            _ => heap <= cap,
        }
    }
}

/// How one heap's Grundy value is known.
enum Source {
    /// `G(n) = n mod m`.
    Modulo(u64),
    /// Lasker's closed form.
    Lasker,
    /// A code's values from the octal engine.
    Code(Known),
    /// A table, extended by a proved period when `pattern` is proved.
    Table,
}

/// One heap's Grundy values.
pub(super) struct HeapValues {
    source: Source,
    /// `G(0..table.len())` (empty for closed forms).
    pub(super) table: Vec<u64>,
    /// The pattern found in the table (proved or conjecture).
    pub(super) pattern: Option<Pattern>,
}

impl HeapValues {
    /// `G(n)` for a heap up to the largest of the row, whose value `heap_values` checked:
    /// every smaller heap's is then known too (from the table, or by the proved period),
    /// except Lasker's Nim's at `u64::MAX`, whose value `2^64` is past a `u64`.
    fn value(&self, n: u64) -> Result<u64, AnalysisError> {
        self.get(n).ok_or(AnalysisError::ValueTooLarge {
            heap: n,
            value: u128::from(n) + 1,
        })
    }

    /// `G(n)`, or `None` when `n` is beyond the table and no period is proved.
    fn get(&self, n: u64) -> Option<u64> {
        match self.source {
            Source::Modulo(m) => Some(n % m),
            Source::Lasker => Lasker::nimber(n).map(|v| v.0),
            Source::Code(ref known) => known.get(n).map(|v| v.0),
            Source::Table => {
                if let Some(&v) = self.table.get(n as usize) {
                    return Some(v);
                }
                let pattern = self.pattern.filter(|p| p.evidence.is_proved())?;
                Some(pattern.periodicity.extend(&self.table, n))
            }
        }
    }

    /// A code's values, where they come from the octal engine.
    pub(super) fn known(&self) -> Option<&Known> {
        match &self.source {
            Source::Code(known) => Some(known),
            _ => None,
        }
    }

    /// True when `get` used a period for `n` (worth a reason).
    pub(super) fn uses_period(&self, n: u64) -> bool {
        matches!(self.source, Source::Table) && n >= self.table.len() as u64
    }
}

/// Grundy values for heaps up to `max_heap`.
fn heap_values(family: HeapFamily, max_heap: u64) -> Result<HeapValues, AnalysisError> {
    let closed = |source| HeapValues {
        source,
        table: Vec::new(),
        pattern: None,
    };
    let budget = Budget::default();
    match family {
        HeapFamily::Bash(b) => Ok(closed(Source::Modulo(b.max_take() + 1))),
        HeapFamily::Lasker => Ok(closed(Source::Lasker)),
        HeapFamily::Subtraction(s) => {
            let game = format!("subtraction {}", s.set());
            let (cap, window) = match s.set() {
                SubtractionSet::PowersOfTwo => return Ok(closed(Source::Modulo(3))),
                SubtractionSet::Finite(set) => (FINITE_CAP, set.last().copied().unwrap_or(1)),
                SubtractionSet::AllBut(_) => (ALL_BUT_CAP, 0),
                SubtractionSet::Fibonacci => (FIBONACCI_CAP, 0),
            };
            // A finite set's table needs only enough values to prove its period.
            let len = if max_heap <= cap {
                max_heap
            } else if window > 0 {
                (64 * window).clamp(1 << 16, cap)
            } else {
                return Err(AnalysisError::NotTabulated {
                    heap: max_heap,
                    game,
                    cap,
                });
            };
            let table = s.nimbers(len, &budget)?;
            let pattern = s.pattern(&table);
            let values = HeapValues {
                source: Source::Table,
                table,
                pattern,
            };
            if values.get(max_heap).is_none() {
                return Err(AnalysisError::Unproved {
                    heap: max_heap,
                    tabulated: len,
                    game,
                });
            }
            Ok(values)
        }
        HeapFamily::Code(code) => {
            // Up to the bound (or a proved period), so that the reason says what is known.
            let known = Known::of(code.clone(), bound(code), &budget).map_err(|err| match err {
                ComputeError::Solve(err) => AnalysisError::from(err),
                other => AnalysisError::from(SolveError::Unsupported(other.to_string())),
            })?;
            if known.get(max_heap).is_none() {
                return Err(AnalysisError::Unproved {
                    heap: max_heap,
                    tabulated: known.computed() as u64,
                    game: code.to_string(),
                });
            }
            Ok(closed(Source::Code(known)))
        }
        HeapFamily::GrundyGame => {
            if max_heap > GRUNDY_GAME_CAP {
                return Err(AnalysisError::Aperiodic {
                    heap: max_heap,
                    cap: GRUNDY_GAME_CAP,
                });
            }
            let table = nimbers(&GrundyGame, max_heap, &budget)?;
            let pattern = find_pattern(&table, None);
            Ok(HeapValues {
                source: Source::Table,
                table,
                pattern,
            })
        }
    }
}

/// A row of heaps of one family with each heap's Grundy value: lists the row's moves to
/// any value (a winning move of a sum may take the row above its own value).
pub(super) struct HeapRow<'a> {
    family: HeapFamily<'a>,
    heaps: Vec<u64>,
    /// Each heap's Grundy value.
    pub(super) grundy: Vec<u64>,
    pub(super) values: HeapValues,
    /// Heaps above this have their takes listed by a closed form, their splits not.
    enumeration_cap: u64,
}

impl<'a> HeapRow<'a> {
    /// The row's Grundy values; heaps above `enumeration_cap` (with moves that grow with
    /// the heap) will have only their takes listed.
    pub(super) fn new(
        family: HeapFamily<'a>,
        heaps: &[u64],
        enumeration_cap: u64,
    ) -> Result<Self, AnalysisError> {
        let max_heap = heaps.iter().copied().max().unwrap_or(0);
        let values = heap_values(family, max_heap)?;
        let grundy = heaps
            .iter()
            .map(|&heap| values.value(heap))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(HeapRow {
            family,
            heaps: heaps.to_vec(),
            grundy,
            values,
            enumeration_cap,
        })
    }

    /// The XOR of the heaps' values (Sprague-Grundy).
    pub(super) fn nimber(&self) -> Nimber {
        Nimber(self.grundy.iter().fold(0, |acc, &g| acc ^ g))
    }

    /// Every move of the row to a row of value `value`, labelled `heap I: H -> A [+ B]`
    /// (equal heaps' moves once, from the first); the reason why not, when heaps too large
    /// to enumerate have only their takes listed.
    pub(super) fn moves_to(
        &self,
        value: Nimber,
    ) -> Result<(Vec<String>, Option<Reason>), AnalysisError> {
        let change = self.nimber().0 ^ value.0;
        let mut labels = Vec::new();
        let mut partial = None;
        if change == 0 {
            return Ok((labels, partial));
        }
        let mut seen = std::collections::HashSet::new();
        let mut enumerated = 0u64;
        for (heap_idx, (&heap, &g)) in self.heaps.iter().zip(&self.grundy).enumerate() {
            if !seen.insert(heap) {
                continue; // the same moves as an equal heap before
            }
            let target = g ^ change;
            let label = |parts: &[u64]| {
                let to = match parts {
                    [] => "0".to_string(),
                    _ => parts
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" + "),
                };
                format!("heap {}: {heap} -> {to}", heap_idx + 1)
            };
            if !self.family.enumerable(heap, self.enumeration_cap) {
                // Lasker's Nim has the only heaps this large (the tables of Grundy's game
                // and of all-but sets end below the cap): its one take to `target`, by the
                // inverse of the closed form; its splits are not listed.
                if let (HeapFamily::Lasker, Some(to)) =
                    (self.family, Lasker::heap_of(Nimber(target)))
                {
                    if to < heap {
                        labels.push(label(&[to][..usize::from(to > 0)]));
                    }
                }
                partial = Some(match self.family {
                    HeapFamily::Code(_) => Reason::PartialRow {
                        moves: ROW_ENUMERATION_CAP,
                    },
                    _ => Reason::PartialMoves {
                        heaps_above: self.enumeration_cap,
                    },
                });
                continue;
            }
            if enumerated >= ROW_ENUMERATION_CAP {
                partial = partial.or(Some(Reason::PartialRow {
                    moves: ROW_ENUMERATION_CAP,
                }));
                continue;
            }
            let mut failed = None;
            self.family.for_each_option(heap, &mut |parts| {
                enumerated += 1;
                let mut value = 0;
                for &part in parts {
                    match self.values.value(part) {
                        Ok(v) => value ^= v,
                        Err(err) => failed = Some(err),
                    }
                }
                if value == target {
                    labels.push(label(parts));
                }
            });
            if let Some(err) = failed {
                return Err(err);
            }
        }
        Ok((labels, partial))
    }
}
