//! Misère sums of a take-and-break code's heaps answered by the code's misère quotient
//! (Plambeck and Siegel 2008), as every front end answers them (`grundy solve`, `analyze`,
//! `play`, Python, the server): how long a front end waits for the quotient
//! ([`QUOTIENT_TIME`]) and how many sums a misère search stores ([`MISERE_POSITIONS`]),
//! each written once here; a position solved from the quotient alone
//! ([`solve_by_quotient`]: the product of its heaps' elements, then whether it lies in the
//! P-portion, each move the same way); and the reasons that explain it
//! ([`quotient_reasons`]), which every front end renders.

use std::time::{Duration, Instant};

use super::reason::Reason;
use super::terms::{ElementOf, QuotientMove};
use crate::dynamic::{Datum, DynError, DynGame, Kind, MoveCounts, MoveValue, Solution, Value};
use crate::limits::Budget;
use crate::misere::quotient::{grow, HeapMove, Limits, Quotient, QuotientError};
use crate::octal::TakeAndBreak;
use crate::value::{Outcome, Play};

/// How long a front end waits for a code's misère quotient before it searches the sum.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::analysis::QUOTIENT_TIME.as_secs(), 5);
/// ```
pub const QUOTIENT_TIME: Duration = Duration::from_secs(5);

/// The most sums a misère search stores for a front end: the search of a sum whose heaps
/// are not tame, a table's genera, and the outcome search inside a quotient's computation.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::analysis::MISERE_POSITIONS, 2_000_000);
/// ```
pub const MISERE_POSITIONS: u64 = 2_000_000;

/// The bytes counted for each sum a quotient's outcome search stores (its memo and the
/// test sums that tell elements apart).
const BYTES_PER_SUM: u64 = 64;

/// The misère quotient of `code` for heaps up to `largest` (at least 1), as the front ends
/// compute it: at most [`MISERE_POSITIONS`] sums searched (fewer when `budget`'s bytes,
/// at 64 bytes a sum, hold fewer), given up after [`QUOTIENT_TIME`] or when `budget` is
/// cancelled.
///
/// # Errors
///
/// [`QuotientError`]: past its limits, [`QuotientError::TimeUp`] when the time ran out,
/// [`QuotientError::Cancelled`] when `budget` was cancelled.
///
/// # Examples
///
/// ```
/// use grundy::analysis::quotient_for;
/// let q = quotient_for(&"0.07".parse().unwrap(), 6, &grundy::Budget::default()).unwrap();
/// assert_eq!((q.max_heap(), q.order()), (6, 6));
/// ```
pub fn quotient_for(
    code: &TakeAndBreak,
    largest: usize,
    budget: &Budget,
) -> Result<Quotient, QuotientError> {
    quotient_in(code, largest, QUOTIENT_TIME, budget)
}

/// As [`quotient_for`], waiting `time` (tests ask for none, or for long enough).
pub(super) fn quotient_in(
    code: &TakeAndBreak,
    largest: usize,
    time: Duration,
    budget: &Budget,
) -> Result<Quotient, QuotientError> {
    let mut limits = Limits::new(largest.max(1));
    let sums = MISERE_POSITIONS.min(budget.bytes() / BYTES_PER_SUM);
    limits.max_positions = usize::try_from(sums).unwrap_or(usize::MAX);
    let deadline = Instant::now() + time;
    let late = || Instant::now() >= deadline;
    let stop = || late() || budget.check_cancelled().is_err();
    match grow(code, &limits, &stop, &mut |_| {}) {
        Err(QuotientError::Cancelled) if late() => Err(QuotientError::TimeUp {
            heap: limits.max_heap,
            seconds: time.as_secs_f64().to_string(),
        }),
        other => other,
    }
}

/// The code whose misère quotient may answer `game`'s positions: the game's take-and-break
/// code when it is played under misère play ([`DynGame::code`]), else `None`.
///
/// # Examples
///
/// ```
/// use grundy::analysis::misere_code;
/// use grundy::catalog::open_in;
/// use grundy::Play;
/// let words = ["0.07", "5"].map(String::from);
/// let (misere, _) = open_in(&words, Play::Misere).unwrap();
/// assert_eq!(misere_code(&*misere).unwrap().to_string(), "0.07");
/// let (normal, _) = open_in(&words, Play::Normal).unwrap();
/// assert!(misere_code(&*normal).is_none());
/// ```
pub fn misere_code(game: &dyn DynGame) -> Option<TakeAndBreak> {
    match game.kind() {
        Kind::Impartial { play: Play::Misere } => game.code(),
        _ => None,
    }
}

/// The heap sizes of a position written as heaps (a list of sizes, or one size); `None`
/// for any other datum.
///
/// # Examples
///
/// ```
/// use grundy::analysis::heaps_of;
/// use grundy::dynamic::Datum;
/// assert_eq!(heaps_of(&Datum::ints([3, 0, 5])), Some(vec![3, 0, 5]));
/// assert_eq!(heaps_of(&Datum::Int(-1)), None);
/// ```
pub fn heaps_of(pos: &Datum) -> Option<Vec<usize>> {
    match pos {
        Datum::Int(h) => Some(vec![usize::try_from(*h).ok()?]),
        Datum::List(items) => items
            .iter()
            .map(|d| d.as_int().and_then(|h| usize::try_from(h).ok()))
            .collect(),
        _ => None,
    }
}

/// The heaps of a sum after the move `mv` (its heap replaced in place by the heaps it
/// leaves), in the order given, the empty heaps left out: how every front end writes the
/// position a quotient's winning move leaves.
///
/// # Examples
///
/// ```
/// use grundy::analysis::heaps_after;
/// use grundy::misere::quotient::HeapMove;
/// let mv = HeapMove { heap: 5, leaves: vec![1, 2] };
/// assert_eq!(heaps_after(&[3, 5, 0, 5], &mv), vec![3, 1, 2, 5]);
/// ```
pub fn heaps_after(heaps: &[usize], mv: &HeapMove) -> Vec<usize> {
    let at = heaps
        .iter()
        .position(|&h| h == mv.heap)
        .unwrap_or(heaps.len());
    let mut to = heaps[..at].to_vec();
    to.extend(&mv.leaves);
    to.extend(heaps.get(at + 1..).unwrap_or_default());
    to.retain(|&h| h > 0);
    to
}

/// A position solved by a misère quotient, and why.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{quotient_for, solve_by_quotient};
/// use grundy::catalog::open_in;
/// use grundy::Play;
/// let (game, pos) = open_in(&["0.07", "3", "4"].map(String::from), Play::Misere).unwrap();
/// let q = quotient_for(&game.code().unwrap(), 4, &grundy::Budget::default()).unwrap();
/// let answer = solve_by_quotient(&*game, &q, &pos).unwrap().unwrap();
/// assert_eq!(answer.solution.counts.moves, game.moves(&pos).unwrap().len());
/// assert!(answer.why()[0].starts_with("the misère quotient of 0.07 for heaps up to 4"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientAnswer {
    /// The position's value and every move's, with the optimal moves (the winning ones),
    /// no remoteness and no line (`skipped`).
    pub solution: Solution,
    /// Why, by the quotient ([`quotient_reasons`]).
    pub reasons: Vec<Reason>,
}

impl QuotientAnswer {
    /// The reasons as lines of text, as the command line prints them after `why:`.
    ///
    /// # Examples
    ///
    /// See [`QuotientAnswer`].
    pub fn why(&self) -> Vec<String> {
        self.reasons.iter().map(ToString::to_string).collect()
    }
}

/// `pos`, a sum of heaps of `q`'s code in `game`, solved by `q` alone: the position's
/// outcome from the product of its heaps' elements, and each move's from the product after
/// it; every move listed, the winning ones optimal. `None` when `pos` is not a sum of heaps
/// or a heap is past `q`'s bound.
///
/// # Errors
///
/// `Some(Err)`: as [`DynGame::moves`].
///
/// # Examples
///
/// ```
/// use grundy::analysis::{quotient_for, solve_by_quotient};
/// use grundy::catalog::open_in;
/// use grundy::dynamic::Datum;
/// use grundy::{Outcome, Play};
/// let (game, pos) = open_in(&["0.77", "2", "2", "1"].map(String::from), Play::Misere).unwrap();
/// let q = quotient_for(&game.code().unwrap(), 2, &grundy::Budget::default()).unwrap();
/// let solved = solve_by_quotient(&*game, &q, &pos).unwrap().unwrap().solution;
/// assert_eq!(solved.value.outcome, Outcome::Win);
/// assert!(solve_by_quotient(&*game, &q, &Datum::ints([3])).is_none());
/// ```
pub fn solve_by_quotient(
    game: &dyn DynGame,
    q: &Quotient,
    pos: &Datum,
) -> Option<Result<QuotientAnswer, DynError>> {
    let heaps = heaps_of(pos)?;
    let root = q.outcome_of(&heaps)?;
    let reasons = quotient_reasons(q, &heaps)?;
    let moves = match game.moves(pos) {
        Ok(moves) => moves,
        Err(err) => return Some(Err(err)),
    };
    let mut valued = Vec::with_capacity(moves.len());
    for (index, mv) in moves.into_iter().enumerate() {
        let after = heaps_of(&mv.to).and_then(|heaps| q.outcome_of(&heaps))?;
        let value = Value::outcome(if mv.again { after } else { after.flip() });
        valued.push(MoveValue { index, mv, value });
    }
    let optimal: Vec<usize> = (0..valued.len())
        .filter(|&i| valued[i].value.outcome == root)
        .collect();
    let winning = valued
        .iter()
        .filter(|v| v.value.outcome == Outcome::Win)
        .count();
    let solution = Solution {
        position: pos.clone(),
        value: Value::outcome(root),
        counts: MoveCounts {
            moves: valued.len(),
            winning,
            optimal: optimal.len(),
        },
        moves: valued,
        optimal,
        line: Vec::new(),
        skipped: true,
    };
    Some(Ok(QuotientAnswer { solution, reasons }))
}

/// Why `heaps` have their misère outcome by `q`: each heap's element and their product,
/// in the P-portion or not ([`Reason::MisereQuotient`]), the rule ([`Reason::QuotientRule`])
/// and, when the sum is won, its winning moves with the product each leaves
/// ([`Reason::QuotientMoves`]). `None` when a heap is past `q`'s bound. Empty heaps are
/// the identity and are left out.
///
/// # Examples
///
/// ```
/// use grundy::analysis::{quotient_for, quotient_reasons};
/// let q = quotient_for(&"0.33".parse().unwrap(), 2, &grundy::Budget::default()).unwrap();
/// let why: Vec<String> = quotient_reasons(&q, &[2, 2, 1]).unwrap().iter().map(|r| r.to_string()).collect();
/// assert_eq!(why[0], "the misère quotient of 0.33 for heaps up to 2 (order 6, proved for every sum of such heaps): 2 ×2: b, 1: a; their product is ab^2, not in the P-portion {a, b^2}");
/// assert_eq!(why[2], "winning moves, each leaving a product in the P-portion: a heap of 1 -> nothing (product b^2)");
/// ```
pub fn quotient_reasons(q: &Quotient, heaps: &[usize]) -> Option<Vec<Reason>> {
    let product = q.element(heaps)?;
    let moves = q.winning_moves(heaps)?;
    let name = |x: usize| q.name(x).to_string();
    let mut counted: Vec<(usize, u64)> = Vec::new();
    for &h in heaps.iter().filter(|&&h| h > 0) {
        match counted.iter_mut().find(|(size, _)| *size == h) {
            Some((_, count)) => *count += 1,
            None => counted.push((h, 1)),
        }
    }
    let elements = counted
        .iter()
        .map(|&(h, count)| {
            Some(ElementOf {
                heap: h as u64,
                count,
                element: name(q.element_of_heap(h)?),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let mut reasons = vec![
        Reason::MisereQuotient {
            code: q.code().to_string(),
            max_heap: q.max_heap(),
            order: q.order(),
            heaps: elements,
            product: name(product),
            in_p: q.is_p(product),
            p_portion: q.p_portion().into_iter().map(name).collect(),
        },
        Reason::QuotientRule,
    ];
    if !moves.is_empty() {
        let moves = moves
            .iter()
            .map(|mv| {
                Some(QuotientMove {
                    heap: mv.heap as u64,
                    leaves: mv.leaves.iter().map(|&h| h as u64).collect(),
                    product: name(q.element(&heaps_after(heaps, mv))?),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        reasons.push(Reason::QuotientMoves { moves });
    }
    Some(reasons)
}
