//! How many threads a sequence's batches run on, and the rayon pool of its own they run on:
//! the count is the sequence's setting, never the pool a caller happens to run in, so that
//! a front end passes it rather than installing a pool around the run.

use std::num::NonZeroUsize;
use std::sync::Arc;

/// The threads of one sequence's batches, and their pool once made.
#[derive(Debug)]
pub(super) struct Threads {
    count: NonZeroUsize,
    /// Made when the batches first run (never on one thread), again when the count changes.
    pool: Option<Arc<rayon::ThreadPool>>,
}

impl Default for Threads {
    /// As many threads as rayon's own default pool has: `RAYON_NUM_THREADS` when it is a
    /// positive number, else the machine's available parallelism.
    fn default() -> Self {
        let set = std::env::var("RAYON_NUM_THREADS").ok();
        let count = set.and_then(|count| count.trim().parse::<NonZeroUsize>().ok());
        let cores = || std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
        Threads {
            count: count.unwrap_or_else(cores),
            pool: None,
        }
    }
}

impl Threads {
    pub(super) fn count(&self) -> NonZeroUsize {
        self.count
    }

    pub(super) fn set(&mut self, count: NonZeroUsize) {
        if count != self.count {
            self.count = count;
            self.pool = None;
        }
    }

    /// The pool of [`Threads::count`] threads, made on first use.
    ///
    /// # Panics
    ///
    /// When the OS refuses to start its threads, as `thread::scope`'s own spawn would.
    pub(super) fn pool(&mut self) -> Arc<rayon::ThreadPool> {
        let count = self.count.get();
        let pool = self.pool.get_or_insert_with(|| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(count)
                // Named, so that a profiler or `top -H` tells them from a caller's pools.
                .thread_name(|i| format!("grundy-prove-{i}"))
                .build()
                .unwrap_or_else(|err| panic!("{count} threads: {err}"));
            Arc::new(pool)
        });
        Arc::clone(pool)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_count_makes_a_new_pool() {
        let mut threads = Threads::default();
        threads.set(NonZeroUsize::new(3).unwrap());
        let pool = threads.pool();
        assert_eq!(pool.current_num_threads(), 3);
        assert!(Arc::ptr_eq(&pool, &threads.pool()), "made once");
        threads.set(NonZeroUsize::new(3).unwrap());
        assert!(
            Arc::ptr_eq(&pool, &threads.pool()),
            "the same count keeps it"
        );
        threads.set(NonZeroUsize::new(2).unwrap());
        assert_eq!(threads.pool().current_num_threads(), 2);
    }
}
