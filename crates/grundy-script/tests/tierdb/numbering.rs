//! Game files that number their own tiers (`tier_size`, `rank`, `unrank`): the database
//! built with the file's numbering answers every position exactly as the one numbered by
//! grundy (values and every move's value), for win, loss or draw, net scores and nimbers;
//! a numbering that is wrong is refused, naming the position and the function.

use super::{build_path, example, open_path, refused, temp};
use std::collections::HashSet;
use std::path::Path;

use grundy::tierdb::{BuildOptions, Values};

/// The same rules without their own numbering: grundy numbers them by their keys.
const UNNUMBERED: &str = "\ntier_size = nil\nrank = nil\nunrank = nil\n";

/// Builds `source` twice in `dir` (as written, and without its numbering), then walks every
/// position from the start in both databases at once: the same value, the same moves with
/// the same values. Returns the positions walked.
fn same_answers(dir: &Path, source: &str, values: Option<Values>) -> usize {
    std::fs::create_dir_all(dir).unwrap();
    let own_path = dir.join("own.luau");
    let keys_path = dir.join("keys.luau");
    std::fs::write(&own_path, source).unwrap();
    std::fs::write(&keys_path, format!("{source}{UNNUMBERED}")).unwrap();
    let options = BuildOptions {
        values,
        ..BuildOptions::default()
    };
    let (own_dir, keys_dir) = (dir.join("own"), dir.join("keys"));
    let a = build_path(&own_path, &own_dir, &options).unwrap();
    let b = build_path(&keys_path, &keys_dir, &options).unwrap();
    assert_eq!((a.positions, a.value), (b.positions, b.value));
    // The file's numbering writes no keys; grundy's does.
    let has_keys = |d: &Path| {
        std::fs::read_dir(d)
            .unwrap()
            .any(|e| e.unwrap().path().extension().is_some_and(|x| x == "keys"))
    };
    assert!(!has_keys(&own_dir) && has_keys(&keys_dir));
    let (own, keys) = (
        open_path(&own_path, &own_dir),
        open_path(&keys_path, &keys_dir),
    );
    assert_eq!(own.values(), keys.values());
    let (g, h) = (own.game(), keys.game());
    let mut seen = HashSet::from([g.start()]);
    let mut stack = vec![(g.start(), h.start())];
    let (mut ca, mut cb) = (Vec::new(), Vec::new());
    while let Some((p, q)) = stack.pop() {
        assert_eq!(g.show(p), h.show(q));
        let (x, y) = (own.probe(p).unwrap(), keys.probe(q).unwrap());
        assert_eq!(x, y, "{}", g.show(p));
        assert!(x.is_some(), "{} is in the database", g.show(p));
        ca.clear();
        cb.clear();
        g.expand(p, &mut ca);
        h.expand(q, &mut cb);
        assert_eq!(ca.len(), cb.len());
        for (&c, &d) in ca.iter().zip(&cb) {
            if seen.insert(c) {
                stack.push((c, d));
            }
        }
    }
    assert_eq!(seen.len() as u64, a.positions);
    seen.len()
}

/// Tic-tac-toe numbered by the file (its marks' arrangements within a tier) answers every
/// one of its 5,478 positions (the count in Wikipedia's "Game complexity", citing
/// Schaefer) as grundy's numbering does, as win, loss or draw and as net scores.
#[test]
fn tictactoe_numbered_by_the_file_answers_as_grundys_numbering() {
    let source = std::fs::read_to_string(example("tictactoe.luau")).unwrap();
    let dir = temp("ttt");
    assert_eq!(same_answers(&dir.join("outcomes"), &source, None), 5478);
    let scores = same_answers(&dir.join("scores"), &source, Some(Values::Scores));
    assert_eq!(scores, 5478);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Subtraction {1, 2, 3} from a heap of 20, numbered by hand (one position a tier): the
/// same outcomes and nimbers as grundy's numbering.
#[test]
fn an_impartial_file_numbered_by_hand_answers_as_grundys_numbering() {
    let source = "impartial = true\nstart = 20\n\
        function moves(n) local out = {} for k = 1, math.min(3, n) do out[k] = n - k end return out end\n\
        function tier(n) return 20 - n end\n\
        function tier_size(t) return if t <= 20 then 1 else 0 end\n\
        function rank(n) return 0 end\n\
        function unrank(t, r) return 20 - t end\n";
    let dir = temp("take");
    assert_eq!(same_answers(&dir.join("outcomes"), source, None), 21);
    assert_eq!(
        same_answers(&dir.join("nimbers"), source, Some(Values::Nimbers)),
        21
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A loopy game numbered by hand: 0 -> 1 or 4, 1 -> 2 or 3, 2 -> 0, 4 <-> 5 for ever, 3 over
/// (tier 1); the rest stays in tier 0, solved by retrograde analysis. The same outcomes,
/// remoteness and endless draws as grundy's numbering.
#[test]
fn a_loopy_file_numbered_by_hand_answers_as_grundys_numbering() {
    let source = "loopy = true\nstart = 0\n\
        local MOVES = { [0] = {1, 4}, [1] = {2, 3}, [2] = {0}, [3] = {}, [4] = {5}, [5] = {4} }\n\
        function moves(n) return MOVES[n] end\n\
        function tier(n) return if n == 3 then 1 else 0 end\n\
        function tier_size(t) return if t == 0 then 6 elseif t == 1 then 1 else 0 end\n\
        function rank(n) return if n == 3 then 0 else n end\n\
        function unrank(t, r) return if t == 1 then 3 else r end\n";
    let dir = temp("loopy");
    assert_eq!(same_answers(&dir, source, None), 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// From 0 a move to 1 or to 2, both in tier 1, with the numbering given.
fn fork(numbering: &str) -> String {
    format!(
        "start = 0\nfunction moves(p) if p == 0 then return {{1, 2}} end return {{}} end\n\
         function tier(p) return if p == 0 then 0 else 1 end\n{numbering}"
    )
}

/// A numbering that is wrong is refused with the position and the function named.
#[test]
fn a_wrong_numbering_is_refused_clearly() {
    let sizes = "function tier_size(t) return if t <= 1 then 2 else 0 end\n";
    let out = refused(&fork(&format!(
        "{sizes}function rank(p) return p + 5 end\nfunction unrank(t, r) return r end"
    )));
    assert!(
        out.contains("rank returned 5, outside tier 0's ranks (0 to 1")
            && out.contains("(in rank, at position 0)"),
        "{out}"
    );
    let twice = refused(&fork(&format!(
        "{sizes}function rank(p) return 0 end\n\
         function unrank(t, r) return if t == 0 then 0 else 1 end"
    )));
    assert!(
        twice.contains("positions 2 and 1 of tier 1 both have rank 0"),
        "{twice}"
    );
    let tier = refused(&fork(&format!(
        "{sizes}function rank(p) return if p == 0 then 0 else p - 1 end\n\
         function unrank(t, r) return if t == 0 then 1 else r + 1 end"
    )));
    assert!(
        tier.contains("unrank(0, 0) gives 1, a position of tier 1, not of tier 0"),
        "{tier}"
    );
    let missing = refused(&fork(&format!("{sizes}function rank(p) return 0 end")));
    assert!(
        missing.contains("gives no function unrank") && missing.contains("docs/game-files.md"),
        "{missing}"
    );
    let negative = refused(&fork(
        "function tier_size(t) return -1 end\nfunction rank(p) return 0 end\n\
         function unrank(t, r) return 0 end",
    ));
    assert!(
        negative.contains("tier_size(0) returned -1: a tier's size is an integer from 0 up"),
        "{negative}"
    );
    let failing = refused(&fork(&format!(
        "{sizes}function rank(p) return 0 end\nfunction unrank(t, r) error(\"no\") end"
    )));
    assert!(failing.contains("in unrank, at tier 0 rank 0"), "{failing}");
}
