//! A complete database opened for lookups: a position's value and its moves' values.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::Serialize;

use super::error::{io_err, DbError};
use super::format::{check_file, decode_block, read_index, tier_file, BlockEntry, Manifest};
use super::layout::{BLOCK, MANIFEST};
use super::value::{mover_value, Value};
use crate::games::connect_four::{Board, ConnectFour};

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
