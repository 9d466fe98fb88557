//! The quotient learned as the least automaton of the P-positions, Angluin's way: states
//! are sums of heaps told apart by the outcomes of their sums with a set of test sums (the
//! suffixes), and a sum on which the automaton is wrong (found by `check`) gives a new test
//! sum by Rivest and Schapire's binary search. Two states always have different outcome
//! rows, so they are different elements of the true quotient: the automaton never has more
//! states than the quotient has elements.

use rustc_hash::FxHashMap;

use super::error::QuotientError;
use super::outcome::{counts_of, trim, Counts, Known, Oracle, Rules};

/// The table: states (sums named by access words), their rows over the suffixes, and the
/// transitions (a state plus one heap).
pub(super) struct Table {
    /// Heaps 1..=n.
    pub(super) n: usize,
    /// The test sums; the first is the empty sum, so bit 0 of a row is the outcome.
    pub(super) suffixes: Vec<Counts>,
    /// Each state's access word (heap sizes in the order added); state 0 is the empty sum.
    pub(super) access: Vec<Vec<usize>>,
    /// Each state's row: bit k set when its sum plus suffix k is a P-position.
    rows: Vec<Vec<u64>>,
    /// The rows of state i plus heap h, at `i * n + h - 1`.
    ext_rows: Vec<Vec<u64>>,
    /// The state that state i plus heap h is, at `i * n + h - 1`.
    pub(super) delta: Vec<u32>,
}

fn bit(row: &[u64], k: usize) -> bool {
    row[k / 64] >> (k % 64) & 1 != 0
}

fn push_bit(row: &mut Vec<u64>, k: usize, value: bool) {
    if k / 64 >= row.len() {
        row.push(0);
    }
    if value {
        row[k / 64] |= 1 << (k % 64);
    }
}

/// `a` plus `b`.
pub(super) fn add(a: &[u16], b: &[u16]) -> Counts {
    let mut sum = a.to_vec();
    if sum.len() < b.len() {
        sum.resize(b.len(), 0);
    }
    for (s, &c) in sum.iter_mut().zip(b) {
        *s = s.saturating_add(c);
    }
    trim(sum)
}

impl Table {
    /// The table of heaps 1..=n with the given test sums (the empty sum is put first).
    pub(super) fn new(n: usize, mut suffixes: Vec<Counts>) -> Table {
        suffixes.retain(|s| !s.is_empty());
        suffixes.insert(0, Counts::new());
        Table {
            n,
            suffixes,
            access: Vec::new(),
            rows: Vec::new(),
            ext_rows: Vec::new(),
            delta: Vec::new(),
        }
    }

    /// The automaton of a proved quotient over heaps 1..=n: heaps below n act as `known`
    /// says and heap n as element `x`; `access` reaches each element.
    pub(super) fn from_monoid(known: &Known, n: usize, x: usize, access: Vec<Vec<usize>>) -> Table {
        let order = known.order;
        let mut delta = Vec::with_capacity(order * n);
        for s in 0..order {
            for h in 1..=n {
                let e = if h == n { x } else { known.pretend[h] as usize };
                delta.push(known.table[s * order + e]);
            }
        }
        Table {
            n,
            suffixes: vec![Counts::new()],
            access,
            rows: known.p.iter().map(|&p| vec![u64::from(p)]).collect(),
            ext_rows: Vec::new(),
            delta,
        }
    }

    /// The least automaton with the same P-states: states merged while no sum of heaps
    /// tells them apart (Moore's partition refinement), each class kept by its first state
    /// (so the empty sum stays state 0). A proved automaton, reduced, is the quotient.
    pub(super) fn reduced(self) -> Table {
        let (order, n) = (self.order(), self.n);
        let mut class: Vec<u32> = (0..order).map(|s| u32::from(!self.is_p(s))).collect();
        let mut count = 0;
        loop {
            let mut index: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
            let mut next = Vec::with_capacity(order);
            for s in 0..order {
                let mut signature = vec![class[s]];
                signature.extend((0..n).map(|h| class[self.delta[s * n + h] as usize]));
                let fresh = index.len() as u32;
                next.push(*index.entry(signature).or_insert(fresh));
            }
            class = next;
            if index.len() == count {
                break;
            }
            count = index.len();
        }
        let mut first = vec![usize::MAX; count];
        for s in (0..order).rev() {
            first[class[s] as usize] = s;
        }
        let mut table = Table {
            n,
            suffixes: self.suffixes,
            access: Vec::with_capacity(count),
            rows: Vec::with_capacity(count),
            ext_rows: Vec::new(),
            delta: Vec::with_capacity(count * n),
        };
        for &s in &first {
            table.access.push(self.access[s].clone());
            table.rows.push(self.rows[s].clone());
            table
                .delta
                .extend((0..n).map(|h| class[self.delta[s * n + h] as usize]));
        }
        table
    }

    /// The number of states.
    pub(super) fn order(&self) -> usize {
        self.access.len()
    }

    /// Whether state `s` is a P-position.
    pub(super) fn is_p(&self, s: usize) -> bool {
        bit(&self.rows[s], 0)
    }

    /// Bit k of state `s`'s row: whether its sum plus test sum k is a P-position.
    pub(super) fn row_bit(&self, s: usize, k: usize) -> bool {
        bit(&self.rows[s], k)
    }

    /// The state a word of heaps leads to from state `from`.
    pub(super) fn run(&self, from: usize, word: &[usize]) -> usize {
        word.iter()
            .fold(from, |s, &h| self.delta[s * self.n + h - 1] as usize)
    }

    fn row_of(
        &self,
        rules: &Rules,
        outcomes: &mut dyn Oracle,
        sum: &[u16],
    ) -> Result<Vec<u64>, QuotientError> {
        let mut row = Vec::new();
        for (k, suffix) in self.suffixes.iter().enumerate() {
            push_bit(&mut row, k, outcomes.is_p(rules, add(sum, suffix))?);
        }
        Ok(row)
    }

    fn add_state(
        &mut self,
        rules: &Rules,
        outcomes: &mut dyn Oracle,
        access: Vec<usize>,
        row: Vec<u64>,
    ) -> Result<(), QuotientError> {
        let sum = counts_of(&access);
        for h in 1..=self.n {
            let ext = self.row_of(rules, outcomes, &add(&sum, &counts_of(&[h])))?;
            self.ext_rows.push(ext);
        }
        self.access.push(access);
        self.rows.push(row);
        Ok(())
    }

    /// Adds states until every transition leads to a state (the table is closed), refusing
    /// more than `max_order` states.
    pub(super) fn close(
        &mut self,
        rules: &Rules,
        outcomes: &mut dyn Oracle,
        max_order: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), QuotientError> {
        if self.access.is_empty() {
            let row = self.row_of(rules, outcomes, &[])?;
            self.add_state(rules, outcomes, Vec::new(), row)?;
        }
        let mut index: FxHashMap<Vec<u64>, u32> = FxHashMap::default();
        for (s, row) in self.rows.iter().enumerate() {
            index.insert(row.clone(), s as u32);
        }
        self.delta.clear();
        let mut at = 0;
        while at < self.ext_rows.len() {
            if stop() {
                return Err(QuotientError::Cancelled);
            }
            let row = &self.ext_rows[at];
            let target = match index.get(row) {
                Some(&s) => s,
                None => {
                    if self.order() >= max_order {
                        return Err(QuotientError::OrderTooLarge {
                            heap: self.n,
                            max: max_order,
                        });
                    }
                    let s = self.order() as u32;
                    let row = row.clone();
                    index.insert(row.clone(), s);
                    let mut access = self.access[at / self.n].clone();
                    access.push(at % self.n + 1);
                    self.add_state(rules, outcomes, access, row)?;
                    s
                }
            };
            self.delta.push(target);
            at += 1;
        }
        Ok(())
    }

    /// Adds a test sum, computing its column for every state and transition.
    fn add_suffix(
        &mut self,
        rules: &Rules,
        outcomes: &mut dyn Oracle,
        suffix: Counts,
    ) -> Result<(), QuotientError> {
        let k = self.suffixes.len();
        for (s, access) in self.access.iter().enumerate() {
            let sum = counts_of(access);
            let p = outcomes.is_p(rules, add(&sum, &suffix))?;
            push_bit(&mut self.rows[s], k, p);
            for h in 1..=self.n {
                let ext = add(&add(&sum, &counts_of(&[h])), &suffix);
                let p = outcomes.is_p(rules, ext)?;
                push_bit(&mut self.ext_rows[s * self.n + h - 1], k, p);
            }
        }
        self.suffixes.push(suffix);
        Ok(())
    }

    /// If the automaton is wrong on `word` (its outcome by search differs), adds the test
    /// sum that tells two of its sums apart and returns true.
    pub(super) fn refine(
        &mut self,
        rules: &Rules,
        outcomes: &mut dyn Oracle,
        word: &[usize],
    ) -> Result<bool, QuotientError> {
        // f(i): the outcome of the state after word[..i] (its access sum) plus word[i..].
        let mut f = |table: &Table, i: usize| {
            let s = table.run(0, &word[..i]);
            outcomes.is_p(
                rules,
                add(&counts_of(&table.access[s]), &counts_of(&word[i..])),
            )
        };
        let first = f(self, 0)?;
        if first == f(self, word.len())? {
            return Ok(false);
        }
        let (mut lo, mut hi) = (0, word.len());
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if f(self, mid)? == first {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        self.add_suffix(rules, outcomes, counts_of(&word[hi..]))?;
        Ok(true)
    }
}
