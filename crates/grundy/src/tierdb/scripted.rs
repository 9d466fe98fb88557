//! Tier databases of rules given at run time (a game file): the rules say each position's
//! tier (`tier(pos)`), and grundy finds the positions of each tier forward from the start,
//! sorts them by their keys (their encodings, as the engine stores scripted positions) and
//! numbers them in that order. The keys of each tier are written beside its values
//! (`tier-K.keys`, LZ4 blocks with their first keys indexed, a CRC-32 in the manifest), so
//! that a database opened later finds a position's rank by a binary search, without
//! finding the positions again; the manifest records the file's name, parameters and a
//! hash of its source, and a database is refused for a file changed since.

mod discover;
mod own;

use std::path::Path;

use super::build::{check_disk, BuildOptions, BuildReport};
use super::database::Database;
use super::driver::build;
use super::error::DbError;
use super::format::{check_bytes, write_atomically, KeysEntry, Manifest};
use super::game::{End, FileIdentity, Identity, Place, TierGame};
use super::keys::{encode_keys, KeyFile};
use super::layout::MANIFEST;
use super::value::{Gain, Values};
use crate::drawing::Drawing;
use crate::dynamic::{Datum, Kind};
use crate::scripted::{checked_drawing, decode_exact, encode, GameInfo, RuleMove, Rules};
use crate::value::Play;
use discover::{discover, no_tier, tier_of, FoundTier};
use own::{check, gains_of, sizes, Own};

pub use discover::MAX_TIER;

/// How a game file's positions are numbered: found by a build (everything in memory),
/// read from a database's keys files, or by the file itself (its `rank` and `unrank`).
#[derive(Debug)]
enum Numbering {
    Found(Vec<FoundTier>),
    Stored(Vec<KeyFile>),
    Own(Own),
}

/// A game file (its [`Rules`]) as a [`TierGame`], numbered by its keys.
struct FileGame {
    rules: Box<dyn Rules>,
    info: GameInfo,
    identity: Identity,
    numbering: Numbering,
    start: Place,
    /// What its database holds.
    values: Values,
}

impl std::fmt::Debug for FileGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileGame")
            .field("identity", &self.identity)
            .finish_non_exhaustive()
    }
}

/// A place beyond tier `tier`'s ranks: a position that is not in the database.
fn outside(tier: u32, ranks: u64) -> Place {
    Place { tier, rank: ranks }
}

impl FileGame {
    /// The position at `at`, if it is one of the game's.
    fn datum(&self, at: Place) -> Result<Option<Datum>, DbError> {
        let key = match &self.numbering {
            Numbering::Found(tiers) => tiers
                .get(at.tier as usize)
                .filter(|t| at.rank < t.keys.len() as u64)
                .map(|t| t.keys.get(at.rank as usize).to_vec()),
            Numbering::Stored(files) => match files.get(at.tier as usize) {
                Some(file) => file.key(at.rank)?,
                None => None,
            },
            Numbering::Own(own) => return own.datum(self.rules.as_ref(), &self.info.origin, at),
        };
        Ok(key.and_then(|k| decode_exact(&k)))
    }

    /// The place of `pos`: its tier, and its rank, or a rank past the tier's when the
    /// database does not hold it.
    fn place(&self, pos: &Datum) -> Result<Place, DbError> {
        let tier = tier_of(self.rules.as_ref(), &self.info.origin, pos)?;
        let mut key = Vec::new();
        encode(pos, &mut key);
        let rank = match &self.numbering {
            Numbering::Own(own) if tier < own.tiers() => {
                Some(own.rank(self.rules.as_ref(), &self.info.origin, pos, tier)?)
            }
            Numbering::Own(_) => None,
            Numbering::Found(tiers) => tiers
                .get(tier as usize)
                .and_then(|t| t.keys.find(&key))
                .map(|r| r as u64),
            Numbering::Stored(files) => match files.get(tier as usize) {
                Some(file) => file.rank(&key)?,
                None => None,
            },
        };
        Ok(match rank {
            Some(rank) => Place { tier, rank },
            None => outside(tier, self.tier_size(tier)),
        })
    }

    /// The moves of `pos`, labelled when asked.
    fn moves(&self, pos: &Datum, labels: bool) -> Result<Vec<RuleMove>, String> {
        let mut moves = Vec::new();
        self.rules.moves(pos, labels, &mut moves)?;
        Ok(moves)
    }
}

impl TierGame for FileGame {
    fn identity(&self) -> Identity {
        self.identity.clone()
    }

    fn tiers(&self) -> u32 {
        match &self.numbering {
            Numbering::Found(tiers) => tiers.len() as u32,
            Numbering::Stored(files) => files.len() as u32,
            Numbering::Own(own) => own.tiers(),
        }
    }

    fn tier_size(&self, tier: u32) -> u64 {
        match &self.numbering {
            Numbering::Found(tiers) => tiers.get(tier as usize).map_or(0, |t| t.keys.len() as u64),
            Numbering::Stored(files) => files.get(tier as usize).map_or(0, KeyFile::len),
            Numbering::Own(own) => own.tier_size(tier),
        }
    }

    /// As found (or checked, under the file's own numbering); a database opened for
    /// lookups (never built from) says every tier from `tier` up.
    fn child_tiers(&self, tier: u32) -> Vec<u32> {
        match &self.numbering {
            Numbering::Found(tiers) => tiers
                .get(tier as usize)
                .map_or_else(Vec::new, |t| t.child_tiers.clone()),
            Numbering::Stored(_) => (tier..self.tiers()).collect(),
            Numbering::Own(own) => own.child_tiers(tier),
        }
    }

    fn start(&self) -> Place {
        self.start
    }

    /// As found; under the file's own numbering or from a database opened for lookups, the
    /// moves the file gives (a position with none: over as the check found, or, opened
    /// for lookups, its value read from its tier file; a move the file cannot place, or a
    /// failure of the file, is a place outside the database, which a build or a probe
    /// reports).
    fn expand(&self, at: Place, children: &mut Vec<Place>) -> Option<End> {
        match &self.numbering {
            Numbering::Found(tiers) => {
                let tier = &tiers[at.tier as usize];
                let r = at.rank as usize;
                if let Some(end) = tier.ends[r] {
                    return Some(end);
                }
                children.extend_from_slice(&tier.children[tier.offsets[r]..tier.offsets[r + 1]]);
                None
            }
            Numbering::Stored(_) | Numbering::Own(_) => {
                let broken = outside(u32::MAX, u64::MAX);
                let Ok(Some(pos)) = self.datum(at) else {
                    children.push(broken);
                    return None;
                };
                let Ok(moves) = self.moves(&pos, false) else {
                    children.push(broken);
                    return None;
                };
                if moves.is_empty() {
                    return match &self.numbering {
                        Numbering::Own(own) => own.end(at, self.values),
                        _ => Some(End::Draw),
                    };
                }
                children.extend(moves.iter().map(|mv| self.place(&mv.to).unwrap_or(broken)));
                None
            }
        }
    }

    fn values(&self) -> Values {
        self.values
    }

    /// As found; from a database opened for lookups, the file's moves' points and bonus
    /// turns (nothing when the file fails: the position's moves are then refused).
    fn gains(&self, at: Place, gains: &mut Vec<Gain>) {
        if self.values != Values::Scores {
            return;
        }
        match &self.numbering {
            Numbering::Found(tiers) => {
                let tier = &tiers[at.tier as usize];
                let r = at.rank as usize;
                gains.extend_from_slice(&tier.gains[tier.offsets[r]..tier.offsets[r + 1]]);
            }
            Numbering::Stored(_) | Numbering::Own(_) => {
                let Ok(Some(pos)) = self.datum(at) else {
                    return;
                };
                let moves = self.moves(&pos, false).unwrap_or_default();
                gains.extend(gains_of(&moves));
            }
        }
    }

    fn labels(&self, at: Place) -> Vec<String> {
        let Ok(Some(pos)) = self.datum(at) else {
            return Vec::new();
        };
        let moves = self.moves(&pos, true).unwrap_or_default();
        moves
            .into_iter()
            .map(|mv| match mv.label {
                Some(label) => label,
                None => self.rules.show(&mv.to).unwrap_or_else(|_| mv.to.brief()),
            })
            .collect()
    }

    /// The position as the file reads it (its `parse`): a position the database does not
    /// hold is a place outside it.
    fn parse(&self, text: &str) -> Result<Place, String> {
        let pos = match text.trim().is_empty() {
            true => self
                .info
                .start
                .clone()
                .ok_or("the game file gives no start")?,
            false => self.rules.parse(text)?,
        };
        self.place(&pos).map_err(|e| e.to_string())
    }

    fn show(&self, at: Place) -> String {
        match self.datum(at) {
            Ok(Some(pos)) => self.rules.show(&pos).unwrap_or_else(|_| pos.brief()),
            _ => format!("rank {} of tier {}", at.rank, at.tier),
        }
    }

    fn describe(&self) -> String {
        self.info.name.clone()
    }

    fn move_name(&self, label: &str) -> String {
        label.to_string()
    }

    /// The file's `draw`, checked against the position's moves; `None` when the file does
    /// not draw, the position is not in the database, or the drawing is wrong.
    fn draw(&self, at: Place) -> Option<Drawing> {
        let pos = self.datum(at).ok()??;
        checked_drawing(self.rules.as_ref(), &self.info.origin, &pos, || {
            Ok(self.labels(at))
        })
        .ok()?
    }
}

/// The identity of a game file's database.
fn identity_of(info: &GameInfo, file: FileIdentity) -> Identity {
    Identity {
        game: info.name.clone(),
        parameters: Default::default(),
        file: Some(file),
    }
}

/// Refuses a directory holding the database of another game, or of this file before it
/// changed.
fn check_identity(dir: &Path, manifest: &Manifest, wanted: &Identity) -> Result<(), DbError> {
    let found = &manifest.identity;
    if found == wanted {
        return Ok(());
    }
    if let (Some(a), Some(b)) = (&found.file, &wanted.file) {
        if a.file == b.file && a.params == b.params && a.source != b.source {
            return Err(DbError::Game(format!(
                "{} was built from another version of {} (source {}, the file now {}): \
                 build the changed file into another directory, or use the file it was \
                 built from",
                dir.display(),
                a.file,
                a.source,
                b.source
            )));
        }
    }
    Err(DbError::OtherGame {
        dir: dir.to_path_buf(),
        found: found.to_string(),
        wanted: wanted.to_string(),
    })
}

/// The values asked of a game file's database, checked against its kind: win, loss or
/// draw (any game but a partizan one; a scoring game's only when its points end it), net
/// scores (a scoring game) or nimbers (an impartial game in normal play); `None` lets the
/// build choose (net scores for a scoring game whose points do not only end it).
fn values_of(info: &GameInfo, asked: Option<Values>) -> Result<Option<Values>, DbError> {
    let refuse = |why: &str| Err(DbError::Game(format!("{}: {why}", info.origin)));
    match (info.kind, asked) {
        (Kind::Partizan, _) => refuse(
            "a partizan game file (left and right) has no tier database: its values are \
             canonical forms, not win, loss or draw",
        ),
        (Kind::Impartial { play: Play::Normal }, Some(Values::Nimbers)) => Ok(asked),
        (_, Some(Values::Nimbers)) => refuse(
            "nimbers are the values of an impartial game in normal play (who cannot move \
             loses), and this game file is not one",
        ),
        (Kind::Scoring, _) | (_, None | Some(Values::Outcomes)) => Ok(asked),
        (_, Some(Values::Scores)) => refuse(
            "net scores are the values of a scoring game (scoring = true), and this game \
             file is not one",
        ),
    }
}

/// The start of a game file, or why there is none.
fn start_of(rules: &dyn Rules, info: &GameInfo) -> Result<Datum, DbError> {
    let start = info.start.clone().ok_or_else(|| {
        DbError::Game(format!(
            "{}: no start: a tier database holds what the start reaches (add start = ...)",
            info.origin
        ))
    })?;
    if rules.tier(&start).is_none() {
        return Err(no_tier(&info.origin));
    }
    Ok(start)
}

/// Builds (or resumes building) the database of the game file whose rules are `rules` in
/// `dir`: its positions found forward from the start, tier by tier, numbered by their keys,
/// the keys written (`tier-K.keys`), then every tier solved as [`build`] does.
///
/// # Errors
///
/// [`DbError::Game`] when the file gives no `tier` (the message says what to add), a tier
/// out of range, a move to a lower tier, a move within a tier in a game not declared loopy,
/// points or a bonus turn in a game not declared scoring, a partizan file, or
/// `options.values` that the file's kind does not give (nimbers of a game that is not
/// impartial); when `dir` holds the database of this file before it changed, or of other
/// values; the errors of [`build`].
///
/// # Examples
///
/// ```
/// use grundy::dynamic::{Datum, Kind};
/// use grundy::scripted::{GameInfo, RuleMove, Rules};
/// use grundy::tierdb::{build_file, open_file, BuildOptions, FileIdentity};
/// use grundy::Outcome;
///
/// // A heap of 7 from which a player takes 1 or 2: the tier is the tokens taken.
/// struct Take;
/// impl Rules for Take {
///     fn moves(&self, pos: &Datum, _: bool, out: &mut Vec<RuleMove>) -> Result<(), String> {
///         let n = pos.as_int().ok_or("a heap")?;
///         out.extend((1..=n.min(2)).map(|k| RuleMove::to(Datum::Int(n - k))));
///         Ok(())
///     }
///     fn tier(&self, pos: &Datum) -> Option<Result<i64, String>> {
///         Some(pos.as_int().map(|n| 7 - n).ok_or("a heap".into()))
///     }
/// }
/// let info = GameInfo { start: Some(Datum::Int(7)), ..GameInfo::new("take", Kind::WinLoss { play: grundy::Play::Normal }) };
/// let file = FileIdentity::new("take.luau", &[], "-- the source");
/// let dir = std::env::temp_dir().join(format!("grundy-doc-file-{}", std::process::id()));
/// let report = build_file(Box::new(Take), info.clone(), file.clone(), &dir, &BuildOptions::default()).unwrap();
/// assert_eq!(report.positions, 8);
/// let db = open_file(Box::new(Take), info, file, &dir).unwrap();
/// let at = db.game().parse("6").unwrap(); // a heap of 6: a loss for the player to move
/// assert_eq!(db.value(at).unwrap().unwrap().outcome, Outcome::Loss);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn build_file(
    rules: Box<dyn Rules>,
    info: GameInfo,
    file: FileIdentity,
    dir: &Path,
    options: &BuildOptions,
) -> Result<BuildReport, DbError> {
    let asked = values_of(&info, options.values)?;
    let start = start_of(rules.as_ref(), &info)?;
    let identity = identity_of(&info, file);
    let found = match dir.join(MANIFEST).exists() {
        true => {
            let found = Manifest::read(dir)?;
            check_identity(dir, &found, &identity)?;
            Some(found)
        }
        false => None,
    };
    if let Some(sizes) = sizes(rules.as_ref(), &info.origin, &start)? {
        let (own, start, values) = check(
            rules.as_ref(),
            &info,
            &start,
            sizes,
            &options.budget,
            options.progress.as_deref(),
            asked,
        )?;
        if let Some(found) = &found {
            found.check_values(dir, values)?;
        }
        let game = FileGame {
            rules,
            info,
            identity,
            numbering: Numbering::Own(own),
            start,
            values,
        };
        let options = BuildOptions {
            values: Some(values),
            ..options.clone()
        };
        return build(&game, dir, &options);
    }
    let (tiers, start, values) = discover(
        rules.as_ref(),
        &info,
        &start,
        &options.budget,
        options.progress.as_deref(),
        asked,
    )?;
    let mut manifest = match found {
        Some(found) => {
            found.check_values(dir, values)?;
            found
        }
        None => Manifest::new(identity.clone(), values),
    };
    std::fs::create_dir_all(dir).map_err(super::error::io_err(dir))?;
    for (k, tier) in tiers.iter().enumerate() {
        let k = k as u32;
        let bytes = encode_keys(k, &tier.keys);
        let entry = KeysEntry {
            tier: k,
            file: format!("tier-{k:02}.keys"),
            keys: tier.keys.len() as u64,
            bytes: bytes.len() as u64,
            crc32: crc32fast::hash(&bytes),
        };
        let kept = manifest.keys.iter().find(|e| e.tier == k);
        if kept == Some(&entry) && check_bytes(dir, &entry.file, entry.bytes, entry.crc32).is_ok() {
            continue;
        }
        check_disk(dir, k, entry.bytes)?;
        write_atomically(dir, &entry.file, &bytes)?;
        manifest.keys.retain(|e| e.tier != k);
        manifest.keys.push(entry);
        manifest.keys.sort_by_key(|e| e.tier);
    }
    manifest.write(dir)?;
    let game = FileGame {
        rules,
        info,
        identity,
        numbering: Numbering::Found(tiers),
        start,
        values,
    };
    let options = BuildOptions {
        values: Some(values),
        ..options.clone()
    };
    build(&game, dir, &options)
}

/// Opens the database in `dir` of the game file whose rules are `rules`, as
/// [`build_file`] wrote it: a position's rank is found by a binary search over its tier's
/// keys, its moves are the file's.
///
/// # Errors
///
/// As [`Database::open_with`]; [`DbError::Game`] when the file changed since the build
/// (its source hash differs) or gives no `tier`; [`DbError::Corrupt`] when a keys file
/// does not match the manifest.
///
/// # Examples
///
/// See [`build_file`].
pub fn open_file(
    rules: Box<dyn Rules>,
    info: GameInfo,
    file: FileIdentity,
    dir: &Path,
) -> Result<Database, DbError> {
    let manifest = Manifest::read(dir)?;
    let values = manifest.values;
    values_of(&info, Some(values))?;
    let start = start_of(rules.as_ref(), &info)?;
    let identity = identity_of(&info, file);
    check_identity(dir, &manifest, &identity)?;
    let numbering = match sizes(rules.as_ref(), &info.origin, &start)? {
        Some(sizes) => Numbering::Own(Own::stored(sizes, info.kind)),
        None => {
            let mut files = Vec::new();
            for (k, entry) in manifest.keys.iter().enumerate() {
                if entry.tier != k as u32 {
                    return Err(DbError::Corrupt {
                        path: dir.join(MANIFEST),
                        why: format!("the keys of tier {k} are not recorded"),
                    });
                }
                files.push(KeyFile::open(dir, entry)?);
            }
            Numbering::Stored(files)
        }
    };
    let mut game = FileGame {
        rules,
        info,
        identity,
        numbering,
        start: outside(0, 0),
        values,
    };
    game.start = game.place(&start)?;
    Database::open_with(dir, Box::new(game))
}
