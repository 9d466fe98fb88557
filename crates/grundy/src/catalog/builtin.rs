//! Every game of the library as a [`DynGame`]: the heap families, the two-heap families and
//! the problem-set board games.
//!
//! Positions on the command line and in data:
//!
//! - heap games (nim, misère Nim, bash, subtraction games, lasker, grundy-game, moore,
//!   staircase): the heaps (or a staircase's coins, lowest step first) as integers,
//!   `3 5 7`, data `[3, 5, 7]`; a move's label is `heap 1: 3 -> 2` (`heap 2: 7 -> 3 + 4`
//!   for a split, `heaps 1, 2: 3 5 -> 2 4` for Moore's Nim);
//! - two-heap games (wythoff, corner): `A B`, data `[a, b]`;
//! - fibonacci-nim: `N [MAX_TAKE]` (the first move may take all but one: `N` alone starts a
//!   game), data `[n, max_take]`;
//! - bash-reach: the number written so far (the game starts at 0);
//! - the problem-set board games (gems-fight, young, dot, team-nim, minesweeper): as their
//!   constructors document (boards drawn a row a line, `#`/`.` or `*`/`.`/`_`/digits);
//! - dots-and-boxes: the lines drawn, `h 1 1, v 2 3` (`none` at the start).
//!
//! Heap games keep the heaps in the order given (a heap that is split leaves its second
//! part just after it), so a player sees the row they typed; the solvers split positions
//! into components and store single heaps, so the order costs nothing. A heap (or a
//! coordinate) is at most [`MAX_HEAP`]: the generic engine lists every move, and larger
//! heaps belong to the closed forms of `grundy analyze`.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::adapter::Adapter;
use crate::dynamic::{DynGame, Kind};
use crate::games::bash::{Bash, BashReach};
use crate::games::corner::{self, Corner};
use crate::games::fibonacci_nim::{self, FibonacciNim};
use crate::games::grundy_game::GrundyGame;
use crate::games::heaps::HeapRule;
use crate::games::lasker::Lasker;
use crate::games::misere_nim;
use crate::games::moore::MooreNim;
use crate::games::nim::{nim_sum, Nim};
use crate::games::staircase::{self, Staircase};
use crate::games::subtraction::{ProvedValues, Subtraction};
use crate::games::wythoff::{self, Wythoff};
use crate::limits::Budget;
use crate::value::{Nimber, Outcome, Play};

const NORMAL: Kind = Kind::Impartial { play: Play::Normal };

fn heap_game<R: HeapRule + Send + Sync + 'static>(
    rule: R,
    name: String,
    description: &str,
) -> Arc<dyn DynGame> {
    Arc::new(
        Adapter::new(HeapRow(rule), HeapNotation, name, description, NORMAL)
            .with_components()
            .with_canonical(sorted_heaps),
    )
}

/// Nim: take any number from one heap.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// let game = builtin::nim();
/// assert_eq!(game.name(), "nim");
/// assert_eq!(game.moves(&Datum::ints([2, 1])).unwrap().len(), 3);
/// ```
pub fn nim() -> Arc<dyn DynGame> {
    Arc::new(
        Adapter::new(
            Nim,
            HeapNotation,
            "nim",
            "take any number from one heap",
            NORMAL,
        )
        .with_components()
        .with_canonical(sorted_heaps)
        .with_nimbers(|_, heaps| Nimber(nim_sum(heaps))),
    )
}

/// Misère Nim: whoever takes the last token loses.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Outcome};
/// let sol = builtin::misere_nim().solve(&Datum::ints([1]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Loss);
/// ```
pub fn misere_nim() -> Arc<dyn DynGame> {
    Arc::new(
        Adapter::new(
            Nim,
            HeapNotation,
            "misere-nim",
            "Nim, whoever takes the last token loses",
            Kind::Impartial { play: Play::Misere },
        )
        .with_canonical(sorted_heaps)
        .with_outcomes(|_, heaps| misere_nim::outcome(heaps)),
    )
}

/// The Bash game: take 1 to K from one heap.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::games::bash::Bash;
/// use grundy::{Budget, Nimber};
/// let game = builtin::bash(Bash::new(3).unwrap());
/// let sol = game.solve(&Datum::ints([10]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(2)));
/// ```
pub fn bash(rule: Bash) -> Arc<dyn DynGame> {
    let name = format!("bash {}", rule.max_take());
    Arc::new(
        Adapter::new(
            HeapRow(rule),
            HeapNotation,
            name,
            "take 1..K from one heap",
            NORMAL,
        )
        .with_components()
        .with_canonical(sorted_heaps)
        .with_nimbers(|row, heaps| {
            heaps
                .iter()
                .fold(Nimber::ZERO, |sum, &heap| sum ^ row.0.nimber(heap))
        }),
    )
}

/// Bash, reach `target` and lose: players write numbers rising by 1 to K from 0; writing
/// `target` or more loses. Positions are the number written; the start is 0.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::games::bash::Bash;
/// use grundy::{Budget, Outcome};
/// let game = builtin::bash_reach(Bash::new(3).unwrap(), 30);
/// let start = game.start().unwrap();
/// assert_eq!(game.solve(&start, &Budget::default()).unwrap().value.outcome, Outcome::Win);
/// ```
pub fn bash_reach(rule: Bash, target: u64) -> Arc<dyn DynGame> {
    let name = format!("bash-reach {} {target}", rule.max_take());
    let game = BashReach { rule, target };
    let description = "write numbers rising by 1..K; writing N or more loses";
    Arc::new(
        Adapter::new(game, CountNotation, name, description, NORMAL)
            .with_start(0)
            .with_nimbers(|game, &pos| game.nimber(pos)),
    )
}

/// A subtraction game (finite set, all-but, powers of two, Fibonacci numbers).
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::games::subtraction::Subtraction;
/// let game = builtin::subtraction(Subtraction::new("1,3,4".parse().unwrap()));
/// assert_eq!(game.name(), "subtraction 1,3,4");
/// ```
pub fn subtraction(rule: Subtraction) -> Arc<dyn DynGame> {
    let name = format!("subtraction {}", rule.set());
    let description = "take s in S from one heap";
    // A small table, so that opening the game stays cheap; a set whose period is not
    // proved in it is searched.
    let values = rule.proved_values(PERIOD_TABLE, &Budget::default());
    let Ok(Some(values)) = values else {
        return heap_game(rule, name, description);
    };
    Arc::new(
        Adapter::new(
            HeapRow(Periodic { rule, values }),
            HeapNotation,
            name,
            description,
            NORMAL,
        )
        .with_components()
        .with_canonical(sorted_heaps)
        .with_nimbers(|row, heaps| {
            heaps.iter().fold(Nimber::ZERO, |sum, &heap| {
                sum ^ Nimber(row.0.values.nimber(heap))
            })
        }),
    )
}

/// The most values [`subtraction`] tabulates to look for a proved period when the game is
/// opened: 2^16, a millisecond.
const PERIOD_TABLE: u64 = 1 << 16;

/// A subtraction game with its values by a proved period: the closed form of its nimbers.
struct Periodic {
    rule: Subtraction,
    values: ProvedValues,
}

impl HeapRule for Periodic {
    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        self.rule.options(heap, out);
    }

    fn for_each_option(&self, heap: u64, visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>) {
        self.rule.for_each_option(heap, visit);
    }

    fn max_options(&self, heap: u64) -> Option<u64> {
        self.rule.max_options(heap)
    }
}

/// Lasker's Nim: take from a heap, or split one into two.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Nimber};
/// let sol = builtin::lasker().solve(&Datum::ints([3]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(4)));
/// ```
pub fn lasker() -> Arc<dyn DynGame> {
    Arc::new(
        Adapter::new(
            HeapRow(Lasker),
            HeapNotation,
            "lasker",
            "take from a heap, or split one into two",
            NORMAL,
        )
        .with_components()
        .with_canonical(sorted_heaps)
        .with_nimbers(|_, heaps| {
            heaps.iter().fold(Nimber::ZERO, |sum, &heap| {
                // Heaps are at most `MAX_HEAP`: the closed form is defined below 2^64 - 1.
                sum ^ Lasker::nimber(heap).expect("a heap below 2^64 - 1")
            })
        }),
    )
}

/// Grundy's game: split a heap into two unequal heaps.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Nimber};
/// let sol = builtin::grundy_game().solve(&Datum::ints([8]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(2)));
/// ```
pub fn grundy_game() -> Arc<dyn DynGame> {
    heap_game(
        GrundyGame,
        "grundy-game".into(),
        "split a heap into two unequal heaps",
    )
}

/// Moore's Nim_K: take from up to K heaps at once.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::games::moore::MooreNim;
/// use grundy::{Budget, Outcome};
/// let game = builtin::moore(MooreNim::new(2).unwrap());
/// let sol = game.solve(&Datum::ints([1, 1, 1]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Loss);
/// ```
pub fn moore(rule: MooreNim) -> Arc<dyn DynGame> {
    let name = format!("moore {}", rule.k());
    let description = "Moore's Nim_K: take from up to K heaps at once";
    Arc::new(
        Adapter::new(rule, HeapNotation, name, description, NORMAL)
            .with_canonical(sorted_heaps)
            .with_outcomes(|rule, heaps| rule.outcome(heaps)),
    )
}

/// Staircase Nim: move coins from a step to the step below (off the stairs from step 1).
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Nimber};
/// let sol = builtin::staircase().solve(&Datum::ints([2, 4, 3]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.nimber, Some(Nimber(2 ^ 3)));
/// ```
pub fn staircase() -> Arc<dyn DynGame> {
    let description = "move coins from a step (1, 2, ...) to the step below";
    Arc::new(
        Adapter::new(Staircase, StairNotation, "staircase", description, NORMAL)
            .with_nimbers(|_, steps| staircase::nimber(steps)),
    )
}

/// Wythoff's game: take from one heap, or the same from both.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Outcome};
/// let sol = builtin::wythoff().solve(&Datum::ints([3, 5]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Loss);
/// ```
pub fn wythoff() -> Arc<dyn DynGame> {
    let description = "take from one heap, or the same from both";
    Arc::new(
        Adapter::new(Wythoff, PairNotation, "wythoff", description, NORMAL).with_outcomes(
            |_, &(a, b)| match wythoff::is_p_position(a, b) {
                true => Outcome::Loss,
                false => Outcome::Win,
            },
        ),
    )
}

/// Fibonacci Nim: take up to twice the last take (the first move: all but one).
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::{Budget, Outcome};
/// let game = builtin::fibonacci_nim();
/// let pos = game.parse("8").unwrap();
/// assert_eq!(game.solve(&pos, &Budget::default()).unwrap().value.outcome, Outcome::Loss);
/// ```
pub fn fibonacci_nim() -> Arc<dyn DynGame> {
    let description = "take up to twice the last take (first: all but one)";
    Arc::new(
        Adapter::new(
            FibonacciNim,
            FibonacciNotation,
            "fibonacci-nim",
            description,
            NORMAL,
        )
        .with_outcomes(|_, &pos| fibonacci_nim::outcome(pos)),
    )
}

/// The grid corner game: move a coin left, down or diagonally towards the corner.
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::dynamic::Datum;
/// use grundy::{Budget, Outcome};
/// let sol = builtin::corner().solve(&Datum::ints([2, 4]), &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Loss);
/// ```
pub fn corner() -> Arc<dyn DynGame> {
    let description = "move a coin left, down or diagonally to the corner";
    Arc::new(
        Adapter::new(Corner, PairNotation, "corner", description, NORMAL)
            .with_outcomes(|_, &pos| corner::outcome(pos)),
    )
}

/// kiki's game (hdu2147): the corner game from the top-right cell of a `rows x columns`
/// board, its start; positions are the corner game's `X Y` (distance to the bottom-left).
///
/// # Examples
///
/// ```
/// use grundy::catalog::builtin;
/// use grundy::{Budget, Outcome};
/// // hdu2147's samples: 5 x 3 is a pity, 5 x 4 wonderful.
/// let game = builtin::kiki(5, 3);
/// let start = game.start().unwrap();
/// assert_eq!(game.show(&start).unwrap(), "2 4");
/// assert_eq!(game.solve(&start, &Budget::default()).unwrap().value.outcome, Outcome::Loss);
/// ```
pub fn kiki(rows: u64, columns: u64) -> Arc<dyn DynGame> {
    let description = "the corner game from the top-right of the board";
    let start = (columns.saturating_sub(1), rows.saturating_sub(1));
    Arc::new(
        Adapter::new(
            Corner,
            PairNotation,
            format!("kiki {rows} {columns}"),
            description,
            NORMAL,
        )
        .with_start(start)
        .with_outcomes(|_, &pos| corner::outcome(pos)),
    )
}

mod boards;
mod boxes;
mod codes;
mod domineering;
mod drawn;
mod mines;
mod misere;
mod notations;
mod rows;

pub use boards::{dot, gems_fight, team_nim, young};
pub use boxes::dots_and_boxes;
pub use codes::{code, CodeRow};
pub use domineering::{domineering, MAX_DOMINEERING_CELLS};
pub(crate) use mines::drawn_minesweeper;
pub use mines::{minesweeper, MAX_CELLS};
pub use misere::{bash_reach_misere, heaps_misere, misere};
use notations::CountNotation;
pub use notations::{FibonacciNotation, HeapNotation, PairNotation, StairNotation, MAX_HEAP};
pub use rows::{sorted_heaps, HeapRow};

#[cfg(test)]
mod tests;
