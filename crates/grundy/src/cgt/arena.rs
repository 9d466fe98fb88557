//! The hash-consing arena: every canonical form is stored once, under one [`GameId`].
//!
//! A game is stored by its canonical options (sorted ids), so two games are equal exactly
//! when their ids are equal, and a value's options are shared by every game that has it.
//! Numbers are stored by value, their options made only when a search asks for them (an
//! integer `n` is a chain of `n` forms, which comparisons and sums never walk: number
//! avoidance). Sums and comparisons are memoized by pairs of ids, as CGSuite's operation
//! cache and cgt-tools' transposition table do.

use rustc_hash::FxHashMap;

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::thermograph::Thermograph;

/// A canonical form in an [`Arena`]; equal ids are equal values and unequal ids unequal
/// values (of the same arena).
///
/// # Examples
///
/// ```
/// use grundy::cgt::Arena;
/// let mut arena = Arena::new();
/// let a = arena.parse("{0|1}").unwrap();
/// let b = arena.parse("1/2").unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub(super) u32);

impl GameId {
    /// The index of the form in its arena (stable for the arena's life).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// assert_eq!(Arena::new().zero().index(), 0);
    /// ```
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A node's options are not made yet (numbers only).
const NOT_MADE: u32 = u32::MAX;
/// A node's negative is not known yet.
const UNKNOWN: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub(super) struct Node {
    /// The number-up-star value, when the form is one.
    pub(super) nus: Option<Nus>,
    /// First option in `Arena::options` (left options, then right ones), or `NOT_MADE`.
    start: u32,
    n_left: u32,
    n_right: u32,
    negative: u32,
}

/// Short partizan games in canonical form, each stored once.
///
/// Operations take `&mut self` because they extend the store and its caches; ids stay valid
/// for the arena's life.
///
/// # Examples
///
/// ```
/// use grundy::cgt::Arena;
/// let mut arena = Arena::new();
/// let up = arena.parse("^").unwrap();
/// let double_up = arena.sum(up, up).unwrap();
/// assert_eq!(arena.display(double_up), "^^");
/// assert_eq!(arena.explicit(double_up), "{0|{0,{0|0}|0}}");
/// ```
#[derive(Debug)]
pub struct Arena {
    pub(super) nodes: Vec<Node>,
    pub(super) options: Vec<GameId>,
    by_options: FxHashMap<Box<[u32]>, GameId>,
    by_nus: FxHashMap<Nus, GameId>,
    pub(super) sums: FxHashMap<u64, GameId>,
    pub(super) leqs: FxHashMap<u64, bool>,
    pub(super) thermographs: FxHashMap<GameId, std::sync::Arc<Thermograph>>,
    pub(super) stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    key: Vec<u32>,
    /// Tests only: no number-up-star or number-avoidance shortcuts, every sum and
    /// comparison by its definition over the options.
    pub(super) plain: bool,
}

impl Default for Arena {
    fn default() -> Arena {
        Arena::new()
    }
}

impl Arena {
    /// An arena holding only `0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let arena = Arena::new();
    /// assert_eq!(arena.len(), 1);
    /// ```
    pub fn new() -> Arena {
        let mut arena = Arena {
            nodes: Vec::new(),
            options: Vec::new(),
            by_options: FxHashMap::default(),
            by_nus: FxHashMap::default(),
            sums: FxHashMap::default(),
            leqs: FxHashMap::default(),
            thermographs: FxHashMap::default(),
            stops: FxHashMap::default(),
            key: Vec::new(),
            plain: false,
        };
        arena.number(Dyadic::ZERO);
        arena
    }

    /// An arena that computes every sum and comparison from the definitions (tests of the
    /// shortcuts against them).
    #[cfg(test)]
    pub(super) fn plain() -> Arena {
        Arena {
            plain: true,
            ..Arena::new()
        }
    }

    /// How many forms are stored.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// arena.parse("*2").unwrap();
    /// assert_eq!(arena.len(), 3); // 0, *, *2
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// About how many bytes the arena holds: its forms, their options and keys, and the
    /// caches of sums, comparisons, stops and thermographs (hash-table entries counted with
    /// their overhead). A search that stores forms checks it against its budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let before = arena.memory();
    /// arena.parse("{2|0||-1} + ^").unwrap();
    /// assert!(arena.memory() > before);
    /// ```
    pub fn memory(&self) -> u64 {
        // A hash-table entry: its key and value, a control byte, and a load factor of 7/8.
        let entry = |bytes: usize| (bytes as u64 + 1) * 8 / 7;
        let nodes = self.nodes.len() as u64 * (size_of::<Node>() as u64);
        let options = self.options.len() as u64 * 4;
        let keys = self.by_options.len() as u64 * entry(size_of::<(Box<[u32]>, GameId)>())
            + self.options.len() as u64 * 4;
        let numbers = self.by_nus.len() as u64 * entry(size_of::<(Nus, GameId)>());
        let sums = self.sums.len() as u64 * entry(size_of::<(u64, GameId)>());
        let leqs = self.leqs.len() as u64 * entry(size_of::<(u64, bool)>());
        let stops = self.stops.len() as u64 * entry(size_of::<(GameId, (Dyadic, Dyadic))>());
        // A thermograph: its entry, its allocation, and a few segments a wall.
        let thermographs = self.thermographs.len() as u64 * (entry(16) + 256);
        nodes + options + keys + numbers + sums + leqs + stops + thermographs
    }

    /// Whether only `0` is stored (never true after [`Arena::new`]; here for clippy's sake
    /// and for symmetry with `len`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// assert!(!Arena::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The game `0 = { | }`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let zero = arena.zero();
    /// assert_eq!(arena.display(zero), "0");
    /// ```
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The number `x`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let half = arena.number(Dyadic::new(1, 1).unwrap());
    /// assert_eq!(arena.display(half), "1/2");
    /// ```
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::number(x))
    }

    /// The integer `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let two = arena.integer(2);
    /// assert_eq!(arena.display(two), "2");
    /// ```
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::integer(n))
    }

    /// The game `x + n.^ + *k`. Its form has `|n|` levels and `k` options a side on the
    /// nimber's level, so large multiples cost memory in proportion.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic, Nus};
    /// let mut arena = Arena::new();
    /// let up_star = arena.nus(Nus::new(Dyadic::ZERO, 1, 1));
    /// assert_eq!(arena.explicit(up_star), "{0,{0|0}|0}");
    /// ```
    pub fn nus(&mut self, nus: Nus) -> GameId {
        if let Some(&id) = self.by_nus.get(&nus) {
            return id;
        }
        let id = if nus.is_number() {
            self.push(Some(nus), NOT_MADE, 0, 0)
        } else {
            let x = Nus::number(nus.number);
            let (mut left, mut right) = (Vec::new(), Vec::new());
            let (n, k) = (nus.up_multiple, nus.nimber);
            if n == 0 {
                for j in 0..k {
                    left.push(self.nus(Nus { nimber: j, ..x }));
                }
                right.clone_from(&left);
            } else if n.abs() == 1 && k == 1 {
                // ^* = {0,*|0} and v* = {0|0,*}.
                let both = vec![self.nus(x), self.nus(Nus { nimber: 1, ..x })];
                let one = vec![self.nus(x)];
                (left, right) = if n > 0 { (both, one) } else { (one, both) };
            } else {
                // n.^*k = {0 | (n-1).^*(k^1)}, and its negative.
                let toward = Nus {
                    up_multiple: n - n.signum(),
                    nimber: k ^ 1,
                    ..x
                };
                let (a, b) = (self.nus(x), self.nus(toward));
                (left, right) = if n > 0 {
                    (vec![a], vec![b])
                } else {
                    (vec![b], vec![a])
                };
            }
            left.sort_unstable();
            right.sort_unstable();
            self.intern(&left, &right)
        };
        self.by_nus.insert(nus, id);
        id
    }

    /// The number-up-star value of `g`, if it is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{0|{0|0}}").unwrap();
    /// assert_eq!(arena.as_nus(g).unwrap().to_string(), "^");
    /// ```
    pub fn as_nus(&self, g: GameId) -> Option<Nus> {
        self.nodes[g.index()].nus
    }

    /// The number `g` is, if it is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{1|2}").unwrap();
    /// assert_eq!(arena.as_number(g), Dyadic::new(3, 1));
    /// ```
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.as_nus(g)
            .filter(|nus| nus.is_number())
            .map(|nus| nus.number)
    }

    /// The canonical left options of `g`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2,1|0}").unwrap();
    /// let two = arena.integer(2);
    /// assert_eq!(arena.left_options(g), vec![two]);
    /// ```
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.make_options(g);
        let (start, n_left, _) = self.span(g);
        self.options[start..start + n_left].to_vec()
    }

    /// The canonical right options of `g`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("1/2").unwrap();
    /// let one = arena.integer(1);
    /// assert_eq!(arena.right_options(g), vec![one]);
    /// ```
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.make_options(g);
        let (start, n_left, n_right) = self.span(g);
        self.options[start + n_left..start + n_left + n_right].to_vec()
    }

    /// Whether `g` is a number (with its options possibly not made).
    pub(super) fn is_number(&self, g: GameId) -> bool {
        self.nodes[g.index()].nus.is_some_and(Nus::is_number)
    }

    /// Where `g`'s options are: start, how many left, how many right (made already).
    pub(super) fn span(&self, g: GameId) -> (usize, usize, usize) {
        let node = &self.nodes[g.index()];
        (
            node.start as usize,
            node.n_left as usize,
            node.n_right as usize,
        )
    }

    /// Makes a number's options: `{n-1|}` for an integer `n > 0`, `{|n+1}` for `n < 0`,
    /// `{x - 2^-k | x + 2^-k}` for `x = m/2^k` (its canonical form).
    pub(super) fn make_options(&mut self, g: GameId) {
        if self.nodes[g.index()].start != NOT_MADE {
            return;
        }
        let Some(nus) = self.nodes[g.index()].nus else {
            return;
        };
        let x = nus.number;
        let step = Dyadic::new(1, x.exponent()).unwrap_or(Dyadic::ZERO);
        let (left, right) = if x.is_integer() {
            match x.numerator().signum() {
                1 => (Some(Dyadic::integer(x.numerator() - 1)), None),
                -1 => (None, Some(Dyadic::integer(x.numerator() + 1))),
                _ => (None, None),
            }
        } else {
            (x.checked_sub(step), x.checked_add(step))
        };
        let left = left.map(|l| self.number(l));
        let right = right.map(|r| self.number(r));
        let start = self.options.len() as u32;
        self.options.extend(left.iter().chain(right.iter()));
        let node = &mut self.nodes[g.index()];
        node.start = start;
        node.n_left = u32::from(left.is_some());
        node.n_right = u32::from(right.is_some());
    }

    /// The game with these canonical options, sorted and without duplicates or dominated or
    /// reversible options: looked up, or stored.
    pub(super) fn intern(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        key.push(left.len() as u32);
        key.extend(left.iter().chain(right).map(|g| g.0));
        if let Some(&id) = self.by_options.get(&key[..]) {
            self.key = key;
            return id;
        }
        let nus = self.recognize(left, right);
        let start = self.options.len() as u32;
        self.options.extend_from_slice(left);
        self.options.extend_from_slice(right);
        let id = self.push(nus, start, left.len() as u32, right.len() as u32);
        self.by_options.insert(key[..].into(), id);
        self.key = key;
        if let Some(nus) = nus {
            self.by_nus.insert(nus, id);
        }
        id
    }

    fn push(&mut self, nus: Option<Nus>, start: u32, n_left: u32, n_right: u32) -> GameId {
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(Node {
            nus,
            start,
            n_left,
            n_right,
            negative: UNKNOWN,
        });
        id
    }

    /// The negative recorded for `g`, if any.
    pub(super) fn known_negative(&self, g: GameId) -> Option<GameId> {
        let negative = self.nodes[g.index()].negative;
        (negative != UNKNOWN).then_some(GameId(negative))
    }

    /// Records that `h = -g`.
    pub(super) fn record_negative(&mut self, g: GameId, h: GameId) {
        self.nodes[g.index()].negative = h.0;
        self.nodes[h.index()].negative = g.0;
    }

    /// The number-up-star value of canonical options, recognised from their own values:
    /// `x + *k = {x, x*, .., x*(k-1) | same}`, `^* = {0,*|0}`, `n.^ + *k = {0 | (n-1).^ +
    /// *(k^1)}` and the negatives (the forms [`Arena::nus`] builds; their agreement with
    /// the sums that define them is tested).
    fn recognize(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        let nus = |g: &GameId| self.nodes[g.index()].nus;
        if !left.is_empty() && left == right {
            let x = nus(&left[0])?.number;
            let mut nimbers = Vec::with_capacity(left.len());
            for option in left {
                let value = nus(option)?;
                if value.number != x || value.up_multiple != 0 {
                    return None;
                }
                nimbers.push(value.nimber);
            }
            nimbers.sort_unstable();
            let k = nimbers.len() as u64;
            return (nimbers.iter().copied().eq(0..k)).then_some(Nus::new(x, 0, k));
        }
        match (left, right) {
            ([a], [b]) => {
                let (a, b) = (nus(a)?, nus(b)?);
                if a.is_number() && b.number == a.number && b.up_multiple >= 0 && !b.is_number() {
                    Some(Nus::new(a.number, b.up_multiple + 1, b.nimber ^ 1))
                } else if b.is_number()
                    && a.number == b.number
                    && a.up_multiple <= 0
                    && !a.is_number()
                {
                    Some(Nus::new(b.number, a.up_multiple - 1, a.nimber ^ 1))
                } else {
                    None
                }
            }
            ([a, c], [b]) | ([b], [a, c]) => {
                let (a, c, b) = (nus(a)?, nus(c)?, nus(b)?);
                let x = b.number;
                let star = Nus::new(x, 0, 1);
                let pair_ok =
                    (a == Nus::number(x) && c == star) || (c == Nus::number(x) && a == star);
                if !(b.is_number() && pair_ok) {
                    return None;
                }
                Some(Nus::new(x, if left.len() == 2 { 1 } else { -1 }, 1))
            }
            _ => None,
        }
    }
}
