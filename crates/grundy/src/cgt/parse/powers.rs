//! Up-nth powers as CGSuite writes them, `^<n>` (`^.Pow(n)`, Siegel's `↑ⁿ`) and `^[n]`
//! (`^.PowTo(n)`, `↑^→n = ↑ + ↑² + ... + ↑ⁿ`), their downs `v<n>` and `v[n]`, and the
//! functions `Tiny(G)` and `Miny(G)`.
//!
//! For `G = {0|H}` (Siegel, *Combinatorial Game Theory*, 2013, II.4): `G^→0 = 0`,
//! `G^→n = {G^→(n-1) | H}`, and `G^n = {0 | H - G^→(n-1)}` for `n >= 1`.

use crate::cgt::arena::{Arena, GameId};
use crate::cgt::dyadic::Dyadic;
use crate::cgt::error::CgtError;
use crate::cgt::nus::Nus;

use super::error::{ParseCgtErrorKind, Parsed};
use super::lex::{Comparison, Tok};
use super::parser::Parser;

/// The largest `n` in `^<n>` and `^[n]` (each power is a form of birthday `n + 1`).
pub(super) const MAX_POWER: u64 = 64;

/// `G^n` (`cumulative` false) or `G^→n` (true) for `g = {0|H}`; `None` for another form.
pub(super) fn power(
    arena: &mut Arena,
    g: GameId,
    n: u64,
    cumulative: bool,
) -> Result<Option<GameId>, CgtError> {
    let zero = arena.zero();
    let (left, right) = (arena.left_options(g), arena.right_options(g));
    let (&[l], &[h]) = (left.as_slice(), right.as_slice()) else {
        return Ok(None);
    };
    if l != zero {
        return Ok(None);
    }
    let upto = |arena: &mut Arena, k: u64| -> Result<GameId, CgtError> {
        let mut sum = zero;
        for _ in 0..k {
            sum = arena.from_options(&[sum], &[h])?;
        }
        Ok(sum)
    };
    if cumulative {
        return upto(arena, n).map(Some);
    }
    if n == 0 {
        return Ok(Some(arena.negative(h)));
    }
    let below = upto(arena, n - 1)?;
    let right = arena.difference(h, below)?;
    arena.from_options(&[zero], &[right]).map(Some)
}

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
        let res = power(arena, up, n, cumulative).and_then(|p| {
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
