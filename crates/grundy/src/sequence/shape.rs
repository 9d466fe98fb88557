//! The shape of a game's P-positions, recognised from a finite table.
//!
//! One heap: a single residue class (`n ≡ r mod m`, the Bash game's shape). Two heaps
//! `(a, b)` with `0 <= a, b <= n`: equal heaps (two-heap Nim), a residue class in each
//! coordinate (the grid corner game: both even), or Beatty pairs `(a_k, b_k)` with
//! `b_k = a_k + c k` and `a_k = floor(k alpha)` (Wythoff's game for `c = 1`, Fraenkel's
//! generalisation otherwise). Each candidate is checked by predicting the whole table and
//! comparing it cell by cell: what is reported is what was seen, a conjecture beyond `n`
//! unless the family has a theorem.

use serde::Serialize;

/// The recognised shape of the P-positions of a one-heap game.
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::{one_heap_shape, OneHeapShape};
/// let p: Vec<bool> = (0..20).map(|n| n % 4 == 0).collect();
/// assert_eq!(one_heap_shape(&p), OneHeapShape::ResidueClass { modulus: 4, residue: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "shape")]
pub enum OneHeapShape {
    /// P exactly when `n ≡ residue (mod modulus)`.
    ResidueClass {
        /// The modulus.
        modulus: u64,
        /// The residue.
        residue: u64,
    },
    /// None of the shapes above.
    Other,
}

/// The shape of `is_p[0..]` (`is_p[n]`: heap `n` is a P-position), when at least three
/// P-positions show it.
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::{one_heap_shape, OneHeapShape};
/// assert_eq!(one_heap_shape(&[true, false, true, true]), OneHeapShape::Other);
/// ```
pub fn one_heap_shape(is_p: &[bool]) -> OneHeapShape {
    let ps: Vec<usize> = (0..is_p.len()).filter(|&n| is_p[n]).take(2).collect();
    let count = is_p.iter().filter(|&&p| p).count();
    if count < 3 {
        return OneHeapShape::Other;
    }
    let (residue, modulus) = (ps[0], ps[1] - ps[0]);
    if residue >= modulus {
        return OneHeapShape::Other;
    }
    let fits = (0..is_p.len()).all(|n| is_p[n] == (n % modulus == residue));
    if fits {
        OneHeapShape::ResidueClass {
            modulus: modulus as u64,
            residue: residue as u64,
        }
    } else {
        OneHeapShape::Other
    }
}

/// The recognised shape of the P-positions of a two-heap game.
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::{two_heap_shape, TwoHeapShape};
/// let table: Vec<Vec<bool>> = (0..10).map(|a| (0..10).map(|b| a == b).collect()).collect();
/// assert_eq!(two_heap_shape(&table), TwoHeapShape::EqualHeaps);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "shape")]
pub enum TwoHeapShape {
    /// P exactly when `a == b`.
    EqualHeaps,
    /// P exactly when `a ≡ b (mod modulus)` (two Bash heaps: equal Grundy values).
    SameResidue {
        /// The modulus.
        modulus: u64,
    },
    /// P exactly when `a ≡ residue_a (mod modulus_a)` and `b ≡ residue_b (mod modulus_b)`.
    ResidueClass {
        /// Modulus for the first heap.
        modulus_a: u64,
        /// Residue for the first heap.
        residue_a: u64,
        /// Modulus for the second heap.
        modulus_b: u64,
        /// Residue for the second heap.
        residue_b: u64,
    },
    /// P exactly at `(a_k, b_k)` and `(b_k, a_k)` with `b_k = a_k + step k` and
    /// `a_k = floor(k alpha)`, `alpha = (2 - step + sqrt(step^2 + 4)) / 2` (Beatty pairs;
    /// `step = 1` is Wythoff's game with `alpha` the golden ratio).
    Beatty {
        /// The difference `b_k - a_k` grows by `step` each pair.
        step: u64,
    },
    /// None of the shapes above.
    Other,
}

impl TwoHeapShape {
    /// One line naming the shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::sequence::shape::TwoHeapShape;
    /// assert_eq!(TwoHeapShape::EqualHeaps.describe(), "equal heaps (a = b), as in two-heap Nim");
    /// ```
    pub fn describe(&self) -> String {
        match *self {
            TwoHeapShape::EqualHeaps => "equal heaps (a = b), as in two-heap Nim".into(),
            TwoHeapShape::SameResidue { modulus } => {
                format!("heaps in the same residue class: a ≡ b (mod {modulus}), as in two Bash heaps")
            }
            TwoHeapShape::ResidueClass {
                modulus_a,
                residue_a,
                modulus_b,
                residue_b,
            } => format!(
                "a single residue class: a ≡ {residue_a} (mod {modulus_a}) and b ≡ {residue_b} (mod {modulus_b})"
            ),
            TwoHeapShape::Beatty { step: 1 } => {
                "Beatty pairs (floor(k φ), floor(k φ²)), φ the golden ratio, as in Wythoff's game"
                    .into()
            }
            TwoHeapShape::Beatty { step } => format!(
                "Beatty pairs (a_k, a_k + {step} k), a_k = floor(k (2 - {step} + sqrt({})) / 2)",
                step * step + 4
            ),
            TwoHeapShape::Other => "no recognised shape".into(),
        }
    }
}

/// The lower Beatty number `floor(k alpha)` for `alpha = (2 - c + sqrt(c^2 + 4)) / 2`, in exact
/// integer arithmetic (`c^2 + 4` is never a square for `c >= 1`, so the floor of the
/// irrational part can be taken first). `None` on overflow.
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::beatty_lower;
/// // c = 1: floor(k φ) = 0 1 3 4 6 8 9 11 ...
/// let a: Vec<u128> = (0..8).map(|k| beatty_lower(k, 1).unwrap()).collect();
/// assert_eq!(a, vec![0, 1, 3, 4, 6, 8, 9, 11]);
/// ```
pub fn beatty_lower(k: u128, step: u128) -> Option<u128> {
    let radicand = k
        .checked_mul(k)?
        .checked_mul(step.checked_mul(step)?.checked_add(4)?)?;
    let root = isqrt_u128(radicand) as i128;
    let linear = (k as i128).checked_mul(2 - step as i128)?;
    let sum = linear.checked_add(root)?;
    u128::try_from(sum.div_euclid(2)).ok()
}

/// The integer square root `floor(sqrt(n))`, exact for every `u128`.
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::isqrt_u128;
/// assert_eq!(isqrt_u128(24), 4);
/// assert_eq!(isqrt_u128(25), 5);
/// assert_eq!(isqrt_u128(u128::MAX), u64::MAX as u128);
/// ```
pub fn isqrt_u128(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // A float estimate (off by up to a few hundred for large n), one Newton step (which
    // brings it within one), then exact correction steps.
    let mut x = ((n as f64).sqrt() as u128).clamp(1, u64::MAX as u128);
    x = ((x + n / x) / 2).min(u64::MAX as u128);
    while x * x > n {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).is_some_and(|square| square <= n) {
        x += 1;
    }
    x
}

/// The shape of a square table `is_p[a][b]` (`a, b` in `0..len`), trying equal heaps,
/// `a ≡ b` modulo up to 12, a residue class with moduli up to 12, then Beatty pairs.
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::{two_heap_shape, TwoHeapShape};
/// let corner: Vec<Vec<bool>> =
///     (0..12).map(|a| (0..12).map(|b| a % 2 == 0 && b % 2 == 0).collect()).collect();
/// assert_eq!(
///     two_heap_shape(&corner),
///     TwoHeapShape::ResidueClass { modulus_a: 2, residue_a: 0, modulus_b: 2, residue_b: 0 }
/// );
/// ```
pub fn two_heap_shape(is_p: &[Vec<bool>]) -> TwoHeapShape {
    let len = is_p.len();
    if len < 3 || is_p.iter().any(|row| row.len() != len) {
        return TwoHeapShape::Other;
    }
    let matches = |predict: &dyn Fn(usize, usize) -> bool| {
        (0..len).all(|a| (0..len).all(|b| is_p[a][b] == predict(a, b)))
    };
    if matches(&|a, b| a == b) {
        return TwoHeapShape::EqualHeaps;
    }
    let bound = 12.min(len / 2).max(1);
    for modulus in 2..=bound {
        if matches(&|a, b| a % modulus == b % modulus) {
            return TwoHeapShape::SameResidue {
                modulus: modulus as u64,
            };
        }
    }
    for modulus_a in 1..=bound {
        for modulus_b in 1..=bound {
            for residue_a in 0..modulus_a {
                for residue_b in 0..modulus_b {
                    if matches(&|a, b| a % modulus_a == residue_a && b % modulus_b == residue_b) {
                        return TwoHeapShape::ResidueClass {
                            modulus_a: modulus_a as u64,
                            residue_a: residue_a as u64,
                            modulus_b: modulus_b as u64,
                            residue_b: residue_b as u64,
                        };
                    }
                }
            }
        }
    }
    // Beatty: the step is b_1 - a_1 with a_1 = 1 (the first P-position in row 1).
    let Some(b1) = (0..len).find(|&b| is_p[1][b]) else {
        return TwoHeapShape::Other;
    };
    if b1 <= 1 || !is_p[0][0] {
        return TwoHeapShape::Other;
    }
    let step = (b1 - 1) as u128;
    let mut predicted = vec![vec![false; len]; len];
    for k in 0..len as u128 {
        let Some(a) = beatty_lower(k, step) else {
            return TwoHeapShape::Other;
        };
        let b = a + step * k;
        if a >= len as u128 {
            break;
        }
        let a = a as usize;
        if b < len as u128 {
            predicted[a][b as usize] = true;
            predicted[b as usize][a] = true;
        }
    }
    if matches(&|a, b| predicted[a][b]) {
        TwoHeapShape::Beatty { step: step as u64 }
    } else {
        TwoHeapShape::Other
    }
}
