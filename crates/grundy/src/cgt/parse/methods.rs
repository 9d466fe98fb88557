//! Methods after a game, as CGSuite spells them: `G.Cool(1)`, `G.Birthday`, `x.Tiny`.

use crate::cgt::arena::{Arena, GameId};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::error::CgtError;

use super::error::{ParseCgtErrorKind, Parsed};
use super::lex::Tok;
use super::parser::Parser;

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
}

/// The methods as CGSuite spells them, each with the number of arguments it takes.
const METHODS: [(&str, Method, usize); 14] = [
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
];

const EXPECTED: &str = "a method (Tiny, Miny, Cool, Heat, Overheat, NortonMultiply, OrdinalSum, \
                        Birthday, Mean, Temperature, LeftStop, RightStop, AtomicWeight, \
                        ReducedCanonicalForm)";

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
        let zero = arena.zero();
        let number = |arena: &mut Arena, x: Result<Dyadic, _>| x.map(|x| arena.number(x));
        let res = match method {
            // x.Tiny = {0 || 0 | -x}, x.Miny = {x | 0 || 0}.
            Method::Tiny => {
                let minus = arena.negative(g);
                arena
                    .from_options(&[zero], &[minus])
                    .and_then(|inner| arena.from_options(&[zero], &[inner]))
            }
            Method::Miny => arena
                .from_options(&[g], &[zero])
                .and_then(|inner| arena.from_options(&[inner], &[zero])),
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
                Ok(Some(weight)) => Ok(weight),
                Ok(None) => {
                    let shown = arena.display(g);
                    return self.error_at(
                        column,
                        ParseCgtErrorKind::Method {
                            method: spelled,
                            problem: format!(
                                "{shown} has no atomic weight here (all-small games only)"
                            ),
                        },
                    );
                }
                Err(err) => Err(err),
            },
            Method::ReducedCanonicalForm => arena.reduced(g),
        };
        self.value(column, res)
    }
}
