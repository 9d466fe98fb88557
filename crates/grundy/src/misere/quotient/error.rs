//! Why a quotient was not computed.

use thiserror::Error;

/// Why `compute` stopped without a quotient; each names the limit that
/// was reached, so a front end prints it as it is.
///
/// # Examples
///
/// ```
/// use grundy::misere::quotient::{compute, Limits, QuotientError};
/// let kayles: grundy::octal::TakeAndBreak = "0.77".parse().unwrap();
/// let err = compute(&kayles, &Limits::new(12).with_max_order(8)).unwrap_err();
/// assert!(matches!(err, QuotientError::OrderTooLarge { max: 8, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum QuotientError {
    /// The quotient has more elements than the limit.
    #[error("the misère quotient of heaps up to {heap} has more than {max} elements (raise --max-order)")]
    OrderTooLarge {
        /// The heap bound whose quotient is too large.
        heap: usize,
        /// The limit on the order.
        max: usize,
    },
    /// The outcome search needed more positions than the limit.
    #[error("the outcome search needs more than {max} positions")]
    TooManyPositions {
        /// The limit on stored positions.
        max: usize,
    },
    /// The check that the learned monoid is the quotient met more option sets than the
    /// limit.
    #[error("checking the quotient needs more than {max} option sets")]
    CheckTooLarge {
        /// The limit on option sets.
        max: usize,
    },
    /// The heap bound is past what this computation accepts.
    #[error("the heap bound {heap} is more than the limit of {max}")]
    HeapTooLarge {
        /// The bound asked for.
        heap: usize,
        /// `MAX_HEAP`.
        max: usize,
    },
    /// The heap bound is 0: there is no heap to take a quotient of.
    #[error("the heap bound must be at least 1")]
    NoHeap,
    /// A computed quotient had odd order, which no impartial quotient has: a bug.
    #[error("the quotient of heaps up to {heap} came out with odd order {order} (a bug: please report it)")]
    OddOrder {
        /// The heap bound.
        heap: usize,
        /// The order found.
        order: usize,
    },
    /// The learner found no test sum to split a wrong automaton: a bug.
    #[error("the quotient of heaps up to {heap} could not be refined (a bug: please report it)")]
    Inconsistent {
        /// The heap bound.
        heap: usize,
    },
    /// The time given ran out before the quotient was found.
    #[error("the misère quotient of heaps up to {heap} was not found within {seconds} s")]
    TimeUp {
        /// The heap bound asked for.
        heap: usize,
        /// The time given, in seconds.
        seconds: String,
    },
    /// The run was stopped from outside.
    #[error("the quotient computation was cancelled")]
    Cancelled,
}
