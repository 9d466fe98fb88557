//! Expressions in CGSuite's plain-text notation, evaluated in an [`Arena`].
//!
//! ```text
//! statement := sum [compare sum]           compare: <= >= == < > <> || <| |>
//! sum       := ordinal { (+ | - | +-) ordinal }
//! ordinal   := term { : term }                 the ordinal sum G:H
//! term      := - term | +- term | + term | postfix
//! postfix   := primary { . method }            methods: see below
//! primary   := ( sum ) | { options bars options ... } | Tiny(sum) | Miny(sum) | uptimal
//! uptimal   := [number] [^ | ^^ | ^n | v | vv | vn | ^<n> | v<n> | ^[n] | v[n]] [* | *n]
//!                                                                    (at least one part)
//! number    := n | n/2^k | n.d (a decimal with a dyadic value)
//! ```
//!
//! Inside braces, options are separated by commas and sides by runs of bars: the longest
//! run splits the form and shorter runs make its options (`{2|0||-1}` is `{{2|0}|-1}`),
//! as in CGSuite. `+-G` is `{G|-G}`, `+-{a,b}` is `{a,b|-a,-b}`; `x.Tiny` is `{0||0|-x}`.
//! Methods, as CGSuite spells them (the first letter in either case): `.Tiny` and `.Miny`
//! (`x.Tiny` is `{0||0|-x}`), `.Cool(t)` (`t` a number), `.Heat(t)`, `.Overheat(s, t)`,
//! `.NortonMultiply(U)`, `.OrdinalSum(H)`, `.Pow(n)` and `.PowTo(n)` (for `{0|H}`: `^<n>` is
//! `^.Pow(n)`, `^[n]` is `^.PowTo(n)`, as CGSuite prints them), and the numbers `.Birthday`, `.Mean`,
//! `.Temperature`, `.LeftStop`, `.RightStop` and `.AtomicWeight`.
//! Errors name the column (counted in characters from 1).

use super::arena::{Arena, GameId};

mod error;
mod lex;
mod methods;
mod parser;
mod powers;

pub use error::{ParseCgtError, ParseCgtErrorKind, MAX_DEPTH, MAX_EXPRESSION, MAX_MULTIPLE};
pub use parser::Evaluation;

use lex::lex;
use parser::Parser;

impl Arena {
    /// Evaluates an expression: a game or a comparison.
    ///
    /// # Errors
    ///
    /// [`ParseCgtError`] with the column, for bad syntax, a number out of range, or an
    /// expression too long or too deep.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Evaluation};
    /// let mut arena = Arena::new();
    /// assert_eq!(arena.evaluate("+-1 || 0").unwrap(), Evaluation::Comparison(true));
    /// assert_eq!(arena.evaluate("^ < *").unwrap(), Evaluation::Comparison(false));
    /// ```
    pub fn evaluate(&mut self, text: &str) -> Result<Evaluation, ParseCgtError> {
        if text.len() > MAX_EXPRESSION {
            return Err(ParseCgtError {
                column: 1,
                kind: ParseCgtErrorKind::TooLong,
            });
        }
        let toks = lex(text)?;
        Parser::new(self, toks).statement()
    }

    /// Evaluates an expression that is a game.
    ///
    /// # Errors
    ///
    /// As [`Arena::evaluate`], and [`ParseCgtErrorKind::NotAGame`] for a comparison.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("^ + ^").unwrap();
    /// assert_eq!(arena.display(g), "^^");
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseCgtError> {
        match self.evaluate(text)? {
            Evaluation::Game(g) => Ok(g),
            Evaluation::Comparison(_) => Err(ParseCgtError {
                column: 1,
                kind: ParseCgtErrorKind::NotAGame,
            }),
        }
    }
}

#[cfg(test)]
mod tests;
