//! Perfect play read from a database: a position's best moves (the winner hurries, the
//! loser delays, a draw is reached soonest) and a principal line played out to the end.

use serde::Serialize;

use super::database::{Database, Probe};
use super::error::DbError;
use super::game::Place;
use super::value::{Value, Values, REMOTENESS};

impl Probe {
    /// The indices (into [`Probe::moves`]) of the best moves, ascending: those whose value
    /// for the mover is the position's own (a build gives a position the value of its best
    /// move: the quickest win, else the soonest draw, else the longest loss; the highest
    /// score). In a database of nimbers, which keeps no remoteness, the moves of the
    /// position's outcome: to nimber 0 from a win, every move from a loss. Empty when the
    /// game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::{Probe, Value};
    /// use grundy::Outcome;
    /// let value = Value::new;
    /// let probe = Probe {
    ///     value: value(Outcome::Win, 3),
    ///     moves: vec![
    ///         ("1".into(), value(Outcome::Win, 5)),
    ///         ("2".into(), value(Outcome::Win, 3)),
    ///         ("3".into(), value(Outcome::Draw, 2)),
    ///     ],
    /// };
    /// assert_eq!(probe.best(), [1]);
    /// ```
    pub fn best(&self) -> Vec<usize> {
        (0..self.moves.len())
            .filter(|&i| is_best(self.moves[i].1, self.value))
            .collect()
    }
}

/// Whether a move of value `mover` (for its mover) is best from a position of value `value`.
fn is_best(mover: Value, value: Value) -> bool {
    match value.nimber {
        Some(_) => mover.outcome == value.outcome,
        None => mover == value,
    }
}

/// One move of a principal line: its label, the position it reaches and the move's value
/// for its mover.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::{Place, Step, Value};
/// use grundy::Outcome;
/// let step = Step {
///     label: "4".into(),
///     to: Place { tier: 1, rank: 3 },
///     value: Value::new(Outcome::Draw, 12),
/// };
/// assert_eq!(step.to.tier, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The move as a person types it.
    pub label: String,
    /// The position it reaches.
    #[serde(skip)]
    pub to: Place,
    /// Its value for the player who makes it.
    pub value: Value,
}

impl Database {
    /// A principal line from the position at `at`: the first best move ([`Probe::best`])
    /// of each position in turn, to the end of the game; as many moves as the position's
    /// remoteness (in a database of scores or nimbers, to the end of the game). `None` when
    /// the position is not in the database.
    ///
    /// # Errors
    ///
    /// As [`Database::probe`]; [`DbError::Corrupt`] when a best move is missing where the
    /// values say there is one (a database that does not match its game).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::mnk::Mnk;
    /// use grundy::tierdb::{build, BuildOptions, Database, TierGame};
    /// let dir = std::env::temp_dir().join(format!("grundy-doc-line-{}", std::process::id()));
    /// build(&Mnk::tic_tac_toe(), &dir, &BuildOptions::default()).unwrap();
    /// let db = Database::open(&dir).unwrap();
    /// let line = db.line(db.game().start()).unwrap().unwrap();
    /// assert_eq!(line.len(), 9); // tic-tac-toe is a draw on a full board
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn line(&self, at: Place) -> Result<Option<Vec<Step>>, DbError> {
        let Some(mut value) = self.value(at)? else {
            return Ok(None);
        };
        let mut line = Vec::new();
        let mut now = at;
        let mut children = Vec::new();
        loop {
            children.clear();
            if self.game().expand(now, &mut children).is_some() || children.is_empty() {
                return Ok(Some(line));
            }
            // Each best move takes the remoteness down by one, and a tier file's is at most
            // 63: a longer line is a database that does not match its game. Scores
            // (whose remoteness may pass 63) and nimbers: each move leads to a later tier.
            let most = match self.values() {
                Values::Outcomes => usize::from(REMOTENESS),
                _ => self.game().tiers() as usize,
            };
            if line.len() > most {
                return Err(self.mismatch(now, "a principal line runs past its moves"));
            }
            // The first move whose value for its mover is the position's: the first best
            // move, found without reading the moves after it.
            let mut best = None;
            let gains = self.gains(now, children.len());
            for (i, (&child, &gain)) in children.iter().zip(&gains).enumerate() {
                let Some(after) = self.value(child)? else {
                    return Err(self.mismatch(
                        child,
                        "a move from a position in the database leads out of it",
                    ));
                };
                if is_best(self.move_value(gain, after), value) {
                    best = Some((i, child, after));
                    break;
                }
            }
            let Some((i, child, after)) = best else {
                return Err(self.mismatch(now, "a position has moves but none is best"));
            };
            line.push(Step {
                label: self.game().labels(now).swap_remove(i),
                to: child,
                value,
            });
            now = child;
            value = after;
        }
    }
}
