//! Subtraction games: a move removes `s` tokens from one heap, for `s` in a set `S`.
//!
//! Four kinds of set: a finite set, "all but" a finite set, the powers of two and the
//! Fibonacci numbers. The Grundy sequence of a finite set is eventually periodic, and one
//! whole window of `max(S)` values repeating proves the period (Winning Ways, ch. 4), which
//! [`Subtraction::pattern`] checks through [`crate::sequence`]. For the powers of two,
//! `G(n) = n mod 3` (no power of two is a multiple of 3, and 1 and 2 are powers). Other
//! infinite sets get a conjecture checked up to the table's end.

use std::fmt;

use thiserror::Error;

use crate::games::heaps::{nimbers, HeapRule};
use crate::limits::{Budget, SolveError};
use crate::sequence::{find_pattern, Pattern, Periodicity};

/// The largest element a finite set (or an "all but" exception) may have.
pub const MAX_ELEMENT: u64 = 1 << 20;

/// A checked subtraction set.
///
/// # Examples
///
/// ```
/// use grundy::games::subtraction::SubtractionSet;
/// let set: SubtractionSet = "1,3,4".parse().unwrap();
/// assert!(set.contains(3) && !set.contains(2));
/// assert_eq!(set.to_string(), "1,3,4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// Exactly these (sorted, distinct, positive) amounts.
    Finite(Vec<u64>),
    /// Every positive amount except these (sorted, distinct, positive).
    AllBut(Vec<u64>),
    /// 1, 2, 4, 8, ...
    PowersOfTwo,
    /// The Fibonacci numbers 1, 2, 3, 5, 8, ...
    Fibonacci,
}

/// Why a subtraction set was rejected.
///
/// # Examples
///
/// ```
/// use grundy::games::subtraction::SubtractionSet;
/// let err = "1,x".parse::<SubtractionSet>().unwrap_err();
/// assert!(err.to_string().contains("\"x\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseSubtractionSetError {
    /// An element is not a positive integer up to [`MAX_ELEMENT`].
    #[error("expected a positive integer up to {MAX_ELEMENT} in the subtraction set, found {0:?}")]
    BadElement(String),
    /// The finite set is empty.
    #[error("a finite subtraction set needs at least one element (e.g. 1,3,4)")]
    Empty,
}

impl SubtractionSet {
    /// A finite set from its elements (any order, repeats allowed).
    ///
    /// # Errors
    ///
    /// When empty, or an element is 0 or above [`MAX_ELEMENT`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::SubtractionSet;
    /// assert!(SubtractionSet::finite([3, 1, 3]).is_ok());
    /// assert!(SubtractionSet::finite([0]).is_err());
    /// ```
    pub fn finite(
        elements: impl IntoIterator<Item = u64>,
    ) -> Result<SubtractionSet, ParseSubtractionSetError> {
        let set = checked(elements)?;
        if set.is_empty() {
            return Err(ParseSubtractionSetError::Empty);
        }
        Ok(SubtractionSet::Finite(set))
    }

    /// Every positive amount except `exceptions`.
    ///
    /// # Errors
    ///
    /// When an exception is 0 or above [`MAX_ELEMENT`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::SubtractionSet;
    /// let set = SubtractionSet::all_but([2]).unwrap();
    /// assert!(set.contains(1) && !set.contains(2) && set.contains(3));
    /// ```
    pub fn all_but(
        exceptions: impl IntoIterator<Item = u64>,
    ) -> Result<SubtractionSet, ParseSubtractionSetError> {
        Ok(SubtractionSet::AllBut(checked(exceptions)?))
    }

    /// True when `amount` may be removed.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::SubtractionSet;
    /// assert!(SubtractionSet::Fibonacci.contains(13));
    /// assert!(!SubtractionSet::PowersOfTwo.contains(12));
    /// ```
    pub fn contains(&self, amount: u64) -> bool {
        match self {
            SubtractionSet::Finite(set) => set.binary_search(&amount).is_ok(),
            SubtractionSet::AllBut(set) => amount > 0 && set.binary_search(&amount).is_err(),
            SubtractionSet::PowersOfTwo => amount.is_power_of_two(),
            SubtractionSet::Fibonacci => amount > 0 && is_fibonacci(amount),
        }
    }

    /// The largest element of a finite set (its proof window), `None` for infinite sets.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::SubtractionSet;
    /// assert_eq!(SubtractionSet::finite([1, 3, 4]).unwrap().max(), Some(4));
    /// assert_eq!(SubtractionSet::PowersOfTwo.max(), None);
    /// ```
    pub fn max(&self) -> Option<u64> {
        match self {
            SubtractionSet::Finite(set) => set.last().copied(),
            _ => None,
        }
    }
}

fn checked(elements: impl IntoIterator<Item = u64>) -> Result<Vec<u64>, ParseSubtractionSetError> {
    let mut set = Vec::new();
    for s in elements {
        if s == 0 || s > MAX_ELEMENT {
            return Err(ParseSubtractionSetError::BadElement(s.to_string()));
        }
        set.push(s);
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// True when `n` is a Fibonacci number (1, 2, 3, 5, 8, ...; also 0).
///
/// # Examples
///
/// ```
/// use grundy::games::subtraction::is_fibonacci;
/// assert!(is_fibonacci(89) && !is_fibonacci(90));
/// ```
pub fn is_fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (0u64, 1u64);
    while a < n {
        let next = a.checked_add(b);
        a = b;
        match next {
            Some(next) => b = next,
            None => return a == n,
        }
    }
    a == n
}

impl std::str::FromStr for SubtractionSet {
    type Err = ParseSubtractionSetError;

    /// `1,3,4` (finite), `!1,2` (all but 1 and 2), `pow2`, `fib`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim() {
            "pow2" => return Ok(SubtractionSet::PowersOfTwo),
            "fib" => return Ok(SubtractionSet::Fibonacci),
            _ => {}
        }
        let (all_but, list) = match text.trim().strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, text.trim()),
        };
        let mut elements = Vec::new();
        for token in list.split(',').filter(|t| !t.trim().is_empty() || !all_but) {
            let value: u64 = token
                .trim()
                .parse()
                .map_err(|_| ParseSubtractionSetError::BadElement(token.trim().to_string()))?;
            elements.push(value);
        }
        if all_but {
            SubtractionSet::all_but(elements)
        } else {
            SubtractionSet::finite(elements)
        }
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |set: &[u64]| set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            SubtractionSet::Finite(set) => f.write_str(&list(set)),
            SubtractionSet::AllBut(set) => write!(f, "!{}", list(set)),
            SubtractionSet::PowersOfTwo => f.write_str("pow2"),
            SubtractionSet::Fibonacci => f.write_str("fib"),
        }
    }
}

/// The subtraction game on a set, as a [`HeapRule`] (wrap it in
/// [`Heaps`](crate::games::heaps::Heaps) for rows of heaps).
///
/// # Examples
///
/// ```
/// use grundy::games::subtraction::{Subtraction, SubtractionSet};
/// let game = Subtraction::new(SubtractionSet::PowersOfTwo);
/// assert_eq!(game.nimber(1_000_000_000_000_000_000, &grundy::Budget::default()).unwrap(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: SubtractionSet,
}

impl Subtraction {
    /// The game on `set`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::Fibonacci);
    /// assert_eq!(game.set(), &SubtractionSet::Fibonacci);
    /// ```
    pub fn new(set: SubtractionSet) -> Self {
        Subtraction { set }
    }

    /// The set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The Grundy values `G(0..=to)` (see [`nimbers`]).
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] beyond the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::Fibonacci);
    /// // hdu1848's table: G = 0 1 2 3 0 1 2 3 4 5 0 ...
    /// assert_eq!(game.nimbers(10, &grundy::Budget::default()).unwrap(), vec![0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0]);
    /// ```
    pub fn nimbers(&self, to: u64, budget: &Budget) -> Result<Vec<u64>, SolveError> {
        match &self.set {
            // G(n) <= |S| < 128: one 128-bit mask per heap, no option lists (hdu1536's path).
            SubtractionSet::Finite(set) if set.len() < 128 => {
                budget.check_positions(to.saturating_add(1))?;
                budget.check_bytes(to.saturating_add(1).saturating_mul(8))?;
                let amounts: Vec<usize> = set.iter().map(|&s| s as usize).collect();
                // Values fit a byte (G <= |S| < 128): a denser table for the cache.
                let mut res: Vec<u8> = Vec::with_capacity(to as usize + 1);
                let mut usable = 0; // amounts[..usable] are <= heap; heaps only grow
                let mut wide = false; // some value reached 64: 64-bit masks no longer do
                for heap in 0..=to as usize {
                    while usable < amounts.len() && amounts[usable] <= heap {
                        usable += 1;
                    }
                    if !wide {
                        let mut seen: u64 = 0;
                        for &s in &amounts[..usable] {
                            seen |= 1 << res[heap - s];
                        }
                        let mex = seen.trailing_ones();
                        if mex < 64 {
                            res.push(mex as u8);
                            continue;
                        }
                        wide = true;
                    }
                    let mut seen: u128 = 0;
                    for &s in &amounts[..usable] {
                        seen |= 1 << res[heap - s];
                    }
                    res.push(seen.trailing_ones() as u8);
                }
                Ok(res.into_iter().map(u64::from).collect())
            }
            _ => nimbers(self, to, budget),
        }
    }

    /// The pattern of `G(0..len)`: proved for a finite set when a window of `max(S)`
    /// values repeats, a conjecture otherwise (even for the powers of two, whose `n mod 3`
    /// is a separate theorem).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::finite([2, 5]).unwrap());
    /// let g = game.nimbers(40, &grundy::Budget::default()).unwrap();
    /// let pattern = game.pattern(&g).unwrap();
    /// assert_eq!(pattern.periodicity.period, 7);
    /// assert!(pattern.evidence.is_proved());
    /// ```
    pub fn pattern(&self, seq: &[u64]) -> Option<Pattern> {
        // Only a finite set's values depend on a bounded window; for the powers of two,
        // G(n) = n mod 3 is a theorem of its own (see `nimber`), not a window argument.
        let window = match &self.set {
            SubtractionSet::Finite(set) => set.last().map(|&m| m as usize),
            _ => None,
        };
        find_pattern(seq, window)
    }

    /// `G(n)` for any `n`: by the table when `n` is small, by a proved period otherwise.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] when `n` is too large for a table and no period is
    /// proved; [`SolveError::TooLarge`] beyond the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::finite([1, 3, 4]).unwrap());
    /// assert_eq!(game.nimber(1_000_000_000_000_000_000, &grundy::Budget::default()).unwrap(), 1);
    /// ```
    pub fn nimber(&self, n: u64, budget: &Budget) -> Result<u64, SolveError> {
        if n <= DIRECT && self.set != SubtractionSet::PowersOfTwo {
            return Ok(self.nimbers(n, budget)?[n as usize]);
        }
        match self.proved_values(MAX_PERIOD_TABLE, budget)? {
            Some(values) => Ok(values.nimber(n)),
            None => Err(SolveError::Unsupported(format!(
                "heap {n} is beyond the table and no period of S = {{{}}} is proved",
                self.set
            ))),
        }
    }

    /// Every value by a proved period, if one is found in a table of at most `max_table`
    /// values: for a finite set, a table of `64 max(S)` values (at least 2^16) is searched
    /// for a period proved by a repeated window of `max(S)` values; the powers of two have
    /// `G(n) = n mod 3` (each power is 1 or 2 mod 3, so from a multiple of 3 every move
    /// reaches 1 or 2 mod 3, and from those a power reaches a multiple of 3). `None` for the
    /// other sets, and for a finite set whose period is not proved within the table or whose
    /// table would pass `max_table`.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] when the table does not fit the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::finite([1, 3, 4]).unwrap());
    /// let values = game.proved_values(1 << 22, &grundy::Budget::default()).unwrap().unwrap();
    /// assert_eq!(values.periodicity().period, 7);
    /// assert_eq!(values.nimber(1_000_000), 1);
    /// ```
    pub fn proved_values(
        &self,
        max_table: u64,
        budget: &Budget,
    ) -> Result<Option<ProvedValues>, SolveError> {
        if let SubtractionSet::PowersOfTwo = self.set {
            return Ok(Some(ProvedValues {
                seq: vec![0, 1, 2],
                periodicity: Periodicity {
                    preperiod: 0,
                    period: 3,
                    saltus: 0,
                },
            }));
        }
        let SubtractionSet::Finite(set) = &self.set else {
            return Ok(None);
        };
        let Some(&max) = set.last() else {
            return Ok(None);
        };
        // Periods of small sets are short in practice: tabulate many windows and use the
        // period only when it is proved.
        let len = max.saturating_mul(64).clamp(DIRECT, MAX_PERIOD_TABLE);
        if len > max_table {
            return Ok(None);
        }
        let mut seq = self.nimbers(len, budget)?;
        let proved = self.pattern(&seq).filter(|p| p.evidence.is_proved());
        Ok(proved.map(|pattern| {
            let periodicity = pattern.periodicity;
            seq.truncate(periodicity.preperiod + periodicity.period);
            seq.shrink_to_fit();
            ProvedValues { seq, periodicity }
        }))
    }
}

/// Heaps up to which [`Subtraction::nimber`] tabulates rather than looks for a period.
const DIRECT: u64 = 1 << 16;

/// The largest table [`Subtraction::nimber`] searches for a period.
const MAX_PERIOD_TABLE: u64 = 1 << 22;

/// The values of a subtraction game for every heap, by a proved period
/// ([`Subtraction::proved_values`]): one preperiod and one period of values, and the rule.
///
/// # Examples
///
/// ```
/// use grundy::games::subtraction::{Subtraction, SubtractionSet};
/// let game = Subtraction::new(SubtractionSet::PowersOfTwo);
/// let values = game.proved_values(0, &grundy::Budget::default()).unwrap().unwrap();
/// assert_eq!(values.nimber(10u64.pow(18)), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedValues {
    /// `G(0..preperiod + period)`.
    seq: Vec<u64>,
    /// The proved rule.
    periodicity: Periodicity,
}

impl ProvedValues {
    /// `G(n)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::finite([2, 5]).unwrap());
    /// let values = game.proved_values(1 << 16, &grundy::Budget::default()).unwrap().unwrap();
    /// let table = game.nimbers(100, &grundy::Budget::default()).unwrap();
    /// assert!((0..=100).all(|n| values.nimber(n) == table[n as usize]));
    /// ```
    pub fn nimber(&self, n: u64) -> u64 {
        self.periodicity.extend(&self.seq, n)
    }

    /// The proved rule: preperiod, period and saltus (0: a subtraction game's values are
    /// bounded).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::subtraction::{Subtraction, SubtractionSet};
    /// let game = Subtraction::new(SubtractionSet::PowersOfTwo);
    /// let values = game.proved_values(0, &grundy::Budget::default()).unwrap().unwrap();
    /// assert_eq!(values.periodicity().period, 3);
    /// ```
    pub fn periodicity(&self) -> Periodicity {
        self.periodicity
    }
}

impl HeapRule for Subtraction {
    fn max_options(&self, heap: u64) -> Option<u64> {
        Some(match &self.set {
            SubtractionSet::Finite(set) => set.len() as u64,
            SubtractionSet::AllBut(_) => heap,
            // Powers of two and Fibonacci numbers below 2^64.
            _ => 94,
        })
    }

    fn options(&self, heap: u64, out: &mut Vec<(u64, u64)>) {
        match &self.set {
            SubtractionSet::Finite(set) => {
                out.extend(
                    set.iter()
                        .take_while(|&&s| s <= heap)
                        .map(|&s| (heap - s, 0)),
                );
            }
            SubtractionSet::AllBut(set) => {
                out.extend(
                    (1..=heap)
                        .filter(|s| set.binary_search(s).is_err())
                        .map(|s| (heap - s, 0)),
                );
            }
            SubtractionSet::PowersOfTwo => {
                out.extend(
                    (0..64)
                        .map(|k| 1u64 << k)
                        .take_while(|&s| s <= heap)
                        .map(|s| (heap - s, 0)),
                );
            }
            SubtractionSet::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= heap {
                    out.push((heap - a, 0));
                    let next = a.saturating_add(b);
                    a = b;
                    b = next;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
