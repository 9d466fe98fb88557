//! The sandbox: a file's steps and memory are capped, and whatever reaches outside the
//! computation is refused by name.

use super::*;

#[test]
fn an_endless_moves_stops_at_the_operation_cap() {
    let game = source("function moves(p)\n  while true do end\nend\n");
    let begun = Instant::now();
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "test.luau: the operation cap of 10000000 steps was hit in moves (an endless loop?) (in moves, at position 1)"
    );
    assert!(begun.elapsed() < Duration::from_secs(60));
    // Recursion without end is stopped too (Luau's own stack limit, or the cap).
    let game =
        source("local function f(n) return f(n + 1) + 1 end\nfunction moves(p) return f(0) end\n");
    assert!(game.solve(&Datum::Int(1), &Budget::default()).is_err());
    // At load time as well.
    assert!(error("while true do end").contains("operation cap"));
}

#[test]
fn memory_is_capped() {
    let game = source(
        "function moves(p)\n  local t = {}\n  for i = 1, 1e8 do t[i] = {i} end\n  return t\nend\n",
    );
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("memory cap of 256 MiB") || text.contains("operation cap"),
        "{text}"
    );
}

/// A smaller cap holds in every call, not only at load time, and names itself.
#[test]
fn a_memory_cap_of_its_own() {
    let text = "start = 1\nfunction moves(p)\n  local t = {}\n  for i = 1, 1e6 do t[i] = i end\n  return {}\nend\n";
    let game = crate::load_source_within("test.luau", text, &[], 2 << 20).unwrap();
    let err = game.solve(&Datum::Int(1), &Budget::default()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("test.luau: the memory cap of 2 MiB was hit in moves"),
        "{err}"
    );
    // The default cap lets the same call through.
    let game = source(text);
    assert!(game.solve(&Datum::Int(1), &Budget::default()).is_ok());
}

/// Issue 23: reaching outside the computation is refused by name, at the file's line, not
/// as "attempt to call a nil value".
#[test]
fn the_sandbox_has_no_io_os_or_loading() {
    for (name, call) in [
        ("io.open", "io.open('x')"),
        ("os.execute", "os.execute('ls')"),
        ("debug.info", "debug.info(1)"),
        ("require", "require('x')"),
        ("loadstring", "loadstring('x')"),
        ("print", "print('x')"),
        ("dofile", "dofile('x')"),
        ("load", "load('x')"),
        ("collectgarbage", "collectgarbage()"),
        ("getfenv", "getfenv()"),
    ] {
        let game = source(&format!("function moves(p)\n  return {{ {call} }}\nend"));
        let err = game.moves(&Datum::Int(0)).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("test.luau:2: {name}"))
                && err.contains("is not available in game files"),
            "{name}: {err}"
        );
    }
    // At the top level too, and `io` cannot be given fields.
    let err = error("io.write = 1\nfunction moves(p) return {} end");
    assert!(
        err.contains("test.luau:1: the io library is not available"),
        "{err}"
    );
    // A file cannot change the libraries other code relies on.
    assert!(error("string.sub = nil\nfunction moves(p) return {} end").contains("readonly"));
}
