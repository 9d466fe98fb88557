//! The next heap bound's quotient without a search, when the new heap adds no element.
//!
//! Given Q, the proved quotient of heaps 1..n-1, the quotient of heaps 1..n is Q itself
//! exactly when heap n acts as some element x of Q: extend the pretending function by
//! n ↦ x and run the finite proof of `check::closed`. The extension is then right for
//! every sum of heaps up to n, and it is still reduced (two elements of Q are told apart
//! by a sum of smaller heaps already), so it is the quotient; at most one x passes (two
//! would be indistinguishable). A candidate x is tried only when it passes the P-portion
//! test on the sums n + Z, for Z a sum of smaller heaps standing for each element of Q:
//! x·Φ(Z) lies in the P-portion exactly when no option of n + Z, on either side, does.
//! Only when no candidate passes does the quotient grow, and then it is learned (`learn`).

use super::check;
use super::error::QuotientError;
use super::learn::Table;
use super::outcome::{Known, Rules};

/// The automaton of `known` with heap n (the last heap of `rules`) acting as the element
/// that passes the proof, or None when none does (heap n adds elements).
pub(super) fn same_monoid(
    known: &Known,
    rules: &Rules,
    max_pairs: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Table>, QuotientError> {
    let n = rules.max_heap();
    let order = known.order;
    if known.pretend.len() != n {
        return Ok(None);
    }
    let product = |x: usize, y: usize| known.table[x * order + y] as usize;
    let element = |heaps: &[usize]| {
        heaps
            .iter()
            .fold(0, |x, &h| product(x, known.pretend[h] as usize))
    };
    let access = access_words(known, order);
    // The elements of heap n's options, and of each Z's options (Z the access sum of z).
    let options: Vec<usize> = rules.options[n].iter().map(|o| element(o)).collect();
    let z_options: Vec<Vec<usize>> = access
        .iter()
        .map(|word| {
            let mut all = Vec::new();
            for (i, &h) in word.iter().enumerate() {
                let rest: Vec<usize> = word[..i].iter().chain(&word[i + 1..]).copied().collect();
                for option in &rules.options[h] {
                    all.push(product(element(&rest), element(option)));
                }
            }
            all
        })
        .collect();
    for x in 0..order {
        if stop() {
            return Err(QuotientError::Cancelled);
        }
        // n + Z for every z: lost exactly when it has an option and none is lost.
        let passes = (0..order).all(|z| {
            let mut moves = z_options[z].iter().map(|&w| product(x, w)).peekable();
            let mut theirs = options.iter().map(|&o| product(o, z)).peekable();
            let some = moves.peek().is_some() || theirs.peek().is_some();
            let lost = some && !moves.chain(theirs).any(|y| known.p[y]);
            known.p[product(x, z)] == lost
        });
        if !passes {
            continue;
        }
        let table = Table::from_monoid(known, n, x, access.clone());
        if check::closed(&table, rules, max_pairs, stop)?.is_none() {
            return Ok(Some(table));
        }
    }
    Ok(None)
}

/// A least-length word of heaps reaching each element from the identity.
fn access_words(known: &Known, order: usize) -> Vec<Vec<usize>> {
    let mut access: Vec<Option<Vec<usize>>> = vec![None; order];
    access[0] = Some(Vec::new());
    let mut queue = vec![0usize];
    let mut at = 0;
    while at < queue.len() {
        let x = queue[at];
        at += 1;
        for h in 1..known.pretend.len() {
            let y = known.table[x * order + known.pretend[h] as usize] as usize;
            if access[y].is_none() {
                let mut word = access[x].clone().unwrap_or_default();
                word.push(h);
                access[y] = Some(word);
                queue.push(y);
            }
        }
    }
    access.into_iter().map(Option::unwrap_or_default).collect()
}
