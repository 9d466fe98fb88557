//! The files of a database: the manifest, a tier file's header, block index and LZ4
//! blocks with their CRC-32s, written atomically and checked when read.

use std::fs::{self, File};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::{io_err, DbError};
use super::game::Identity;
use super::layout::{BLOCK, FORMAT_NAME, FORMAT_VERSION, MANIFEST, OLDEST_READ};
use super::value::{width, Value, Values};

const MAGIC: &[u8; 8] = b"GRNDYTR1";
const HEADER: usize = 32;
const INDEX_ENTRY: usize = 16;

/// A tier as the manifest records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct TierEntry {
    pub(super) tier: u32,
    pub(super) file: String,
    pub(super) ranks: u64,
    pub(super) positions: u64,
    pub(super) bytes: u64,
    pub(super) crc32: u32,
}

/// A tier's keys file as the manifest records it (a game file's database: the sorted
/// keys that number the tier's positions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct KeysEntry {
    pub(super) tier: u32,
    pub(super) file: String,
    pub(super) keys: u64,
    pub(super) bytes: u64,
    pub(super) crc32: u32,
}

/// `manifest.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Manifest {
    pub(super) format: String,
    pub(super) version: u32,
    /// The game and its parameters.
    #[serde(flatten)]
    pub(super) identity: Identity,
    pub(super) block_size: u32,
    /// What the bytes hold (a version 2 manifest, which does not say: outcomes).
    #[serde(default)]
    pub(super) values: Values,
    pub(super) encoding: String,
    /// Complete tiers, by tier.
    pub(super) tiers: Vec<TierEntry>,
    /// Set once every tier is written.
    pub(super) positions: Option<u64>,
    pub(super) value: Option<Value>,
    /// A game file's keys files, by tier (none for a game that numbers its positions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) keys: Vec<KeysEntry>,
}

impl Manifest {
    pub(super) fn new(identity: Identity, values: Values) -> Manifest {
        let encoding = match values {
            Values::Outcomes => {
                "one byte per rank: 0x80|r win in r, 0x40|r loss in r, 0x00|r draw in r, 0xFF \
                 not reachable; LZ4 blocks"
            }
            Values::Scores => {
                "two bytes per rank: the net score for the player to move plus 127 (-127 to \
                 127), 0xFF not reachable, then the remoteness (0 to 255); a tier's ranks \
                 count bytes; LZ4 blocks"
            }
            Values::Nimbers => {
                "one byte per rank: the nimber (0 to 254), 0xFF not reachable; LZ4 blocks"
            }
        };
        Manifest {
            format: FORMAT_NAME.into(),
            version: FORMAT_VERSION,
            identity,
            block_size: BLOCK as u32,
            values,
            encoding: encoding.into(),
            tiers: Vec::new(),
            positions: None,
            value: None,
            keys: Vec::new(),
        }
    }

    pub(super) fn read(dir: &Path) -> Result<Manifest, DbError> {
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
        if !(u64::from(OLDEST_READ)..=u64::from(FORMAT_VERSION)).contains(&version) {
            return Err(DbError::Version {
                dir: dir.to_path_buf(),
                found: version.min(u64::from(u32::MAX)) as u32,
            });
        }
        let manifest: Manifest =
            serde_json::from_value(value).map_err(|e| not_db(e.to_string()))?;
        if manifest.block_size != BLOCK as u32 {
            return Err(not_db(format!(
                "blocks of {} ranks, this build reads {BLOCK}",
                manifest.block_size
            )));
        }
        Ok(manifest)
    }

    /// Refuses a database of other values than `wanted` (a scoring game file's database
    /// built as win, loss or draw before scores were kept, say).
    pub(super) fn check_values(&self, dir: &Path, wanted: Values) -> Result<(), DbError> {
        let name = |v: Values| match v {
            Values::Outcomes => "win, loss or draw",
            Values::Scores => "net scores",
            Values::Nimbers => "nimbers",
        };
        match self.values == wanted {
            true => Ok(()),
            false => Err(DbError::Game(format!(
                "{} holds {} of {}, and this game's database holds {}: build it into another \
                 directory",
                dir.display(),
                name(self.values),
                self.identity,
                name(wanted)
            ))),
        }
    }

    /// The bytes a position takes in this database's tier files: two in a database of
    /// scores of format 4 on (score and remoteness), else one.
    pub(super) fn width(&self) -> usize {
        match self.version {
            0..=3 => 1,
            _ => width(self.values),
        }
    }

    /// Refuses to go on with a build into `dir` whose tiers are not laid out as this build
    /// writes them (a database of scores of format 3, which kept no remoteness), or of
    /// other values than `wanted`.
    pub(super) fn check_resume(&self, dir: &Path, wanted: Values) -> Result<(), DbError> {
        self.check_values(dir, wanted)?;
        match self.width() == width(wanted) {
            true => Ok(()),
            false => Err(DbError::Game(format!(
                "{} holds a database of format {} of {}, which keeps no remoteness beside its \
                 scores: build it into another directory",
                dir.display(),
                self.version,
                self.identity
            ))),
        }
    }

    pub(super) fn write(&self, dir: &Path) -> Result<(), DbError> {
        let mut text = serde_json::to_string_pretty(self).expect("a manifest serializes");
        text.push('\n');
        write_atomically(dir, MANIFEST, text.as_bytes())
    }

    pub(super) fn entry(&self, tier: u32) -> Option<&TierEntry> {
        self.tiers.iter().find(|e| e.tier == tier)
    }
}

/// Writes `bytes` to `dir/name` through a temporary file, synced, then renamed
/// ([`crate::run::write_atomically`]).
pub(super) fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), DbError> {
    let path = dir.join(name);
    crate::run::write_atomically(&path, bytes).map_err(io_err(&path))
}

pub(super) fn tier_file(tier: u32) -> String {
    format!("tier-{tier:02}.bin")
}

/// One block of values, compressed as a tier file holds it (LZ4, deterministic: any
/// process compresses a block to the same bytes).
pub(super) fn compress_block(values: &[u8]) -> Vec<u8> {
    lz4_flex::block::compress(values)
}

/// Room left beside a tier's file for the manifest rewritten after it.
const MANIFEST_ROOM: u64 = 1 << 20;

/// Whether tier `tier`'s file of `bytes` fits the free space of `dir`'s file system (with
/// room for the manifest), checked before it is written.
pub(super) fn check_disk(dir: &Path, tier: u32, bytes: u64) -> Result<(), DbError> {
    let available = fs4::available_space(dir).map_err(io_err(dir))?;
    disk_fits(dir, tier, bytes, available)
}

/// [`check_disk`]'s verdict on the figures.
pub(super) fn disk_fits(dir: &Path, tier: u32, bytes: u64, available: u64) -> Result<(), DbError> {
    let needed = bytes.saturating_add(MANIFEST_ROOM);
    match needed <= available {
        true => Ok(()),
        false => Err(DbError::Disk {
            dir: dir.to_path_buf(),
            tier,
            needed,
            available,
        }),
    }
}

/// A tier file written as its compressed blocks come, in order, so that its writer never
/// holds the whole file: header, block index, blocks, as [`read_index`] reads them. The
/// header and index are written last, over room left for them, and the file is synced
/// and renamed into place by [`TierWriter::finish`] (a temporary file until then, removed
/// when the writer is dropped unfinished). The free space is checked before each block.
pub(super) struct TierWriter {
    dir: PathBuf,
    name: String,
    temp: PathBuf,
    file: Option<std::io::BufWriter<fs::File>>,
    tier: u32,
    ranks: u64,
    blocks: usize,
    index: Vec<u8>,
    data: crc32fast::Hasher,
    offset: u64,
}

impl TierWriter {
    /// Begins tier `tier`'s file in `dir`: `ranks` bytes of values in `blocks` blocks.
    pub(super) fn create(
        dir: &Path,
        tier: u32,
        ranks: u64,
        blocks: usize,
    ) -> Result<TierWriter, DbError> {
        let name = tier_file(tier);
        let temp = dir.join(format!("{name}.tmp"));
        let head = HEADER + blocks * INDEX_ENTRY;
        check_disk(dir, tier, head as u64)?;
        let mut file = fs::File::create(&temp)
            .map(std::io::BufWriter::new)
            .map_err(io_err(&temp))?;
        file.write_all(&vec![0; head]).map_err(io_err(&temp))?;
        Ok(TierWriter {
            dir: dir.to_path_buf(),
            name,
            temp,
            file: Some(file),
            tier,
            ranks,
            blocks,
            index: Vec::with_capacity(blocks * INDEX_ENTRY),
            data: crc32fast::Hasher::new(),
            offset: head as u64,
        })
    }

    /// Appends block `j` (the next one) compressed.
    pub(super) fn push(&mut self, j: usize, block: &[u8]) -> Result<(), DbError> {
        let temp = &self.temp;
        let out_of_order = || DbError::Corrupt {
            path: temp.clone(),
            why: format!("block {j} came out of order"),
        };
        if j != self.index.len() / INDEX_ENTRY || j >= self.blocks {
            return Err(out_of_order());
        }
        let free = fs4::available_space(&self.dir).map_err(io_err(&self.dir))?;
        disk_fits(
            &self.dir,
            self.tier,
            self.offset + block.len() as u64,
            self.offset + free,
        )?;
        let file = self.file.as_mut().ok_or_else(out_of_order)?;
        file.write_all(block).map_err(io_err(temp))?;
        self.data.update(block);
        self.index.extend_from_slice(&self.offset.to_le_bytes());
        self.index
            .extend_from_slice(&(block.len() as u32).to_le_bytes());
        self.index
            .extend_from_slice(&crc32fast::hash(block).to_le_bytes());
        self.offset += block.len() as u64;
        Ok(())
    }

    /// Writes the header and index once every block is in, syncs the file and renames it
    /// into place; its length and CRC-32, for the manifest.
    pub(super) fn finish(mut self) -> Result<(u64, u32), DbError> {
        let temp = self.temp.clone();
        let mut file = self
            .file
            .take()
            .filter(|_| self.index.len() == self.blocks * INDEX_ENTRY)
            .ok_or_else(|| DbError::Corrupt {
                path: temp.clone(),
                why: format!(
                    "{} blocks of {}",
                    self.index.len() / INDEX_ENTRY,
                    self.blocks
                ),
            })?;
        let mut head = Vec::with_capacity(HEADER + self.index.len());
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&self.tier.to_le_bytes());
        head.extend_from_slice(&(BLOCK as u32).to_le_bytes());
        head.extend_from_slice(&self.ranks.to_le_bytes());
        head.extend_from_slice(&(self.blocks as u64).to_le_bytes());
        head.extend_from_slice(&self.index);
        let mut crc = crc32fast::Hasher::new();
        crc.update(&head);
        crc.combine(&self.data);
        let written = file
            .seek(std::io::SeekFrom::Start(0))
            .and_then(|_| file.write_all(&head))
            .and_then(|()| file.flush())
            .and_then(|()| file.get_ref().sync_all());
        written.map_err(io_err(&temp))?;
        drop(file);
        let path = self.dir.join(&self.name);
        fs::rename(&temp, &path).map_err(io_err(&path))?;
        // The rename is durable once the directory is synced (best effort).
        if let Ok(dir) = fs::File::open(&self.dir) {
            let _ = dir.sync_all();
        }
        Ok((self.offset, crc.finalize()))
    }
}

impl Drop for TierWriter {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// One block's place in its tier file.
#[derive(Clone, Copy, Debug)]
pub(super) struct BlockEntry {
    pub(super) offset: u64,
    pub(super) len: u32,
    pub(super) crc: u32,
}

/// A tier file's header and index, checked against the manifest's entry and the file's size.
pub(super) fn read_index(path: &Path, entry: &TierEntry) -> Result<Vec<BlockEntry>, DbError> {
    let file = File::open(path).map_err(io_err(path))?;
    let size = file.metadata().map_err(io_err(path))?.len();
    index_of(path, entry, size, file)
}

/// [`read_index`] from the start of a file of `size` bytes (`path` names it in errors).
pub(super) fn index_of(
    path: &Path,
    entry: &TierEntry,
    size: u64,
    mut file: impl Read,
) -> Result<Vec<BlockEntry>, DbError> {
    let corrupt = |why: String| DbError::Corrupt {
        path: path.to_path_buf(),
        why,
    };
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
pub(super) fn decode_block(
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

/// The bytes of a tier file, checked against the manifest's size and CRC.
pub(super) fn check_file(dir: &Path, entry: &TierEntry) -> Result<Vec<u8>, DbError> {
    check_bytes(dir, &entry.file, entry.bytes, entry.crc32)
}

/// The bytes of the file `name` in `dir`, checked against the size and CRC the manifest
/// records.
pub(super) fn check_bytes(
    dir: &Path,
    name: &str,
    size: u64,
    crc32: u32,
) -> Result<Vec<u8>, DbError> {
    let path = dir.join(name);
    let bytes = fs::read(&path).map_err(io_err(&path))?;
    let corrupt = |why: String| DbError::Corrupt {
        path: path.clone(),
        why,
    };
    if bytes.len() as u64 != size {
        return Err(corrupt(format!(
            "{} bytes, the manifest says {size} (truncated or overwritten)",
            bytes.len(),
        )));
    }
    let crc = crc32fast::hash(&bytes);
    if crc != crc32 {
        return Err(corrupt(format!(
            "CRC-32 {crc:08x}, the manifest says {crc32:08x}"
        )));
    }
    Ok(bytes)
}
