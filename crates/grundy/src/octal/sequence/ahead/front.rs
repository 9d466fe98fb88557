//! The values a run in batches reads: a copy of the last proved values, then the
//! candidates computed ahead of their proofs.

use super::super::super::store::{Store, Values};

/// G(origin ..): the proved recent values, then the candidates computed ahead.
#[derive(Debug, Default)]
pub(super) struct Front {
    pub(super) origin: usize,
    pub(super) values: Vec<u16>,
}

impl Front {
    pub(super) fn len(&self) -> usize {
        self.origin + self.values.len()
    }

    /// The values the thread ahead or a proof reads: `early` as proved, the rest from the
    /// copy.
    pub(super) fn view<'a>(&'a self, early: &'a [u16]) -> Values<'a> {
        Values {
            early,
            recent: &self.values,
            origin: self.origin,
            closing: false,
        }
    }

    /// Copies the last `keep` values of `store` (all of them when it has fewer); false when
    /// the store no longer keeps that many.
    pub(super) fn sync(&mut self, store: &Store, keep: usize) -> bool {
        let (origin, recent) = store.recent();
        let len = origin + recent.len();
        let from = len.saturating_sub(keep);
        if from < origin {
            return false;
        }
        self.origin = from;
        self.values.clear();
        self.values.extend_from_slice(&recent[from - origin..]);
        true
    }

    /// Drops all but the last `keep` values once twice as many are held.
    pub(super) fn trim(&mut self, keep: usize) {
        if self.values.len() > 2 * keep {
            let drop = self.values.len() - keep;
            self.values.drain(..drop);
            self.origin += drop;
        }
    }
}
