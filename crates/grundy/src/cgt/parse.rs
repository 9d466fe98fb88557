//! Expressions in CGSuite's plain-text notation, evaluated in an [`Arena`].
//!
//! ```text
//! statement := sum [compare sum]           compare: <= >= == < > <> || <| |>
//! sum       := ordinal { (+ | - | +-) ordinal }
//! ordinal   := term { : term }                 the ordinal sum G:H
//! term      := - term | +- term | + term | postfix
//! postfix   := primary { . method }            methods: see below
//! primary   := ( sum ) | { options bars options ... } | uptimal
//! uptimal   := [number] [^ | ^^ | ^n | v | vv | vn] [* | *n]     (at least one part)
//! number    := n | n/2^k | n.d (a decimal with a dyadic value)
//! ```
//!
//! Inside braces, options are separated by commas and sides by runs of bars: the longest
//! run splits the form and shorter runs make its options (`{2|0||-1}` is `{{2|0}|-1}`),
//! as in CGSuite. `+-G` is `{G|-G}`, `+-{a,b}` is `{a,b|-a,-b}`; `x.Tiny` is `{0||0|-x}`.
//! Methods, as CGSuite spells them (the first letter in either case): `.Tiny` and `.Miny`
//! (`x.Tiny` is `{0||0|-x}`), `.Cool(t)` (`t` a number), `.Heat(t)`, `.Overheat(s, t)`,
//! `.NortonMultiply(U)`, `.OrdinalSum(H)`, and the numbers `.Birthday`, `.Mean`,
//! `.Temperature`, `.LeftStop`, `.RightStop` and `.AtomicWeight`.
//! Errors name the column (counted in characters from 1).

use super::{Arena, CgtError, Dyadic, GameId, Nus};

mod lex;
mod methods;

use lex::{describe, lex, Comparison, Tok};

/// The longest expression read (bytes).
pub const MAX_EXPRESSION: usize = 1 << 20;
/// The deepest nesting of braces and parentheses.
pub const MAX_DEPTH: usize = 200;
/// The largest up multiple and nimber written in an expression.
pub const MAX_MULTIPLE: u64 = 1024;

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

/// A malformed expression: where and what.
///
/// # Examples
///
/// ```
/// use grundy::cgt::Arena;
/// let err = Arena::new().parse("{1|2").unwrap_err();
/// assert_eq!(err.column, 5);
/// assert_eq!(err.to_string(), "column 5: expected '}' or an option, found the end");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct ParseCgtError {
    /// The column (in characters, from 1) of the token at fault.
    pub column: usize,
    /// What was wrong.
    pub kind: ParseCgtErrorKind,
}

/// What was wrong with an expression.
///
/// # Examples
///
/// ```
/// use grundy::cgt::{Arena, ParseCgtErrorKind};
/// let err = Arena::new().parse("1/3").unwrap_err();
/// assert!(matches!(err.kind, ParseCgtErrorKind::NotDyadic(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCgtErrorKind {
    /// A token where another was needed.
    #[error("expected {expected}, found {found}")]
    Unexpected {
        /// What could come here.
        expected: &'static str,
        /// What came.
        found: String,
    },
    /// A fraction whose denominator is not a power of two.
    #[error("{0} is not a dyadic rational (its denominator must be a power of two)")]
    NotDyadic(String),
    /// A number, up multiple or nimber too large.
    #[error("{0} is too large")]
    TooLarge(String),
    /// Two runs of the most bars at the top of one pair of braces.
    #[error("ambiguous bars: two runs of {0} at one level (add braces)")]
    AmbiguousBars(usize),
    /// Braces or parentheses nested too deep.
    #[error("nested deeper than {MAX_DEPTH} levels")]
    TooDeep,
    /// The expression is longer than [`MAX_EXPRESSION`].
    #[error("the expression is longer than {MAX_EXPRESSION} bytes")]
    TooLong,
    /// A comparison where a game is needed.
    #[error("a comparison is not a game")]
    NotAGame,
    /// A method given an argument it cannot take, or a value it does not have.
    #[error("{method}: {problem}")]
    Method {
        /// The method, as CGSuite spells it.
        method: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// The value leaves the range of numbers.
    #[error("{0}")]
    Value(CgtError),
}

struct Parser<'a> {
    arena: &'a mut Arena,
    toks: Vec<(Tok, usize)>,
    pos: usize,
    depth: usize,
    /// A minus sign read before a number, for the number alone.
    negative_number: bool,
}

type Parsed<T> = Result<T, ParseCgtError>;

impl Arena {
    /// Evaluates an expression: a game or a comparison.
    ///
    /// # Errors
    ///
    /// [`ParseCgtError`] with the column, for bad syntax, a number out of range, or an
    /// expression too long or too deep.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::{Arena, Evaluation};
    /// let mut arena = Arena::new();
    /// assert_eq!(arena.evaluate("+-1 || 0").unwrap(), Evaluation::Comparison(true));
    /// assert_eq!(arena.evaluate("^ < *").unwrap(), Evaluation::Comparison(false));
    /// ```
    pub fn evaluate(&mut self, text: &str) -> Result<Evaluation, ParseCgtError> {
        if text.len() > MAX_EXPRESSION {
            return Err(ParseCgtError {
                column: 1,
                kind: ParseCgtErrorKind::TooLong,
            });
        }
        let toks = lex(text)?;
        let mut parser = Parser {
            arena: self,
            toks,
            pos: 0,
            depth: 0,
            negative_number: false,
        };
        let g = parser.sum()?;
        let res = match parser.peek().clone() {
            Tok::Compare(comparison) => {
                parser.pos += 1;
                let h = parser.sum()?;
                Evaluation::Comparison(parser.compare(comparison, g, h))
            }
            Tok::Bars(2) => {
                parser.pos += 1;
                let h = parser.sum()?;
                Evaluation::Comparison(parser.compare(Comparison::Confused, g, h))
            }
            _ => Evaluation::Game(g),
        };
        parser.expect(Tok::End, "an operator or the end")?;
        Ok(res)
    }

    /// Evaluates an expression that is a game.
    ///
    /// # Errors
    ///
    /// As [`Arena::evaluate`], and [`ParseCgtErrorKind::NotAGame`] for a comparison.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("^ + ^").unwrap();
    /// assert_eq!(arena.display(g), "^^");
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseCgtError> {
        match self.evaluate(text)? {
            Evaluation::Game(g) => Ok(g),
            Evaluation::Comparison(_) => Err(ParseCgtError {
                column: 1,
                kind: ParseCgtErrorKind::NotAGame,
            }),
        }
    }
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn column(&self) -> usize {
        self.toks[self.pos].1
    }

    fn error<T>(&self, kind: ParseCgtErrorKind) -> Parsed<T> {
        Err(ParseCgtError {
            column: self.column(),
            kind,
        })
    }

    fn error_at<T>(&self, column: usize, kind: ParseCgtErrorKind) -> Parsed<T> {
        Err(ParseCgtError { column, kind })
    }

    fn unexpected<T>(&self, expected: &'static str) -> Parsed<T> {
        self.error(ParseCgtErrorKind::Unexpected {
            expected,
            found: describe(self.peek()),
        })
    }

    fn expect(&mut self, tok: Tok, expected: &'static str) -> Parsed<()> {
        if *self.peek() == tok {
            self.pos += 1;
            Ok(())
        } else {
            self.unexpected(expected)
        }
    }

    fn value<T>(&self, column: usize, res: Result<T, CgtError>) -> Parsed<T> {
        res.map_err(|err| ParseCgtError {
            column,
            kind: ParseCgtErrorKind::Value(err),
        })
    }

    fn compare(&mut self, comparison: Comparison, g: GameId, h: GameId) -> bool {
        let (le, ge) = (self.arena.leq(g, h), self.arena.leq(h, g));
        match comparison {
            Comparison::Leq => le,
            Comparison::Geq => ge,
            Comparison::Equal => le && ge,
            Comparison::Less => le && !ge,
            Comparison::Greater => ge && !le,
            Comparison::Confused => !le && !ge,
            Comparison::LessOrConfused => !ge,
            Comparison::GreaterOrConfused => !le,
        }
    }

    fn sum(&mut self) -> Parsed<GameId> {
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
    fn nested<T>(&mut self, rule: fn(&mut Self) -> Parsed<T>) -> Parsed<T> {
        if self.depth >= MAX_DEPTH {
            return self.error(ParseCgtErrorKind::TooDeep);
        }
        self.depth += 1;
        let res = rule(self);
        self.depth -= 1;
        res
    }

    fn primary(&mut self) -> Parsed<GameId> {
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
    fn uptimal(&mut self) -> Parsed<GameId> {
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
        let mut nimber = 0;
        if *self.peek() == Tok::Star {
            self.pos += 1;
            nimber = self.multiple(1)?;
        }
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
    fn multiple(&mut self, default: u64) -> Parsed<u64> {
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
