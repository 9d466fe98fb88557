//! Perfect play read from a database: a position's best moves (the winner hurries, the
//! loser delays, a draw is reached soonest) and a principal line played out to the end.

use serde::Serialize;

use super::database::{Database, Probe};
use super::error::DbError;
use super::game::Place;
use super::value::{mover_value, Value, REMOTENESS};

impl Probe {
    /// The indices (into [`Probe::moves`]) of the best moves, ascending: those whose value
    /// for the mover is the position's own (a build gives a position the value of its best
    /// move: the quickest win, else the soonest draw, else the longest loss). Empty when the
    /// game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::{Probe, Value};
    /// use grundy::Outcome;
    /// let value = |outcome, remoteness| Value { outcome, remoteness };
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
            .filter(|&i| self.moves[i].1 == self.value)
            .collect()
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
///     value: Value { outcome: Outcome::Draw, remoteness: 12 },
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
    /// remoteness. `None` when the position is not in the database.
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
            // 63: a longer line is a database that does not match its game.
            if line.len() > usize::from(REMOTENESS) {
                return Err(self.mismatch(now, "a principal line runs past 63 moves"));
            }
            // The first move whose value for its mover is the position's: the first best
            // move, found without reading the moves after it.
            let mut best = None;
            for (i, &child) in children.iter().enumerate() {
                let Some(after) = self.value(child)? else {
                    return Err(self.mismatch(
                        child,
                        "a move from a position in the database leads out of it",
                    ));
                };
                if mover_value(after) == value {
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
