//! `grundy cgt`: canonical forms in CGSuite's notation, comparisons, `--json`, and errors
//! with the column (exit 2). Values from Winning Ways (Berlekamp, Conway, Guy) and Siegel,
//! *Combinatorial Game Theory*, 2013.

use std::process::Output;

#[path = "support/runner.rs"]
mod runner;
use runner::grundy;

/// Runs `grundy cgt args`.
fn cgt(args: &[&str]) -> Output {
    grundy(&[&["cgt"], args].concat())
}

/// `grundy cgt args` prints `expected` (one line) and exits 0.
fn check(args: &[&str], expected: &str) {
    let out = cgt(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{expected}\n"),
        "{args:?}"
    );
}

#[test]
fn canonical_forms_in_cgsuite_notation() {
    check(&["^ + ^"], "^^");
    check(&["{0|^*}"], "^^");
    check(&["{0,*|0}"], "^*");
    check(&["{0|1}"], "1/2");
    check(&["{1|-1}"], "+-1");
    check(&["{2|0||-1}"], "{2|0||-1}");
    check(&["*2 + *3"], "*");
    check(&["1/2 + 1/4 - v"], "3/4^");
    check(&["-1", "+", "^*"], "-1^*");
    check(&["+-1 + +-1"], "0");
    check(&["{0||0|-2}"], "Tiny(2)");
    check(&["-v", "+", "1"], "1^");
}

#[test]
fn comparisons() {
    check(&["^ + ^ == {0|^*}"], "true");
    check(&["^ > 0"], "true");
    check(&["^ <= *"], "false");
    check(&["^ || *"], "true");
    check(&["^* <> 0"], "true");
    check(&["{1|-1} < 2"], "true");
}

#[test]
fn json_has_the_measures() {
    let out = cgt(&["--json", "{3|-1} + ^"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["left_stop"], "3");
    assert_eq!(json["right_stop"], "-1");
    assert_eq!(json["mean"], "1");
    assert_eq!(json["temperature"], "2");
    assert_eq!(json["atomic_weight"], serde_json::Value::Null);
    let out = cgt(&["--json", "^*"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["canonical"], "{0,{0|0}|0}");
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["temperature"], "0");
    assert_eq!(json["atomic_weight"], "1");
    // CGSuite's atomic weight beyond all-small games (its CanonicalShortGameTestCase.scala:
    // Tiny(3/2) weighs 0), and the options.
    let out = cgt(&["--json", "Tiny(3/2)"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["value"], "Tiny(3/2)");
    assert_eq!(json["atomic_weight"], "0");
    assert_eq!(json["left_options"], serde_json::json!(["0"]));
    assert_eq!(json["right_options"], serde_json::json!(["{0|-3/2}"]));
    let out = cgt(&["-1/2", "<", "1", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["comparison"], true);
}

/// Numbers print as numbers (`{0|1}` is `1/2`, Winning Ways, chapter 1), and `--options`
/// shows the canonical form's options; CGSuite's spellings `^<n>`, `Tiny(G)` read and
/// printed back (CGSuite's `CanonicalShortGameTestCase.scala`: `{0||0|v*}` is `{0|^<2>}`).
#[test]
fn numbers_and_their_options() {
    check(&["{0|1}"], "1/2");
    check(
        &["{0|1}", "--options"],
        "1/2\nLeft options: 0\nRight options: 1",
    );
    check(
        &["--options", "3/4"],
        "3/4\nLeft options: 1/2\nRight options: 1",
    );
    check(
        &["0", "--options"],
        "0\nLeft options: (none)\nRight options: (none)",
    );
    check(&["{0|^<2>} == {0||0|v*}"], "true");
    check(&["Miny(1) == -Tiny(1)"], "true");
    check(&["^[2] - ^ == ^<2>"], "true");
}

#[test]
fn bad_expressions_name_the_column() {
    for (expression, message) in [
        (
            "{1|2",
            "column 5: expected '}' or an option, found the end\n  {1|2\n      ^\n",
        ),
        ("1/3 + 1", "column 1: 1/3 is not a dyadic rational"),
        ("^ + )", "column 5: expected a game, found ')'"),
        ("{1|2|3}", "column 5: ambiguous bars"),
    ] {
        let out = cgt(&[expression]);
        assert_eq!(out.status.code(), Some(2), "{expression}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("grundy: "), "{stderr}");
        assert!(stderr.contains(message), "{expression}: {stderr}");
    }
}

/// `--plot FILE` draws the thermograph: an SVG with the two walls and the mast, a PNG by
/// the extension; a comparison or another extension is refused (exit 2), and `--json`
/// carries the walls piece by piece.
#[test]
fn the_thermograph_is_drawn_and_in_the_json() {
    let dir = std::env::temp_dir().join(format!("grundy-cgt-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("t.svg");
    check(&["{1|0,+-1}", "--plot", svg.to_str().unwrap()], "{1|0,+-1}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "{text}");
    // The axes, the two walls and the mast, and the mast's value and temperature written.
    assert_eq!(text.matches("<path").count(), 5, "{text}");
    assert!(text.contains("mast 1/2, temperature 1/2"), "{text}");
    let png = dir.join("t.png");
    check(&["--plot", png.to_str().unwrap(), "3/4"], "3/4");
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    for args in [
        vec!["^ < 1", "--plot", svg.to_str().unwrap()],
        vec!["^", "--plot", "t.txt"],
    ] {
        let out = cgt(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--plot")
                || String::from_utf8_lossy(&out.stderr).contains("plot format"),
            "{args:?}"
        );
    }
    let out = cgt(&["{1|0,+-1}", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["thermograph"]["temperature"], "1/2");
    assert_eq!(json["thermograph"]["left"]["segments"][0]["slope"], -1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Loopy games, as CGSuite's tests write them (github.com/aaron-siegel/cgsuite,
/// `lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala`: `x{0|x}` is `over`, `over+^`
/// is `over`, `{pass|pass}` is `dud`; `SidedValueTestCase.scala`: dud's outcome class is D;
/// the help page `loopy-games.cgsh`: `on + off` is dud).
#[test]
fn loopy_games() {
    check(&["on + off"], "dud");
    check(&["{pass|pass}"], "dud");
    check(&["x{0|x}"], "over");
    check(&["over+^"], "over");
    check(&["a{0|a} == over"], "true");
    check(&["over > 0"], "true");
    check(&["over < 1/1024"], "true");
    check(&["{pass|*}"], "^[on]");
    check(&["on > 1000"], "true");
    let out = cgt(&["on + off", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcome"], "D");
    assert_eq!(json["stopper"], false);
    let out = cgt(&["a{{|a}|}", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcome"], "PHat");
    // SidedValueTestCase.scala: the sided values, as CGSuite writes them.
    assert_eq!(json["value"], "1 & 0");
    assert_eq!(json["onside"], "1");
    assert_eq!(json["offside"], "0");
    check(&["a{{|a}|}"], "1 & 0");
    check(&["{0|{dud|},*}"], "^ & v*");
    check(&["^ & v*"], "^ & v*");
    check(&["dud >= 0"], "false");
    check(&["on + off == dud"], "true");
    // Bach's Carousel: its sides are not stoppers; it is written as given.
    check(
        &["a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"],
        "a{0,{1|1,{*,{1*|a,1*}|*}}|0}",
    );
}

#[test]
fn loopy_errors_name_the_problem() {
    for (args, needle) in [
        (&["dud & 0"][..], "not a stopper"),
        (&["off & on"], "at least the offside"),
        (&["{0|pass"], "column 8"),
        (&["over + foo"], "unknown name 'foo'"),
        (&["over", "--plot", "x.svg"], "--plot"),
    ] {
        let out = cgt(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(
            err.lines().next().map(|l| l.starts_with("grundy: ")),
            Some(true)
        );
    }
}
