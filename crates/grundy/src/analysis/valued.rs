//! A position of a family with a Grundy value ([`Valued`]): what a family's analysis keeps
//! so that a sum can list the position's moves to any value, and the labels of those moves.

use super::heaps::HeapRow;
use super::reason::Reason;
use crate::games::moore::MooreNim;
use crate::value::Nimber;

/// A position of a family with a Grundy value, and what listing its moves by value needs.
pub(super) enum Valued<'a> {
    /// A row of Nim heaps.
    Nim(Vec<u64>),
    /// Staircase Nim's steps, from step 1 up.
    Staircase(Vec<u64>),
    /// A row of heaps of a heap family, with each heap's value.
    Heaps(HeapRow<'a>),
    /// Bash, reach N and lose: the Bash game on a heap of `N - 1`, a move named by the number
    /// written (the tokens taken).
    BashReach {
        /// `N - 1`.
        heap: u64,
        /// K, the most a move writes.
        max_take: u64,
    },
    /// A position small enough that the engine found its value: its options' values come
    /// from the same search.
    Searched {
        /// The position's value.
        nimber: Nimber,
        /// The position.
        position: Searched<'a>,
    },
}

/// A position whose options' values are searched.
pub(super) enum Searched<'a> {
    /// Wythoff's game on heaps `(a, b)`.
    Wythoff(u64, u64),
    /// Fibonacci Nim: the heap and the most the player to move may take.
    Fibonacci(u64, u64),
    /// Moore's Nim_k on a row of heaps.
    Moore(&'a MooreNim, Vec<u64>),
    /// The corner game at distances `(x, y)`.
    Corner(u64, u64),
}

/// The moves of a position to one value, labelled as the family's analysis labels its
/// winning moves; `partial` says why the list is not exhaustive, when it is not.
pub(super) struct Moves {
    /// The moves.
    pub(super) labels: Vec<String>,
    /// Why some moves were not listed.
    pub(super) partial: Option<Reason>,
}

impl Valued<'_> {
    /// The position's Grundy value.
    pub(super) fn nimber(&self) -> Nimber {
        match self {
            Valued::Nim(heaps) => Nimber(crate::games::nim::nim_sum(heaps)),
            Valued::Staircase(steps) => crate::games::staircase::nimber(steps),
            Valued::Heaps(row) => row.nimber(),
            Valued::BashReach { heap, max_take } => Nimber(heap % (max_take + 1)),
            Valued::Searched { nimber, .. } => *nimber,
        }
    }
}

/// The label of a move of the corner game.
pub(super) fn corner_label((x, y): (u64, u64), (a, b): (u64, u64)) -> String {
    format!("({x}, {y}) -> ({a}, {b})")
}

/// The label of a move of Bash, reach N: the number written.
pub(super) fn write(number: u64) -> String {
    format!("write {number}")
}

/// Bash, reach N, from the start (the Bash game on a heap of `heap = N - 1`, taking
/// `1..=max_take`): the one number to write that leaves value `value`, if any.
pub(super) fn bash_reach_write(heap: u64, max_take: u64, value: Nimber) -> Option<u64> {
    let modulus = max_take + 1;
    if value.0 >= modulus {
        return None;
    }
    // The heap left, heap - w, must be ≡ value (mod K + 1), for w in 1..=min(K, heap).
    let written = (heap % modulus + modulus - value.0) % modulus;
    (written >= 1 && written <= heap).then_some(written)
}
