//! Up-nth powers as CGSuite writes them, `^<n>` (`^.Pow(n)`, Siegel's `↑ⁿ`) and `^[n]`
//! (`^.PowTo(n)`, `↑^→n = ↑ + ↑² + ... + ↑ⁿ`), their downs `v<n>` and `v[n]` (the powers
//! themselves in `cgt/uptimal.rs`), and the functions `Tiny(G)` and `Miny(G)`.

use crate::cgt::arena::{Arena, GameId};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::error::CgtError;
use crate::cgt::nus::Nus;
use crate::cgt::uptimal::MAX_POWER;

use super::error::{ParseCgtErrorKind, Parsed};
use super::lex::Tok;
use super::parser::Parser;
use crate::cgt::comparison::Comparison;

impl Parser<'_> {
    /// Whether `<n>` or `[n]` comes after the `^` or `v` at the cursor.
    pub(super) fn power_follows(&self) -> bool {
        let at = |k: usize| self.toks_at(self.pos + k);
        matches!(
            (at(1), at(2), at(3)),
            (
                Some(Tok::Compare(Comparison::Less)),
                Some(Tok::Int(_)),
                Some(Tok::Compare(Comparison::Greater))
            ) | (
                Some(Tok::OpenBracket),
                Some(Tok::Int(_)),
                Some(Tok::CloseBracket)
            )
        )
    }

    /// `x^<n>*k`, `x v[n]` and so on, the cursor on the `^` or `v` (`x` read already).
    pub(super) fn up_power(&mut self, column: usize, number: Dyadic) -> Parsed<GameId> {
        let down = matches!(self.peek(), Tok::Downs(_));
        let cumulative = self.toks_at(self.pos + 1) == Some(&Tok::OpenBracket);
        self.pos += 2;
        let n = self.multiple(1)?;
        if n > MAX_POWER {
            let what = format!("a power of up above {MAX_POWER}");
            return self.error_at(column, ParseCgtErrorKind::TooLarge(what));
        }
        self.pos += 1;
        let nimber = self.star()?;
        let arena = &mut *self.arena;
        let up = arena.nus(Nus::new(Dyadic::ZERO, 1, 0));
        let rest = arena.nus(Nus::new(number, 0, nimber));
        let res = arena.power(up, n, cumulative).and_then(|p| {
            let p = p.unwrap_or(up);
            let p = if down { arena.negative(p) } else { p };
            arena.sum(p, rest)
        });
        self.value(column, res)
    }

    /// `Tiny(G)` (`{0||0|-G}`) or `Miny(G)` (`{G|0||0}`), the cursor on the name.
    pub(super) fn function(&mut self) -> Parsed<GameId> {
        let column = self.column();
        let tiny = match self.peek() {
            Tok::Ident(name) if name.eq_ignore_ascii_case("tiny") => true,
            Tok::Ident(name) if name.eq_ignore_ascii_case("miny") => false,
            _ => return self.unexpected("a game (or Tiny(G), Miny(G))"),
        };
        self.pos += 1;
        self.expect(Tok::Open, "'('")?;
        let g = self.nested(Self::sum)?;
        self.expect(Tok::Close, "')'")?;
        let res = tiny_or_miny(self.arena, g, tiny);
        self.value(column, res)
    }
}

/// `{0||0|-g}` (`tiny`) or `{g|0||0}`.
pub(super) fn tiny_or_miny(arena: &mut Arena, g: GameId, tiny: bool) -> Result<GameId, CgtError> {
    let zero = arena.zero();
    if tiny {
        let minus = arena.negative(g);
        let inner = arena.from_options(&[zero], &[minus])?;
        arena.from_options(&[zero], &[inner])
    } else {
        let inner = arena.from_options(&[g], &[zero])?;
        arena.from_options(&[inner], &[zero])
    }
}
