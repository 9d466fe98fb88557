//! The grammar: a recursive descent over the tokens, building each game in the arena as it is
//! read.

use crate::cgt::arena::{Arena, GameId};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::error::CgtError;
use crate::cgt::nus::Nus;

use super::error::{ParseCgtError, ParseCgtErrorKind, Parsed, MAX_DEPTH, MAX_MULTIPLE};
use super::lex::{describe, Tok};
use crate::cgt::comparison::Comparison;

/// What an expression evaluates to.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, Evaluation};
/// let mut arena = Arena::new();
/// assert_eq!(arena.evaluate("^ + ^ == {0|^*}").unwrap(), Evaluation::Comparison(true));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// A game, in canonical form.
    Game(GameId),
    /// The truth of a comparison.
    Comparison(bool),
}

/// The state of one parse: the tokens, where it is, and the arena the games go into.
pub(super) struct Parser<'a> {
    pub(super) arena: &'a mut Arena,
    toks: Vec<(Tok, usize)>,
    pub(super) pos: usize,
    depth: usize,
    /// A minus sign read before a number, for the number alone.
    negative_number: bool,
}

impl<'a> Parser<'a> {
    /// A parse of `toks` (ending with [`Tok::End`]) into `arena`.
    pub(super) fn new(arena: &'a mut Arena, toks: Vec<(Tok, usize)>) -> Parser<'a> {
        Parser {
            arena,
            toks,
            pos: 0,
            depth: 0,
            negative_number: false,
        }
    }
}

impl Parser<'_> {
    /// A whole expression: a sum, or a comparison of two.
    pub(super) fn statement(&mut self) -> Parsed<Evaluation> {
        let g = self.sum()?;
        let res = match self.peek().clone() {
            Tok::Compare(comparison) => {
                self.pos += 1;
                let h = self.sum()?;
                Evaluation::Comparison(self.compare(comparison, g, h))
            }
            Tok::Bars(2) => {
                self.pos += 1;
                let h = self.sum()?;
                Evaluation::Comparison(self.compare(Comparison::Confused, g, h))
            }
            _ => Evaluation::Game(g),
        };
        self.expect(Tok::End, "an operator or the end")?;
        Ok(res)
    }
    pub(super) fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    /// The token at `i`, if there is one.
    pub(super) fn toks_at(&self, i: usize) -> Option<&Tok> {
        self.toks.get(i).map(|t| &t.0)
    }

    pub(super) fn column(&self) -> usize {
        self.toks[self.pos].1
    }

    fn error<T>(&self, kind: ParseCgtErrorKind) -> Parsed<T> {
        Err(ParseCgtError {
            column: self.column(),
            kind,
        })
    }

    pub(super) fn error_at<T>(&self, column: usize, kind: ParseCgtErrorKind) -> Parsed<T> {
        Err(ParseCgtError { column, kind })
    }

    pub(super) fn unexpected<T>(&self, expected: &'static str) -> Parsed<T> {
        self.error(ParseCgtErrorKind::Unexpected {
            expected,
            found: describe(self.peek()),
        })
    }

    pub(super) fn expect(&mut self, tok: Tok, expected: &'static str) -> Parsed<()> {
        if *self.peek() == tok {
            self.pos += 1;
            Ok(())
        } else {
            self.unexpected(expected)
        }
    }

    pub(super) fn value<T>(&self, column: usize, res: Result<T, CgtError>) -> Parsed<T> {
        res.map_err(|err| ParseCgtError {
            column,
            kind: ParseCgtErrorKind::Value(err),
        })
    }

    fn compare(&mut self, comparison: Comparison, g: GameId, h: GameId) -> bool {
        let (le, ge) = (self.arena.leq(g, h), self.arena.leq(h, g));
        comparison.holds(le, ge)
    }

    pub(super) fn sum(&mut self) -> Parsed<GameId> {
        let mut g = self.ordinal()?;
        loop {
            let column = self.column();
            let tok = self.peek().clone();
            if !matches!(tok, Tok::Plus | Tok::Minus | Tok::PlusMinus) {
                return Ok(g);
            }
            if tok != Tok::PlusMinus {
                self.pos += 1;
            }
            let h = self.ordinal()?;
            let res = if tok == Tok::Minus {
                self.arena.difference(g, h)
            } else {
                self.arena.sum(g, h)
            };
            g = self.value(column, res)?;
        }
    }

    /// Ordinal sums, `G:H:K` read as `(G:H):K` (the ordinal sum is associative).
    fn ordinal(&mut self) -> Parsed<GameId> {
        let mut g = self.term()?;
        while *self.peek() == Tok::Colon {
            let column = self.column();
            self.pos += 1;
            let h = self.term()?;
            let res = self.arena.ordinal_sum(g, h);
            g = self.value(column, res)?;
        }
        Ok(g)
    }

    fn term(&mut self) -> Parsed<GameId> {
        let column = self.column();
        match self.peek() {
            // `-1^*` is `(-1)^*`: a minus before a number is the number's sign.
            Tok::Minus if matches!(self.toks.get(self.pos + 1), Some((Tok::Int(_), _))) => {
                self.pos += 1;
                self.negative_number = true;
                self.postfix()
            }
            Tok::Minus => {
                self.pos += 1;
                let g = self.nested(Self::term)?;
                Ok(self.arena.negative(g))
            }
            Tok::Plus => {
                self.pos += 1;
                self.nested(Self::term)
            }
            Tok::PlusMinus => {
                self.pos += 1;
                let left = if *self.peek() == Tok::OpenBrace {
                    self.pos += 1;
                    let braces = self.nested(Self::braces)?;
                    self.expect(Tok::CloseBrace, "'}' or an option")?;
                    match braces {
                        Braces::Options(options) => options,
                        Braces::Game(g) => vec![g],
                    }
                } else {
                    vec![self.nested(Self::term)?]
                };
                let right: Vec<GameId> = left.iter().map(|&g| self.arena.negative(g)).collect();
                let res = self.arena.from_options(&left, &right);
                self.value(column, res)
            }
            _ => self.postfix(),
        }
    }

    /// Runs a nested rule, counting the depth.
    pub(super) fn nested<T>(&mut self, rule: fn(&mut Self) -> Parsed<T>) -> Parsed<T> {
        if self.depth >= MAX_DEPTH {
            return self.error(ParseCgtErrorKind::TooDeep);
        }
        self.depth += 1;
        let res = rule(self);
        self.depth -= 1;
        res
    }

    pub(super) fn primary(&mut self) -> Parsed<GameId> {
        match self.peek() {
            Tok::Open => {
                self.pos += 1;
                let g = self.nested(Self::sum)?;
                self.expect(Tok::Close, "')' or an operator")?;
                Ok(g)
            }
            Tok::OpenBrace => {
                self.pos += 1;
                let braces = self.nested(Self::braces)?;
                match braces {
                    Braces::Game(g) => {
                        self.expect(Tok::CloseBrace, "'}' or an option")?;
                        Ok(g)
                    }
                    Braces::Options(_) => self.unexpected("'|' or an option"),
                }
            }
            Tok::Int(_) | Tok::Up | Tok::Downs(_) | Tok::Star => self.uptimal(),
            Tok::Ident(_) => self.function(),
            _ => self.unexpected("a game"),
        }
    }

    /// The inside of braces: options and bars, or only options (after `+-`).
    fn braces(&mut self) -> Parsed<Braces> {
        let mut sides = vec![self.options()?];
        let mut bars = Vec::new();
        while let Tok::Bars(n) = *self.peek() {
            bars.push((n, self.column()));
            self.pos += 1;
            sides.push(self.options()?);
        }
        if bars.is_empty() {
            return Ok(Braces::Options(sides.pop().unwrap_or_default()));
        }
        Ok(Braces::Game(self.split(&sides, &bars)?))
    }

    fn options(&mut self) -> Parsed<Vec<GameId>> {
        let mut options = Vec::new();
        if matches!(self.peek(), Tok::Bars(_) | Tok::CloseBrace) {
            return Ok(options);
        }
        loop {
            options.push(self.nested(Self::sum)?);
            if *self.peek() != Tok::Comma {
                return Ok(options);
            }
            self.pos += 1;
        }
    }

    /// The game of sides separated by bars: the longest run of bars splits it.
    fn split(&mut self, sides: &[Vec<GameId>], bars: &[(usize, usize)]) -> Parsed<GameId> {
        let most = bars.iter().map(|b| b.0).max().unwrap_or(1);
        let at: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == most).collect();
        if let Some(&second) = at.get(1) {
            let column = bars[second].1;
            return Err(ParseCgtError {
                column,
                kind: ParseCgtErrorKind::AmbiguousBars(most),
            });
        }
        let i = at[0];
        let left = if i == 0 {
            sides[0].clone()
        } else {
            vec![self.split(&sides[..=i], &bars[..i])?]
        };
        let right = if i + 1 == bars.len() {
            sides[i + 1].clone()
        } else {
            vec![self.split(&sides[i + 1..], &bars[i + 1..])?]
        };
        let res = self.arena.from_options(&left, &right);
        self.value(bars[i].1, res)
    }

    /// A number-up-star: `[number] [ups] [star]`.
    pub(super) fn uptimal(&mut self) -> Parsed<GameId> {
        let column = self.column();
        let number = match self.peek() {
            Tok::Int(_) => self.number()?,
            _ => Dyadic::ZERO,
        };
        let number = if std::mem::take(&mut self.negative_number) {
            number.checked_neg().unwrap_or(number)
        } else {
            number
        };
        let mut up_multiple: u64 = 0;
        let mut sign = 1;
        match *self.peek() {
            Tok::Up | Tok::Downs(1) if self.power_follows() => {
                return self.up_power(column, number);
            }
            Tok::Up => {
                while *self.peek() == Tok::Up {
                    up_multiple += 1;
                    self.pos += 1;
                }
                if up_multiple == 1 {
                    up_multiple = self.multiple(1)?;
                }
            }
            Tok::Downs(n) => {
                self.pos += 1;
                sign = -1;
                up_multiple = if n == 1 { self.multiple(1)? } else { n as u64 };
            }
            _ => {}
        }
        let nimber = self.star()?;
        if up_multiple > MAX_MULTIPLE || nimber > MAX_MULTIPLE {
            let what = format!("an up multiple or nimber above {MAX_MULTIPLE}");
            return Err(ParseCgtError {
                column,
                kind: ParseCgtErrorKind::TooLarge(what),
            });
        }
        Ok(self
            .arena
            .nus(Nus::new(number, sign * up_multiple as i64, nimber)))
    }

    /// The integer after `^`, `v` or `*`, if one follows.
    /// An optional `*` or `*n` after an uptimal: its nimber (0 without).
    pub(super) fn star(&mut self) -> Parsed<u64> {
        if *self.peek() != Tok::Star {
            return Ok(0);
        }
        self.pos += 1;
        self.multiple(1)
    }

    pub(super) fn multiple(&mut self, default: u64) -> Parsed<u64> {
        let Tok::Int(digits) = self.peek().clone() else {
            return Ok(default);
        };
        match digits.parse::<u64>() {
            Ok(n) if n <= MAX_MULTIPLE => {
                self.pos += 1;
                Ok(n)
            }
            _ => self.error(ParseCgtErrorKind::TooLarge(digits)),
        }
    }

    /// `n`, `n/2^k` or a decimal `n.d`.
    fn number(&mut self) -> Parsed<Dyadic> {
        let column = self.column();
        let Tok::Int(digits) = self.peek().clone() else {
            return self.unexpected("a number");
        };
        let Ok(whole) = digits.parse::<i64>() else {
            return self.error(ParseCgtErrorKind::TooLarge(digits));
        };
        self.pos += 1;
        match (
            self.peek().clone(),
            self.toks.get(self.pos + 1).map(|t| t.0.clone()),
        ) {
            (Tok::Slash, Some(Tok::Int(denominator))) => {
                self.pos += 1;
                let text = format!("{digits}/{denominator}");
                let res = match denominator.parse::<u64>() {
                    Ok(d) if d.is_power_of_two() => Dyadic::new(whole, d.trailing_zeros()),
                    Ok(_) => return self.error_at(column, ParseCgtErrorKind::NotDyadic(text)),
                    Err(_) => None,
                };
                let Some(x) = res else {
                    return self.error_at(column, ParseCgtErrorKind::TooLarge(text));
                };
                self.pos += 1;
                Ok(x)
            }
            (Tok::Dot, Some(Tok::Int(decimals))) => {
                self.pos += 1;
                let text = format!("{digits}.{decimals}");
                let places = decimals.len() as u32;
                let fraction = decimals.parse::<u64>().ok().filter(|_| places <= 18);
                let Some(fraction) = fraction else {
                    return self.error(ParseCgtErrorKind::TooLarge(text));
                };
                // d / 10^p is dyadic when 5^p divides d: it is (d / 5^p) / 2^p.
                let five = 5u64.pow(places);
                if fraction % five != 0 {
                    return self.error_at(column, ParseCgtErrorKind::NotDyadic(text));
                }
                let res = Dyadic::new((fraction / five) as i64, places)
                    .and_then(|f| f.checked_add(Dyadic::integer(whole)));
                let Some(x) = res else {
                    return self.error_at(column, ParseCgtErrorKind::TooLarge(text));
                };
                self.pos += 1;
                Ok(x)
            }
            _ => Ok(Dyadic::integer(whole)),
        }
    }
}

/// The inside of a pair of braces.
enum Braces {
    /// Options with bars: a game.
    Game(GameId),
    /// Options without bars (`+-{a,b}`).
    Options(Vec<GameId>),
}
