//! Outcomes of sums with the newest heap read through the quotient of the smaller heaps:
//! the oracle a growth step learns from first (`growth`), with no search of whole sums.
//!
//! A sum of heaps 1..=n is G + k·n, G a sum of smaller heaps. Its options are G' + k·n (G'
//! an option of G) and G + O + (k-1)·n (O an option of heap n), so its outcome follows
//! from theirs. The outcome of G + k·n is kept under the key (key(G), k), where key(G) at
//! depth 0 is Φ(G), the element of G in the proved quotient Q of heaps 1..n-1, and at
//! depth d + 1 is key(G) at depth d with the set of its options' keys at depth d (each
//! depth an automaton over the smaller heaps, built as the sums are read). The memo then
//! holds a few keys per element of Q and number of heaps n. At depth 0 that is exact when
//! heap n tells apart no two sums that Q does not (no element of Q splits); a deeper key
//! follows a split further. It is a guess all the same: two sums with one key found with
//! different outcomes end it at once, and whatever is learned from it is believed only
//! once `check` has proved it.

use rustc_hash::FxHashMap;

use super::error::QuotientError;
use super::outcome::{trim, Counts, Known, Oracle, Outcomes, Rules};

/// The keys of one depth past 0: each is (its sum's key one depth up, the sorted keys one
/// depth up of the sum's options); key 0 is the empty sum's.
#[derive(Default)]
struct Depth {
    keys: Vec<(u32, Vec<u32>)>,
    index: FxHashMap<(u32, Vec<u32>), u32>,
    /// The key of a sum plus one heap: (key, heap) to key.
    next: FxHashMap<(u32, u32), u32>,
}

/// Outcomes of sums of heaps 1..=n, keyed by (key of the heaps below n, copies of n).
pub(super) struct Through<'a> {
    known: &'a Known,
    n: usize,
    depths: Vec<Depth>,
    memo: FxHashMap<(u32, u16), bool>,
    max_positions: usize,
}

impl<'a> Through<'a> {
    /// The oracle for heap bound n from `known`, the quotient of heaps 1..n-1, with keys
    /// of the given depth; None when `known` is of another bound. Refuses to hold more
    /// than `max_positions` outcomes or keys.
    pub(super) fn new(
        known: &'a Known,
        n: usize,
        depth: usize,
        max_positions: usize,
    ) -> Option<Self> {
        let depths = (0..depth)
            .map(|_| {
                let mut d = Depth::default();
                d.keys.push((0, Vec::new()));
                d.index.insert((0, Vec::new()), 0);
                d
            })
            .collect();
        (known.pretend.len() == n).then_some(Through {
            known,
            n,
            depths,
            memo: FxHashMap::default(),
            max_positions,
        })
    }

    /// The key at depth `d` of the sum whose key there is `key`, plus heap `h` (below n).
    fn step(&mut self, rules: &Rules, d: usize, key: u32, h: usize) -> Result<u32, QuotientError> {
        if d == 0 {
            let order = self.known.order;
            let e = self.known.pretend[h] as usize;
            return Ok(self.known.table[key as usize * order + e]);
        }
        if let Some(&k) = self.depths[d - 1].next.get(&(key, h as u32)) {
            return Ok(k);
        }
        let (up, options) = self.depths[d - 1].keys[key as usize].clone();
        let up_next = self.step(rules, d - 1, up, h)?;
        let mut keys = Vec::with_capacity(options.len() + rules.options[h].len());
        for o in options {
            keys.push(self.step(rules, d - 1, o, h)?);
        }
        for option in &rules.options[h] {
            let mut k = up;
            for &part in option {
                k = self.step(rules, d - 1, k, part)?;
            }
            keys.push(k);
        }
        keys.sort_unstable();
        keys.dedup();
        let depth = &mut self.depths[d - 1];
        let fresh = depth.keys.len() as u32;
        let k = *depth.index.entry((up_next, keys.clone())).or_insert(fresh);
        if k == fresh {
            if depth.keys.len() >= self.max_positions {
                return Err(QuotientError::TooManyPositions {
                    max: self.max_positions,
                });
            }
            depth.keys.push((up_next, keys));
        }
        depth.next.insert((key, h as u32), k);
        Ok(k)
    }

    /// The deepest key of the sum `small` (heaps below n).
    fn key(&mut self, rules: &Rules, small: &[u16]) -> Result<u32, QuotientError> {
        let d = self.depths.len();
        let mut key = 0;
        for (h, &c) in small.iter().enumerate().skip(1) {
            for _ in 0..c {
                key = self.step(rules, d, key, h)?;
            }
        }
        Ok(key)
    }

    /// Whether G + k·n is a P-position, G = `small` (heaps below n only).
    fn eval(&mut self, rules: &Rules, small: &[u16], k: u16) -> Result<bool, QuotientError> {
        if k == 0 {
            let x = self
                .known
                .element(small)
                .ok_or(QuotientError::Inconsistent { heap: self.n })?;
            return Ok(self.known.p[x]);
        }
        let key = self.key(rules, small)?;
        if let Some(&p) = self.memo.get(&(key, k)) {
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
        if self.memo.insert((key, k), p).is_some_and(|old| old != p) {
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
