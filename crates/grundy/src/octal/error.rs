//! Why values could not be computed ([`ComputeError`]), and the errors a window's store
//! and its spill file lead to.

use thiserror::Error;

use super::store::{Store, Window};
use crate::limits::SolveError;

/// Why values could not be computed.
///
/// # Examples
///
/// ```
/// use grundy::octal::{ComputeError, Method, Sequence};
/// let hex = "0.F".parse().unwrap();
/// let err = Sequence::new(hex, Method::Sparse, grundy::Budget::default()).unwrap_err();
/// assert!(matches!(err, ComputeError::SparseNeedsOctal { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ComputeError {
    /// The budget refused the memory, or the run was cancelled.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A value does not fit the 16-bit table.
    #[error("G({n}) exceeds 65535, the largest value a sequence stores")]
    ValueTooLarge {
        /// The heap size.
        n: usize,
    },
    /// A value needs values that the window no longer keeps (or asks for one of them).
    #[error("G({n}) needs values that the window (the first {prefix} and the last {recent}) no longer keeps: rerun keeping more values")]
    NotKept {
        /// The heap size.
        n: usize,
        /// The window's prefix.
        prefix: usize,
        /// The window's recent values.
        recent: usize,
    },
    /// The spill file failed.
    #[error("the spill file: {message}")]
    Spill {
        /// The I/O error.
        message: String,
    },
    /// A window was asked for the direct method, which reads every value.
    #[error(
        "only the sparse method can keep a window of values; the direct method reads them all"
    )]
    WindowNeedsSparse,
    /// Values were to be extended by a period that the values computed do not prove.
    #[error("the values G(0) .. G({}) do not prove period {period} from heap size {preperiod}", .len.saturating_sub(1))]
    NotProved {
        /// p.
        period: usize,
        /// e.
        preperiod: usize,
        /// How many values were computed.
        len: usize,
    },
    /// The sparse method was asked for a code whose moves leave three heaps.
    #[error("the sparse method handles codes whose moves leave at most two heaps; {code} leaves three: use the direct method")]
    SparseNeedsOctal {
        /// The code.
        code: String,
    },
}

/// [`ComputeError::NotKept`] for G(n) in `store`'s window.
pub(super) fn not_kept(store: &Store, n: usize) -> ComputeError {
    let window = store.window().unwrap_or(Window {
        prefix: 0,
        recent: 0,
    });
    ComputeError::NotKept {
        n,
        prefix: window.prefix,
        recent: window.recent,
    }
}

pub(super) fn spill_error(err: std::io::Error) -> ComputeError {
    ComputeError::Spill {
        message: err.to_string(),
    }
}
