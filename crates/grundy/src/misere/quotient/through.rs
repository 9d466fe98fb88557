//! Outcomes of sums with the newest heap read through the quotient of the smaller heaps:
//! the oracle a growth step learns from first (`growth`), with no search of whole sums.
//!
//! A sum of heaps 1..=n is G + k·n, G a sum of smaller heaps. Its options are G' + k·n (G'
//! an option of G) and G + O + (k-1)·n (O an option of heap n), so its outcome follows
//! from theirs. The outcome of G + k·n is kept under the key (Φ(G), k), Φ(G) the element
//! of G in the proved quotient Q of heaps 1..n-1, so the memo holds at most |Q| keys per
//! number of heaps n. That is exact when heap n tells apart no two sums that Q does not (no
//! element of Q splits); otherwise it is a guess. Two sums with one key found with
//! different outcomes end the guess at once, and whatever is learned from it is believed
//! only once `check` has proved it.

use rustc_hash::FxHashMap;

use super::error::QuotientError;
use super::outcome::{trim, Counts, Known, Oracle, Outcomes, Rules};

/// Outcomes of sums of heaps 1..=n, keyed by (element of the heaps below n, copies of n).
pub(super) struct Through<'a> {
    known: &'a Known,
    n: usize,
    memo: FxHashMap<(u32, u16), bool>,
    max_positions: usize,
}

impl<'a> Through<'a> {
    /// The oracle for heap bound n from `known`, the quotient of heaps 1..n-1; None when
    /// `known` is of another bound. Refuses to hold more than `max_positions` keys.
    pub(super) fn new(known: &'a Known, n: usize, max_positions: usize) -> Option<Self> {
        (known.pretend.len() == n).then(|| Through {
            known,
            n,
            memo: FxHashMap::default(),
            max_positions,
        })
    }

    /// Whether G + k·n is a P-position, G = `small` (heaps below n only).
    fn eval(&mut self, rules: &Rules, small: &[u16], k: u16) -> Result<bool, QuotientError> {
        let x = self
            .known
            .element(small)
            .ok_or(QuotientError::Inconsistent { heap: self.n })?;
        if k == 0 {
            return Ok(self.known.p[x]);
        }
        if let Some(&p) = self.memo.get(&(x as u32, k)) {
            return Ok(p);
        }
        let mut moved = false;
        let mut winning = false;
        for option in &rules.options[self.n] {
            moved = true;
            let mut next = small.to_vec();
            for &part in option {
                if next.len() <= part {
                    next.resize(part + 1, 0);
                }
                next[part] += 1;
            }
            if self.eval(rules, &trim(next), k - 1)? {
                winning = true;
                break;
            }
        }
        'heaps: for h in 1..small.len() {
            if winning {
                break;
            }
            if small[h] == 0 {
                continue;
            }
            for option in &rules.options[h] {
                moved = true;
                if self.eval(rules, &Outcomes::after(small, h, option), k)? {
                    winning = true;
                    break 'heaps;
                }
            }
        }
        let p = moved && !winning;
        if self
            .memo
            .insert((x as u32, k), p)
            .is_some_and(|old| old != p)
        {
            return Err(QuotientError::Inconsistent { heap: self.n });
        }
        if self.memo.len() > self.max_positions {
            return Err(QuotientError::TooManyPositions {
                max: self.max_positions,
            });
        }
        Ok(p)
    }
}

impl Oracle for Through<'_> {
    fn is_p(&mut self, rules: &Rules, counts: Counts) -> Result<bool, QuotientError> {
        let mut small = trim(counts);
        let k = if small.len() > self.n {
            small.pop().unwrap_or(0)
        } else {
            0
        };
        self.eval(rules, &trim(small), k)
    }
}
