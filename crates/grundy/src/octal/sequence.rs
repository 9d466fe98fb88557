//! [`Sequence`]: the Grundy values of a take-and-break game, computed on demand.
//!
//! Values are stored as `u16` (2 bytes per heap size; the largest value of a famous octal
//! game is far below 65536), so 2^30 heap sizes take 2 GiB. Growth is checked against the
//! [`Budget`] before allocating.
//!
//! Memory: the whole prefix G(0 .. n) is kept, not a prefix plus a recent window. The sparse
//! method mostly reads the first few thousand values and the last (largest rare position)
//! ones, but a heap whose value is a new rare value needs every pair (a, m - a), and the
//! period check and the theorem's proof read back over e + 2p values; a windowed store
//! would have to fall back to recomputation there, and is not implemented. The ring (circular) variant needs no table of its own: a
//! ring's first move leaves a line, so its value is a mex over at most t line values.

use std::fmt;

use thiserror::Error;

use super::direct::{self, Marks, Rules};
use super::sparse::Sparse;
use super::TakeAndBreak;
use crate::limits::{Budget, SolveError};
use crate::value::Nimber;

/// How the values are computed. Both give the same values (tested); they differ in speed.
///
/// # Examples
///
/// ```
/// use grundy::octal::Method;
/// assert_eq!("sparse".parse::<Method>().unwrap(), Method::Sparse);
/// assert_eq!(Method::Direct.to_string(), "direct");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Every take and split, O(n) per value (O(n^2) with three-heap splits).
    Direct,
    /// Rare/common classes: near-constant time per value when the rare values are few.
    /// Octal codes only (moves leave at most two heaps).
    Sparse,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Direct => "direct",
            Method::Sparse => "sparse",
        })
    }
}

impl std::str::FromStr for Method {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "direct" => Ok(Method::Direct),
            "sparse" => Ok(Method::Sparse),
            _ => Err(format!(
                "unknown method {text:?} (expected direct or sparse)"
            )),
        }
    }
}

/// Why values could not be computed.
///
/// # Examples
///
/// ```
/// use grundy::octal::{ComputeError, Method, Sequence};
/// let hex = "0.F".parse().unwrap();
/// let err = Sequence::new(hex, Method::Sparse, grundy::Budget::default()).unwrap_err();
/// assert!(matches!(err, ComputeError::SparseNeedsOctal { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ComputeError {
    /// The budget refused the memory, or the run was cancelled.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A value does not fit the 16-bit table.
    #[error("G({n}) exceeds 65535, the largest value a sequence stores")]
    ValueTooLarge {
        /// The heap size.
        n: usize,
    },
    /// The sparse method was asked for a code whose moves leave three heaps.
    #[error("the sparse method handles codes whose moves leave at most two heaps; {code} leaves three: use the direct method")]
    SparseNeedsOctal {
        /// The code.
        code: String,
    },
}

#[derive(Clone, Debug)]
enum Engine {
    Direct,
    Sparse(Box<Sparse>),
}

/// The Grundy values G(0), G(1), ... of one take-and-break game, computed on demand.
///
/// # Examples
///
/// Dawson's Kayles (0.07), A002187 shifted by one: 0, 0, 1, 1, 2, 0, 3, 1, 1, 0.
///
/// ```
/// use grundy::octal::{Method, Sequence};
/// use grundy::Nimber;
///
/// let mut seq = Sequence::new("0.07".parse().unwrap(), Method::Direct, grundy::Budget::default()).unwrap();
/// seq.extend_to(10).unwrap();
/// assert_eq!(seq.values(), &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// assert_eq!(seq.nimber(50).unwrap(), Nimber(5)); // A002187(49)
/// ```
#[derive(Clone, Debug)]
pub struct Sequence {
    game: TakeAndBreak,
    method: Method,
    rules: Rules,
    values: Vec<u16>,
    marks: Marks,
    engine: Engine,
    budget: Budget,
}

impl Sequence {
    /// An empty sequence of `game`'s values, to be computed by `method` within `budget`.
    ///
    /// # Errors
    ///
    /// [`ComputeError::SparseNeedsOctal`] for the sparse method on a code with three-heap
    /// moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// assert!(seq.values().is_empty());
    /// ```
    pub fn new(game: TakeAndBreak, method: Method, budget: Budget) -> Result<Self, ComputeError> {
        Sequence::resume(game, method, Vec::new(), budget)
    }

    /// A sequence whose first values are `values` (trusted: see [`super::checkpoint`], which
    /// checks a saved state before handing it here).
    ///
    /// # Errors
    ///
    /// As [`Sequence::new`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::resume("0.77".parse().unwrap(), Method::Sparse, vec![0, 1, 2], grundy::Budget::default()).unwrap();
    /// seq.extend_to(5).unwrap();
    /// assert_eq!(seq.values(), &[0, 1, 2, 3, 1]);
    /// ```
    pub fn resume(
        game: TakeAndBreak,
        method: Method,
        values: Vec<u16>,
        budget: Budget,
    ) -> Result<Self, ComputeError> {
        if method == Method::Sparse && game.max_heaps() > 2 {
            return Err(ComputeError::SparseNeedsOctal {
                code: game.to_string(),
            });
        }
        let rules = Rules::new(&game);
        let mut marks = Marks::new();
        let top = values.iter().copied().max().unwrap_or(0);
        marks.cover(2 * (usize::from(top) + 1).next_power_of_two());
        let engine = match method {
            Method::Direct => Engine::Direct,
            Method::Sparse => Engine::Sparse(Box::new(Sparse::new(&values))),
        };
        Ok(Sequence {
            game,
            method,
            rules,
            values,
            marks,
            engine,
            budget,
        })
    }

    /// The game.
    pub fn game(&self) -> &TakeAndBreak {
        &self.game
    }

    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The values computed so far: G(0), ..., G(len - 1).
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True before the first value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The sparse method's current mask and rare heap sizes (`None` for the direct method).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::new("0.16".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// seq.extend_to(10_000).unwrap();
    /// let (_mask, rare) = seq.rare().unwrap();
    /// assert!(rare.len() < 200);
    /// ```
    pub fn rare(&self) -> Option<(usize, &[u32])> {
        match &self.engine {
            Engine::Direct => None,
            Engine::Sparse(sparse) => Some((sparse.mask(), sparse.rare_positions())),
        }
    }

    /// Checks, without computing anything, that `len` values fit: the budget's positions
    /// and bytes (2 a value), and at most `2^32` values for the sparse method. Callers that
    /// extend a sequence step by step check the final length first, so that a run too large
    /// is refused before it starts rather than at the step that crosses the limit.
    ///
    /// # Errors
    ///
    /// [`SolveError::TooLarge`] (inside [`ComputeError`]) naming the size needed.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// assert!(seq.check_fits(1 << 20).is_ok());
    /// assert!(seq.check_fits(1 << 33).is_err());
    /// ```
    pub fn check_fits(&self, len: usize) -> Result<(), ComputeError> {
        if self.method == Method::Sparse && len as u64 > 1 << 32 {
            // The rare list stores heap sizes as u32.
            return Err(SolveError::TooLarge {
                needed: len as u64,
                limit: 1 << 32,
                unit: "positions",
            }
            .into());
        }
        self.budget.check_positions(len as u64)?;
        self.budget.check_bytes((len as u64).saturating_mul(2))?;
        Ok(())
    }

    /// Computes values until `len` are known (G(0) .. G(len - 1)).
    ///
    /// # Errors
    ///
    /// [`ComputeError::Solve`] when the table would pass the budget (checked before
    /// allocating) or the budget's cancel flag is set; [`ComputeError::ValueTooLarge`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let budget = grundy::Budget::default().with_bytes(100);
    /// let mut seq = Sequence::new("0.6".parse().unwrap(), Method::Sparse, budget).unwrap();
    /// assert!(seq.extend_to(1000).is_err());
    /// ```
    pub fn extend_to(&mut self, len: usize) -> Result<(), ComputeError> {
        if len <= self.values.len() {
            return Ok(());
        }
        self.check_fits(len)?;
        self.values.reserve(len - self.values.len());
        while self.values.len() < len {
            let n = self.values.len();
            if n.is_multiple_of(4096) {
                self.budget.check_cancelled()?;
            }
            let value = match &mut self.engine {
                Engine::Direct => direct::next_value(&self.rules, &self.values, &mut self.marks),
                Engine::Sparse(sparse) => {
                    sparse.next_value(&self.rules, &self.values, &mut self.marks)
                }
            };
            let Ok(stored) = u16::try_from(value) else {
                return Err(ComputeError::ValueTooLarge { n });
            };
            self.values.push(stored);
            if let Engine::Sparse(sparse) = &mut self.engine {
                sparse.push(&self.values);
            }
            if 2 * value + 2 > self.marks.len() {
                self.marks.cover(2 * (value + 1).next_power_of_two());
            }
        }
        Ok(())
    }

    /// G(n), computing up to n if needed.
    ///
    /// # Errors
    ///
    /// As [`Sequence::extend_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut kayles = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// assert_eq!(kayles.nimber(5).unwrap(), grundy::Nimber(4));
    /// ```
    pub fn nimber(&mut self, n: usize) -> Result<Nimber, ComputeError> {
        self.extend_to(n + 1)?;
        Ok(Nimber(u64::from(self.values[n])))
    }

    /// The value of a ring of `n` tokens (the circular variant): a move removes k tokens
    /// in a run, allowed when n = k and dk has bit 1, or n > k and dk has bit 2; the rest
    /// of the ring is one line of n - k, whatever the digit's other bits (a run removed from
    /// a ring leaves one arc). d0 gives no ring move.
    ///
    /// # Errors
    ///
    /// As [`Sequence::extend_to`] (the line values up to n - 1 are needed).
    ///
    /// # Examples
    ///
    /// Paint Chain (hdu3980): a ring of 4 beads, paint 2 in a row: the first player loses.
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence, TakeAndBreak};
    /// let game = TakeAndBreak::remove_run(2).unwrap();
    /// let mut seq = Sequence::new(game, Method::Direct, grundy::Budget::default()).unwrap();
    /// assert_eq!(seq.ring_nimber(4).unwrap(), grundy::Nimber(0));
    /// ```
    pub fn ring_nimber(&mut self, n: usize) -> Result<Nimber, ComputeError> {
        self.extend_to(n)?;
        let mut options = Vec::new();
        for k in 1..=self.game.max_take().min(n) {
            let digit = self.game.digit(k);
            if k == n && digit & 1 != 0 {
                options.push(Nimber::ZERO);
            } else if k < n && digit & 2 != 0 {
                options.push(Nimber(u64::from(self.values[n - k])));
            }
        }
        Ok(Nimber::mex(options))
    }

    /// An iterator over G(0), G(1), ..., computing each value when it is reached; the
    /// caller decides how far to go.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::{Method, Sequence};
    /// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
    /// let first: Vec<u64> = seq.nimbers().take(6).map(|v| v.unwrap().0).collect();
    /// assert_eq!(first, [0, 1, 2, 3, 1, 4]);
    /// ```
    pub fn nimbers(&mut self) -> Nimbers<'_> {
        Nimbers { seq: self, next: 0 }
    }
}

/// The iterator of [`Sequence::nimbers`]; an error ends it.
#[derive(Debug)]
pub struct Nimbers<'a> {
    seq: &'a mut Sequence,
    next: usize,
}

impl Iterator for Nimbers<'_> {
    type Item = Result<Nimber, ComputeError>;

    fn next(&mut self) -> Option<Self::Item> {
        let n = self.next;
        self.next += 1;
        Some(self.seq.nimber(n))
    }
}
