//! The octal module's files in one declared order, and a test that each one names only
//! files before it (by `super::` or `crate::octal::` paths, in code or in doc links), so
//! that dependencies run one way: no import circles. Test code is left out (a test may
//! read anything), as are visibility paths (`pub(in crate::octal)`).

use std::path::PathBuf;

/// Every file of the module, lowest first, as its module path under `octal` ("" is
/// `octal.rs`). A child comes before its parent, which declares it.
const LAYERS: &[&str] = &[
    // Leaves: the code, the digest, the run report.
    "code",
    "digest",
    "pipeline",
    // What the methods read: the moves, the value counts, the stored values.
    "method",
    "direct",
    "game",
    "runs",
    "stats",
    "store",
    "error",
    "period/theorem",
    // The sparse kernel.
    "sparse/avx2",
    "sparse/block",
    "sparse/guess",
    "sparse/open",
    "sparse/proof",
    "sparse/far",
    "sparse/state",
    "sparse/start",
    "sparse/candidate",
    "sparse/lanes",
    "sparse",
    // The sequence, and its runs in batches below it.
    "sequence/ahead/front",
    "sequence/ahead/shared",
    "sequence/ahead/far",
    "sequence/ahead",
    "sequence",
    // What drives a sequence.
    "period",
    "checkpoint",
    "",
];

/// Files that hold only tests, and this one.
fn is_test_file(path: &str) -> bool {
    path == "layers" || path == "tests" || path.ends_with("/tests")
}

fn source_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn file_of(module: &str) -> PathBuf {
    match module {
        "" => source_dir().join("octal.rs"),
        path => source_dir().join("octal").join(format!("{path}.rs")),
    }
}

fn segments(module: &str) -> Vec<&str> {
    module.split('/').filter(|s| !s.is_empty()).collect()
}

/// The file's text without its test module: `mod tests;` or a `mod tests { ... }` that
/// must close the file (every line after its first indented, the last one `}`).
fn without_tests(module: &str, text: &str) -> String {
    let Some(at) = text.find("#[cfg(test)]\nmod tests") else {
        return text.to_string();
    };
    let rest = &text[at..];
    if rest.starts_with("#[cfg(test)]\nmod tests;") {
        return text.replacen("#[cfg(test)]\nmod tests;", "", 1);
    }
    let lines: Vec<&str> = rest.lines().skip(2).collect();
    let (last, body) = lines.split_last().expect("a test module has a body");
    assert!(
        *last == "}" && body.iter().all(|l| l.is_empty() || l.starts_with(' ')),
        "octal/{module}: the test module must close the file"
    );
    text[..at].to_string()
}

/// The modules named by the path that starts at `rest` (just after `base::`), resolved to
/// the longest listed module: a group `{a::x, b}` names each of its entries.
fn targets(base: &[String], rest: &str, known: &[Vec<String>]) -> Vec<Vec<String>> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 0;
        let end = group
            .find(|c| {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => return true,
                    '}' => depth -= 1,
                    _ => {}
                }
                false
            })
            .expect("a closed group");
        let mut out = Vec::new();
        let (mut start, mut depth) = (0, 0);
        for (i, c) in group[..=end].char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                ',' | '}' if depth == 0 => {
                    out.extend(targets(base, &group[start..i], known));
                    start = i + 1;
                }
                _ => {}
            }
        }
        return out;
    }
    let mut current = base.to_vec();
    let mut text = rest;
    loop {
        let len = text
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        let mut next = current.clone();
        next.push(text[..len].to_string());
        if len == 0 || !known.contains(&next) {
            return vec![current];
        }
        current = next;
        match text[len..].strip_prefix("::") {
            Some(after) if after.starts_with('{') => return targets(&current, after, known),
            Some(after) => text = after,
            None => return vec![current],
        }
    }
}

/// Every module that `module`'s text names through `super::` or `crate::octal::`.
fn named(module: &str, text: &str, known: &[Vec<String>]) -> Vec<Vec<String>> {
    let own: Vec<String> = segments(module).iter().map(|s| s.to_string()).collect();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(['s', 'c']) {
        let at = from + found;
        from = at + 1;
        let before = &text[..at];
        let word_start = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        if !word_start || before.ends_with("in ") {
            continue;
        }
        let (base, rest) = if let Some(rest) = text[at..].strip_prefix("crate::octal::") {
            (Vec::new(), rest)
        } else if text[at..].starts_with("super::") {
            let mut rest = &text[at..];
            let mut base = own.clone();
            while let Some(after) = rest.strip_prefix("super::") {
                base.pop();
                rest = after;
            }
            // `super` from `octal.rs` leaves the module.
            if own.is_empty() {
                continue;
            }
            (base, rest)
        } else {
            continue;
        };
        out.extend(targets(&base, rest, known));
    }
    out
}

#[test]
fn octal_files_name_only_files_before_them() {
    let known: Vec<Vec<String>> = LAYERS
        .iter()
        .map(|m| segments(m).iter().map(|s| s.to_string()).collect())
        .collect();
    // Every file is listed, once, and children come before their parents.
    let mut found = Vec::new();
    let mut dirs = vec![source_dir().join("octal")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(source_dir().join("octal")).unwrap();
                let module = rel.with_extension("").to_string_lossy().replace('\\', "/");
                if !is_test_file(&module) {
                    found.push(module);
                }
            }
        }
    }
    found.push(String::new());
    found.sort();
    let mut listed: Vec<String> = LAYERS.iter().map(|m| m.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed, "LAYERS lists every file of octal/ once");
    for (i, module) in known.iter().enumerate() {
        for (j, other) in known.iter().enumerate() {
            if other.len() > module.len() && other.starts_with(module) {
                assert!(
                    j < i,
                    "{:?} comes after its child {:?}",
                    LAYERS[i],
                    LAYERS[j]
                );
            }
        }
    }
    let mut edges = 0;
    let mut back = Vec::new();
    for (i, module) in LAYERS.iter().enumerate() {
        let text = std::fs::read_to_string(file_of(module)).unwrap();
        let code = without_tests(module, &text);
        for target in named(module, &code, &known) {
            let j = known
                .iter()
                .position(|k| *k == target)
                .unwrap_or(usize::MAX);
            edges += 1;
            if j >= i && target != known[i] {
                back.push(format!("octal/{module} names octal/{}", target.join("/")));
            }
        }
    }
    // The test saw the module's paths (a parser that found none would pass vacuously).
    assert!(edges > 50, "only {edges} paths found");
    assert!(back.is_empty(), "back edges:\n{}", back.join("\n"));
}

#[test]
fn the_check_finds_back_edges() {
    let known: Vec<Vec<String>> = ["", "a", "b", "b/c"]
        .iter()
        .map(|m| segments(m).iter().map(|s| s.to_string()).collect())
        .collect();
    let names = |module: &str, text: &str| -> Vec<String> {
        named(module, text, &known)
            .iter()
            .map(|t| t.join("/"))
            .collect()
    };
    assert_eq!(names("b/c", "use super::super::a::X;"), ["a"]);
    assert_eq!(names("a", "use super::{b, b::c::Z};"), ["b", "b/c"]);
    assert_eq!(names("a", "/// [`super::b::c::Z`]"), ["b/c"]);
    assert_eq!(
        names("a", "x = crate::octal::b::{c::f, g}();"),
        ["b/c", "b"]
    );
    assert!(names("a", "pub(in crate::octal::b) fn f() {}").is_empty());
    assert!(names("", "use super::limits::Budget;").is_empty());
}
