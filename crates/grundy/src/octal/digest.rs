//! FNV-1a (64 bits) over a sequence's values: the checksum of checkpoints and spill files
//! and the digest that compares two runs. A leaf: it knows nothing of sequences.

/// FNV-1a, 64 bits, of `bytes`: a checksum for corruption, not for adversaries.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::octal::digest::fnv1a64(b""), 0xcbf29ce484222325);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_more(0xcbf2_9ce4_8422_2325, bytes)
}

/// FNV-1a going on from `hash` over `bytes`.
pub(super) fn fnv1a64_more(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The values as little-endian bytes.
pub(super) fn value_bytes(values: &[u16]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// FNV-1a of the values' little-endian bytes: a digest to compare two runs.
///
/// # Examples
///
/// ```
/// use grundy::octal::digest::digest;
/// assert_ne!(digest(&[0, 1, 2]), digest(&[0, 2, 1]));
/// ```
pub fn digest(values: &[u16]) -> u64 {
    fnv1a64(&value_bytes(values))
}
