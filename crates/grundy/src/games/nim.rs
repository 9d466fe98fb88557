//! Nim: heaps of tokens; a move takes any positive number of tokens from one heap.
//!
//! Bouton (1901): the player to move loses exactly when the XOR of the heaps (the nim-sum)
//! is 0, and each heap is its own component with nimber equal to its size.

use crate::model::{Components, Game, Move};

/// Nim on a row of heaps. A position is the list of heap sizes.
///
/// # Examples
///
/// ```
/// use grundy::games::nim::Nim;
/// use grundy::Game;
/// let mut moves = Vec::new();
/// Nim.moves(&vec![2, 1], &mut moves);
/// assert_eq!(moves.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;

    fn moves(&self, pos: &Vec<u64>, out: &mut Vec<Move<Vec<u64>>>) {
        for (heap_idx, &heap) in pos.iter().enumerate() {
            for smaller in 0..heap {
                let mut next = pos.clone();
                next[heap_idx] = smaller;
                out.push(Move::to(next));
            }
        }
    }
}

impl Components for Nim {
    fn components(&self, pos: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.extend(pos.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
    }
}

/// The nim-sum (XOR) of the heaps: 0 exactly when the player to move loses.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::nim::nim_sum(&[1, 2, 3]), 0);
/// ```
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |acc, &h| acc ^ h)
}
