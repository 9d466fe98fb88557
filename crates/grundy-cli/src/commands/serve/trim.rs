//! Memory given back to the system after a search: glibc's allocator keeps the pages that a
//! finished search freed (in its per-thread arenas) unless asked to release them, so a
//! burst of large searches would leave the server holding their peak for good.
//!
//! A search marks its end ([`Trim::finished`]); at most once a second, the server then asks
//! the allocator to hand every free page back (`malloc_trim`), which takes milliseconds even
//! after a burst of gigabytes. Elsewhere (another C library, another system) it does nothing.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a search has ended since the allocator last gave memory back.
#[derive(Default)]
pub struct Trim {
    dirty: AtomicBool,
}

impl Trim {
    /// Marks that a search ended (its memory is free, maybe not yet given back).
    pub fn finished(&self) {
        self.dirty.store(true, Ordering::Release);
    }

    /// Gives free memory back to the system if a search ended since the last time.
    pub fn release(&self) {
        if self.dirty.swap(false, Ordering::AcqRel) {
            release_free_memory();
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn release_free_memory() {
    // SAFETY: `malloc_trim` only walks glibc's own heap under its locks; it takes and
    // returns plain integers and touches no memory of ours.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn release_free_memory() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_only_after_a_search() {
        let trim = Trim::default();
        trim.release();
        assert!(!trim.dirty.load(Ordering::Acquire));
        trim.finished();
        assert!(trim.dirty.load(Ordering::Acquire));
        trim.release();
        assert!(!trim.dirty.load(Ordering::Acquire));
    }
}
