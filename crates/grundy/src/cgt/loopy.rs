//! Loopy partizan games: games whose positions may repeat, as finite graphs.
//!
//! A [`LoopyGame`] is a graph of positions with Left and Right options, possibly cyclic;
//! short games unfold into it ([`LoopyGame::from_short`]), and sums are product graphs
//! ([`LoopyGame::sum`]). Play that never ends is a draw; [`LoopyGame::outcome`] finds the
//! outcome class by retrograde analysis. A *stopper* has no line of play alternating forever;
//! for stoppers the order is survival (Siegel, *Combinatorial Game Theory*, ch. VI; Winning
//! Ways, ch. 11): `G >= H` exactly when Left, moving second in `G - H`, does not lose
//! ([`LoopyGame::geq`]). Games that are not stoppers (`dud`, `on + off`) are valued by their
//! onside and offside ([`LoopyGame::side`], [`SidedValue`], written `S & T` as CGSuite does)
//! and compared by them ([`LoopyGame::sided_geq`]); stoppers come in simplest form
//! ([`LoopyGame::simplest`]).
//!
//! [`evaluate`] reads CGSuite's notation for loopy games: `on`, `off`, `over`, `under`,
//! `upon`, `dud`, `pass` and node labels (`a{0|a}`); [`LoopyGame`]'s `Display` writes a game
//! back in it.
//!
//! # Examples
//!
//! ```
//! use grundy::cgt::loopy::{evaluate, LoopyEvaluation, LoopyGame, LoopyOutcomeClass, SidedValue};
//! use grundy::cgt::Arena;
//! let mut arena = Arena::new();
//! assert_eq!(evaluate(&mut arena, "over > 0").unwrap(), LoopyEvaluation::Comparison(true));
//! let on_plus_off = LoopyGame::on().sum(&LoopyGame::off()).unwrap();
//! assert_eq!(on_plus_off.outcome(), LoopyOutcomeClass::D);
//! assert_eq!(on_plus_off.to_string(), "dud");
//! // over - over is not 0 but over & under.
//! let g = LoopyGame::over().difference(&LoopyGame::over()).unwrap();
//! assert_eq!(SidedValue::of(&g).unwrap().to_string(), "over & under");
//! ```

mod display;
mod error;
mod graph;
mod lex;
mod outcome;
mod parse;
mod sided;
mod sides;
mod simplify;
mod sum;
#[cfg(test)]
mod tests;

pub use error::{LoopyError, MAX_POSITIONS};
pub use graph::LoopyGame;
pub use outcome::{LoopyOutcomeClass, Winner};
pub use parse::{evaluate, mentions_loopy, LoopyEvaluation};
pub use sided::SidedValue;
pub use sides::{Side, MAX_SIDED};
pub use simplify::MAX_SIMPLIFIED;
