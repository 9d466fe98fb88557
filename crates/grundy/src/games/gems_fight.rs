//! Gems Fight (hdu4778): bags of coloured gems poured into a shared cooker, bonus turns.
//!
//! Players alternately take one untaken bag and pour its gems into the cooker. Whenever `S`
//! gems of one colour are in the cooker they melt into one magic stone for the player who
//! poured (repeatedly, while any colour has `S` or more); a player who made a stone moves
//! again. Play ends when every bag is taken; the value is the mover's stones minus the
//! other's.
//!
//! A position is the set of untaken bags: the cooker holds, of each colour, the gems of the
//! taken bags modulo `S`, so it is a function of the set. Pouring a bag earns
//! `floor((r + n) / S)` stones per colour, where `r` is the colour's residue and `n` the bag's
//! gems of that colour, and grants another turn when that is positive ([`Move::again`]).
//!
//! The positions are numbered for tiered tables ([`Indexed`]): tier `t` holds the sets of `t`
//! untaken bags, in colexicographic order (the order in which Gosper's hack enumerates them),
//! so taking a bag moves to the tier below. [`Indexed::indexed_moves`] numbers every
//! successor directly: a set's colex rank is `sum C(p_i, i)` over its members `p_1 < p_2 <
//! ...`, and removing member `p_j` lowers the indices of those above it by one, so one pass
//! gives the ranks of all successors. Gem counts are packed one colour per byte, so the
//! cooker of any set of taken bags is two table reads (low and high halves of the set).
//!
//! Stones depend only on the totals poured: after pouring a set of bags, `sum floor(T_c / S)`
//! stones have melted, `T_c` the set's gems of colour `c`, whatever the order. So the
//! numbered moves read a move's stones as the difference of that count, tabled once per
//! position, at its two ends; [`Game::moves`] counts them from the cooker's residues
//! instead (all colours at once by byte-wise comparisons), and the tests compare the two.

use std::ops::{ControlFlow, Range};

use rayon::prelude::*;
use thiserror::Error;

use crate::model::{Game, Indexed, Move};

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
/// use grundy::solve::tiered::solve_scores;
/// use grundy::{Budget, Indexed};
///
/// // hdu4778's first sample: 3 colours, S = 3, four bags (colours 0-based).
/// let bags = vec![vec![1, 2], vec![0, 2], vec![0, 1], vec![1, 2, 0]];
/// let game = GemsFight::new(3, 3, &bags).unwrap();
/// let table = solve_scores(&game, &Budget::default()).unwrap();
/// assert_eq!(table.get(game.index(&game.start())), 3);
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
    /// `binomial[p][k]` = C(p, k).
    binomial: Box<[[u32; 32]; 32]>,
    /// Tier `t` is `tier_start[t]..tier_start[t + 1]`.
    tier_start: Vec<usize>,
    /// The set of untaken bags of each index.
    sets: Vec<u32>,
    /// `formed[i]`: stones made in all by pouring the bags taken at index `i`. A move's
    /// stones are the difference of its two ends, since melting depends only on the totals.
    formed: Vec<u16>,
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
    /// use grundy::Indexed;
    /// let game = GemsFight::new(1, 2, &[vec![0], vec![0, 0]]).unwrap();
    /// assert_eq!(game.len(), 4);
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
        let mut binomial = Box::new([[0u32; 32]; 32]);
        for p in 0..32 {
            binomial[p][0] = 1;
            for k in 1..=p {
                binomial[p][k] = binomial[p - 1][k - 1] + binomial[p - 1][k];
            }
        }
        let n = bags.len();
        let mut tier_start = vec![0usize];
        let mut sets = Vec::with_capacity(1 << n);
        for t in 0..=n {
            // Gosper's hack: the t-subsets of 0..n in increasing order, which is colex order.
            let mut set: u64 = (1 << t) - 1;
            while set < 1 << n {
                sets.push(set as u32);
                if set == 0 {
                    break;
                }
                let low = set & set.wrapping_neg();
                let ripple = set + low;
                set = (((ripple ^ set) >> 2) >> low.trailing_zeros()) | ripple;
            }
            tier_start.push(sets.len());
        }
        let all_stones = totals.iter().map(|&t| (t / size as usize) as u64).sum();
        let quotient: Vec<u16> = (0..256u32).map(|v| (v / size) as u16).collect();
        let everything = ((1u64 << n) - 1) as u32;
        let formed = sets
            .par_iter()
            .map(|&untaken| {
                let taken = (everything ^ untaken) as usize;
                let gems = low_gems[taken & ((1 << LOW_BITS) - 1)] + high_gems[taken >> LOW_BITS];
                (0..colours)
                    .map(|colour| quotient[(gems >> (8 * colour)) as u8 as usize])
                    .sum()
            })
            .collect();
        Ok(GemsFight {
            bags: n,
            colours,
            bag_gems,
            residue,
            thresholds,
            low_gems,
            high_gems,
            binomial,
            tier_start,
            sets,
            formed,
            all_stones,
        })
    }

    /// The starting position: every bag untaken.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = grundy::games::gems_fight::GemsFight::new(1, 1, &[vec![0], vec![0]]).unwrap();
    /// assert_eq!(game.start(), 0b11);
    /// ```
    pub fn start(&self) -> u32 {
        ((1u64 << self.bags) - 1) as u32
    }

    /// The cooker's residues (one byte per colour) when the bags outside `untaken` are taken.
    fn cooker(&self, untaken: u32) -> u64 {
        let taken = self.start() ^ untaken;
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

    /// The colex rank of `set` among the sets of its size.
    fn rank(&self, set: u32) -> usize {
        let (mut rest, mut res, mut k) = (set, 0usize, 1);
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            res += self.binomial[p & 31][k & 31] as usize;
            k += 1;
        }
        res
    }
}

impl Game for GemsFight {
    /// The set of untaken bags, bit `b` for bag `b`.
    type Position = u32;

    fn moves(&self, untaken: &u32, out: &mut Vec<Move<u32>>) {
        let cooker = self.cooker(*untaken);
        let mut rest = *untaken;
        while rest != 0 {
            let bag = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let stones = self.stones(cooker, self.bag_gems[bag & 31]);
            let mv = Move::to(untaken ^ 1 << bag).with_points(stones);
            out.push(if stones > 0 { mv.again() } else { mv });
        }
    }
}

impl Indexed for GemsFight {
    fn len(&self) -> usize {
        self.sets.len()
    }

    fn index(&self, untaken: &u32) -> usize {
        self.tier_start[untaken.count_ones() as usize] + self.rank(*untaken)
    }

    fn position(&self, index: usize) -> u32 {
        self.sets[index]
    }

    fn tiers(&self) -> usize {
        self.bags + 1
    }

    fn tier_range(&self, tier: usize) -> Range<usize> {
        self.tier_start[tier]..self.tier_start[tier + 1]
    }

    fn score_bound(&self) -> Option<u64> {
        Some(self.all_stones)
    }

    fn indexed_moves(&self, index: usize, out: &mut Vec<Move<usize>>) {
        self.each_move(index, |m| {
            out.push(m);
            ControlFlow::Continue(())
        });
    }

    fn visit_moves<F>(&self, index: usize, _buf: &mut Vec<Move<usize>>, visit: F)
    where
        F: FnMut(Move<usize>) -> ControlFlow<()>,
    {
        self.each_move(index, visit);
    }
}

impl GemsFight {
    /// Calls `visit` on each move from the position numbered `index`, successors numbered
    /// directly, until it breaks.
    #[inline]
    fn each_move(&self, index: usize, mut visit: impl FnMut(Move<usize>) -> ControlFlow<()>) {
        let untaken = self.sets[index];
        if untaken == 0 {
            return;
        }
        let formed_here = i64::from(self.formed[index]);
        let tier = untaken.count_ones() as usize;
        let rank = index - self.tier_start[tier];
        let base = self.tier_start[tier - 1];
        // Members from the highest down. Without member j (place j from 1), the members
        // above it drop one place: rank - sum_{i >= j} C(p_i, i) + sum_{i > j} C(p_i, i - 1).
        let (mut suffix, mut suffix_shifted) = (0usize, 0usize);
        let (mut rest, mut place) = (untaken, tier);
        while rest != 0 {
            let bag = (31 - rest.leading_zeros()) as usize & 31;
            rest ^= 1 << bag;
            let row = &self.binomial[bag];
            suffix += row[place & 31] as usize;
            let to = base + rank - suffix + suffix_shifted;
            suffix_shifted += row[(place - 1) & 31] as usize;
            place -= 1;
            let points = i64::from(self.formed[to]) - formed_here;
            let flow = visit(Move {
                to,
                points,
                again: points > 0,
            });
            if flow.is_break() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests;
