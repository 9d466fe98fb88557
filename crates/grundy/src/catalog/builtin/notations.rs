//! How the heap and two-heap families write their positions and moves: heaps as integers
//! (`3 5 7`), staircase coins, pairs `A B`, Fibonacci Nim's `N [MAX_TAKE]`, bash-reach's
//! number written; every number at most [`MAX_HEAP`].

use crate::adapter::Notation;
use crate::drawing::{Drawing, Heap, MAX_TOKENS};
use crate::dynamic::{Datum, DynError};
use crate::model::Move;

use super::drawn;

/// The largest heap (or coordinate) the adapters take: 2^24.
pub const MAX_HEAP: u64 = 1 << 24;

fn heap(word: &str, what: &str) -> Result<u64, DynError> {
    match word.parse::<u64>() {
        Ok(value) if value <= MAX_HEAP => Ok(value),
        Ok(_) => Err(DynError::Position(format!(
            "{what} {word} is too large for the search (at most {MAX_HEAP})"
        ))),
        Err(_)
            if word
                .strip_prefix('-')
                .is_some_and(|d| d.parse::<u64>().is_ok()) =>
        {
            Err(DynError::Position(format!(
                "{what} must be at least 0, found {word}"
            )))
        }
        Err(_) => Err(DynError::Position(format!(
            "expected {what} (an integer from 0 to {MAX_HEAP}), found {}",
            crate::text::quoted(word)
        ))),
    }
}

/// `value` when it is at most [`MAX_HEAP`].
fn bounded(value: u64, what: &str) -> Result<u64, DynError> {
    if value <= MAX_HEAP {
        Ok(value)
    } else {
        Err(DynError::Position(format!(
            "{what} {value} is too large for the search (at most {MAX_HEAP})"
        )))
    }
}

fn heap_datum(datum: &Datum, what: &str) -> Result<u64, DynError> {
    match datum.as_int() {
        Some(value) if (0..=MAX_HEAP as i64).contains(&value) => Ok(value as u64),
        _ => Err(DynError::Position(format!(
            "expected {what} (an integer from 0 to {MAX_HEAP}), found {datum}"
        ))),
    }
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Heaps written as integers: `3 5 7`, data `[3, 5, 7]`.
///
/// # Examples
///
/// ```
/// use grundy::adapter::Notation;
/// use grundy::catalog::builtin::HeapNotation;
/// use grundy::model::Move;
/// assert_eq!(HeapNotation.parse("3 5 7").unwrap(), vec![3, 5, 7]);
/// assert_eq!(HeapNotation.label(&vec![3, 5], &Move::to(vec![3, 2])), "heap 2: 5 -> 2");
/// assert_eq!(HeapNotation.label(&vec![7], &Move::to(vec![3, 4])), "heap 1: 7 -> 3 + 4");
/// assert_eq!(HeapNotation.label(&vec![2, 9], &Move::to(vec![2, 1, 3, 4])), "heap 2: 9 -> 1 + 3 + 4");
/// assert!(HeapNotation.parse("3 x").is_err());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct HeapNotation;

impl Notation<Vec<u64>> for HeapNotation {
    fn to_datum(&self, pos: &Vec<u64>) -> Datum {
        Datum::ints(pos.iter().map(|&h| h as i64))
    }

    fn read(&self, datum: &Datum) -> Result<Vec<u64>, DynError> {
        let items = datum.as_list().ok_or_else(|| {
            DynError::Position(format!("expected a list of heaps, found {datum}"))
        })?;
        items
            .iter()
            .map(|item| heap_datum(item, "a heap"))
            .collect()
    }

    fn parse(&self, text: &str) -> Result<Vec<u64>, DynError> {
        text.split_whitespace()
            .map(|word| heap(word, "a heap"))
            .collect()
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Vec<u64>, DynError>> {
        Some(numbers.iter().map(|&n| bounded(n, "a heap")).collect())
    }

    fn show(&self, pos: &Vec<u64>) -> String {
        join(pos)
    }

    fn label(&self, from: &Vec<u64>, mv: &Move<Vec<u64>>) -> String {
        let to = &mv.to;
        if to.len() > from.len() {
            // A split: the heap became the parts that follow it.
            let extra = to.len() - from.len();
            let heap_idx = (0..from.len()).find(|&i| from[i] != to[i]).unwrap_or(0);
            let parts: Vec<String> = to[heap_idx..=heap_idx + extra]
                .iter()
                .map(u64::to_string)
                .collect();
            return format!(
                "heap {}: {} -> {}",
                heap_idx + 1,
                from.get(heap_idx).copied().unwrap_or(0),
                parts.join(" + ")
            );
        }
        let changed: Vec<usize> = (0..from.len().min(to.len()))
            .filter(|&i| from[i] != to[i])
            .collect();
        let pick = |row: &Vec<u64>| join(&changed.iter().map(|&i| row[i]).collect::<Vec<_>>());
        let numbers = changed
            .iter()
            .map(|i| (i + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let plural = if changed.len() == 1 { "" } else { "s" };
        format!("heap{plural} {numbers}: {} -> {}", pick(from), pick(to))
    }

    /// A click on token `k` of a heap leaves `k` there; where no move does, it parts the
    /// heap into `k` and the rest (Grundy's game).
    fn draw(&self, pos: &Vec<u64>, moves: &[(Vec<u64>, String)]) -> Option<Drawing> {
        let mut rows = drawn::rows(pos, moves, |to| drawn::lowered(pos, to), "heap");
        let splits = drawn::rows(pos, moves, |to| drawn::parted(pos, to), "heap");
        drawn::add_clicks(&mut rows, splits);
        Some(Drawing::Heaps(rows))
    }
}

/// Staircase Nim's coins, lowest step first: `2 4 3`; a move's label is
/// `step 2: 3 down` (3 coins from step 2 to step 1; from step 1 they leave).
///
/// # Examples
///
/// ```
/// use grundy::adapter::Notation;
/// use grundy::catalog::builtin::StairNotation;
/// use grundy::model::Move;
/// assert_eq!(StairNotation.label(&vec![1, 4], &Move::to(vec![4, 1])), "step 2: 3 down");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StairNotation;

impl Notation<Vec<u64>> for StairNotation {
    fn to_datum(&self, pos: &Vec<u64>) -> Datum {
        HeapNotation.to_datum(pos)
    }

    fn read(&self, datum: &Datum) -> Result<Vec<u64>, DynError> {
        HeapNotation.read(datum)
    }

    fn parse(&self, text: &str) -> Result<Vec<u64>, DynError> {
        HeapNotation.parse(text)
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<Vec<u64>, DynError>> {
        HeapNotation.position_of(numbers)
    }

    fn show(&self, pos: &Vec<u64>) -> String {
        join(pos)
    }

    fn label(&self, from: &Vec<u64>, mv: &Move<Vec<u64>>) -> String {
        let step = (0..from.len())
            .rev()
            .find(|&i| mv.to[i] < from[i])
            .unwrap_or(0);
        format!("step {}: {} down", step + 1, from[step] - mv.to[step])
    }

    /// Steps as heaps: a click on coin `k` of a step moves the coins above it down.
    fn draw(&self, pos: &Vec<u64>, moves: &[(Vec<u64>, String)]) -> Option<Drawing> {
        let taken = |to: &Vec<u64>| {
            let step = (0..pos.len()).rev().find(|&i| to[i] < pos[i])?;
            Some((step, to[step]))
        };
        Some(drawn::heaps(pos, moves, taken, "step"))
    }
}

/// Two heaps (or coordinates): `A B`, data `[a, b]`.
///
/// # Examples
///
/// ```
/// use grundy::adapter::Notation;
/// use grundy::catalog::builtin::PairNotation;
/// use grundy::model::Move;
/// assert_eq!(PairNotation.parse("3 5").unwrap(), (3, 5));
/// assert!(PairNotation.parse("3").is_err());
/// assert_eq!(PairNotation.label(&(3, 5), &Move::to((1, 3))), "3 5 -> 1 3");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PairNotation;

impl Notation<(u64, u64)> for PairNotation {
    fn to_datum(&self, &(a, b): &(u64, u64)) -> Datum {
        Datum::ints([a as i64, b as i64])
    }

    fn read(&self, datum: &Datum) -> Result<(u64, u64), DynError> {
        match datum.as_list() {
            Some([a, b]) => Ok((heap_datum(a, "a heap")?, heap_datum(b, "a heap")?)),
            _ => Err(DynError::Position(format!(
                "expected two integers [a, b], found {datum}"
            ))),
        }
    }

    fn parse(&self, text: &str) -> Result<(u64, u64), DynError> {
        match text.split_whitespace().collect::<Vec<_>>()[..] {
            [a, b] => Ok((heap(a, "a heap")?, heap(b, "a heap")?)),
            ref words => Err(DynError::Position(format!(
                "expected two integers A B, found {} words",
                words.len()
            ))),
        }
    }

    fn show(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a} {b}")
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<(u64, u64), DynError>> {
        match *numbers {
            [a, b] => Some(bounded(a, "a heap").and_then(|a| Ok((a, bounded(b, "a heap")?)))),
            _ => None,
        }
    }

    fn label(&self, from: &(u64, u64), mv: &Move<(u64, u64)>) -> String {
        format!("{} -> {}", self.show(from), self.show(&mv.to))
    }

    /// The two heaps (or coordinates) as heaps: a click lowers one of them. Where the
    /// rules take the same from both (Wythoff's diagonal moves), a third row, "both heaps",
    /// as long as the smaller heap: a click on its token `k` lowers the smaller heap to `k`
    /// and the other by as many.
    fn draw(&self, &(a, b): &(u64, u64), moves: &[((u64, u64), String)]) -> Option<Drawing> {
        let taken = |&(x, y): &(u64, u64)| drawn::lowered(&[a, b], &[x, y]);
        let mut rows = drawn::rows(&[a, b], moves, taken, "heap");
        let both = |&(x, y): &(u64, u64)| {
            (x < a && y < b && a - x == b - y).then(|| (0, a.min(b) - (a - x)))
        };
        if moves.iter().any(|(to, _)| both(to).is_some()) {
            let mut third = drawn::rows(&[a.min(b)], moves, both, "both");
            third[0].name = "both heaps".into();
            rows.append(&mut third);
        }
        Some(Drawing::Heaps(rows))
    }
}

/// Fibonacci Nim: `N [MAX_TAKE]` (`N` alone is a game's start, `MAX_TAKE = N - 1`); a
/// move's label is `take T`.
///
/// # Examples
///
/// ```
/// use grundy::adapter::Notation;
/// use grundy::catalog::builtin::FibonacciNotation;
/// assert_eq!(FibonacciNotation.parse("10").unwrap(), (10, 9));
/// assert_eq!(FibonacciNotation.parse("10 4").unwrap(), (10, 4));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FibonacciNotation;

impl Notation<(u64, u64)> for FibonacciNotation {
    fn to_datum(&self, pos: &(u64, u64)) -> Datum {
        PairNotation.to_datum(pos)
    }

    fn read(&self, datum: &Datum) -> Result<(u64, u64), DynError> {
        PairNotation.read(datum)
    }

    fn parse(&self, text: &str) -> Result<(u64, u64), DynError> {
        match text.split_whitespace().collect::<Vec<_>>()[..] {
            [n] => Ok(crate::games::fibonacci_nim::start(heap(n, "a heap")?)),
            [n, max_take] => Ok((heap(n, "a heap")?, heap(max_take, "a take limit")?)),
            ref words => Err(DynError::Position(format!(
                "expected N [MAX_TAKE], found {} words",
                words.len()
            ))),
        }
    }

    fn show(&self, &(n, max_take): &(u64, u64)) -> String {
        format!("{n} {max_take}")
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<(u64, u64), DynError>> {
        match *numbers {
            [n] => Some(bounded(n, "a heap").map(crate::games::fibonacci_nim::start)),
            [n, max_take] => {
                Some(bounded(n, "a heap").and_then(|n| Ok((n, bounded(max_take, "a take limit")?))))
            }
            _ => None,
        }
    }

    fn label(&self, from: &(u64, u64), mv: &Move<(u64, u64)>) -> String {
        format!("take {}", from.0 - mv.to.0)
    }

    /// The heap: a click on token `k` takes the tokens above it.
    fn draw(&self, &(n, _): &(u64, u64), moves: &[((u64, u64), String)]) -> Option<Drawing> {
        Some(drawn::heaps(
            &[n],
            moves,
            |&(left, _)| Some((0, left)),
            "heap",
        ))
    }
}

/// The number written so far in bash-reach.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CountNotation;

impl Notation<u64> for CountNotation {
    fn to_datum(&self, pos: &u64) -> Datum {
        Datum::Int(*pos as i64)
    }

    fn read(&self, datum: &Datum) -> Result<u64, DynError> {
        heap_datum(datum, "the number written")
    }

    fn parse(&self, text: &str) -> Result<u64, DynError> {
        heap(text.trim(), "the number written")
    }

    fn show(&self, pos: &u64) -> String {
        pos.to_string()
    }

    fn position_of(&self, numbers: &[u64]) -> Option<Result<u64, DynError>> {
        match *numbers {
            [n] => Some(bounded(n, "the number written")),
            _ => None,
        }
    }

    fn label(&self, from: &u64, mv: &Move<u64>) -> String {
        format!("+{} -> {}", mv.to - from, mv.to)
    }

    /// The number written as a row of tokens, and a row "add" as long as the largest step:
    /// a click on its token `j` writes the number `j + 1` above this one.
    fn draw(&self, &pos: &u64, moves: &[(u64, String)]) -> Option<Drawing> {
        let steps = moves.iter().map(|(to, _)| to.saturating_sub(pos));
        let size = steps.max().unwrap_or(0);
        let mut clicks = vec![None; (size as usize).min(MAX_TOKENS)];
        for (to, label) in moves {
            let step = to.saturating_sub(pos) as usize;
            if (1..=clicks.len()).contains(&step) {
                clicks[step - 1] = Some(label.clone());
            }
        }
        let written = Heap {
            size: pos,
            name: "written".into(),
            clicks: Vec::new(),
        };
        let add = Heap {
            size,
            name: "add".into(),
            clicks,
        };
        Some(Drawing::Heaps(vec![written, add]))
    }
}
