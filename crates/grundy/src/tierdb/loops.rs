//! Tiers whose moves may stay in the tier, split across processes: the algorithms of
//! `cycles` (reachability by rounds, retrograde analysis level by level of remoteness, the
//! draws' remoteness by a second pass), each process holding only its own blocks of the
//! tier ([`Owner`]) and telling the others what they need at the end of every round.
//!
//! - **Reachability**: each round, every process expands the ranks it newly marked, marks
//!   the in-tier children in its own blocks at once and sends the others' to their owners
//!   (a list of ranks for each, sorted and deduplicated); the owners mark them, and the
//!   ranks newly marked anywhere are the next round's. The rounds end when no process
//!   marked anything, as all of them agree after each.
//! - **Reversed moves**: each process sends every in-tier move (child, parent) of its own
//!   positions to the child's owner, which lists, for each of its positions, the moves
//!   into it.
//! - **Levels**: at remoteness `r`, each process resolves its positions of level `r`, and
//!   sends each parent's owner what happened to a child: a loss (the parent wins at
//!   `r + 1`) or a win (one fewer move left to resolve; with none left, the parent loses).
//!   A position resolved at level `r` changes only later levels, so that handling these
//!   after the level gives the values of `cycles` (one process, at once), whatever the
//!   order. The draws' soonest ends go the same way, level by level, and whatever is never
//!   reached is [`ENDLESS`](super::value::ENDLESS), or an error past remoteness 63, as in
//!   `cycles`.
//!
//! Every process makes every exchange of every level, so none waits on an exchange another
//! never makes; a failure (cancelled, a message cut) is agreed at once by all.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::cycles::{first, look, unended, First, Summary, NONE};
use super::error::DbError;
use super::game::{Place, TierGame};
use super::layout::BLOCK;
use super::split::{Owner, Ranks};
use super::value::{ABSENT, DRAW, LOSS, REMOTENESS, WIN};
use crate::limits::Budget;

/// Ranks sent to one process: sections of ranks, each a list.
type Lists = Vec<Vec<u32>>;

/// Whether tier `k` of `size` ranks has its ranks within 32 bits, as a tier whose moves
/// stay in it needs (`cycles` says the same).
fn fits(k: u32, size: u64) -> Result<(), DbError> {
    match u32::try_from(size) {
        Ok(_) => Ok(()),
        Err(_) => Err(DbError::Game(format!(
            "tier {k} has {size} ranks and moves within it: at most 2^32 are solved so"
        ))),
    }
}

/// The rank of the position at `i` in this process's share of a tier.
fn rank_at(owner: Owner, i: usize) -> u64 {
    (owner.block(i / BLOCK) * BLOCK + i % BLOCK) as u64
}

/// The place in this process's share of a tier of `size` ranks of `rank`, when it is in
/// one of its blocks.
fn local(owner: Owner, size: u64, rank: u64) -> Option<usize> {
    (rank < size && owner.owns_rank(rank)).then(|| owner.index(rank))
}

/// Sends `parts[r]` (sections of ranks) to process `r` and returns, for each section, the
/// ranks every process sent this one in it; a part that came cut is an error on every
/// process.
fn exchange(ranks: &Ranks<'_>, parts: Vec<Lists>, sections: usize) -> Result<Lists, DbError> {
    let bytes: Vec<Vec<u8>> = parts
        .into_iter()
        .map(|lists| {
            let mut out = Vec::new();
            for list in &lists {
                out.extend_from_slice(&(list.len() as u64).to_le_bytes());
                out.extend(list.iter().flat_map(|r| r.to_le_bytes()));
            }
            out
        })
        .collect();
    let got = ranks.all_to_all(bytes)?;
    ranks.agree(read_lists(got, sections))
}

/// The sections of ranks each process sent (`got`, by process), each section's ranks
/// from all of them together.
fn read_lists(got: Vec<Vec<u8>>, sections: usize) -> Result<Lists, DbError> {
    let mut lists = vec![Vec::new(); sections];
    for (from, part) in got.into_iter().enumerate() {
        let cut = || DbError::Cluster {
            rank: from,
            why: "its ranks of a tier with moves within it came cut".into(),
        };
        let mut rest = part.as_slice();
        for list in lists.iter_mut() {
            let (len, after) = rest.split_first_chunk::<8>().ok_or_else(cut)?;
            let len = usize::try_from(u64::from_le_bytes(*len)).map_err(|_| cut())?;
            let (these, after) = after
                .split_at_checked(len.checked_mul(4).ok_or_else(cut)?)
                .ok_or_else(cut)?;
            list.extend(
                these
                    .chunks_exact(4)
                    .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes"))),
            );
            rest = after;
        }
        if !rest.is_empty() {
            return Err(cut());
        }
    }
    Ok(lists)
}

/// Marks the ranks of tier `k` reachable from those already marked in `share` (this
/// process's blocks of the tier, one after the other), by rounds across the processes of
/// `ranks`. `mark` marks a place of another tier; a move to a tier not among the tier's
/// [`TierGame::child_tiers`] is refused by `refuse`. Every process calls it at the same
/// step, and each returns with its own blocks' marks final, or the same error.
pub(super) fn reach_tier<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    share: &[AtomicU64],
    mark: &(dyn Fn(Place) -> Result<(), DbError> + Sync),
    refuse: &(dyn Fn(Place) -> DbError + Sync),
    ranks: &Ranks<'_>,
    budget: &Budget,
) -> Result<(), DbError> {
    let owner = ranks.owner();
    let size = game.tier_size(k);
    let allowed = game.child_tiers(k);
    ranks.agree(fits(k, size))?;
    let set = |rank: u64| -> bool {
        let i = owner.index(rank);
        let bit = 1 << (i % 64);
        share[i / 64].fetch_or(bit, Ordering::Relaxed) & bit == 0
    };
    let mut frontier: Vec<u32> = Vec::new();
    for (w, word) in share.iter().enumerate() {
        let mut bits = word.load(Ordering::Relaxed);
        while bits != 0 {
            frontier.push(rank_at(owner, w * 64 + bits.trailing_zeros() as usize) as u32);
            bits &= bits - 1;
        }
    }
    loop {
        // This process's new ranks expanded: its own children marked, the others' listed.
        let expanded = budget
            .check_cancelled()
            .map_err(DbError::from)
            .and_then(|()| {
                frontier
                    .par_chunks(BLOCK)
                    .map_init(Vec::new, |children, chunk| -> Result<Lists, DbError> {
                        let mut found = vec![Vec::new(); owner.size() + 1];
                        for &rank in chunk {
                            children.clear();
                            let at = Place {
                                tier: k,
                                rank: u64::from(rank),
                            };
                            if game.expand(at, children).is_some() {
                                continue;
                            }
                            for &child in children.iter() {
                                if !allowed.contains(&child.tier) {
                                    return Err(refuse(child));
                                }
                                if child.tier != k {
                                    mark(child)?;
                                } else if child.rank >= size {
                                    return Err(refuse(child));
                                } else if !owner.owns_rank(child.rank) {
                                    found[owner.of_rank(child.rank)].push(child.rank as u32);
                                } else if set(child.rank) {
                                    found[owner.size()].push(child.rank as u32);
                                }
                            }
                        }
                        Ok(found)
                    })
                    .try_reduce(
                        || vec![Vec::new(); owner.size() + 1],
                        |mut a, b| {
                            a.iter_mut().zip(b).for_each(|(a, mut b)| a.append(&mut b));
                            Ok(a)
                        },
                    )
            });
        let mut found = ranks.agree(expanded)?;
        let mut next = found.pop().unwrap_or_default();
        for list in found.iter_mut() {
            list.sort_unstable();
            list.dedup();
        }
        let got = exchange(ranks, found.into_iter().map(|l| vec![l]).collect(), 1)?;
        let received = got.into_iter().flatten().try_for_each(|rank| {
            match local(owner, size, u64::from(rank)) {
                Some(_) if set(u64::from(rank)) => next.push(rank),
                Some(_) => {}
                None => return Err(misplaced(k, rank)),
            }
            Ok(())
        });
        ranks.agree(received)?;
        let mut count = [next.len() as u64];
        ranks.sum(&mut count)?;
        if count[0] == 0 {
            return Ok(());
        }
        frontier = next;
    }
}

/// The error of a rank sent to a process that does not own it.
fn misplaced(k: u32, rank: u32) -> DbError {
    DbError::Game(format!(
        "rank {rank} of tier {k} was sent to a process that does not hold it"
    ))
}

/// A process's share of a tier being solved: each position's summary and in-tier moves
/// left to resolve, the moves into it (`from[into[i]..into[i + 1]]`, the ranks of their
/// parents), and its value.
struct Share {
    seen: Vec<Summary>,
    count: Vec<u32>,
    into: Vec<usize>,
    from: Vec<u32>,
    values: Vec<u8>,
}

impl Share {
    /// The ranks of the parents of the position at `i`.
    fn parents(&self, i: usize) -> &[u32] {
        &self.from[self.into[i]..self.into[i + 1]]
    }
}

/// Whether the position at `i` in a process's share is reachable (`reach`: its blocks'
/// bits, one block after the other, so that `i` is bit `i`).
fn reachable(reach: &[u64], i: usize) -> bool {
    reach.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
}

/// The values of this process's blocks of tier `k` (one block after the other), whose
/// moves may stay in it: `reach` its reachable ranks (its blocks' bits, one after the
/// other), `above` the value of a place of another tier that its moves reach (`None`
/// where it is missing: the tier's values fetched by the driver). The bytes of `cycles`'s
/// `solve_tier`, for any number of processes. Every process calls it at the same step,
/// and each returns its values or the same error.
pub(super) fn solve_tier<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    reach: &[u64],
    above: &(dyn Fn(Place) -> Option<u8> + Sync),
    ranks: &Ranks<'_>,
    budget: &Budget,
) -> Result<Vec<u8>, DbError> {
    let size = game.tier_size(k);
    ranks.agree(fits(k, size))?;
    let (share, parts) = ranks.agree(see(game, k, reach, above, ranks.owner(), budget))?;
    let pairs = exchange(ranks, parts.into_iter().map(|p| vec![p]).collect(), 1)?;
    let pairs = pairs.into_iter().next().unwrap_or_default();
    let mut share = ranks.agree(reverse(k, size, share, pairs, ranks.owner(), budget))?;
    levels(k, size, &mut share, reach, ranks, budget)?;
    draws(k, size, &mut share, reach, ranks, budget)?;
    Ok(share.values)
}

/// This process's reachable positions of tier `k` expanded: their summaries and counts,
/// and their in-tier moves (child, parent, one after the other) for each child's owner.
fn see<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    reach: &[u64],
    above: &(dyn Fn(Place) -> Option<u8> + Sync),
    owner: Owner,
    budget: &Budget,
) -> Result<(Share, Vec<Vec<u32>>), DbError> {
    let size = game.tier_size(k);
    let held = owner.share_ranks(size) as usize;
    budget.check_bytes(held as u64 * 24)?;
    // Each block: its summaries, its counts, and its moves (child, parent) by owner.
    type Block = (Vec<Summary>, Vec<u32>, Vec<Vec<u32>>);
    let blocks: Vec<Block> = (0..owner.own_blocks(size))
        .into_par_iter()
        .map_init(Vec::new, |children, i| -> Result<Block, DbError> {
            budget.check_cancelled()?;
            let b = owner.block(i);
            let first = (b * BLOCK) as u64;
            let len = (size - first).min(BLOCK as u64) as usize;
            let words = owner.words(reach, b, len);
            let mut seen = vec![[NONE, 0, NONE, NONE]; len];
            let mut counts = vec![0u32; len];
            let mut moves = vec![Vec::new(); owner.size()];
            for o in 0..len {
                if words[o / 64] >> (o % 64) & 1 == 0 {
                    continue;
                }
                let p = first + o as u64;
                let count = &mut counts[o];
                seen[o] = look(game, k, p, children, above, &mut |to| {
                    moves[owner.of_rank(to)].extend([to as u32, p as u32]);
                    *count += 1;
                })?;
            }
            Ok((seen, counts, moves))
        })
        .collect::<Result<_, _>>()?;
    let mut share = Share {
        seen: Vec::with_capacity(held),
        count: Vec::with_capacity(held),
        into: Vec::new(),
        from: Vec::new(),
        values: vec![ABSENT; held],
    };
    let mut parts: Vec<Vec<u32>> = vec![Vec::new(); owner.size()];
    for (seen, counts, moves) in blocks {
        share.seen.extend(seen);
        share.count.extend(counts);
        for (part, mut list) in parts.iter_mut().zip(moves) {
            part.append(&mut list);
        }
    }
    let sent: u64 = parts.iter().map(|p| p.len() as u64).sum();
    budget.check_bytes(held as u64 * 24 + sent * 4)?;
    Ok((share, parts))
}

/// The moves into this process's positions, from `pairs`: the moves (child, parent, one
/// after the other) every process sent it.
fn reverse(
    k: u32,
    size: u64,
    mut share: Share,
    pairs: Vec<u32>,
    owner: Owner,
    budget: &Budget,
) -> Result<Share, DbError> {
    let held = share.seen.len();
    budget.check_bytes(held as u64 * 32 + pairs.len() as u64 * 6)?;
    if pairs.len() % 2 == 1 {
        return Err(misplaced(k, u32::MAX));
    }
    let mut into = vec![0usize; held + 1];
    for pair in pairs.chunks_exact(2) {
        let child = local(owner, size, u64::from(pair[0])).ok_or_else(|| misplaced(k, pair[0]))?;
        into[child + 1] += 1;
    }
    for i in 0..held {
        into[i + 1] += into[i];
    }
    let mut fill = into.clone();
    let mut from = vec![0u32; pairs.len() / 2];
    for pair in pairs.chunks_exact(2) {
        let child = owner.index(u64::from(pair[0]));
        from[fill[child]] = pair[1];
        fill[child] += 1;
    }
    share.into = into;
    share.from = from;
    Ok(share)
}

/// Resolves wins and losses level by level of remoteness (0 to 63), as `cycles` does:
/// the positions of a level resolved, then what they tell their parents handed to the
/// parents' owners, which queue them for later levels.
fn levels(
    k: u32,
    size: u64,
    share: &mut Share,
    reach: &[u64],
    ranks: &Ranks<'_>,
    budget: &Budget,
) -> Result<(), DbError> {
    let owner = ranks.owner();
    // Bucket `r` holds positions to resolve at remoteness `r` (64: past the byte).
    let mut buckets: Vec<Vec<(u32, u8)>> = vec![Vec::new(); 65];
    for i in (0..share.seen.len()).filter(|&i| reachable(reach, i)) {
        match first(share.seen[i], share.count[i]) {
            First::Value(value) => share.values[i] = value,
            First::At(r, kind) => buckets[r].push((i as u32, kind)),
            First::Open => {}
        }
    }
    for r in 0..=REMOTENESS as usize {
        // For each owner: the parents of a loss (wins at `r + 1`), then those of a win.
        let mut parts: Vec<Lists> = vec![vec![Vec::new(), Vec::new()]; owner.size()];
        while let Some((p, kind)) = buckets[r].pop() {
            let p = p as usize;
            if share.values[p] != ABSENT {
                continue;
            }
            share.values[p] = kind | r as u8;
            for &u in share.parents(p) {
                parts[owner.of_rank(u64::from(u))][usize::from(kind != LOSS)].push(u);
            }
        }
        for part in parts.iter_mut() {
            part[0].sort_unstable();
            part[0].dedup();
        }
        let cancelled = budget.check_cancelled().map_err(DbError::from);
        let got = exchange(ranks, parts, 2)?;
        let applied = cancelled.and_then(|()| {
            for &u in &got[0] {
                let i = local(owner, size, u64::from(u)).ok_or_else(|| misplaced(k, u))?;
                if share.values[i] == ABSENT {
                    buckets[r + 1].push((i as u32, WIN));
                }
            }
            for &u in &got[1] {
                let i = local(owner, size, u64::from(u)).ok_or_else(|| misplaced(k, u))?;
                if share.values[i] != ABSENT {
                    continue;
                }
                share.count[i] -= 1;
                let [win, loss, draw, _] = share.seen[i];
                if share.count[i] == 0 && win == NONE && draw == NONE {
                    buckets[(loss as usize).max(r + 1)].push((i as u32, LOSS));
                }
            }
            Ok(())
        });
        ranks.agree(applied)?;
    }
    let past = buckets[64]
        .iter()
        .any(|&(p, _)| share.values[p as usize] == ABSENT);
    ranks.agree(match past {
        true => Err(DbError::Remoteness {
            tier: k,
            remoteness: 64,
        }),
        false => Ok(()),
    })
}

/// Gives every reachable position still unresolved its draw, as `cycles` does: the
/// soonest draw that ends, level by level from the draws outside and the drawn ends (each
/// level's news handed to the parents' owners), else endless.
fn draws(
    k: u32,
    size: u64,
    share: &mut Share,
    reach: &[u64],
    ranks: &Ranks<'_>,
    budget: &Budget,
) -> Result<(), DbError> {
    let owner = ranks.owner();
    let held = share.seen.len();
    let open: Vec<bool> = (0..held)
        .map(|i| reachable(reach, i) && share.values[i] == ABSENT)
        .collect();
    let mut best: Vec<u8> = share.seen.iter().map(|s| s[2]).collect();
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 65];
    for i in 0..held {
        if open[i] && best[i] != NONE {
            buckets[best[i] as usize].push(i as u32);
        } else if reachable(reach, i) && share.values[i] == DRAW {
            buckets[0].push(i as u32); // a drawn end: draws for whoever moves into it
            best[i] = 0;
        }
    }
    for r in 0..=REMOTENESS as usize {
        let mut parts: Vec<Lists> = vec![vec![Vec::new()]; owner.size()];
        while let Some(p) = buckets[r].pop() {
            let p = p as usize;
            if best[p] as usize != r || (open[p] && share.values[p] != ABSENT) {
                continue;
            }
            if open[p] {
                share.values[p] = DRAW | r as u8;
            }
            for &u in share.parents(p) {
                parts[owner.of_rank(u64::from(u))][0].push(u);
            }
        }
        for part in parts.iter_mut() {
            part[0].sort_unstable();
            part[0].dedup();
        }
        let cancelled = budget.check_cancelled().map_err(DbError::from);
        let got = exchange(ranks, parts, 1)?;
        let applied = cancelled.and_then(|()| {
            for &u in &got[0] {
                let i = local(owner, size, u64::from(u)).ok_or_else(|| misplaced(k, u))?;
                if open[i] && share.values[i] == ABSENT && (r as u8 + 1) < best[i] {
                    best[i] = r as u8 + 1;
                    buckets[r + 1].push(i as u32);
                }
            }
            Ok(())
        });
        ranks.agree(applied)?;
    }
    let ended = (0..held).try_for_each(|i| {
        if open[i] && share.values[i] == ABSENT {
            share.values[i] = unended(k, best[i], share.seen[i][2])?;
        }
        Ok(())
    });
    ranks.agree(ended)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lists read back as written, and a part cut anywhere (or too long) is an error that
    /// names its sender, never a panic.
    #[test]
    fn lists_read_back_and_a_cut_part_is_an_error() {
        let part = |lists: &[&[u32]]| -> Vec<u8> {
            let mut out = Vec::new();
            for list in lists {
                out.extend_from_slice(&(list.len() as u64).to_le_bytes());
                out.extend(list.iter().flat_map(|r| r.to_le_bytes()));
            }
            out
        };
        let got = read_lists(vec![part(&[&[1, 2], &[]]), part(&[&[7], &[9, 9]])], 2).unwrap();
        assert_eq!(got, vec![vec![1, 2, 7], vec![9, 9]]);
        let whole = part(&[&[5, 6, 7], &[8]]);
        for cut in 0..whole.len() {
            let err = read_lists(vec![part(&[&[], &[]]), whole[..cut].to_vec()], 2).unwrap_err();
            assert!(
                matches!(err, DbError::Cluster { rank: 1, .. }),
                "{cut}: {err}"
            );
        }
        let mut long = whole.clone();
        long.push(0);
        assert!(read_lists(vec![long], 2).is_err());
        let mut huge = whole;
        huge[..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(read_lists(vec![huge], 2).is_err());
    }
}
