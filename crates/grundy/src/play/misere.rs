//! A session's hints and replies: by the plain search, or, for a sum of heaps of a
//! take-and-break code under misère play, by the code's misère quotient (Plambeck and
//! Siegel 2008) for heaps up to the start's largest, computed once a session, on its first
//! hint or reply (`analysis::quotient_for`: within its time, else a note and the search).
//! Heaps never grow in a take-and-break game, so that quotient answers every position
//! the session reaches.

use std::sync::{Arc, Mutex};

use crate::analysis::{heaps_of, misere_code, quotient_for, solve_by_quotient, Reason};
use crate::dynamic::{Ask, Datum, DynError, DynGame, Solution};
use crate::limits::Budget;
use crate::misere::quotient::{Quotient, QuotientError};
use crate::octal::TakeAndBreak;

/// A position solved for a session, and why, where the answer has a reason to give.
///
/// # Examples
///
/// ```
/// use grundy::catalog::open_in;
/// use grundy::play::session::{Session, Side};
/// use grundy::{Budget, Outcome, Play};
/// let (game, start) = open_in(&["0.07", "4", "4"].map(String::from), Play::Misere).unwrap();
/// let hint = Session::new(game, start, Side::Person).hint(&Budget::default()).unwrap();
/// assert_eq!(hint.solution.value.outcome, Outcome::Loss);
/// assert!(hint.why()[0].contains("their product is"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The position's value and every move's, with the optimal moves.
    pub solution: Solution,
    /// Why: for a misère sum of a code's heaps, the quotient's reasons (each heap's
    /// element, their product, the P-portion, the winning moves), or why no quotient
    /// answered (then the position was searched); empty for any other game.
    pub reasons: Vec<Reason>,
}

impl Hint {
    /// The reasons as lines of text, as the command line prints them.
    ///
    /// # Examples
    ///
    /// See [`Hint`].
    pub fn why(&self) -> Vec<String> {
        self.reasons.iter().map(ToString::to_string).collect()
    }
}

/// What a session knows of its code's quotient: none yet, the quotient, or why there is
/// none (kept, so that a session does not wait again on every hint).
type Known = Option<Result<Arc<Quotient>, String>>;

/// A session's way to its hints: the code and the largest heap its quotient must reach,
/// when its game is a misère code, and the quotient once computed.
pub(super) struct Hints {
    code: Option<(TakeAndBreak, usize)>,
    known: Mutex<Known>,
}

impl Hints {
    /// The hints of `game` from `start`.
    pub(super) fn new(game: &dyn DynGame, start: &Datum) -> Hints {
        let largest = heaps_of(start).map(|heaps| heaps.into_iter().max().unwrap_or(0));
        Hints {
            code: misere_code(game).zip(largest),
            known: Mutex::new(None),
        }
    }

    /// `pos` solved with every move: by the quotient when it answers, else by the search
    /// (with a note when a quotient was tried).
    pub(super) fn hint(
        &self,
        game: &dyn DynGame,
        pos: &Datum,
        budget: &Budget,
    ) -> Result<Hint, DynError> {
        let mut reasons = Vec::new();
        match self.quotient(budget) {
            Some(Ok(q)) => match solve_by_quotient(game, &q, pos) {
                Some(answer) => {
                    let answer = answer?;
                    return Ok(Hint {
                        solution: answer.solution,
                        reasons: answer.reasons,
                    });
                }
                None => reasons.push(Reason::QuotientNotFound {
                    why: format!(
                        "this position is past the quotient's heaps up to {}",
                        q.max_heap()
                    ),
                }),
            },
            Some(Err(why)) => reasons.push(Reason::QuotientNotFound { why }),
            None => {}
        }
        let ask = Ask {
            all_moves: true,
            ..Ask::default()
        };
        let solution = game.solve_with(pos, budget, ask)?;
        Ok(Hint { solution, reasons })
    }

    /// The quotient, computed on the first call (`None`: the game is no misère code); a
    /// computation cancelled by `budget` is not kept.
    fn quotient(&self, budget: &Budget) -> Option<Result<Arc<Quotient>, String>> {
        let (code, largest) = self.code.as_ref()?;
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = known.as_ref() {
            return Some(known.clone());
        }
        let res = match quotient_for(code, *largest, budget) {
            Ok(q) => Ok(Arc::new(q)),
            Err(err @ QuotientError::Cancelled) => return Some(Err(err.to_string())),
            Err(err) => Err(err.to_string()),
        };
        *known = Some(res.clone());
        Some(res)
    }
}
