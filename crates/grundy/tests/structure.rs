//! The workspace's shape, checked: dependencies between source files run one way (no
//! import circle in any crate, and no file naming a module above it), and no source file
//! is longer than [`MAX_LINES`].
//!
//! A file depends on another when it names it by a path: `crate::a::b`, `super::b`,
//! `self::b`, or a child module's name (`b::X`), in code or in a doc link. A parent
//! depends on each child it declares (`mod b;`), so a child that names its parent's own
//! items closes a circle: such items belong in a child file of their own, which both
//! name. Test files (`tests.rs`, `*_tests.rs`, `tests/`) and `#[cfg(test)]` modules are
//! left out, since a test may read anything; visibility paths (`pub(in crate::a)`) are
//! not dependencies.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines a source file may have (code, tests, page scripts alike).
const MAX_LINES: usize = 600;

/// A module as its path from the crate root (`[]` is `lib.rs` or `main.rs`).
type Module = Vec<String>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn crates() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(workspace().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    out.sort();
    assert!(out.len() >= 4, "found the crates: {out:?}");
    out
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                files_under(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

fn module_of(src: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut segments: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if segments == ["lib"] || segments == ["main"] {
        segments.clear();
    }
    if segments.last().is_some_and(|s| s == "mod") {
        segments.pop();
    }
    segments
}

fn is_test(module: &Module) -> bool {
    module.iter().any(|s| s == "tests" || s.ends_with("_tests"))
}

/// The text without its `#[cfg(test)]` modules (inline ones removed to their closing
/// brace; braces inside strings or comments of a test module are not expected).
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]\nmod ") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let line_end = after.find('\n').unwrap() + 1;
        let decl_end = after[line_end..]
            .find('\n')
            .map_or(after.len(), |e| line_end + e);
        if after[..decl_end].ends_with(';') {
            rest = &after[decl_end..];
            continue;
        }
        let open = after.find('{').expect("a test module has a body");
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The modules named by the path that starts at `rest` (just after `base::`), resolved to
/// the longest known module: a group `{a::x, b}` names each of its entries.
fn targets(base: &Module, rest: &str, known: &BTreeSet<Module>) -> Vec<Module> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        let mut out = Vec::new();
        let (mut start, mut depth) = (0, 0);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                ',' | '}' if depth == 0 => {
                    out.extend(targets(base, &group[start..i], known));
                    start = i + 1;
                    if c == '}' {
                        break;
                    }
                }
                _ => {}
            }
        }
        return out;
    }
    let mut current = base.clone();
    let mut text = rest;
    loop {
        let len = text.find(|c| !is_ident(c)).unwrap_or(text.len());
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

/// Every module that `module`'s text names.
fn named(module: &Module, text: &str, known: &BTreeSet<Module>) -> BTreeSet<Module> {
    let mut out = BTreeSet::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(|c: char| c.is_ascii_lowercase()) {
        let at = from + found;
        let before = &text[..at];
        let word_len = text[at..].find(|c| !is_ident(c)).unwrap_or(text.len() - at);
        from = at + word_len.max(1);
        if before.ends_with(|c: char| is_ident(c) || c == ':') || before.ends_with("in ") {
            continue;
        }
        let word = &text[at..at + word_len];
        let Some(rest) = text[at + word_len..].strip_prefix("::") else {
            continue;
        };
        let base = match word {
            "crate" => Vec::new(),
            "self" => module.clone(),
            "super" => {
                let mut base = module.clone();
                let mut rest = &text[at..];
                while let Some(after) = rest.strip_prefix("super::") {
                    if base.pop().is_none() {
                        break;
                    }
                    rest = after;
                }
                out.extend(targets(&base, rest, known));
                continue;
            }
            child => {
                let mut path = module.clone();
                path.push(child.to_string());
                if !known.contains(&path) {
                    continue;
                }
                out.extend(targets(module, &text[at..], known));
                continue;
            }
        };
        out.extend(targets(&base, rest, known));
    }
    out.remove(module);
    out
}

/// The crate's dependency graph between its non-test files.
fn graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut files = Vec::new();
    files_under(src, &mut files);
    let sources: BTreeMap<Module, PathBuf> = files
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
        .map(|f| (module_of(src, &f), f))
        .filter(|(m, _)| !is_test(m))
        .collect();
    let known: BTreeSet<Module> = sources.keys().cloned().collect();
    sources
        .iter()
        .map(|(module, file)| {
            let text = without_tests(&std::fs::read_to_string(file).unwrap());
            let mut deps = named(module, &text, &known);
            deps.retain(|d| known.contains(d));
            // A parent depends on the children it declares.
            deps.extend(
                known
                    .iter()
                    .filter(|c| c.len() == module.len() + 1 && c.starts_with(module))
                    .cloned(),
            );
            (module.clone(), deps)
        })
        .collect()
}

/// Each strongly connected component of more than one file: one circle through it, and
/// all its files.
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<(Vec<Module>, Vec<Module>)> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for start in graph.keys() {
        if seen.contains(start) {
            continue;
        }
        // The files from which `start` can be reached and that it reaches: its component.
        let reach = |from: &Module, forward: bool| {
            let mut found = BTreeSet::from([from.clone()]);
            let mut stack = vec![from.clone()];
            while let Some(m) = stack.pop() {
                let next: Vec<&Module> = if forward {
                    graph[&m].iter().collect()
                } else {
                    graph
                        .iter()
                        .filter(|(_, d)| d.contains(&m))
                        .map(|(k, _)| k)
                        .collect()
                };
                for n in next {
                    if found.insert(n.clone()) {
                        stack.push(n.clone());
                    }
                }
            }
            found
        };
        let component: BTreeSet<Module> = reach(start, true)
            .intersection(&reach(start, false))
            .cloned()
            .collect();
        seen.extend(component.iter().cloned());
        if component.len() > 1 {
            out.push((
                shortest_circle(graph, start, &component),
                component.into_iter().collect(),
            ));
        }
    }
    out
}

/// The shortest circle from `start` back to it inside `component` (breadth first).
fn shortest_circle(
    graph: &BTreeMap<Module, BTreeSet<Module>>,
    start: &Module,
    component: &BTreeSet<Module>,
) -> Vec<Module> {
    let mut parent: BTreeMap<Module, Module> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(m) = queue.pop_front() {
        for n in &graph[&m] {
            if !component.contains(n) {
                continue;
            }
            if n == start {
                let mut path = vec![m.clone()];
                while let Some(p) = parent.get(path.last().unwrap()) {
                    path.push(p.clone());
                }
                path.reverse();
                return path;
            }
            if !parent.contains_key(n) && n != start {
                parent.insert(n.clone(), m.clone());
                queue.push_back(n.clone());
            }
        }
    }
    unreachable!("a component of more than one file has a circle")
}

fn show(module: &Module) -> String {
    if module.is_empty() {
        "(root)".to_string()
    } else {
        module.join("/")
    }
}

#[test]
fn no_crate_has_an_import_circle() {
    let mut report = Vec::new();
    let mut edges = 0;
    for krate in crates() {
        let graph = graph(&krate.join("src"));
        edges += graph.values().map(BTreeSet::len).sum::<usize>();
        let name = krate.file_name().unwrap().to_string_lossy().into_owned();
        for (circle, component) in circles(&graph) {
            let path: Vec<String> = circle.iter().map(show).collect();
            let all: Vec<String> = component.iter().map(show).collect();
            report.push(format!(
                "{name}: {} -> {}\n    (a circle among {} files: {})",
                path.join(" -> "),
                path[0],
                all.len(),
                all.join(", ")
            ));
        }
    }
    // The check saw the workspace's paths (a parser that found none would pass vacuously).
    assert!(edges > 500, "only {edges} dependencies found");
    assert!(
        report.is_empty(),
        "{} import circles (each file names the next; a child that names its parent's \
         items needs them moved to a file both can name):\n{}",
        report.len(),
        report.join("\n")
    );
}

/// The crate's top-level modules, each depending on another when one of its files names
/// one of the other's (the crate root left out: it declares them all).
fn top_level(graph: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut top: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, deps) in graph.iter().filter(|(m, _)| !m.is_empty()) {
        let from = vec![module[0].clone()];
        let entry = top.entry(from.clone()).or_default();
        for dep in deps.iter().filter(|d| !d.is_empty() && d[0] != from[0]) {
            entry.insert(vec![dep[0].clone()]);
        }
    }
    top
}

/// Layers, not only files: the top-level modules of each crate depend one way too (no
/// module of a crate names one that names it back through any of their files).
#[test]
fn top_level_modules_depend_one_way() {
    let mut report = Vec::new();
    for krate in crates() {
        let top = top_level(&graph(&krate.join("src")));
        let name = krate.file_name().unwrap().to_string_lossy().into_owned();
        for (circle, _) in circles(&top) {
            let path: Vec<String> = circle.iter().map(show).collect();
            report.push(format!("{name}: {} -> {}", path.join(" -> "), path[0]));
        }
    }
    assert!(
        report.is_empty(),
        "modules that name each other:\n{}",
        report.join("\n")
    );
}

#[test]
fn no_source_file_is_longer_than_the_limit() {
    let mut files = Vec::new();
    files_under(&workspace().join("crates"), &mut files);
    let mut long: Vec<String> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs" || e == "js"))
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            let shown = f
                .strip_prefix(workspace())
                .unwrap_or(f)
                .display()
                .to_string();
            (lines > MAX_LINES).then(|| format!("{shown} ({lines} lines)"))
        })
        .collect();
    long.sort();
    assert!(files.len() > 200, "found {} files", files.len());
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

fn modules(list: &[&str]) -> BTreeSet<Module> {
    list.iter()
        .map(|m| {
            m.split('/')
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        })
        .collect()
}

fn names(module: &str, text: &str) -> Vec<String> {
    let known = modules(&["", "a", "b", "b/c"]);
    let module: Module = module
        .split('/')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    named(&module, text, &known).iter().map(show).collect()
}

#[test]
fn the_parser_finds_every_kind_of_path() {
    assert_eq!(names("b/c", "use super::super::a::X;"), ["a"]);
    assert_eq!(names("b/c", "use super::X;"), ["b"]);
    assert_eq!(names("a", "use super::{b, b::c::Z};"), ["b", "b/c"]);
    assert_eq!(names("a", "/// [`super::b::c::Z`]"), ["b/c"]);
    assert_eq!(names("a", "x = crate::b::{c::f, g}();"), ["b", "b/c"]);
    assert_eq!(names("b", "use c::Z; self::c::f();"), ["b/c"]);
    assert_eq!(names("", "pub use a::X;"), ["a"]);
    assert!(names("a", "pub(in crate::b) fn f() {}").is_empty());
    assert!(names("a", "let c = x.b::<u8>(); std::b::f();").is_empty());
    assert_eq!(
        without_tests("a\n#[cfg(test)]\nmod tests {\n    use super::b;\n}\nc\n#[cfg(test)]\nmod more_tests;\nd"),
        "a\n\nc\n\nd"
    );
}

#[test]
fn the_check_finds_circles() {
    let graph: BTreeMap<Module, BTreeSet<Module>> = [
        ("", vec!["a", "b"]),
        ("a", vec![]),
        ("b", vec!["b/c"]),
        ("b/c", vec!["b"]),
    ]
    .into_iter()
    .map(|(m, d)| (modules(&[m]).pop_first().unwrap(), modules(&d)))
    .collect();
    let found: Vec<Vec<String>> = circles(&graph)
        .iter()
        .map(|(c, _)| c.iter().map(show).collect())
        .collect();
    assert_eq!(found, [vec!["b", "b/c"]]);
}

fn library_source() -> PathBuf {
    workspace().join("crates/grundy/src")
}

/// The library (`crates/grundy`) prints nothing, reads no terminal and never exits the
/// process: front ends do that with the data it answers (doc examples and tests aside).
#[test]
fn the_library_does_no_terminal_io() {
    const FORBIDDEN: &[&str] = &[
        "println!(",
        "print!(",
        "eprintln!(",
        "eprint!(",
        "dbg!(",
        "process::exit",
        "io::stdout",
        "io::stderr",
        "io::stdin",
    ];
    let mut files = Vec::new();
    files_under(&library_source(), &mut files);
    let mut found = Vec::new();
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
    {
        if is_test(&module_of(&library_source(), file)) {
            continue;
        }
        let text = without_tests(&std::fs::read_to_string(file).unwrap());
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            if let Some(what) = FORBIDDEN.iter().find(|f| code.contains(*f)) {
                found.push(format!("{}:{}: {what}", file.display(), n + 1));
            }
        }
    }
    assert!(files.len() > 100, "found {} files", files.len());
    assert!(
        found.is_empty(),
        "terminal I/O in the library:\n{}",
        found.join("\n")
    );
    let manifest = std::fs::read_to_string(workspace().join("crates/grundy/Cargo.toml")).unwrap();
    for crate_name in ["indicatif", "clap", "ctrlc"] {
        let named = [" ", ".", "="]
            .iter()
            .any(|after| manifest.contains(&format!("\n{crate_name}{after}")));
        assert!(
            !named,
            "the library depends on {crate_name}, a front end's crate"
        );
    }
}

/// A game is only its rules: no file of `games/` names a solver (their tests do, to prove
/// closed forms against the search).
#[test]
fn games_know_nothing_of_solvers() {
    let graph = graph(&library_source());
    let games: Vec<&Module> = graph
        .keys()
        .filter(|m| m.first().is_some_and(|s| s == "games"))
        .collect();
    assert!(games.len() > 10, "found {} game files", games.len());
    let mut found = Vec::new();
    for game in games {
        for dep in &graph[game] {
            if dep.first().is_some_and(|s| s == "solve") {
                found.push(format!("{} names {}", show(game), show(dep)));
            }
        }
    }
    assert!(
        found.is_empty(),
        "games that name solvers:\n{}",
        found.join("\n")
    );
}
