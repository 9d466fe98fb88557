//! Loopy games in CGSuite's notation, evaluated into graphs.
//!
//! ```text
//! statement := sum [compare sum | & sum]   compare: <= >= == < > <> || <| |>
//! sum       := term { (+ | - | +-) term }
//! term      := - term | + term | +- term | ( sum ) | [label] { options bars options ... }
//!            | on | off | over | under | upon | dud | a short game's number-up-star part
//! option    := sum | pass | label
//! ```
//!
//! As in CGSuite, `pass` is the innermost form it is written in (`{0|pass}` is `over`), and
//! an identifier before an opening brace names that form for its options (`a{0|a}` is
//! `over`); the longest run of bars splits a form, shorter runs make its options
//! (`{0||0|0,pass}` is `{0|{0|0,pass}}`). `pass` and labels stand alone as options. Short
//! parts (`3/4`, `^*`, `v3`) are read by the short games' parser; `{2|1}` written without
//! a loopy part is read the same way, so every short value is as `grundy cgt` gives it.

use crate::cgt::arena::Arena;
use crate::cgt::parse::{MAX_DEPTH, MAX_EXPRESSION};

use super::error::{LoopyError, MAX_POSITIONS};
use super::graph::LoopyGame;
use super::lex::{describe, lex, Tok, JUXTAPOSED};
use super::sided::SidedValue;
use crate::cgt::comparison::Comparison;

/// What a loopy expression evaluates to.
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{evaluate, LoopyEvaluation, LoopyGame};
/// use grundy::cgt::Arena;
/// let mut arena = Arena::new();
/// assert_eq!(evaluate(&mut arena, "a{0|a} == over").unwrap(), LoopyEvaluation::Comparison(true));
/// assert_eq!(evaluate(&mut arena, "{pass|}").unwrap(), LoopyEvaluation::Game(LoopyGame::on()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyEvaluation {
    /// A game, as a graph (not simplified).
    Game(LoopyGame),
    /// The truth of a comparison (of sides: `G >= H` when `G+ >= H+` and `G- >= H-`).
    Comparison(bool),
    /// A sided value written `S & T`.
    Sided(SidedValue),
}

/// Evaluates a loopy expression; short games in it go through `arena`.
///
/// # Errors
///
/// [`LoopyError::Parse`] with the column for bad syntax, [`LoopyError::TooLarge`] for a
/// graph too large, [`LoopyError::NotStopper`] for a side of `S & T` that is not a stopper.
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::{evaluate, LoopyEvaluation, LoopyOutcomeClass};
/// use grundy::cgt::Arena;
/// let mut arena = Arena::new();
/// let LoopyEvaluation::Game(g) = evaluate(&mut arena, "on + off").unwrap() else { panic!() };
/// assert_eq!(g.outcome(), LoopyOutcomeClass::D);
/// assert!(evaluate(&mut arena, "{0|pass").is_err());
/// ```
pub fn evaluate(arena: &mut Arena, text: &str) -> Result<LoopyEvaluation, LoopyError> {
    if text.len() > MAX_EXPRESSION {
        return Err(LoopyError::Parse {
            column: 1,
            message: format!("the expression is longer than {MAX_EXPRESSION} bytes"),
        });
    }
    let toks = lex(text)?;
    let mut parser = Parser {
        arena,
        toks,
        pos: 0,
        depth: 0,
        left: Vec::new(),
        right: Vec::new(),
        open: Vec::new(),
        passes: Vec::new(),
        labels: Vec::new(),
    };
    parser.statement()
}

/// Whether an expression names a loopy game (`on`, `over`, `pass`, a label before a brace,
/// `&`, ...), so that it is read by [`evaluate`] rather than as a short game.
///
/// # Examples
///
/// ```
/// use grundy::cgt::loopy::mentions_loopy;
/// assert!(mentions_loopy("a{0|a} == over"));
/// assert!(!mentions_loopy("{2|0||-1} + ^"));
/// ```
pub fn mentions_loopy(text: &str) -> bool {
    super::lex::mentions_loopy(text)
}

type Parsed<T> = Result<T, LoopyError>;

/// A parse: the tokens, and the graph being built (every value read is a node of it).
struct Parser<'a> {
    arena: &'a mut Arena,
    toks: Vec<(Tok, usize)>,
    pos: usize,
    depth: usize,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    /// Whether a node's form is still being read (a game reaching it is not finished).
    open: Vec<bool>,
    /// The forms being read, innermost last: what `pass` means.
    passes: Vec<u32>,
    /// Node labels in scope.
    labels: Vec<(String, u32)>,
}

/// A term read: a node, and whether it is a pointer (`pass`, a label), which may only stand
/// alone as an option.
#[derive(Clone, Copy)]
struct Term {
    node: u32,
    pointer: bool,
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn column(&self) -> usize {
        self.toks[self.pos].1
    }

    fn error<T>(&self, column: usize, message: String) -> Parsed<T> {
        Err(LoopyError::Parse { column, message })
    }

    fn unexpected<T>(&self, expected: &str) -> Parsed<T> {
        let found = describe(self.peek());
        self.error(self.column(), format!("expected {expected}, found {found}"))
    }

    fn expect(&mut self, tok: Tok, expected: &str) -> Parsed<()> {
        if *self.peek() == tok {
            self.pos += 1;
            Ok(())
        } else {
            self.unexpected(expected)
        }
    }

    fn statement(&mut self) -> Parsed<LoopyEvaluation> {
        let g = self.closed_sum()?;
        let comparison = match self.peek() {
            Tok::Compare(c) => Some(*c),
            Tok::Bars(2) => Some(Comparison::Confused),
            _ => None,
        };
        let result = if let Some(comparison) = comparison {
            self.pos += 1;
            let h = self.closed_sum()?;
            let ge = g.sided_geq(&h)?;
            let le = h.sided_geq(&g)?;
            LoopyEvaluation::Comparison(comparison.holds(le, ge))
        } else if *self.peek() == Tok::Amp {
            self.pos += 1;
            let h = self.closed_sum()?;
            LoopyEvaluation::Sided(SidedValue::new(&g, &h)?)
        } else {
            LoopyEvaluation::Game(g)
        };
        if *self.peek() == Tok::Amp {
            return self.sided();
        }
        self.expect(Tok::End, "an operator or the end")?;
        Ok(result)
    }

    /// A sum read at the top, as a game of its own.
    fn closed_sum(&mut self) -> Parsed<LoopyGame> {
        let column = self.column();
        let t = self.sum()?;
        self.closed(t, column)
    }

    /// A new node with no options yet.
    fn node(&mut self) -> Parsed<u32> {
        if self.left.len() >= MAX_POSITIONS {
            return Err(LoopyError::TooLarge(self.left.len() + 1));
        }
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.open.push(false);
        Ok((self.left.len() - 1) as u32)
    }

    /// Copies a finished game into the graph being built; its start's node.
    fn graft(&mut self, g: &LoopyGame) -> Parsed<u32> {
        let offset = self.left.len() as u32;
        if self.left.len() + g.len() > MAX_POSITIONS {
            return Err(LoopyError::TooLarge(self.left.len() + g.len()));
        }
        for v in 0..g.len() {
            self.left
                .push(g.left[v].iter().map(|w| w + offset).collect());
            self.right
                .push(g.right[v].iter().map(|w| w + offset).collect());
            self.open.push(false);
        }
        Ok(offset)
    }

    /// The game at a term's node, which must be finished (no pointer, nothing reaching a form
    /// still being read).
    fn closed(&self, t: Term, column: usize) -> Parsed<LoopyGame> {
        let refused = || {
            self.error(
                column,
                "pass and node labels stand alone as options (they cannot be added, negated or \
                 compared)"
                    .into(),
            )
        };
        if t.pointer {
            return refused();
        }
        let mut number = std::collections::HashMap::new();
        let mut order = vec![t.node];
        number.insert(t.node, 0u32);
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            if self.open[v] {
                return refused();
            }
            for &w in self.left[v].iter().chain(&self.right[v]) {
                number.entry(w).or_insert_with(|| {
                    order.push(w);
                    (order.len() - 1) as u32
                });
            }
            i += 1;
        }
        let renumber = |options: &Vec<u32>| options.iter().map(|w| number[w]).collect();
        let left = order
            .iter()
            .map(|&v| renumber(&self.left[v as usize]))
            .collect();
        let right = order
            .iter()
            .map(|&v| renumber(&self.right[v as usize]))
            .collect();
        Ok(LoopyGame::from_parts(left, right))
    }

    fn sum(&mut self) -> Parsed<Term> {
        let first_column = self.column();
        let mut t = self.term()?;
        loop {
            let tok = self.peek().clone();
            if !matches!(tok, Tok::Plus | Tok::Minus | Tok::PlusMinus) {
                return Ok(t);
            }
            if tok != Tok::PlusMinus {
                self.pos += 1;
            }
            let h_column = self.column();
            let h = self.term()?;
            let g = self.closed(t, first_column)?;
            let h = self.closed(h, h_column)?;
            let s = if tok == Tok::Minus {
                g.difference(&h)?
            } else {
                g.sum(&h)?
            };
            t = Term {
                node: self.graft(&s)?,
                pointer: false,
            };
        }
    }

    /// Whether the next token adds to the term before it without a `+`, as CGSuite writes
    /// `3/2under` and `^[on]*`: a name right after a short game, a nimber right after a name.
    fn juxtaposed(&self) -> bool {
        let Some((before, _)) = self.pos.checked_sub(1).and_then(|i| self.toks.get(i)) else {
            return false;
        };
        match (before, self.peek()) {
            (Tok::Short(_), Tok::Word(w)) => JUXTAPOSED.contains(&w.as_str()),
            (Tok::Word(w), Tok::Short(s)) => JUXTAPOSED.contains(&w.as_str()) && s.starts_with('*'),
            _ => false,
        }
    }

    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> Parsed<T>) -> Parsed<T> {
        if self.depth >= MAX_DEPTH {
            return self.error(
                self.column(),
                format!("nested deeper than {MAX_DEPTH} levels"),
            );
        }
        self.depth += 1;
        let res = f(self);
        self.depth -= 1;
        res
    }

    fn game(&mut self, g: &LoopyGame) -> Parsed<Term> {
        Ok(Term {
            node: self.graft(g)?,
            pointer: false,
        })
    }

    /// A term: an atom, and the names and nimbers written right after it (`3/2under`,
    /// `-1/4v[on]`, `^[on]*` as CGSuite writes them: sums that bind before any operator).
    fn term(&mut self) -> Parsed<Term> {
        let first_column = self.column();
        let mut t = self.atom()?;
        while self.juxtaposed() {
            let h_column = self.column();
            let h = self.atom()?;
            let g = self.closed(t, first_column)?;
            let h = self.closed(h, h_column)?;
            t = Term {
                node: self.graft(&g.sum(&h)?)?,
                pointer: false,
            };
        }
        Ok(t)
    }

    fn atom(&mut self) -> Parsed<Term> {
        let column = self.column();
        match self.peek().clone() {
            // `-1^*` is `(-1)^*`, as the short games' parser reads it.
            Tok::Minus if matches!(self.toks.get(self.pos + 1), Some((Tok::Short(s), _)) if s.starts_with(|c: char| c.is_ascii_digit())) =>
            {
                self.pos += 1;
                let Tok::Short(s) = self.peek().clone() else {
                    unreachable!("checked above")
                };
                self.pos += 1;
                self.short(&format!("-{s}"), column)
            }
            Tok::Minus => {
                self.pos += 1;
                let t = self.nested(Self::term)?;
                let g = self.closed(t, column)?;
                self.game(&g.negative())
            }
            Tok::Plus => {
                self.pos += 1;
                self.nested(Self::term)
            }
            Tok::PlusMinus => {
                self.pos += 1;
                let t = self.nested(Self::term)?;
                let g = self.closed(t, column)?;
                let node = self.node()?;
                let plus = self.graft(&g)?;
                let minus = self.graft(&g.negative())?;
                self.left[node as usize].push(plus);
                self.right[node as usize].push(minus);
                let g = self.closed(
                    Term {
                        node,
                        pointer: false,
                    },
                    column,
                )?;
                self.game(&g)
            }
            Tok::Open => {
                self.pos += 1;
                let t = self.nested(Self::sum)?;
                self.expect(Tok::Close, "')' or an operator")?;
                Ok(t)
            }
            Tok::OpenBrace => self.nested(|p| p.braces(None)),
            Tok::Short(s) => {
                self.pos += 1;
                self.short(&s, column)
            }
            Tok::Amp => self.sided(),
            Tok::Word(w) => {
                self.pos += 1;
                if *self.peek() == Tok::OpenBrace {
                    return self.nested(|p| p.braces(Some(w)));
                }
                let named = match w.as_str() {
                    "on" => LoopyGame::on(),
                    "off" => LoopyGame::off(),
                    "over" => LoopyGame::over(),
                    "under" => LoopyGame::under(),
                    "upon" | "^[on]" => LoopyGame::upon(),
                    "v[on]" => LoopyGame::upon().negative(),
                    "dud" => LoopyGame::dud(),
                    "pass" => match self.passes.last() {
                        Some(&node) => {
                            return Ok(Term {
                                node,
                                pointer: true,
                            })
                        }
                        None => return self.error(column, "pass outside braces".into()),
                    },
                    _ => match self.labels.iter().rev().find(|(name, _)| *name == w) {
                        Some(&(_, node)) => {
                            return Ok(Term {
                                node,
                                pointer: true,
                            })
                        }
                        None => {
                            return self.error(
                                column,
                                format!(
                                    "unknown name '{w}' (the named games are on, off, over, \
                                     under, upon and dud; a label names the braces after it)"
                                ),
                            )
                        }
                    },
                };
                self.game(&named)
            }
            _ => self.unexpected("a game"),
        }
    }

    /// `&` inside an expression, refused: a sided value is written whole, `S & T`.
    fn sided<T>(&self) -> Parsed<T> {
        self.error(
            self.column(),
            "a sided value S & T stands alone (its sides stoppers, not added or compared); \
             write a game whose sides they are to use it in an expression"
                .into(),
        )
    }

    /// A short game's number-up-star part, read by the short games' parser.
    fn short(&mut self, text: &str, column: usize) -> Parsed<Term> {
        let g = self.arena.parse(text).map_err(|err| LoopyError::Parse {
            column: column + err.column - 1,
            message: err.kind.to_string(),
        })?;
        let g = LoopyGame::from_short(self.arena, g)?;
        self.game(&g)
    }

    /// A form in braces (the current token is `{`), named by `label` if given.
    fn braces(&mut self, label: Option<String>) -> Parsed<Term> {
        self.expect(Tok::OpenBrace, "'{'")?;
        let start = self.pos;
        let mut level = 0usize;
        loop {
            match self.peek() {
                Tok::OpenBrace | Tok::Open => level += 1,
                Tok::CloseBrace | Tok::Close if level > 0 => level -= 1,
                Tok::CloseBrace => break,
                Tok::End => return self.unexpected("'}' or an option"),
                _ => {}
            }
            self.pos += 1;
        }
        let end = self.pos;
        let node = self.node()?;
        if let Some(name) = &label {
            self.labels.push((name.clone(), node));
        }
        self.form(node, start, end)?;
        if label.is_some() {
            self.labels.pop();
        }
        self.pos = end;
        self.expect(Tok::CloseBrace, "'}'")?;
        Ok(Term {
            node,
            pointer: false,
        })
    }

    /// Fills `node` with the form written in tokens `start..end` (split at its longest run
    /// of bars at the top level).
    fn form(&mut self, node: u32, start: usize, end: usize) -> Parsed<()> {
        let mut level = 0usize;
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for i in start..end {
            match &self.toks[i].0 {
                Tok::OpenBrace | Tok::Open => level += 1,
                Tok::CloseBrace | Tok::Close => level = level.saturating_sub(1),
                Tok::Bars(n) if level == 0 => runs.push((i, *n)),
                _ => {}
            }
        }
        let Some(&longest) = runs.iter().map(|(_, n)| n).max() else {
            self.pos = start;
            return self.unexpected("'|' between Left's and Right's options");
        };
        let splits: Vec<usize> = runs
            .iter()
            .filter(|r| r.1 == longest)
            .map(|r| r.0)
            .collect();
        if splits.len() > 1 {
            return self.error(
                self.toks[splits[1]].1,
                format!("ambiguous bars: two runs of {longest} at one level (add braces)"),
            );
        }
        let split = splits[0];
        let has_bars = |lo: usize, hi: usize| runs.iter().any(|&(i, _)| lo <= i && i < hi);
        self.open[node as usize] = true;
        self.passes.push(node);
        let sides = [(start, split), (split + 1, end)];
        for (side, &(lo, hi)) in sides.iter().enumerate() {
            let options = if has_bars(lo, hi) {
                let inner = self.node()?;
                self.nested(|p| p.form(inner, lo, hi))?;
                vec![inner]
            } else {
                self.options(lo, hi)?
            };
            if side == 0 {
                self.left[node as usize] = options;
            } else {
                self.right[node as usize] = options;
            }
        }
        self.passes.pop();
        self.open[node as usize] = false;
        Ok(())
    }

    /// Options separated by commas in tokens `lo..hi` (none if empty).
    fn options(&mut self, lo: usize, hi: usize) -> Parsed<Vec<u32>> {
        let mut options = Vec::new();
        self.pos = lo;
        if lo == hi {
            return Ok(options);
        }
        loop {
            let t = self.sum()?;
            options.push(t.node);
            if self.pos == hi {
                return Ok(options);
            }
            self.expect(Tok::Comma, "',' or the end of the options")?;
        }
    }
}
