//! Tiers whose moves may stay in the tier (games whose positions repeat): reachability
//! within the tier by rounds, and values by retrograde analysis with remoteness.
//!
//! A tier with in-tier moves is solved backwards, as endgame tablebases are: each
//! position counts its in-tier moves not yet resolved; the moves to tiers already solved
//! give each position its best win, latest loss and soonest draw from outside. Positions
//! are then resolved level by level of remoteness (a bucket queue, 0 to 63): a loss at `r`
//! makes every position moving into it a win at `r + 1` (the soonest win comes first); a
//! win at `r` counts down each position moving into it, and one whose moves are all wins
//! for the opponent (and no draw outside) is a loss at the latest of them plus one.
//! Whatever is never resolved is a draw: its remoteness is the soonest draw that ends,
//! found by a second pass over the reversed in-tier moves, or, where no draw ends (play
//! goes on for ever), [`ENDLESS`]. On a tier without cycles this gives exactly the
//! values of the plain pass (`build::value_from`).

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::error::DbError;
use super::game::{End, Place, TierGame};
use super::layout::BLOCK;
use super::value::{ABSENT, DRAW, ENDLESS, LOSS, REMOTENESS, WIN};
use crate::limits::Budget;

/// No such value (a remoteness of a kind a position has none of).
pub(super) const NONE: u8 = u8::MAX;

/// Marks the ranks of tier `k` reachable from those already marked in `words`, by rounds:
/// each round expands the ranks first marked in the one before, in parallel. `mark` marks
/// a place of another tier; a move to a tier not in `allowed` is refused by `refuse`.
pub(super) fn reach_tier<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    words: &[AtomicU64],
    mark: &(dyn Fn(Place) -> Result<(), DbError> + Sync),
    refuse: &(dyn Fn(Place) -> DbError + Sync),
    allowed: &[u32],
    budget: &Budget,
) -> Result<(), DbError> {
    let mut frontier: Vec<u64> = Vec::new();
    for (w, word) in words.iter().enumerate() {
        let mut bits = word.load(Ordering::Relaxed);
        while bits != 0 {
            frontier.push(w as u64 * 64 + u64::from(bits.trailing_zeros()));
            bits &= bits - 1;
        }
    }
    while !frontier.is_empty() {
        budget.check_cancelled()?;
        let next: Vec<Vec<u64>> = frontier
            .par_chunks(BLOCK)
            .map_init(Vec::new, |children, ranks| -> Result<Vec<u64>, DbError> {
                let mut found = Vec::new();
                for &rank in ranks {
                    children.clear();
                    if game.expand(Place { tier: k, rank }, children).is_some() {
                        continue;
                    }
                    for &child in children.iter() {
                        if !allowed.contains(&child.tier) {
                            return Err(refuse(child));
                        }
                        if child.tier != k {
                            mark(child)?;
                            continue;
                        }
                        let word = words
                            .get((child.rank / 64) as usize)
                            .filter(|_| child.rank < game.tier_size(k))
                            .ok_or_else(|| refuse(child))?;
                        let bit = 1 << (child.rank % 64);
                        if word.fetch_or(bit, Ordering::Relaxed) & bit == 0 {
                            found.push(child.rank);
                        }
                    }
                }
                Ok(found)
            })
            .collect::<Result<_, _>>()?;
        frontier = next.concat();
    }
    Ok(())
}

/// What a position's moves to other tiers say, and its in-tier moves.
struct Seen {
    /// The soonest win through a move outside the tier (remoteness, or [`NONE`]).
    win: Vec<u8>,
    /// The latest loss through moves outside (0: none).
    loss: Vec<u8>,
    /// The soonest draw through a move outside ([`NONE`]: none; 64: only draws that never
    /// end).
    draw: Vec<u8>,
    /// In-tier moves not yet resolved.
    count: Vec<u32>,
    /// Resolved at once: an end, or no moves (a loss).
    ended: Vec<u8>,
    /// In-tier moves as (to, from).
    edges: Vec<(u32, u32)>,
}

/// What [`see`] finds in a block of ranks: each rank's [win, loss, draw, end] (as in
/// [`Seen`]), its in-tier moves counted, and those moves as (to, from).
type BlockSeen = (Vec<[u8; 4]>, Vec<u32>, Vec<(u32, u32)>);

/// The values of tier `k` (`reach` its reachable ranks as bits), whose moves may stay in
/// it; `above` holds the values of the other tiers its moves reach.
pub(super) fn solve_tier<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    reach: &[u64],
    above: &[(u32, &[u8])],
    budget: &Budget,
) -> Result<Vec<u8>, DbError> {
    let ranks = game.tier_size(k);
    let n = u32::try_from(ranks).map_err(|_| {
        DbError::Game(format!(
            "tier {k} has {ranks} ranks and moves within it: at most 2^32 are solved so"
        ))
    })? as usize;
    let seen = see(game, k, reach, above, budget)?;
    budget.check_bytes((n as u64) * 24 + seen.edges.len() as u64 * 12)?;
    let Seen {
        win,
        loss,
        draw,
        mut count,
        ended,
        edges,
    } = seen;
    // The in-tier moves reversed: `from[into[v]..into[v + 1]]` move into `v`.
    let mut into = vec![0usize; n + 1];
    for &(to, _) in &edges {
        into[to as usize + 1] += 1;
    }
    for v in 0..n {
        into[v + 1] += into[v];
    }
    let mut fill = into.clone();
    let mut from = vec![0u32; edges.len()];
    for &(to, f) in &edges {
        from[fill[to as usize]] = f;
        fill[to as usize] += 1;
    }
    drop((fill, edges));
    let reachable = |r: usize| reach[r / 64] >> (r % 64) & 1 == 1;
    let mut values = vec![ABSENT; n];
    // Bucket `r` holds positions to resolve at remoteness `r` (64: past the byte).
    let mut buckets: Vec<Vec<(u32, u8)>> = vec![Vec::new(); 65];
    for p in (0..n).filter(|&p| reachable(p)) {
        match first([win[p], loss[p], draw[p], ended[p]], count[p]) {
            First::Value(value) => values[p] = value,
            First::At(r, kind) => buckets[r].push((p as u32, kind)),
            First::Open => {}
        }
    }
    for r in 0..=REMOTENESS as usize {
        if r.is_multiple_of(8) {
            budget.check_cancelled()?;
        }
        while let Some((p, kind)) = buckets[r].pop() {
            let p = p as usize;
            if values[p] != ABSENT {
                continue;
            }
            values[p] = kind | r as u8;
            for &u in &from[into[p]..into[p + 1]] {
                let u = u as usize;
                if values[u] != ABSENT {
                    continue;
                }
                if kind == LOSS {
                    buckets[r + 1].push((u as u32, WIN));
                    continue;
                }
                count[u] -= 1;
                if count[u] == 0 && win[u] == NONE && draw[u] == NONE {
                    buckets[(loss[u] as usize).max(r + 1)].push((u as u32, LOSS));
                }
            }
        }
    }
    if buckets[64]
        .iter()
        .any(|&(p, _)| values[p as usize] == ABSENT)
    {
        return Err(DbError::Remoteness {
            tier: k,
            remoteness: 64,
        });
    }
    draws(k, &mut values, &draw, &into, &from, &reachable)?;
    Ok(values)
}

/// Gives every reachable position still unresolved its draw: the soonest draw that ends,
/// through draws (a shortest path over the reversed in-tier moves from the draws outside
/// and the drawn ends), else [`ENDLESS`].
fn draws(
    k: u32,
    values: &mut [u8],
    draw: &[u8],
    into: &[usize],
    from: &[u32],
    reachable: &dyn Fn(usize) -> bool,
) -> Result<(), DbError> {
    let n = values.len();
    let open: Vec<bool> = (0..n)
        .map(|p| reachable(p) && values[p] == ABSENT)
        .collect();
    let mut best: Vec<u8> = draw.to_vec();
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 65];
    for p in 0..n {
        if open[p] && best[p] != NONE {
            buckets[best[p] as usize].push(p as u32);
        } else if reachable(p) && values[p] == DRAW {
            buckets[0].push(p as u32); // a drawn end: draws for whoever moves into it
            best[p] = 0;
        }
    }
    for r in 0..=REMOTENESS as usize {
        while let Some(p) = buckets[r].pop() {
            let p = p as usize;
            if best[p] as usize != r || (open[p] && values[p] != ABSENT) {
                continue;
            }
            if open[p] {
                values[p] = DRAW | r as u8;
            }
            for &u in &from[into[p]..into[p + 1]] {
                let u = u as usize;
                if open[u] && values[u] == ABSENT && (r as u8 + 1) < best[u] {
                    best[u] = r as u8 + 1;
                    buckets[r + 1].push(u as u32);
                }
            }
        }
    }
    for p in 0..n {
        if !open[p] || values[p] != ABSENT {
            continue;
        }
        values[p] = unended(k, best[p], draw[p])?;
    }
    Ok(())
}

/// The value of a position that no draw reached by the second pass: [`ENDLESS`], or an
/// error where its soonest draw (`best`, with `draw` outside) passes remoteness 63.
pub(super) fn unended(k: u32, best: u8, draw: u8) -> Result<u8, DbError> {
    // A draw outside that never ends counts as 64 (63 + 1): so does this one.
    if best != NONE && draw != REMOTENESS + 1 {
        return Err(DbError::Remoteness {
            tier: k,
            remoteness: u32::from(best),
        });
    }
    Ok(ENDLESS)
}

/// Where a reachable position starts the level-by-level pass.
pub(super) enum First {
    /// Resolved at once: a drawn end (it counts only in the draw pass).
    Value(u8),
    /// In the bucket of this remoteness, as a win or a loss.
    At(usize, u8),
    /// Resolved later, if at all.
    Open,
}

/// Where a position of summary `s` ([win, loss, draw, end] as in [`Seen`]) with `count`
/// in-tier moves starts.
pub(super) fn first(s: Summary, count: u32) -> First {
    let [win, loss, draw, ended] = s;
    if ended != NONE {
        match ended & !REMOTENESS {
            DRAW => First::Value(ended),
            kind => First::At(0, kind),
        }
    } else if win != NONE {
        First::At(win as usize, WIN)
    } else if count == 0 && draw == NONE {
        First::At(loss as usize, LOSS)
    } else {
        First::Open
    }
}

/// A position's [win, loss, draw, end], as in [`Seen`].
pub(super) type Summary = [u8; 4];

/// Rank `p` of tier `k` expanded: what its moves outside the tier say (each child's byte
/// from `value`, `None` where it is missing) and how it ends; each in-tier move is handed
/// to `within`.
pub(super) fn look<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    p: u64,
    children: &mut Vec<Place>,
    value: &dyn Fn(Place) -> Option<u8>,
    within: &mut dyn FnMut(u64),
) -> Result<Summary, DbError> {
    let mut s = [NONE, 0, NONE, NONE];
    children.clear();
    if let Some(end) = game.expand(Place { tier: k, rank: p }, children) {
        s[3] = match end {
            End::Loss => LOSS,
            End::Draw => DRAW,
            End::Win => WIN,
        };
        return Ok(s);
    }
    if children.is_empty() {
        s[3] = LOSS;
        return Ok(s);
    }
    for child in children.iter() {
        if child.tier == k {
            within(child.rank);
            continue;
        }
        let byte = value(*child).ok_or_else(|| DbError::Corrupt {
            path: super::format::tier_file(child.tier).into(),
            why: format!("a successor of rank {p} of tier {k} is missing"),
        })?;
        let r = (byte & REMOTENESS) + 1;
        match byte & !REMOTENESS {
            LOSS => s[0] = s[0].min(r),
            WIN => s[1] = s[1].max(r),
            _ => s[2] = s[2].min(r),
        }
    }
    Ok(s)
}

/// Each reachable position of tier `k` expanded once, in parallel: its moves outside the
/// tier valued, its in-tier moves listed.
fn see<G: TierGame + ?Sized>(
    game: &G,
    k: u32,
    reach: &[u64],
    above: &[(u32, &[u8])],
    budget: &Budget,
) -> Result<Seen, DbError> {
    let n = game.tier_size(k) as usize;
    let blocks: Vec<BlockSeen> = (0..n)
        .step_by(BLOCK)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map_init(Vec::new, |children, first| {
            budget.check_cancelled()?;
            let last = (first + BLOCK).min(n);
            let mut summary = vec![[NONE, 0, NONE, NONE]; last - first];
            let mut counts = vec![0u32; last - first];
            let mut edges = Vec::new();
            let value = |child: Place| {
                above
                    .iter()
                    .find(|(t, _)| *t == child.tier)
                    .and_then(|(_, v)| v.get(child.rank as usize))
                    .copied()
                    .filter(|&b| b != ABSENT)
            };
            for p in first..last {
                if reach[p / 64] >> (p % 64) & 1 == 0 {
                    continue;
                }
                let count = &mut counts[p - first];
                summary[p - first] = look(game, k, p as u64, children, &value, &mut |to| {
                    edges.push((to as u32, p as u32));
                    *count += 1;
                })?;
            }
            Ok((summary, counts, edges))
        })
        .collect::<Result<_, DbError>>()?;
    let mut seen = Seen {
        win: Vec::with_capacity(n),
        loss: Vec::with_capacity(n),
        draw: Vec::with_capacity(n),
        count: Vec::with_capacity(n),
        ended: Vec::with_capacity(n),
        edges: Vec::new(),
    };
    for (summary, counts, edges) in blocks {
        for s in summary {
            seen.win.push(s[0]);
            seen.loss.push(s[1]);
            seen.draw.push(s[2]);
            seen.ended.push(s[3]);
        }
        seen.count.extend(counts);
        seen.edges.extend(edges);
    }
    Ok(seen)
}
