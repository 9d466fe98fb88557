//! Which algorithm computes a sequence ([`Method`]), and what a run gets unless told.

use std::fmt;

use super::code::TakeAndBreak;

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

impl Method {
    /// The method a code gets unless told: sparse when its moves leave at most two heaps
    /// (an octal code), direct otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::Method;
    /// assert_eq!(Method::for_game(&"0.6".parse().unwrap()), Method::Sparse);
    /// assert_eq!(Method::for_game(&"0.F".parse().unwrap()), Method::Direct);
    /// ```
    pub fn for_game(game: &TakeAndBreak) -> Method {
        match game.max_heaps() <= 2 {
            true => Method::Sparse,
            false => Method::Direct,
        }
    }

    /// How many values a run with no length asked for computes at most while it looks for
    /// a period: 2^20 by the sparse method, 2^14 by the direct one, 1,500 when a move may
    /// leave three heaps (O(n^2) work per value).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::Method;
    /// let hex = "0.F".parse().unwrap();
    /// assert_eq!(Method::Direct.search_limit(&hex), 1500);
    /// assert_eq!(Method::Sparse.search_limit(&"0.6".parse().unwrap()), 1 << 20);
    /// ```
    pub fn search_limit(self, game: &TakeAndBreak) -> usize {
        match (self, game.max_heaps()) {
            (Method::Sparse, _) => 1 << 20,
            (Method::Direct, 3) => 1500,
            (Method::Direct, _) => 1 << 14,
        }
    }
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
