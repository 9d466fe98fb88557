//! Take-and-break codes: the checked digits of an octal or hexadecimal game, parsed and
//! written as `0.d1d2...`. A leaf of the octal module: every method reads its moves here.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The most digits a code may have (the largest take plus one).
pub const MAX_DIGITS: usize = 1 << 16;

/// A checked take-and-break code: octal or hexadecimal digits d0, d1, ..., dt.
///
/// Invariants: d0 has bits 1 and 2 clear (a move that removes nothing must split the heap),
/// every digit is at most 15, there are at most [`MAX_DIGITS`] digits, and the last digit is
/// not zero unless the code is `0.` (no move at all).
///
/// # Examples
///
/// ```
/// use grundy::octal::TakeAndBreak;
///
/// let chess: TakeAndBreak = "0.137".parse().unwrap();
/// assert_eq!(chess.digit(3), 7);
/// assert_eq!(chess.max_take(), 3);
/// assert_eq!(chess.max_heaps(), 2);
/// assert_eq!(chess.to_string(), "0.137");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    digits: Vec<u8>,
}

/// Another name for [`TakeAndBreak`]: octal games are take-and-break games with digits 0-7.
pub type OctalGame = TakeAndBreak;

/// Why a code was refused; every variant names the code and, where there is one, the bad
/// character and its 1-based position.
///
/// # Examples
///
/// ```
/// use grundy::octal::TakeAndBreak;
/// let err = "0.7x".parse::<TakeAndBreak>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid digit 'x' at position 4 of the code \"0.7x\" (digits are 0-9 and A-F)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseCodeError {
    /// The code is empty.
    #[error("the code is empty (expected something like 0.77)")]
    Empty,
    /// No point after the first digit.
    #[error("the code {code:?} has no point after its first digit (expected something like 0.77)")]
    MissingPoint {
        /// The code as given.
        code: String,
    },
    /// A character that is not a hexadecimal digit.
    #[error(
        "invalid digit {ch:?} at position {position} of the code {code:?} (digits are 0-9 and A-F)"
    )]
    BadDigit {
        /// The code as given.
        code: String,
        /// The offending character.
        ch: char,
        /// Its 1-based position in the code, counted in characters.
        position: usize,
    },
    /// The digit before the point allows a move that removes nothing and leaves one heap.
    #[error(
        "the digit {ch:?} before the point of {code:?} is not allowed: a move that takes nothing must split the heap, so it is 0, 4, 8 or C"
    )]
    BadFirstDigit {
        /// The code as given.
        code: String,
        /// The offending digit.
        ch: char,
    },
    /// Too many digits.
    #[error("the code has {len} digits, more than the limit of {max}")]
    TooLong {
        /// The number of digits.
        len: usize,
        /// [`MAX_DIGITS`].
        max: usize,
    },
}

impl TakeAndBreak {
    /// The game with digits `digits[k]` = dk (d0 first).
    ///
    /// Trailing zero digits are dropped.
    ///
    /// # Errors
    ///
    /// [`ParseCodeError::BadFirstDigit`] when d0 has bit 1 or 2 set, `BadDigit` for a digit
    /// above 15 (its position is k + 2, as in the written code), `TooLong` past
    /// [`MAX_DIGITS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::TakeAndBreak;
    /// let kayles = TakeAndBreak::new(vec![0, 7, 7, 0]).unwrap();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// assert!(TakeAndBreak::new(vec![1, 7]).is_err());
    /// ```
    pub fn new(mut digits: Vec<u8>) -> Result<Self, ParseCodeError> {
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            digits.push(0);
        }
        if digits.len() > MAX_DIGITS {
            return Err(ParseCodeError::TooLong {
                len: digits.len(),
                max: MAX_DIGITS,
            });
        }
        let written = |digits: &[u8]| {
            let mut code = String::new();
            for (k, &d) in digits.iter().enumerate() {
                code.push(char::from_digit(u32::from(d.min(35)), 36).unwrap_or('?'));
                if k == 0 {
                    code.push('.');
                }
            }
            code
        };
        if let Some(k) = digits.iter().position(|&d| d > 15) {
            return Err(ParseCodeError::BadDigit {
                code: written(&digits),
                ch: char::from_digit(u32::from(digits[k].min(35)), 36).unwrap_or('?'),
                position: if k == 0 { 1 } else { k + 2 },
            });
        }
        if digits[0] & 3 != 0 {
            return Err(ParseCodeError::BadFirstDigit {
                code: written(&digits),
                ch: hex_char(digits[0]),
            });
        }
        Ok(TakeAndBreak { digits })
    }

    /// The game "remove exactly `take` consecutive tokens anywhere in the row": the code with
    /// only d_take = 7. On a ring (`Sequence::ring_nimber`) this is Paint Chain (hdu3980).
    ///
    /// # Errors
    ///
    /// [`ParseCodeError::TooLong`] when `take` is [`MAX_DIGITS`] or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::TakeAndBreak;
    /// assert_eq!(TakeAndBreak::remove_run(3).unwrap().to_string(), "0.007");
    /// ```
    pub fn remove_run(take: usize) -> Result<Self, ParseCodeError> {
        if take >= MAX_DIGITS {
            return Err(ParseCodeError::TooLong {
                len: take + 1,
                max: MAX_DIGITS,
            });
        }
        let mut digits = vec![0; take + 1];
        digits[take] = 7;
        TakeAndBreak::new(digits)
    }

    /// The digit dk (0 beyond the last digit).
    ///
    /// # Examples
    ///
    /// ```
    /// let officers: grundy::octal::TakeAndBreak = "0.6".parse().unwrap();
    /// assert_eq!((officers.digit(0), officers.digit(1), officers.digit(9)), (0, 6, 0));
    /// ```
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The digits d0, d1, ..., dt.
    ///
    /// # Examples
    ///
    /// ```
    /// let game: grundy::octal::TakeAndBreak = "4.7".parse().unwrap();
    /// assert_eq!(game.digits(), &[4, 7]);
    /// ```
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// t, the most tokens a move takes (0 when only d0 allows moves, or none does).
    ///
    /// # Examples
    ///
    /// ```
    /// let game: grundy::octal::TakeAndBreak = "0.007".parse().unwrap();
    /// assert_eq!(game.max_take(), 3);
    /// ```
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// h, the most heaps a move can leave (at least 1): 3 when a digit has bit 8, else 2
    /// when one has bit 4, else 1. The periodicity theorem's bound depends on it.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::TakeAndBreak;
    /// let heaps = |code: &str| code.parse::<TakeAndBreak>().unwrap().max_heaps();
    /// assert_eq!((heaps("0.33"), heaps("0.77"), heaps("0.F")), (1, 2, 3));
    /// ```
    pub fn max_heaps(&self) -> usize {
        let all = self.digits.iter().fold(0, |acc, &d| acc | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// True when every digit is octal (0-7): moves leave at most two heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::octal::TakeAndBreak;
    /// assert!("0.77".parse::<TakeAndBreak>().unwrap().is_octal());
    /// assert!(!"0.B".parse::<TakeAndBreak>().unwrap().is_octal());
    /// ```
    pub fn is_octal(&self) -> bool {
        self.digits.iter().all(|&d| d < 8)
    }
}

fn hex_char(d: u8) -> char {
    char::from_digit(u32::from(d), 16)
        .unwrap_or('?')
        .to_ascii_uppercase()
}

impl FromStr for TakeAndBreak {
    type Err = ParseCodeError;

    /// Parses `0.d1d2...`, `4.d1...` or `.d1d2...` (d0 = 0); digits 0-9, A-F (either case).
    fn from_str(text: &str) -> Result<Self, ParseCodeError> {
        let code = text.trim();
        // A point alone has no digit at all.
        if code.is_empty() || code == "." {
            return Err(ParseCodeError::Empty);
        }
        let mut chars = code.chars().enumerate().peekable();
        let mut digits = Vec::new();
        let bad = |ch: char, at: usize| ParseCodeError::BadDigit {
            code: code.to_string(),
            ch,
            position: at + 1,
        };
        if chars.peek().map(|&(_, c)| c) == Some('.') {
            digits.push(0);
            chars.next();
        } else {
            let Some((at, ch)) = chars.next() else {
                return Err(ParseCodeError::Empty);
            };
            let d = ch.to_digit(16).ok_or_else(|| bad(ch, at))? as u8;
            if d & 3 != 0 {
                return Err(ParseCodeError::BadFirstDigit {
                    code: code.to_string(),
                    ch,
                });
            }
            digits.push(d);
            match chars.next() {
                Some((_, '.')) => {}
                Some((at, ch)) if ch.to_digit(16).is_none() => return Err(bad(ch, at)),
                _ => {
                    return Err(ParseCodeError::MissingPoint {
                        code: code.to_string(),
                    })
                }
            }
        }
        for (at, ch) in chars {
            let d = ch.to_digit(16).ok_or_else(|| bad(ch, at))? as u8;
            digits.push(d);
            if digits.len() > MAX_DIGITS {
                return Err(ParseCodeError::TooLong {
                    len: code.len() - 1,
                    max: MAX_DIGITS,
                });
            }
        }
        TakeAndBreak::new(digits)
    }
}

impl fmt::Display for TakeAndBreak {
    /// The canonical code: `0.137`, `4.7`, `0.F`; `0.0` for the game with no move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", hex_char(self.digits[0]))?;
        if self.digits.len() == 1 {
            return write!(f, "0");
        }
        for &d in &self.digits[1..] {
            write!(f, "{}", hex_char(d))?;
        }
        Ok(())
    }
}
