//! The keys of a tier whose positions grundy numbers itself (a game file's): the tier's
//! positions encoded as bytes, sorted, a position's rank its place in that order. On disk
//! (`tier-K.keys`) they are LZ4 blocks of [`KEY_BLOCK`] keys behind an index that holds
//! each block's first key, so that a rank is found by a binary search over the first keys
//! and one block read, and a key by its rank with one block read.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::error::{io_err, DbError};
use super::format::KeysEntry;

/// Keys per compressed block.
pub(super) const KEY_BLOCK: usize = 1 << 12;

const MAGIC: &[u8; 8] = b"GRNDYKY1";
const HEADER: usize = 32;
const INDEX_ENTRY: usize = 24;

/// Keys back to back, each found by where it ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct KeyList {
    bytes: Vec<u8>,
    ends: Vec<usize>,
}

impl KeyList {
    pub(super) fn push(&mut self, key: &[u8]) {
        self.bytes.extend_from_slice(key);
        self.ends.push(self.bytes.len());
    }

    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(super) fn get(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    /// The index of `key` in a sorted list, if it is there.
    pub(super) fn find(&self, key: &[u8]) -> Option<usize> {
        self.search(key).ok()
    }

    /// A binary search over a sorted list: `Ok(i)` where `key` is, `Err(i)` where it would go.
    fn search(&self, key: &[u8]) -> Result<usize, usize> {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.get(mid).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Ok(mid),
            }
        }
        Err(lo)
    }

    /// The keys as a block's bytes: each key's length (a varint), then the key.
    fn encode(&self, range: std::ops::Range<usize>) -> Vec<u8> {
        let mut out = Vec::new();
        for i in range {
            let key = self.get(i);
            let mut n = key.len();
            while n >= 0x80 {
                out.push((n as u8) | 0x80);
                n >>= 7;
            }
            out.push(n as u8);
            out.extend_from_slice(key);
        }
        out
    }

    /// The keys of a block's bytes; `None` when they are not such bytes.
    fn decode(mut at: &[u8]) -> Option<KeyList> {
        let mut list = KeyList::default();
        while !at.is_empty() {
            let mut n = 0usize;
            let mut shift = 0;
            loop {
                let (&byte, rest) = at.split_first()?;
                at = rest;
                n |= usize::from(byte & 0x7f).checked_shl(shift)?;
                if byte < 0x80 {
                    break;
                }
                shift += 7;
            }
            let key = at.get(..n)?;
            list.push(key);
            at = &at[n..];
        }
        Some(list)
    }
}

/// The bytes of a keys file of `tier` holding `keys` (sorted).
pub(super) fn encode_keys(tier: u32, keys: &KeyList) -> Vec<u8> {
    let blocks: Vec<(Vec<u8>, usize)> = (0..keys.len())
        .step_by(KEY_BLOCK)
        .map(|first| {
            let raw = keys.encode(first..(first + KEY_BLOCK).min(keys.len()));
            (lz4_flex::block::compress(&raw), raw.len())
        })
        .collect();
    let firsts: Vec<&[u8]> = (0..keys.len())
        .step_by(KEY_BLOCK)
        .map(|i| keys.get(i))
        .collect();
    let data_start =
        HEADER + blocks.len() * INDEX_ENTRY + firsts.iter().map(|f| f.len()).sum::<usize>();
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&tier.to_le_bytes());
    out.extend_from_slice(&(KEY_BLOCK as u32).to_le_bytes());
    out.extend_from_slice(&(keys.len() as u64).to_le_bytes());
    out.extend_from_slice(&(blocks.len() as u64).to_le_bytes());
    let mut offset = data_start as u64;
    for ((block, raw), first) in blocks.iter().zip(&firsts) {
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&(block.len() as u32).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
        out.extend_from_slice(&(*raw as u32).to_le_bytes());
        out.extend_from_slice(&(first.len() as u32).to_le_bytes());
        offset += block.len() as u64;
    }
    for first in &firsts {
        out.extend_from_slice(first);
    }
    for (block, _) in &blocks {
        out.extend_from_slice(block);
    }
    out
}

/// One block of keys: where it lies, its checksum and its size decompressed.
#[derive(Clone, Copy, Debug)]
struct KeyBlock {
    offset: u64,
    len: u32,
    crc: u32,
    raw: u32,
}

/// A keys file opened for lookups: its index and first keys in memory, the block read
/// last kept decompressed.
#[derive(Debug)]
pub(super) struct KeyFile {
    path: PathBuf,
    keys: u64,
    index: Vec<KeyBlock>,
    firsts: KeyList,
    last: Mutex<Option<(usize, KeyList)>>,
}

impl KeyFile {
    /// Opens the keys file of `entry` in `dir`, its header and index checked against the
    /// manifest's entry and the file's size.
    pub(super) fn open(dir: &Path, entry: &KeysEntry) -> Result<KeyFile, DbError> {
        let path = dir.join(&entry.file);
        let corrupt = |why: &str| DbError::Corrupt {
            path: path.clone(),
            why: why.to_string(),
        };
        let mut file = File::open(&path).map_err(io_err(&path))?;
        let size = file.metadata().map_err(io_err(&path))?.len();
        if size != entry.bytes {
            return Err(corrupt(
                "its size is not the manifest's (truncated or overwritten)",
            ));
        }
        let mut header = [0u8; HEADER];
        file.read_exact(&mut header)
            .map_err(|_| corrupt("shorter than its header"))?;
        let u32_at = |b: &[u8], i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4"));
        let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8"));
        let blocks = u64_at(&header, 24);
        if &header[..8] != MAGIC
            || u32_at(&header, 8) != entry.tier
            || u32_at(&header, 12) != KEY_BLOCK as u32
            || u64_at(&header, 16) != entry.keys
            || blocks != entry.keys.div_ceil(KEY_BLOCK as u64)
        {
            return Err(corrupt("its header does not match the manifest"));
        }
        let index_len = (blocks as usize)
            .checked_mul(INDEX_ENTRY)
            .filter(|&n| (HEADER + n) as u64 <= size)
            .ok_or_else(|| corrupt("its block index is cut"))?;
        let mut raw_index = vec![0u8; index_len];
        file.read_exact(&mut raw_index)
            .map_err(|_| corrupt("its block index is cut"))?;
        let mut index = Vec::new();
        let mut first_lens = Vec::new();
        for e in raw_index.chunks_exact(INDEX_ENTRY) {
            index.push(KeyBlock {
                offset: u64_at(e, 0),
                len: u32_at(e, 8),
                crc: u32_at(e, 12),
                raw: u32_at(e, 16),
            });
            first_lens.push(u32_at(e, 20) as usize);
        }
        let firsts_len: usize = first_lens.iter().sum();
        if (HEADER + index_len + firsts_len) as u64 > size
            || index
                .iter()
                .any(|b| b.offset.saturating_add(u64::from(b.len)) > size)
        {
            return Err(corrupt("a block lies past the end of the file"));
        }
        let mut raw_firsts = vec![0u8; firsts_len];
        file.read_exact(&mut raw_firsts)
            .map_err(|_| corrupt("its first keys are cut"))?;
        let mut firsts = KeyList::default();
        let mut at = 0;
        for len in first_lens {
            firsts.push(&raw_firsts[at..at + len]);
            at += len;
        }
        Ok(KeyFile {
            path,
            keys: entry.keys,
            index,
            firsts,
            last: Mutex::new(None),
        })
    }

    /// The keys held.
    pub(super) fn len(&self) -> u64 {
        self.keys
    }

    /// Runs `f` on block `b`'s keys, read (and checked) unless it was the last read.
    fn with_block<T>(&self, b: usize, f: impl FnOnce(&KeyList) -> T) -> Result<T, DbError> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((block, keys)) = last.as_ref() {
            if *block == b {
                return Ok(f(keys));
            }
        }
        let corrupt = |why: String| DbError::Corrupt {
            path: self.path.clone(),
            why,
        };
        let entry = self.index[b];
        let mut file = File::open(&self.path).map_err(io_err(&self.path))?;
        file.seek(SeekFrom::Start(entry.offset))
            .map_err(io_err(&self.path))?;
        let mut compressed = vec![0u8; entry.len as usize];
        file.read_exact(&mut compressed)
            .map_err(io_err(&self.path))?;
        if crc32fast::hash(&compressed) != entry.crc {
            return Err(corrupt(format!(
                "the block of keys at byte {} fails its checksum",
                entry.offset
            )));
        }
        let raw = lz4_flex::block::decompress(&compressed, entry.raw as usize)
            .map_err(|e| corrupt(format!("a block of keys does not decompress: {e}")))?;
        let expected = (self.keys as usize - b * KEY_BLOCK).min(KEY_BLOCK);
        let keys = KeyList::decode(&raw)
            .filter(|k| k.len() == expected)
            .ok_or_else(|| corrupt(format!("the block of keys at byte {} is cut", entry.offset)))?;
        let out = f(&keys);
        *last = Some((b, keys));
        Ok(out)
    }

    /// The key of rank `rank`, if below [`KeyFile::len`].
    pub(super) fn key(&self, rank: u64) -> Result<Option<Vec<u8>>, DbError> {
        if rank >= self.keys {
            return Ok(None);
        }
        let (b, i) = (
            (rank / KEY_BLOCK as u64) as usize,
            (rank % KEY_BLOCK as u64) as usize,
        );
        self.with_block(b, |keys| Some(keys.get(i).to_vec()))
    }

    /// The rank of `key`, if it is in the file.
    pub(super) fn rank(&self, key: &[u8]) -> Result<Option<u64>, DbError> {
        let b = match self.firsts.search(key) {
            Ok(b) => return Ok(Some((b * KEY_BLOCK) as u64)),
            Err(0) => return Ok(None),
            Err(b) => b - 1,
        };
        let i = self.with_block(b, |keys| keys.find(key))?;
        Ok(i.map(|i| (b * KEY_BLOCK + i) as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tierdb::format::write_atomically;

    /// Every key of a file of several blocks is found by its rank and its rank by it;
    /// keys between them and past the ends are not found.
    #[test]
    fn keys_are_found_both_ways() {
        let dir = std::env::temp_dir().join(format!("grundy-keys-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut keys = KeyList::default();
        let n = 3 * KEY_BLOCK + 17;
        for i in 0..n {
            // Even numbers, so that odd ones fall between keys; lengths vary.
            keys.push(format!("{:0w$}", 2 * i, w = 5 + i % 3).as_bytes());
        }
        let mut sorted: Vec<Vec<u8>> = (0..n).map(|i| keys.get(i).to_vec()).collect();
        sorted.sort();
        let mut keys = KeyList::default();
        sorted.iter().for_each(|k| keys.push(k));
        let bytes = encode_keys(3, &keys);
        write_atomically(&dir, "tier-03.keys", &bytes).unwrap();
        let entry = KeysEntry {
            tier: 3,
            file: "tier-03.keys".into(),
            keys: n as u64,
            bytes: bytes.len() as u64,
            crc32: crc32fast::hash(&bytes),
        };
        let file = KeyFile::open(&dir, &entry).unwrap();
        assert_eq!(file.len(), n as u64);
        for (rank, key) in sorted.iter().enumerate() {
            assert_eq!(file.key(rank as u64).unwrap().as_deref(), Some(&key[..]));
            assert_eq!(file.rank(key).unwrap(), Some(rank as u64));
        }
        assert_eq!(file.key(n as u64).unwrap(), None);
        assert_eq!(file.rank(b"").unwrap(), None);
        assert_eq!(file.rank(b"00001").unwrap(), None);
        assert_eq!(file.rank(b"99999999").unwrap(), None);
        let wrong = KeysEntry { keys: 5, ..entry };
        assert!(matches!(
            KeyFile::open(&dir, &wrong),
            Err(DbError::Corrupt { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
