//! A game file's own numbering of its tiers: `tier_size(t)`, `rank(pos)` and
//! `unrank(t, r)`. With them the database is built as a built-in game's is: no keys are
//! found, sorted or written, a position's rank is the file's `rank`, and the position at
//! a rank (which a build expands and a lookup shows) is the file's `unrank`. Before the
//! build, a pass forward from the start checks the numbering on every move (each rank in
//! range, `unrank` giving back the position ranked, so no two positions share a rank) and
//! learns which tiers each tier's moves reach and how a scoring game's ends ended.

use super::super::build::BuildProgress;
use super::super::error::DbError;
use super::super::game::{End, Place};
use super::super::value::{Gain, Values};
use super::discover::{tier_of, MAX_TIER};
use crate::dynamic::{Datum, Kind, RulesError};
use crate::limits::Budget;
use crate::scripted::{GameInfo, RuleMove, Rules};
use crate::value::Play;

/// A game file's numbering: its tiers' sizes, and what the check found (`None` for a
/// database opened for lookups).
#[derive(Debug)]
pub(super) struct Own {
    sizes: Vec<u64>,
    checked: Option<Checked>,
    kind: Kind,
}

/// What the check finds, by tier.
#[derive(Debug)]
struct Checked {
    /// The tiers its moves reach, ascending.
    child_tiers: Vec<Vec<u32>>,
    /// How a scoring game's positions with no moves ended: (rank, end), by rank.
    ends: Vec<Vec<(u64, End)>>,
}

/// The error of a call of the file's `function` at `position`.
fn failed(function: &'static str, position: &Datum, message: String) -> DbError {
    DbError::Game(
        RulesError::Callback {
            function,
            position: position.clone(),
            message,
        }
        .to_string(),
    )
}

/// The sizes of the file's tiers, when it numbers them (`None`: it gives no `tier_size`).
pub(super) fn sizes(
    rules: &dyn Rules,
    origin: &str,
    start: &Datum,
) -> Result<Option<Vec<u64>>, DbError> {
    let given = [
        ("tier_size", rules.tier_size(0).is_some()),
        ("rank", rules.rank(start).is_some()),
        ("unrank", rules.unrank(0, 0).is_some()),
    ];
    if given.iter().all(|&(_, g)| !g) {
        return Ok(None);
    }
    if let Some((missing, _)) = given.iter().find(|&&(_, g)| !g) {
        return Err(DbError::Game(format!(
            "{origin}: the file numbers its tiers but gives no function {missing}: its own \
             numbering needs tier_size(t), rank(pos) and unrank(t, r) (see \
             docs/game-files.md, \"Tier databases\")"
        )));
    }
    let mut sizes = Vec::new();
    for t in 0..=MAX_TIER {
        let size = rules
            .tier_size(t)
            .expect("given")
            .map_err(|message| DbError::Game(format!("{message} (in tier_size, at tier {t})")))?;
        let size = u64::try_from(size).map_err(|_| {
            DbError::Game(format!(
                "{origin}: tier_size({t}) returned {size}: a tier's size is an integer from 0 up"
            ))
        })?;
        sizes.push(size);
    }
    let tiers = sizes.iter().rposition(|&s| s > 0).map_or(0, |t| t + 1);
    sizes.truncate(tiers);
    Ok(Some(sizes))
}

impl Own {
    /// The numbering of a database opened for lookups.
    pub(super) fn stored(sizes: Vec<u64>, kind: Kind) -> Own {
        Own {
            sizes,
            checked: None,
            kind,
        }
    }

    pub(super) fn tiers(&self) -> u32 {
        self.sizes.len() as u32
    }

    pub(super) fn tier_size(&self, tier: u32) -> u64 {
        self.sizes.get(tier as usize).copied().unwrap_or(0)
    }

    /// As the check found; opened for lookups, every tier from `tier` up.
    pub(super) fn child_tiers(&self, tier: u32) -> Vec<u32> {
        match &self.checked {
            None => (tier..self.tiers()).collect(),
            Some(c) => c
                .child_tiers
                .get(tier as usize)
                .cloned()
                .unwrap_or_default(),
        }
    }

    /// How the position at `at`, which has no moves, ended for the player to move:
    /// `None` for net scores (the score from there is 0); opened for lookups, a draw
    /// (the value is read from its tier file).
    pub(super) fn end(&self, at: Place, values: Values) -> Option<End> {
        let Some(checked) = &self.checked else {
            return Some(End::Draw);
        };
        match (self.kind, values) {
            (_, Values::Scores) => None,
            (Kind::Scoring, _) => {
                let ends = checked.ends.get(at.tier as usize)?;
                let i = ends.binary_search_by_key(&at.rank, |&(r, _)| r).ok()?;
                Some(ends[i].1)
            }
            (kind, _) => play_end(kind),
        }
    }

    /// The rank of `pos` in tier `tier` by the file's `rank`, checked to be in range.
    pub(super) fn rank(
        &self,
        rules: &dyn Rules,
        origin: &str,
        pos: &Datum,
        tier: u32,
    ) -> Result<u64, DbError> {
        let rank = rules
            .rank(pos)
            .ok_or_else(|| DbError::Game(format!("{origin}: no function rank")))?
            .map_err(|message| failed("rank", pos, message))?;
        let size = self.tier_size(tier);
        match u64::try_from(rank) {
            Ok(r) if r < size => Ok(r),
            _ => Err(failed(
                "rank",
                pos,
                format!(
                    "{origin}: rank returned {rank}, outside tier {tier}'s ranks (0 to {}, \
                     as tier_size({tier}) = {size} says)",
                    size as i128 - 1
                ),
            )),
        }
    }

    /// The position at `at` by the file's `unrank`; `None` past its tier's ranks.
    pub(super) fn datum(
        &self,
        rules: &dyn Rules,
        origin: &str,
        at: Place,
    ) -> Result<Option<Datum>, DbError> {
        if at.rank >= self.tier_size(at.tier) {
            return Ok(None);
        }
        let pos = rules
            .unrank(i64::from(at.tier), at.rank as i64)
            .ok_or_else(|| DbError::Game(format!("{origin}: no function unrank")))?
            .map_err(|message| {
                DbError::Game(format!(
                    "{message} (in unrank, at tier {} rank {})",
                    at.tier, at.rank
                ))
            })?;
        Ok(Some(pos))
    }

    /// The place of `pos`, checked both ways: its rank in range, and `unrank` giving it back
    /// (else another position of its tier has its rank, or `unrank` gives one of another
    /// tier).
    fn checked_place(
        &self,
        rules: &dyn Rules,
        origin: &str,
        pos: &Datum,
    ) -> Result<Place, DbError> {
        let tier = tier_of(rules, origin, pos)?;
        let rank = self.rank(rules, origin, pos, tier)?;
        let at = Place { tier, rank };
        let back = self.datum(rules, origin, at)?.expect("a rank in range");
        if back == *pos {
            return Ok(at);
        }
        let why = match tier_of(rules, origin, &back)? {
            t if t == tier => format!(
                "positions {} and {} of tier {tier} both have rank {rank}: rank must give \
                 each position of a tier its own rank (unrank({tier}, {rank}) gives the second)",
                pos.brief(),
                back.brief()
            ),
            t => format!(
                "unrank({tier}, {rank}) gives {}, a position of tier {t}, not of tier {tier} \
                 (rank gives {} rank {rank} in tier {tier}): unrank(t, r) must give back the \
                 position of tier t whose rank is r",
                back.brief(),
                pos.brief()
            ),
        };
        Err(DbError::Game(format!("{origin}: {why}")))
    }
}

/// The end of a game with no points by its play convention.
fn play_end(kind: Kind) -> Option<End> {
    match kind {
        Kind::Impartial { play } | Kind::WinLoss { play } | Kind::Loopy { play } => {
            Some(match play {
                Play::Normal => End::Loss,
                Play::Misere => End::Win,
            })
        }
        Kind::Scoring | Kind::Partizan => None,
    }
}

/// The sign of the points earned by the moves into a scoring game's position.
const NONE: u8 = 0;
const ZERO: u8 = 1;
const PLUS: u8 = 2;
const MINUS: u8 = 3;
const MIXED: u8 = 4;

fn with(seen: u8, points: i32, again: bool) -> u8 {
    let new = match (again, points.signum()) {
        (true, _) => MIXED,
        (_, 0) => ZERO,
        (_, 1) => PLUS,
        _ => MINUS,
    };
    match seen {
        NONE => new,
        same if same == new => same,
        _ => MIXED,
    }
}

/// A tier's reachable ranks while the check walks it: bits, and a scoring game's incoming.
#[derive(Default)]
struct Marked {
    bits: Vec<u64>,
    incoming: Vec<u8>,
}

/// Walks every position reachable from `start` by the file's numbering of `sizes`,
/// checking it on every move, and decides the values held as `discover` does (`asked`, or
/// net scores for a scoring game whose points do not only end it): the numbering with its
/// child tiers and ends, the start's place and the values.
pub(super) fn check(
    rules: &dyn Rules,
    info: &GameInfo,
    start: &Datum,
    sizes: Vec<u64>,
    budget: &Budget,
    progress: Option<&BuildProgress>,
    asked: Option<Values>,
) -> Result<(Own, Place, Values), DbError> {
    let origin = info.origin.as_str();
    let scoring = info.kind == Kind::Scoring;
    let loopy = matches!(info.kind, Kind::Loopy { .. });
    let tiers = sizes.len();
    let own = Own {
        sizes,
        checked: None,
        kind: info.kind,
    };
    let mut found = Checked {
        child_tiers: vec![Vec::new(); tiers],
        ends: vec![Vec::new(); tiers],
    };
    let start_at = own.checked_place(rules, origin, start)?;
    let mut marked: Vec<Option<Marked>> = (0..tiers).map(|_| None).collect();
    let (mut positions, mut bytes) = (0u64, 0u64);
    let open = |marked: &mut Vec<Option<Marked>>, t: u32, bytes: &mut u64| {
        let slot = &mut marked[t as usize];
        if slot.is_none() {
            let size = own.sizes[t as usize];
            *bytes += size.div_ceil(64) * 8 + if scoring { size } else { 0 };
            budget.check_bytes(*bytes)?;
            *slot = Some(Marked {
                bits: vec![0; size.div_ceil(64) as usize],
                incoming: vec![NONE; if scoring { size as usize } else { 0 }],
            });
        }
        Ok::<(), DbError>(())
    };
    // Sets the bit of `at`, saying whether it was new.
    let set = |marked: &mut Vec<Option<Marked>>, at: Place| {
        let m = marked[at.tier as usize].as_mut().expect("opened");
        let (w, b) = ((at.rank / 64) as usize, at.rank % 64);
        let new = m.bits[w] & (1 << b) == 0;
        m.bits[w] |= 1 << b;
        new
    };
    open(&mut marked, start_at.tier, &mut bytes)?;
    set(&mut marked, start_at);
    positions += 1;
    // A scoring game's positions that rule out win, loss or draw, if any: one with moves
    // reached by a move that scored, one with none reached by moves of mixed points.
    let mut goes_on: Option<Datum> = None;
    let mut mixed_end: Option<Datum> = None;
    let mut moves: Vec<RuleMove> = Vec::new();
    let mut expanded = 0u64;
    for t in 0..tiers as u32 {
        let Some(mut stack) = marked[t as usize].as_ref().map(|m| {
            let mut ranks = Vec::new();
            for (w, &word) in m.bits.iter().enumerate().rev() {
                for b in (0..64).rev().filter(|b| word & (1 << b) != 0) {
                    ranks.push(w as u64 * 64 + b);
                }
            }
            ranks
        }) else {
            continue;
        };
        let mut child_tiers = Vec::new();
        while let Some(rank) = stack.pop() {
            let at = Place { tier: t, rank };
            if expanded.is_multiple_of(4096) {
                budget.check_cancelled()?;
                if let Some(progress) = progress {
                    progress.set_total(positions);
                    progress.set_done(expanded);
                }
            }
            expanded += 1;
            let pos = own
                .datum(rules, origin, at)?
                .expect("a marked rank is in range");
            moves.clear();
            rules
                .moves(&pos, false, &mut moves)
                .map_err(|message| failed("moves", &pos, message))?;
            let incoming = match scoring {
                true => marked[t as usize].as_ref().expect("opened").incoming[rank as usize],
                false => NONE,
            };
            if moves.is_empty() && scoring {
                let end = match incoming {
                    PLUS => End::Loss,
                    MINUS => End::Win,
                    NONE | ZERO => End::Draw,
                    _ => {
                        mixed_end.get_or_insert(pos.clone());
                        End::Draw
                    }
                };
                found.ends[t as usize].push((rank, end));
            } else if matches!(incoming, PLUS | MINUS | MIXED) {
                goes_on.get_or_insert(pos.clone());
            }
            for (number, mv) in moves.iter().enumerate() {
                let refuse = |why: String| {
                    DbError::Game(format!(
                        "{origin}: move {} from {} {why}",
                        number + 1,
                        pos.brief()
                    ))
                };
                if !scoring && (mv.again || mv.points != 0) {
                    return Err(refuse(
                        "earns points or a bonus turn, but the game is not declared scoring".into(),
                    ));
                }
                let points = i32::try_from(mv.points).map_err(|_| {
                    refuse(format!(
                        "earns {} points, more than a database holds",
                        mv.points
                    ))
                })?;
                let child = own.checked_place(rules, origin, &mv.to)?;
                if child.tier < t || (child.tier == t && !loopy) {
                    return Err(refuse(format!(
                        "to {} leads from tier {t} to tier {}: every move must lead to a \
                         higher tier (only a loopy game's moves may stay in their tier)",
                        mv.to.brief(),
                        child.tier
                    )));
                }
                open(&mut marked, child.tier, &mut bytes)?;
                if set(&mut marked, child) {
                    positions += 1;
                    budget.check_positions(positions)?;
                    if child.tier == t {
                        stack.push(child.rank);
                    }
                }
                if scoring {
                    let m = marked[child.tier as usize].as_mut().expect("opened");
                    let seen = &mut m.incoming[child.rank as usize];
                    *seen = with(*seen, points, mv.again);
                }
                child_tiers.push(child.tier);
            }
        }
        found.ends[t as usize].sort_unstable_by_key(|&(r, _)| r);
        child_tiers.sort_unstable();
        child_tiers.dedup();
        found.child_tiers[t as usize] = child_tiers;
        if let Some(m) = marked[t as usize].take() {
            bytes -= m.bits.len() as u64 * 8 + m.incoming.len() as u64;
        }
    }
    let values = match asked {
        Some(values) => values,
        None if scoring && (goes_on.is_some() || mixed_end.is_some()) => Values::Scores,
        None => Values::Outcomes,
    };
    if scoring && values == Values::Outcomes {
        if let Some(pos) = goes_on.or(mixed_end) {
            return Err(DbError::Game(format!(
                "{origin}: position {} is reached by a move earning points (or by moves \
                 earning points of different signs) where how it ends depends on the move: \
                 win, loss or draw hold a scoring game only when points end the game; build \
                 its net scores instead (the default for a scoring game)",
                pos.brief()
            )));
        }
    }
    let own = Own {
        checked: Some(found),
        ..own
    };
    Ok((own, start_at, values))
}

/// What the moves of a scoring game earn, as a database of scores keeps them.
pub(super) fn gains_of(moves: &[RuleMove]) -> impl Iterator<Item = Gain> + '_ {
    moves.iter().map(|mv| Gain {
        points: i32::try_from(mv.points).unwrap_or(0),
        again: mv.again,
    })
}
