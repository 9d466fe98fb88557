//! Misère quotients of take-and-break games (Plambeck and Siegel, "Misère quotients for
//! impartial games", J. Combin. Theory A 115, 2008; arXiv math/0609825).
//!
//! For a code and a heap bound n, let A be every sum of heaps of sizes 1..=n. Two sums G
//! and H are indistinguishable when G + X and H + X have the same misère outcome for every
//! X in A; the classes form a finite commutative monoid Q (when finite), the **misère
//! quotient**, with its **P-portion** (the classes of P-positions) and the **pretending
//! function** (each heap's element). A sum of any number of heaps is then a P-position
//! exactly when the product of its heaps' elements lies in the P-portion.
//!
//! # How it is computed
//!
//! Heap bound by heap bound, as MisereSolver reports them, but by its own method:
//! - `extend`: first, without a search, whether heap n acts as an element of the quotient
//!   of heaps 1..n-1 already proved (each candidate passes the P-portion test on the sums
//!   n + Z, one Z per element, then the proof of `check`); if one does, that is the
//!   quotient of heaps 1..n. Only a bound where the quotient grows is learned (`growth`):
//! - `learn`: the quotient is the least automaton that reads a sum heap by heap and ends in
//!   a P-state exactly on P-positions. It is learned Angluin's way, from misère outcomes of
//!   sums. First (`through`) the outcome of G + k·n (G a sum of smaller heaps) is computed
//!   on the monoid: from its options, kept under (the element of G in the quotient of heaps
//!   1..n-1, k), with no search of whole sums. That is exact unless heap n splits an
//!   element of the smaller quotient; the automaton learned is proved by `check` all the
//!   same, then reduced (states no sum tells apart merged). When that guess fails, the
//!   automaton is learned again from outcomes of sums by plain search (`outcome`): states
//!   are then sums told apart by test sums, so no two states are the same element.
//! - `check`: the automaton is proved right for *every* sum of heaps up to n by two finite
//!   checks (it commutes, and each reachable pair (element, elements of the options)
//!   obeys the misère rule); a sum on which it is wrong adds a test sum, and it is learned
//!   again.
//! - `names`: elements are named by their least words in the generators, relations are
//!   the minimal words that are not least.
//!
//! Every impartial misère quotient has even order (Plambeck and Siegel 2008), unless no
//! heap has a move (then every sum is 0 and the quotient is {1}); each computed quotient
//! is checked for it.
//!
//! # Examples
//!
//! Nim on heaps of 1 and 2 tokens is the code `0.33`; its misère quotient has order 6,
//! derived by hand from Bouton's misère rule in this module's tests.
//!
//! ```
//! use grundy::misere::quotient::{compute, Limits};
//! let nim: grundy::octal::TakeAndBreak = "0.33".parse().unwrap();
//! let q = compute(&nim, &Limits::new(2)).unwrap();
//! assert_eq!(q.order(), 6);
//! assert_eq!(q.p_portion().len(), 2);
//! assert_eq!(q.outcome_of(&[1, 1, 2, 2]), Some(grundy::Outcome::Loss));
//! ```

mod check;
mod error;
mod extend;
mod growth;
mod learn;
mod limits;
mod names;
mod outcome;
mod through;

pub use error::QuotientError;
pub use limits::Limits;

use crate::octal::TakeAndBreak;
use crate::value::Outcome;
use learn::Table;
use outcome::{Known, Outcomes, Rules};

/// The largest heap bound [`compute`] accepts.
pub const MAX_HEAP: usize = 1000;

/// A misère quotient: its elements (0 is the identity), multiplication table, P-portion
/// and pretending function, with the names and relations of its presentation.
///
/// # Examples
///
/// Misère Nim with heaps of size 1: the quotient {1, a} with a^2 = 1, P-portion {a}.
///
/// ```
/// use grundy::misere::quotient::{compute, Limits};
/// let q = compute(&"0.1".parse().unwrap(), &Limits::new(1)).unwrap();
/// assert_eq!(q.order(), 2);
/// assert_eq!(q.relations(), vec!["a^2 = 1".to_string()]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    code: TakeAndBreak,
    order: usize,
    table: Vec<u32>,
    p: Vec<bool>,
    pretend: Vec<u32>,
    options: Vec<Vec<Vec<usize>>>,
    generators: Vec<usize>,
    names: Vec<String>,
    relations: Vec<String>,
}

/// A move in a sum of heaps: one heap replaced by the heaps a move leaves.
///
/// # Examples
///
/// ```
/// use grundy::misere::quotient::{compute, HeapMove, Limits};
/// let q = compute(&"0.33".parse().unwrap(), &Limits::new(2)).unwrap();
/// // 2 + 2 + 1: the winning move takes the 1 (leaving 2 + 2).
/// assert_eq!(q.winning_moves(&[2, 2, 1]).unwrap(), vec![HeapMove { heap: 1, leaves: vec![] }]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// The size of the heap moved in.
    pub heap: usize,
    /// The heaps it leaves, smallest first (empty when it is taken whole).
    pub leaves: Vec<usize>,
}

impl Quotient {
    /// The code whose quotient this is.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.07".parse().unwrap(), &Limits::new(3)).unwrap();
    /// assert_eq!(q.code().to_string(), "0.07");
    /// ```
    pub fn code(&self) -> &TakeAndBreak {
        &self.code
    }

    /// The heap bound n: the quotient is of every sum of heaps of sizes 1..=n.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// assert_eq!(compute(&"0.07".parse().unwrap(), &Limits::new(3)).unwrap().max_heap(), 3);
    /// ```
    pub fn max_heap(&self) -> usize {
        self.pretend.len() - 1
    }

    /// The number of elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// assert_eq!(compute(&"0.1".parse().unwrap(), &Limits::new(1)).unwrap().order(), 2);
    /// ```
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product of elements `x` and `y` (each below [`Quotient::order`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.1".parse().unwrap(), &Limits::new(1)).unwrap();
    /// let a = q.element_of_heap(1).unwrap();
    /// assert_eq!(q.product(a, a), 0);
    /// ```
    pub fn product(&self, x: usize, y: usize) -> usize {
        self.table[x * self.order + y] as usize
    }

    /// Whether element `x` is in the P-portion.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.1".parse().unwrap(), &Limits::new(1)).unwrap();
    /// assert!(!q.is_p(0) && q.is_p(1));
    /// ```
    pub fn is_p(&self, x: usize) -> bool {
        self.p[x]
    }

    /// The elements of the P-portion, by number.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.1".parse().unwrap(), &Limits::new(1)).unwrap();
    /// assert_eq!(q.p_portion(), vec![1]);
    /// ```
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order).filter(|&x| self.p[x]).collect()
    }

    /// The element of a heap of size `h` (the pretending function); None past the bound.
    /// The empty heap is the identity, 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.07".parse().unwrap(), &Limits::new(2)).unwrap();
    /// // Dawson's Kayles: a heap of 1 has no move, so it is the identity.
    /// assert_eq!(q.element_of_heap(1), Some(0));
    /// assert_eq!(q.element_of_heap(3), None);
    /// ```
    pub fn element_of_heap(&self, h: usize) -> Option<usize> {
        self.pretend.get(h).map(|&x| x as usize)
    }

    /// The element of a sum of heaps, the product of its heaps' elements; None when a heap
    /// is past the bound.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.33".parse().unwrap(), &Limits::new(2)).unwrap();
    /// assert_eq!(q.name(q.element(&[1, 2, 2]).unwrap()), "ab^2");
    /// ```
    pub fn element(&self, heaps: &[usize]) -> Option<usize> {
        heaps.iter().try_fold(0, |x, &h| {
            self.element_of_heap(h).map(|e| self.product(x, e))
        })
    }

    /// The misère outcome of a sum of heaps, for the player to move (None past the bound).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// use grundy::Outcome;
    /// let q = compute(&"0.33".parse().unwrap(), &Limits::new(2)).unwrap();
    /// assert_eq!(q.outcome_of(&[1]), Some(Outcome::Loss));
    /// assert_eq!(q.outcome_of(&[2]), Some(Outcome::Win));
    /// ```
    pub fn outcome_of(&self, heaps: &[usize]) -> Option<Outcome> {
        let x = self.element(heaps)?;
        Some(if self.p[x] {
            Outcome::Loss
        } else {
            Outcome::Win
        })
    }

    /// The distinct moves of a sum of heaps to a P-position (empty when it is one), found
    /// from the quotient alone; None when a heap is past the bound.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, HeapMove, Limits};
    /// let q = compute(&"0.33".parse().unwrap(), &Limits::new(2)).unwrap();
    /// assert_eq!(q.winning_moves(&[2]).unwrap(), vec![HeapMove { heap: 2, leaves: vec![1] }]);
    /// ```
    pub fn winning_moves(&self, heaps: &[usize]) -> Option<Vec<HeapMove>> {
        let n = self.max_heap();
        let mut counts = vec![0usize; n + 1];
        for &h in heaps {
            *counts.get_mut(h)? += 1;
        }
        let sizes: Vec<usize> = (1..=n).filter(|&h| counts[h] > 0).collect();
        let power = |x: usize, mut e: usize| {
            let (mut acc, mut base) = (0, x);
            while e > 0 {
                if e & 1 == 1 {
                    acc = self.product(acc, base);
                }
                base = self.product(base, base);
                e >>= 1;
            }
            acc
        };
        let powers: Vec<usize> = sizes
            .iter()
            .map(|&h| power(self.pretend[h] as usize, counts[h]))
            .collect();
        // before[i]: the product of the sizes before i; after[i]: from i on.
        let mut before = vec![0; sizes.len() + 1];
        for i in 0..sizes.len() {
            before[i + 1] = self.product(before[i], powers[i]);
        }
        let mut after = vec![0; sizes.len() + 1];
        for i in (0..sizes.len()).rev() {
            after[i] = self.product(powers[i], after[i + 1]);
        }
        let mut moves = Vec::new();
        for (i, &h) in sizes.iter().enumerate() {
            let others = self.product(before[i], after[i + 1]);
            let rest = self.product(others, power(self.pretend[h] as usize, counts[h] - 1));
            for option in &self.options[h] {
                let x = option.iter().fold(rest, |x, &part| {
                    self.product(x, self.pretend[part] as usize)
                });
                if self.p[x] {
                    moves.push(HeapMove {
                        heap: h,
                        leaves: option.clone(),
                    });
                }
            }
        }
        Some(moves)
    }

    /// The name of element `x`: its least word in the generators (`1` for the identity).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.33".parse().unwrap(), &Limits::new(2)).unwrap();
    /// let names: Vec<&str> = (0..q.order()).map(|x| q.name(x)).collect();
    /// assert_eq!(names, ["1", "a", "b", "ab", "b^2", "ab^2"]);
    /// ```
    pub fn name(&self, x: usize) -> &str {
        &self.names[x]
    }

    /// The heap sizes whose elements are the generators a, b, c, ...: each heap whose
    /// element is not a product of the earlier heaps' elements.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.33".parse().unwrap(), &Limits::new(2)).unwrap();
    /// assert_eq!(q.generators(), &[1, 2]);
    /// ```
    pub fn generators(&self) -> &[usize] {
        &self.generators
    }

    /// The relations of the presentation on the generators, `a^2 = 1` style.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::quotient::{compute, Limits};
    /// let q = compute(&"0.33".parse().unwrap(), &Limits::new(2)).unwrap();
    /// assert_eq!(q.relations(), vec!["a^2 = 1", "b^3 = b"]);
    /// ```
    pub fn relations(&self) -> Vec<String> {
        self.relations.clone()
    }
}

/// The misère quotient of `code` for heaps up to `limits.max_heap`.
///
/// # Errors
///
/// [`QuotientError`]: a heap bound of 0 or past [`MAX_HEAP`], or a limit reached.
///
/// # Examples
///
/// ```
/// use grundy::misere::quotient::{compute, Limits};
/// let q = compute(&"0.77".parse().unwrap(), &Limits::new(4)).unwrap();
/// assert_eq!(q.order() % 2, 0);
/// ```
pub fn compute(code: &TakeAndBreak, limits: &Limits) -> Result<Quotient, QuotientError> {
    grow(code, limits, &|| false, &mut |_| {})
}

/// As [`compute`], but giving up once `time` has passed: front ends that would rather
/// search than wait call it (`grundy solve` and `grundy analyze` under misère play).
///
/// # Errors
///
/// As [`compute`], and [`QuotientError::TimeUp`] when the time ran out first.
///
/// # Examples
///
/// ```
/// use grundy::misere::quotient::{compute_within, Limits, QuotientError};
/// use std::time::Duration;
/// let kayles = "0.77".parse().unwrap();
/// let q = compute_within(&kayles, &Limits::new(5), Duration::from_secs(60)).unwrap();
/// assert_eq!(q.max_heap(), 5);
/// let late = compute_within(&kayles, &Limits::new(5), Duration::ZERO);
/// assert!(matches!(late, Err(QuotientError::TimeUp { .. })));
/// ```
pub fn compute_within(
    code: &TakeAndBreak,
    limits: &Limits,
    time: std::time::Duration,
) -> Result<Quotient, QuotientError> {
    let deadline = std::time::Instant::now() + time;
    let late = || std::time::Instant::now() >= deadline;
    match grow(code, limits, &late, &mut |_| {}) {
        Err(QuotientError::Cancelled) => Err(QuotientError::TimeUp {
            heap: limits.max_heap,
            seconds: time.as_secs_f64().to_string(),
        }),
        other => other,
    }
}

/// The quotients for heap bounds 1, 2, ..., `limits.max_heap`, each handed to `each` as
/// it is found; returns the last. `stop` is polled between steps (true: cancel).
///
/// # Errors
///
/// As [`compute`], and [`QuotientError::Cancelled`] when `stop` says so.
///
/// # Examples
///
/// ```
/// use grundy::misere::quotient::{grow, Limits};
/// let mut orders = Vec::new();
/// grow(&"0.33".parse().unwrap(), &Limits::new(3), &|| false, &mut |q| orders.push(q.order())).unwrap();
/// assert_eq!(orders, [2, 6, 6]);
/// ```
pub fn grow(
    code: &TakeAndBreak,
    limits: &Limits,
    stop: &dyn Fn() -> bool,
    each: &mut dyn FnMut(&Quotient),
) -> Result<Quotient, QuotientError> {
    if limits.max_heap == 0 {
        return Err(QuotientError::NoHeap);
    }
    if limits.max_heap > MAX_HEAP {
        return Err(QuotientError::HeapTooLarge {
            heap: limits.max_heap,
            max: MAX_HEAP,
        });
    }
    let mut outcomes = Outcomes::new(limits.max_positions);
    let mut suffixes = Vec::new();
    let mut last = None;
    for n in 1..=limits.max_heap {
        let rules = Rules::new(code, n);
        let same = match outcomes.known() {
            Some(known) => extend::same_monoid(known, &rules, limits.max_pairs, stop)?,
            None => None,
        };
        let table = match same {
            Some(table) => table,
            None => {
                let table = growth::learn(
                    &rules,
                    &mut outcomes,
                    std::mem::take(&mut suffixes),
                    limits,
                    stop,
                )?;
                suffixes = table.suffixes.clone();
                table
            }
        };
        let quotient = assemble(code, &rules, &table);
        // A closure with a move has even order; heaps without a move are all 0.
        let moves = rules.options.iter().any(|o| !o.is_empty());
        if moves && !quotient.order.is_multiple_of(2) {
            return Err(QuotientError::OddOrder {
                heap: n,
                order: quotient.order,
            });
        }
        each(&quotient);
        outcomes.know(Known {
            table: quotient.table.clone(),
            order: quotient.order,
            p: quotient.p.clone(),
            pretend: quotient.pretend.clone(),
        });
        last = Some(quotient);
    }
    last.ok_or(QuotientError::NoHeap)
}

/// The quotient's table, names and relations from a proved automaton.
fn assemble(code: &TakeAndBreak, rules: &Rules, table: &Table) -> Quotient {
    let order = table.order();
    let mut products = Vec::with_capacity(order * order);
    for x in 0..order {
        for y in 0..order {
            products.push(table.run(x, &table.access[y]) as u32);
        }
    }
    let n = rules.max_heap();
    let pretend: Vec<u32> = (0..=n)
        .map(|h| if h == 0 { 0 } else { table.run(0, &[h]) as u32 })
        .collect();
    // Generators: each heap whose element the earlier generators do not reach.
    let mut generators = Vec::new();
    let mut reached = vec![false; order];
    reached[0] = true;
    for h in 1..=n {
        let e = pretend[h] as usize;
        if reached[e] {
            continue;
        }
        generators.push(h);
        let mut frontier: Vec<usize> = (0..order).filter(|&x| reached[x]).collect();
        while let Some(x) = frontier.pop() {
            for &g in &generators {
                let y = products[x * order + pretend[g] as usize] as usize;
                if !reached[y] {
                    reached[y] = true;
                    frontier.push(y);
                }
            }
        }
    }
    let gen_elements: Vec<usize> = generators.iter().map(|&h| pretend[h] as usize).collect();
    let words = names::words(&products, order, &gen_elements);
    let names: Vec<String> = words.normal.iter().map(|w| names::write(w)).collect();
    let relations = words
        .relations
        .iter()
        .map(|(w, y)| format!("{} = {}", names::write(w), names[*y]))
        .collect();
    Quotient {
        code: code.clone(),
        order,
        table: products,
        p: (0..order).map(|x| table.is_p(x)).collect(),
        pretend,
        options: rules.options.clone(),
        generators,
        names,
        relations,
    }
}

#[cfg(test)]
mod tests;
