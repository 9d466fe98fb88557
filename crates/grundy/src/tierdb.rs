//! Strong solutions kept on disk: tier databases of Connect Four, built tier by tier on every
//! core and answered at once, position by position.
//!
//! [`build`] solves every position reachable from the start of a [`ConnectFour`] board and
//! writes a directory: `manifest.json` (game, parameters, format version, positions per
//! tier, checksums) and one file per tier (`tier-K.bin`, `K` stones on the board). A tier
//! file holds one byte per rank of [`ConnectFour::rank`] (a perfect numbering of the boards
//! with `K` stones), compressed with LZ4 in independent blocks of [`BLOCK`] ranks behind a
//! block index, so that one position costs one block read and decompressed.
//!
//! # Values
//!
//! A byte is the value for the player to move with its remoteness (moves to the end under
//! perfect play: the winner hurries, the loser delays): `0x80 | r` a win in `r`, `0x40 | r`
//! a loss in `r`, `0x00` a draw (its remoteness is the empty cells: a drawn game ends on a
//! full board), `0xFF` a board not reachable from the start (not in the database).
//! Remoteness fits: a board has at most 63 cells.
//!
//! # Building
//!
//! A forward pass marks the reachable ranks of every tier (one bit per rank); then tier
//! `cells` down to tier 0 are solved, each from the one above it (held uncompressed, one
//! byte per rank), in parallel over blocks (rayon). Each tier file is written to a temporary
//! file, synced and renamed, then the manifest (written the same way) records it with its
//! CRC-32: a killed build resumes at the first tier not recorded, after checking the
//! recorded ones, and writes the same bytes (results do not depend on threads or timing).
//! The memory needed (the reachability bits of every tier and three tier-sized buffers) is
//! checked against the [`Budget`] before anything is allocated.
//!
//! # Examples
//!
//! ```
//! use grundy::games::connect_four::ConnectFour;
//! use grundy::tierdb::{build, BuildOptions, Database};
//! use grundy::Outcome;
//!
//! let dir = std::env::temp_dir().join(format!("grundy-doc-tierdb-{}", std::process::id()));
//! let game = ConnectFour::new(4, 3).unwrap();
//! let report = build(&game, &dir, &BuildOptions::default()).unwrap();
//! assert_eq!(report.positions, 12031); // John Tromp's count for 4 x 3
//! let db = Database::open(&dir).unwrap();
//! let answer = db.probe(&game.play_all("11").unwrap()).unwrap().unwrap();
//! assert_eq!(answer.value.outcome, Outcome::Draw);
//! assert_eq!(answer.moves.len(), 4);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::connect_four::{Board, ConnectFour, ConnectFourError};
use crate::limits::{Budget, SolveError};
use crate::value::Outcome;

#[cfg(test)]
mod tests;

/// Ranks per compressed block: 64 KiB of values.
pub const BLOCK: usize = 1 << 16;

/// The version of the format written (manifest and tier files).
pub const FORMAT_VERSION: u32 = 1;

/// The manifest's name in a database directory.
pub const MANIFEST: &str = "manifest.json";

const FORMAT_NAME: &str = "grundy-tierdb";
const GAME_NAME: &str = "connect-four";
const MAGIC: &[u8; 8] = b"GRNDYTR1";
const HEADER: usize = 32;
const INDEX_ENTRY: usize = 16;

const ABSENT: u8 = 0xFF;
const DRAW: u8 = 0x00;
const LOSS: u8 = 0x40;
const WIN: u8 = 0x80;
const REMOTENESS: u8 = 0x3F;

/// Why a database could not be built, opened or read.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::{Database, DbError};
/// let err = Database::open("/nonexistent/db").unwrap_err();
/// assert!(matches!(err, DbError::NotADatabase { .. }));
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DbError {
    /// The board size or a position's moves were refused.
    #[error(transparent)]
    Game(#[from] ConnectFourError),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The directory has no readable manifest.
    #[error("{dir} is not a tier database: no readable {MANIFEST} ({why})")]
    NotADatabase {
        /// The directory.
        dir: PathBuf,
        /// What was wrong.
        why: String,
    },
    /// The manifest is of another format version.
    #[error("{dir}: format version {found}, this build reads version {FORMAT_VERSION}")]
    Version {
        /// The directory.
        dir: PathBuf,
        /// The version found.
        found: u32,
    },
    /// The directory holds a database of another game or board.
    #[error("{dir} holds a database of {found}, not {wanted}")]
    OtherGame {
        /// The directory.
        dir: PathBuf,
        /// What it holds.
        found: String,
        /// What was asked for.
        wanted: String,
    },
    /// A file does not match its manifest (checksum, size, header or block).
    #[error("{path} is corrupt: {why}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What does not match.
        why: String,
    },
    /// The build was stopped before every tier was written.
    #[error(
        "{dir} is incomplete: tiers {missing} are not built yet (run the build again to resume)"
    )]
    Incomplete {
        /// The directory.
        dir: PathBuf,
        /// The tiers missing, e.g. `0..=7`.
        missing: String,
    },
    /// The build needs more memory than the budget allows; nothing was allocated.
    #[error(
        "building needs {needed} bytes (the largest tier, {tier}, has {ranks} ranks: 1 byte \
         each beside the tier above it, plus 1 bit a rank of every tier for reachability), \
         more than the limit of {limit} bytes"
    )]
    Memory {
        /// Bytes needed.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
        /// The tier that needs the most.
        tier: u32,
        /// Its ranks.
        ranks: u64,
    },
    /// The build was refused or cancelled by the budget.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> DbError + '_ {
    move |source| DbError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A position's value for the player to move, with its remoteness.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::Value;
/// use grundy::Outcome;
/// let v = Value { outcome: Outcome::Win, remoteness: 3 };
/// assert_eq!(v.to_string(), "win in 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Value {
    /// Win, loss or draw for the player to move.
    pub outcome: Outcome,
    /// Moves to the end under perfect play.
    pub remoteness: u32,
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} in {}", self.outcome, self.remoteness)
    }
}

impl Value {
    /// The value of a byte of a tier file for a board with `empty` empty cells; `None` for
    /// a board not in the database.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::tierdb::Value;
    /// use grundy::Outcome;
    /// assert_eq!(Value::decode(0x83, 9).unwrap().outcome, Outcome::Win);
    /// assert_eq!(Value::decode(0x00, 9).unwrap().remoteness, 9);
    /// assert_eq!(Value::decode(0xFF, 9), None);
    /// ```
    pub fn decode(byte: u8, empty: u32) -> Option<Value> {
        let remoteness = u32::from(byte & REMOTENESS);
        match byte & !REMOTENESS {
            _ if byte == ABSENT => None,
            DRAW if byte == DRAW => Some(Value {
                outcome: Outcome::Draw,
                remoteness: empty,
            }),
            WIN => Some(Value {
                outcome: Outcome::Win,
                remoteness,
            }),
            LOSS => Some(Value {
                outcome: Outcome::Loss,
                remoteness,
            }),
            _ => None,
        }
    }
}

/// A position's answer: its value and every move's (the value for the player who moves
/// there, i.e. the negation of the value of the position reached, one move further).
///
/// # Examples
///
/// ```
/// use grundy::tierdb::{Probe, Value};
/// use grundy::Outcome;
/// let draw = Value { outcome: Outcome::Draw, remoteness: 2 };
/// let probe = Probe { value: draw, moves: vec![(1, draw)] };
/// assert_eq!(probe.moves[0].0, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Probe {
    /// The position's value for the player to move.
    pub value: Value,
    /// Each legal move (its column, from 1) with its value for the mover.
    pub moves: Vec<(u32, Value)>,
}

/// How [`build`] runs.
///
/// # Examples
///
/// ```
/// use grundy::tierdb::BuildOptions;
/// let options = BuildOptions { stop_after: Some(5), ..BuildOptions::default() };
/// assert_eq!(options.stop_after, Some(5));
/// ```
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Memory limit and cancel flag (checked between blocks).
    pub budget: Budget,
    /// Stop once this tier is written (as a kill would, but cleanly): for tests of resume.
    pub stop_after: Option<u32>,
}

/// What [`build`] did.
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build, BuildOptions};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-report-{}", std::process::id()));
/// let report = build(&ConnectFour::new(2, 2).unwrap(), &dir, &BuildOptions::default()).unwrap();
/// assert_eq!(report.positions, 18); // John Tromp's count for 2 x 2
/// assert_eq!(report.per_tier, vec![1, 2, 4, 6, 5]);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BuildReport {
    /// Positions reachable from the start (mirror images counted apart).
    pub positions: u64,
    /// Of them, those of each tier (stones on the board), from tier 0.
    pub per_tier: Vec<u64>,
    /// The start's value for the player to move (none when stopped early).
    pub value: Option<Value>,
    /// Tiers written by this run.
    pub written: Vec<u32>,
    /// Tiers found complete and kept.
    pub kept: Vec<u32>,
    /// Bytes of the tier files.
    pub bytes: u64,
}

/// A tier as the manifest records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct TierEntry {
    tier: u32,
    file: String,
    ranks: u64,
    positions: u64,
    bytes: u64,
    crc32: u32,
}

/// `manifest.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Manifest {
    format: String,
    version: u32,
    game: String,
    width: u32,
    height: u32,
    connect: u32,
    block_size: u32,
    encoding: String,
    /// Complete tiers, by tier.
    tiers: Vec<TierEntry>,
    /// Set once every tier is written.
    positions: Option<u64>,
    value: Option<Value>,
}

impl Manifest {
    fn new(game: &ConnectFour) -> Manifest {
        Manifest {
            format: FORMAT_NAME.into(),
            version: FORMAT_VERSION,
            game: GAME_NAME.into(),
            width: game.width(),
            height: game.height(),
            connect: 4,
            block_size: BLOCK as u32,
            encoding: "one byte per rank: 0x80|r win in r, 0x40|r loss in r, 0x00 draw, \
                       0xFF not reachable; LZ4 blocks"
                .into(),
            tiers: Vec::new(),
            positions: None,
            value: None,
        }
    }

    fn describe(&self) -> String {
        format!("{} {} x {}", self.game, self.width, self.height)
    }

    fn read(dir: &Path) -> Result<Manifest, DbError> {
        let path = dir.join(MANIFEST);
        let not_db = |why: String| DbError::NotADatabase {
            dir: dir.to_path_buf(),
            why,
        };
        let text = fs::read_to_string(&path).map_err(|e| not_db(e.to_string()))?;
        let value: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| not_db(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT_NAME) {
            return Err(not_db(format!("its format is not {FORMAT_NAME}")));
        }
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version != u64::from(FORMAT_VERSION) {
            return Err(DbError::Version {
                dir: dir.to_path_buf(),
                found: version.min(u64::from(u32::MAX)) as u32,
            });
        }
        serde_json::from_value(value).map_err(|e| not_db(e.to_string()))
    }

    fn write(&self, dir: &Path) -> Result<(), DbError> {
        let mut text = serde_json::to_string_pretty(self).expect("a manifest serializes");
        text.push('\n');
        write_atomically(dir, MANIFEST, text.as_bytes())
    }

    fn entry(&self, tier: u32) -> Option<&TierEntry> {
        self.tiers.iter().find(|e| e.tier == tier)
    }

    fn game(&self, dir: &Path) -> Result<ConnectFour, DbError> {
        if self.game != GAME_NAME || self.connect != 4 || self.block_size != BLOCK as u32 {
            return Err(DbError::OtherGame {
                dir: dir.to_path_buf(),
                found: self.describe(),
                wanted: GAME_NAME.into(),
            });
        }
        Ok(ConnectFour::new(
            u64::from(self.width),
            u64::from(self.height),
        )?)
    }
}

/// Writes `bytes` to `dir/name` through a temporary file, synced, then renamed.
fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), DbError> {
    let tmp = dir.join(format!("{name}.tmp"));
    let path = dir.join(name);
    {
        let mut file = File::create(&tmp).map_err(io_err(&tmp))?;
        file.write_all(bytes).map_err(io_err(&tmp))?;
        file.sync_all().map_err(io_err(&tmp))?;
    }
    fs::rename(&tmp, &path).map_err(io_err(&path))?;
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

fn tier_file(tier: u32) -> String {
    format!("tier-{tier:02}.bin")
}

/// A tier file's bytes: header, block index, LZ4 blocks.
fn encode_tier(tier: u32, values: &[u8]) -> Vec<u8> {
    let blocks: Vec<Vec<u8>> = values
        .par_chunks(BLOCK)
        .map(lz4_flex::block::compress)
        .collect();
    let data_start = HEADER + blocks.len() * INDEX_ENTRY;
    let total = data_start + blocks.iter().map(Vec::len).sum::<usize>();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&tier.to_le_bytes());
    out.extend_from_slice(&(BLOCK as u32).to_le_bytes());
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    out.extend_from_slice(&(blocks.len() as u64).to_le_bytes());
    let mut offset = data_start as u64;
    for block in &blocks {
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&(block.len() as u32).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
        offset += block.len() as u64;
    }
    for block in &blocks {
        out.extend_from_slice(block);
    }
    out
}

/// One block's place in its tier file.
#[derive(Clone, Copy, Debug)]
struct BlockEntry {
    offset: u64,
    len: u32,
    crc: u32,
}

/// A tier file's header and index, checked against the manifest's entry and the file's size.
fn read_index(path: &Path, entry: &TierEntry) -> Result<Vec<BlockEntry>, DbError> {
    let corrupt = |why: String| DbError::Corrupt {
        path: path.to_path_buf(),
        why,
    };
    let mut file = File::open(path).map_err(io_err(path))?;
    let size = file.metadata().map_err(io_err(path))?.len();
    if size != entry.bytes {
        return Err(corrupt(format!(
            "{size} bytes, the manifest says {} (truncated or overwritten)",
            entry.bytes
        )));
    }
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header)
        .map_err(|_| corrupt("shorter than its header".into()))?;
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4"));
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8"));
    let blocks = u64_at(&header, 24);
    if &header[..8] != MAGIC
        || u32_at(&header, 8) != entry.tier
        || u32_at(&header, 12) != BLOCK as u32
        || u64_at(&header, 16) != entry.ranks
        || blocks != entry.ranks.div_ceil(BLOCK as u64)
    {
        return Err(corrupt("its header does not match the manifest".into()));
    }
    let index_len = (blocks as usize)
        .checked_mul(INDEX_ENTRY)
        .filter(|&n| (HEADER + n) as u64 <= size)
        .ok_or_else(|| corrupt("its block index is cut".into()))?;
    let mut index = vec![0u8; index_len];
    file.read_exact(&mut index)
        .map_err(|_| corrupt("its block index is cut".into()))?;
    let entries: Vec<BlockEntry> = index
        .chunks_exact(INDEX_ENTRY)
        .map(|e| BlockEntry {
            offset: u64_at(e, 0),
            len: u32_at(e, 8),
            crc: u32_at(e, 12),
        })
        .collect();
    if entries
        .iter()
        .any(|e| e.offset.saturating_add(u64::from(e.len)) > size)
    {
        return Err(corrupt("a block lies past the end of the file".into()));
    }
    Ok(entries)
}

/// Decompresses one block, checked against its CRC and length.
fn decode_block(
    path: &Path,
    compressed: &[u8],
    entry: &BlockEntry,
    len: usize,
) -> Result<Vec<u8>, DbError> {
    let corrupt = |why: String| DbError::Corrupt {
        path: path.to_path_buf(),
        why,
    };
    if crc32fast::hash(compressed) != entry.crc {
        return Err(corrupt(format!(
            "the block at byte {} fails its checksum",
            entry.offset
        )));
    }
    let values = lz4_flex::block::decompress(compressed, len).map_err(|e| {
        corrupt(format!(
            "the block at byte {} does not decompress: {e}",
            entry.offset
        ))
    })?;
    if values.len() != len {
        return Err(corrupt(format!(
            "the block at byte {} is short",
            entry.offset
        )));
    }
    Ok(values)
}

/// Reads a whole tier file, checked against the manifest's CRC, and decompresses it.
fn load_tier(dir: &Path, entry: &TierEntry) -> Result<Vec<u8>, DbError> {
    let path = dir.join(&entry.file);
    let bytes = check_file(dir, entry)?;
    let index = read_index(&path, entry)?;
    let mut values = Vec::with_capacity(entry.ranks as usize);
    for (b, block) in index.iter().enumerate() {
        let len = (entry.ranks as usize - b * BLOCK).min(BLOCK);
        let start = block.offset as usize;
        let compressed = &bytes[start..start + block.len as usize];
        values.extend_from_slice(&decode_block(&path, compressed, block, len)?);
    }
    Ok(values)
}

/// The bytes of a tier file, checked against the manifest's size and CRC.
fn check_file(dir: &Path, entry: &TierEntry) -> Result<Vec<u8>, DbError> {
    let path = dir.join(&entry.file);
    let bytes = fs::read(&path).map_err(io_err(&path))?;
    let corrupt = |why: String| DbError::Corrupt {
        path: path.clone(),
        why,
    };
    if bytes.len() as u64 != entry.bytes {
        return Err(corrupt(format!(
            "{} bytes, the manifest says {} (truncated or overwritten)",
            bytes.len(),
            entry.bytes
        )));
    }
    let crc = crc32fast::hash(&bytes);
    if crc != entry.crc32 {
        return Err(corrupt(format!(
            "CRC-32 {crc:08x}, the manifest says {:08x}",
            entry.crc32
        )));
    }
    Ok(bytes)
}

/// The memory a build needs, checked against the budget: the reachability bits of every
/// tier, and for the largest tier its values, its compressed copy and the values of the
/// tier above it.
fn check_memory(game: &ConnectFour, budget: &Budget) -> Result<(), DbError> {
    let cells = game.cells();
    let bits: u64 = (0..=cells)
        .map(|k| game.tier_size(k).div_ceil(64) * 8)
        .sum();
    let (tier, tier_bytes) = (0..=cells)
        .map(|k| {
            let here = game.tier_size(k);
            (
                k,
                here.saturating_mul(2).saturating_add(game.tier_size(k + 1)),
            )
        })
        .max_by_key(|&(_, b)| b)
        .expect("tier 0 exists");
    let needed = bits.saturating_add(tier_bytes);
    if needed > budget.bytes() || needed > usize::MAX as u64 / 2 {
        return Err(DbError::Memory {
            needed,
            limit: budget.bytes(),
            tier,
            ranks: game.tier_size(tier),
        });
    }
    Ok(())
}

/// The reachable ranks of every tier, as bits, found forward from the start.
fn reachable(game: &ConnectFour, budget: &Budget) -> Result<Vec<Vec<u64>>, DbError> {
    let cells = game.cells();
    let mut tiers: Vec<Vec<u64>> = Vec::with_capacity(cells as usize + 1);
    tiers.push(vec![1]);
    for k in 0..cells {
        budget.check_cancelled()?;
        let next: Vec<AtomicU64> = (0..game.tier_size(k + 1).div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        let here = &tiers[k as usize];
        here.par_iter()
            .enumerate()
            .with_min_len(256)
            .for_each(|(w, &word)| {
                let mut bits = word;
                while bits != 0 {
                    let r = w as u64 * 64 + u64::from(bits.trailing_zeros());
                    bits &= bits - 1;
                    let board = game.unrank(k, r);
                    if board.is_won(game) {
                        continue;
                    }
                    for col in 0..game.width() {
                        if game.can_play(&board, col) {
                            let child = game.rank(&game.play(&board, col));
                            next[(child / 64) as usize]
                                .fetch_or(1 << (child % 64), Ordering::Relaxed);
                        }
                    }
                }
            });
        tiers.push(next.into_iter().map(AtomicU64::into_inner).collect());
    }
    Ok(tiers)
}

/// The byte of `board` (reachable, tier `k`) from the values of tier `k + 1`; `None` when a
/// successor is marked unreachable (a corrupt tier above).
fn solve_board(game: &ConnectFour, board: &Board, above: &[u8]) -> Option<u8> {
    if board.is_won(game) {
        return Some(LOSS);
    }
    if board.stones() == game.cells() {
        return Some(DRAW);
    }
    let mut best_win = u8::MAX;
    let mut draw = false;
    let mut worst_loss = 0u8;
    for col in 0..game.width() {
        if !game.can_play(board, col) {
            continue;
        }
        let child = game.play(board, col);
        let byte = *above.get(game.rank(&child) as usize)?;
        match byte & !REMOTENESS {
            _ if byte == ABSENT => return None,
            DRAW => draw = true,
            LOSS => best_win = best_win.min((byte & REMOTENESS) + 1),
            WIN => worst_loss = worst_loss.max((byte & REMOTENESS) + 1),
            _ => return None,
        }
    }
    Some(if best_win != u8::MAX {
        WIN | best_win
    } else if draw {
        DRAW
    } else {
        LOSS | worst_loss
    })
}

/// The values of tier `k`, in parallel over blocks.
fn solve_tier(
    game: &ConnectFour,
    k: u32,
    reach: &[u64],
    above: &[u8],
    budget: &Budget,
) -> Result<Vec<u8>, DbError> {
    let mut values = vec![ABSENT; game.tier_size(k) as usize];
    values
        .par_chunks_mut(BLOCK)
        .enumerate()
        .try_for_each(|(b, chunk)| -> Result<(), DbError> {
            budget.check_cancelled()?;
            let first = (b * BLOCK) as u64;
            for (i, cell) in chunk.iter_mut().enumerate() {
                let r = first + i as u64;
                if reach[(r / 64) as usize] >> (r % 64) & 1 == 0 {
                    continue;
                }
                let board = game.unrank(k, r);
                *cell = solve_board(game, &board, above).ok_or_else(|| DbError::Corrupt {
                    path: PathBuf::from(tier_file(k + 1)),
                    why: format!("a successor of rank {r} of tier {k} is missing"),
                })?;
            }
            Ok(())
        })?;
    Ok(values)
}

/// Builds (or resumes building) the database of `game` in `dir`: every position reachable
/// from the start, strongly solved, tier by tier from the full board down.
///
/// # Errors
///
/// [`DbError::Memory`] when the build does not fit `options.budget` (nothing allocated);
/// [`DbError::OtherGame`] or [`DbError::Version`] when `dir` holds another database;
/// [`DbError::Corrupt`] when a tier recorded as complete fails its checksum;
/// [`DbError::Io`] on a file error; [`DbError::Solve`] when cancelled.
///
/// # Examples
///
/// A build stopped after tier 5 and resumed writes the same files as one run.
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build, BuildOptions};
/// let dir = std::env::temp_dir().join(format!("grundy-doc-build-{}", std::process::id()));
/// let game = ConnectFour::new(3, 3).unwrap();
/// let stop = BuildOptions { stop_after: Some(5), ..BuildOptions::default() };
/// assert_eq!(build(&game, &dir, &stop).unwrap().value, None);
/// let report = build(&game, &dir, &BuildOptions::default()).unwrap();
/// assert_eq!(report.kept, vec![9, 8, 7, 6, 5]);
/// assert_eq!(report.positions, 869); // John Tromp's count for 3 x 3
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn build(
    game: &ConnectFour,
    dir: &Path,
    options: &BuildOptions,
) -> Result<BuildReport, DbError> {
    let budget = &options.budget;
    check_memory(game, budget)?;
    fs::create_dir_all(dir).map_err(io_err(dir))?;
    let mut manifest = if dir.join(MANIFEST).exists() {
        let found = Manifest::read(dir)?;
        if found.game != GAME_NAME || found.width != game.width() || found.height != game.height() {
            return Err(DbError::OtherGame {
                dir: dir.to_path_buf(),
                found: found.describe(),
                wanted: Manifest::new(game).describe(),
            });
        }
        found.game(dir)?;
        found
    } else {
        Manifest::new(game)
    };
    let cells = game.cells();
    let reach = reachable(game, budget)?;
    let per_tier: Vec<u64> = reach
        .iter()
        .map(|t| t.iter().map(|w| u64::from(w.count_ones())).sum())
        .collect();
    let mut report = BuildReport {
        positions: per_tier.iter().sum(),
        per_tier: per_tier.clone(),
        value: None,
        written: Vec::new(),
        kept: Vec::new(),
        bytes: 0,
    };
    let mut above: Vec<u8> = Vec::new();
    for k in (0..=cells).rev() {
        budget.check_cancelled()?;
        if let Some(entry) = manifest.entry(k).cloned() {
            if entry.positions != per_tier[k as usize] || entry.ranks != game.tier_size(k) {
                return Err(DbError::Corrupt {
                    path: dir.join(&entry.file),
                    why: "the manifest's positions do not match the game's".into(),
                });
            }
            let below_done = k == 0 || manifest.entry(k - 1).is_some();
            if below_done {
                check_file(dir, &entry)?;
                above = Vec::new();
            } else {
                above = load_tier(dir, &entry)?;
            }
            report.kept.push(k);
            report.bytes += entry.bytes;
            continue;
        }
        let values = solve_tier(game, k, &reach[k as usize], &above, budget)?;
        let bytes = encode_tier(k, &values);
        let entry = TierEntry {
            tier: k,
            file: tier_file(k),
            ranks: values.len() as u64,
            positions: per_tier[k as usize],
            bytes: bytes.len() as u64,
            crc32: crc32fast::hash(&bytes),
        };
        write_atomically(dir, &entry.file, &bytes)?;
        drop(bytes);
        report.bytes += entry.bytes;
        manifest.tiers.push(entry);
        manifest.tiers.sort_by_key(|e| e.tier);
        manifest.write(dir)?;
        report.written.push(k);
        above = values;
        if options.stop_after == Some(k) && k > 0 {
            return Ok(report);
        }
    }
    let start = match manifest.entry(0) {
        Some(entry) => load_tier(dir, entry)?,
        None => above,
    };
    let value = Value::decode(start[0], cells);
    manifest.positions = Some(report.positions);
    manifest.value = value;
    manifest.write(dir)?;
    report.value = value;
    Ok(report)
}

/// A tier's file and block index, kept open for lookups.
#[derive(Debug)]
struct OpenTier {
    path: PathBuf,
    ranks: u64,
    index: Vec<BlockEntry>,
    /// The block read last, decompressed: its number and values.
    last: Mutex<Option<(usize, Vec<u8>)>>,
}

/// A complete database opened for lookups: its manifest and every tier's block index in
/// memory, a position's block read from disk when asked (the last block read of each tier
/// kept decompressed).
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build, BuildOptions, Database};
/// use grundy::Outcome;
/// let dir = std::env::temp_dir().join(format!("grundy-doc-db-{}", std::process::id()));
/// let game = ConnectFour::new(4, 2).unwrap();
/// build(&game, &dir, &BuildOptions::default()).unwrap();
/// let db = Database::open(&dir).unwrap();
/// assert_eq!(db.value(&game.play_all("").unwrap()).unwrap().unwrap().outcome, Outcome::Draw);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct Database {
    dir: PathBuf,
    game: ConnectFour,
    manifest: Manifest,
    tiers: Vec<OpenTier>,
}

impl Database {
    /// Opens the database in `dir`: reads the manifest and every tier's header and block
    /// index, checked against the manifest (sizes, header fields); each block is checked
    /// against its CRC-32 when read, and [`Database::verify`] checks whole files.
    ///
    /// # Errors
    ///
    /// [`DbError::NotADatabase`], [`DbError::Version`], [`DbError::OtherGame`],
    /// [`DbError::Incomplete`] (a build not finished), [`DbError::Corrupt`] (a file
    /// truncated or not matching its manifest), [`DbError::Io`].
    ///
    /// # Examples
    ///
    /// ```
    /// let err = grundy::tierdb::Database::open("/nonexistent").unwrap_err();
    /// assert!(err.to_string().contains("not a tier database"));
    /// ```
    pub fn open(dir: impl AsRef<Path>) -> Result<Database, DbError> {
        let dir = dir.as_ref().to_path_buf();
        let manifest = Manifest::read(&dir)?;
        let game = manifest.game(&dir)?;
        let missing: Vec<u32> = (0..=game.cells())
            .filter(|&k| manifest.entry(k).is_none())
            .collect();
        if let (Some(first), Some(last)) = (missing.first(), missing.last()) {
            return Err(DbError::Incomplete {
                dir,
                missing: format!("{first}..={last}"),
            });
        }
        let mut tiers = Vec::new();
        for k in 0..=game.cells() {
            let entry = manifest.entry(k).expect("checked above");
            if entry.ranks != game.tier_size(k) {
                return Err(DbError::Corrupt {
                    path: dir.join(MANIFEST),
                    why: format!(
                        "tier {k} has {} ranks, the board {}",
                        entry.ranks,
                        game.tier_size(k)
                    ),
                });
            }
            let path = dir.join(&entry.file);
            let index = read_index(&path, entry)?;
            tiers.push(OpenTier {
                path,
                ranks: entry.ranks,
                index,
                last: Mutex::new(None),
            });
        }
        Ok(Database {
            dir,
            game,
            manifest,
            tiers,
        })
    }

    /// The game the database solves.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// let db = grundy::tierdb::Database::open("/tmp/c4-54").unwrap();
    /// println!("{} x {}", db.game().width(), db.game().height());
    /// ```
    pub fn game(&self) -> &ConnectFour {
        &self.game
    }

    /// Positions reachable from the start.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// let db = grundy::tierdb::Database::open("/tmp/c4-54").unwrap();
    /// println!("{} positions", db.positions());
    /// ```
    pub fn positions(&self) -> u64 {
        self.manifest.tiers.iter().map(|e| e.positions).sum()
    }

    /// The value of `board` for the player to move; `None` when the board is not in the
    /// database (not reachable from the start).
    ///
    /// # Errors
    ///
    /// [`DbError::Corrupt`] when the block read fails its checksum; [`DbError::Io`].
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use grundy::tierdb::Database;
    /// let db = Database::open("/tmp/c4-54").unwrap();
    /// let board = db.game().play_all("33").unwrap();
    /// println!("{:?}", db.value(&board).unwrap());
    /// ```
    pub fn value(&self, board: &Board) -> Result<Option<Value>, DbError> {
        let k = board.stones();
        if board.mask & !self.board_cells() != 0 || (board.mine & !board.mask) != 0 {
            return Ok(None);
        }
        let tier = &self.tiers[k as usize];
        let rank = self.game.rank(board);
        if rank >= tier.ranks {
            return Ok(None);
        }
        let b = (rank / BLOCK as u64) as usize;
        let at = (rank % BLOCK as u64) as usize;
        let empty = self.game.cells() - k;
        let mut last = tier.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((block, values)) = last.as_ref() {
            if *block == b {
                return Ok(Value::decode(values[at], empty));
            }
        }
        let entry = tier.index[b];
        let len = (tier.ranks as usize - b * BLOCK).min(BLOCK);
        let mut file = File::open(&tier.path).map_err(io_err(&tier.path))?;
        file.seek(SeekFrom::Start(entry.offset))
            .map_err(io_err(&tier.path))?;
        let mut compressed = vec![0u8; entry.len as usize];
        file.read_exact(&mut compressed)
            .map_err(io_err(&tier.path))?;
        let values = decode_block(&tier.path, &compressed, &entry, len)?;
        let value = Value::decode(values[at], empty);
        *last = Some((b, values));
        Ok(value)
    }

    fn board_cells(&self) -> u64 {
        let column = (1u64 << self.game.height()) - 1;
        (0..self.game.width()).fold(0, |m, c| m | column << (c * (self.game.height() + 1)))
    }

    /// The value of `board` and of each of its moves (for the mover: a move to a loss in
    /// `r` is a win in `r + 1`); `None` when the board is not in the database.
    ///
    /// # Errors
    ///
    /// As [`Database::value`].
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use grundy::tierdb::Database;
    /// let db = Database::open("/tmp/c4-54").unwrap();
    /// let probe = db.probe(&db.game().play_all("").unwrap()).unwrap().unwrap();
    /// for (column, value) in probe.moves {
    ///     println!("{column}: {value}");
    /// }
    /// ```
    pub fn probe(&self, board: &Board) -> Result<Option<Probe>, DbError> {
        let Some(value) = self.value(board)? else {
            return Ok(None);
        };
        let mut moves = Vec::new();
        if !board.is_over(&self.game) {
            for col in 0..self.game.width() {
                if !self.game.can_play(board, col) {
                    continue;
                }
                let child = self.game.play(board, col);
                let Some(after) = self.value(&child)? else {
                    return Err(DbError::Corrupt {
                        path: self.dir.join(tier_file(child.stones())),
                        why: "a move from a position in the database leads out of it".into(),
                    });
                };
                moves.push((col + 1, mover_value(after)));
            }
        }
        Ok(Some(Probe { value, moves }))
    }

    /// Checks every tier file against the manifest's size and CRC-32 (reads them whole).
    ///
    /// # Errors
    ///
    /// [`DbError::Corrupt`] naming the first file that fails; [`DbError::Io`].
    ///
    /// # Examples
    ///
    /// ```no_run
    /// grundy::tierdb::Database::open("/tmp/c4-54").unwrap().verify().unwrap();
    /// ```
    pub fn verify(&self) -> Result<(), DbError> {
        for entry in &self.manifest.tiers {
            check_file(&self.dir, entry)?;
        }
        Ok(())
    }
}

/// The value of a move for its mover, from the value of the position it reaches.
fn mover_value(after: Value) -> Value {
    Value {
        outcome: match after.outcome {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        },
        remoteness: after.remoteness + 1,
    }
}
