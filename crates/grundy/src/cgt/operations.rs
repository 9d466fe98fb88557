//! CGSuite's operations on canonical forms, each by its definition (Berlekamp, Conway and
//! Guy, *Winning Ways*, chapters 6 and 8; Siegel, *Combinatorial Game Theory*, 2013,
//! chapters II.5-II.6): birthday, incentives, ordinal sum, cooling, heating, overheating and
//! Norton multiplication.
//!
//! Each recursion follows the canonical options of one operand, so it is at most that
//! operand's birthday deep, and memoizes per call.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use super::error::CgtError;

impl Arena {
    /// The birthday of `g`: 0 for `0`, else one more than its options' greatest (of its
    /// canonical form).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let birthday = |arena: &mut Arena, text: &str| {
    ///     let g = arena.parse(text).unwrap();
    ///     arena.birthday(g)
    /// };
    /// assert_eq!(birthday(&mut arena, "0"), 0);
    /// assert_eq!(birthday(&mut arena, "-3"), 3);
    /// assert_eq!(birthday(&mut arena, "^"), 2);
    /// assert_eq!(birthday(&mut arena, "3/4"), 3);
    /// ```
    pub fn birthday(&mut self, g: GameId) -> u64 {
        fn walk(arena: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, u64>) -> u64 {
            if let Some(&known) = memo.get(&g) {
                return known;
            }
            if let Some(x) = arena.as_number(g) {
                // An integer n is born on day |n|; m/2^k (k >= 1, m odd) on day
                // floor(|x|) + 1 + k.
                let whole = x.numerator().unsigned_abs() >> x.exponent();
                let day = whole
                    + if x.exponent() == 0 {
                        0
                    } else {
                        1 + u64::from(x.exponent())
                    };
                memo.insert(g, day);
                return day;
            }
            let mut options = arena.left_options(g);
            options.extend(arena.right_options(g));
            let day = 1 + options
                .into_iter()
                .map(|o| walk(arena, o, memo))
                .max()
                .unwrap_or(0);
            memo.insert(g, day);
            day
        }
        walk(self, g, &mut FxHashMap::default())
    }

    /// The Left incentives `GL - G` and the Right incentives `G - GR` of `g`'s canonical
    /// form, each list without repeats.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|-1}").unwrap();
    /// let (left, right) = arena.incentives(g).unwrap();
    /// let shown = |arena: &mut Arena, ids: Vec<_>| ids.into_iter().map(|i| arena.display(i)).collect::<Vec<_>>();
    /// assert_eq!(shown(&mut arena, left), ["{3|0}"]); // 2 - {2|-1}
    /// assert_eq!(shown(&mut arena, right), ["{3|0}"]); // {2|-1} - -1
    /// ```
    pub fn incentives(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>), CgtError> {
        let minus_g = self.negative(g);
        let mut left = Vec::new();
        for gl in self.left_options(g) {
            left.push(self.sum(gl, minus_g)?);
        }
        let mut right = Vec::new();
        for gr in self.right_options(g) {
            let minus_gr = self.negative(gr);
            right.push(self.sum(g, minus_gr)?);
        }
        for side in [&mut left, &mut right] {
            side.sort_unstable();
            side.dedup();
        }
        Ok((left, right))
    }

    /// The ordinal sum `G:H = {GL, G:HL | GR, G:HR}` (over `h`'s canonical options): `g`
    /// followed by `h`, where a move in `g` ends `h`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (one, minus_one, star) = (arena.integer(1), arena.integer(-1), arena.parse("*").unwrap());
    /// let half = arena.ordinal_sum(one, minus_one).unwrap(); // Hackenbush: blue, then red
    /// assert_eq!(arena.display(half), "1/2");
    /// let star_two = arena.ordinal_sum(star, star).unwrap(); // a green stalk of two
    /// assert_eq!(arena.display(star_two), "*2");
    /// ```
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        fn walk(
            arena: &mut Arena,
            g: GameId,
            h: GameId,
            memo: &mut FxHashMap<GameId, GameId>,
        ) -> Result<GameId, CgtError> {
            if let Some(&known) = memo.get(&h) {
                return Ok(known);
            }
            let mut left = arena.left_options(g);
            for hl in arena.left_options(h) {
                left.push(walk(arena, g, hl, memo)?);
            }
            let mut right = arena.right_options(g);
            for hr in arena.right_options(h) {
                right.push(walk(arena, g, hr, memo)?);
            }
            let res = arena.from_options(&left, &right)?;
            memo.insert(h, res);
            Ok(res)
        }
        walk(self, g, h, &mut FxHashMap::default())
    }

    /// `g` cooled by `t`: `G_t = {GL_t - t | GR_t + t}`, except that once `G` cools to a
    /// game infinitely close to a number (above its temperature), it is that number, its
    /// mean; a number is not changed by cooling above its temperature. The stops of `G_t`
    /// are the walls of `g`'s thermograph at `t`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Dyadic};
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{2|-1}").unwrap();
    /// let cooled = |arena: &mut Arena, t: Dyadic| {
    ///     let c = arena.cool(g, t).unwrap();
    ///     arena.display(c)
    /// };
    /// assert_eq!(cooled(&mut arena, Dyadic::integer(1)), "{1|0}");
    /// assert_eq!(cooled(&mut arena, Dyadic::new(3, 1).unwrap()), "1/2*");
    /// assert_eq!(cooled(&mut arena, Dyadic::integer(2)), "1/2");
    /// ```
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, CgtError> {
        fn walk(
            arena: &mut Arena,
            g: GameId,
            t: Dyadic,
            minus_t: GameId,
            memo: &mut FxHashMap<GameId, GameId>,
        ) -> Result<GameId, CgtError> {
            if let Some(&known) = memo.get(&g) {
                return Ok(known);
            }
            let thermograph = arena.thermograph(g)?;
            let res = if arena.as_number(g).is_some_and(|x| x.is_integer()) {
                g
            } else if thermograph.temperature() < t {
                arena.number(thermograph.mast())
            } else {
                let plus_t = arena.negative(minus_t);
                let mut left = Vec::new();
                for gl in arena.left_options(g) {
                    let cooled = walk(arena, gl, t, minus_t, memo)?;
                    left.push(arena.sum(cooled, minus_t)?);
                }
                let mut right = Vec::new();
                for gr in arena.right_options(g) {
                    let cooled = walk(arena, gr, t, minus_t, memo)?;
                    right.push(arena.sum(cooled, plus_t)?);
                }
                arena.from_options(&left, &right)?
            };
            memo.insert(g, res);
            Ok(res)
        }
        let minus_t = t.checked_neg().ok_or(CgtError::OutOfRange)?;
        let minus_t = self.number(minus_t);
        walk(self, g, t, minus_t, &mut FxHashMap::default())
    }

    /// `g` heated by `t` (any game): `∫^t G = G` for a number, else
    /// `{∫^t GL + t | ∫^t GR - t}`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (star, one) = (arena.parse("*").unwrap(), arena.integer(1));
    /// let heated = arena.heat(star, one).unwrap();
    /// assert_eq!(arena.display(heated), "+-1");
    /// ```
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId, CgtError> {
        let minus_t = self.negative(t);
        self.heat_with(g, t, minus_t, None)
    }

    /// `g` overheated from `s` to `t`: `∫_s^t G = G.s` (so many copies of `s`) for an
    /// integer `G`, else `{t + ∫_s^t GL | -t + ∫_s^t GR}`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (star, one, two) = (arena.parse("*").unwrap(), arena.integer(1), arena.integer(2));
    /// let hot = arena.overheat(star, one, two).unwrap();
    /// assert_eq!(arena.display(hot), "+-2");
    /// let three = arena.integer(3);
    /// let up = arena.parse("^").unwrap();
    /// let ups = arena.overheat(three, up, two).unwrap();
    /// assert_eq!(arena.display(ups), "^3");
    /// ```
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId, CgtError> {
        let minus_t = self.negative(t);
        self.heat_with(g, t, minus_t, Some(s))
    }

    /// Heating (`unit` `None`: numbers stay) or overheating (integers become so many
    /// copies of `unit`), memoized per call.
    fn heat_with(
        &mut self,
        g: GameId,
        t: GameId,
        minus_t: GameId,
        unit: Option<GameId>,
    ) -> Result<GameId, CgtError> {
        fn walk(
            arena: &mut Arena,
            g: GameId,
            (t, minus_t, unit): (GameId, GameId, Option<GameId>),
            memo: &mut FxHashMap<GameId, GameId>,
        ) -> Result<GameId, CgtError> {
            if let Some(&known) = memo.get(&g) {
                return Ok(known);
            }
            let number = arena.as_number(g);
            let res = match (number, unit) {
                (Some(_), None) => g,
                (Some(x), Some(s)) if x.is_integer() => arena.multiple(x.numerator(), s)?,
                _ => {
                    let mut left = Vec::new();
                    for gl in arena.left_options(g) {
                        let heated = walk(arena, gl, (t, minus_t, unit), memo)?;
                        left.push(arena.sum(heated, t)?);
                    }
                    let mut right = Vec::new();
                    for gr in arena.right_options(g) {
                        let heated = walk(arena, gr, (t, minus_t, unit), memo)?;
                        right.push(arena.sum(heated, minus_t)?);
                    }
                    arena.from_options(&left, &right)?
                }
            };
            memo.insert(g, res);
            Ok(res)
        }
        walk(self, g, (t, minus_t, unit), &mut FxHashMap::default())
    }

    /// `n` copies of `g` (`-n` copies of `-g` for a negative `n`), by doubling.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let up = arena.parse("^").unwrap();
    /// let three = arena.multiple(-3, up).unwrap();
    /// assert_eq!(arena.display(three), "v3");
    /// ```
    pub fn multiple(&mut self, n: i64, g: GameId) -> Result<GameId, CgtError> {
        let mut power = if n < 0 { self.negative(g) } else { g };
        let mut rest = n.unsigned_abs();
        let mut total = self.zero();
        while rest != 0 {
            if rest & 1 == 1 {
                total = self.sum(total, power)?;
            }
            rest >>= 1;
            if rest != 0 {
                power = self.sum(power, power)?;
            }
        }
        Ok(total)
    }

    /// The Norton product `G.U` of `g` by the unit `u`: `n` copies of `u` for an integer
    /// `G = n`, else `{GL.U + U + Δ | GR.U - U - Δ}` with `Δ` over the incentives of `u`'s
    /// canonical form (its Left and Right ones). `G.1 = G` for every `G`.
    ///
    /// # Errors
    ///
    /// [`CgtError::OutOfRange`] if a number does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let (half, one) = (arena.parse("1/2").unwrap(), arena.integer(1));
    /// assert_eq!(arena.norton(half, one).unwrap(), half);
    /// let (two, up) = (arena.integer(2), arena.parse("^").unwrap());
    /// let double = arena.norton(two, up).unwrap();
    /// assert_eq!(arena.display(double), "^^");
    /// ```
    pub fn norton(&mut self, g: GameId, u: GameId) -> Result<GameId, CgtError> {
        fn walk(
            arena: &mut Arena,
            g: GameId,
            (u, steps): (GameId, &[GameId]),
            memo: &mut FxHashMap<GameId, GameId>,
        ) -> Result<GameId, CgtError> {
            if let Some(&known) = memo.get(&g) {
                return Ok(known);
            }
            let res = match arena.as_number(g) {
                Some(x) if x.is_integer() => arena.multiple(x.numerator(), u)?,
                _ => {
                    let mut left = Vec::new();
                    for gl in arena.left_options(g) {
                        let product = walk(arena, gl, (u, steps), memo)?;
                        for &step in steps {
                            left.push(arena.sum(product, step)?);
                        }
                    }
                    let mut right = Vec::new();
                    for gr in arena.right_options(g) {
                        let product = walk(arena, gr, (u, steps), memo)?;
                        for &step in steps {
                            let back = arena.negative(step);
                            right.push(arena.sum(product, back)?);
                        }
                    }
                    arena.from_options(&left, &right)?
                }
            };
            memo.insert(g, res);
            Ok(res)
        }
        // The steps U + Δ: U's Left options, and 2U - UR for its Right options.
        let (left, right) = self.incentives(u)?;
        let mut steps = Vec::with_capacity(left.len() + right.len());
        for delta in left.into_iter().chain(right) {
            steps.push(self.sum(u, delta)?);
        }
        steps.sort_unstable();
        steps.dedup();
        walk(self, g, (u, &steps), &mut FxHashMap::default())
    }
}

#[cfg(test)]
mod tests;
