//! [`Sequence`]: the Grundy values of a take-and-break game, computed on demand.
//!
//! Values are stored as `u16` (2 bytes per heap size; the largest value of a famous octal
//! game is far below 65536), so 2^30 heap sizes take 2 GiB. Growth is checked against the
//! [`Budget`] before allocating.
//!
//! Memory: every value by default. With the sparse method, [`Sequence::keep_window`] keeps
//! only the first values and a recent window ([`Window`], see [`super::store`]), so a run
//! to 2^32 and beyond takes a few tens of MiB. The reads that reach outside it (the full
//! pair scan that proves a new rare value, partners of a rare position that is too late)
//! stop the run with [`ComputeError::NotKept`] instead of answering. Running totals (the
//! count of each value, the last heap size of each, a digest of all values) are kept
//! either way, for the report of a windowed run.
//!
//! Threads: set to more than one ([`Sequence::set_threads`]), a sparse run with a long rare
//! list computes candidates on a thread while a pool of the sequence's own proves them
//! (`ahead`); the values are the same on any number of threads.
//!
//! The ring (circular) variant needs no table of its own: a ring's first move leaves a
//! line, so its value is a mex over at most t line values.

mod ahead;
mod engine;
mod ring;
mod saved;

use std::num::NonZeroUsize;

use engine::Engine;
pub(super) use saved::WindowedState;

use super::code::TakeAndBreak;
use super::direct::{Marks, Rules};
use super::error::{not_kept, spill_error, ComputeError};
use super::method::Method;
use super::period::theorem::{proves, Period};
use super::pipeline::Pipeline;
use super::sparse::Sparse;
use super::stats::Tally;
use super::store::{SpillFile, Store, Window};
use crate::limits::{Budget, SolveError};
use crate::value::Nimber;

/// The Grundy values G(0), G(1), ... of one take-and-break game, computed on demand.
///
/// # Examples
///
/// Dawson's Kayles (0.07), A002187 shifted by one: 0, 0, 1, 1, 2, 0, 3, 1, 1, 0.
///
/// ```
/// use grundy::octal::{Method, Sequence};
/// use grundy::Nimber;
///
/// let mut seq = Sequence::new("0.07".parse().unwrap(), Method::Direct, grundy::Budget::default()).unwrap();
/// seq.extend_to(10).unwrap();
/// assert_eq!(seq.values(), &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// assert_eq!(seq.nimber(50).unwrap(), Nimber(5)); // A002187(49)
/// ```
#[derive(Debug)]
pub struct Sequence {
    game: TakeAndBreak,
    method: Method,
    rules: Rules,
    store: Store,
    tally: Tally,
    marks: Marks,
    engine: Engine,
    budget: Budget,
    /// The two-thread runs of the sparse method.
    ahead: ahead::Ahead,
}

impl Sequence {
    /// An empty sequence of `game`'s values, to be computed by `method` within `budget`.
    ///
    /// # Errors
    ///
    /// [`ComputeError::SparseNeedsOctal`] for the sparse method on a code with three-heap
    /// moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// assert!(seq.values().is_empty());
    /// ```
    pub fn new(game: TakeAndBreak, method: Method, budget: Budget) -> Result<Self, ComputeError> {
        Sequence::resume(game, method, Vec::new(), budget)
    }

    /// A sequence whose first values are `values` (trusted: see the `checkpoint` module, which
    /// checks a saved state before handing it here).
    ///
    /// # Errors
    ///
    /// As [`Sequence::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::resume("0.77".parse().unwrap(), Method::Sparse, vec![0, 1, 2], grundy::Budget::default()).unwrap();
    /// seq.extend_to(5).unwrap();
    /// assert_eq!(seq.values(), &[0, 1, 2, 3, 1]);
    /// ```
    pub fn resume(
        game: TakeAndBreak,
        method: Method,
        values: Vec<u16>,
        budget: Budget,
    ) -> Result<Self, ComputeError> {
        if method == Method::Sparse && game.max_heaps() > 2 {
            return Err(ComputeError::SparseNeedsOctal {
                code: game.to_string(),
            });
        }
        let rules = Rules::new(&game);
        let mut marks = Marks::new();
        let top = values.iter().copied().max().unwrap_or(0);
        marks.cover(2 * (usize::from(top) + 1).next_power_of_two());
        let tally = Tally::of(&values);
        let engine = Engine::new(method, &values, &tally);
        Ok(Sequence {
            game,
            method,
            rules,
            tally,
            store: Store::full(values),
            marks,
            engine,
            budget,
            ahead: ahead::Ahead::default(),
        })
    }

    /// A windowed sparse run resumed from its saved state (see the `checkpoint` module,
    /// which checks it and the spill before handing them here): the kept values, the
    /// totals, and the sparse method's mask and rare positions.
    pub(super) fn resume_windowed(
        game: TakeAndBreak,
        saved: WindowedState,
        spill: Option<Box<dyn SpillFile>>,
        budget: Budget,
    ) -> Result<Self, ComputeError> {
        let mut seq = Sequence::new(game, Method::Sparse, budget)?;
        let top = saved.tally.counts.len();
        seq.marks.cover(2 * top.max(1).next_power_of_two());
        seq.engine = Engine::Sparse(Box::new(Sparse::restore(
            saved.mask,
            saved.rare,
            saved.tally.len as usize,
        )));
        let recent = (saved.origin, saved.recent);
        seq.store = Store::windowed(saved.window, saved.early, recent, spill);
        seq.tally = saved.tally;
        Ok(seq)
    }

    /// The saved state of a windowed run (`None` when every value is kept).
    pub(super) fn windowed_state(&self) -> Option<WindowedState> {
        let Engine::Sparse(sparse) = &self.engine else {
            return None;
        };
        WindowedState::of(&self.store, &self.tally, sparse)
    }

    /// From now on, keeps in memory only `window` of the values (the sparse method only),
    /// so the run's memory stops growing with its length. The values dropped past the
    /// prefix go to `spill`, when given, for the rare pair scans that reach them; without
    /// a spill such a scan stops the run with [`ComputeError::NotKept`]. A prefix below
    /// [`Window::MIN_PREFIX`] is raised to it, and sizes above [`Window::MAX_SIZE`] are
    /// lowered to it.
    ///
    /// # Errors
    ///
    /// [`ComputeError::WindowNeedsSparse`] for the direct method;
    /// [`ComputeError::Spill`] when writing the spill fails.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence, SpillFile, Window};
    /// let mut seq = Sequence::new("0.56".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// let spill: Box<dyn SpillFile> = Box::new(std::io::Cursor::new(Vec::new()));
    /// seq.keep_window(Window { prefix: 4096, recent: 20_000 }, Some(spill)).unwrap();
    /// seq.extend_to(100_000).unwrap();
    /// assert_eq!(seq.values().len(), 4096); // G(0 .. 4096) kept for good
    /// assert!(seq.get(99_999).is_some()); // and the recent ones
    /// assert_eq!(seq.get(50_000), None); // but not the ones between
    /// ```
    pub fn keep_window(
        &mut self,
        window: Window,
        spill: Option<Box<dyn SpillFile>>,
    ) -> Result<(), ComputeError> {
        if self.method != Method::Sparse {
            return Err(ComputeError::WindowNeedsSparse);
        }
        let window = Window {
            prefix: window.prefix.clamp(Window::MIN_PREFIX, Window::MAX_SIZE),
            recent: window.recent.min(Window::MAX_SIZE),
        };
        self.store.set_window(window, spill).map_err(spill_error)
    }

    /// The most recent values kept: the heap size of the first, and the values up to
    /// G(len - 1) (every value, from 0, when no window is set).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence, Window};
    /// let mut seq = Sequence::new("0.16".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// seq.keep_window(Window { prefix: 32_768, recent: 30_000 }, None).unwrap();
    /// seq.extend_to(100_000).unwrap();
    /// let (first, values) = seq.recent();
    /// assert_eq!(first + values.len(), 100_000);
    /// assert!(values.len() >= 30_000);
    /// ```
    pub fn recent(&self) -> (usize, &[u16]) {
        self.store.recent()
    }

    /// The window kept, if any.
    pub fn window(&self) -> Option<Window> {
        self.store.window()
    }

    /// G(n) when it is computed and kept.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// seq.extend_to(6).unwrap();
    /// assert_eq!((seq.get(5), seq.get(6)), (Some(4), None));
    /// ```
    pub fn get(&self, n: usize) -> Option<u16> {
        self.store.get(n)
    }

    /// The running totals of every value computed (kept or not): counts, last heap
    /// sizes, digest.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{checkpoint, Method, Sequence};
    /// let mut seq = Sequence::new("0.07".parse().unwrap(), Method::Direct, grundy::Budget::default()).unwrap();
    /// seq.extend_to(100).unwrap();
    /// assert_eq!(seq.tally().digest, checkpoint::digest(seq.values()));
    /// ```
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The game.
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The values computed and kept from G(0) on: all of them, G(0) .. G(len - 1),
    /// unless a window was set ([`Sequence::keep_window`]); then at least its prefix.
    pub fn values(&self) -> &[u16] {
        self.store.head()
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// True before the first value.
    pub fn is_empty(&self) -> bool {
        self.store.len() == 0
    }

    /// Runs the sparse method's batches on `threads` threads from now on: one computes
    /// candidates, the others prove them, on a pool of the sequence's own (made when the
    /// batches first run), whatever pool the caller runs in. One thread runs no batches.
    /// The values are the same on any number; a pool the OS refuses to start panics.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// seq.set_threads(3.try_into().unwrap());
    /// seq.extend_to(100_000).unwrap();
    /// assert_eq!(seq.pipeline().threads, 3);
    /// ```
    pub fn set_threads(&mut self, threads: NonZeroUsize) {
        self.ahead.set_threads(threads);
    }

    /// The threads of [`Sequence::set_threads`]; by default as many as rayon's default pool
    /// has (`RAYON_NUM_THREADS` when a positive number, else the machine's parallelism).
    pub fn threads(&self) -> NonZeroUsize {
        self.ahead.threads()
    }

    /// What the sparse method's batches on several threads did so far in this process
    /// (all zero on one thread, or before the batches start).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// seq.set_threads(std::num::NonZeroUsize::MIN);
    /// seq.extend_to(50_000).unwrap();
    /// assert_eq!(seq.pipeline(), grundy::octal::Pipeline::default());
    /// ```
    pub fn pipeline(&self) -> Pipeline {
        let (far_fallbacks, open_from_pool) = match &self.engine {
            Engine::Sparse(sparse) => (sparse.far_fallbacks(), sparse.open_from_pool()),
            Engine::Direct => (0, 0),
        };
        Pipeline {
            far_fallbacks,
            open_from_pool,
            ..self.ahead.stats
        }
    }

    /// The sparse method's current mask and rare heap sizes (`None` for the direct method).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::new("0.16".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// seq.extend_to(10_000).unwrap();
    /// let (_mask, rare) = seq.rare().unwrap();
    /// assert!(rare.len() < 200);
    /// ```
    pub fn rare(&self) -> Option<(usize, &[u32])> {
        match &self.engine {
            Engine::Direct => None,
            Engine::Sparse(sparse) => Some((sparse.mask(), sparse.rare_positions())),
        }
    }

    /// Checks, without computing anything, that `len` values fit: the budget's positions
    /// and bytes (2 a value; with a window, the window's), and at most `2^32` values for
    /// the sparse method without a window. Callers that extend a sequence step by step
    /// check the final length first, so that a run too large is refused before it starts
    /// rather than at the step that crosses the limit.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] (inside [`ComputeError`]) naming the size needed.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// assert!(seq.check_fits(1 << 20).is_ok());
    /// assert!(seq.check_fits(1 << 33).is_err());
    /// ```
    pub fn check_fits(&self, len: usize) -> Result<(), ComputeError> {
        if let Some(window) = self.store.window() {
            self.budget.check_bytes(window.bytes())?;
            return Ok(());
        }
        if self.method == Method::Sparse && len as u64 > 1 << 32 {
            // The rare list stores heap sizes as u32.
            return Err(SolveError::TooLarge {
                needed: len as u64,
                limit: 1 << 32,
                unit: "positions",
            }
            .into());
        }
        self.budget.check_positions(len as u64)?;
        self.budget.check_bytes((len as u64).saturating_mul(2))?;
        Ok(())
    }

    /// Computes values until `len` are known (G(0) .. G(len - 1)).
    ///
    /// # Errors
    ///
    /// [`ComputeError::Solve`] when the table would pass the budget (checked before
    /// allocating) or the budget's cancel flag is set; [`ComputeError::ValueTooLarge`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let budget = grundy::Budget::default().with_bytes(100);
    /// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, budget).unwrap();
    /// assert!(seq.extend_to(1000).is_err());
    /// ```
    pub fn extend_to(&mut self, len: usize) -> Result<(), ComputeError> {
        if len <= self.store.len() {
            return Ok(());
        }
        self.check_fits(len)?;
        self.store.reserve(len);
        while self.store.len() < len {
            if self.store.len().is_multiple_of(4096) {
                self.budget.check_cancelled()?;
            }
            let ready = match &mut self.engine {
                Engine::Sparse(sparse) => {
                    self.ahead.ready(&self.store, sparse, len).then_some(sparse)
                }
                Engine::Direct => None,
            };
            if let Some(sparse) = ready {
                let parts = ahead::Parts {
                    rules: &self.rules,
                    store: &mut self.store,
                    tally: &mut self.tally,
                    marks: &mut self.marks,
                    sparse,
                    budget: &self.budget,
                };
                self.ahead.extend(parts, len)?;
                if self.store.len() >= len {
                    break;
                }
                // The heap the batches stopped at (a mask review, a proof that could not
                // wait, the one after a corrected value) is computed alone.
            }
            let n = self.store.len();
            let value = self.engine.next_value(
                &self.rules,
                &mut self.store,
                &self.tally,
                &mut self.marks,
            )?;
            let Ok(stored) = u16::try_from(value) else {
                return Err(ComputeError::ValueTooLarge { n });
            };
            self.commit(n, stored)?;
        }
        Ok(())
    }

    /// Stores G(n) = `value` as the next value, in every structure that follows the values.
    fn commit(&mut self, n: usize, value: u16) -> Result<(), ComputeError> {
        self.store.push(value).map_err(spill_error)?;
        self.tally.push(value);
        self.engine.push(n, value);
        let value = usize::from(value);
        if 2 * value + 2 > self.marks.len() {
            self.marks.cover(2 * (value + 1).next_power_of_two());
        }
        Ok(())
    }

    /// Extends the sequence to `len` values by a period that the values computed so far
    /// prove (the Octal Game Periodicity Theorem, see
    /// [`proof_length`](super::period::theorem::proof_length)): G(n) = G(n - p) for
    /// n >= e + p, with no search. The values are exactly those [`Sequence::extend_to`]
    /// would compute (tested against it), at the speed of a copy.
    ///
    /// # Errors
    ///
    /// [`ComputeError::NotProved`] when the values computed so far do not prove `period`
    /// (fewer than its proof needs, or a value that breaks it); otherwise as
    /// [`Sequence::extend_to`] (the budget, cancellation, a window's spill file).
    ///
    /// # Examples
    ///
    /// Kayles (0.77) has period 12 from heap size 71, proved by its first 168 values.
    ///
    /// ```
    /// use grundy::octal::{period::Period, Method, Sequence};
    /// let kayles = Period { period: 12, preperiod: 71 };
    /// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// seq.extend_to(100).unwrap();
    /// assert!(seq.extend_by_period(10_000, kayles).is_err()); // not proved yet
    /// seq.extend_to(168).unwrap();
    /// seq.extend_by_period(10_000, kayles).unwrap();
    /// assert_eq!(seq.get(9_999), seq.get(9_999 - 12));
    /// ```
    pub fn extend_by_period(&mut self, len: usize, period: Period) -> Result<(), ComputeError> {
        let Period {
            period: p,
            preperiod: e,
        } = period;
        let have = self.store.len();
        if !proves(&self.game, period, have, |n| self.store.get(n)) {
            return Err(ComputeError::NotProved {
                period: p,
                preperiod: e,
                len: have,
            });
        }
        if len <= have {
            return Ok(());
        }
        self.check_fits(len)?;
        self.store.reserve(len);
        for n in have..len {
            if n.is_multiple_of(1 << 16) {
                self.budget.check_cancelled()?;
            }
            // n - p >= e + p - p >= e and n - p < n: computed; a window keeps the last
            // values, at least a period of them.
            let value = self.store.get(n - p).ok_or_else(|| self.not_kept(n - p))?;
            self.commit(n, value)?;
        }
        Ok(())
    }

    /// G(n), computing up to n if needed.
    ///
    /// # Errors
    ///
    /// As [`Sequence::extend_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut kayles = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// assert_eq!(kayles.nimber(5).unwrap(), grundy::Nimber(4));
    /// ```
    pub fn nimber(&mut self, n: usize) -> Result<Nimber, ComputeError> {
        self.extend_to(n + 1)?;
        self.value_kept(n).map(|v| Nimber(u64::from(v)))
    }

    /// G(n) for n < len(), or [`ComputeError::NotKept`].
    fn value_kept(&self, n: usize) -> Result<u16, ComputeError> {
        self.store.get(n).ok_or_else(|| self.not_kept(n))
    }

    fn not_kept(&self, n: usize) -> ComputeError {
        not_kept(&self.store, n)
    }

    /// The value of a ring of `n` tokens (the circular variant): a move removes k tokens
    /// in a run, allowed when n = k and dk has bit 1, or n > k and dk has bit 2; the rest
    /// of the ring is one line of n - k, whatever the digit's other bits (a run removed from
    /// a ring leaves one arc). d0 gives no ring move.
    ///
    /// # Errors
    ///
    /// As [`Sequence::extend_to`] (the line values up to n - 1 are needed).
    ///
    /// # Examples
    ///
    /// Paint Chain (hdu3980): a ring of 4 beads, paint 2 in a row: the first player loses.
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence, TakeAndBreak};
    /// let game = TakeAndBreak::remove_run(2).unwrap();
    /// let mut seq = Sequence::new(game, Method::Direct, grundy::Budget::default()).unwrap();
    /// assert_eq!(seq.ring_nimber(4).unwrap(), grundy::Nimber(0));
    /// ```
    pub fn ring_nimber(&mut self, n: usize) -> Result<Nimber, ComputeError> {
        self.extend_to(n)?;
        ring::ring_value(&self.rules, n, |m| self.value_kept(m))
    }

    /// An iterator over G(0), G(1), ..., computing each value when it is reached; the
    /// caller decides how far to go.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// let first: Vec<u64> = seq.nimbers().take(6).map(|v| v.unwrap().0).collect();
    /// assert_eq!(first, [0, 1, 2, 3, 1, 4]);
    /// ```
    pub fn nimbers(&mut self) -> Nimbers<'_> {
        Nimbers { seq: self, next: 0 }
    }
}

/// The iterator of [`Sequence::nimbers`]; an error ends it.
#[derive(Debug)]
pub struct Nimbers<'a> {
    seq: &'a mut Sequence,
    next: usize,
}

impl Iterator for Nimbers<'_> {
    type Item = Result<Nimber, ComputeError>;

    fn next(&mut self) -> Option<Self::Item> {
        let n = self.next;
        self.next += 1;
        Some(self.seq.nimber(n))
    }
}
