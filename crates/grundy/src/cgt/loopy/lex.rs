//! The tokens of a loopy expression, each with its column (in characters, from 1). A short
//! game's number-up-star part (`3/4`, `^^*`, `1v3`, `*2`) is one token, read later by the
//! short games' own parser.

use super::error::LoopyError;
use crate::cgt::comparison::Comparison;

/// The named games, as CGSuite spells them.
pub(super) const NAMES: [&str; 8] = [
    "on", "off", "over", "under", "upon", "dud", "^[on]", "v[on]",
];

/// The names written right after a number, as CGSuite writes a pseudonumber or an upon
/// form (`3/2under`, `-1/4v[on]`): the number plus the named game.
pub(super) const JUXTAPOSED: [&str; 5] = ["over", "under", "upon", "^[on]", "v[on]"];

/// Whether `chars[i..]` starts with CGSuite's `^[on]` or `v[on]`.
fn is_upon(chars: &[char], i: usize) -> bool {
    matches!(chars.get(i), Some('^' | 'v'))
        && chars
            .get(i + 1..i + 5)
            .is_some_and(|s| s == ['[', 'o', 'n', ']'])
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// A word: a named game, `pass`, or a node label (before `{`, or pointing back).
    Word(String),
    /// A number, up, down or star, as written.
    Short(String),
    Plus,
    Minus,
    PlusMinus,
    Comma,
    Open,
    Close,
    OpenBrace,
    CloseBrace,
    Amp,
    Bars(usize),
    Compare(Comparison),
    End,
}

pub(super) fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Word(s) | Tok::Short(s) => format!("'{s}'"),
        Tok::Plus => "'+'".into(),
        Tok::Minus => "'-'".into(),
        Tok::PlusMinus => "'+-'".into(),
        Tok::Comma => "','".into(),
        Tok::Open => "'('".into(),
        Tok::Close => "')'".into(),
        Tok::OpenBrace => "'{'".into(),
        Tok::CloseBrace => "'}'".into(),
        Tok::Amp => "'&'".into(),
        Tok::Bars(n) => format!("'{}'", "|".repeat(*n)),
        Tok::Compare(_) => "a comparison".into(),
        Tok::End => "the end".into(),
    }
}

/// Whether a word is a down (`v`, `vv`, `v3`), part of a short game's token.
fn is_down(word: &str) -> bool {
    word.starts_with('v')
        && (word.chars().all(|c| c == 'v') || word[1..].chars().all(|c| c.is_ascii_digit()))
}

/// Whether `c` continues a short game's token.
fn continues_short(c: char, next: Option<char>) -> bool {
    matches!(c, '0'..='9' | '/' | '^' | '*' | 'v')
        || (c == '.' && next.is_some_and(|n| n.is_ascii_digit()))
}

pub(super) fn lex(text: &str) -> Result<Vec<(Tok, usize)>, LoopyError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let column = i + 1;
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if let Some((comparison, len)) = Comparison::lex(&chars, i) {
            toks.push((Tok::Compare(comparison), column));
            i += len;
            continue;
        }
        let word_len = chars[i..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .count();
        let word: String = chars[i..i + word_len.max(1)].iter().collect();
        let (tok, len) = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            _ if is_upon(&chars, i) => (Tok::Word(chars[i..i + 5].iter().collect()), 5),
            c if c.is_alphabetic() && !(is_down(&word) && next != Some('{')) => {
                (Tok::Word(word), word_len)
            }
            c if continues_short(c, next) => {
                let mut len = 0;
                while let Some(&c) = chars.get(i + len) {
                    if !continues_short(c, chars.get(i + len + 1).copied())
                        || is_upon(&chars, i + len)
                    {
                        break;
                    }
                    len += 1;
                }
                (Tok::Short(chars[i..i + len].iter().collect()), len)
            }
            '+' if next == Some('-') => (Tok::PlusMinus, 2),
            '+' => (Tok::Plus, 1),
            '-' => (Tok::Minus, 1),
            ',' => (Tok::Comma, 1),
            '(' => (Tok::Open, 1),
            ')' => (Tok::Close, 1),
            '{' => (Tok::OpenBrace, 1),
            '}' => (Tok::CloseBrace, 1),
            '&' => (Tok::Amp, 1),
            '|' => {
                let len = chars[i..].iter().take_while(|&&c| c == '|').count();
                (Tok::Bars(len), len)
            }
            other => {
                return Err(LoopyError::Parse {
                    column,
                    message: format!("expected a game, found '{other}'"),
                })
            }
        };
        toks.push((tok, column));
        i += len;
    }
    toks.push((Tok::End, chars.len() + 1));
    Ok(toks)
}

/// Whether an expression names a loopy game: a word such as `on`, `over`, `dud` or `pass`,
/// a node label before a brace (`a{0|a}`), or `&`.
pub(super) fn mentions_loopy(text: &str) -> bool {
    let Ok(toks) = lex(text) else {
        return false;
    };
    toks.iter().enumerate().any(|(i, (tok, _))| match tok {
        Tok::Word(w) => {
            NAMES.contains(&w.as_str())
                || w == "pass"
                || toks.get(i + 1).is_some_and(|(t, _)| *t == Tok::OpenBrace)
        }
        Tok::Amp => true,
        _ => false,
    })
}
