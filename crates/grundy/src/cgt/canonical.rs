//! Comparison, canonical forms, sums and negatives of games in an [`Arena`].
//!
//! `G <= H` unless some `GL >= H` or some `HR <= G` (Conway, *On Numbers and Games*;
//! Siegel, *Combinatorial Game Theory*, 2013, chapter II.1). The canonical form removes
//! dominated options and bypasses reversible ones until neither is left (Siegel, II.2);
//! it is unique, which is what lets the arena compare games by id. Shortcuts: two
//! number-up-stars compare and add in closed form ([`Nus`]); a number's own options are
//! never searched against a non-number (number avoidance: `x <= H` iff no `HR <= x`), and a
//! number is added by translating the other game's options (`G + x = {GL + x | GR + x}`
//! for `G` not a number). Each is tested against the definitions (`Arena::plain`).
//!
//! The recursion here follows the forms (depth at most the sum of the operands' birthdays),
//! not the positions of a game: a game's form is built bottom-up by its solver.

use std::cmp::Ordering;

use super::arena::{Arena, GameId};
use super::error::CgtError;
use super::nus::Nus;

/// Who wins a game, whoever starts: its outcome class.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, OutcomeClass};
/// let mut arena = Arena::new();
/// let star = arena.parse("*").unwrap();
/// assert_eq!(arena.outcome(star), OutcomeClass::Next);
/// assert_eq!(OutcomeClass::Next.to_string(), "N");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OutcomeClass {
    /// Left wins whoever starts (`G > 0`).
    #[serde(rename = "L")]
    Left,
    /// Right wins whoever starts (`G < 0`).
    #[serde(rename = "R")]
    Right,
    /// The player to move wins (`G || 0`).
    #[serde(rename = "N")]
    Next,
    /// The player to move loses (`G = 0`).
    #[serde(rename = "P")]
    Previous,
}

impl std::fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            OutcomeClass::Left => "L",
            OutcomeClass::Right => "R",
            OutcomeClass::Next => "N",
            OutcomeClass::Previous => "P",
        })
    }
}

fn pair(g: GameId, h: GameId) -> u64 {
    (u64::from(g.0) << 32) | u64::from(h.0)
}

impl Arena {
    /// Whether `g <= h`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (up, star) = (arena.parse("^").unwrap(), arena.parse("*").unwrap());
    /// let zero = arena.zero();
    /// assert!(arena.leq(zero, up));
    /// assert!(!arena.leq(zero, star) && !arena.leq(star, zero));
    /// ```
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        let (g_nus, h_nus) = (self.as_nus(g), self.as_nus(h));
        if let (false, Some(a), Some(b)) = (self.plain, g_nus, h_nus) {
            return a.leq(b);
        }
        let key = pair(g, h);
        if let Some(&known) = self.leqs.get(&key) {
            return known;
        }
        let mut res = true;
        if self.plain || !self.is_number(g) {
            self.make_options(g);
            let (start, n_left, _) = self.span(g);
            for i in 0..n_left {
                let gl = self.options[start + i];
                if self.leq(h, gl) {
                    res = false;
                    break;
                }
            }
        }
        if res && (self.plain || !self.is_number(h)) {
            self.make_options(h);
            let (start, n_left, n_right) = self.span(h);
            for i in n_left..n_left + n_right {
                let hr = self.options[start + i];
                if self.leq(hr, g) {
                    res = false;
                    break;
                }
            }
        }
        self.leqs.insert(key, res);
        res
    }

    /// How `g` compares with `h`: `None` when they are confused (`g || h`).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (a, b) = (arena.parse("^ + ^").unwrap(), arena.parse("{0|^*}").unwrap());
    /// assert_eq!(arena.compare(a, b), Some(Ordering::Equal));
    /// let (c, d) = (arena.parse("+-1").unwrap(), arena.zero());
    /// assert_eq!(arena.compare(c, d), None);
    /// ```
    pub fn compare(&mut self, g: GameId, h: GameId) -> Option<Ordering> {
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// The outcome class of `g`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, OutcomeClass};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{1|-1} + 2").unwrap();
    /// assert_eq!(arena.outcome(g), OutcomeClass::Left);
    /// ```
    pub fn outcome(&mut self, g: GameId) -> OutcomeClass {
        let zero = self.zero();
        match self.compare(g, zero) {
            Some(Ordering::Greater) => OutcomeClass::Left,
            Some(Ordering::Less) => OutcomeClass::Right,
            Some(Ordering::Equal) => OutcomeClass::Previous,
            None => OutcomeClass::Next,
        }
    }

    /// The canonical form of `{left | right}`, whose options are canonical forms of this
    /// arena.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number on the way does not fit a [`super::dyadic::Dyadic`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (zero, two) = (arena.zero(), arena.integer(2));
    /// // {0|2} = 1: the right option 2 reverses through 1 and leaves nothing.
    /// let g = arena.from_options(&[zero], &[two]).unwrap();
    /// assert_eq!(arena.display(g), "1");
    /// ```
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, CgtError> {
        let (mut left, mut right) = (left.to_vec(), right.to_vec());
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            if let Some(x) = self.number_between(&left, &right)? {
                return Ok(x);
            }
            self.remove_dominated(&mut left, true);
            self.remove_dominated(&mut right, false);
            // Dominated options gone, the rest may all be numbers: `{1,*|2} = 3/2`.
            if let Some(x) = self.number_between(&left, &right)? {
                return Ok(x);
            }
            if !self.bypass_reversible(&mut left, &mut right) {
                break;
            }
        }
        Ok(self.intern(&left, &right))
    }

    /// `{left | right}` when every option is a number and every left one is below every
    /// right one: the simplest number between them.
    fn number_between(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<GameId>, CgtError> {
        let mut max_left = None;
        let mut min_right = None;
        for &g in left {
            let Some(x) = self.as_number(g) else {
                return Ok(None);
            };
            max_left = max_left.max(Some(x));
        }
        for &g in right {
            let Some(x) = self.as_number(g) else {
                return Ok(None);
            };
            min_right = Some(min_right.map_or(x, |m: super::dyadic::Dyadic| m.min(x)));
        }
        if let (Some(l), Some(r)) = (max_left, min_right) {
            if l >= r {
                return Ok(None);
            }
        }
        let x = super::dyadic::Dyadic::simplest_between(max_left, min_right)
            .ok_or(CgtError::OutOfRange)?;
        Ok(Some(self.number(x)))
    }

    /// Removes every option another one dominates (a smaller left option, a larger right
    /// one). Options are distinct canonical forms, so `a <= b` with `a != b` is `a < b`.
    fn remove_dominated(&mut self, options: &mut Vec<GameId>, left: bool) {
        let mut keep = vec![true; options.len()];
        for i in 0..options.len() {
            for j in 0..options.len() {
                if i == j || !keep[j] {
                    continue;
                }
                let (a, b) = (options[i], options[j]);
                let dominated = if left { self.leq(a, b) } else { self.leq(b, a) };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut index = 0;
        options.retain(|_| {
            index += 1;
            keep[index - 1]
        });
    }

    /// Bypasses every reversible option once: a left option `GL` with some `GLR <= G` is
    /// replaced by the left options of that `GLR`, and symmetrically. Returns whether any
    /// was.
    fn bypass_reversible(&mut self, left: &mut Vec<GameId>, right: &mut Vec<GameId>) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < left.len() {
            let gl = left[i];
            self.make_options(gl);
            let (start, n_left, n_right) = self.span(gl);
            let mut reversal = None;
            for j in n_left..n_left + n_right {
                let glr = self.options[start + j];
                if self.leq_to_options(glr, left, right) {
                    reversal = Some(glr);
                    break;
                }
            }
            match reversal {
                Some(glr) => {
                    left.swap_remove(i);
                    left.extend(self.left_options(glr));
                    changed = true;
                }
                None => i += 1,
            }
        }
        let mut i = 0;
        while i < right.len() {
            let gr = right[i];
            self.make_options(gr);
            let (start, n_left, _) = self.span(gr);
            let mut reversal = None;
            for j in 0..n_left {
                let grl = self.options[start + j];
                if self.options_leq(left, right, grl) {
                    reversal = Some(grl);
                    break;
                }
            }
            match reversal {
                Some(grl) => {
                    right.swap_remove(i);
                    right.extend(self.right_options(grl));
                    changed = true;
                }
                None => i += 1,
            }
        }
        changed
    }

    /// Whether `x <= {left | right}`, by the definition (the game on the right is not
    /// stored; it may equal a number even though its options are not numbers).
    fn leq_to_options(&mut self, x: GameId, left: &[GameId], right: &[GameId]) -> bool {
        for &gr in right {
            if self.leq(gr, x) {
                return false;
            }
        }
        self.make_options(x);
        let (start, n_left, _) = self.span(x);
        for i in 0..n_left {
            let xl = self.options[start + i];
            if self.options_leq(left, right, xl) {
                return false;
            }
        }
        true
    }

    /// Whether `{left | right} <= y`, by the definition.
    fn options_leq(&mut self, left: &[GameId], right: &[GameId], y: GameId) -> bool {
        for &gl in left {
            if self.leq(y, gl) {
                return false;
            }
        }
        self.make_options(y);
        let (start, n_left, n_right) = self.span(y);
        for i in n_left..n_left + n_right {
            let yr = self.options[start + i];
            if self.leq_to_options(yr, left, right) {
                return false;
            }
        }
        true
    }

    /// The sum `g + h`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number on the way does not fit a [`super::dyadic::Dyadic`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (a, b) = (arena.parse("{1|-1}").unwrap(), arena.parse("1/2").unwrap());
    /// let s = arena.sum(a, b).unwrap();
    /// assert_eq!(arena.display(s), "{3/2|-1/2}");
    /// ```
    pub fn sum(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        let key = pair(g.min(h), g.max(h));
        if let Some(&known) = self.sums.get(&key) {
            return Ok(known);
        }
        let res = match (self.plain, self.as_nus(g), self.as_nus(h)) {
            (false, Some(a), Some(b)) => self.nus(a.checked_add(b).ok_or(CgtError::OutOfRange)?),
            _ => {
                let (mut left, mut right) = (Vec::new(), Vec::new());
                // Number translation: a number's own moves are never worth making in a sum
                // with a game that is not a number.
                let g_moves = self.plain || !self.is_number(g);
                let h_moves = self.plain || !self.is_number(h);
                if g_moves {
                    for gl in self.left_options(g) {
                        left.push(self.sum(gl, h)?);
                    }
                    for gr in self.right_options(g) {
                        right.push(self.sum(gr, h)?);
                    }
                }
                if h_moves {
                    for hl in self.left_options(h) {
                        left.push(self.sum(g, hl)?);
                    }
                    for hr in self.right_options(h) {
                        right.push(self.sum(g, hr)?);
                    }
                }
                self.from_options(&left, &right)?
            }
        };
        self.sums.insert(key, res);
        Ok(res)
    }

    /// The negative `-g = {-GR | -GL}`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|0||-1}").unwrap();
    /// let n = arena.negative(g);
    /// assert_eq!(arena.display(n), "{1||0|-2}");
    /// ```
    pub fn negative(&mut self, g: GameId) -> GameId {
        if let Some(known) = self.known_negative(g) {
            return known;
        }
        let res = match self.as_nus(g).and_then(Nus::checked_neg) {
            Some(nus) => self.nus(nus),
            None => {
                let mut left: Vec<GameId> = self
                    .right_options(g)
                    .into_iter()
                    .map(|gr| self.negative(gr))
                    .collect();
                let mut right: Vec<GameId> = self
                    .left_options(g)
                    .into_iter()
                    .map(|gl| self.negative(gl))
                    .collect();
                left.sort_unstable();
                right.sort_unstable();
                self.intern(&left, &right)
            }
        };
        self.record_negative(g, res);
        res
    }

    /// The difference `g - h`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number on the way does not fit a [`super::dyadic::Dyadic`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{3|1||0}").unwrap();
    /// assert_eq!(arena.difference(g, g).unwrap(), arena.zero());
    /// ```
    pub fn difference(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        let minus_h = self.negative(h);
        self.sum(g, minus_h)
    }
}
