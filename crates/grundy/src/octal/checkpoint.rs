//! Saved states of long runs: the values computed so far, under a header that names the
//! format version, the code and the method, with a checksum of the values.
//!
//! The format is a few text lines then the values as little-endian `u16`:
//!
//! ```text
//! grundy-octal-checkpoint 1
//! code 0.6
//! method sparse
//! values 1048576
//! fnv1a64 8f3c...
//!
//! <2 bytes per value>
//! ```
//!
//! [`decode`] refuses anything that does not match exactly (another code or method,
//! another version, a truncated file, a changed byte), so a checkpoint can never resume
//! with wrong values. Writing the file atomically (temporary file, then rename) is the
//! caller's part: the library does no file I/O.

use thiserror::Error;

use super::{Method, Sequence, TakeAndBreak};

/// The format version written and accepted.
pub const VERSION: u32 = 1;

const MAGIC: &str = "grundy-octal-checkpoint";

/// Why a checkpoint was refused.
///
/// # Examples
///
/// ```
/// use grundy::octal::{checkpoint, Method};
/// let err = checkpoint::decode(b"hello", &"0.6".parse().unwrap(), Method::Sparse).unwrap_err();
/// assert_eq!(err.to_string(), "not a grundy octal checkpoint (its first line is not 'grundy-octal-checkpoint 1')");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The first line is not the magic line.
    #[error("not a grundy octal checkpoint (its first line is not '{MAGIC} {VERSION}')")]
    NotACheckpoint,
    /// Written by another format version.
    #[error("the checkpoint has format version {found}, this grundy reads version {VERSION}")]
    Version {
        /// The version in the file.
        found: String,
    },
    /// A header line is missing or malformed.
    #[error("the checkpoint header is damaged: expected '{expected} ...', found {found:?}")]
    Header {
        /// The field expected.
        expected: &'static str,
        /// The line found.
        found: String,
    },
    /// Saved for another code.
    #[error("the checkpoint is for the code {found}, not {expected}")]
    Code {
        /// The code in the file.
        found: String,
        /// The code of this run.
        expected: String,
    },
    /// Saved by another method.
    #[error("the checkpoint was made by the {found} method, this run uses {expected}")]
    Method {
        /// The method in the file.
        found: String,
        /// The method of this run.
        expected: String,
    },
    /// Fewer or more value bytes than the header says.
    #[error(
        "the checkpoint is truncated or padded: {expected} value bytes announced, {found} present"
    )]
    Length {
        /// Bytes announced.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// The values do not match their checksum.
    #[error("the checkpoint's values do not match their checksum (the file is corrupt)")]
    Checksum,
    /// G(0) is not 0.
    #[error("the checkpoint is corrupt: G(0) must be 0")]
    FirstValue,
}

/// FNV-1a, 64 bits, of `bytes`: a checksum for corruption, not for adversaries.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::octal::checkpoint::fnv1a64(b""), 0xcbf29ce484222325);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The values as little-endian bytes.
fn value_bytes(values: &[u16]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// FNV-1a of the values' little-endian bytes: a digest to compare two runs.
///
/// # Examples
///
/// ```
/// use grundy::octal::checkpoint::digest;
/// assert_ne!(digest(&[0, 1, 2]), digest(&[0, 2, 1]));
/// ```
pub fn digest(values: &[u16]) -> u64 {
    fnv1a64(&value_bytes(values))
}

/// The checkpoint of `seq`, as bytes to write.
///
/// # Examples
///
/// ```
/// use grundy::octal::{checkpoint, Method, Sequence};
/// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// seq.extend_to(100).unwrap();
/// let bytes = checkpoint::encode(&seq);
/// let values = checkpoint::decode(&bytes, seq.game(), Method::Sparse).unwrap();
/// assert_eq!(values, seq.values());
/// ```
pub fn encode(seq: &Sequence) -> Vec<u8> {
    let body = value_bytes(seq.values());
    let mut out = format!(
        "{MAGIC} {VERSION}\ncode {}\nmethod {}\nvalues {}\nfnv1a64 {:016x}\n\n",
        seq.game(),
        seq.method(),
        seq.len(),
        fnv1a64(&body)
    )
    .into_bytes();
    out.extend_from_slice(&body);
    out
}

/// The values saved in `bytes`, when it is an intact checkpoint of `game` by `method`.
///
/// # Errors
///
/// A [`CheckpointError`] naming what did not match.
///
/// # Examples
///
/// ```
/// use grundy::octal::{checkpoint, Method, Sequence};
/// let mut seq = Sequence::new("0.77".parse().unwrap(), Method::Sparse, grundy::Budget::default()).unwrap();
/// seq.extend_to(10).unwrap();
/// let mut bytes = checkpoint::encode(&seq);
/// let last = bytes.len() - 1;
/// bytes[last] ^= 1;
/// assert!(checkpoint::decode(&bytes, seq.game(), Method::Sparse).is_err());
/// ```
pub fn decode(
    bytes: &[u8],
    game: &TakeAndBreak,
    method: Method,
) -> Result<Vec<u16>, CheckpointError> {
    let mut rest = bytes;
    let mut line = || -> String {
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let text = String::from_utf8_lossy(&rest[..end]).into_owned();
        rest = &rest[(end + 1).min(rest.len())..];
        text
    };
    let first = line();
    let Some(version) = first.strip_prefix(MAGIC).and_then(|v| v.strip_prefix(' ')) else {
        return Err(CheckpointError::NotACheckpoint);
    };
    if version != VERSION.to_string() {
        return Err(CheckpointError::Version {
            found: version.to_string(),
        });
    }
    let mut field = |name: &'static str| -> Result<String, CheckpointError> {
        let text = line();
        text.strip_prefix(name)
            .and_then(|v| v.strip_prefix(' '))
            .map(str::to_string)
            .ok_or(CheckpointError::Header {
                expected: name,
                found: text,
            })
    };
    let code = field("code")?;
    let found_method = field("method")?;
    let count_text = field("values")?;
    let sum_text = field("fnv1a64")?;
    let blank = line();
    if !blank.is_empty() {
        return Err(CheckpointError::Header {
            expected: "(blank line)",
            found: blank,
        });
    }
    if code != game.to_string() {
        return Err(CheckpointError::Code {
            found: code,
            expected: game.to_string(),
        });
    }
    if found_method != method.to_string() {
        return Err(CheckpointError::Method {
            found: found_method,
            expected: method.to_string(),
        });
    }
    let header = |expected, found: &str| CheckpointError::Header {
        expected,
        found: found.to_string(),
    };
    let count: u64 = count_text
        .parse()
        .map_err(|_| header("values", &count_text))?;
    let sum = u64::from_str_radix(&sum_text, 16).map_err(|_| header("fnv1a64", &sum_text))?;
    let expected = count.saturating_mul(2);
    if rest.len() as u64 != expected {
        return Err(CheckpointError::Length {
            expected,
            found: rest.len() as u64,
        });
    }
    if fnv1a64(rest) != sum {
        return Err(CheckpointError::Checksum);
    }
    let values: Vec<u16> = rest
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    if values.first().is_some_and(|&v| v != 0) {
        return Err(CheckpointError::FirstValue);
    }
    Ok(values)
}
