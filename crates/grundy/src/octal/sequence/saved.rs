//! The saved state of a windowed sparse run, which the `checkpoint` module writes and reads
//! back: the kept values, the totals, and the sparse method's mask and rare positions.

use super::super::sparse::Sparse;
use super::super::stats::Tally;
use super::super::store::{Store, Window};

/// What a windowed run saves to resume (see `Sequence::resume_windowed`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::octal) struct WindowedState {
    pub window: Window,
    /// G(0 .. prefix), empty while the window has not moved (`origin` 0).
    pub early: Vec<u16>,
    pub origin: usize,
    /// G(origin ..).
    pub recent: Vec<u16>,
    /// How many values G(prefix ..) were spilled (`None`: no spill).
    pub spilled: Option<usize>,
    pub tally: Tally,
    pub mask: usize,
    pub rare: (Vec<u32>, Vec<u16>),
}

impl WindowedState {
    /// The state of a windowed sparse run whose values are in `store` (`None` when every
    /// value is kept).
    pub(super) fn of(store: &Store, tally: &Tally, sparse: &Sparse) -> Option<WindowedState> {
        let window = store.window()?;
        let (origin, recent) = store.recent();
        let early = if origin == 0 {
            Vec::new()
        } else {
            store.head().to_vec()
        };
        Some(WindowedState {
            window,
            early,
            origin,
            recent: recent.to_vec(),
            spilled: store.spilled(),
            tally: tally.clone(),
            mask: sparse.mask(),
            rare: (
                sparse.rare_positions().to_vec(),
                sparse.rare_values().to_vec(),
            ),
        })
    }
}
