//! A complete database opened for lookups: a position's value and its moves' values.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::Serialize;

use super::builtin::open_game;
use super::error::{io_err, DbError};
use super::format::{
    check_bytes, check_file, decode_block, read_index, tier_file, BlockEntry, Manifest,
};
use super::game::{Identity, Place, TierGame};
use super::layout::{BLOCK, MANIFEST};
use super::value::{move_value, read_at, Gain, Value, Values};

/// A position's answer: its value and every move's (the value for the player who moves
/// there, i.e. the negation of the value of the position reached, one move further).
///
/// # Examples
///
/// ```
/// use grundy::tierdb::{Probe, Value};
/// use grundy::Outcome;
/// let draw = Value::new(Outcome::Draw, 2);
/// let probe = Probe { value: draw, moves: vec![("1".to_string(), draw)] };
/// assert_eq!(probe.moves[0].0, "1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Probe {
    /// The position's value for the player to move.
    pub value: Value,
    /// Each legal move (its label: a column from 1 in Connect Four) with its value for the
    /// mover (in a database of scores, its points plus or minus the score after it; of
    /// nimbers, the nimber it reaches, a win for the mover when 0).
    pub moves: Vec<(String, Value)>,
}

/// The decompressed blocks a tier keeps (64 KiB each): a game played on reads the same
/// blocks again, its principal line most of all.
const KEPT_BLOCKS: usize = 8;

/// A tier's file and block index, kept open for lookups.
#[derive(Debug)]
struct OpenTier {
    path: PathBuf,
    /// The bytes of its values (its ranks times the database's width).
    ranks: u64,
    index: Vec<BlockEntry>,
    /// The blocks read last, decompressed (their numbers and values), the most recent
    /// first: at most [`KEPT_BLOCKS`].
    kept: Mutex<Vec<(usize, Vec<u8>)>>,
}

/// A complete database opened for lookups: its manifest and every tier's block index in
/// memory, a position's block read from disk when asked (the last few blocks read of each tier
/// kept decompressed).
///
/// # Examples
///
/// ```
/// use grundy::games::connect_four::ConnectFour;
/// use grundy::tierdb::{build, BuildOptions, Database};
/// use grundy::Outcome;
/// let dir = std::env::temp_dir().join(format!("grundy-doc-db-{}", std::process::id()));
/// build(&ConnectFour::new(4, 2).unwrap(), &dir, &BuildOptions::default()).unwrap();
/// let db = Database::open(&dir).unwrap();
/// let start = db.game().parse("").unwrap();
/// assert_eq!(db.value(start).unwrap().unwrap().outcome, Outcome::Draw);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct Database {
    dir: PathBuf,
    game: Box<dyn TierGame>,
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
        if let Some(file) = &manifest.identity.file {
            return Err(DbError::Game(format!(
                "{} holds the database of the game file {}: open it with the file (grundy \
                 solve {} POSITION --db {})",
                dir.display(),
                file.file,
                file.file,
                dir.display()
            )));
        }
        let game = open_game(&manifest.identity).map_err(|why| DbError::OtherGame {
            dir: dir.clone(),
            found: manifest.identity.to_string(),
            wanted: format!("a game this build knows ({why})"),
        })?;
        Database::open_with(dir, game)
    }

    /// The game the database in `dir` holds, as its manifest records it, without opening
    /// it: for a game file's database, the file and parameters to load before
    /// `tierdb::open_file`.
    ///
    /// # Errors
    ///
    /// [`DbError::NotADatabase`], [`DbError::Version`], [`DbError::Io`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// use grundy::tierdb::{build, BuildOptions, Database};
    /// let dir = std::env::temp_dir().join(format!("grundy-doc-identity-{}", std::process::id()));
    /// build(&ConnectFour::new(2, 2).unwrap(), &dir, &BuildOptions::default()).unwrap();
    /// let identity = Database::identity_in(&dir).unwrap();
    /// assert_eq!(identity.game, "connect-four");
    /// assert!(identity.file.is_none());
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn identity_in(dir: impl AsRef<Path>) -> Result<Identity, DbError> {
        Ok(Manifest::read(dir.as_ref())?.identity)
    }

    /// Opens the database in `dir` of `game` (a game that is not built in: a game file's, a
    /// library user's), checked against the manifest's identity.
    ///
    /// # Errors
    ///
    /// As [`Database::open`]; [`DbError::OtherGame`] when the database is of another game.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::connect_four::ConnectFour;
    /// use grundy::tierdb::{build, BuildOptions, Database, DbError};
    /// let dir = std::env::temp_dir().join(format!("grundy-doc-with-{}", std::process::id()));
    /// build(&ConnectFour::new(2, 2).unwrap(), &dir, &BuildOptions::default()).unwrap();
    /// let other = Box::new(ConnectFour::new(3, 2).unwrap());
    /// assert!(matches!(Database::open_with(&dir, other), Err(DbError::OtherGame { .. })));
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn open_with(dir: impl AsRef<Path>, game: Box<dyn TierGame>) -> Result<Database, DbError> {
        let dir = dir.as_ref().to_path_buf();
        let manifest = Manifest::read(&dir)?;
        if manifest.identity != game.identity() {
            return Err(DbError::OtherGame {
                dir,
                found: manifest.identity.to_string(),
                wanted: game.identity().to_string(),
            });
        }
        manifest.check_values(&dir, game.values())?;
        let missing: Vec<u32> = (0..game.tiers())
            .filter(|&k| manifest.entry(k).is_none())
            .collect();
        if let (Some(first), Some(last)) = (missing.first(), missing.last()) {
            return Err(DbError::Incomplete {
                dir,
                missing: format!("{first}..={last}"),
            });
        }
        let mut tiers = Vec::new();
        let width = manifest.width() as u64;
        for k in 0..game.tiers() {
            let entry = manifest.entry(k).expect("checked above");
            if entry.ranks != game.tier_size(k).saturating_mul(width) {
                return Err(DbError::Corrupt {
                    path: dir.join(MANIFEST),
                    why: format!(
                        "tier {k} has {} bytes of values, the game's {} ranks need {}",
                        entry.ranks,
                        game.tier_size(k),
                        game.tier_size(k).saturating_mul(width)
                    ),
                });
            }
            let path = dir.join(&entry.file);
            let index = read_index(&path, entry)?;
            tiers.push(OpenTier {
                path,
                ranks: entry.ranks,
                index,
                kept: Mutex::new(Vec::new()),
            });
        }
        Ok(Database {
            dir,
            game,
            manifest,
            tiers,
        })
    }

    /// The game the database solves: it parses and shows positions.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// let db = grundy::tierdb::Database::open("/tmp/c4-54").unwrap();
    /// println!("{}", db.game().identity());
    /// ```
    pub fn game(&self) -> &dyn TierGame {
        self.game.as_ref()
    }

    /// What the database's bytes hold: win, loss or draw with remoteness, net scores or
    /// nimbers.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// let db = grundy::tierdb::Database::open("/tmp/c4-54").unwrap();
    /// assert_eq!(db.values(), grundy::tierdb::Values::Outcomes);
    /// ```
    pub fn values(&self) -> Values {
        self.manifest.values
    }

    /// True when the database keeps a remoteness beside each score (a database of scores
    /// of format 4 on; of format 3, it kept the score alone).
    ///
    /// # Examples
    ///
    /// ```no_run
    /// let db = grundy::tierdb::Database::open("/tmp/c4-54").unwrap();
    /// assert!(!db.keeps_score_remoteness()); // a database of win, loss or draw
    /// ```
    pub fn keeps_score_remoteness(&self) -> bool {
        self.values() == Values::Scores && self.manifest.width() == 2
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

    /// The value of the position at `at` for the player to move; `None` when it is not in
    /// the database (not reachable from the start, or no rank of the game).
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
    /// let at = db.game().parse("33").unwrap();
    /// println!("{:?}", db.value(at).unwrap());
    /// ```
    pub fn value(&self, at: Place) -> Result<Option<Value>, DbError> {
        let Some(tier) = self.tiers.get(at.tier as usize) else {
            return Ok(None);
        };
        let width = self.manifest.width();
        let byte = at.rank.saturating_mul(width as u64);
        if byte >= tier.ranks {
            return Ok(None);
        }
        // A position's bytes never straddle two blocks: a block's length is even.
        let b = (byte / BLOCK as u64) as usize;
        let i = (byte % BLOCK as u64) / width as u64;
        let read = |block: &[u8]| read_at(self.manifest.values, width, block, i);
        let mut kept = tier.kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = kept.iter().position(|(block, _)| *block == b) {
            let value = read(&kept[k].1);
            kept[..=k].rotate_right(1);
            return Ok(value);
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
        let value = read(&values);
        kept.truncate(KEPT_BLOCKS - 1);
        kept.insert(0, (b, values));
        Ok(value)
    }

    /// The value of the position at `at` and of each of its moves, by label (for the
    /// mover: a move to a loss in `r` is a win in `r + 1`); `None` when the position is not
    /// in the database.
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
    /// let probe = db.probe(db.game().start()).unwrap().unwrap();
    /// for (column, value) in probe.moves {
    ///     println!("{column}: {value}");
    /// }
    /// ```
    pub fn probe(&self, at: Place) -> Result<Option<Probe>, DbError> {
        let Some(value) = self.value(at)? else {
            return Ok(None);
        };
        let mut children = Vec::new();
        let mut moves = Vec::new();
        if self.game.expand(at, &mut children).is_none() {
            let labels = self.game.labels(at);
            let gains = self.gains(at, children.len());
            for ((label, child), gain) in labels.into_iter().zip(children).zip(gains) {
                let Some(after) = self.value(child)? else {
                    return Err(self.mismatch(
                        child,
                        "a move from a position in the database leads out of it",
                    ));
                };
                moves.push((label, self.move_value(gain, after)));
            }
        }
        Ok(Some(Probe { value, moves }))
    }

    /// The value of a move that earns `gain`, to the position of value `after`, for its
    /// mover (a database of scores that keeps no remoteness gives none).
    pub(super) fn move_value(&self, gain: Gain, after: Value) -> Value {
        let value = move_value(self.values(), gain, after);
        match self.values() == Values::Scores && !self.keeps_score_remoteness() {
            true => Value {
                remoteness: 0,
                ..value
            },
            false => value,
        }
    }

    /// What each of the `moves` moves of the position at `at` earns (none earn anything
    /// but in a database of scores).
    pub(super) fn gains(&self, at: Place, moves: usize) -> Vec<Gain> {
        let mut gains = Vec::new();
        if self.values() == Values::Scores {
            self.game.gains(at, &mut gains);
        }
        gains.resize(moves, Gain::default());
        gains
    }

    /// The error of a database that does not match its game, found at `at`: `why`.
    pub(super) fn mismatch(&self, at: Place, why: &str) -> DbError {
        DbError::Corrupt {
            path: self.dir.join(tier_file(at.tier)),
            why: why.into(),
        }
    }

    /// Checks every tier file (and a game file's keys files) against the manifest's size
    /// and CRC-32 (reads them whole).
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
        for entry in &self.manifest.keys {
            check_bytes(&self.dir, &entry.file, entry.bytes, entry.crc32)?;
        }
        Ok(())
    }
}
