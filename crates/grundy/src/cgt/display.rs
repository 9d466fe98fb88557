//! Canonical forms written as CGSuite writes them in plain text.
//!
//! Number-up-stars without braces (`1/2`, `^*`, `v3*2`); switches `G = -G` as `+-` and the
//! left options (`+-1`, `+-{2,1*}`, `+-(1*)`); `{0||0|-x}` and its negative as `Tiny(x)`
//! and `Miny(x)`, as CGSuite prints them (after a number they are translated by,
//! `1+Tiny(2)`); any other form as its
//! options, separated by commas, with as many bars as its options' deepest bars plus one,
//! and braces around the whole form, around an option that shares its side with others,
//! and at four bars (`{2|0||-1}`). Options come in CGSuite's order: numbers by value, then
//! nimbers, then other number-up-stars, then the rest by their sorted options.

use std::cmp::Ordering;
use std::fmt::Write;

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};

/// The most bars written without braces.
const MAX_BARS: usize = 4;

/// Options in display order, kept for one rendering.
#[derive(Default)]
struct Sorted(FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>);

impl Arena {
    /// `g` in CGSuite's plain-text notation.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// for text in ["^*", "+-1", "{2|0||-1}", "1/2v*3", "Tiny(2)", "{3|1,{2|-1}}"] {
    ///     let g = arena.parse(text).unwrap();
    ///     assert_eq!(arena.display(g), text);
    /// }
    /// ```
    pub fn display(&mut self, g: GameId) -> String {
        let mut out = String::new();
        let mut sorted = Sorted::default();
        self.write(g, &mut out, true, false, &mut sorted);
        out
    }

    /// `g` with every form that is not a number written out in braces: `^*` is
    /// `{0,{0|0}|0}`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("^").unwrap();
    /// assert_eq!(arena.explicit(g), "{0|{0|0}}");
    /// ```
    pub fn explicit(&mut self, g: GameId) -> String {
        let mut out = String::new();
        let mut sorted = Sorted::default();
        self.write_explicit(g, &mut out, &mut sorted);
        out
    }

    fn write_explicit(&mut self, g: GameId, out: &mut String, sorted: &mut Sorted) {
        if let Some(x) = self.as_number(g) {
            let _ = write!(out, "{x}");
            return;
        }
        let (left, right) = self.sorted_options(g, sorted);
        out.push('{');
        for (i, &gl) in left.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.write_explicit(gl, out, sorted);
        }
        out.push('|');
        for (i, &gr) in right.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.write_explicit(gr, out, sorted);
        }
        out.push('}');
    }

    /// Writes `g`; returns its bars when written without braces, else 0.
    fn write(
        &mut self,
        g: GameId,
        out: &mut String,
        brackets: bool,
        parens: bool,
        sorted: &mut Sorted,
    ) -> usize {
        if let Some(nus) = self.as_nus(g) {
            let plain = nus.is_number()
                || (nus.number == super::dyadic::Dyadic::ZERO
                    && (nus.up_multiple == 0 || nus.nimber == 0));
            if parens && !plain {
                let _ = write!(out, "({nus})");
            } else {
                let _ = write!(out, "{nus}");
            }
            return 0;
        }
        if let Some(power) = self.as_up_power(g) {
            let plain = power.number == super::dyadic::Dyadic::ZERO && power.nimber == 0;
            let mut text = String::new();
            if power.number != super::dyadic::Dyadic::ZERO {
                let _ = write!(text, "{}", power.number);
            }
            let (open, close) = if power.cumulative {
                ('[', ']')
            } else {
                ('<', '>')
            };
            let arrow = if power.down { 'v' } else { '^' };
            let _ = write!(text, "{arrow}{open}{}{close}", power.n);
            match power.nimber {
                0 => {}
                1 => text.push('*'),
                k => {
                    let _ = write!(text, "*{k}");
                }
            }
            if parens && !plain {
                let _ = write!(out, "({text})");
            } else {
                out.push_str(&text);
            }
            return 0;
        }
        let (left, right) = self.sorted_options(g, sorted);
        if self.negative(g) == g {
            out.push_str("+-");
            if left.len() > 1 {
                out.push('{');
            }
            for (i, &gl) in left.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.write(gl, out, true, left.len() == 1, sorted);
            }
            if left.len() > 1 {
                out.push('}');
            }
            return 0;
        }
        if let Some((translation, subscript, name)) = self.tiny(&left, &right) {
            if parens {
                out.push('(');
            }
            if translation != self.zero() {
                self.write(translation, out, false, false, sorted);
                out.push('+');
            }
            out.push_str(name);
            out.push('(');
            self.write(subscript, out, true, false, sorted);
            out.push(')');
            if parens {
                out.push(')');
            }
            return 0;
        }
        let mut body = String::new();
        let mut bars = 0;
        for (side, options) in [&left, &right].into_iter().enumerate() {
            if side == 1 {
                body.push('\u{0}');
            }
            for (i, &option) in options.iter().enumerate() {
                if i > 0 {
                    body.push(',');
                }
                bars =
                    bars.max(self.write(option, &mut body, options.len() > 1, false, sorted) + 1);
            }
        }
        let braces = brackets || bars == MAX_BARS;
        let body = body.replace('\u{0}', &"|".repeat(bars));
        if braces {
            let _ = write!(out, "{{{body}}}");
            0
        } else {
            out.push_str(&body);
            bars
        }
    }

    /// `{x || x | x - s}` (`x+Tiny(s)`) or `{x + s | x || x}` (`x+Miny(s)`), for a number
    /// `x` and a subscript `s` with positive mean: the translation, subscript and name.
    fn tiny(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Option<(GameId, GameId, &'static str)> {
        let (&[gl], &[gr]) = (left, right) else {
            return None;
        };
        if let Some(x) = self.as_number(gl) {
            let (grl, grr) = (self.left_options(gr), self.right_options(gr));
            if let (&[grl], &[grr]) = (&grl[..], &grr[..]) {
                if grl == gl && self.mean(grr).ok()? < x {
                    let subscript = self.difference(gl, grr).ok()?;
                    return Some((gl, subscript, "Tiny"));
                }
            }
        }
        if let Some(x) = self.as_number(gr) {
            let (gll, glr) = (self.left_options(gl), self.right_options(gl));
            if let (&[gll], &[glr]) = (&gll[..], &glr[..]) {
                if glr == gr && self.mean(gll).ok()? > x {
                    let subscript = self.difference(gll, gr).ok()?;
                    return Some((gr, subscript, "Miny"));
                }
            }
        }
        None
    }

    fn sorted_options(&mut self, g: GameId, sorted: &mut Sorted) -> (Vec<GameId>, Vec<GameId>) {
        if let Some(known) = sorted.0.get(&g) {
            return known.clone();
        }
        let mut left = self.left_options(g);
        let mut right = self.right_options(g);
        for options in [&mut left, &mut right] {
            // Insertion sort: `display_order` needs the arena, which `sort_by` cannot lend.
            for i in 1..options.len() {
                let mut j = i;
                while j > 0
                    && self.display_order(options[j - 1], options[j], sorted) == Ordering::Greater
                {
                    options.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        sorted.0.insert(g, (left.clone(), right.clone()));
        (left, right)
    }

    /// CGSuite's deterministic order of forms.
    fn display_order(&mut self, a: GameId, b: GameId, sorted: &mut Sorted) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let rank = |arena: &Arena, g: GameId| match arena.as_nus(g) {
            Some(nus) if nus.is_number() => 0,
            Some(nus) if nus.number == super::dyadic::Dyadic::ZERO && nus.up_multiple == 0 => 1,
            Some(_) => 2,
            None => 3,
        };
        let (ra, rb) = (rank(self, a), rank(self, b));
        if ra != rb {
            return ra.cmp(&rb);
        }
        if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
            return (x.number, x.up_multiple, x.nimber).cmp(&(y.number, y.up_multiple, y.nimber));
        }
        let (al, ar) = self.sorted_options(a, sorted);
        let (bl, br) = self.sorted_options(b, sorted);
        self.list_order(&al, &bl, sorted)
            .then_with(|| self.list_order(&ar, &br, sorted))
    }

    fn list_order(&mut self, a: &[GameId], b: &[GameId], sorted: &mut Sorted) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            let order = self.display_order(x, y, sorted);
            if order != Ordering::Equal {
                return order;
            }
        }
        a.len().cmp(&b.len())
    }
}
