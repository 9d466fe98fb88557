//! Saved states of long runs: the values computed so far, under a header that names the
//! format version, the code and the method, with a checksum of what follows.
//!
//! Version 1, a run that keeps every value: a few text lines, then the values as
//! little-endian `u16`:
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
//! Version 2, a windowed run ([`Window`]): the header also gives the window, the
//! heap size of the first recent value (`origin`), how many values went to the spill
//! file (or `none`), the sparse method's mask and rare positions, the number of distinct
//! values tallied and the digest of every value; the body holds the prefix (when the
//! window has moved), the recent values, the rare positions (`u32`) and their values,
//! and the tally's counts and last heap sizes (`u64`), all little-endian. The spill file
//! itself is checked against the digest when the run resumes.
//!
//! [`restore`] refuses anything that does not match exactly (another code or method,
//! another version, a truncated file, a changed byte, a spill that does not match), so a
//! checkpoint can never resume with wrong values. Writing the file atomically (temporary
//! file, then rename) and syncing the spill first are the caller's part: the library
//! opens no files.

use thiserror::Error;

/// The digest and checksum of checkpoints, also reachable here.
pub use super::digest::{digest, fnv1a64};

use super::code::TakeAndBreak;
use super::digest::{fnv1a64_more, value_bytes};
use super::error::ComputeError;
use super::method::Method;
use super::sequence::Sequence;
use super::sequence::WindowedState;
use super::stats::Tally;
use super::store::{SpillFile, Window};
use crate::limits::Budget;

/// The format version of a run that keeps every value.
pub const VERSION: u32 = 1;

/// The format version of a windowed run.
pub const WINDOWED: u32 = 2;

const MAGIC: &str = "grundy-octal-checkpoint";

/// Why a checkpoint was refused.
///
/// # Examples
///
/// ```
/// use grundy::octal::{checkpoint, Method};
/// let err = checkpoint::decode(b"hello", &"0.6".parse().unwrap(), Method::Sparse).unwrap_err();
/// assert_eq!(err.to_string(), "not a grundy octal checkpoint (its first line is not 'grundy-octal-checkpoint 1' or '... 2')");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The first line is not the magic line.
    #[error("not a grundy octal checkpoint (its first line is not '{MAGIC} {VERSION}' or '... {WINDOWED}')")]
    NotACheckpoint,
    /// Written by another format version.
    #[error("the checkpoint has format version {found}, this grundy reads versions {VERSION} and {WINDOWED}")]
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
    /// A windowed run's saved state does not hold together.
    #[error("the checkpoint is corrupt: {0}")]
    Window(String),
    /// The spill file of a windowed run is missing, short, or does not match.
    #[error("{0}")]
    Spill(String),
    /// The saved state was refused by the sequence (the budget).
    #[error(transparent)]
    Compute(#[from] ComputeError),
}

/// The checkpoint of `seq`, as bytes to write: version 1 when it keeps every value,
/// version 2 when it keeps a window.
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
    let Some(state) = seq.windowed_state() else {
        let body = value_bytes(seq.values());
        return with_header(VERSION, seq, &format!("values {}\n", seq.len()), &body);
    };
    let mut body = value_bytes(&state.early);
    body.extend(value_bytes(&state.recent));
    body.extend(state.rare.0.iter().flat_map(|r| r.to_le_bytes()));
    body.extend(value_bytes(&state.rare.1));
    body.extend(state.tally.counts.iter().flat_map(|c| c.to_le_bytes()));
    body.extend(state.tally.last.iter().flat_map(|c| c.to_le_bytes()));
    let spill = state
        .spilled
        .map_or("none".to_string(), |count| count.to_string());
    let fields = format!(
        "values {}\nwindow {} {}\norigin {}\nspill {spill}\nmask {}\nrare {}\ntally {}\ndigest {:016x}\n",
        seq.len(),
        state.window.prefix,
        state.window.recent,
        state.origin,
        state.mask,
        state.rare.0.len(),
        state.tally.counts.len(),
        state.tally.digest,
    );
    with_header(WINDOWED, seq, &fields, &body)
}

fn with_header(version: u32, seq: &Sequence, fields: &str, body: &[u8]) -> Vec<u8> {
    let mut out = format!(
        "{MAGIC} {version}\ncode {}\nmethod {}\n{fields}fnv1a64 {:016x}\n\n",
        seq.game(),
        seq.method(),
        fnv1a64(body)
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

/// Reads a checkpoint's lines and body.
struct Reader<'a> {
    rest: &'a [u8],
}

impl Reader<'_> {
    fn line(&mut self) -> String {
        let rest = self.rest;
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        self.rest = &rest[(end + 1).min(rest.len())..];
        String::from_utf8_lossy(&rest[..end]).into_owned()
    }

    fn field(&mut self, name: &'static str) -> Result<String, CheckpointError> {
        let text = self.line();
        text.strip_prefix(name)
            .and_then(|v| v.strip_prefix(' '))
            .map(str::to_string)
            .ok_or(CheckpointError::Header {
                expected: name,
                found: text,
            })
    }

    /// A field holding numbers (`hex`: one hexadecimal number).
    fn numbers(&mut self, name: &'static str, hex: bool) -> Result<Vec<u64>, CheckpointError> {
        let text = self.field(name)?;
        let parse = |word: &str| match hex {
            true => u64::from_str_radix(word, 16).ok(),
            false => word.parse().ok(),
        };
        text.split(' ')
            .map(parse)
            .collect::<Option<Vec<u64>>>()
            .ok_or(CheckpointError::Header {
                expected: name,
                found: text,
            })
    }

    fn number(&mut self, name: &'static str) -> Result<u64, CheckpointError> {
        match self.numbers(name, false)?.as_slice() {
            [n] => Ok(*n),
            _ => Err(CheckpointError::Header {
                expected: name,
                found: "several numbers".into(),
            }),
        }
    }

    /// Takes `count` little-endian numbers of `WIDTH` bytes from the body.
    fn take<const WIDTH: usize>(&mut self, count: usize) -> Vec<u64> {
        let (taken, rest) = self.rest.split_at((count * WIDTH).min(self.rest.len()));
        self.rest = rest;
        taken
            .chunks_exact(WIDTH)
            .map(|chunk| {
                let mut bytes = [0u8; 8];
                bytes[..WIDTH].copy_from_slice(chunk);
                u64::from_le_bytes(bytes)
            })
            .collect()
    }
}

/// The version, after checking the magic line, the code and the method.
fn open(reader: &mut Reader, game: &TakeAndBreak, method: Method) -> Result<u32, CheckpointError> {
    let first = reader.line();
    let Some(version) = first.strip_prefix(MAGIC).and_then(|v| v.strip_prefix(' ')) else {
        return Err(CheckpointError::NotACheckpoint);
    };
    let version = match version.parse::<u32>() {
        Ok(v) if v == VERSION || v == WINDOWED => v,
        _ => {
            return Err(CheckpointError::Version {
                found: version.to_string(),
            })
        }
    };
    let code = reader.field("code")?;
    let found_method = reader.field("method")?;
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
    Ok(version)
}

/// Checks the checksum line, the blank line and the body's length.
fn check_body(reader: &mut Reader, length: u64) -> Result<(), CheckpointError> {
    let sum = reader.numbers("fnv1a64", true)?;
    let blank = reader.line();
    if !blank.is_empty() {
        return Err(CheckpointError::Header {
            expected: "(blank line)",
            found: blank,
        });
    }
    if reader.rest.len() as u64 != length {
        return Err(CheckpointError::Length {
            expected: length,
            found: reader.rest.len() as u64,
        });
    }
    if sum != [fnv1a64(reader.rest)] {
        return Err(CheckpointError::Checksum);
    }
    Ok(())
}

/// The values of a version 1 checkpoint (a run that keeps every value), after checking
/// that it is one, for `game` and `method`, intact.
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
    let mut reader = Reader { rest: bytes };
    match open(&mut reader, game, method)? {
        VERSION => decode_values(&mut reader),
        found => Err(CheckpointError::Version {
            found: found.to_string(),
        }),
    }
}

fn decode_values(reader: &mut Reader) -> Result<Vec<u16>, CheckpointError> {
    let count = reader.number("values")?;
    check_body(reader, count.saturating_mul(2))?;
    let values: Vec<u16> = reader
        .take::<2>(count as usize)
        .into_iter()
        .map(|v| v as u16)
        .collect();
    if values.first().is_some_and(|&v| v != 0) {
        return Err(CheckpointError::FirstValue);
    }
    Ok(values)
}

/// The sequence saved in a checkpoint of either version, ready to go on. A windowed run
/// that spilled values needs its spill file, which is checked against the saved digest
/// (every value is read once).
///
/// # Errors
///
/// A [`CheckpointError`] naming what did not match, or what the budget refused.
///
/// # Examples
///
/// ```
/// use grundy::octal::{checkpoint, Method, Sequence, SpillFile, Window};
/// use std::io::Cursor;
/// let game: grundy::octal::TakeAndBreak = "0.16".parse().unwrap();
/// let mut seq = Sequence::new(game.clone(), Method::Sparse, grundy::Budget::default()).unwrap();
/// let spill = Cursor::new(Vec::new());
/// seq.keep_window(Window { prefix: 4096, recent: 16_000 }, Some(Box::new(spill.clone()))).unwrap();
/// seq.extend_to(50_000).unwrap();
/// let bytes = checkpoint::encode(&seq);
/// // A spill that is not the run's is refused.
/// let wrong: Box<dyn SpillFile> = Box::new(spill);
/// assert!(checkpoint::restore(&bytes, &game, Method::Sparse, grundy::Budget::default(), Some(wrong)).is_err());
/// ```
pub fn restore(
    bytes: &[u8],
    game: &TakeAndBreak,
    method: Method,
    budget: Budget,
    spill: Option<Box<dyn SpillFile>>,
) -> Result<Sequence, CheckpointError> {
    let mut reader = Reader { rest: bytes };
    if open(&mut reader, game, method)? == VERSION {
        let values = decode_values(&mut reader)?;
        return Ok(Sequence::resume(game.clone(), method, values, budget)?);
    }
    let mut state = decode_windowed(&mut reader)?;
    let spill = match (state.spilled, spill) {
        (Some(count), Some(mut file)) => {
            check_spill(&state, count, &mut file)?;
            Some(file)
        }
        (None, _) => None,
        (Some(count), None) => {
            return Err(CheckpointError::Spill(format!(
                "the run spilled {count} values to a file: it cannot go on without it"
            )))
        }
    };
    state.spilled = spill.as_ref().and(state.spilled);
    Ok(Sequence::resume_windowed(
        game.clone(),
        state,
        spill,
        budget,
    )?)
}

fn decode_windowed(reader: &mut Reader) -> Result<WindowedState, CheckpointError> {
    let len = reader.number("values")? as usize;
    let window = match reader.numbers("window", false)?.as_slice() {
        &[prefix, recent] => Window {
            prefix: prefix as usize,
            recent: recent as usize,
        },
        _ => return Err(bad("the window needs a prefix and a recent size")),
    };
    let origin = reader.number("origin")? as usize;
    let spill_text = reader.field("spill")?;
    let spilled = match spill_text.as_str() {
        "none" => None,
        text => Some(text.parse::<usize>().map_err(|_| CheckpointError::Header {
            expected: "spill",
            found: spill_text.clone(),
        })?),
    };
    let mask = reader.number("mask")? as usize;
    let rare = reader.number("rare")? as usize;
    let distinct = reader.number("tally")? as usize;
    let digest = reader.numbers("digest", true)?;
    let early_len = if origin == 0 { 0 } else { window.prefix };
    let sizes = Window::MIN_PREFIX..=Window::MAX_SIZE;
    let too_small =
        !sizes.contains(&window.prefix) || !(1..=Window::MAX_SIZE).contains(&window.recent);
    if origin > len || too_small || distinct > 1 << 16 {
        return Err(bad("the window's sizes do not fit the values"));
    }
    let length = 2 * (early_len + len - origin) as u64 + 6 * rare as u64 + 16 * distinct as u64;
    check_body(reader, length)?;
    let values = |v: Vec<u64>| -> Vec<u16> { v.into_iter().map(|x| x as u16).collect() };
    let early = values(reader.take::<2>(early_len));
    let recent = values(reader.take::<2>(len - origin));
    let rare_pos: Vec<u32> = reader
        .take::<4>(rare)
        .into_iter()
        .map(|r| r as u32)
        .collect();
    let rare_val = values(reader.take::<2>(rare));
    let counts = reader.take::<8>(distinct);
    let last = reader.take::<8>(distinct);
    let tally = Tally {
        len: len as u64,
        counts,
        last,
        digest: digest.first().copied().unwrap_or(0),
    };
    let state = WindowedState {
        window,
        early,
        origin,
        recent,
        spilled,
        tally,
        mask,
        rare: (rare_pos, rare_val),
    };
    check_shape(&state)?;
    Ok(state)
}

fn bad(what: &str) -> CheckpointError {
    CheckpointError::Window(what.to_string())
}

/// The invariants the sparse method counts on, so a damaged state is refused rather than
/// misread.
fn check_shape(state: &WindowedState) -> Result<(), CheckpointError> {
    let len = state.tally.len;
    let first = state.early.first().or(state.recent.first());
    if first.is_some_and(|&v| v != 0) {
        return Err(CheckpointError::FirstValue);
    }
    if state.origin > 0 && state.recent.len() < state.window.recent {
        return Err(bad("fewer recent values than the window keeps"));
    }
    let expected_spill = state.origin.saturating_sub(state.window.prefix);
    if state.spilled.is_some_and(|count| count != expected_spill) {
        return Err(bad("the spill's length does not match the window"));
    }
    if len > 0 && state.tally.counts.iter().sum::<u64>() != len - 1 {
        return Err(bad("the value counts do not add up to the values"));
    }
    let top = state.tally.counts.len();
    let values_fit = |values: &[u16]| values.iter().all(|&v| usize::from(v) < top.max(1));
    if !values_fit(&state.early) || !values_fit(&state.recent) || !values_fit(&state.rare.1) {
        return Err(bad("a value lies outside the tally"));
    }
    if state.tally.last.iter().any(|&n| n >= len.max(1)) {
        return Err(bad("a value's last heap size lies beyond the values"));
    }
    let positions = &state.rare.0;
    if positions.windows(2).any(|w| w[0] >= w[1])
        || positions.first().is_some_and(|&r| r == 0)
        || positions.last().is_some_and(|&r| u64::from(r) >= len)
    {
        return Err(bad("the rare positions are not ascending heap sizes"));
    }
    if state.mask == 0 || state.mask >= 1 << 16 {
        return Err(bad("the mask is out of range"));
    }
    Ok(())
}

/// Checks that the spill holds G(prefix .. origin): the digest of the prefix, the
/// spill and the recent values must be the saved digest of every value.
fn check_spill(
    state: &WindowedState,
    count: usize,
    file: &mut Box<dyn SpillFile>,
) -> Result<(), CheckpointError> {
    use std::io::{Read, Seek, SeekFrom};
    let failed =
        |err: std::io::Error| CheckpointError::Spill(format!("cannot read the spill file: {err}"));
    file.seek(SeekFrom::Start(0)).map_err(failed)?;
    let kept = state.early.len().min(state.origin);
    let mut hash = fnv1a64(&value_bytes(&state.early[..kept]));
    let mut left = 2 * count as u64;
    let mut buffer = vec![0u8; 1 << 20];
    while left > 0 {
        let want = buffer.len().min(left as usize);
        file.read_exact(&mut buffer[..want])
            .map_err(|err| match err.kind() {
                std::io::ErrorKind::UnexpectedEof => CheckpointError::Spill(format!(
                    "the spill file is shorter than the {count} values the checkpoint counts on"
                )),
                _ => failed(err),
            })?;
        hash = fnv1a64_more(hash, &buffer[..want]);
        left -= want as u64;
    }
    hash = fnv1a64_more(hash, &value_bytes(&state.recent));
    if hash != state.tally.digest {
        return Err(CheckpointError::Spill(
            "the spill file does not match the checkpoint (another run's, or damaged)".into(),
        ));
    }
    Ok(())
}
