//! A game's rules read as parts for misère genera: each option of a part, split by the
//! rules' `components`.

use super::rules::{show_data, Rules};
use crate::dynamic::Datum;
use crate::limits::SolveError;

/// The options of a part under `rules`, each as the components it splits into (in their
/// canonical form when the rules have one): what `misere::genus::Parts::explore` asks.
/// A move with a bonus turn or points is refused, since genera are for plain impartial
/// play.
///
/// # Errors
///
/// The returned function fails with [`SolveError::Unsupported`] naming the position when
/// a callback fails or a move has a bonus turn or points.
///
/// # Examples
///
/// ```
/// use grundy::dynamic::Datum;
/// use grundy::scripted::{part_moves, RuleMove, Rules};
/// struct Nim;
/// impl Rules for Nim {
///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("a heap")?;
///         out.extend((0..n).map(|k| RuleMove::to(Datum::Int(k))));
///         Ok(())
///     }
/// }
/// let mut moves = part_moves(&Nim);
/// assert_eq!(moves(&Datum::Int(2)).unwrap(), [vec![Datum::Int(0)], vec![Datum::Int(1)]]);
/// ```
pub fn part_moves(
    rules: &dyn Rules,
) -> impl FnMut(&Datum) -> Result<Vec<Vec<Datum>>, SolveError> + '_ {
    let failed = |what: &str, pos: &Datum, message: String| {
        SolveError::Unsupported(format!("{what}({}) failed: {message}", show_data(pos)))
    };
    move |part| {
        let mut listed = Vec::new();
        rules
            .moves(part, false, &mut listed)
            .map_err(|m| failed("moves", part, m))?;
        let mut options = Vec::with_capacity(listed.len());
        for mv in listed {
            if mv.again || mv.points != 0 {
                return Err(SolveError::Unsupported(format!(
                    "a move from {} gives a bonus turn or points: misère genera are for plain \
                     impartial games",
                    show_data(part)
                )));
            }
            let mut parts = Vec::new();
            rules
                .components(&mv.to, &mut parts)
                .map_err(|m| failed("components", &mv.to, m))?;
            if rules.has_canonical() {
                for p in &mut parts {
                    *p = rules.canonical(p).map_err(|m| failed("canonical", p, m))?;
                }
            }
            options.push(parts);
        }
        Ok(options)
    }
}
