//! Where a sequence's values live: every value, or the first ones and a recent window.
//!
//! The sparse method reads two kinds of values (see [`super::sparse`]): G(a) for small a
//! (the rare positions' values, the low side of a pair) and G(m - x) for small x (the
//! partners of the rare positions, the high side of a pair, the takes). A [`Window`] keeps
//! exactly those: the first `prefix` values for good, and the last `recent` ones, so a run
//! to 2^40 takes as much memory as one to 2^23. The few reads that reach further back are
//! refused with [`super::ComputeError::NotKept`], never answered from missing values.
//!
//! Invariant: in window mode, `recent` holds G(origin .. n) with at least
//! `min(n, window.recent)` values, and `early` holds G(0 .. prefix) once n > prefix
//! (before that, `recent` starts at 0 and serves as both).

/// The values a windowed run keeps: the first `prefix` heap sizes, and the last `recent`.
///
/// A rare position beyond the prefix needs its partners `recent` values back, so `recent`
/// is at least twice `prefix` plus a margin ([`Window::new`]): every rare position the
/// prefix can prove (below 2 `prefix`) stays in reach.
///
/// # Examples
///
/// ```
/// use grundy::octal::Window;
/// let w = Window::new(1 << 22);
/// assert_eq!(w.prefix, 1 << 22);
/// assert!(w.recent > 2 << 22);
/// assert!(w.bytes() < 40 << 20); // 40 MiB, whatever the length of the run
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    /// G(0 .. prefix) are kept for good (and periods are looked for among them).
    pub prefix: usize,
    /// At least the last `recent` values are kept.
    pub recent: usize,
}

impl Window {
    /// The margin of the recent window beyond twice the prefix: the block pass, the
    /// learning pass and the takes read that much further back.
    const MARGIN: usize = 1 << 16;

    /// A window keeping `prefix` values for good (at least 1,024) and enough recent ones.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::Window;
    /// assert_eq!(Window::new(10).prefix, 1024);
    /// ```
    pub fn new(prefix: usize) -> Self {
        let prefix = prefix.clamp(1024, 1 << 30);
        Window {
            prefix,
            recent: 2 * prefix + Self::MARGIN,
        }
    }

    /// The most memory the values take: the prefix, and the recent window, which grows to
    /// twice its size before the older half is dropped (2 bytes a value).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::Window;
    /// let w = Window::new(1024);
    /// assert_eq!(w.bytes(), 2 * (1024 + 2 * w.recent as u64));
    /// ```
    pub fn bytes(&self) -> u64 {
        2 * (self.prefix as u64 + 2 * self.recent as u64)
    }
}

/// The values of a sequence: all of them, or a prefix and a recent window.
#[derive(Clone, Debug, Default)]
pub(super) struct Store {
    /// G(0 .. prefix) once the recent window has moved past them (window mode only).
    early: Vec<u16>,
    /// G(origin .. n).
    recent: Vec<u16>,
    origin: usize,
    window: Option<Window>,
}

impl Store {
    /// Every value, starting from `values` = G(0 ..).
    pub fn full(values: Vec<u16>) -> Self {
        Store {
            recent: values,
            ..Store::default()
        }
    }

    /// A window resumed at G(0 .. early.len()) and G(origin .. origin + recent.len()).
    /// The caller checks the shape (see `checkpoint`).
    pub fn windowed(window: Window, early: Vec<u16>, origin: usize, recent: Vec<u16>) -> Self {
        let early = if origin == 0 { Vec::new() } else { early };
        Store {
            early,
            recent,
            origin,
            window: Some(window),
        }
    }

    /// Keeps from now on only `window` (every value is still here).
    pub fn set_window(&mut self, window: Window) {
        self.window = Some(window);
        self.slide();
    }

    pub fn window(&self) -> Option<Window> {
        self.window
    }

    /// How many values are computed.
    pub fn len(&self) -> usize {
        self.origin + self.recent.len()
    }

    /// G(0 ..) as far as it is kept without a gap: everything in full mode, else at
    /// least the prefix.
    pub fn head(&self) -> &[u16] {
        if self.origin == 0 {
            &self.recent
        } else {
            &self.early
        }
    }

    /// The recent values: the heap size of the first, and the values.
    pub fn recent(&self) -> (usize, &[u16]) {
        (self.origin, &self.recent)
    }

    /// G(n), when it is kept.
    pub fn get(&self, n: usize) -> Option<u16> {
        match n.checked_sub(self.origin) {
            Some(i) => self.recent.get(i).copied(),
            None => self.early.get(n).copied(),
        }
    }

    /// What the computation reads.
    pub fn view(&self) -> Values<'_> {
        Values {
            early: self.head(),
            recent: &self.recent,
            origin: self.origin,
        }
    }

    /// Appends G(n) for n = len().
    pub fn push(&mut self, value: u16) {
        self.recent.push(value);
        if let Some(window) = self.window {
            if self.recent.len() >= 2 * window.recent {
                self.slide();
            }
        }
    }

    /// Reserves room for the values up to `len`, at most a window's worth.
    pub fn reserve(&mut self, len: usize) {
        let more = len.saturating_sub(self.len());
        let more = match self.window {
            Some(window) => more.min(2 * window.recent.saturating_sub(self.recent.len())),
            None => more,
        };
        self.recent.reserve(more);
    }

    /// Drops the values before the last `window.recent`, keeping the prefix.
    fn slide(&mut self) {
        let Some(window) = self.window else {
            return;
        };
        if self.recent.len() <= window.recent {
            return;
        }
        if self.origin == 0 {
            self.early = self.recent[..window.prefix.min(self.recent.len())].to_vec();
        }
        let drop = self.recent.len() - window.recent;
        self.recent.drain(..drop);
        self.origin += drop;
    }
}

/// The values the sparse method reads: `early[a]` = G(a) for the first ones and
/// `recent[i]` = G(origin + i) for the last ones, up to n = origin + recent.len(). When
/// every value is kept, both are G(0 .. n) and `origin` is 0.
#[derive(Clone, Copy, Debug)]
pub(super) struct Values<'a> {
    pub early: &'a [u16],
    pub recent: &'a [u16],
    pub origin: usize,
}

impl<'a> Values<'a> {
    /// Every value: `g` = G(0 .. n).
    pub fn full(g: &'a [u16]) -> Self {
        Values {
            early: g,
            recent: g,
            origin: 0,
        }
    }

    /// n, the heap size whose value comes next.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.origin + self.recent.len()
    }

    /// The kept values before heap size m, as a slice whose last element is G(m - 1):
    /// G(m - x) is `until(m)[until(m).len() - x]` for x up to `m - origin`.
    #[inline(always)]
    pub fn until(&self, m: usize) -> &'a [u16] {
        &self.recent[..m - self.origin]
    }

    /// The largest a <= m / 2 such that every G(a') and G(m - a') with a' <= a is kept.
    #[inline(always)]
    pub fn pair_limit(&self, m: usize) -> usize {
        (m / 2)
            .min(self.early.len().saturating_sub(1))
            .min(m.saturating_sub(self.origin))
    }
}

#[cfg(test)]
mod tests;
