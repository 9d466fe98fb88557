//! `grundy analyze`, `grundy table` and `grundy list` on the classic families: golden
//! fragments of their output, exactness at 10^18, the proved/conjecture wording, plots, and
//! errors (exit 2, a message saying what was expected).

#[path = "support/runner.rs"]
mod runner;
#[path = "support/stdout.rs"]
mod stdout;
use runner::grundy;
use stdout::stdout;

/// Checks that every fragment occurs in the output of `grundy args`.
fn check(args: &[&str], fragments: &[&str]) {
    let text = stdout(args);
    for fragment in fragments {
        assert!(
            text.contains(fragment),
            "{args:?}: {fragment:?} not in\n{text}"
        );
    }
}

/// Runs `grundy args`, expecting exit 2 and `message` in stderr.
fn check_error(args: &[&str], message: &str) {
    let out = grundy(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("grundy: ") && stderr.contains(message),
        "{args:?}: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn analyze_nim_and_misere() {
    check(
        &["analyze", "nim", "3", "5", "7"],
        &[
            "outcome   win",
            "value     *1",
            "winning moves: 3",
            "heap 1: 3 -> 2",
            "nim-sum 3 ^ 5 ^ 7 = 1",
        ],
    );
    // Exact at 10^18 and beyond: u64 heaps.
    check(
        &[
            "analyze",
            "nim",
            "1000000000000000000",
            "18446744073709551615",
        ],
        &[
            "value     *17446744073709551615",
            "winning moves: 1",
            "heap 2: 18446744073709551615 -> 1000000000000000000",
        ],
    );
    check(
        &["analyze", "misere-nim", "1"],
        &["outcome   loss", "1 heap(s) of 1"],
    );
}

#[test]
fn analyze_wythoff_exact_at_ten_to_the_eighteen() {
    // (a_k, b_k) for k = 10^18: a_k = floor(10^18 φ) = 1618033988749894848.
    check(
        &[
            "analyze",
            "wythoff",
            "1618033988749894848",
            "2618033988749894848",
        ],
        &[
            "outcome   loss",
            "winning moves: 0",
            "this position is that pair",
        ],
    );
    check(
        &[
            "analyze",
            "wythoff",
            "1618033988749894849",
            "2618033988749894848",
        ],
        &[
            "outcome   win",
            "-> (1618033988749894848, 2618033988749894848)",
        ],
    );
    // Beyond u64, with big integers: k = 10^30.
    check(
        &[
            "analyze",
            "wythoff",
            "1618033988749894848204586834365",
            "2618033988749894848204586834365",
        ],
        &["outcome   loss"],
    );
    check(
        &["analyze", "wythoff", "8", "4"],
        &["(8, 4) -> (7, 4)", "value     *1"],
    );
}

#[test]
fn analyze_other_families() {
    check(
        &["analyze", "subtraction", "1,3,4", "--", "10", "12"],
        &["value     *2", "heap 2: 12 -> 8", "G(10) = 1, G(12) = 3"],
    );
    check(
        &["analyze", "subtraction", "1,3,4", "1000000000000000000"],
        &[
            "G(1000000000000000000) = 1",
            "proved (a whole window of 4 values repeats)",
        ],
    );
    check(
        &["analyze", "bash", "3", "10"],
        &["value     *2", "heap 1: 10 -> 8"],
    );
    check(
        &["analyze", "bash-reach", "3", "30"],
        &["outcome   win", "write 1"],
    );
    check(
        &["analyze", "fibonacci-nim", "100"],
        &["100 = 89 + 8 + 3", "take 3 "],
    );
    check(&["analyze", "fibonacci-nim", "89"], &["outcome   loss"]);
    check(
        &["analyze", "staircase", "2", "4", "3"],
        &["value     *1", "from step 3 to step 2"],
    );
    check(
        &["analyze", "moore", "2", "5", "3", "7"],
        &["5 3 7 -> 3 3 3"],
    );
    check(
        &["analyze", "lasker", "3", "7", "10"],
        &["heap 3: 10 -> 3 + 7"],
    );
    check(
        &["analyze", "grundy-game", "5", "7"],
        &["heap 1: 5 -> 1 + 4"],
    );
    check(&["analyze", "corner", "4", "7"], &["(4, 7) -> (4, 6)"]);
    check(&["analyze", "pow2", "999"], &["outcome   loss", "n mod 3"]);
    check(
        &[
            "analyze", "sum", "nim", "3", "+", "bash", "2", "5", "+", "wythoff", "1", "2",
        ],
        &["nim 3 = *3, bash 2 5 = *2, wythoff 1 2 = *0", "XOR = 1"],
    );
    let json = stdout(&["analyze", "nim", "1", "2", "3", "--json"]);
    assert!(
        json.contains("\"outcome\": \"loss\"") && json.contains("\"nimber\": 0"),
        "{json}"
    );
}

#[test]
fn table_patterns_are_proved_only_with_a_proof() {
    check(
        &["table", "subtraction", "1,3,4", "--to", "30"],
        &[
            "0 |  0  1  0  1  2  3  2  0  1  0",
            "periodic with period 7 from n = 0, proved",
        ],
    );
    for args in [
        ["table", "fib-subtraction", "--to", "300"],
        ["table", "grundy-game", "--to", "300"],
        ["table", "lasker", "--to", "100"],
    ] {
        let text = stdout(&args);
        let pattern = text
            .lines()
            .find(|l| l.starts_with("pattern:"))
            .unwrap_or("");
        assert!(!pattern.contains("proved"), "{args:?}: {pattern}");
    }
    // A period seen only near the end of a table is not even a conjecture.
    check(
        &["table", "fib-subtraction", "--to", "1000"],
        &["pattern:  no period or arithmetic period found for n <= 1000"],
    );
    check(
        &["table", "subtraction", "2,5", "--to", "40"],
        &["P-positions for n >= 0: n ≡ 0, 1, 4 (mod 7), proved with the period"],
    );
    check(
        &["table", "lasker", "--to", "40"],
        &[
            "saltus 4 from n = 1, a conjecture checked for n < 41",
            "the table agrees",
        ],
    );
    check(
        &["table", "bash", "3", "--to", "20"],
        &[
            "n ≡ 0 (mod 4), as in the Bash game",
            "G(n) = n mod 4 (Bash), a theorem",
        ],
    );
}

#[test]
fn table_two_heap_shapes() {
    check(
        &["table", "wythoff", "--to", "30"],
        &[
            "(1,2) (3,5) (4,7) (6,10)",
            "Beatty pairs",
            "the table agrees",
        ],
    );
    check(
        &["table", "corner", "--to", "9"],
        &["a ≡ 0 (mod 2) and b ≡ 0 (mod 2)"],
    );
    check(
        &["table", "nim", "--pairs", "--to", "9"],
        &["equal heaps (a = b)"],
    );
    check(
        &["table", "bash", "2", "--pairs", "--to", "12"],
        &["a ≡ b (mod 3)"],
    );
    check(
        &["table", "fibonacci-nim", "--to", "100"],
        &["1 2 3 5 8 13 21 34 55 89", "Fibonacci numbers"],
    );
}

#[test]
fn table_plots() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (game, file) in [
        ("lasker", "g.svg"),
        ("wythoff", "p.png"),
        ("lasker", "g.png"),
        ("wythoff", "p.svg"),
    ] {
        let path = dir.join(file);
        let path_text = path.to_string_lossy().into_owned();
        stdout(&["table", game, "--to", "30", "--plot", &path_text]);
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.len() > 100, "{file}");
        if file.ends_with(".png") {
            assert_eq!(&bytes[1..4], b"PNG");
        } else {
            assert!(String::from_utf8_lossy(&bytes).contains("<svg"));
        }
    }
    // Pairs of a heap game: the nimbers as a heat map, G(a) xor G(b), every cell filled
    // (P-positions red); a game without nimbers of pairs (Wythoff's family) keeps its
    // P-positions alone.
    let rects = |args: &[&str], file: &str| {
        let path = dir.join(file);
        let mut args = args.to_vec();
        let path_text = path.to_string_lossy().into_owned();
        args.extend(["--plot", &path_text]);
        stdout(&args);
        std::fs::read_to_string(&path)
            .unwrap()
            .matches("<rect")
            .count()
    };
    let heat = rects(
        &["table", "subtraction", "1,2", "--to", "9", "--pairs"],
        "heat.svg",
    );
    assert!(heat >= 100, "every one of the 10 x 10 cells: {heat}");
    let p_only = rects(&["table", "wythoff", "--to", "9"], "wythoff.svg");
    assert!(p_only < 30, "P-positions only: {p_only}");
    std::fs::remove_dir_all(&dir).unwrap();
    check_error(
        &["table", "nim", "--plot", "x.jpg"],
        "use a file name ending in .png or .svg",
    );
}

#[test]
fn list_names_every_family() {
    let text = stdout(&["list"]);
    for name in [
        "nim ",
        "misere-nim",
        "bash K",
        "bash-reach K",
        "subtraction S",
        "wythoff A B",
        "fibonacci-nim",
        "staircase",
        "moore K",
        "lasker",
        "grundy-game",
        "corner X Y",
        "octal CODE",
        "kayles",
        "dawsons-kayles",
        "sum ",
        "gems-fight G B S",
        "young N M",
        "dot X Y N D",
        "team-nim N S",
        "minesweeper N M K",
        "domineering W H",
        "dots-and-boxes W H",
        "kiki N M",
    ] {
        assert!(text.contains(name), "{name}");
    }
    // 19 families, a blank line and a heading, two lines for each of 8 board games.
    assert_eq!(text.lines().count(), 19 + 2 + 2 * 8);
    assert!(stdout(&["list", "--json"]).contains("\"name\": \"wythoff\""));
}

#[test]
fn errors_say_what_was_expected() {
    check_error(
        &["analyze", "foo", "1"],
        "unknown game \"foo\"; expected one of: nim",
    );
    check_error(
        &["analyze", "bash", "x", "1"],
        "bash expects K, an integer from 1 to",
    );
    check_error(&["analyze", "bash"], "bash needs its parameter K");
    check_error(
        &["analyze", "subtraction", "1,0", "3"],
        "expected a positive integer",
    );
    check_error(&["analyze", "nim", "3", "x"], "expected a heap size");
    check_error(&["analyze", "nim"], "expects at least one heap size");
    check_error(
        &["analyze", "wythoff", "1"],
        "wythoff expects two heap sizes",
    );
    check_error(&["analyze", "wythoff", "1", "y"], "expected a heap size");
    check_error(
        &["analyze", "grundy-game", "100000"],
        "tabulated up to 20000",
    );
    check_error(
        &["analyze", "sum", "nim", "3", "+"],
        "components separated by '+'",
    );
    check_error(
        &["analyze", "sum", "misere-nim", "3"],
        "has no Grundy value",
    );
    check_error(&["table", "wythoff", "--to", "100000"], "at most 200");
    check_error(&["table", "nim", "5"], "takes no position");
}

/// Negative numbers, memory sizes and oversized pair tables get plain messages, exit 2.
#[test]
fn plain_messages_for_bad_numbers() {
    check_error(
        &["table", "nim", "--to", "-5"],
        "a number here must be at least 0, found -5",
    );
    check_error(
        &["solve", "nim", "--", "-3"],
        "must be at least 0, found -3",
    );
    check_error(
        &["octal", "0.6", "--memory", "abc"],
        "expected a size in GiB such as 8 or 0.5",
    );
    check(
        &["octal", "0.77", "--memory", "0.5"],
        &["periodic, period 12"],
    );
    check_error(
        &[
            "table",
            "subtraction",
            "1,3,4",
            "--pairs",
            "--to",
            "1000000",
        ],
        "at most 2000 here (a table of pairs holds (N + 1)^2 = 1000002000001 cells)",
    );
    check_error(
        &["table", "bash", "3", "--pairs", "--to", "100000"],
        "at most 2000 here",
    );
}

/// A bad position exits 2 with a message naming the word.
#[test]
fn solve_rejects_a_bad_position() {
    let out = grundy(&["solve", "wythoff", "3", "x"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("found \"x\""), "{err}");
}
