//! The expression's tokens, each with its column (in characters, from 1).

use super::error::{ParseCgtError, ParseCgtErrorKind};
use crate::cgt::comparison::Comparison;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Int(String),
    Ident(String),
    Downs(usize),
    Up,
    Star,
    Plus,
    Minus,
    PlusMinus,
    Slash,
    Dot,
    Colon,
    Comma,
    Open,
    Close,
    OpenBrace,
    CloseBrace,
    OpenBracket,
    CloseBracket,
    Bars(usize),
    Compare(Comparison),
    End,
}

pub(super) fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Int(s) | Tok::Ident(s) => format!("'{s}'"),
        Tok::Downs(n) => format!("'{}'", "v".repeat(*n)),
        Tok::Up => "'^'".into(),
        Tok::Star => "'*'".into(),
        Tok::Plus => "'+'".into(),
        Tok::Minus => "'-'".into(),
        Tok::PlusMinus => "'+-'".into(),
        Tok::Slash => "'/'".into(),
        Tok::Dot => "'.'".into(),
        Tok::Colon => "':'".into(),
        Tok::Comma => "','".into(),
        Tok::Open => "'('".into(),
        Tok::Close => "')'".into(),
        Tok::OpenBrace => "'{'".into(),
        Tok::CloseBrace => "'}'".into(),
        Tok::OpenBracket => "'['".into(),
        Tok::CloseBracket => "']'".into(),
        Tok::Bars(n) => format!("'{}'", "|".repeat(*n)),
        Tok::Compare(_) => "a comparison".into(),
        Tok::End => "the end".into(),
    }
}

pub(super) fn lex(text: &str) -> Result<Vec<(Tok, usize)>, ParseCgtError> {
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
        let (tok, len) = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '0'..='9' => {
                let len = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                (Tok::Int(chars[i..i + len].iter().collect()), len)
            }
            c if c.is_alphabetic() => {
                let len = chars[i..]
                    .iter()
                    .take_while(|c| c.is_alphanumeric())
                    .count();
                let word: String = chars[i..i + len].iter().collect();
                if word.chars().all(|c| c == 'v') {
                    (Tok::Downs(len), len)
                } else if word.starts_with('v') && word[1..].chars().all(|c| c.is_ascii_digit()) {
                    // `v3`: the digits are the multiple, read by the parser.
                    (Tok::Downs(1), 1)
                } else {
                    (Tok::Ident(word), len)
                }
            }
            '^' => (Tok::Up, 1),
            '*' => (Tok::Star, 1),
            '+' if next == Some('-') => (Tok::PlusMinus, 2),
            '+' => (Tok::Plus, 1),
            '-' => (Tok::Minus, 1),
            '/' => (Tok::Slash, 1),
            '.' => (Tok::Dot, 1),
            ':' => (Tok::Colon, 1),
            ',' => (Tok::Comma, 1),
            '(' => (Tok::Open, 1),
            ')' => (Tok::Close, 1),
            '{' => (Tok::OpenBrace, 1),
            '}' => (Tok::CloseBrace, 1),
            '[' => (Tok::OpenBracket, 1),
            ']' => (Tok::CloseBracket, 1),
            '|' => {
                let len = chars[i..].iter().take_while(|&&c| c == '|').count();
                (Tok::Bars(len), len)
            }
            other => {
                return Err(ParseCgtError {
                    column,
                    kind: ParseCgtErrorKind::Unexpected {
                        expected: "a game",
                        found: format!("'{other}'"),
                    },
                })
            }
        };
        toks.push((tok, column));
        i += len;
    }
    toks.push((Tok::End, chars.len() + 1));
    Ok(toks)
}
