//! The positions of a game file's tiers, found forward from the start: tier by tier in
//! increasing order, each position's moves asked for once and each new position's tier
//! once; then each tier's positions sorted by their keys (their encodings) and numbered in
//! that order, every move kept as the place it reaches.

use std::collections::BTreeMap;
use std::hash::BuildHasherDefault;

use rustc_hash::FxHasher;

use super::super::build::BuildProgress;
use super::super::error::DbError;
use super::super::game::{End, Place};
use super::super::keys::KeyList;
use super::super::value::{Gain, Values};
use crate::dynamic::{Datum, Kind, RulesError};
use crate::limits::Budget;
use crate::scripted::{decode_exact, encode, GameInfo, RuleMove, Rules};
use crate::value::Play;

type FxMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The highest tier a game file may give: 1023 (a tier is one file; empty tiers below the
/// highest are files too).
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::tierdb::MAX_TIER, 1023);
/// ```
pub const MAX_TIER: i64 = 1023;

/// A tier as found: its keys sorted, and by rank how each position ended or the places
/// its moves reach.
#[derive(Debug, Default)]
pub(super) struct FoundTier {
    pub(super) keys: KeyList,
    pub(super) ends: Vec<Option<End>>,
    /// Position `r`'s moves are `children[offsets[r]..offsets[r + 1]]`.
    pub(super) offsets: Vec<usize>,
    pub(super) children: Vec<Place>,
    /// A database of scores: what each move earns, beside `children` (else empty).
    pub(super) gains: Vec<Gain>,
    /// The tiers its moves reach, ascending.
    pub(super) child_tiers: Vec<u32>,
}

/// Points earned by the moves into a position of a scoring game, as far as seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Incoming {
    None,
    Zero,
    Plus,
    Minus,
    Mixed,
}

impl Incoming {
    fn with(self, points: i64) -> Incoming {
        let seen = match points.signum() {
            0 => Incoming::Zero,
            1 => Incoming::Plus,
            _ => Incoming::Minus,
        };
        match self {
            Incoming::None => seen,
            same if same == seen => same,
            _ => Incoming::Mixed,
        }
    }
}

/// A tier while it is found: positions in the order met.
#[derive(Default)]
struct Pending {
    keys: KeyList,
    expanded: usize,
    /// Position `i`'s moves: `targets[offsets[i]..offsets[i + 1]]`, each (tier, number).
    offsets: Vec<usize>,
    targets: Vec<(u32, u32)>,
    incoming: Vec<Incoming>,
    /// A scoring game's: what each move earns, beside `targets`.
    gains: Vec<Gain>,
}

/// The tier `rules` give `pos`, checked: an integer from 0 to [`MAX_TIER`].
pub(super) fn tier_of(rules: &dyn Rules, origin: &str, pos: &Datum) -> Result<u32, DbError> {
    let failed = |message: String| {
        DbError::Game(
            RulesError::Callback {
                function: "tier",
                position: pos.clone(),
                message,
            }
            .to_string(),
        )
    };
    let tier = rules
        .tier(pos)
        .ok_or_else(|| no_tier(origin))?
        .map_err(failed)?;
    if !(0..=MAX_TIER).contains(&tier) {
        return Err(failed(format!(
            "{origin}: tier returned {tier}: a tier is an integer from 0 to {MAX_TIER}"
        )));
    }
    Ok(tier as u32)
}

/// What a game file without `tier` is told.
pub(super) fn no_tier(origin: &str) -> DbError {
    DbError::Game(format!(
        "{origin}: no function tier(pos): a tier database needs one, giving each position's \
         tier, an integer from 0 up that no move lowers (for a board game, the stones placed; \
         see docs/game-files.md, \"Tier databases\")"
    ))
}

/// The player to move's end at a position with no moves, reached by moves that earned
/// `incoming` (a scoring game) or by any move (the play convention).
fn end_of(kind: Kind, incoming: Incoming) -> Option<End> {
    Some(match kind {
        Kind::Scoring => match incoming {
            Incoming::Plus => End::Loss,
            Incoming::Minus => End::Win,
            Incoming::None | Incoming::Zero => End::Draw,
            Incoming::Mixed => return None,
        },
        Kind::Impartial { play } | Kind::WinLoss { play } | Kind::Loopy { play } => match play {
            Play::Normal => End::Loss,
            Play::Misere => End::Win,
        },
        Kind::Partizan => return None,
    })
}

/// Every position reachable from `start`, found tier by tier and numbered, to hold
/// `asked` (`None`: a scoring game's net scores unless its points only end the game, which
/// win, loss or draw then tell with their remoteness); the start's place and the values
/// held.
/// `progress`, if any, counts the positions expanded out of those found so far.
pub(super) fn discover(
    rules: &dyn Rules,
    info: &GameInfo,
    start: &Datum,
    budget: &Budget,
    progress: Option<&BuildProgress>,
    asked: Option<Values>,
) -> Result<(Vec<FoundTier>, Place, Values), DbError> {
    let origin = info.origin.as_str();
    let loopy = matches!(info.kind, Kind::Loopy { .. });
    let mut ids: FxMap<Vec<u8>, (u32, u32)> = FxMap::default();
    let mut tiers: BTreeMap<u32, Pending> = BTreeMap::new();
    let mut key = Vec::new();
    encode(start, &mut key);
    let start_tier = tier_of(rules, origin, start)?;
    let pending = tiers.entry(start_tier).or_default();
    pending.keys.push(&key);
    pending.incoming.push(Incoming::None);
    ids.insert(key.clone(), (start_tier, 0));
    let (mut positions, mut bytes) = (1u64, 0u64);
    let mut expanded = 0u64;
    let mut moves: Vec<RuleMove> = Vec::new();
    while let Some(t) = tiers
        .iter()
        .find(|(_, p)| p.expanded < p.keys.len())
        .map(|(&t, _)| t)
    {
        loop {
            let pending = tiers.get_mut(&t).expect("a tier found");
            let i = pending.expanded;
            if i == pending.keys.len() {
                break;
            }
            if i.is_multiple_of(4096) {
                budget.check_cancelled()?;
                budget.check_bytes(bytes)?;
                if let Some(progress) = progress {
                    progress.set_total(positions);
                    progress.set_done(expanded);
                }
            }
            expanded += 1;
            pending.expanded += 1;
            let pos = decode_exact(pending.keys.get(i)).expect("a key encodes its position");
            moves.clear();
            rules.moves(&pos, false, &mut moves).map_err(|message| {
                DbError::Game(
                    RulesError::Callback {
                        function: "moves",
                        position: pos.clone(),
                        message,
                    }
                    .to_string(),
                )
            })?;
            let mut targets = Vec::with_capacity(moves.len());
            let mut gains = Vec::new();
            for (number, mv) in moves.iter().enumerate() {
                let refuse = |why: String| {
                    DbError::Game(format!(
                        "{origin}: move {} from {} {why}",
                        number + 1,
                        pos.brief()
                    ))
                };
                if mv.again && info.kind != Kind::Scoring {
                    return Err(refuse(
                        "gives a bonus turn (again = true), but the game is not declared \
                         scoring: a tier database holds bonus turns in a scoring game"
                            .into(),
                    ));
                }
                if mv.points != 0 && info.kind != Kind::Scoring {
                    return Err(refuse(format!(
                        "earns {} points, but the game is not declared scoring",
                        mv.points
                    )));
                }
                let points = i32::try_from(mv.points).map_err(|_| {
                    refuse(format!(
                        "earns {} points, more than a database holds",
                        mv.points
                    ))
                })?;
                key.clear();
                encode(&mv.to, &mut key);
                let (ct, cid) = match ids.get(&key) {
                    Some(&found) => found,
                    None => {
                        let ct = tier_of(rules, origin, &mv.to)?;
                        positions += 1;
                        budget.check_positions(positions)?;
                        bytes += 2 * key.len() as u64 + 64;
                        let child = tiers.entry(ct).or_default();
                        let cid = child.keys.len() as u32;
                        child.keys.push(&key);
                        child.incoming.push(Incoming::None);
                        ids.insert(key.clone(), (ct, cid));
                        (ct, cid)
                    }
                };
                if ct < t || (ct == t && !loopy) {
                    let why = match ct < t {
                        true => "down to",
                        false => "within",
                    };
                    return Err(refuse(format!(
                        "to {} leads from tier {t} {why} tier {ct}: every move must lead to a \
                         higher tier ({})",
                        mv.to.brief(),
                        match ct < t {
                            true => "or, in a loopy game, the same one",
                            false => "only a loopy game's moves may stay in their tier",
                        }
                    )));
                }
                if info.kind == Kind::Scoring {
                    let child = tiers.get_mut(&ct).expect("a tier found");
                    let incoming = match mv.again {
                        true => Incoming::Mixed,
                        false => child.incoming[cid as usize].with(mv.points),
                    };
                    child.incoming[cid as usize] = incoming;
                    gains.push(Gain {
                        points,
                        again: mv.again,
                    });
                }
                targets.push((ct, cid));
            }
            bytes += 8 * targets.len() as u64 + 8;
            let pending = tiers.get_mut(&t).expect("a tier found");
            if pending.offsets.is_empty() {
                pending.offsets.push(0);
            }
            pending.targets.extend(targets);
            pending.gains.extend(gains);
            pending.offsets.push(pending.targets.len());
        }
    }
    drop(ids);
    // A scoring game whose points only end it: win, loss or draw, with remoteness.
    let ends_only = tiers.values().all(|p| {
        (0..p.keys.len()).all(|i| {
            let scored = matches!(p.incoming[i], Incoming::Plus | Incoming::Minus);
            match p.offsets[i] == p.offsets[i + 1] {
                true => p.incoming[i] != Incoming::Mixed,
                false => !scored && p.incoming[i] != Incoming::Mixed,
            }
        })
    });
    let values = match asked {
        Some(values) => values,
        None if info.kind == Kind::Scoring && !ends_only => Values::Scores,
        None => Values::Outcomes,
    };
    let (found, start) = number(rules, info, tiers, start_tier, values)?;
    Ok((found, start, values))
}

/// Each tier's positions sorted by key and numbered; the moves as places.
fn number(
    rules: &dyn Rules,
    info: &GameInfo,
    tiers: BTreeMap<u32, Pending>,
    start_tier: u32,
    values: Values,
) -> Result<(Vec<FoundTier>, Place), DbError> {
    let scores = values == Values::Scores;
    let count = tiers.keys().next_back().map_or(0, |&t| t as usize + 1);
    // The rank of each position by tier and number met.
    let mut ranks: Vec<Vec<u32>> = vec![Vec::new(); count];
    let mut orders: Vec<Vec<u32>> = vec![Vec::new(); count];
    for (&t, pending) in &tiers {
        let mut order: Vec<u32> = (0..pending.keys.len() as u32).collect();
        order.sort_unstable_by(|&a, &b| {
            pending
                .keys
                .get(a as usize)
                .cmp(pending.keys.get(b as usize))
        });
        let mut rank = vec![0u32; order.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i as usize] = r as u32;
        }
        ranks[t as usize] = rank;
        orders[t as usize] = order;
    }
    let mut found: Vec<FoundTier> = (0..count).map(|_| FoundTier::default()).collect();
    for (t, pending) in tiers {
        let out = &mut found[t as usize];
        out.offsets.push(0);
        for &i in &orders[t as usize] {
            let i = i as usize;
            out.keys.push(pending.keys.get(i));
            let targets = &pending.targets[pending.offsets[i]..pending.offsets[i + 1]];
            let place = |&(ct, cid): &(u32, u32)| Place {
                tier: ct,
                rank: u64::from(ranks[ct as usize][cid as usize]),
            };
            let incoming = pending.incoming[i];
            let scored = matches!(incoming, Incoming::Plus | Incoming::Minus | Incoming::Mixed);
            if targets.is_empty() && scores {
                // The score from there is 0, whatever the moves into it earned.
                out.ends.push(None);
            } else if targets.is_empty() {
                let end = end_of(info.kind, incoming)
                    .ok_or_else(|| scoring(rules, info, &pending.keys, i, true))?;
                out.ends.push(Some(end));
            } else if scored && info.kind == Kind::Scoring && !scores {
                return Err(scoring(rules, info, &pending.keys, i, false));
            } else {
                out.ends.push(None);
                out.children.extend(targets.iter().map(place));
                if scores {
                    let gains = &pending.gains[pending.offsets[i]..pending.offsets[i + 1]];
                    out.gains.extend_from_slice(gains);
                }
            }
            out.offsets.push(out.children.len());
        }
        let mut child_tiers: Vec<u32> = out.children.iter().map(|c| c.tier).collect();
        child_tiers.sort_unstable();
        child_tiers.dedup();
        out.child_tiers = child_tiers;
    }
    // The start was the first position met in its tier.
    let start = Place {
        tier: start_tier,
        rank: u64::from(ranks[start_tier as usize][0]),
    };
    Ok((found, start))
}

/// Why a scoring game's position `i` of `keys` cannot be held: points on a move that does
/// not end the game (`over` false), or moves into an end that earn different points.
fn scoring(rules: &dyn Rules, info: &GameInfo, keys: &KeyList, i: usize, over: bool) -> DbError {
    let pos = decode_exact(keys.get(i)).expect("a key encodes its position");
    let shown = rules.show(&pos).unwrap_or_else(|_| pos.brief());
    let why = match over {
        true => "is reached by moves earning points of different signs (or a bonus turn), so how it ended depends on the move",
        false => "is reached by a move earning points, and play goes on from it",
    };
    DbError::Game(format!(
        "{}: position {} {why}: win, loss or draw hold a scoring game only when points end \
         the game (the move that scores leads to a position with no moves); build its net \
         scores instead (the default for a scoring game)",
        info.origin,
        crate::text::quoted(&shown)
    ))
}
