//! Methods after a game, as CGSuite spells them: `G.Cool(1)`, `G.Birthday`, `x.Tiny`.

use crate::cgt::arena::{Arena, GameId};
use crate::cgt::atomic::AtomicWeightError;
use crate::cgt::dyadic::Dyadic;
use crate::cgt::error::CgtError;

use super::error::{ParseCgtErrorKind, Parsed};
use super::lex::Tok;
use super::parser::Parser;
use super::powers::tiny_or_miny;
use crate::cgt::uptimal::MAX_POWER;

/// A method after a game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    Tiny,
    Miny,
    Cool,
    Heat,
    Overheat,
    NortonMultiply,
    OrdinalSum,
    Birthday,
    Mean,
    Temperature,
    LeftStop,
    RightStop,
    AtomicWeight,
    ReducedCanonicalForm,
    Pow,
    PowTo,
}

/// The methods as CGSuite spells them, each with the number of arguments it takes.
const METHODS: [(&str, Method, usize); 16] = [
    ("Tiny", Method::Tiny, 0),
    ("Miny", Method::Miny, 0),
    ("Cool", Method::Cool, 1),
    ("Heat", Method::Heat, 1),
    ("Overheat", Method::Overheat, 2),
    ("NortonMultiply", Method::NortonMultiply, 1),
    ("OrdinalSum", Method::OrdinalSum, 1),
    ("Birthday", Method::Birthday, 0),
    ("Mean", Method::Mean, 0),
    ("Temperature", Method::Temperature, 0),
    ("LeftStop", Method::LeftStop, 0),
    ("RightStop", Method::RightStop, 0),
    ("AtomicWeight", Method::AtomicWeight, 0),
    ("ReducedCanonicalForm", Method::ReducedCanonicalForm, 0),
    ("Pow", Method::Pow, 1),
    ("PowTo", Method::PowTo, 1),
];

const EXPECTED: &str = "a method (Tiny, Miny, Cool, Heat, Overheat, NortonMultiply, OrdinalSum, \
                        Birthday, Mean, Temperature, LeftStop, RightStop, AtomicWeight, \
                        ReducedCanonicalForm, Pow, PowTo)";

impl Parser<'_> {
    pub(super) fn postfix(&mut self) -> Parsed<GameId> {
        let mut g = self.primary()?;
        while *self.peek() == Tok::Dot {
            self.pos += 1;
            let column = self.column();
            let Tok::Ident(name) = self.peek().clone() else {
                return self.unexpected(EXPECTED);
            };
            let Some(&(spelled, method, arity)) = METHODS.iter().find(|(m, _, _)| {
                let mut chars = name.chars();
                let first = chars.next().map(|c| c.to_ascii_uppercase());
                m.chars().next() == first && m[1..] == *chars.as_str()
            }) else {
                return self.unexpected(EXPECTED);
            };
            self.pos += 1;
            let args = self.arguments(arity)?;
            g = self.apply((spelled, method), g, &args, column)?;
        }
        Ok(g)
    }

    /// `arity` arguments in parentheses (none and no parentheses for 0).
    fn arguments(&mut self, arity: usize) -> Parsed<Vec<GameId>> {
        let mut args = Vec::with_capacity(arity);
        if arity == 0 {
            return Ok(args);
        }
        self.expect(Tok::Open, "'('")?;
        for i in 0..arity {
            if i > 0 {
                self.expect(Tok::Comma, "','")?;
            }
            args.push(self.nested(Self::sum)?);
        }
        self.expect(Tok::Close, "')'")?;
        Ok(args)
    }

    fn apply(
        &mut self,
        (spelled, method): (&'static str, Method),
        g: GameId,
        args: &[GameId],
        column: usize,
    ) -> Parsed<GameId> {
        let arena = &mut *self.arena;
        let number = |arena: &mut Arena, x: Result<Dyadic, _>| x.map(|x| arena.number(x));
        let res = match method {
            // x.Tiny = {0 || 0 | -x}, x.Miny = {x | 0 || 0}.
            Method::Tiny | Method::Miny => tiny_or_miny(arena, g, method == Method::Tiny),
            Method::Pow | Method::PowTo => {
                let n = arena
                    .as_number(args[0])
                    .filter(|n| n.is_integer())
                    .and_then(|n| u64::try_from(n.numerator()).ok())
                    .filter(|&n| n <= MAX_POWER);
                let Some(n) = n else {
                    let shown = arena.display(args[0]);
                    let problem =
                        format!("the power must be an integer from 0 to {MAX_POWER}, not {shown}");
                    return self.error_at(
                        column,
                        ParseCgtErrorKind::Method {
                            method: spelled,
                            problem,
                        },
                    );
                };
                match arena.power(g, n, method == Method::PowTo) {
                    Ok(Some(p)) => Ok(p),
                    Ok(None) => {
                        let shown = arena.display(g);
                        let problem = format!("{shown} is not of the form {{0|H}}");
                        return self.error_at(
                            column,
                            ParseCgtErrorKind::Method {
                                method: spelled,
                                problem,
                            },
                        );
                    }
                    Err(err) => Err(err),
                }
            }
            Method::Cool => {
                let Some(t) = arena.as_number(args[0]) else {
                    let shown = arena.display(args[0]);
                    return self.error_at(
                        column,
                        ParseCgtErrorKind::Method {
                            method: spelled,
                            problem: format!("the temperature must be a number, not {shown}"),
                        },
                    );
                };
                arena.cool(g, t)
            }
            Method::Heat => arena.heat(g, args[0]),
            Method::Overheat => arena.overheat(g, args[0], args[1]),
            Method::NortonMultiply => arena.norton(g, args[0]),
            Method::OrdinalSum => arena.ordinal_sum(g, args[0]),
            Method::Birthday => {
                let day = arena.birthday(g);
                i64::try_from(day)
                    .map_err(|_| CgtError::OutOfRange)
                    .map(|day| arena.integer(day))
            }
            Method::Mean => {
                let mean = arena.mean(g);
                number(arena, mean)
            }
            Method::Temperature => {
                let temperature = arena.temperature(g);
                number(arena, temperature)
            }
            Method::LeftStop | Method::RightStop => {
                let (left, right) = arena.stops(g);
                Ok(arena.number(if method == Method::LeftStop {
                    left
                } else {
                    right
                }))
            }
            Method::AtomicWeight => match arena.atomic_weight(g) {
                Ok(weight) => Ok(weight),
                Err(AtomicWeightError::Cgt(err)) => Err(err),
                Err(reason) => {
                    let shown = arena.display(g);
                    return self.error_at(
                        column,
                        ParseCgtErrorKind::Method {
                            method: spelled,
                            problem: format!("{shown} has no atomic weight: {reason}"),
                        },
                    );
                }
            },
            Method::ReducedCanonicalForm => arena.reduced(g),
        };
        self.value(column, res)
    }
}
