//! What can go wrong in a computation on games.

/// A computation on games that cannot be carried out.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, Dyadic};
/// let mut arena = Arena::new();
/// let big = arena.number(Dyadic::integer(i64::MAX));
/// assert!(arena.sum(big, big).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CgtError {
    /// A number on the way does not fit a [`Dyadic`](super::dyadic::Dyadic) (a numerator of 63 bits, a
    /// denominator up to `2^62`).
    #[error("a number leaves the range this calculator holds (numerators of 63 bits, denominators up to 2^62)")]
    OutOfRange,
}
