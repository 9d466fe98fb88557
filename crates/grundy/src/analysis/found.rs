//! What an analysis finds: [`Analysis`], and [`Found`], an analysis before it is named.

use serde::Serialize;

use super::reason::Reason;
use super::valued::Valued;
use crate::value::{Nimber, Outcome};

/// What is known about a position: outcome, value, winning moves and why.
///
/// Serialized as the command line's `grundy analyze --json` writes it (without its `why`
/// lines, which are the reasons' `Display`).
///
/// # Examples
///
/// ```
/// use grundy::analysis::analyze_words;
/// use grundy::Outcome;
/// let words = ["wythoff", "3", "5"].map(String::from);
/// let analysis = analyze_words(&words).unwrap();
/// assert_eq!((analysis.game.as_str(), analysis.position.as_str()), ("wythoff", "3 5"));
/// assert_eq!(analysis.outcome, Outcome::Loss);
/// assert!(analysis.winning_moves.is_empty() && analysis.complete);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The family and parameter (`sum` for a sum).
    pub game: String,
    /// The position, as typed.
    pub position: String,
    /// For the player to move.
    pub outcome: Outcome,
    /// The Grundy value, where known (never under misère play).
    pub nimber: Option<Nimber>,
    /// Every winning move (or, when `complete` is false, the ones found), labelled.
    pub winning_moves: Vec<String>,
    /// False when the list of winning moves is not exhaustive.
    pub complete: bool,
    /// Why: the rules and theorems that give the value, with their numbers.
    pub reasons: Vec<Reason>,
}

impl Analysis {
    /// One line of explanation per reason.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::analysis::analyze_words;
    /// let words = ["bash", "3", "10"].map(String::from);
    /// let why = analyze_words(&words).unwrap().why();
    /// assert_eq!(why[1], "Bash: G(n) = n mod 4");
    /// ```
    pub fn why(&self) -> Vec<String> {
        self.reasons.iter().map(ToString::to_string).collect()
    }
}

/// An analysis before it is named: what each family's module returns.
pub(super) struct Found<'a> {
    pub(super) outcome: Outcome,
    /// The position with its Grundy value, where known (never under misère play).
    pub(super) value: Option<Valued<'a>>,
    pub(super) winning_moves: Vec<String>,
    pub(super) complete: bool,
    pub(super) reasons: Vec<Reason>,
}

/// Normal play: the player to move loses exactly on value 0.
pub(super) fn outcome_of(nimber: Nimber) -> Outcome {
    if nimber == Nimber(0) {
        Outcome::Loss
    } else {
        Outcome::Win
    }
}
