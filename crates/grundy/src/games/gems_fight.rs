//! Gems Fight (hdu4778): bags of coloured gems poured into a shared cooker, bonus turns.
//!
//! Players alternately take one untaken bag and pour its gems into the cooker. Whenever `S`
//! gems of one colour are in the cooker they melt into one magic stone for the player who
//! poured (repeatedly, while any colour has `S` or more); a player who made a stone moves
//! again. Play ends when every bag is taken; the value is the mover's stones minus the
//! other's.
//!
//! A position is the set of bags taken: the cooker holds, of each colour, the gems of the
//! taken bags modulo `S`, so it is a function of the set. Pouring a bag earns
//! `floor((r + n) / S)` stones per colour, where `r` is the colour's residue and `n` the bag's
//! gems of that colour, and grants another turn when that is positive ([`Move::again`]).
//!
//! The game is a [`Subsets`] game (a move takes one more bag), solved by the engine's subset
//! score tables. Stones depend only on the totals poured: after pouring a set of bags,
//! `sum floor(T_c / S)` stones have melted, `T_c` the set's gems of colour `c`, whatever the
//! order. So [`Subsets::take_many`] reads a move's stones as the difference of that count,
//! tabled once per set, at its two ends (two contiguous slices for a batch of moves);
//! [`Game::moves`] counts them from the cooker's residues instead (all colours at once by
//! byte-wise comparisons), and the tests compare the two. Gem counts are packed one colour per
//! byte, so the gems of any set are two table reads (low and high halves of the set).

use std::ops::Range;

use rayon::prelude::*;
use thiserror::Error;

use crate::limits::SolveError;
use crate::model::{Game, Move, ScoreCell, Subsets};

/// At most this many bags (the tables take `2^bags` entries).
pub const MAX_BAGS: usize = 24;
/// At most this many colours (one byte each in a `u64`).
pub const MAX_COLOURS: usize = 8;

/// Bags of the low half of a set looked up in one table; the rest in another.
const LOW_BITS: usize = 12;
/// The top bit of every byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// One in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// A game of Gems Fight, checked and ready to solve.
///
/// # Examples
///
/// ```
/// use grundy::games::gems_fight::GemsFight;
/// use grundy::solve::subsets::solve_subset_scores;
/// use grundy::Budget;
///
/// // hdu4778's first sample: 3 colours, S = 3, four bags (colours 0-based).
/// let bags = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![1, 2, 0]];
/// let game = GemsFight::new(3, 3, &bags).unwrap();
/// let table = solve_subset_scores(&game, &Budget::default()).unwrap();
/// assert_eq!(table.get(game.start()), 3);
/// ```
#[derive(Clone, Debug)]
pub struct GemsFight {
    bags: usize,
    colours: usize,
    /// Each bag's gems, one byte per colour.
    /// (Fixed-size tables indexed by `x & 31` or a byte need no bounds checks.)
    bag_gems: Box<[u64; 32]>,
    /// `residue[v]` = `v % S`, for every byte value.
    residue: Box<[u8; 256]>,
    /// For `k = 1, 2, ..`: `128 - k S` in every byte (the byte of `r + n` then has its top
    /// bit set exactly when `r + n >= k S`).
    thresholds: Vec<u64>,
    /// Gems of the taken bags in the low `LOW_BITS` bags of a set, and in the others.
    low_gems: Vec<u64>,
    high_gems: Vec<u64>,
    /// `formed[taken]`: stones made in all by pouring the bags `taken`. A move's stones are
    /// the difference of its two ends, since melting depends only on the totals.
    formed: Vec<i16>,
    /// Stones made when every bag is poured: no score exceeds it.
    all_stones: u64,
}

/// Why a Gems Fight game was refused.
///
/// # Examples
///
/// ```
/// use grundy::games::gems_fight::{GemsFight, GemsFightError};
/// let err = GemsFight::new(2, 3, &[vec![2]]).unwrap_err();
/// assert_eq!(err, GemsFightError::Colour { bag: 0, colour: 2, colours: 2 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GemsFightError {
    /// More bags than [`MAX_BAGS`].
    #[error("{bags} bags are more than the {MAX_BAGS} supported")]
    Bags {
        /// The bags given.
        bags: usize,
    },
    /// More colours than [`MAX_COLOURS`].
    #[error("{colours} colours are more than the {MAX_COLOURS} supported")]
    Colours {
        /// The colours given.
        colours: usize,
    },
    /// A stone size of 0, or one so large (with the gems of a bag) that counts overflow.
    #[error("stone size {size} is not supported with these bags")]
    Size {
        /// The stone size `S`.
        size: u32,
    },
    /// A gem of a colour outside `0..colours`.
    #[error("bag {bag} holds colour {colour}, outside 0..{colours}")]
    Colour {
        /// The bag, 0-based.
        bag: usize,
        /// The colour found.
        colour: usize,
        /// The number of colours.
        colours: usize,
    },
    /// More than 255 gems of one colour in all, or more than 100 gems in one bag (so that
    /// one pour makes at most 255 stones).
    #[error("too many gems ({gems}, of colour {colour} and others) for the packed counts")]
    Gems {
        /// The colour.
        colour: usize,
        /// The gems counted (of the colour in all, or in the bag).
        gems: usize,
    },
}

impl GemsFight {
    /// The game with `colours` colours, stones of `size` gems, and `bags` (each the 0-based
    /// colours of its gems).
    ///
    /// # Errors
    ///
    /// [`GemsFightError`] when a limit is exceeded or a colour is out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::gems_fight::GemsFight;
    /// use grundy::Subsets;
    /// let game = GemsFight::new(1, 2, &[vec![0], vec![0, 0]]).unwrap();
    /// assert_eq!((game.items(), game.score_bound()), (2, 1));
    /// ```
    pub fn new(
        colours: usize,
        size: u32,
        bags: &[Vec<usize>],
    ) -> Result<GemsFight, GemsFightError> {
        if bags.len() > MAX_BAGS {
            return Err(GemsFightError::Bags { bags: bags.len() });
        }
        if colours > MAX_COLOURS {
            return Err(GemsFightError::Colours { colours });
        }
        let mut totals = [0usize; MAX_COLOURS];
        let mut most_in_a_bag = 0;
        let mut bag_gems = Box::new([0u64; 32]);
        for (bag, gems) in bags.iter().enumerate() {
            let mut counts = [0usize; MAX_COLOURS];
            if gems.len() > 100 {
                return Err(GemsFightError::Gems {
                    colour: gems[0],
                    gems: gems.len(),
                });
            }
            for &colour in gems {
                if colour >= colours {
                    return Err(GemsFightError::Colour {
                        bag,
                        colour,
                        colours,
                    });
                }
                counts[colour] += 1;
            }
            let mut packed = 0u64;
            for (colour, &n) in counts.iter().enumerate() {
                most_in_a_bag = most_in_a_bag.max(n);
                totals[colour] += n;
                packed |= (n as u64) << (8 * colour);
            }
            bag_gems[bag] = packed;
        }
        if let Some((colour, &gems)) = totals.iter().enumerate().find(|(_, &t)| t > 255) {
            return Err(GemsFightError::Gems { colour, gems });
        }
        // A residue plus a bag's gems must stay below 128 for the byte-wise comparisons.
        if size == 0 || size as usize - 1 + most_in_a_bag > 127 {
            return Err(GemsFightError::Size { size });
        }
        let mut residue = Box::new([0u8; 256]);
        for (v, r) in residue.iter_mut().enumerate() {
            *r = (v as u32 % size) as u8;
        }
        let most_stones = most_in_a_bag.div_ceil(size as usize);
        let thresholds = (1..=most_stones as u64)
            .map(|k| (128 - k * u64::from(size)) * ONES)
            .collect();
        let split = bags.len().min(LOW_BITS);
        let subset_sums = |range: Range<usize>| -> Vec<u64> {
            let width = range.len();
            let mut sums = vec![0u64; 1 << width];
            for set in 1..1usize << width {
                let low = set.trailing_zeros() as usize;
                sums[set] = sums[set & (set - 1)] + bag_gems[range.start + low];
            }
            sums
        };
        let low_gems = subset_sums(0..split);
        let high_gems = subset_sums(split..bags.len());
        let n = bags.len();
        let all_stones = totals.iter().map(|&t| (t / size as usize) as u64).sum();
        // Stones of `taken`, from its low and high halves: floor((l + h) / S) is floor(l / S) +
        // floor(h / S), plus one when the residues add up to S or more. Residues (below S, so
        // their sums and 128 - S fit a byte) are compared for all colours at once.
        let split_stones = |sums: &[u64]| -> (Vec<i16>, Vec<u64>) {
            sums.iter()
                .map(|&gems| {
                    let bytes = gems.to_le_bytes();
                    let stones: i16 = bytes.iter().map(|&b| i16::from(b) / size as i16).sum();
                    let residues = u64::from_le_bytes(bytes.map(|b| residue[b as usize]));
                    (stones, residues)
                })
                .unzip()
        };
        let (low_stones, low_residues) = split_stones(&low_gems);
        let (high_stones, high_residues) = split_stones(&high_gems);
        let carry = u64::from(128 - size) * ONES;
        let mut formed = vec![0i16; 1 << n];
        formed
            .par_chunks_mut(1 << split)
            .enumerate()
            .for_each(|(high, chunk)| {
                let stones = high_stones[high];
                let residues = high_residues[high] + carry;
                let low = low_stones.iter().zip(&low_residues);
                for (cell, (&low_stones, &low_residues)) in chunk.iter_mut().zip(low) {
                    let carried = ((low_residues + residues) & HIGH_BITS) >> 7;
                    let carries = (carried.wrapping_mul(ONES) >> 56) as i16;
                    *cell = stones + low_stones + carries;
                }
            });
        Ok(GemsFight {
            bags: n,
            colours,
            bag_gems,
            residue,
            thresholds,
            low_gems,
            high_gems,
            formed,
            all_stones,
        })
    }

    /// The starting position: no bag taken.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::gems_fight::GemsFight::new(1, 1, &[vec![0], vec![0]]).unwrap();
    /// assert_eq!(game.start(), 0);
    /// ```
    pub fn start(&self) -> u32 {
        0
    }

    /// The cooker's residues (one byte per colour) when the bags `taken` are taken.
    fn cooker(&self, taken: u32) -> u64 {
        let low = taken as usize & ((1 << LOW_BITS) - 1);
        let gems = self.low_gems[low] + self.high_gems[(taken >> LOW_BITS) as usize];
        let mut res = 0u64;
        for colour in 0..self.colours {
            let count = (gems >> (8 * colour)) as u8;
            res |= u64::from(self.residue[count as usize]) << (8 * colour);
        }
        res
    }

    /// The stones made by pouring a bag of `gems` into a cooker of `cooker` residues.
    #[inline]
    fn stones(&self, cooker: u64, gems: u64) -> i64 {
        let sum = cooker + gems;
        // Each byte counts the thresholds its colour reaches (at most 127), then one
        // multiplication adds the bytes up (no popcount instruction needed).
        let mut reached = 0u64;
        for &t in &self.thresholds {
            reached += ((sum + t) & HIGH_BITS) >> 7;
        }
        (reached.wrapping_mul(ONES) >> 56) as i64
    }
}

impl Game for GemsFight {
    /// The set of bags taken, bit `b` for bag `b`.
    type Position = u32;

    fn moves(&self, taken: &u32, out: &mut Vec<Move<u32>>) {
        let cooker = self.cooker(*taken);
        for bag in (0..self.bags).filter(|b| taken & 1 << b == 0) {
            let stones = self.stones(cooker, self.bag_gems[bag & 31]);
            let mv = Move::to(taken | 1 << bag).with_points(stones);
            out.push(if stones > 0 { mv.again() } else { mv });
        }
    }
}

impl Subsets for GemsFight {
    fn items(&self) -> usize {
        self.bags
    }

    fn score_bound(&self) -> u64 {
        self.all_stones
    }

    #[inline]
    fn take<T: ScoreCell>(&self, taken: u32, bag: usize) -> Result<(T, bool), SolveError> {
        let stones = self.formed[(taken | 1 << bag) as usize] - self.formed[taken as usize];
        Ok((T::from(stones), stones > 0))
    }

    #[inline]
    fn take_many<T: ScoreCell>(
        &self,
        bag: usize,
        first: u32,
        points: &mut [T],
        again: &mut [bool],
    ) -> Result<(), SolveError> {
        let n = points.len();
        let before = &self.formed[first as usize..][..n];
        let after = &self.formed[(first | 1 << bag) as usize..][..n];
        for (((p, a), &b), &c) in points.iter_mut().zip(again).zip(before).zip(after) {
            let stones = c - b;
            *p = T::from(stones);
            *a = stones > 0;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
