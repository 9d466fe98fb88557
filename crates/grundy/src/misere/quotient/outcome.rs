//! Misère outcomes of sums of heaps by plain search: the oracle the quotient is learned
//! from and checked against. A position is a vector of counts (index = heap size, index 0
//! unused), trailing zeros trimmed so that one memo serves every heap bound.

use rustc_hash::FxHashMap;

use super::error::QuotientError;
use crate::octal::TakeAndBreak;

/// Counts of heaps by size: `counts[h]` heaps of size h (index 0 unused, no trailing 0).
pub(super) type Counts = Vec<u16>;

/// The heaps of sizes 1..=n of a code, each with its options as sorted lists of heap sizes
/// (duplicates removed: two moves to the same heaps are one option here).
pub(super) struct Rules {
    /// `options[h]`: the distinct options of a heap of size h (`options[0]` is empty).
    pub(super) options: Vec<Vec<Vec<usize>>>,
}

impl Rules {
    /// The options of heaps 1..=n of `code`.
    pub(super) fn new(code: &TakeAndBreak, n: usize) -> Rules {
        let mut options = vec![Vec::new()];
        for h in 1..=n {
            let mut seen: Vec<Vec<usize>> = Vec::new();
            code.line_moves(h as u64, &mut |parts| {
                let mut heaps: Vec<usize> = parts.iter().map(|&p| p as usize).collect();
                heaps.sort_unstable();
                seen.push(heaps);
                std::ops::ControlFlow::Continue(())
            });
            seen.sort();
            seen.dedup();
            options.push(seen);
        }
        Rules { options }
    }

    /// The largest heap.
    pub(super) fn max_heap(&self) -> usize {
        self.options.len() - 1
    }
}

/// Trims trailing zero counts, so that equal positions have equal keys.
pub(super) fn trim(mut counts: Counts) -> Counts {
    while counts.last() == Some(&0) {
        counts.pop();
    }
    counts
}

/// The counts of a list of heap sizes (each at least 1).
pub(super) fn counts_of(heaps: &[usize]) -> Counts {
    let mut counts = Counts::new();
    for &h in heaps {
        if counts.len() <= h {
            counts.resize(h + 1, 0);
        }
        counts[h] = counts[h].saturating_add(1);
    }
    trim(counts)
}

/// Where the learner reads the misère outcome of a sum of heaps (true: a P-position).
pub(super) trait Oracle {
    /// Whether `counts` is a misère P-position (lost for the player to move).
    fn is_p(&mut self, rules: &Rules, counts: Counts) -> Result<bool, QuotientError>;
}

impl Oracle for Outcomes {
    fn is_p(&mut self, rules: &Rules, counts: Counts) -> Result<bool, QuotientError> {
        Outcomes::is_p(self, rules, counts)
    }
}

/// A memo of misère outcomes (true: a P-position, lost for the player to move), and the
/// proved quotient of smaller heaps, which answers every sum of those heaps at once.
pub(super) struct Outcomes {
    memo: FxHashMap<Counts, bool>,
    max_positions: usize,
    known: Option<Known>,
}

/// A proved quotient: products at `x * order + y`, its P-portion and each heap's element.
pub(super) struct Known {
    /// The multiplication table.
    pub(super) table: Vec<u32>,
    /// The number of elements.
    pub(super) order: usize,
    /// The P-portion.
    pub(super) p: Vec<bool>,
    /// The element of heaps 0..=bound.
    pub(super) pretend: Vec<u32>,
}

impl Known {
    /// The outcome of `counts` when its heaps are all within the bound.
    fn is_p(&self, counts: &[u16]) -> Option<bool> {
        self.element(counts).map(|x| self.p[x])
    }

    /// The element of `counts` when its heaps are all within the bound.
    pub(super) fn element(&self, counts: &[u16]) -> Option<usize> {
        if counts.len() > self.pretend.len() {
            return None;
        }
        let mut x = 0usize;
        for (h, &c) in counts.iter().enumerate().skip(1) {
            for _ in 0..c {
                x = self.table[x * self.order + self.pretend[h] as usize] as usize;
            }
        }
        Some(x)
    }
}

/// One position being searched: its counts and the next option to try.
struct Frame {
    counts: Counts,
    heap: usize,
    option: usize,
    moved: bool,
}

impl Outcomes {
    /// An empty memo that refuses to hold more than `max_positions` positions.
    pub(super) fn new(max_positions: usize) -> Outcomes {
        Outcomes {
            memo: FxHashMap::default(),
            max_positions,
            known: None,
        }
    }

    /// Answers every sum of heaps up to the quotient's bound from now on by the quotient.
    pub(super) fn know(&mut self, known: Known) {
        self.known = Some(known);
    }

    /// The proved quotient of smaller heaps, if any.
    pub(super) fn known(&self) -> Option<&Known> {
        self.known.as_ref()
    }

    /// The outcome of `counts` if it is known without a search.
    fn lookup(&self, counts: &[u16]) -> Option<bool> {
        if let Some(p) = self.known.as_ref().and_then(|k| k.is_p(counts)) {
            return Some(p);
        }
        self.memo.get(counts).copied()
    }

    /// The position that heap `h` of `counts` replaced by `option` leaves.
    pub(super) fn after(counts: &[u16], h: usize, option: &[usize]) -> Counts {
        let mut next = counts.to_vec();
        next[h] -= 1;
        for &part in option {
            if next.len() <= part {
                next.resize(part + 1, 0);
            }
            next[part] += 1;
        }
        trim(next)
    }

    /// Whether `counts` is a misère P-position (some option, every option won), searched
    /// on an explicit stack.
    pub(super) fn is_p(&mut self, rules: &Rules, counts: Counts) -> Result<bool, QuotientError> {
        let counts = trim(counts);
        if let Some(p) = self.lookup(&counts) {
            return Ok(p);
        }
        let key = counts.clone();
        let mut stack = vec![Frame {
            counts,
            heap: 1,
            option: 0,
            moved: false,
        }];
        while let Some(top) = stack.last_mut() {
            let mut child = None;
            let mut decided = None;
            while top.heap < top.counts.len() {
                let h = top.heap;
                if top.counts[h] == 0 || top.option >= rules.options[h].len() {
                    top.heap += 1;
                    top.option = 0;
                    continue;
                }
                let next = Self::after(&top.counts, h, &rules.options[h][top.option]);
                top.moved = true;
                match self.lookup(&next) {
                    Some(true) => {
                        decided = Some(false);
                        break;
                    }
                    Some(false) => top.option += 1,
                    None => {
                        child = Some(next);
                        break;
                    }
                }
            }
            if let Some(counts) = child {
                stack.push(Frame {
                    counts,
                    heap: 1,
                    option: 0,
                    moved: false,
                });
                continue;
            }
            let p = decided.unwrap_or(top.moved);
            if self.memo.len() >= self.max_positions {
                return Err(QuotientError::TooManyPositions {
                    max: self.max_positions,
                });
            }
            let done = stack.pop().map(|f| f.counts).unwrap_or_default();
            self.memo.insert(done, p);
        }
        Ok(self.memo.get(&key).copied().unwrap_or(false))
    }
}
