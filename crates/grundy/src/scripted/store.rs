//! The positions a callback game has met, each stored once as compact bytes.
//!
//! A [`Datum`] as Rust data costs far more than its content: a list of five short strings
//! (a board by columns) is five heap blocks and a vector, some 400 bytes. Stored here it
//! is its encoding, back to back with every other position's in one buffer: a tag byte, then
//! the value (integers as zigzag varints, strings and lists by their length), so the same
//! board takes 32 bytes, a list of small integers two bytes an item, and a position that is
//! a number a few bytes. Positions are numbered in the order met ([`Positions::insert`]),
//! found by a hash table of their numbers keyed by the hash of their bytes, and decoded
//! only when the rules are called on them.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::dynamic::Datum;

const INT: u8 = 0;
const STR: u8 = 1;
const FALSE: u8 = 2;
const TRUE: u8 = 3;
const LIST: u8 = 4;

/// Positions stored once, numbered from 0 in the order met.
#[derive(Default)]
pub(super) struct Positions {
    /// Every position's encoding, back to back.
    bytes: Vec<u8>,
    /// Where each position's encoding ends in `bytes` (it starts where the one before ends).
    ends: Vec<u64>,
    /// The numbers of the positions, by the hash of their encoding.
    table: HashTable<u32>,
    hasher: FxBuildHasher,
}

impl Positions {
    /// The number of positions stored.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    fn encoding(&self, idx: usize) -> &[u8] {
        let start = if idx == 0 { 0 } else { self.ends[idx - 1] };
        &self.bytes[start as usize..self.ends[idx] as usize]
    }

    /// The number of the position encoded as `encoded`, if it is stored.
    pub(super) fn find(&self, encoded: &[u8]) -> Option<u32> {
        let hash = self.hasher.hash_one(encoded);
        self.table
            .find(hash, |&idx| self.encoding(idx as usize) == encoded)
            .copied()
    }

    /// Stores the position encoded as `encoded` (not stored yet), returning its number.
    pub(super) fn insert(&mut self, encoded: &[u8]) -> u32 {
        let idx = self.ends.len() as u32;
        self.bytes.extend_from_slice(encoded);
        self.ends.push(self.bytes.len() as u64);
        let hash = self.hasher.hash_one(encoded);
        let Positions {
            bytes,
            ends,
            table,
            hasher,
        } = self;
        table.insert_unique(hash, idx, |&other| {
            let other = other as usize;
            let start = if other == 0 { 0 } else { ends[other - 1] };
            hasher.hash_one(&bytes[start as usize..ends[other] as usize])
        });
        idx
    }

    /// The position numbered `idx`.
    pub(super) fn datum(&self, idx: u32) -> Datum {
        let mut at = self.encoding(idx as usize);
        decode(&mut at)
    }

    /// The bytes held now, and the most that storing `more` further bytes of positions (one
    /// position) can make them while the buffers grow (old and new buffers both held).
    pub(super) fn bytes_after(&self, more: usize) -> u64 {
        let held = |len: usize, cap: usize, item: usize, extra: usize| -> u64 {
            let grown = if len + extra > cap {
                // The old buffer and the new one, at least twice the old, while copying.
                cap + (len + extra).max(2 * cap)
            } else {
                cap
            };
            (grown * item) as u64
        };
        // A hash table slot: the number and a control byte, at most 7/8 full.
        let slots = self.table.capacity() * 8 / 7;
        let table = if self.table.len() + 1 > self.table.capacity() {
            slots + 2 * slots.max(4)
        } else {
            slots
        };
        held(self.bytes.len(), self.bytes.capacity(), 1, more)
            + held(self.ends.len(), self.ends.capacity(), size_of::<u64>(), 1)
            + (table * (size_of::<u32>() + 1)) as u64
    }
}

/// Appends the encoding of `datum` to `out`.
pub(crate) fn encode(datum: &Datum, out: &mut Vec<u8>) {
    match datum {
        Datum::Int(n) => {
            out.push(INT);
            varint(((n << 1) ^ (n >> 63)) as u64, out);
        }
        Datum::Str(text) => {
            out.push(STR);
            varint(text.len() as u64, out);
            out.extend_from_slice(text.as_bytes());
        }
        Datum::Bool(false) => out.push(FALSE),
        Datum::Bool(true) => out.push(TRUE),
        Datum::List(items) => {
            out.push(LIST);
            varint(items.len() as u64, out);
            for item in items {
                encode(item, out);
            }
        }
    }
}

fn varint(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn read_varint(at: &mut &[u8]) -> u64 {
    let mut n = 0u64;
    let mut shift = 0;
    loop {
        let byte = at[0];
        *at = &at[1..];
        n |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return n;
        }
        shift += 7;
    }
}

/// The datum encoded at the start of `at`, which is advanced past it. Only ever given what
/// [`encode`] wrote.
fn decode(at: &mut &[u8]) -> Datum {
    let tag = at[0];
    *at = &at[1..];
    match tag {
        INT => {
            let n = read_varint(at);
            Datum::Int(((n >> 1) as i64) ^ -((n & 1) as i64))
        }
        STR => {
            let len = read_varint(at) as usize;
            let (text, rest) = at.split_at(len);
            *at = rest;
            // Encoded from a `String`: valid UTF-8.
            Datum::Str(String::from_utf8_lossy(text).into_owned())
        }
        FALSE => Datum::Bool(false),
        TRUE => Datum::Bool(true),
        _ => {
            let len = read_varint(at) as usize;
            Datum::List((0..len).map(|_| decode(at)).collect())
        }
    }
}

/// The datum `bytes` encode, all of them; `None` when they are not an encoding (bytes
/// read from a file, checked rather than trusted).
pub(crate) fn decode_exact(bytes: &[u8]) -> Option<Datum> {
    fn varint(at: &mut &[u8]) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = at.split_first()?;
            *at = rest;
            n |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Some(n);
            }
        }
        None
    }
    fn item(at: &mut &[u8], depth: usize) -> Option<Datum> {
        let (&tag, rest) = at.split_first()?;
        *at = rest;
        Some(match tag {
            INT => {
                let n = varint(at)?;
                Datum::Int(((n >> 1) as i64) ^ -((n & 1) as i64))
            }
            STR => {
                let len = usize::try_from(varint(at)?).ok()?;
                let text = at.get(..len)?;
                *at = &at[len..];
                Datum::Str(String::from_utf8(text.to_vec()).ok()?)
            }
            FALSE => Datum::Bool(false),
            TRUE => Datum::Bool(true),
            LIST if depth < 256 => {
                let len = varint(at)?;
                let mut items = Vec::new();
                for _ in 0..len {
                    items.push(item(at, depth + 1)?);
                }
                Datum::List(items)
            }
            _ => return None,
        })
    }
    let mut at = bytes;
    let datum = item(&mut at, 0)?;
    at.is_empty().then_some(datum)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of datum comes back as stored, is found by its encoding, and is stored
    /// once; a list of five 4-letter strings takes 32 bytes.
    #[test]
    fn positions_round_trip_compactly() {
        let data = [
            Datum::Int(0),
            Datum::Int(-1),
            Datum::Int(i64::MIN),
            Datum::Int(i64::MAX),
            Datum::Int(300),
            Datum::Str(String::new()),
            Datum::Str("x.o é".into()),
            Datum::Bool(true),
            Datum::Bool(false),
            Datum::List(vec![]),
            Datum::List(vec![Datum::ints([1, 2]), Datum::Str("a".into())]),
            Datum::List(vec![Datum::Str("....".into()); 5]),
        ];
        let mut positions = Positions::default();
        let mut scratch = Vec::new();
        for (idx, datum) in data.iter().enumerate() {
            scratch.clear();
            encode(datum, &mut scratch);
            assert_eq!(positions.find(&scratch), None);
            assert_eq!(positions.insert(&scratch), idx as u32);
        }
        for (idx, datum) in data.iter().enumerate() {
            scratch.clear();
            encode(datum, &mut scratch);
            assert_eq!(positions.find(&scratch), Some(idx as u32));
            assert_eq!(&positions.datum(idx as u32), datum);
            assert_eq!(decode_exact(&scratch).as_ref(), Some(datum));
            assert_eq!(decode_exact(&scratch[..scratch.len() - 1]), None);
        }
        assert_eq!(positions.len(), data.len());
        assert_eq!(scratch.len(), 32);
        assert!(positions.bytes_after(0) >= positions.bytes.len() as u64);
    }
}
