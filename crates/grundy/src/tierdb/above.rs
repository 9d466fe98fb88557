//! The values of the tiers a tier's moves reach, as its solving reads them. A process alone
//! holds those tiers whole. Split across processes, each holds only its own blocks of
//! every tier (`split`), and before it solves its blocks of a tier it fetches the values
//! its blocks' moves reach: it expands its reachable positions, marks the child ranks they
//! reach, asks each rank's owner for them (an all-to-all of offsets within their blocks)
//! and keeps the answers, each block's ranks (their offsets, or the block's bits where
//! most are asked for) beside their values. A child rank costs its value and two bytes of
//! offset (at most 1.25 bits a rank of a block kept as bits), for the ranks asked for only.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::build::set_bits;
use super::error::DbError;
use super::game::{Place, TierGame};
use super::layout::BLOCK;
use super::split::{Owner, Ranks};
use super::value::ABSENT;
use crate::limits::Budget;

/// The values of the tiers a tier's moves reach, `width` bytes a rank.
pub(super) struct Above<'a> {
    width: usize,
    tiers: Vec<(u32, Held<'a>)>,
}

/// One tier's values as held.
enum Held<'a> {
    /// Every rank's, in order.
    Whole(&'a [u8]),
    /// Those fetched.
    Fetched(Fetched),
}

/// The values of a tier that a process fetched: the ranks asked for, block by block, and
/// their values in order of rank. A block's ranks are kept as their offsets within the
/// block (two bytes each) or, when more than [`dense`] allows, as its bits (a bit a rank,
/// with a count of the bits before each word: 1.25 bits a rank).
struct Fetched {
    blocks: Vec<Asked>,
    offsets: Vec<u16>,
    words: Vec<u64>,
    /// For each word of `words`, the bits set before it in its block.
    before: Vec<u16>,
    values: Vec<u8>,
}

/// A block's ranks asked for, in a [`Fetched`]: the index of its first value, and where
/// its offsets (a range of `offsets`) or its bits (from a word of `words`) are.
#[derive(Clone, Copy, Debug)]
enum Asked {
    Offsets {
        first: usize,
        from: usize,
        to: usize,
    },
    Bits {
        first: usize,
        word: usize,
    },
}

/// Whether `count` ranks of a block are kept (and asked for) as the block's bits rather
/// than their offsets: when the offsets would take more room.
fn dense(count: usize) -> bool {
    count * 2 > BLOCK / 8 + BLOCK / 32
}

impl Fetched {
    /// The index of `rank` among the ranks fetched, if it is one.
    fn index(&self, rank: u64) -> Option<usize> {
        let block = usize::try_from(rank / BLOCK as u64).ok()?;
        let offset = (rank % BLOCK as u64) as usize;
        match *self.blocks.get(block)? {
            Asked::Offsets { first, from, to } => {
                let found = self.offsets[from..to]
                    .binary_search(&(offset as u16))
                    .ok()?;
                Some(first + found)
            }
            Asked::Bits { first, word } => {
                let at = word + offset / 64;
                let bits = *self.words.get(at)?;
                let below = bits & ((1u64 << (offset % 64)) - 1);
                (bits >> (offset % 64) & 1 == 1)
                    .then(|| first + usize::from(self.before[at]) + below.count_ones() as usize)
            }
        }
    }
}

impl<'a> Above<'a> {
    /// The tiers `tiers`, each held whole, of `width` bytes a rank.
    pub(super) fn whole(width: usize, tiers: &[(u32, &'a [u8])]) -> Above<'a> {
        Above {
            width,
            tiers: tiers.iter().map(|&(t, v)| (t, Held::Whole(v))).collect(),
        }
    }

    /// The bytes of the position at `at` (its value), when held and not [`ABSENT`].
    pub(super) fn get(&self, at: Place) -> Option<&[u8]> {
        let (_, held) = self.tiers.iter().find(|(t, _)| *t == at.tier)?;
        let (i, values) = match held {
            Held::Whole(values) => (usize::try_from(at.rank).ok()?, *values),
            Held::Fetched(fetched) => (fetched.index(at.rank)?, fetched.values.as_slice()),
        };
        let cell = values.get(i.checked_mul(self.width)?..(i + 1) * self.width)?;
        (cell[0] != ABSENT).then_some(cell)
    }

    /// The tiers held whole, for retrograde analysis (on one process only).
    pub(super) fn whole_tiers(&self) -> Vec<(u32, &[u8])> {
        self.tiers
            .iter()
            .filter_map(|(t, held)| match held {
                Held::Whole(values) => Some((*t, *values)),
                Held::Fetched(_) => None,
            })
            .collect()
    }
}

/// The values that this process's blocks of tier `k` need, fetched from their owners:
/// `reach` is its marks of its blocks of tier `k` (one after the other), `shares` its own
/// blocks' values of every tier the moves reach (each one block after the other, `width`
/// bytes a rank), from which it answers the others. Every process calls it at the same
/// step. The bytes of the ranks fetched are checked against `budget` before they are
/// allocated.
pub(super) fn fetch<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    reach: &[u64],
    shares: &[(u32, &[u8])],
    width: usize,
    ranks: &Ranks<'_>,
    budget: &Budget,
) -> Result<Above<'static>, DbError> {
    let owner = ranks.owner();
    let children: Vec<u32> = game
        .child_tiers(k)
        .into_iter()
        .filter(|&t| t != k)
        .collect();
    // The child ranks this process's moves reach, one bit a rank of each child tier.
    let wanted: Vec<Vec<AtomicU64>> = children
        .iter()
        .map(|&t| {
            (0..game.tier_size(t).div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect()
        })
        .collect();
    let marked = budget
        .check_cancelled()
        .map_err(DbError::from)
        .and_then(|()| {
            (0..owner.own_blocks(game.tier_size(k)))
                .into_par_iter()
                .try_for_each(|i| -> Result<(), DbError> {
                    budget.check_cancelled()?;
                    let b = owner.block(i);
                    let first = (b * BLOCK) as u64;
                    let len = (game.tier_size(k) - first).min(BLOCK as u64) as usize;
                    let words = owner.words(reach, b, len);
                    let mut ranks = set_bits(words.iter().copied(), first);
                    game.expand_ranks(k, &mut ranks, &mut |_, end, moves| {
                        if end.is_none() {
                            for child in moves {
                                let bits = children
                                    .iter()
                                    .position(|&t| t == child.tier)
                                    .and_then(|i| wanted[i].get((child.rank / 64) as usize));
                                if let Some(word) = bits {
                                    word.fetch_or(1 << (child.rank % 64), Ordering::Relaxed);
                                }
                            }
                        }
                        ControlFlow::Continue(())
                    });
                    Ok(())
                })
        });
    ranks.agree(marked)?;
    let mut tiers = Vec::with_capacity(children.len());
    for (&t, bits) in children.iter().zip(wanted) {
        let share = shares
            .iter()
            .find(|(s, _)| *s == t)
            .map_or(&[][..], |(_, v)| *v);
        let fetched = fetch_tier(game, t, bits, share, width, ranks, budget);
        tiers.push((t, Held::Fetched(ranks.agree(fetched)?)));
    }
    Ok(Above { width, tiers })
}

/// The values of tier `t`'s ranks whose bits are set in `bits`, asked of their owners, as
/// this process answers theirs from `share` (its own blocks of tier `t`).
fn fetch_tier<G: TierGame + ?Sized>(
    game: &G,
    t: u32,
    bits: Vec<AtomicU64>,
    share: &[u8],
    width: usize,
    ranks: &Ranks<'_>,
    budget: &Budget,
) -> Result<Fetched, DbError> {
    let owner = ranks.owner();
    let size = game.tier_size(t);
    let blocks = size.div_ceil(BLOCK as u64) as usize;
    let bits: Vec<u64> = bits.into_iter().map(AtomicU64::into_inner).collect();
    let of_block = |b: usize| &bits[b * BLOCK / 64..((b + 1) * BLOCK / 64).min(bits.len())];
    let counts: Vec<usize> = (0..blocks)
        .map(|b| of_block(b).iter().map(|w| w.count_ones() as usize).sum())
        .collect();
    // What is kept (offsets or bits, and values), checked before it is allocated, with
    // the questions and answers in flight.
    let kept: u64 = (0..blocks)
        .map(|b| match dense(counts[b]) {
            true => of_block(b).len() as u64 * 10 + (counts[b] * width) as u64,
            false => (counts[b] * (2 + width)) as u64,
        })
        .sum();
    let fits = budget.check_bytes(kept.saturating_mul(2));
    ranks.agree(fits.map_err(DbError::from))?;
    let mut fetched = Fetched {
        blocks: Vec::with_capacity(blocks),
        offsets: Vec::new(),
        words: Vec::new(),
        before: Vec::new(),
        values: Vec::new(),
    };
    // To each owner, for each of its blocks in order: how many ranks, then their offsets
    // or the block's bits.
    let mut parts = vec![Vec::new(); owner.size()];
    let mut first = 0;
    for b in 0..blocks {
        let part = &mut parts[b % owner.size()];
        part.extend_from_slice(&(counts[b] as u32).to_le_bytes());
        let words = of_block(b);
        match dense(counts[b]) {
            true => {
                let word = fetched.words.len();
                // At most 63 * 1024 bits come before a block's last word.
                let mut before = 0u32;
                for &w in words {
                    fetched.before.push(before as u16);
                    before += w.count_ones();
                }
                fetched.words.extend_from_slice(words);
                part.extend(words.iter().flat_map(|w| w.to_le_bytes()));
                fetched.blocks.push(Asked::Bits { first, word });
            }
            false => {
                let from = fetched.offsets.len();
                fetched
                    .offsets
                    .extend(set_bits(words.iter().copied(), 0).map(|o| o as u16));
                let to = fetched.offsets.len();
                part.extend(
                    fetched.offsets[from..to]
                        .iter()
                        .flat_map(|o| o.to_le_bytes()),
                );
                fetched.blocks.push(Asked::Offsets { first, from, to });
            }
        }
        first += counts[b];
    }
    drop(bits);
    let questions = ranks.all_to_all(parts)?;
    let answers: Result<Vec<Vec<u8>>, DbError> = questions
        .par_iter()
        .enumerate()
        .map(|(from, question)| answer(size, owner, question, share, width, from))
        .collect();
    drop(questions);
    let answers = ranks.agree(answers)?;
    fetched.values = vec![ABSENT; first * width];
    for (from, got) in ranks.all_to_all(answers)?.into_iter().enumerate() {
        let mut rest = got.as_slice();
        for b in (from..blocks).step_by(owner.size()) {
            let start = match fetched.blocks[b] {
                Asked::Offsets { first, .. } | Asked::Bits { first, .. } => first * width,
            };
            let end = start + counts[b] * width;
            let (these, after) = rest
                .split_at_checked(end - start)
                .ok_or_else(|| cut(from, t))?;
            fetched.values[start..end].copy_from_slice(these);
            rest = after;
        }
        if !rest.is_empty() {
            return Err(cut(from, t));
        }
    }
    Ok(fetched)
}

/// This process's answer to process `from`'s `question` (for each of its blocks of a tier
/// of `size` ranks in order, a count of ranks and their offsets or the block's bits):
/// their values in `share`, in order.
fn answer(
    size: u64,
    owner: Owner,
    question: &[u8],
    share: &[u8],
    width: usize,
    from: usize,
) -> Result<Vec<u8>, DbError> {
    let bad = || DbError::Cluster {
        rank: from,
        why: "its question for values came cut".into(),
    };
    let mut rest = question;
    let mut out = Vec::new();
    let mut offsets = Vec::new();
    for i in 0..owner.own_blocks(size) {
        let (count, after) = rest.split_at_checked(4).ok_or_else(bad)?;
        let count = u32::from_le_bytes(count.try_into().map_err(|_| bad())?) as usize;
        offsets.clear();
        rest = match dense(count) {
            true => {
                let len = (size - (owner.block(i) * BLOCK) as u64).min(BLOCK as u64);
                let (words, after) = after
                    .split_at_checked(len.div_ceil(64) as usize * 8)
                    .ok_or_else(bad)?;
                let words = words
                    .chunks_exact(8)
                    .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")));
                offsets.extend(set_bits(words, 0).map(|o| o as usize));
                after
            }
            false => {
                let (asked, after) = after.split_at_checked(count * 2).ok_or_else(bad)?;
                offsets.extend(
                    asked
                        .chunks_exact(2)
                        .map(|o| usize::from(u16::from_le_bytes([o[0], o[1]]))),
                );
                after
            }
        };
        if offsets.len() != count {
            return Err(bad());
        }
        for &offset in &offsets {
            let at = (i * BLOCK + offset) * width;
            out.extend_from_slice(share.get(at..at + width).ok_or_else(bad)?);
        }
    }
    match rest.is_empty() {
        true => Ok(out),
        false => Err(bad()),
    }
}

/// The error of values of tier `t` that came cut from process `from`.
fn cut(from: usize, t: u32) -> DbError {
    DbError::Cluster {
        rank: from,
        why: format!("its values of tier {t} came cut"),
    }
}
