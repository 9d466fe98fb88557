//! Test games given by explicit tables: any finite DAG as an [`Indexed`] game, and impartial
//! games whose positions are multisets of atoms (each atom a component).

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use grundy::model::{Components, Game, Indexed, Move};
use proptest::collection::vec;
use proptest::prelude::*;

/// A game given by its move lists: position `i` (a `usize`) has the moves `moves[i]`; tier
/// `t` is `tier_starts[t]..tier_starts[t + 1]`.
#[derive(Clone, Debug)]
pub struct TableGame {
    moves: Vec<Vec<Move<usize>>>,
    tier_starts: Vec<usize>,
    bound: Option<u64>,
}

impl TableGame {
    /// A game with these moves, tiers and score bound.
    pub fn new(moves: Vec<Vec<Move<usize>>>, tier_starts: Vec<usize>, bound: Option<u64>) -> Self {
        assert_eq!(tier_starts.first(), Some(&0));
        assert_eq!(tier_starts.last(), Some(&moves.len()));
        TableGame {
            moves,
            tier_starts,
            bound,
        }
    }

    /// The same game with every move plain: no points, no bonus turn.
    pub fn without_points(&self) -> TableGame {
        let moves = self
            .moves
            .iter()
            .map(|ms| ms.iter().map(|m| Move::to(m.to)).collect())
            .collect();
        TableGame::new(moves, self.tier_starts.clone(), Some(0))
    }
}

impl Game for TableGame {
    type Position = usize;
    fn moves(&self, pos: &usize, out: &mut Vec<Move<usize>>) {
        out.extend(self.moves[*pos].iter().cloned());
    }
}

impl Indexed for TableGame {
    fn len(&self) -> usize {
        self.moves.len()
    }
    fn index(&self, pos: &usize) -> usize {
        *pos
    }
    fn position(&self, index: usize) -> usize {
        index
    }
    fn tiers(&self) -> usize {
        self.tier_starts.len() - 1
    }
    fn tier_range(&self, tier: usize) -> Range<usize> {
        self.tier_starts[tier]..self.tier_starts[tier + 1]
    }
    fn score_bound(&self) -> Option<u64> {
        self.bound
    }
    fn indexed_moves(&self, index: usize, out: &mut Vec<Move<usize>>) {
        out.extend(self.moves[index].iter().cloned());
    }
}

/// An impartial game of atoms: a position is a sorted multiset of atoms; a move replaces one
/// atom by one of its options, a multiset of lower atoms. Each atom is a component.
#[derive(Clone, Debug)]
pub struct Atoms {
    options: Vec<Vec<Vec<u8>>>,
    /// Weight of an atom: more than the total weight of any of its options, so every move
    /// lowers a position's total weight (its tier).
    weights: Vec<u64>,
}

impl Atoms {
    /// Atoms with these options (each option's atoms must be lower than the atom).
    pub fn new(options: Vec<Vec<Vec<u8>>>) -> Self {
        let mut weights: Vec<u64> = Vec::with_capacity(options.len());
        for (atom, opts) in options.iter().enumerate() {
            let heaviest = opts
                .iter()
                .map(|opt| {
                    opt.iter()
                        .map(|&x| {
                            assert!((x as usize) < atom, "option atoms must be lower");
                            weights[x as usize]
                        })
                        .sum::<u64>()
                })
                .max()
                .unwrap_or(0);
            weights.push(heaviest + 1);
        }
        Atoms { options, weights }
    }

    /// Random atoms: 1 to 6 atoms, each with up to 2 options of up to 2 lower atoms.
    pub fn strategy() -> impl Strategy<Value = Atoms> {
        (1usize..=6)
            .prop_flat_map(|k| vec(vec(vec(any::<u8>(), 0..=2), 0..3), k))
            .prop_map(|raw| {
                let options = raw
                    .into_iter()
                    .enumerate()
                    .map(|(atom, opts)| {
                        opts.into_iter()
                            .map(|opt| {
                                let mut opt: Vec<u8> = if atom == 0 {
                                    Vec::new()
                                } else {
                                    opt.into_iter().map(|x| x % atom as u8).collect()
                                };
                                opt.sort_unstable();
                                opt
                            })
                            .collect()
                    })
                    .collect();
                Atoms::new(options)
            })
    }

    /// The number of atoms.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    fn weight(&self, pos: &[u8]) -> u64 {
        pos.iter().map(|&a| self.weights[a as usize]).sum()
    }

    /// Every position reachable from `roots`, numbered by (weight, position), as a
    /// [`TableGame`] with one tier per weight, and the numbering.
    pub fn enumerate(&self, roots: &[Vec<u8>]) -> (TableGame, HashMap<Vec<u8>, usize>) {
        let mut seen: HashSet<Vec<u8>> = roots.iter().cloned().collect();
        let mut queue: Vec<Vec<u8>> = seen.iter().cloned().collect();
        let mut moves = Vec::new();
        while let Some(pos) = queue.pop() {
            moves.clear();
            self.moves(&pos, &mut moves);
            for m in moves.drain(..) {
                if seen.insert(m.to.clone()) {
                    queue.push(m.to);
                }
            }
        }
        let mut order: Vec<Vec<u8>> = seen.into_iter().collect();
        order.sort_by_key(|p| (self.weight(p), p.clone()));
        let index: HashMap<Vec<u8>, usize> = order
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), i))
            .collect();
        let mut tier_starts = vec![0];
        for i in 1..order.len() {
            if self.weight(&order[i]) != self.weight(&order[i - 1]) {
                tier_starts.push(i);
            }
        }
        tier_starts.push(order.len());
        let table = order
            .iter()
            .map(|p| {
                moves.clear();
                self.moves(p, &mut moves);
                moves.iter().map(|m| Move::to(index[&m.to])).collect()
            })
            .collect();
        (TableGame::new(table, tier_starts, Some(0)), index)
    }
}

impl Game for Atoms {
    type Position = Vec<u8>;
    fn moves(&self, pos: &Vec<u8>, out: &mut Vec<Move<Vec<u8>>>) {
        for (j, &atom) in pos.iter().enumerate() {
            if j > 0 && pos[j - 1] == atom {
                continue; // the same atom again gives the same moves
            }
            for opt in &self.options[atom as usize] {
                let mut next: Vec<u8> = pos[..j].iter().chain(&pos[j + 1..]).copied().collect();
                next.extend_from_slice(opt);
                next.sort_unstable();
                out.push(Move::to(next));
            }
        }
    }
}

impl Components for Atoms {
    fn components(&self, pos: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        out.extend(pos.iter().map(|&a| vec![a]));
    }
}
