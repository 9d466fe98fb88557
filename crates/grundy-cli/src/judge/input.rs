//! The judge's side of a problem: its input as a stream of integer tokens with line
//! numbers ([`Input`]), its answers as lines ([`answer`]), and the error that names the case
//! and line at fault ([`JudgeError`]).

use std::fmt;
use std::io::{self, Read, Write};

/// Writes one answer line: `text` and a newline, without the formatting machinery (the
/// formula problems answer 200,000 lines, where `writeln!` was a fifth of the time).
pub fn answer(out: &mut dyn Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.write_all(b"\n")
}

/// Why a judge input was rejected: the case, the line and what was wrong.
#[derive(Debug)]
pub struct JudgeError {
    /// The 1-based case number, when the problem has cases and one had begun.
    pub case: Option<usize>,
    /// The 1-based input line of the offending token (or of the end of input).
    pub line: usize,
    /// What was wrong, e.g. `expected B (an integer from 0 to 21), found "x"`.
    pub message: String,
    /// An I/O error while writing the answers (then `message` describes it).
    pub io: Option<io::Error>,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(case) = self.case {
            write!(f, "case {case}, ")?;
        }
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for JudgeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.io.as_ref().map(|e| e as _)
    }
}

impl From<io::Error> for JudgeError {
    fn from(err: io::Error) -> Self {
        JudgeError {
            case: None,
            line: 0,
            message: format!("cannot write the answer: {err}"),
            io: Some(err),
        }
    }
}

/// The judge input as a stream of whitespace-separated tokens, with line numbers.
///
/// Any ASCII whitespace separates tokens (CR LF files included); blank lines are ignored.
pub struct Input {
    bytes: Vec<u8>,
    pos: usize,
    line: usize,
    case: Option<usize>,
}

impl Input {
    /// Input over `text`.
    pub fn new(bytes: Vec<u8>) -> Self {
        Input {
            bytes,
            pos: 0,
            line: 1,
            case: None,
        }
    }

    /// Reads all of standard input.
    pub fn from_stdin() -> io::Result<Self> {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes)?;
        Ok(Input::new(bytes))
    }

    /// Marks the start of case `case` (1-based): later errors name it.
    pub fn start_case(&mut self, case: usize) {
        self.case = Some(case);
    }

    /// The line of the next token (or of the end of input).
    pub fn line(&mut self) -> usize {
        self.skip_whitespace();
        self.line
    }

    fn skip_whitespace(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            // A line ends with LF, CR LF, or a CR alone (old Mac files).
            let cr_alone = b == b'\r' && self.bytes.get(self.pos + 1) != Some(&b'\n');
            if b == b'\n' || cr_alone {
                self.line += 1;
            } else if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    /// True when only whitespace is left.
    pub fn is_at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.bytes.len()
    }

    /// An error at the next token's line, in the current case.
    pub fn error(&mut self, message: impl Into<String>) -> JudgeError {
        JudgeError {
            case: self.case,
            line: self.line(),
            message: message.into(),
            io: None,
        }
    }

    /// The next token, or `None` at the end of input.
    pub fn token(&mut self) -> Option<&[u8]> {
        self.skip_whitespace();
        let start = self.pos;
        while self.pos < self.bytes.len() && !self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        (self.pos > start).then(|| &self.bytes[start..self.pos])
    }

    /// The next token as an integer in `min..=max`; `what` names it in errors.
    ///
    /// # Errors
    ///
    /// When input ends, the token is not an integer, or it lies outside the range.
    pub fn int(&mut self, what: &str, min: i64, max: i64) -> Result<i64, JudgeError> {
        let line = self.line();
        let case = self.case;
        let at = |message: String| JudgeError {
            case,
            line,
            message,
            io: None,
        };
        let Some(token) = self.token() else {
            return Err(at(format!("input ends where {what} was expected")));
        };
        // Parsed in place: a judge input holds up to millions of tokens.
        let Some(value) = parse_int(token) else {
            return Err(at(format!(
                "expected {what} (an integer from {min} to {max}), found {}",
                crate::output::quoted(token)
            )));
        };
        if value < min || value > max {
            return Err(at(format!(
                "{what} must be from {min} to {max}, found {value}"
            )));
        }
        Ok(value)
    }

    /// The first token of case `case` of a problem whose input holds one case (more are
    /// answered too, until the end of input): required for the first case, so an empty
    /// input is an error, and `None` at the end of input after it.
    ///
    /// # Errors
    ///
    /// As [`Input::int`], and at the end of input before the first case.
    pub fn case_start(
        &mut self,
        case: usize,
        what: &str,
        min: i64,
        max: i64,
    ) -> Result<Option<i64>, JudgeError> {
        self.start_case(case);
        if case == 1 {
            return self.int(what, min, max).map(Some);
        }
        self.int_or_end(what, min, max)
    }

    /// Like [`Input::int`], but `None` at the end of input (for inputs read to the end).
    ///
    /// # Errors
    ///
    /// As [`Input::int`], except at the end of input.
    pub fn int_or_end(
        &mut self,
        what: &str,
        min: i64,
        max: i64,
    ) -> Result<Option<i64>, JudgeError> {
        if self.is_at_end() {
            return Ok(None);
        }
        self.int(what, min, max).map(Some)
    }
}

/// An optionally signed decimal integer (as `str::parse::<i64>` reads it), or `None`.
fn parse_int(token: &[u8]) -> Option<i64> {
    let (negative, digits) = match token {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, token),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        let digit = i64::from(d - b'0');
        // Negative numbers accumulate downwards, so that `i64::MIN` parses.
        value = value.checked_mul(10)?;
        value = if negative {
            value.checked_sub(digit)?
        } else {
            value.checked_add(digit)?
        };
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `parse_int` reads exactly what `str::parse::<i64>` reads.
    #[test]
    fn parse_int_agrees_with_str_parse() {
        let cases = [
            "0",
            "7",
            "-7",
            "+7",
            "007",
            "-0",
            "",
            "-",
            "+",
            "1-2",
            "12a",
            " 1",
            "--1",
            "+-1",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "99999999999999999999",
            "\u{661}",
        ];
        for text in cases {
            assert_eq!(
                parse_int(text.as_bytes()),
                text.parse::<i64>().ok(),
                "{text:?}"
            );
        }
        assert_eq!(parse_int(&[0xFF, b'1']), None);
    }

    #[test]
    fn tokens_across_crlf_and_blank_lines() {
        let mut input = Input::new(b"1 2\r\n\r\n\t3\n".to_vec());
        assert_eq!(input.int("a", 0, 9).unwrap(), 1);
        assert_eq!(input.int("b", 0, 9).unwrap(), 2);
        assert_eq!(input.line(), 3);
        assert_eq!(input.int("c", 0, 9).unwrap(), 3);
        assert!(input.is_at_end());
        assert_eq!(input.int_or_end("d", 0, 9).unwrap(), None);
        // Lines that end with a CR alone count as lines too, and CR LF as one.
        let mut input = Input::new(b"1\r2\r\r\n3\n\r4".to_vec());
        for (value, line) in [(1, 1), (2, 2), (3, 4), (4, 6)] {
            assert_eq!(input.line(), line);
            assert_eq!(input.int("v", 0, 9).unwrap(), value);
        }
    }

    #[test]
    fn errors_name_case_line_and_problem() {
        let mut input = Input::new(b"5\nx".to_vec());
        input.start_case(2);
        let err = input.int("N", 0, 4).unwrap_err();
        assert_eq!(
            err.to_string(),
            "case 2, line 1: N must be from 0 to 4, found 5"
        );
        let err = input.int("M", 0, 4).unwrap_err();
        assert_eq!(
            err.to_string(),
            "case 2, line 2: expected M (an integer from 0 to 4), found \"x\""
        );
        let err = input.int("K", 0, 4).unwrap_err();
        assert_eq!(
            err.to_string(),
            "case 2, line 2: input ends where K was expected"
        );
    }
}
