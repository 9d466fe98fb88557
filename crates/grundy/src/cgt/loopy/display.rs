//! Loopy games written in CGSuite's notation: a value equal to a named stopper by its name
//! (`on`, `off`, `over`, `under`, `^[on]` for upon and `v[on]` for its negative), a short game
//! in canonical form, and otherwise the node-label form (`a{0|a}`, `pass` for the form
//! itself), after identical positions are merged (positions whose options are the same
//! positions, found by partition refinement) and the short parts put in canonical form.
//! The form is written, not simplified: two forms may be equal values.

use rustc_hash::FxHashMap;

use crate::cgt::arena::{Arena, GameId};
use crate::cgt::dyadic::Dyadic;

use super::graph::LoopyGame;

/// The most characters of a node-label form written out.
const MAX_WRITTEN: usize = 1 << 16;
/// The largest game whose identical positions are merged before writing it.
const MAX_MERGED: usize = 1 << 12;

impl LoopyGame {
    /// The name of the stopper this game equals, if any: `on`, `off`, `over`, `under`,
    /// `^[on]` (upon, as CGSuite writes it) or `v[on]` (its negative); `None` for other
    /// games, non-stoppers included.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::loopy::LoopyGame;
    /// let g = LoopyGame::over().sum(&LoopyGame::over()).unwrap();
    /// assert_eq!(g.value_name(), Some("over"));
    /// assert_eq!(LoopyGame::dud().value_name(), None);
    /// ```
    pub fn value_name(&self) -> Option<&'static str> {
        if !self.is_stopper() || self.is_loopfree() {
            return None;
        }
        let named = [
            ("on", LoopyGame::on()),
            ("off", LoopyGame::off()),
            ("over", LoopyGame::over()),
            ("under", LoopyGame::under()),
            ("^[on]", LoopyGame::upon()),
            ("v[on]", LoopyGame::upon().negative()),
        ];
        named
            .into_iter()
            .find(|(_, h)| self.compare(h) == Ok(Some(std::cmp::Ordering::Equal)))
            .map(|(name, _)| name)
    }

    /// The short positions as canonical forms in `arena` (`None` for loopy ones, and for
    /// short ones whose numbers leave the arena's range: they are written as loopy ones).
    fn short_forms(&self, arena: &mut Arena) -> Vec<Option<GameId>> {
        let mut forms: Vec<Option<GameId>> = vec![None; self.len()];
        for v in self.short_order() {
            let made = |options: &[u32]| -> Option<Vec<GameId>> {
                options.iter().map(|&w| forms[w as usize]).collect()
            };
            if let (Some(l), Some(r)) = (made(&self.left[v]), made(&self.right[v])) {
                forms[v] = arena.from_options(&l, &r).ok();
            }
        }
        forms
    }

    /// The class of each position under merging identical positions, and the classes' count.
    fn merged(&self, forms: &[Option<GameId>]) -> Vec<u32> {
        let n = self.len();
        let mut class: Vec<u32> = {
            let mut ids: FxHashMap<Option<GameId>, u32> = FxHashMap::default();
            forms
                .iter()
                .map(|f| {
                    let next = ids.len() as u32;
                    *ids.entry(*f).or_insert(next)
                })
                .collect()
        };
        if n > MAX_MERGED {
            return (0..n as u32).collect();
        }
        let mut count = class.iter().max().map_or(0, |m| m + 1);
        loop {
            let mut ids: FxHashMap<(u32, Vec<u32>, Vec<u32>), u32> = FxHashMap::default();
            let next: Vec<u32> = (0..n)
                .map(|v| {
                    let side = |options: &[u32]| {
                        let mut c: Vec<u32> = options.iter().map(|&w| class[w as usize]).collect();
                        c.sort_unstable();
                        c.dedup();
                        c
                    };
                    let key = if forms[v].is_some() {
                        (class[v], Vec::new(), Vec::new())
                    } else {
                        (class[v], side(&self.left[v]), side(&self.right[v]))
                    };
                    let fresh = ids.len() as u32;
                    *ids.entry(key).or_insert(fresh)
                })
                .collect();
            let new_count = ids.len() as u32;
            class = next;
            if new_count == count {
                return class;
            }
            count = new_count;
        }
    }
}

/// Writing a game: its positions' classes, their short forms, and the labels in use.
struct Writer<'a> {
    game: &'a LoopyGame,
    arena: Arena,
    forms: Vec<Option<GameId>>,
    class: Vec<u32>,
    /// One position of each class.
    first: Vec<u32>,
    /// The classes being written, outermost first, with their labels once pointed to.
    path: Vec<(u32, Option<String>)>,
    labels: usize,
    out: String,
}

impl Writer<'_> {
    fn label(&mut self) -> String {
        let n = self.labels;
        self.labels += 1;
        let letter = (b'a' + (n % 26) as u8) as char;
        if n < 26 {
            letter.to_string()
        } else {
            format!("{letter}{}", n / 26)
        }
    }

    /// A structural name for a loopy class, as CGSuite prints it: `on`, `off`, `dud`, the
    /// pseudonumbers `x over = {x|pass}` and `x under = {pass|x}` (`over`, `3/2under`), and
    /// the upon forms `x^[on]*k` (`{pass|x*(k^1)}`, or `{pass,x|x}` for `x^[on]*`) and their
    /// negatives `x v[on]*k` (`-1/4v[on]`), CGSuite's `CanonicalStopper.uponForm`.
    fn plumtree(&mut self, c: u32) -> Option<String> {
        let v = self.first[c as usize] as usize;
        let side = |options: &[u32], class: &[u32]| {
            let mut s: Vec<u32> = options.iter().map(|&w| class[w as usize]).collect();
            s.sort_unstable();
            s.dedup();
            s
        };
        let (l, r) = (
            side(&self.game.left[v], &self.class),
            side(&self.game.right[v], &self.class),
        );
        // A short class as a number plus a nimber.
        let nus = |x: u32, w: &Writer| {
            let form = w.forms[w.first[x as usize] as usize]?;
            w.arena.as_nus(form).filter(|n| n.up_multiple == 0)
        };
        let number = |x: Dyadic| match x == Dyadic::ZERO {
            true => String::new(),
            false => x.to_string(),
        };
        let star = |k: u64| match k {
            0 => String::new(),
            1 => "*".to_string(),
            k => format!("*{k}"),
        };
        match (l.as_slice(), r.as_slice()) {
            ([a], []) if *a == c => Some("on".into()),
            ([], [a]) if *a == c => Some("off".into()),
            ([a], [b]) if *a == c && *b == c => Some("dud".into()),
            ([x], [a]) | ([a], [x]) if *a == c => {
                let n = nus(*x, self)?;
                let left_passes = l[0] == c;
                match (n.nimber, left_passes) {
                    (0, false) => Some(format!("{}over", number(n.number))),
                    (0, true) => Some(format!("{}under", number(n.number))),
                    (k, true) => Some(format!("{}^[on]{}", number(n.number), star(k ^ 1))),
                    (k, false) => Some(format!("{}v[on]{}", number(n.number), star(k ^ 1))),
                }
            }
            // {pass, x | x} is x^[on]*, and {x | pass, x} is x v[on]*.
            ([p, q], [x]) | ([x], [p, q]) if (*p == c || *q == c) && (*p == *x || *q == *x) => {
                let n = nus(*x, self).filter(|n| n.nimber == 0)?;
                let arrow = if l.len() == 2 { "^" } else { "v" };
                Some(format!("{}{arrow}[on]*", number(n.number)))
            }
            _ => None,
        }
    }

    /// Writes class `c`; false when the text grows past [`MAX_WRITTEN`] or too deep.
    fn write(&mut self, c: u32) -> bool {
        if self.out.len() > MAX_WRITTEN || self.path.len() > 1000 {
            return false;
        }
        let v = self.first[c as usize] as usize;
        if let Some(g) = self.forms[v] {
            let text = self.arena.display(g);
            self.out.push_str(&text);
            return true;
        }
        if let Some(i) = self.path.iter().position(|(p, _)| *p == c) {
            if i + 1 == self.path.len() {
                self.out.push_str("pass");
            } else {
                if self.path[i].1.is_none() {
                    self.path[i].1 = Some(self.label());
                }
                let name = self.path[i].1.clone().unwrap_or_default();
                self.out.push_str(&name);
            }
            return true;
        }
        if let Some(name) = self.plumtree(c) {
            self.out.push_str(&name);
            return true;
        }
        let at = self.out.len();
        self.path.push((c, None));
        self.out.push('{');
        for (side, options) in [&self.game.left[v], &self.game.right[v]]
            .into_iter()
            .enumerate()
        {
            if side == 1 {
                self.out.push('|');
            }
            let mut seen: Vec<u32> = options.iter().map(|&w| self.class[w as usize]).collect();
            seen.sort_unstable();
            seen.dedup();
            for (k, &w) in seen.iter().enumerate() {
                if k > 0 {
                    self.out.push(',');
                }
                if !self.write(w) {
                    return false;
                }
            }
        }
        self.out.push('}');
        if let Some((_, Some(label))) = self.path.pop() {
            self.out.insert_str(at, &label);
        }
        true
    }
}

impl std::fmt::Display for LoopyGame {
    /// The game's form in CGSuite's notation (not simplified; see the module's notes), or a
    /// note of its size when the form would be too long to write.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut arena = Arena::new();
        let forms = self.short_forms(&mut arena);
        let class = self.merged(&forms);
        let classes = class.iter().max().map_or(0, |m| *m as usize + 1);
        let mut first = vec![u32::MAX; classes];
        for (v, &c) in class.iter().enumerate().rev() {
            first[c as usize] = v as u32;
        }
        let mut writer = Writer {
            game: self,
            arena,
            forms,
            class,
            first,
            path: Vec::new(),
            labels: 0,
            out: String::new(),
        };
        let root = writer.class[0];
        if writer.write(root) {
            f.write_str(&writer.out)
        } else {
            write!(
                f,
                "(a loopy game of {} positions, too large to write out)",
                self.len()
            )
        }
    }
}
