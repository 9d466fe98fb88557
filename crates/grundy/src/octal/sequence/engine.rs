//! How a sequence computes its next value alone (not in a batch): by the direct method (the
//! mex of every move's value) or by the sparse one (the common values first, the rare ones
//! proved), which keeps state of its own that follows the values.

use super::super::direct::{self, Marks, Rules};
use super::super::error::{not_kept, spill_error, ComputeError};
use super::super::method::Method;
use super::super::sparse::{Next, Sparse};
use super::super::stats::Tally;
use super::super::store::Store;

/// The method of a sequence, with the sparse method's state.
#[derive(Clone, Debug)]
pub(super) enum Engine {
    Direct,
    Sparse(Box<Sparse>),
}

impl Engine {
    /// The engine of `method` for a sequence whose first values are `values`, totalled in
    /// `tally`.
    pub(super) fn new(method: Method, values: &[u16], tally: &Tally) -> Engine {
        match method {
            Method::Direct => Engine::Direct,
            Method::Sparse => Engine::Sparse(Box::new(Sparse::new(values, &tally.counts))),
        }
    }

    /// The next value of the sequence whose values are in `store` (totalled in `tally`):
    /// G(n) for n = `store.len()`, computed alone, reading the spill for a far pair scan.
    #[inline]
    pub(super) fn next_value(
        &mut self,
        rules: &Rules,
        store: &mut Store,
        tally: &Tally,
        marks: &mut Marks,
    ) -> Result<usize, ComputeError> {
        let n = store.len();
        let value = match self {
            Engine::Direct => {
                let (_, all) = store.recent();
                direct::next_value(rules, all, marks)
            }
            Engine::Sparse(sparse) => {
                let (view, counts) = (store.view(), &tally.counts);
                match sparse.next_value(rules, view, counts, marks, None) {
                    Next::Value(value) => value,
                    Next::FarScan { candidate } if store.has_spill() => {
                        let missing = sparse.missing_mut();
                        store
                            .far_scan(&rules.split2, n, missing)
                            .map_err(spill_error)?;
                        sparse.finish(candidate)
                    }
                    Next::FarScan { .. } | Next::OutOfReach => {
                        return Err(not_kept(store, n));
                    }
                    Next::Proof { .. } | Next::Sequential => {
                        unreachable!("the sparse method defers only when asked to")
                    }
                }
            }
        };
        Ok(value)
    }

    /// Follows G(n) = `value`, the next value (the sparse method's rare list and block).
    #[inline]
    pub(super) fn push(&mut self, n: usize, value: u16) {
        if let Engine::Sparse(sparse) = self {
            sparse.push(n, value);
        }
    }
}
