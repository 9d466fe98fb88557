//! Tiers of scores and of nimbers: a scoring game's positions valued by their net score
//! (the points still to come, the mover's less the other's, under perfect play), an
//! impartial game's by their Grundy value; a score with its remoteness (the value module
//! says which line it counts), two bytes a position. Each position is solved from the tiers its
//! moves reach, as the plain pass does for win, loss or draw; a game whose moves may stay
//! in their tier is refused.

use super::above::Above;
use super::error::DbError;
use super::game::{End, Place, TierGame};
use super::value::{read_at, width, Gain, Value, Values, MAX_NIMBER, MAX_SCORE};

/// Refuses a game whose [`TierGame::values`] are not those `asked` for (if any), or are
/// scores or nimbers and its moves may stay in their tier (such a game's scores and
/// nimbers are not kept yet).
pub(super) fn check_values<G: TierGame + ?Sized>(
    game: &G,
    asked: Option<Values>,
) -> Result<(), DbError> {
    let values = game.values();
    if let Some(asked) = asked.filter(|&a| a != values) {
        return Err(DbError::Game(format!(
            "{}: its database holds {}, not {}",
            game.identity(),
            name(values),
            name(asked)
        )));
    }
    if values == Values::Outcomes {
        return Ok(());
    }
    match (0..game.tiers()).find(|&k| game.child_tiers(k).contains(&k)) {
        Some(k) => Err(DbError::Game(format!(
            "{}: tier {k} has moves within it (positions may repeat), and a database of {} \
             holds only games whose every move leads to a later tier",
            game.identity(),
            name(values)
        ))),
        None => Ok(()),
    }
}

/// How a message names `values`.
pub(super) fn name(values: Values) -> &'static str {
    match values {
        Values::Outcomes => "win, loss or draw",
        Values::Scores => "scores",
        Values::Nimbers => "nimbers",
    }
}

/// The value of `at` in a tier of `above` of scores (two bytes a position); `None` when it
/// is not there.
fn score_of(above: &Above<'_>, at: Place) -> Option<Value> {
    read_at(Values::Scores, width(Values::Scores), above.get(at)?, 0)
}

/// The better of two (score, remoteness) pairs for their mover: the higher score; at equal
/// scores, the shorter line when ahead or level, the longer when behind.
fn better(a: (i32, u32), b: (i32, u32)) -> (i32, u32) {
    match (a.0.cmp(&b.0), a.0 < 0) {
        (std::cmp::Ordering::Greater, _) => a,
        (std::cmp::Ordering::Less, _) => b,
        (std::cmp::Ordering::Equal, true) => (a.0, a.1.max(b.1)),
        (std::cmp::Ordering::Equal, false) => (a.0, a.1.min(b.1)),
    }
}

/// Why the position at `at` has no value: a successor missing, or what the game said.
enum Unsolved {
    Missing(Place),
    Game(String),
}

/// The value of the position at `at` (reachable), which ended as `end` or has the moves
/// `children`, from the values of the tiers above it (`gains` a buffer for its moves').
fn solve_position<G: TierGame + ?Sized>(
    game: &G,
    values: Values,
    at: Place,
    (end, children): (Option<End>, &[Place]),
    above: &Above<'_>,
    gains: &mut Vec<Gain>,
) -> Result<Value, Unsolved> {
    gains.clear();
    if let Some(end) = end {
        return match (values, end) {
            (Values::Scores, _) => Ok(Value::of_score(0)),
            (Values::Nimbers, End::Loss) => Ok(Value::of_nimber(0)),
            _ => Err(Unsolved::Game(format!(
                "a position of tier {} ends as a {}: a database of nimbers holds normal play, \
                 where who cannot move loses",
                at.tier,
                end.value().outcome
            ))),
        };
    }
    match values {
        Values::Scores => {
            game.gains(at, gains);
            if gains.len() != children.len() {
                return Err(Unsolved::Game(format!(
                    "a position of tier {} has {} moves but {} gains",
                    at.tier,
                    children.len(),
                    gains.len()
                )));
            }
            let mut best: Option<(i32, u32)> = None;
            for (&child, gain) in children.iter().zip(gains.iter()) {
                let after = score_of(above, child).ok_or(Unsolved::Missing(child))?;
                let next = after.score.unwrap_or(0);
                let score = match gain.again {
                    true => gain.points.saturating_add(next),
                    false => gain.points.saturating_sub(next),
                };
                let this = (score, after.remoteness + 1);
                best = Some(best.map_or(this, |b| better(b, this)));
            }
            let (score, remoteness) = best.unwrap_or((0, 0));
            Ok(Value {
                remoteness,
                ..Value::of_score(score)
            })
        }
        Values::Nimbers => {
            let mut seen = [0u64; 4];
            for &child in children.iter() {
                let byte = above.get(child).ok_or(Unsolved::Missing(child))?[0];
                seen[usize::from(byte / 64)] |= 1 << (byte % 64);
            }
            let mex = (0..256u32)
                .find(|&n| seen[(n / 64) as usize] >> (n % 64) & 1 == 0)
                .unwrap_or(256);
            Ok(Value::of_nimber(mex))
        }
        Values::Outcomes => Err(Unsolved::Game(
            "win, loss or draw is solved by the plain pass".into(),
        )),
    }
}

/// Writes into `cell` the bytes of the position at `at` of a game of scores or nimbers
/// (reachable), which ended as `end` or has the moves `children`, valued from the tiers
/// its moves reach (`above`; `gains` a buffer): the value's byte, and for scores the
/// remoteness's.
pub(super) fn solve_cell<G: TierGame + ?Sized>(
    game: &G,
    at: Place,
    moves: (Option<End>, &[Place]),
    above: &Above<'_>,
    gains: &mut Vec<Gain>,
    cell: &mut [u8],
) -> Result<(), DbError> {
    let values = game.values();
    let value = solve_position(game, values, at, moves, above, gains).map_err(|why| match why {
        Unsolved::Missing(child) => DbError::Corrupt {
            path: super::format::tier_file(child.tier).into(),
            why: format!(
                "a successor of rank {} of tier {} is missing",
                at.rank, at.tier
            ),
        },
        Unsolved::Game(why) => DbError::Game(format!("{}: {why}", game.identity())),
    })?;
    cell[0] = value
        .write(values)
        .ok_or_else(|| too_large(game, at, value))?;
    if let Some(r) = cell.get_mut(1) {
        *r = u8::try_from(value.remoteness).map_err(|_| too_large(game, at, value))?;
    }
    Ok(())
}

/// The error of a value that a byte does not hold.
fn too_large<G: TierGame + ?Sized>(game: &G, at: Place, value: Value) -> DbError {
    let what = match (value.score, value.nimber) {
        (Some(score), _) => {
            format!("net score {score}: a database of scores holds -{MAX_SCORE} to {MAX_SCORE}")
        }
        (_, Some(nimber)) => {
            format!("nimber {nimber}: a database of nimbers holds 0 to {MAX_NIMBER}")
        }
        _ => format!("value {value}"),
    };
    let what = match value.remoteness > u32::from(u8::MAX) {
        true => format!(
            "remoteness {}: a database of scores holds 0 to 255",
            value.remoteness
        ),
        false => what,
    };
    DbError::Game(format!(
        "{}: the position {} (rank {} of tier {}) has {what}",
        game.identity(),
        crate::text::quoted(&game.show(at)),
        at.rank,
        at.tier
    ))
}
