//! A family's table ([`Table`]) and what it shows, as data: the pattern of its values, the shape of its P-positions and
//! the closed form it was checked against. Each writes the line the command line prints.

use std::fmt;

use serde::Serialize;

use crate::octal::period::Verdict;
use crate::sequence::shape::{OneHeapShape, TwoHeapShape};
use crate::sequence::Pattern;

/// The periodicity found in a table of Grundy values, or that none was.
///
/// # Examples
///
/// ```
/// use grundy::table::TablePattern;
/// let none = TablePattern::None { to: 40 };
/// assert_eq!(none.to_string(), "no period or arithmetic period found for n <= 40");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "found", rename_all = "snake_case")]
pub enum TablePattern {
    /// A period (plain or arithmetic), proved or a conjecture.
    Periodic {
        /// The period and its evidence.
        pattern: Pattern,
    },
    /// A code's values: the octal engine's verdict on their period (a period proved by the
    /// Octal Game Periodicity Theorem, Guy and Smith 1956), as `grundy octal` gives it.
    Octal {
        /// The verdict.
        verdict: Verdict,
    },
    /// No period or arithmetic period in the values `0..=to`.
    None {
        /// The table's last heap.
        to: u64,
    },
}

impl fmt::Display for TablePattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablePattern::Periodic { pattern } => f.write_str(&pattern.describe()),
            TablePattern::Octal { verdict } => write!(f, "{verdict} (the octal engine)"),
            TablePattern::None { to } => {
                write!(f, "no period or arithmetic period found for n <= {to}")
            }
        }
    }
}

/// The shape of a table's P-positions, as seen in the table (or proved with a period).
///
/// # Examples
///
/// ```
/// use grundy::sequence::shape::TwoHeapShape;
/// use grundy::table::Shape;
/// let shape = Shape::TwoHeaps { shape: TwoHeapShape::EqualHeaps, to: 9 };
/// assert_eq!(shape.to_string(), "equal heaps (a = b), as in two-heap Nim (seen for a, b <= 9)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    /// One heap: the P-positions `n <= to` form this shape.
    OneHeap {
        /// The shape seen.
        shape: OneHeapShape,
        /// The table's last heap.
        to: u64,
    },
    /// One heap with a plain period: beyond the preperiod, the P-positions are residue
    /// classes modulo the period, with the period's evidence.
    Residues {
        /// The preperiod.
        from: usize,
        /// The period.
        period: usize,
        /// The residues of the P-positions (sorted; empty: no P-positions from `from` on).
        residues: Vec<usize>,
        /// True when the period is proved.
        proved: bool,
        /// The table's last heap.
        to: u64,
    },
    /// Bash, reach N and lose: the targets N <= `to` where the first player loses, with the
    /// residue shifted back to N (the shape is that of `N - 1`).
    Targets {
        /// The shape of the losing `N - 1`.
        shape: OneHeapShape,
        /// The largest target.
        to: u64,
    },
    /// Fibonacci Nim's starts: whether the first player loses exactly on the Fibonacci
    /// numbers (heaps `2..=to`).
    FibonacciStarts {
        /// True when the losing starts are exactly the Fibonacci numbers.
        fibonacci: bool,
        /// The largest heap.
        to: u64,
    },
    /// Two heaps `a, b <= to`: the P-positions form this shape.
    TwoHeaps {
        /// The shape seen.
        shape: TwoHeapShape,
        /// The table's last heap.
        to: u64,
    },
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::OneHeap { shape: OneHeapShape::ResidueClass { modulus, residue }, to } => write!(
                f,
                "P-positions form a single residue class, n ≡ {residue} (mod {modulus}), as in the Bash game (seen for n <= {to})"
            ),
            Shape::OneHeap { shape: OneHeapShape::Other, to } => {
                write!(f, "P-positions form no single residue class for n <= {to}")
            }
            Shape::Residues { from, period, residues, proved, to } => {
                let evidence = if *proved {
                    "proved with the period".to_string()
                } else {
                    format!("a conjecture checked for n <= {to}")
                };
                if residues.is_empty() {
                    write!(f, "no P-positions for n >= {from}, {evidence}")
                } else {
                    let residues: Vec<String> = residues.iter().map(usize::to_string).collect();
                    write!(
                        f,
                        "P-positions for n >= {from}: n ≡ {} (mod {period}), {evidence}",
                        residues.join(", ")
                    )
                }
            }
            Shape::Targets { shape: OneHeapShape::ResidueClass { modulus, residue }, to } => write!(
                f,
                "the first player loses exactly when N ≡ {} (mod {modulus}) (seen for N <= {to})",
                residue + 1
            ),
            Shape::Targets { shape: OneHeapShape::Other, to } => {
                write!(f, "no single residue class for N <= {to}")
            }
            Shape::FibonacciStarts { fibonacci: true, to } => write!(
                f,
                "for heaps 2..{to}, the first player loses exactly on the Fibonacci numbers"
            ),
            Shape::FibonacciStarts { fibonacci: false, .. } => {
                f.write_str("the losing heaps are not exactly the Fibonacci numbers")
            }
            Shape::TwoHeaps { shape: TwoHeapShape::Other, to } => {
                write!(f, "no recognised shape for a, b <= {to}")
            }
            Shape::TwoHeaps { shape, to } => {
                write!(f, "{} (seen for a, b <= {to})", shape.describe())
            }
        }
    }
}

/// A theorem giving a family's values or P-positions in closed form.
///
/// # Examples
///
/// ```
/// use grundy::table::Theorem;
/// assert_eq!(Theorem::Bash { modulus: 4 }.to_string(), "G(n) = n mod 4 (Bash)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "theorem", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Theorem {
    /// Nim: `G(n) = n`.
    Nim,
    /// Bash: `G(n) = n mod (K + 1)`.
    Bash {
        /// `K + 1`.
        modulus: u64,
    },
    /// Lasker's Nim (Conway, ONAG).
    Lasker,
    /// Subtracting powers of two: `G(n) = n mod 3`.
    PowersOfTwo,
    /// Two heaps of one game: P exactly when their Grundy values are equal (Sprague-Grundy).
    EqualValues,
    /// Bash, reach N and lose: the first player loses exactly when `(N - 1) mod (K + 1) = 0`.
    BashReach {
        /// `K + 1`.
        modulus: u64,
    },
    /// Fibonacci Nim (Whinihan 1963): Zeckendorf's smallest term.
    Zeckendorf,
    /// Wythoff (1907): the Beatty pairs.
    Wythoff,
    /// The corner game: both distances even.
    Corner,
    /// Bouton's misère rule.
    MisereNim,
    /// Staircase Nim with two steps: P exactly when step 1 is empty.
    Staircase,
    /// Moore's Nim_K: every bit count divisible by K + 1.
    Moore,
}

impl fmt::Display for Theorem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theorem::Nim => f.write_str("G(n) = n (every smaller heap is an option)"),
            Theorem::Bash { modulus } => write!(f, "G(n) = n mod {modulus} (Bash)"),
            Theorem::Lasker => f.write_str("G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Conway, ONAG)"),
            Theorem::PowersOfTwo => f.write_str("G(n) = n mod 3 (no power of two is a multiple of 3)"),
            Theorem::EqualValues => f.write_str("a sum of two heaps is a P-position exactly when G(a) = G(b) (Sprague-Grundy)"),
            Theorem::BashReach { modulus } => write!(f, "the first player loses exactly when (N - 1) mod {modulus} = 0 (the Bash game on N - 1)"),
            Theorem::Zeckendorf => f.write_str("Zeckendorf (Whinihan 1963): a player may win exactly when the smallest Zeckendorf term is within reach"),
            Theorem::Wythoff => f.write_str("Wythoff (1907): P-positions are the Beatty pairs (floor(k φ), floor(k φ²))"),
            Theorem::Corner => f.write_str("P-positions are the cells with both distances even"),
            Theorem::MisereNim => f.write_str("Bouton's misère rule: nim-sum 0 when a heap has 2 or more, else an odd number of 1-heaps"),
            Theorem::Staircase => f.write_str("only odd steps count: with two steps (a on step 1, b on step 2), P exactly when a = 0"),
            Theorem::Moore => f.write_str("Moore: every bit count divisible by K + 1"),
        }
    }
}

/// A theorem and whether the table agrees with it (`None`: not compared, the theorem is
/// what the table shows).
///
/// # Examples
///
/// ```
/// use grundy::table::{ClosedForm, Theorem};
/// let form = ClosedForm { theorem: Theorem::PowersOfTwo, agrees: Some(true) };
/// assert_eq!(
///     form.to_string(),
///     "G(n) = n mod 3 (no power of two is a multiple of 3), a theorem; the table agrees with it"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClosedForm {
    /// The theorem.
    #[serde(flatten)]
    pub theorem: Theorem,
    /// True when every value of the table agrees with the theorem.
    pub agrees: Option<bool>,
}

impl fmt::Display for ClosedForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.agrees {
            Some(true) => write!(f, "{}, a theorem; the table agrees with it", self.theorem),
            Some(false) => write!(
                f,
                "{}: THE TABLE DISAGREES (please report this)",
                self.theorem
            ),
            None => write!(f, "{}", self.theorem),
        }
    }
}

/// What a table holds.
///
/// # Examples
///
/// ```
/// use grundy::table::TableKind;
/// assert_eq!(serde_json::to_string(&TableKind::Pairs).unwrap(), "\"pairs\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TableKind {
    /// Grundy values of one heap, `G(0..=to)`.
    Grundy,
    /// The first player's outcome for each `n <= to` (bash-reach's target, Fibonacci Nim's
    /// heap).
    Outcome,
    /// Two heaps (or coordinates, or steps) `a, b <= to`: P-positions.
    Pairs,
}

/// A family's table and what was found in it.
///
/// Serialized as the command line's `grundy table --json` writes it, with the findings as
/// data (`cells` is left out: `p_pairs` lists the same P-positions).
///
/// # Examples
///
/// ```
/// use grundy::catalog::Family;
/// use grundy::table::{tabulate, TableKind};
/// let table = tabulate(&Family::Wythoff, 10, false).unwrap();
/// assert_eq!(table.kind, TableKind::Pairs);
/// assert_eq!(table.p_pairs, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]);
/// assert!(table.cells[2][1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The family and parameter.
    pub game: String,
    /// What the table holds.
    pub kind: TableKind,
    /// The table's last heap (or target, or coordinate).
    pub to: u64,
    /// `G(0..=to)`: for one-heap tables, and for pairs of heaps of a heap game.
    pub nimbers: Option<Vec<u64>>,
    /// The P-positions `n <= to` (one heap; for outcome tables, the `n` where the first
    /// player loses).
    pub p_positions: Vec<u64>,
    /// The P-positions `(a, b)` with `a <= b <= to` (two heaps).
    pub p_pairs: Vec<(u64, u64)>,
    /// The periodicity found (Grundy tables).
    pub pattern: Option<TablePattern>,
    /// The shape of the P-positions.
    pub shape: Option<Shape>,
    /// A closed form from a theorem, and whether the table agrees with it.
    pub closed_form: Option<ClosedForm>,
    /// Two heaps: `cells[a][b]` is true on P-positions (empty for one-heap tables).
    #[serde(skip)]
    pub cells: Vec<Vec<bool>>,
}
