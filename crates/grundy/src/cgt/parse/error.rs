//! What can be wrong with an expression ([`ParseCgtError`]: where and what), and the limits an
//! expression keeps to.

use crate::cgt::error::CgtError;

/// The longest expression read (bytes).
pub const MAX_EXPRESSION: usize = 1 << 20;
/// The deepest nesting of braces and parentheses.
pub const MAX_DEPTH: usize = 200;
/// The largest up multiple and nimber written in an expression.
pub const MAX_MULTIPLE: u64 = 1024;

/// A malformed expression: where and what.
///
/// # Examples
///
/// ```
/// use grundy::cgt::Arena;
/// let err = Arena::new().parse("{1|2").unwrap_err();
/// assert_eq!(err.column, 5);
/// assert_eq!(err.to_string(), "column 5: expected '}' or an option, found the end");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct ParseCgtError {
    /// The column (in characters, from 1) of the token at fault.
    pub column: usize,
    /// What was wrong.
    pub kind: ParseCgtErrorKind,
}

/// What was wrong with an expression.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, ParseCgtErrorKind};
/// let err = Arena::new().parse("1/3").unwrap_err();
/// assert!(matches!(err.kind, ParseCgtErrorKind::NotDyadic(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCgtErrorKind {
    /// A token where another was needed.
    #[error("expected {expected}, found {found}")]
    Unexpected {
        /// What could come here.
        expected: &'static str,
        /// What came.
        found: String,
    },
    /// A fraction whose denominator is not a power of two.
    #[error("{0} is not a dyadic rational (its denominator must be a power of two)")]
    NotDyadic(String),
    /// A number, up multiple or nimber too large.
    #[error("{0} is too large")]
    TooLarge(String),
    /// Two runs of the most bars at the top of one pair of braces.
    #[error("ambiguous bars: two runs of {0} at one level (add braces)")]
    AmbiguousBars(usize),
    /// Braces or parentheses nested too deep.
    #[error("nested deeper than {MAX_DEPTH} levels")]
    TooDeep,
    /// The expression is longer than [`MAX_EXPRESSION`].
    #[error("the expression is longer than {MAX_EXPRESSION} bytes")]
    TooLong,
    /// A comparison where a game is needed.
    #[error("a comparison is not a game")]
    NotAGame,
    /// A method given an argument it cannot take, or a value it does not have.
    #[error("{method}: {problem}")]
    Method {
        /// The method, as CGSuite spells it.
        method: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// The value leaves the range of numbers.
    #[error("{0}")]
    Value(CgtError),
}

/// A parse's result.
pub(super) type Parsed<T> = Result<T, ParseCgtError>;
