//! Names for the elements of a finite commutative monoid given by its multiplication
//! table and generators, as MisereSolver writes them: each element is its least word in
//! the generators a, b, c, ... (fewest letters, then most a's, then most b's, ...), and the
//! relations are the minimal words that are not least, each equal to its element's word.
//! Those relations present the monoid (every word rewrites to its least word by them).

use rustc_hash::FxHashMap;

/// The least words of a monoid and the relations between them.
pub(super) struct Words {
    /// Each element's least word, as exponents of the generators.
    pub(super) normal: Vec<Vec<u32>>,
    /// The minimal words that are not least, each with its element.
    pub(super) relations: Vec<(Vec<u32>, usize)>,
}

/// Orders words: fewer letters first, then the higher exponent of an earlier generator.
fn word_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let (da, db) = (a.iter().sum::<u32>(), b.iter().sum::<u32>());
    da.cmp(&db).then_with(|| b.cmp(a))
}

/// The least words and relations of the monoid with `table` (x·y at `x * order + y`),
/// identity 0 and generators `gens`. Elements not generated keep an empty word list entry.
pub(super) fn words(table: &[u32], order: usize, gens: &[usize]) -> Words {
    let g = gens.len();
    let mut normal: Vec<Option<Vec<u32>>> = vec![None; order];
    normal[0] = Some(vec![0; g]);
    let mut level = vec![0usize];
    while !level.is_empty() {
        let mut best: FxHashMap<usize, Vec<u32>> = FxHashMap::default();
        for &x in &level {
            let Some(base) = normal[x].clone() else {
                continue;
            };
            for (j, &gen) in gens.iter().enumerate() {
                let y = table[x * order + gen] as usize;
                if normal[y].is_some() {
                    continue;
                }
                let mut word = base.clone();
                word[j] += 1;
                let entry = best.entry(y).or_insert_with(|| word.clone());
                if word_order(&word, entry).is_lt() {
                    *entry = word;
                }
            }
        }
        let mut next: Vec<(Vec<u32>, usize)> = best.into_iter().map(|(y, w)| (w, y)).collect();
        next.sort_by(|a, b| word_order(&a.0, &b.0));
        level = next.iter().map(|&(_, y)| y).collect();
        for (word, y) in next {
            normal[y] = Some(word);
        }
    }
    let normal: Vec<Vec<u32>> = normal.into_iter().map(Option::unwrap_or_default).collect();
    let by_word: FxHashMap<&[u32], usize> = normal
        .iter()
        .enumerate()
        .filter(|(x, w)| *x == 0 || !w.is_empty() && w.iter().any(|&e| e > 0))
        .map(|(x, w)| (w.as_slice(), x))
        .collect();
    let mut relations: Vec<(Vec<u32>, usize)> = Vec::new();
    for (x, base) in normal.iter().enumerate() {
        if base.len() != g {
            continue;
        }
        for (j, &gen) in gens.iter().enumerate() {
            let mut word = base.clone();
            word[j] += 1;
            let y = table[x * order + gen] as usize;
            if normal[y] == word || relations.iter().any(|(w, _)| *w == word) {
                continue;
            }
            let minimal = (0..g).filter(|&i| word[i] > 0).all(|i| {
                let mut less = word.clone();
                less[i] -= 1;
                by_word.contains_key(less.as_slice())
            });
            if minimal {
                relations.push((word, y));
            }
        }
    }
    relations.sort_by(|a, b| word_order(&a.0, &b.0));
    Words { normal, relations }
}

/// The name of generator j: a, b, ..., z, then g26, g27, ...
pub(super) fn letter(j: usize) -> String {
    match u8::try_from(j) {
        Ok(j) if j < 26 => char::from(b'a' + j).to_string(),
        _ => format!("g{j}"),
    }
}

/// A word written as MisereSolver writes it: `1`, `a`, `a^2b`, `ab^3`.
pub(super) fn write(word: &[u32]) -> String {
    let mut text = String::new();
    for (j, &e) in word.iter().enumerate() {
        match e {
            0 => {}
            1 => text.push_str(&letter(j)),
            _ => text.push_str(&format!("{}^{e}", letter(j))),
        }
    }
    if text.is_empty() {
        text.push('1');
    }
    text
}
