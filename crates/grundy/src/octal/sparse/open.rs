//! The candidate from the values a block's far and middle parts leave open.
//!
//! With both parts, every rare position from `MID` (see `far`) on has marked a
//! heap's row before its block starts, so the common values left unmarked there (the
//! *open* values) are few, and the heap's candidate is the least of them that the near
//! rare positions (below `MID`) and the heap's own marks do not hit. So the block start
//! finds each heap's first [`OPEN`] open values and compares the near positions' marks
//! with them only, 16 heaps at once ([`guess::check`]), instead of stamping every mark
//! in the block's table; each heap then compares its own marks and takes the first open
//! value left. A heap whose open values are all hit (or that needs a value past its far
//! part's bound) falls back to the table: the block stamps its near marks then, once.
//!
//! The rare values below the candidate that a proof must find are then those the far
//! and middle parts leave unmarked, less the takes: a near mark that gives a rare value
//! (two rare positions, so a pair (a, m - a) with a < `MID`) is left in, and the proof,
//! which scans the pairs from a = 1 on, finds it among the first.

use super::super::direct::Rules;
use super::super::store::Values;
use super::block::{Block, FarBlock, Guesses, BLOCK_HEAPS, OPEN};
use super::guess;

impl Block {
    /// The open values of a middle part (see [`FarBlock::open_among`]), or else found
    /// here among the far part's guesses (the middle part's marks in `far`), and no hits
    /// yet.
    pub(super) fn open(&mut self, far: &FarBlock, mid: &FarBlock) {
        self.open = match mid.opened {
            true => mid.open,
            false => open_values(&far.bits, far.width, &far.guess),
        };
        self.open_hit = [[0; BLOCK_HEAPS]; OPEN];
        self.opened = true;
    }

    /// Compares the marks of the near rare positions `(pos, val)` (see
    /// [`Block::mark_near`]) with the open values, reading partners from `g`.
    #[inline(always)]
    pub(super) fn hit_open(&mut self, rules: &Rules, (pos, val): (&[u32], &[u16]), g: Values) {
        for &k in &rules.split2 {
            let m0 = self.start.saturating_sub(k);
            let range = Block::near_range(pos, m0, self.near_end);
            let (pos, val) = (&pos[range.clone()], &val[range]);
            let (hit, open) = (&mut self.open_hit, &self.open);
            guess::check::<OPEN>(hit, open, pos, val, g.recent, m0 - g.origin);
        }
    }
}

impl Block {
    /// Sets the lanes of the rare positions `pos` below BLOCK_HEAPS, with their values
    /// `val` (see [`Block::low_val`]).
    pub(super) fn low_lanes(&mut self, pos: &[u32], val: &[u16]) {
        self.low_val = [0; BLOCK_HEAPS];
        self.low_mask = [0; BLOCK_HEAPS];
        for (&r, &v) in pos.iter().zip(val) {
            let lane = BLOCK_HEAPS - r as usize;
            self.low_val[lane] = v;
            self.low_mask[lane] = u16::MAX;
        }
    }
}

impl FarBlock {
    /// Finds, in a middle part, the open values of each heap among `guesses` (its far
    /// part's guesses that part B does not hit): those the middle part leaves unmarked.
    /// This runs on the pool, so the candidates' thread finds them made.
    pub(super) fn open_among(&mut self, guesses: &Guesses) {
        self.open = open_values(&self.bits, self.width, guesses);
        self.opened = true;
    }
}

/// Each heap's first [`OPEN`] values among `guesses` (ascending, u16::MAX past them) that
/// its row of `bits` (rows of `width` values) leaves unmarked (u16::MAX where fewer). Every
/// common value up to the far part's bound that part A leaves is a guess (less those part
/// B hits), so with the middle part's marks in `bits` these are the open values.
fn open_values(bits: &[u64], width: usize, guesses: &Guesses) -> [[u16; BLOCK_HEAPS]; OPEN] {
    let mut open = [[u16::MAX; BLOCK_HEAPS]; OPEN];
    let words = width / 64;
    for j in 0..BLOCK_HEAPS {
        let row = &bits[j * words..(j + 1) * words];
        let mut count = 0;
        for guess in guesses {
            let value = usize::from(guess[j]);
            let Some(&seen) = row.get(value / 64) else {
                break;
            };
            if seen >> (value % 64) & 1 == 0 {
                open[count][j] = value as u16;
                count += 1;
                if count == OPEN {
                    break;
                }
            }
        }
    }
    open
}
