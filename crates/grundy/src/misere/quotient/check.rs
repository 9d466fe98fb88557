//! The proof that a learned automaton is the quotient, or a sum on which it is wrong.
//!
//! Two checks, both finite. First, the automaton must not depend on the order the heaps
//! are added in: s·a·b = s·b·a for every state s and heaps a, b; then it is a commutative
//! monoid and every sum G has one element Φ(G). Second, walk every pair (Φ(G), M(G)) that a
//! sum G can reach, where M(G) is the set of elements of G's options; adding heap k gives
//! (Φ(G)·k, M(G)·k ∪ Φ(G)·O_k), O_k the elements of k's options. If in every pair Φ(G) is
//! in the P-portion exactly when M(G) is non-empty and misses the P-portion, then by
//! induction over G (options first) Φ(G) is in the P-portion exactly when G is a misère
//! P-position, for every sum of heaps up to n. Each element is its own class (the learner
//! keeps only states with different outcome rows), so the automaton is then the misère
//! quotient itself.

use rustc_hash::FxHashMap;

use super::error::QuotientError;
use super::learn::Table;
use super::outcome::Rules;

/// The words on one of which the automaton is wrong, when a check fails.
pub(super) type Suspects = Vec<Vec<usize>>;

/// Words that expose a pair s·a·b ≠ s·b·a, or None when the automaton commutes.
pub(super) fn commutes(table: &Table) -> Option<Suspects> {
    let n = table.n;
    for s in 0..table.order() {
        for a in 1..=n {
            for b in a + 1..=n {
                let ab = table.run(s, &[a, b]);
                let ba = table.run(s, &[b, a]);
                if ab == ba {
                    continue;
                }
                // Some test sum tells ab and ba apart (their rows differ); the automaton is
                // wrong on one of these words (the first two are the same sum, predicted
                // differently, or the last two are predicted wrongly).
                let e = (0..table.suffixes.len())
                    .find(|&k| table.row_bit(ab, k) != table.row_bit(ba, k));
                let suffix = e
                    .map(|k| suffix_word(&table.suffixes[k]))
                    .unwrap_or_default();
                let mut suspects = Vec::new();
                for (x, y) in [(a, b), (b, a)] {
                    let mut word = table.access[s].clone();
                    word.extend([x, y]);
                    word.extend(&suffix);
                    suspects.push(word);
                }
                for t in [ab, ba] {
                    let mut word = table.access[t].clone();
                    word.extend(&suffix);
                    suspects.push(word);
                }
                return Some(suspects);
            }
        }
    }
    None
}

/// The heaps of a counts vector as a word, smallest first.
pub(super) fn suffix_word(counts: &[u16]) -> Vec<usize> {
    let mut word = Vec::new();
    for (h, &c) in counts.iter().enumerate() {
        word.extend(std::iter::repeat_n(h, usize::from(c)));
    }
    word
}

/// Walks the pairs (Φ(G), M(G)); returns a sum whose pair breaks the rule, with its
/// options (the automaton is wrong on one of them), or None when none does. Refuses to
/// hold more than `max_pairs` pairs.
pub(super) fn closed(
    table: &Table,
    rules: &Rules,
    max_pairs: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Suspects>, QuotientError> {
    let n = table.n;
    let words = table.order().div_ceil(64);
    let in_p =
        |m: &[u64]| (0..table.order()).any(|e| m[e / 64] >> (e % 64) & 1 != 0 && table.is_p(e));
    let mut pairs: Vec<(u32, Vec<u64>)> = vec![(0, vec![0; words])];
    let mut parent: Vec<(u32, u32)> = vec![(0, 0)];
    let mut seen: FxHashMap<(u32, Vec<u64>), u32> = FxHashMap::default();
    seen.insert(pairs[0].clone(), 0);
    let mut at = 0;
    while at < pairs.len() {
        if stop() {
            return Err(QuotientError::Cancelled);
        }
        let (x, m) = pairs[at].clone();
        let empty = m.iter().all(|&w| w == 0);
        if table.is_p(x as usize) != (!empty && !in_p(&m)) {
            return Ok(Some(suspects(rules, &parent, at)));
        }
        for k in 1..=n {
            let next_x = table.run(x as usize, &[k]) as u32;
            let mut next_m = vec![0u64; words];
            for e in 0..table.order() {
                if m[e / 64] >> (e % 64) & 1 != 0 {
                    let t = table.run(e, &[k]);
                    next_m[t / 64] |= 1 << (t % 64);
                }
            }
            for option in &rules.options[k] {
                let t = table.run(x as usize, option);
                next_m[t / 64] |= 1 << (t % 64);
            }
            let key = (next_x, next_m);
            if !seen.contains_key(&key) {
                if pairs.len() >= max_pairs {
                    return Err(QuotientError::CheckTooLarge { max: max_pairs });
                }
                seen.insert(key.clone(), pairs.len() as u32);
                pairs.push(key);
                parent.push((at as u32, k as u32));
            }
        }
        at += 1;
    }
    Ok(None)
}

/// The sum that reached pair `at` (as a word) and each of its options.
fn suspects(rules: &Rules, parent: &[(u32, u32)], mut at: usize) -> Suspects {
    let mut word = Vec::new();
    while at != 0 {
        let (p, k) = parent[at];
        word.push(k as usize);
        at = p as usize;
    }
    word.reverse();
    let mut all = vec![word.clone()];
    let mut tried = Vec::new();
    for (i, &h) in word.iter().enumerate() {
        if tried.contains(&h) {
            continue;
        }
        tried.push(h);
        for option in &rules.options[h] {
            let mut next: Vec<usize> = word[..i].iter().chain(&word[i + 1..]).copied().collect();
            next.extend(option);
            all.push(next);
        }
    }
    all
}
