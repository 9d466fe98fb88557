//! The values of the tiers a tier's moves reach, as its solving reads them. A process alone
//! holds those tiers whole. Split across processes, each holds only its own blocks of
//! every tier (`split`), and solves its blocks of a tier a round of blocks at a time
//! (`solve`): for each round it fetches the values the round's moves reach ([`fetch`]). It
//! expands the round's blocks, lists the child ranks each block reaches (ascending, each
//! once), asks each rank's owner for them (one all-to-all of offsets within their blocks,
//! or a block's bits where most of it is asked for, all child tiers at once) and keeps the
//! answers, each block asked for with its ranks (their offsets or the block's bits) beside
//! their values. A child rank costs its value and two bytes of offset (at most 1.25 bits a
//! rank of a block kept as bits), for the ranks a round asks for only: no process holds a
//! bit a rank of a whole child tier.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::{ControlFlow, Range};

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

/// The values of a tier that a process fetched: the blocks asked for (ascending), each
/// with its ranks, and their values in order of rank. A block's ranks are kept as their
/// offsets within the block (two bytes each) or, when more than [`dense`] allows, as its
/// bits (a bit a rank, with a count of the bits before each word: 1.25 bits a rank).
struct Fetched {
    /// The tier's ranks.
    size: u64,
    /// The numbers of the blocks asked for, ascending, and where each one's ranks are.
    numbers: Vec<u64>,
    blocks: Vec<Asked>,
    offsets: Vec<u16>,
    words: Vec<u64>,
    /// For each word of `words`, the bits set before it in its block.
    before: Vec<u16>,
    /// The ranks asked for, in all.
    count: usize,
    values: Vec<u8>,
}

/// A block's ranks asked for, in a [`Fetched`]: the index of its first value, how many,
/// and where its offsets (from an index of `offsets`) or its bits (from a word of `words`)
/// are.
#[derive(Clone, Copy, Debug)]
struct Asked {
    first: usize,
    count: usize,
    at: usize,
}

/// Whether `count` ranks of a block are kept (and asked for) as the block's bits rather
/// than their offsets: when the offsets would take more room.
fn dense(count: usize) -> bool {
    count * 2 > BLOCK / 8 + BLOCK / 32
}

/// The ranks of block `number` of a tier of `size` ranks (the last block may be short;
/// none past the tier).
fn block_len(size: u64, number: u64) -> usize {
    size.saturating_sub(number.saturating_mul(BLOCK as u64))
        .min(BLOCK as u64) as usize
}

impl Fetched {
    /// The ranks `asked` of a tier of `size` ranks (ascending, each once), kept block by
    /// block, their values not yet there.
    fn new(size: u64, asked: impl Iterator<Item = u64>) -> Fetched {
        let mut fetched = Fetched {
            size,
            numbers: Vec::new(),
            blocks: Vec::new(),
            offsets: Vec::new(),
            words: Vec::new(),
            before: Vec::new(),
            count: 0,
            values: Vec::new(),
        };
        let mut group: Vec<u16> = Vec::new();
        let mut number = None;
        for rank in asked {
            let this = rank / BLOCK as u64;
            if number != Some(this) {
                if let Some(done) = number {
                    fetched.push(done, &group);
                }
                group.clear();
                number = Some(this);
            }
            group.push((rank % BLOCK as u64) as u16);
        }
        if let Some(done) = number {
            fetched.push(done, &group);
        }
        fetched
    }

    /// Adds block `number` with the ranks of offsets `group` (ascending).
    fn push(&mut self, number: u64, group: &[u16]) {
        let count = group.len();
        let at = match dense(count) {
            true => {
                let at = self.words.len();
                let len = block_len(self.size, number).div_ceil(64).max(1);
                self.words.resize(at + len, 0);
                for &o in group {
                    if let Some(word) = self.words.get_mut(at + usize::from(o) / 64) {
                        *word |= 1 << (o % 64);
                    }
                }
                // At most 63 * 1024 bits come before a block's last word.
                let mut before = 0u32;
                for w in &self.words[at..] {
                    self.before.push(before as u16);
                    before += w.count_ones();
                }
                at
            }
            false => {
                let at = self.offsets.len();
                self.offsets.extend_from_slice(group);
                at
            }
        };
        self.numbers.push(number);
        self.blocks.push(Asked {
            first: self.count,
            count,
            at,
        });
        self.count += count;
    }

    /// The words of block `j`'s bits (kept as bits).
    fn words_of(&self, j: usize) -> &[u64] {
        let len = block_len(self.size, self.numbers[j]).div_ceil(64).max(1);
        &self.words[self.blocks[j].at..self.blocks[j].at + len]
    }

    /// The bytes kept, values included, at `width` bytes a value.
    fn bytes(&self, width: usize) -> u64 {
        (self.offsets.len() * 2 + self.words.len() * 10 + self.blocks.len() * 32) as u64
            + (self.count * width) as u64
    }

    /// The index of `rank` among the ranks fetched, if it is one.
    fn index(&self, rank: u64) -> Option<usize> {
        let j = self.numbers.binary_search(&(rank / BLOCK as u64)).ok()?;
        let offset = (rank % BLOCK as u64) as usize;
        let asked = self.blocks[j];
        match dense(asked.count) {
            false => {
                let found = self.offsets[asked.at..asked.at + asked.count]
                    .binary_search(&(offset as u16))
                    .ok()?;
                Some(asked.first + found)
            }
            true => {
                let at = asked.at + offset / 64;
                let bits = *self.words_of(j).get(offset / 64)?;
                let below = bits & ((1u64 << (offset % 64)) - 1);
                (bits >> (offset % 64) & 1 == 1).then(|| {
                    asked.first + usize::from(self.before[at]) + below.count_ones() as usize
                })
            }
        }
    }

    /// Appends to `out` block `j`'s question: its number, its count of ranks, then their
    /// offsets or the block's bits.
    fn ask(&self, j: usize, out: &mut Vec<u8>) {
        let asked = self.blocks[j];
        out.extend_from_slice(&self.numbers[j].to_le_bytes());
        out.extend_from_slice(&(asked.count as u32).to_le_bytes());
        match dense(asked.count) {
            true => out.extend(self.words_of(j).iter().flat_map(|w| w.to_le_bytes())),
            false => out.extend(
                self.offsets[asked.at..asked.at + asked.count]
                    .iter()
                    .flat_map(|o| o.to_le_bytes()),
            ),
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

/// What a process of a split build solves a tier from: its marks of its blocks of the tier
/// (`reach`, one block after the other), its own blocks' values of every tier the moves
/// reach (`shares`, each one block after the other, `width` bytes a rank), from which it
/// answers the others, and the bytes it holds besides what it fetches (`held`: its shares
/// and its blocks of the tier), which a round's fetch is checked against `budget` with.
pub(super) struct Split<'s> {
    pub(super) reach: &'s [u64],
    pub(super) shares: &'s [(u32, &'s [u8])],
    pub(super) width: usize,
    pub(super) ranks: &'s Ranks<'s>,
    pub(super) budget: &'s Budget,
    pub(super) held: u64,
}

/// The values that this process's blocks `blocks` of tier `k` need (by their index among
/// its own, [`Owner::block`]; an empty range for a process with none left), fetched from
/// their owners as `split` says. Every process calls it at the same step, and answers the
/// others' questions from its shares. The bytes of the ranks fetched are checked against
/// the budget before their values are allocated.
pub(super) fn fetch<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    blocks: Range<usize>,
    split: &Split<'_>,
) -> Result<Above<'static>, DbError> {
    let Split {
        reach,
        shares,
        width,
        ranks,
        budget,
        held,
    } = *split;
    let owner = ranks.owner();
    let size = game.tier_size(k);
    let children: Vec<u32> = game
        .child_tiers(k)
        .into_iter()
        .filter(|&t| t != k)
        .collect();
    // Each block's child ranks, tier by tier, ascending and each once.
    let listed = budget
        .check_cancelled()
        .map_err(DbError::from)
        .and_then(|()| {
            blocks
                .into_par_iter()
                .map(|i| -> Result<Vec<Vec<u64>>, DbError> {
                    budget.check_cancelled()?;
                    let b = owner.block(i);
                    let first = (b * BLOCK) as u64;
                    let len = (size - first).min(BLOCK as u64) as usize;
                    let mut lists = vec![Vec::new(); children.len()];
                    let mut ranks = set_bits(owner.words(reach, b, len).iter().copied(), first);
                    game.expand_ranks(k, &mut ranks, &mut |_, end, moves| {
                        if end.is_none() {
                            for child in moves {
                                if let Some(c) = children.iter().position(|&t| t == child.tier) {
                                    lists[c].push(child.rank);
                                }
                            }
                        }
                        ControlFlow::Continue(())
                    });
                    for list in &mut lists {
                        list.sort_unstable();
                        list.dedup();
                        list.shrink_to_fit();
                    }
                    Ok(lists)
                })
                .collect::<Result<Vec<_>, DbError>>()
        });
    let mut listed = ranks.agree(listed)?;
    let mut asked: Vec<Fetched> = Vec::with_capacity(children.len());
    for (c, &t) in children.iter().enumerate() {
        let lists: Vec<Vec<u64>> = listed
            .iter_mut()
            .map(|l| std::mem::take(&mut l[c]))
            .collect();
        asked.push(Fetched::new(game.tier_size(t), merged(lists)));
    }
    drop(listed);
    // What is kept (offsets or bits, and values), checked before the values are allocated,
    // with the questions and answers in flight, beside what the process holds.
    let kept: u64 = asked.iter().map(|f| f.bytes(width)).sum();
    let fits = budget.check_bytes(held.saturating_add(kept.saturating_mul(2)));
    ranks.agree(fits.map_err(DbError::from))?;
    // To each owner, for each child tier in order: how many of its blocks are asked for,
    // then each one's question.
    let mut parts = vec![Vec::new(); owner.size()];
    for fetched in &asked {
        let mut bodies = vec![(0u32, Vec::new()); owner.size()];
        for (j, &number) in fetched.numbers.iter().enumerate() {
            let (count, body) = &mut bodies[(number % owner.size() as u64) as usize];
            *count += 1;
            fetched.ask(j, body);
        }
        for (part, (count, body)) in parts.iter_mut().zip(bodies) {
            part.extend_from_slice(&count.to_le_bytes());
            part.extend_from_slice(&body);
        }
    }
    let questions = ranks.all_to_all(parts)?;
    let answers: Result<Vec<Vec<u8>>, DbError> = questions
        .par_iter()
        .enumerate()
        .map(|(from, question)| answer(game, &children, shares, width, owner, question, from))
        .collect();
    drop(questions);
    let answers = ranks.agree(answers)?;
    for fetched in &mut asked {
        fetched.values = vec![ABSENT; fetched.count * width];
    }
    let got = ranks.all_to_all(answers)?;
    ranks.agree(fill(&mut asked, &children, width, owner, &got))?;
    Ok(Above {
        width,
        tiers: children
            .into_iter()
            .zip(asked)
            .map(|(t, f)| (t, Held::Fetched(f)))
            .collect(),
    })
}

/// The ranks of ascending `lists`, ascending and each once.
fn merged(lists: Vec<Vec<u64>>) -> impl Iterator<Item = u64> {
    let mut heads: BinaryHeap<Reverse<(u64, usize)>> = lists
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.first().map(|&r| Reverse((r, i))))
        .collect();
    let mut next = vec![1usize; lists.len()];
    let mut last = None;
    std::iter::from_fn(move || loop {
        let Reverse((rank, i)) = heads.pop()?;
        if let Some(&r) = lists[i].get(next[i]) {
            heads.push(Reverse((r, i)));
            next[i] += 1;
        }
        if last != Some(rank) {
            last = Some(rank);
            return Some(rank);
        }
    })
}

/// Puts every process's answers (`got`, by rank: the values of the ranks asked of it,
/// child tier by child tier, block by block in order) into `asked`.
fn fill(
    asked: &mut [Fetched],
    children: &[u32],
    width: usize,
    owner: Owner,
    got: &[Vec<u8>],
) -> Result<(), DbError> {
    let mut rests: Vec<&[u8]> = got.iter().map(Vec::as_slice).collect();
    for (fetched, &t) in asked.iter_mut().zip(children) {
        for (&number, &asked) in fetched.numbers.iter().zip(&fetched.blocks) {
            let from = (number % owner.size() as u64) as usize;
            let rest = rests.get_mut(from).ok_or_else(|| cut(from, t))?;
            let (these, after) = rest
                .split_at_checked(asked.count * width)
                .ok_or_else(|| cut(from, t))?;
            let first = asked.first * width;
            fetched.values[first..first + these.len()].copy_from_slice(these);
            *rest = after;
        }
    }
    match rests.iter().position(|r| !r.is_empty()) {
        None => Ok(()),
        Some(from) => Err(DbError::Cluster {
            rank: from,
            why: "it answered more values than were asked for".into(),
        }),
    }
}

/// This process's answer to process `from`'s `question` (for each child tier of
/// `children` in order, how many of this process's blocks are asked for, then for each its
/// number, a count of ranks and their offsets or the block's bits): their values in
/// `shares` (this process's blocks of each tier), in order.
fn answer<G: TierGame + ?Sized>(
    game: &G,
    children: &[u32],
    shares: &[(u32, &[u8])],
    width: usize,
    owner: Owner,
    question: &[u8],
    from: usize,
) -> Result<Vec<u8>, DbError> {
    let bad = || DbError::Cluster {
        rank: from,
        why: "its question for values came cut".into(),
    };
    let mut rest = question;
    let mut take = |n: usize| -> Result<&[u8], DbError> {
        let (these, after) = rest.split_at_checked(n).ok_or_else(bad)?;
        rest = after;
        Ok(these)
    };
    let mut out = Vec::new();
    let mut offsets = Vec::new();
    for &t in children {
        let size = game.tier_size(t);
        let share = shares
            .iter()
            .find(|(s, _)| *s == t)
            .map_or(&[][..], |(_, v)| *v);
        let blocks = u32::from_le_bytes(take(4)?.try_into().map_err(|_| bad())?);
        for _ in 0..blocks {
            let number = u64::from_le_bytes(take(8)?.try_into().map_err(|_| bad())?);
            let count = u32::from_le_bytes(take(4)?.try_into().map_err(|_| bad())?) as usize;
            let len = block_len(size, number);
            if len == 0 || !owner.owns(number as usize) {
                return Err(bad());
            }
            offsets.clear();
            match dense(count) {
                true => {
                    let words = take(len.div_ceil(64) * 8)?
                        .chunks_exact(8)
                        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")));
                    offsets.extend(set_bits(words, 0));
                }
                false => offsets.extend(
                    take(count * 2)?
                        .chunks_exact(2)
                        .map(|o| u64::from(u16::from_le_bytes([o[0], o[1]]))),
                ),
            }
            if offsets.len() != count {
                return Err(bad());
            }
            for &offset in &offsets {
                let rank = number * BLOCK as u64 + offset;
                let at = owner.index(rank) * width;
                match offset < len as u64 {
                    true => out.extend_from_slice(share.get(at..at + width).ok_or_else(bad)?),
                    false => return Err(bad()),
                }
            }
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
