//! The terms a reason (`Reason`) is stated in: a heap with its Grundy value, its
//! genus or its quotient element, a count of bits, a component of a sum and a winning move
//! in one, each written as the explanation writes it (`Display`).

use std::fmt;

use serde::Serialize;

use crate::value::Nimber;

/// A heap and its Grundy value.
///
/// # Examples
///
/// ```
/// use grundy::analysis::HeapNimber;
/// use grundy::Nimber;
/// let g = HeapNimber { heap: 10, nimber: Nimber(3) };
/// assert_eq!(g.to_string(), "G(10) = 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeapNimber {
    /// The heap.
    pub heap: u64,
    /// Its Grundy value.
    pub nimber: Nimber,
}

impl fmt::Display for HeapNimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "G({}) = {}", self.heap, self.nimber.0)
    }
}

/// A heap (or a game file's component) and its genus under misère play, as Winning Ways
/// writes it.
///
/// # Examples
///
/// ```
/// use grundy::analysis::GenusOf;
/// let g = GenusOf { heap: 5, part: None, genus: "4^146".into() };
/// assert_eq!(g.to_string(), "5: 4^146");
/// let g = GenusOf { heap: 1, part: Some("xxxxx".into()), genus: "4^146".into() };
/// assert_eq!(g.to_string(), "xxxxx: 4^146");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GenusOf {
    /// The heap; for a component, its place in the position (from 1).
    pub heap: u64,
    /// A game file's component as the file shows it; `None` for a heap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// Its genus.
    pub genus: String,
}

impl fmt::Display for GenusOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.part {
            Some(part) => write!(f, "{part}: {}", self.genus),
            None => write!(f, "{}: {}", self.heap, self.genus),
        }
    }
}

/// A heap size of a sum, how many heaps of that size it has, and their element in a misère
/// quotient, named by its least word in the generators.
///
/// # Examples
///
/// ```
/// use grundy::analysis::ElementOf;
/// let e = ElementOf { heap: 4, count: 1, element: "ab".into() };
/// assert_eq!(e.to_string(), "4: ab");
/// let e = ElementOf { heap: 2, count: 3, element: "b".into() };
/// assert_eq!(e.to_string(), "2 ×3: b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ElementOf {
    /// The heap size.
    pub heap: u64,
    /// How many heaps of that size the sum has.
    pub count: u64,
    /// The element of one such heap, by name (`1` for the identity).
    pub element: String,
}

impl fmt::Display for ElementOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            1 => write!(f, "{}: {}", self.heap, self.element),
            n => write!(f, "{} ×{n}: {}", self.heap, self.element),
        }
    }
}

/// A winning move of a sum of heaps found by a misère quotient: the heap moved in, the
/// heaps it leaves, and the product of the sum's elements after it (in the P-portion).
///
/// # Examples
///
/// ```
/// use grundy::analysis::QuotientMove;
/// let mv = QuotientMove { heap: 5, leaves: vec![1, 2], product: "b^2".into() };
/// assert_eq!(mv.to_string(), "a heap of 5 -> 1 + 2 (product b^2)");
/// let mv = QuotientMove { heap: 1, leaves: vec![], product: "a".into() };
/// assert_eq!(mv.to_string(), "a heap of 1 -> nothing (product a)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientMove {
    /// The size of the heap moved in.
    pub heap: u64,
    /// The heaps the move leaves in its place (none when it takes the heap whole).
    pub leaves: Vec<u64>,
    /// The product of the sum's elements after the move, by name.
    pub product: String,
}

impl fmt::Display for QuotientMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let leaves = match self.leaves.as_slice() {
            [] => "nothing".to_string(),
            parts => parts
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + "),
        };
        write!(
            f,
            "a heap of {} -> {leaves} (product {})",
            self.heap, self.product
        )
    }
}

/// How many heaps have one bit set (Moore's Nim counts them).
///
/// # Examples
///
/// ```
/// use grundy::analysis::BitCount;
/// assert_eq!(BitCount { bit: 2, heaps: 3 }.to_string(), "2^2: 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BitCount {
    /// The bit (`2^bit`).
    pub bit: u32,
    /// How many heaps have it set.
    pub heaps: u64,
}

impl fmt::Display for BitCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "2^{}: {}", self.bit, self.heaps)
    }
}

/// One component of a sum and its Grundy value.
///
/// # Examples
///
/// ```
/// use grundy::analysis::SumComponent;
/// use grundy::Nimber;
/// let c = SumComponent { game: "bash 2".into(), position: "5".into(), nimber: Nimber(2) };
/// assert_eq!(c.to_string(), "bash 2 5 = *2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumComponent {
    /// The family and parameter, e.g. `bash 2`.
    pub game: String,
    /// The position, as typed.
    pub position: String,
    /// Its Grundy value.
    pub nimber: Nimber,
}

impl fmt::Display for SumComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} = {}", self.game, self.position, self.nimber)
    }
}

/// A sum's winning move in one component: from its value to the value that makes the XOR
/// 0 (lower, which the mex rule guarantees, or higher where the component has an option of
/// that value), with the labels of the component's moves that do it.
///
/// # Examples
///
/// ```
/// use grundy::analysis::SumMove;
/// use grundy::Nimber;
/// let mv = SumMove {
///     game: "sub.luau".into(),
///     position: "5".into(),
///     from: Nimber(3),
///     to: Nimber(1),
///     labels: vec!["take 3".into()],
/// };
/// assert_eq!(mv.to_string(), "sub.luau 5 from *3 to *1 (take 3)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// The component's game, as in [`SumComponent`].
    pub game: String,
    /// Its position.
    pub position: String,
    /// Its value.
    pub from: Nimber,
    /// The value a winning move leaves it with (`from ^ total`).
    pub to: Nimber,
    /// The labels of the moves that do it.
    pub labels: Vec<String>,
}

impl fmt::Display for SumMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} from {} to {}",
            self.game, self.position, self.from, self.to
        )?;
        if !self.labels.is_empty() {
            write!(f, " ({})", self.labels.join(", "))?;
        }
        Ok(())
    }
}
