//! A kept tier (written by an earlier run) read back: rank 0 reads its file block by block,
//! checking it against the manifest (size, header, CRC-32) without holding it whole, and
//! each process receives its own blocks only, a batch at a time
//! ([`Ranks::blocks_from_root`]), and decodes them.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

use super::error::{io_err, DbError};
use super::format::{decode_block, index_of, BlockEntry, TierEntry};
use super::layout::BLOCK;
use super::split::Ranks;

/// A reader that hashes (CRC-32) and counts every byte read through it.
struct Hashed<R> {
    inner: R,
    crc: crc32fast::Hasher,
    read: u64,
}

impl<R: Read> Read for Hashed<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        self.read += n as u64;
        Ok(n)
    }
}

/// A kept tier's file read from its start to its end, one block after the other.
struct TierReader<'a> {
    path: PathBuf,
    entry: &'a TierEntry,
    index: Vec<BlockEntry>,
    file: Hashed<BufReader<File>>,
    /// The next block to read.
    next: usize,
}

impl<'a> TierReader<'a> {
    /// Opens tier `entry`'s file in `dir` and reads its header and block index, checked
    /// against the manifest's entry and the file's size.
    fn open(dir: &Path, entry: &'a TierEntry) -> Result<TierReader<'a>, DbError> {
        let path = dir.join(&entry.file);
        let file = File::open(&path).map_err(io_err(&path))?;
        let size = file.metadata().map_err(io_err(&path))?.len();
        let mut file = Hashed {
            inner: BufReader::new(file),
            crc: crc32fast::Hasher::new(),
            read: 0,
        };
        let index = index_of(&path, entry, size, &mut file)?;
        Ok(TierReader {
            path,
            entry,
            index,
            file,
            next: 0,
        })
    }

    fn corrupt(&self, why: String) -> DbError {
        DbError::Corrupt {
            path: self.path.clone(),
            why,
        }
    }

    /// Block `j` (the next one), compressed, behind its offset (8 bytes) and CRC-32 (4), as
    /// [`decode`] reads it.
    fn block(&mut self, j: usize) -> Result<Vec<u8>, DbError> {
        let entry = *self
            .index
            .get(j)
            .filter(|_| j == self.next)
            .ok_or_else(|| self.corrupt(format!("block {j} was asked for out of order")))?;
        // Blocks lie one after the other; whatever lies between is read (and hashed) too.
        let gap = entry
            .offset
            .checked_sub(self.file.read)
            .ok_or_else(|| self.corrupt(format!("block {j} overlaps the one before")))?;
        io::copy(&mut (&mut self.file).take(gap), &mut io::sink()).map_err(io_err(&self.path))?;
        let mut out = Vec::with_capacity(12 + entry.len as usize);
        out.extend_from_slice(&entry.offset.to_le_bytes());
        out.extend_from_slice(&entry.crc.to_le_bytes());
        out.resize(12 + entry.len as usize, 0);
        self.file
            .read_exact(&mut out[12..])
            .map_err(io_err(&self.path))?;
        self.next += 1;
        Ok(out)
    }

    /// Reads the rest of the file and checks the whole file's CRC-32 and length against
    /// the manifest's.
    fn finish(mut self) -> Result<(), DbError> {
        io::copy(&mut self.file, &mut io::sink()).map_err(io_err(&self.path))?;
        let crc = self.file.crc.clone().finalize();
        if self.file.read != self.entry.bytes {
            return Err(self.corrupt(format!(
                "{} bytes, the manifest says {} (truncated or overwritten)",
                self.file.read, self.entry.bytes
            )));
        }
        match crc == self.entry.crc32 {
            true => Ok(()),
            false => Err(self.corrupt(format!(
                "CRC-32 {crc:08x}, the manifest says {:08x}",
                self.entry.crc32
            ))),
        }
    }
}

/// The values of block `j` of a tier of `entry.ranks` bytes, from what
/// [`TierReader::block`] read.
fn decode(path: &Path, entry: &TierEntry, j: usize, read: &[u8]) -> Result<Vec<u8>, DbError> {
    let cut = || DbError::Corrupt {
        path: path.to_path_buf(),
        why: format!("block {j} came cut"),
    };
    let offset = u64::from_le_bytes(
        read.get(..8)
            .ok_or_else(cut)?
            .try_into()
            .map_err(|_| cut())?,
    );
    let crc = u32::from_le_bytes(
        read.get(8..12)
            .ok_or_else(cut)?
            .try_into()
            .map_err(|_| cut())?,
    );
    let compressed = &read[12..];
    let block = BlockEntry {
        offset,
        len: compressed.len() as u32,
        crc,
    };
    let len = (entry.ranks.saturating_sub((j * BLOCK) as u64)).min(BLOCK as u64) as usize;
    decode_block(path, compressed, &block, len)
}

/// Checks tier `entry`'s file in `dir` against the manifest (size, header, CRC-32),
/// reading it block by block.
pub(super) fn check(dir: &Path, entry: &TierEntry) -> Result<(), DbError> {
    TierReader::open(dir, entry)?.finish()
}

/// This process's values of a kept tier (all of them alone): its own blocks of the file
/// (block `j` is the owner's of ranks block `j / width`), one after the other. Rank 0
/// reads and checks the file block by block and sends each process its own blocks
/// ([`Ranks::blocks_from_root`]); each process decodes its own, checked against their
/// CRC-32s.
///
/// # Errors
///
/// [`DbError::Corrupt`] or [`DbError::Io`] when the file does not read back as the
/// manifest records it (every process returns rank 0's error), or when a block fails its
/// checksum; [`DbError::Cluster`] when a process is lost.
pub(super) fn load(
    dir: &Path,
    entry: &TierEntry,
    ranks: &Ranks<'_>,
    width: usize,
) -> Result<Vec<u8>, DbError> {
    let path = dir.join(&entry.file);
    let owner = ranks.owner();
    let blocks = entry.ranks.div_ceil(BLOCK as u64) as usize;
    let own = |j: usize| owner.owns(j / width.max(1));
    let held: u64 = (0..blocks)
        .filter(|&j| own(j))
        .map(|j| (entry.ranks - (j * BLOCK) as u64).min(BLOCK as u64))
        .sum();
    let reader = match ranks.is_root() {
        true => TierReader::open(dir, entry).map(Some),
        false => Ok(None),
    };
    let mut reader = ranks.agree(reader)?;
    let mut values = Vec::with_capacity(held as usize);
    let exchanged = ranks.blocks_from_root(
        blocks,
        width,
        &mut |j| match &mut reader {
            Some(reader) => reader.block(j),
            None => Ok(Vec::new()),
        },
        &mut |j, read| {
            values.extend_from_slice(&decode(&path, entry, j, read)?);
            Ok(())
        },
    );
    // Rank 0's check of the whole file comes first: its message is the file's.
    let checked = match reader {
        Some(reader) => reader.finish().and(exchanged),
        None => exchanged,
    };
    ranks.agree(checked)?;
    Ok(values)
}

/// The `width` bytes of values at byte `at` of a kept tier, read by rank 0 alone: the
/// file checked whole, the block that holds them decoded.
pub(super) fn cell(
    dir: &Path,
    entry: &TierEntry,
    at: u64,
    width: usize,
) -> Result<Vec<u8>, DbError> {
    let path = dir.join(&entry.file);
    let mut reader = TierReader::open(dir, entry)?;
    let wanted = (at / BLOCK as u64) as usize;
    let start = (at % BLOCK as u64) as usize;
    let mut cell = None;
    for j in 0..reader.index.len() {
        let read = reader.block(j)?;
        if j == wanted {
            let values = decode(&path, entry, j, &read)?;
            cell = values.get(start..start + width).map(<[u8]>::to_vec);
        }
    }
    reader.finish()?;
    cell.ok_or_else(|| DbError::Corrupt {
        path,
        why: format!("it has no value at byte {at}"),
    })
}
