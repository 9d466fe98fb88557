//! Budgets and the errors of solvers that may refuse or stop a job.
//!
//! Every solver takes a [`Budget`]. A job that would exceed it is refused with
//! [`SolveError::TooLarge`] naming what it needed, before anything large is allocated; a job
//! that was cancelled returns [`SolveError::Interrupted`]. Neither ever yields a value.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use thiserror::Error;

mod machine;

pub use machine::machine_bytes;

/// Limits on a solver's work: positions stored, bytes allocated, moves listed (the time a
/// search takes, roughly), and a cancel flag.
///
/// # Examples
///
/// ```
/// use grundy::Budget;
/// let budget = Budget::default().with_positions(1_000).with_bytes(1 << 20);
/// assert_eq!(budget.positions(), 1_000);
/// assert!(budget.check_positions(1_001).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    positions: u64,
    bytes: u64,
    work: u64,
    cancel: Option<Arc<AtomicBool>>,
    progress: Option<Arc<AtomicU64>>,
}

impl Default for Budget {
    /// 2^31 positions and 8 GiB, moves listed unlimited.
    fn default() -> Self {
        Budget {
            positions: 1 << 31,
            bytes: 8 << 30,
            work: u64::MAX,
            cancel: None,
            progress: None,
        }
    }
}

impl Budget {
    /// No limit (but the machine's): use only where the caller bounds the game itself.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Budget::unlimited().positions(), u64::MAX);
    /// ```
    pub fn unlimited() -> Self {
        Budget {
            positions: u64::MAX,
            bytes: u64::MAX,
            work: u64::MAX,
            cancel: None,
            progress: None,
        }
    }

    /// The same budget with at most `positions` positions stored.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Budget::default().with_positions(7).positions(), 7);
    /// ```
    pub fn with_positions(mut self, positions: u64) -> Self {
        self.positions = positions;
        self
    }

    /// The same budget with at most `bytes` bytes of tables.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Budget::default().with_bytes(64).bytes(), 64);
    /// ```
    pub fn with_bytes(mut self, bytes: u64) -> Self {
        self.bytes = bytes;
        self
    }

    /// The same budget with at most `moves` moves listed by one search (each position's
    /// moves count once per time they are listed): a bound on a search's time where its
    /// positions are few but have many moves each.
    ///
    /// # Examples
    ///
    /// ```
    /// let budget = grundy::Budget::default().with_work(1_000);
    /// assert_eq!(budget.work(), 1_000);
    /// assert!(budget.check_work(1_001).is_err());
    /// ```
    pub fn with_work(mut self, moves: u64) -> Self {
        self.work = moves;
        self
    }

    /// The same budget, cancelled when `flag` becomes true (checked periodically).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let flag = Arc::new(AtomicBool::new(true));
    /// let budget = grundy::Budget::default().with_cancel(flag);
    /// assert!(budget.check_cancelled().is_err());
    /// ```
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The same budget, counting into `counter` every position a search expands (lists
    /// the moves of): a front end reads it from another thread to show progress (the
    /// library draws nothing).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::{atomic::{AtomicU64, Ordering}, Arc};
    /// use grundy::catalog::builtin;
    /// use grundy::dynamic::{Datum, DynGame};
    /// let counter = Arc::new(AtomicU64::new(0));
    /// let budget = grundy::Budget::default().with_progress(Arc::clone(&counter));
    /// builtin::grundy_game().solve(&Datum::ints([9]), &budget).unwrap();
    /// assert!(counter.load(Ordering::Relaxed) > 0);
    /// ```
    pub fn with_progress(mut self, counter: Arc<AtomicU64>) -> Self {
        self.progress = Some(counter);
        self
    }

    /// Counts one position expanded, for [`Budget::with_progress`].
    ///
    /// # Examples
    ///
    /// ```
    /// grundy::Budget::default().count_position(); // no counter: nothing happens
    /// ```
    #[inline]
    pub fn count_position(&self) {
        if let Some(counter) = &self.progress {
            counter.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The same budget, its bytes lowered to what the machine can still hold
    /// ([`machine_bytes`]): what a front end does to a default limit, so that a job too
    /// large for the machine is refused rather than killed by an allocation failure.
    ///
    /// # Examples
    ///
    /// ```
    /// let budget = grundy::Budget::default().with_bytes(1 << 20).within_machine();
    /// assert!(budget.bytes() <= 1 << 20);
    /// ```
    pub fn within_machine(self) -> Self {
        match machine_bytes() {
            Some(machine) if machine < self.bytes => self.with_bytes(machine),
            _ => self,
        }
    }

    /// The most positions a solver may store.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The most bytes a solver may allocate for its tables.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The most moves one search may list.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Budget::default().work(), u64::MAX);
    /// ```
    pub fn work(&self) -> u64 {
        self.work
    }

    /// `Ok` when `listed` moves are within the work limit, else [`SolveError::TooLarge`].
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] with `unit: "moves listed"`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::Budget::default().check_work(u64::MAX).is_ok());
    /// ```
    pub fn check_work(&self, listed: u64) -> Result<(), SolveError> {
        if listed > self.work {
            return Err(SolveError::TooLarge {
                needed: listed,
                limit: self.work,
                unit: "moves listed",
            });
        }
        Ok(())
    }

    /// `Ok` when `needed` positions fit, else [`SolveError::TooLarge`].
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] with `unit: "positions"`.
    ///
    /// # Examples
    ///
    /// ```
    /// let budget = grundy::Budget::default().with_positions(10);
    /// assert!(budget.check_positions(10).is_ok());
    /// ```
    pub fn check_positions(&self, needed: u64) -> Result<(), SolveError> {
        if needed > self.positions {
            return Err(SolveError::TooLarge {
                needed,
                limit: self.positions,
                unit: "positions",
            });
        }
        Ok(())
    }

    /// `Ok` when `needed` bytes fit, else [`SolveError::TooLarge`].
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] with `unit: "bytes"`.
    ///
    /// # Examples
    ///
    /// ```
    /// let budget = grundy::Budget::default().with_bytes(100);
    /// assert!(budget.check_bytes(101).is_err());
    /// ```
    pub fn check_bytes(&self, needed: u64) -> Result<(), SolveError> {
        if needed > self.bytes {
            return Err(SolveError::TooLarge {
                needed,
                limit: self.bytes,
                unit: "bytes",
            });
        }
        Ok(())
    }

    /// `Ok` when a hash table of `entry` bytes an entry (key, value and control byte)
    /// that holds `capacity` entries before it grows fits once it holds `len`, with `held`
    /// bytes held besides (what its keys own on the heap, a search's move buffer): `len`
    /// entries while it has room, and when it must grow, the old table and the one twice
    /// its size together (both are held while the entries move), checked before the
    /// growth allocates.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] with `unit: "bytes"`.
    ///
    /// # Examples
    ///
    /// ```
    /// let budget = grundy::Budget::default().with_bytes(1_000);
    /// // Room for 56 entries of 16 bytes: 57 entries need a second table of 128 buckets.
    /// assert!(budget.check_table(56, 56, 16, 0).is_ok());
    /// assert!(budget.check_table(57, 56, 16, 0).is_err());
    /// // With 200 bytes held besides, 56 entries no longer fit.
    /// assert!(budget.check_table(56, 56, 16, 200).is_err());
    /// ```
    pub fn check_table(
        &self,
        len: u64,
        capacity: u64,
        entry: u64,
        held: u64,
    ) -> Result<(), SolveError> {
        if len <= capacity {
            return self.check_bytes(len.saturating_mul(entry).saturating_add(held));
        }
        // A table of capacity c has its buckets, a power of two, 7/8 full at most.
        let buckets = |capacity: u64| match capacity {
            0 => 0,
            1..8 => (capacity + 1).next_power_of_two(),
            _ => (capacity.saturating_mul(8) / 7).next_power_of_two(),
        };
        let old = buckets(capacity);
        let new = buckets(len.max(capacity + 1));
        self.check_bytes(
            old.saturating_add(new)
                .saturating_mul(entry)
                .saturating_add(held),
        )
    }

    /// `Err(SolveError::Interrupted)` once the cancel flag is set.
    ///
    /// # Errors
    ///
    /// [`SolveError::Interrupted`] when cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::Budget::default().check_cancelled().is_ok());
    /// ```
    pub fn check_cancelled(&self) -> Result<(), SolveError> {
        match &self.cancel {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(SolveError::Interrupted),
            _ => Ok(()),
        }
    }
}

/// Why a solver returned no value.
///
/// # Examples
///
/// ```
/// use grundy::SolveError;
/// let err = SolveError::TooLarge { needed: 10, limit: 5, unit: "positions" };
/// assert_eq!(err.to_string(), "the game needs 10 positions, more than the limit of 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The job needs more than the budget allows; nothing was allocated for it.
    #[error("the game needs {needed} {unit}, more than the limit of {limit}")]
    TooLarge {
        /// What the job needs (at least).
        needed: u64,
        /// What the budget allows.
        limit: u64,
        /// `"positions"`, `"bytes"`, `"moves"` (of one position) or `"moves listed"`.
        unit: &'static str,
    },
    /// The search returned to a position still being searched: the game is loopy, and this
    /// solver only handles games that end. Use retrograde analysis instead.
    #[error(
        "the game has a cycle (a position can repeat); use retrograde analysis for loopy games"
    )]
    Cycle,
    /// The job was cancelled before it finished.
    #[error("the computation was interrupted")]
    Interrupted,
    /// The game does not meet a solver's precondition (named in the message).
    #[error("{0}")]
    Unsupported(String),
}
