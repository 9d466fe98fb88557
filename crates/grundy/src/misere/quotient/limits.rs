//! The bounds of one quotient computation.

/// The bounds of one computation: the heap bound and how large things may grow.
///
/// # Examples
///
/// ```
/// use grundy::misere::quotient::Limits;
/// let limits = Limits::new(20).with_max_order(500);
/// assert_eq!((limits.max_heap, limits.max_order), (20, 500));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Heaps 1..=max_heap.
    pub max_heap: usize,
    /// The most elements a quotient may have.
    pub max_order: usize,
    /// The most sums whose outcome the search may store.
    pub max_positions: usize,
    /// The most (element, option set) pairs the check may hold.
    pub max_pairs: usize,
}

impl Limits {
    /// Heaps up to `max_heap`, at most 1,024 elements, 20 million sums searched and 4
    /// million pairs checked.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::misere::quotient::Limits::new(5).max_order, 1024);
    /// ```
    pub fn new(max_heap: usize) -> Limits {
        Limits {
            max_heap,
            max_order: 1024,
            max_positions: 20_000_000,
            max_pairs: 4_000_000,
        }
    }

    /// The same with at most `max_order` elements.
    ///
    /// # Examples
    ///
    /// ```
    /// let limits = grundy::misere::quotient::Limits::new(5).with_max_order(10);
    /// assert_eq!(limits.max_order, 10);
    /// ```
    pub fn with_max_order(mut self, max_order: usize) -> Limits {
        self.max_order = max_order;
        self
    }
}
