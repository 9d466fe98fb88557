//! A database as a game of the front door ([`DbGame`], a `DynGame`): what `grundy play` and
//! the web page's sessions play against, every answer read from the database at once.

use std::sync::Arc;

use super::database::Database;
use super::error::DbError;
use super::game::Place;
use super::line::Step;
use super::value::{Gain, Value, Values};
use crate::drawing::Drawing;
use crate::dynamic::{
    Ask, Datum, DynError, DynGame, DynMove, Kind, MoveCounts, MoveValue, Solution,
    Value as DynValue,
};
use crate::limits::Budget;
use crate::value::{Nimber, Outcome, Play};

/// A tier database played through the front door: positions are `[tier, rank]` (the
/// game's [`Place`]), text is the moves played from the start (as the game's
/// [`TierGame::parse`](super::game::TierGame::parse) reads it), and a solve reads the position and
/// its moves from the database, with its best moves and a principal line
/// ([`Database::line`]). A position not in the database is refused, saying so.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::mnk::Mnk;
/// use grundy::dynamic::DynGame;
/// use grundy::tierdb::{build, BuildOptions, Database, DbGame};
/// use grundy::{Budget, Outcome};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-dbgame-{}", std::process::id()));
/// build(&Mnk::tic_tac_toe(), &dir, &BuildOptions::default()).unwrap();
/// let game = DbGame::new(Arc::new(Database::open(&dir).unwrap()));
/// let pos = game.parse("5 2").unwrap(); // X in the centre, O on an edge
/// let sol = game.solve(&pos, &Budget::default()).unwrap();
/// assert_eq!(sol.value.outcome, Outcome::Win);
/// assert_eq!(sol.value.remoteness, Some(5));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Clone, Debug)]
pub struct DbGame {
    db: Arc<Database>,
}

impl DbGame {
    /// The game of `db`.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use std::sync::Arc;
    /// use grundy::dynamic::DynGame;
    /// use grundy::tierdb::{Database, DbGame};
    /// let game = DbGame::new(Arc::new(Database::open("/tmp/c4-54").unwrap()));
    /// println!("{}", game.name());
    /// ```
    pub fn new(db: Arc<Database>) -> DbGame {
        DbGame { db }
    }

    /// The database.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use std::sync::Arc;
    /// use grundy::tierdb::{Database, DbGame};
    /// let game = DbGame::new(Arc::new(Database::open("/tmp/c4-54").unwrap()));
    /// println!("{} positions", game.database().positions());
    /// ```
    pub fn database(&self) -> &Database {
        &self.db
    }

    /// The position `[tier, rank]` as data.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::dynamic::Datum;
    /// use grundy::tierdb::{DbGame, Place};
    /// assert_eq!(DbGame::datum(Place { tier: 2, rank: 7 }), Datum::ints([2, 7]));
    /// ```
    pub fn datum(at: Place) -> Datum {
        // Ranks count positions of one tier, far below 2^63.
        Datum::ints([i64::from(at.tier), at.rank as i64])
    }

    /// The place of `pos`, checked: a `[tier, rank]` of the game that is in the database.
    ///
    /// # Errors
    ///
    /// [`DynError::Position`] saying what is wrong (not a place of the game, or not in the
    /// database: not reachable from the start); [`DynError::Database`] when reading fails.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use std::sync::Arc;
    /// use grundy::dynamic::Datum;
    /// use grundy::tierdb::{Database, DbGame, Place};
    /// let game = DbGame::new(Arc::new(Database::open("/tmp/c4-54").unwrap()));
    /// assert_eq!(game.place(&Datum::ints([0, 0])).unwrap(), Place { tier: 0, rank: 0 });
    /// ```
    pub fn place(&self, pos: &Datum) -> Result<Place, DynError> {
        let game = self.db.game();
        let numbers: Option<Vec<i64>> = pos
            .as_list()
            .filter(|items| items.len() == 2)
            .and_then(|items| items.iter().map(Datum::as_int).collect());
        let at = numbers.and_then(|n| {
            let at = Place {
                tier: u32::try_from(n[0]).ok()?,
                rank: u64::try_from(n[1]).ok()?,
            };
            (at.tier < game.tiers() && at.rank < game.tier_size(at.tier)).then_some(at)
        });
        let Some(at) = at else {
            return Err(DynError::Position(format!(
                "a position of {} from its database is [tier, rank] (or the moves played, as \
                 text), found {}",
                game.describe(),
                pos.brief()
            )));
        };
        match self.db.value(at).map_err(failed)? {
            Some(_) => Ok(at),
            None => Err(not_in(&self.db, &pos.brief())),
        }
    }

    /// The moves of the position at `at` as the front door lists them (with their points
    /// and bonus turns in a database of scores), with the places they reach.
    fn listed(&self, at: Place) -> Vec<(DynMove, Place)> {
        let game = self.db.game();
        let mut children = Vec::new();
        if game.expand(at, &mut children).is_some() {
            return Vec::new();
        }
        let gains = self.db.gains(at, children.len());
        game.labels(at)
            .into_iter()
            .zip(children)
            .zip(gains)
            .map(|((label, to), gain)| (dyn_move(label, to, gain), to))
            .collect()
    }
}

impl DbGame {
    /// The moves of a principal line from `at` as the front door lists them (each with
    /// its points and bonus turn, read from the position it is played from).
    fn line_moves(&self, at: Place, line: Vec<Step>) -> Vec<DynMove> {
        let mut from = at;
        let mut moves = Vec::with_capacity(line.len());
        for step in line {
            let listed = self.listed(from);
            let found = listed
                .into_iter()
                .find(|(mv, to)| *to == step.to && mv.label == step.label);
            moves.push(match found {
                Some((mv, _)) => mv,
                None => dyn_move(step.label, step.to, Gain::default()),
            });
            from = step.to;
        }
        moves
    }
}

/// A move as the front door lists it.
fn dyn_move(label: String, to: Place, gain: Gain) -> DynMove {
    DynMove {
        label,
        to: DbGame::datum(to),
        points: i64::from(gain.points),
        again: gain.again,
    }
}

/// A database's value as the front door writes it: a score with its remoteness (none
/// where the database keeps none, or the game has ended), or a nimber, which a database
/// keeps instead of the remoteness.
fn dyn_value(value: Value) -> DynValue {
    DynValue {
        remoteness: match (value.score, value.nimber) {
            (None, None) => Some(u64::from(value.remoteness)),
            (Some(_), None) if value.remoteness > 0 => Some(u64::from(value.remoteness)),
            _ => None,
        },
        score: value.score.map(i64::from),
        nimber: value.nimber.map(|n| Nimber(u64::from(n))),
        ..DynValue::outcome(value.outcome)
    }
}

fn failed(err: DbError) -> DynError {
    DynError::Database(err.to_string())
}

/// The error of a position (as `shown`) that is not in `db`.
fn not_in(db: &Database, shown: &str) -> DynError {
    DynError::Position(format!(
        "{shown} is not in the database of {}: not reachable from its start",
        db.game().describe()
    ))
}

impl DynGame for DbGame {
    fn name(&self) -> String {
        self.db.game().describe()
    }

    fn description(&self) -> String {
        format!(
            "perfect play read from a tier database of {} positions",
            self.db.positions()
        )
    }

    fn kind(&self) -> Kind {
        match self.db.values() {
            Values::Outcomes => Kind::WinLoss { play: Play::Normal },
            Values::Scores => Kind::Scoring,
            Values::Nimbers => Kind::Impartial { play: Play::Normal },
        }
    }

    fn start(&self) -> Option<Datum> {
        Some(DbGame::datum(self.db.game().start()))
    }

    fn parse(&self, text: &str) -> Result<Datum, DynError> {
        let at = self.db.game().parse(text).map_err(DynError::Position)?;
        match self.db.value(at).map_err(failed)? {
            Some(_) => Ok(DbGame::datum(at)),
            None => Err(not_in(&self.db, &crate::text::quoted(text))),
        }
    }

    fn check(&self, pos: &Datum) -> Result<Datum, DynError> {
        self.place(pos).map(DbGame::datum)
    }

    fn show(&self, pos: &Datum) -> Result<String, DynError> {
        Ok(self.db.game().show(self.place(pos)?))
    }

    fn moves(&self, pos: &Datum) -> Result<Vec<DynMove>, DynError> {
        let at = self.place(pos)?;
        Ok(self.listed(at).into_iter().map(|(mv, _)| mv).collect())
    }

    fn solve_with(&self, pos: &Datum, _budget: &Budget, _ask: Ask) -> Result<Solution, DynError> {
        let at = self.place(pos)?;
        let probe = self.db.probe(at).map_err(failed)?;
        let probe = probe.ok_or_else(|| not_in(&self.db, &pos.brief()))?;
        let optimal = probe.best();
        let moves: Vec<MoveValue> = self
            .listed(at)
            .into_iter()
            .zip(&probe.moves)
            .enumerate()
            .map(|(index, ((mv, _), (_, value)))| MoveValue {
                index,
                mv,
                value: dyn_value(*value),
            })
            .collect();
        let line = self.db.line(at).map_err(failed)?.unwrap_or_default();
        Ok(Solution {
            position: pos.clone(),
            value: dyn_value(probe.value),
            counts: MoveCounts {
                moves: moves.len(),
                winning: moves
                    .iter()
                    .filter(|m| m.value.outcome == Outcome::Win)
                    .count(),
                optimal: optimal.len(),
            },
            moves,
            optimal,
            line: self.line_moves(at, line),
            skipped: false,
        })
    }

    fn draw(&self, pos: &Datum) -> Result<Option<Drawing>, DynError> {
        Ok(self.db.game().draw(self.place(pos)?))
    }

    fn ended(&self, pos: &Datum) -> Option<Outcome> {
        let at = self.place(pos).ok()?;
        Some(self.db.game().expand(at, &mut Vec::new())?.value().outcome)
    }
}
