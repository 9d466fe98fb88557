//! Octal and hexadecimal take-and-break games by their code as [`DynGame`]s: rows of
//! heaps kept in order (as [`HeapRow`](super::rows::HeapRow)), every move spelled out from the code, each
//! heap a component whose value comes from the octal engine ([`Known`]).

use std::ops::ControlFlow;
use std::sync::Arc;

use super::notations::{HeapNotation, MAX_HEAP};
use super::rows::sorted_heaps;
use crate::adapter::{Adapter, Notation};
use crate::drawing::Drawing;
use crate::dynamic::{Datum, DynError, DynGame, Kind};
use crate::model::{Components, Game, Move};
use crate::octal::known::{bound, Known};
use crate::octal::{ComputeError, TakeAndBreak};
use crate::value::{Nimber, Play};

/// A take-and-break game on a row of heaps kept in order: a move replaces one heap by the
/// heaps the code lets it leave (a heap emptied shows as 0), the others stay in place.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin::CodeRow;
/// use grundy::model::{Game, Move};
/// let kayles = CodeRow::new("0.77".parse().unwrap(), None);
/// let mut moves = Vec::new();
/// kayles.moves(&vec![3, 1], &mut moves);
/// let to: Vec<_> = moves.into_iter().map(|m| m.to).collect();
/// assert_eq!(to, vec![vec![2, 1], vec![1, 1, 1], vec![1, 1], vec![3, 0]]);
/// ```
#[derive(Clone, Debug)]
pub struct CodeRow {
    code: TakeAndBreak,
    known: Option<Arc<Known>>,
}

impl CodeRow {
    /// The game of `code`, with the heaps' values `known` (`None`: searched).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin::CodeRow;
    /// assert_eq!(CodeRow::new("0.07".parse().unwrap(), None).code().to_string(), "0.07");
    /// ```
    pub fn new(code: TakeAndBreak, known: Option<Arc<Known>>) -> Self {
        CodeRow { code, known }
    }

    /// The code.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::catalog::builtin::CodeRow;
    /// assert_eq!(CodeRow::new("0.F".parse().unwrap(), None).code().max_heaps(), 3);
    /// ```
    pub fn code(&self) -> &TakeAndBreak {
        &self.code
    }

    /// The nimber of a row of heaps from the known values (heaps past them were refused
    /// when the position was read).
    fn nimber(&self, heaps: &[u64]) -> Nimber {
        let known = self.known.as_deref();
        heaps.iter().fold(Nimber::ZERO, |sum, &heap| {
            sum ^ known.and_then(|k| k.get(heap)).unwrap_or(Nimber::ZERO)
        })
    }
}

impl Game for CodeRow {
    type Position = Vec<u64>;

    fn heap_bytes(&self, pos: &Vec<u64>) -> u64 {
        crate::model::vec_bytes(pos)
    }

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        for (heap_idx, &heap) in pos.iter().enumerate() {
            self.code.line_moves(heap, &mut |parts| {
                let mut next = Vec::with_capacity(pos.len() + parts.len());
                next.extend_from_slice(&pos[..heap_idx]);
                match parts {
                    [] => next.push(0),
                    _ => next.extend_from_slice(parts),
                }
                next.extend_from_slice(&pos[heap_idx + 1..]);
                out.push(Move::to(next));
                ControlFlow::Continue(())
            });
        }
    }

    fn max_moves(&self, pos: &Vec<u64>) -> Option<u64> {
        Some(pos.iter().fold(0u64, |sum, &heap| {
            sum.saturating_add(self.code.line_move_count(heap))
        }))
    }
}

impl Components for CodeRow {
    fn components(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// Heaps as [`HeapNotation`] writes them, each at most `max` (the largest heap whose value
/// is known, or any heap the search takes).
#[derive(Clone, Debug)]
struct CodeNotation {
    max: u64,
    code: String,
}

impl CodeNotation {
    fn check(&self, heaps: Vec<u64>) -> Result<Vec<u64>, DynError> {
        match heaps.iter().find(|&&h| h > self.max) {
            Some(heap) => Err(DynError::Position(format!(
                "a heap of {heap} is past {}, the largest whose value the octal engine computed \
                 for {} (its period is not proved; 'grundy octal {}' computes further)",
                self.max, self.code, self.code
            ))),
            None => Ok(heaps),
        }
    }
}

impl Notation<Vec<u64>> for CodeNotation {
    fn to_datum(&self, pos: &Vec<u64>) -> Datum {
        HeapNotation.to_datum(pos)
    }

    fn read(&self, datum: &Datum) -> Result<Vec<u64>, DynError> {
        self.check(HeapNotation.read(datum)?)
    }

    fn parse(&self, text: &str) -> Result<Vec<u64>, DynError> {
        self.check(HeapNotation.parse(text)?)
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Vec<u64>, DynError>> {
        let pos = HeapNotation.position_of(numbers)?;
        Some(pos.and_then(|pos| self.check(pos)))
    }

    fn show(&self, pos: &Vec<u64>) -> String {
        HeapNotation.show(pos)
    }

    fn label(&self, from: &Vec<u64>, mv: &Move<Vec<u64>>) -> String {
        HeapNotation.label(from, mv)
    }

    fn draw(&self, pos: &Vec<u64>, moves: &[(Vec<u64>, String)]) -> Option<Drawing> {
        HeapNotation.draw(pos, moves)
    }
}

/// The game of `code` (named by it, e.g. `0.77`) under `play`: under normal play each
/// heap's value comes from the octal engine, computed when the game is opened up to
/// [`bound`] values or until its period is proved (heaps past the values computed, when no
/// period is proved, are refused with a message naming the limit); under misère play the
/// whole row is searched.
///
/// # Errors
///
/// [`ComputeError`] when the values do not fit the default budget (they always do).
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Nimber, Outcome, Play};
/// let kayles = builtin::code("0.77".parse().unwrap(), Play::Normal).unwrap();
/// let sol = kayles.solve(&Datum::ints([3, 5, 7]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(3 ^ 4 ^ 2)));
/// // Heaps of 100,000 pins: the proved period answers.
/// let sol = kayles.solve(&Datum::ints([100_000, 100_000]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Loss);
/// let misere = builtin::code("0.77".parse().unwrap(), Play::Misere).unwrap();
/// let sol = misere.solve(&Datum::ints([1]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Loss);
/// ```
pub fn code(code: TakeAndBreak, play: Play) -> Result<Arc<dyn DynGame>, ComputeError> {
    let name = code.to_string();
    let description = "take-and-break by its octal or hexadecimal code";
    let kind = Kind::Impartial { play };
    if play == Play::Misere {
        let notation = CodeNotation {
            max: MAX_HEAP,
            code: name.clone(),
        };
        let game = CodeRow::new(code.clone(), None);
        return Ok(Arc::new(
            Adapter::new(game, notation, name, description, kind)
                .with_canonical(sorted_heaps)
                .with_code(code),
        ));
    }
    let known = Known::of(
        code.clone(),
        bound(&code),
        &crate::limits::Budget::default(),
    )?;
    let notation = CodeNotation {
        max: known.largest().min(MAX_HEAP),
        code: name.clone(),
    };
    let game = CodeRow::new(code.clone(), Some(Arc::new(known)));
    Ok(Arc::new(
        Adapter::new(game, notation, name, description, kind)
            .with_code(code)
            .with_components()
            .with_canonical(sorted_heaps)
            .with_nimbers(|row, heaps| row.nimber(heaps)),
    ))
}
