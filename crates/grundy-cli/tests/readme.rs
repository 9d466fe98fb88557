//! The README's tour is real output: every `$ grundy ...` example in README.md is run and
//! its output compared line for line, so the page a newcomer reads first cannot drift from
//! the binary.
//!
//! Timings are not compared (the figures after " in " on the line that counts the values,
//! and the `threads:` line, which depends on the machine's cores). Examples that cannot run
//! here are named in [`SKIPPED`] with the reason.

use std::path::Path;
use std::process::Command;

/// Examples not run, each with why: interactive ones, a file the reader supplies, and runs
/// measured on a release build that would take minutes in the test profile.
const SKIPPED: [(&str, &str); 6] = [
    ("grundy play ", "interactive (tested in play_pty.rs)"),
    ("grundy serve", "a server (tested in serve_browser.rs)"),
    (
        "< sample.txt",
        "the reader's file (the samples are judge_samples.rs)",
    ),
    ("--to 2097151", "a release-build measurement"),
    (
        "--to 33554431",
        "a release-build measurement with a spill file",
    ),
    (
        "--to 600000",
        "a release-build measurement (0.16's period is tested in grundy/tests/octal_known.rs)",
    ),
];

/// The examples: each `$ grundy ...` line of a ```text block with the lines printed under
/// it (up to the next `$` line or the block's end, a blank line before a `$` left out).
fn examples(readme: &str) -> Vec<(String, String)> {
    let mut examples = Vec::new();
    for block in readme.split("```text\n").skip(1) {
        let block = &block[..block.find("```").expect("a text block is closed")];
        let mut current: Option<(String, Vec<&str>)> = None;
        for line in block.lines() {
            if let Some(command) = line.strip_prefix("$ ") {
                examples.extend(current.take().map(finish));
                current = Some((command.to_string(), Vec::new()));
            } else if let Some((_, lines)) = current.as_mut() {
                lines.push(line);
            }
        }
        examples.extend(current.map(finish));
    }
    examples
}

/// An example's command and its output, without the blank line that separates it from the
/// next one.
fn finish((command, mut lines): (String, Vec<&str>)) -> (String, String) {
    while lines.last() == Some(&"") {
        lines.pop();
    }
    (
        command,
        lines.iter().map(|line| format!("{line}\n")).collect(),
    )
}

/// `output` without what depends on the machine: the time and rate at the end of the line
/// that counts the values (`... values by the sparse method in 0.078 s, 7.70 M values/s`)
/// and the `threads:` and `pool:` lines.
fn without_timings(output: &str) -> String {
    output
        .lines()
        .filter(|line| !line.starts_with("threads: ") && !line.starts_with("pool: "))
        .map(|line| match line.contains(" values by the ") {
            true => &line[..line.rfind(" in ").unwrap_or(line.len())],
            false => line,
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// A line of an example's output that stands for one or more lines left out.
const ELIDED: &str = "…";

/// Whether `printed` is `shown` with each [`ELIDED`] line standing for one or more lines:
/// the lines between two elisions appear in order, the first at the start and the last at
/// the end.
fn matches_elided(printed: &str, shown: &str) -> bool {
    let printed: Vec<&str> = printed.lines().collect();
    let parts: Vec<Vec<&str>> = shown
        .lines()
        .collect::<Vec<_>>()
        .split(|&line| line == ELIDED)
        .map(<[&str]>::to_vec)
        .collect();
    let (first, last) = (&parts[0], &parts[parts.len() - 1]);
    if !printed.starts_with(first) || !printed.ends_with(last) {
        return false;
    }
    let mut at = first.len();
    let end = printed.len() - last.len();
    for part in &parts[1..parts.len() - 1] {
        // At least one line left out before each part.
        let Some(found) = (at + 1..=end.saturating_sub(part.len()))
            .find(|&i| printed[i..i + part.len()] == part[..])
        else {
            return false;
        };
        at = found + part.len();
    }
    end > at
}

/// The words of a command line as a shell splits them: on whitespace, except inside single
/// quotes (`grundy cgt '^ + ^'` is three words).
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

#[test]
fn every_example_in_the_readme_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    let mut run = 0;
    for (command, shown) in &examples {
        assert!(
            command.starts_with("grundy "),
            "an example runs grundy: {command}"
        );
        if SKIPPED.iter().any(|(part, _)| command.contains(part)) {
            continue;
        }
        let words = shell_words(command);
        // A build starts from an empty directory (not one an older build left).
        if words[1] == "build" {
            if let Some(at) = words.iter().position(|w| w == "--db") {
                let _ = std::fs::remove_dir_all(&words[at + 1]);
            }
        }
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(words.into_iter().skip(1))
            .current_dir(&root)
            .output()
            .expect("the grundy binary runs");
        assert!(
            out.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let printed = String::from_utf8(out.stdout).unwrap();
        let (printed, shown) = (without_timings(&printed), without_timings(shown));
        match shown.contains(ELIDED) {
            true => assert!(
                matches_elided(&printed, &shown),
                "README.md shows other output for `{command}`:\n{printed}"
            ),
            false => assert_eq!(
                printed, shown,
                "README.md shows other output for `{command}`"
            ),
        }
        run += 1;
    }
    // Every skip names an example that is there, and the rest ran.
    for (part, why) in SKIPPED {
        assert!(
            examples.iter().any(|(command, _)| command.contains(part)),
            "no example left to skip for {part:?} ({why})"
        );
    }
    assert!(run >= 8, "only {run} of {} examples ran", examples.len());
}

/// Every `grundy solve` and `grundy table` command the example game files' README offers
/// (`examples/games/README.md`, in backquotes) runs and answers; `play` is interactive and
/// left out.
#[test]
fn every_command_in_the_examples_readme_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("examples/games/README.md")).unwrap();
    let commands: Vec<&str> = readme
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|quoted| {
            quoted.starts_with("grundy solve examples/")
                || quoted.starts_with("grundy table examples/")
        })
        .collect();
    assert!(commands.len() >= 15, "{commands:?}");
    for command in commands {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(words(command).into_iter().skip(1))
            .current_dir(&root)
            .output()
            .expect("the grundy binary runs");
        assert!(
            out.status.success() && !out.stdout.is_empty(),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A command line's words, a part in double quotes kept as one word.
fn words(command: &str) -> Vec<String> {
    command
        .split('"')
        .enumerate()
        .flat_map(|(i, part)| match i % 2 {
            1 => vec![part.to_string()],
            _ => part.split_whitespace().map(String::from).collect(),
        })
        .collect()
}

/// The comparison ignores timings and nothing else.
#[test]
fn an_elision_stands_for_one_or_more_lines() {
    let printed = "a\nb\nc\nd\ne\n";
    assert!(matches_elided(printed, "a\n…\ne\n"));
    assert!(matches_elided(printed, "a\n…\nc\n…\ne\n"));
    assert!(!matches_elided(printed, "a\nb\n…\nc\nd\ne\n"));
    assert!(!matches_elided(printed, "a\n…\nd\n…\nc\ne\n"));
    assert!(!matches_elided(printed, "a\n…\nx\n"));
    assert!(!matches_elided(printed, "b\n…\ne\n"));
}

#[test]
fn only_timings_are_left_out() {
    let shown = "0.77 (Kayles): 168 values by the sparse method in 0.000 s\nperiodic\n";
    let printed = "0.77 (Kayles): 168 values by the sparse method in 0.012 s, 9 values/s\nthreads: 3 batches\nperiodic\n";
    assert_eq!(without_timings(printed), without_timings(shown));
    assert_ne!(
        without_timings("0.77 (Kayles): 169 values by the sparse method in 0.000 s\n"),
        without_timings(shown)
    );
    assert_ne!(
        without_timings("periodic, period 13\n"),
        without_timings("periodic, period 12\n")
    );
    assert_eq!(
        words(r#"grundy solve f --param a=1 "97 1""#),
        ["grundy", "solve", "f", "--param", "a=1", "97 1"]
    );
    let readme = "```text\n$ grundy a\nx\n\n$ grundy b\ny\n```\n```sh\n$ grundy c\n```\n";
    assert_eq!(
        examples(readme),
        [
            ("grundy a".into(), "x\n".into()),
            ("grundy b".into(), "y\n".into())
        ]
    );
}
