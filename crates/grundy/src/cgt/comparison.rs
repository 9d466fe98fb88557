//! The comparisons of CGSuite's notation (`<= >= == < > <> <| |>`, and `||` for confused),
//! shared by the short games' parser and the loopy games' parser: how each is written and
//! what it asks of `G <= H` and `G >= H`.

/// A comparison between two games, as CGSuite writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Comparison {
    /// `G <= H`.
    Leq,
    /// `G >= H`.
    Geq,
    /// `G == H`.
    Equal,
    /// `G < H`.
    Less,
    /// `G > H`.
    Greater,
    /// `G <> H` or `G || H`: neither is at most the other.
    Confused,
    /// `G <| H`: less than or confused with.
    LessOrConfused,
    /// `G |> H`: greater than or confused with.
    GreaterOrConfused,
}

impl Comparison {
    /// The comparison written at `chars[i..]` and its length in characters; `|` alone or
    /// doubled is not one here (it separates a form's sides; the parsers read `||` between
    /// two games as [`Comparison::Confused`]).
    pub(super) fn lex(chars: &[char], i: usize) -> Option<(Comparison, usize)> {
        let next = chars.get(i + 1).copied();
        let found = match (chars.get(i)?, next) {
            ('|', Some('>')) => (Comparison::GreaterOrConfused, 2),
            ('<', Some('=')) => (Comparison::Leq, 2),
            ('<', Some('>')) => (Comparison::Confused, 2),
            ('<', Some('|')) => (Comparison::LessOrConfused, 2),
            ('<', _) => (Comparison::Less, 1),
            ('>', Some('=')) => (Comparison::Geq, 2),
            ('>', _) => (Comparison::Greater, 1),
            ('=', Some('=')) => (Comparison::Equal, 2),
            _ => return None,
        };
        Some(found)
    }

    /// Whether the comparison holds of G and H, given whether `G <= H` (`le`) and whether
    /// `G >= H` (`ge`).
    pub(super) fn holds(self, le: bool, ge: bool) -> bool {
        match self {
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
}

#[cfg(test)]
mod tests {
    use super::Comparison;

    /// Every comparison's spelling read back, and its truth from the two orders: `G == H`
    /// exactly when both hold, confused exactly when neither does.
    #[test]
    fn spellings_and_truths() {
        let read = |s: &str| {
            let chars: Vec<char> = s.chars().collect();
            Comparison::lex(&chars, 0)
        };
        assert_eq!(read("<="), Some((Comparison::Leq, 2)));
        assert_eq!(read(">= 1"), Some((Comparison::Geq, 2)));
        assert_eq!(read("=="), Some((Comparison::Equal, 2)));
        assert_eq!(read("< 0"), Some((Comparison::Less, 1)));
        assert_eq!(read(">"), Some((Comparison::Greater, 1)));
        assert_eq!(read("<>"), Some((Comparison::Confused, 2)));
        assert_eq!(read("<|"), Some((Comparison::LessOrConfused, 2)));
        assert_eq!(read("|>"), Some((Comparison::GreaterOrConfused, 2)));
        assert_eq!(read("||"), None);
        assert_eq!(read("="), None);
        assert_eq!(read(""), None);
        for (le, ge) in [(false, false), (false, true), (true, false), (true, true)] {
            assert_eq!(Comparison::Equal.holds(le, ge), le && ge);
            assert_eq!(Comparison::Confused.holds(le, ge), !le && !ge);
            assert_eq!(
                Comparison::Less.holds(le, ge),
                Comparison::Greater.holds(ge, le)
            );
            assert_eq!(
                Comparison::LessOrConfused.holds(le, ge),
                !Comparison::Geq.holds(le, ge)
            );
            assert_eq!(
                Comparison::GreaterOrConfused.holds(le, ge),
                !Comparison::Leq.holds(le, ge)
            );
        }
    }
}
