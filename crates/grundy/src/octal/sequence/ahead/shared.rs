//! The values the far and middle parts read, shared with the jobs on the pool without a
//! copy on the thread computing candidates: it writes each value once into fixed segments,
//! and a job takes the segments it reads (a reference count each) and copies them on its
//! own thread.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;

/// Values per segment.
const SEGMENT: usize = 1 << 12;

/// G(origin .. len), written in order by one thread.
///
/// A value is written before any job that reads it is spawned, and spawning orders the
/// write before the job's reads: the relaxed stores and loads only make the sharing safe.
#[derive(Debug)]
pub(super) struct Shared {
    segments: VecDeque<Arc<[AtomicU16]>>,
    /// The heap size of the first segment's first value.
    origin: usize,
    len: usize,
    /// The last segment (also in `segments`) and how many of its values are written: a
    /// push writes there without looking the segment up.
    last: Arc<[AtomicU16]>,
    filled: usize,
}

/// G(from .. to), as segments of [`Shared`].
#[derive(Debug)]
pub(super) struct View {
    segments: Vec<Arc<[AtomicU16]>>,
    /// The heap size of the first segment's first value.
    origin: usize,
    pub(super) from: usize,
    to: usize,
}

impl Shared {
    /// No values yet; the first pushed is G(`origin`).
    pub(super) fn new(origin: usize) -> Self {
        Shared {
            segments: VecDeque::new(),
            origin,
            len: origin,
            last: Arc::new([]),
            filled: SEGMENT,
        }
    }

    /// The heap size after the last value.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Appends G(len).
    #[inline]
    pub(super) fn push(&mut self, value: u16) {
        if self.filled == SEGMENT {
            self.grow();
        }
        self.last[self.filled].store(value, Ordering::Relaxed);
        self.filled += 1;
        self.len += 1;
    }

    /// Starts a new last segment.
    #[cold]
    fn grow(&mut self) {
        self.last = (0..SEGMENT).map(|_| AtomicU16::new(0)).collect();
        self.segments.push_back(self.last.clone());
        self.filled = 0;
    }

    /// G(from .. len) (from no lower than the values kept).
    pub(super) fn view(&self, from: usize) -> View {
        let from = from.max(self.origin);
        let first = (from - self.origin) / SEGMENT;
        let last = (self.len - self.origin).div_ceil(SEGMENT);
        View {
            segments: self.segments.range(first..last).cloned().collect(),
            origin: self.origin + first * SEGMENT,
            from,
            to: self.len,
        }
    }

    /// Drops the segments wholly below `from`.
    pub(super) fn trim(&mut self, from: usize) {
        while from >= self.origin + SEGMENT && self.segments.len() > 1 {
            self.segments.pop_front();
            self.origin += SEGMENT;
        }
    }
}

impl View {
    /// Copies G(from .. to) into `values` (cleared first).
    pub(super) fn copy_into(&self, values: &mut Vec<u16>) {
        values.clear();
        values.reserve(self.to - self.from);
        let mut at = self.from - self.origin;
        for segment in &self.segments {
            let end = (self.to - self.origin).min((at / SEGMENT + 1) * SEGMENT);
            if at >= end {
                break;
            }
            let part = &segment[at % SEGMENT..at % SEGMENT + (end - at)];
            values.extend(part.iter().map(|value| value.load(Ordering::Relaxed)));
            at = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Views across segment boundaries copy the values pushed, after trims too.
    #[test]
    fn views_copy_the_values_pushed() {
        let mut shared = Shared::new(100);
        let value = |n: usize| (n * 7 % 65_521) as u16;
        let mut copy = Vec::new();
        for n in 100..100 + 3 * SEGMENT + 17 {
            shared.push(value(n));
            if n % 997 == 0 {
                shared.trim(n.saturating_sub(SEGMENT + 5));
                let from = n.saturating_sub(SEGMENT + 5);
                let view = shared.view(from);
                view.copy_into(&mut copy);
                let want: Vec<u16> = (view.from..=n).map(value).collect();
                assert_eq!(copy, want, "G({from} ..= {n})");
            }
        }
    }
}
