//! The documentation tests itself: every ```console example in README.md and docs/*.md runs
//! against the built binary (trycmd), and every example line of every `--help` runs and exits 0.

use crate::common::Succeeds;
use crate::common::subcommands;
use std::path::Path;
use std::process::Command;

const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

/// Every ```console block of README.md and docs/*.md: `$ queens …` lines run from the crate
/// root, and what follows (stdout and stderr together, `? N` for an exit code other than 0)
/// must match, with `[..]` and `...` for times, rates, thread counts and kernels.
/// ```sh and ```text blocks are not run.
#[test]
fn console_examples_in_readme_and_docs() {
    trycmd::TestCases::new()
        .register_bin("queens", Path::new(QUEENS))
        .case("README.md")
        .case("docs/*.md");
}

fn run_ok(args: &[&str]) -> String {
    let out = Command::new(QUEENS).args(args).succeeds();
    String::from_utf8(out.stdout).unwrap()
}

/// The command lines of a help text's `Examples:` section: lines indented by two spaces (a
/// description continued on the next line is indented further), the command ending where two
/// spaces begin its description.
fn example_lines(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim_end() != "Examples:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .map(|l| l.trim().split("  ").next().unwrap().to_owned())
        .collect()
}

/// Help examples that cannot run in a test, and why. Every other one runs.
const NOT_RUN: &[(&str, &str)] = &[
    ("--part slurm", "needs a Slurm array task's environment"),
    ("count 15-19", "n = 19 takes minutes"),
];

/// Every example line of `queens --help` and of each subcommand's `--help` runs in a fresh
/// folder (with `bash`, `queens` on PATH) and exits 0. The folder holds what the examples read:
/// `boards.txt`, the 4 parts of n = 12 as `p*.csv` and `parts/part-*.csv`, and `r.csv`.
#[cfg(unix)]
#[test]
fn help_examples_run() {
    let bin_dir = Path::new(QUEENS).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut topics = vec![String::new()];
    topics.extend(subcommands());
    assert!(topics.len() >= 9, "subcommands: {topics:?}");
    let (mut ran, mut skipped) = (0, 0);
    for topic in &topics {
        let help = if topic.is_empty() {
            run_ok(&["--help"])
        } else {
            run_ok(&[topic, "--help"])
        };
        let lines = example_lines(&help);
        assert!(!lines.is_empty(), "queens {topic} --help has no examples");
        for line in lines {
            if NOT_RUN.iter().any(|(pat, _)| line.contains(pat)) {
                skipped += 1;
                continue;
            }
            let dir = tempfile::tempdir().unwrap();
            seed(dir.path(), &line);
            let out = Command::new("bash")
                .arg("-c")
                .arg(format!("set -o pipefail; {line} > /dev/null"))
                .current_dir(dir.path())
                .env("PATH", &path)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "the example of `queens {topic} --help` failed: {line}\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert_eq!(skipped, NOT_RUN.len(), "a NOT_RUN entry matches no example");
    assert!(ran >= 40, "only {ran} help examples ran");
}

/// The inputs an example line reads, made with the binary in `dir`.
fn seed(dir: &Path, line: &str) {
    let queens = |args: &[&str]| {
        let st = Command::new(QUEENS)
            .args(args)
            .arg("-q")
            .current_dir(dir)
            .status()
            .unwrap();
        assert!(st.success(), "seeding {args:?}");
    };
    if line.contains("boards.txt") {
        std::fs::write(
            dir.join("boards.txt"),
            "# two boards\n1 5 8 6 3 7 2 4\n2 4 6 8 3 1 7 5\n",
        )
        .unwrap();
    }
    if line.contains("merge") && !line.contains("--part") {
        std::fs::create_dir(dir.join("parts")).unwrap();
        for k in 0..4 {
            queens(&[
                "count",
                "12",
                "--part",
                &format!("{k}/4"),
                "--csv",
                &format!("p{k}.csv"),
            ]);
            std::fs::copy(
                dir.join(format!("p{k}.csv")),
                dir.join(format!("parts/part-{k}.csv")),
            )
            .unwrap();
        }
    }
    if line.contains("merge torus/") {
        std::fs::create_dir(dir.join("torus")).unwrap();
        for k in 0..2 {
            let part = format!("{k}/2");
            let csv = format!("torus/part-{k}.csv");
            queens(&[
                "count", "13", "--board", "torus", "--part", &part, "--csv", &csv,
            ]);
        }
    }
    if line.contains("--known r.csv") {
        queens(&["count", "1-14", "--csv", "r.csv"]);
    }
}

/// The lines of the ```text block of docs/guide.md that starts with `first` (the command
/// line itself left out).
fn guide_text_block(first: &str) -> Vec<String> {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md"))
            .unwrap();
    let mut lines = guide
        .lines()
        .skip_while(|l| *l != "```text")
        .skip(1)
        .skip_while(|l| !l.starts_with(first));
    assert!(
        lines.next().is_some(),
        "no ```text block starting with {first:?}"
    );
    lines
        .take_while(|l| !l.starts_with("```"))
        .map(str::to_owned)
        .collect()
}

/// The guide's `queens plot` example (a ```text block: it needs a forged table) prints what
/// the binary prints: made here as its comment says, a second row for n = 8 claiming 93
/// boards.
#[test]
fn the_guides_plot_warnings_are_what_plot_prints() {
    let dir = tempfile::tempdir().unwrap();
    Command::new(QUEENS)
        .args(["count", "7-9", "--csv", "t.csv", "-q"])
        .current_dir(dir.path())
        .succeeds();
    let table = std::fs::read_to_string(dir.path().join("t.csv")).unwrap();
    let eight = table.lines().find(|l| l.starts_with("8,92,")).unwrap();
    std::fs::write(
        dir.path().join("t.csv"),
        format!("{table}{}\n", eight.replacen("8,92,", "8,93,", 1)),
    )
    .unwrap();
    let out = Command::new(QUEENS)
        .args(["plot", "t.csv", "-o", "growth.svg"])
        .current_dir(dir.path())
        .succeeds();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        guide_text_block("$ queens plot t.csv -o growth.svg")
    );
    assert!(dir.path().join("growth.svg").is_file());
}

/// Every ```text block of docs/guide.md is either checked by a test of this file (named in
/// CHECKED) or says where and when its figures were taken (times and rates vary): the
/// paragraph just before it says "for example, on", names the CPU by its maker and gives the
/// date.
#[test]
fn every_text_block_of_the_guide_is_tested_or_dated() {
    const CHECKED: &[&str] = &["$ queens plot t.csv -o growth.svg"];
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md"))
            .unwrap();
    let lines: Vec<&str> = guide.lines().collect();
    let mut blocks = 0;
    for (i, line) in lines.iter().enumerate() {
        if *line != "```text" {
            continue;
        }
        blocks += 1;
        let first = lines[i + 1];
        if CHECKED.iter().any(|c| first.starts_with(c)) {
            continue;
        }
        // The paragraph just before the block.
        let before: Vec<&str> = lines[..i]
            .iter()
            .rev()
            .skip_while(|l| l.trim().is_empty())
            .take_while(|l| !l.trim().is_empty())
            .copied()
            .collect();
        let before = before.into_iter().rev().collect::<Vec<_>>().join(" ");
        // "For example, on <CPU>, <date>": a CPU by its maker's name, a date as YYYY-MM-DD.
        let dated = before.to_lowercase().contains("for example, on ")
            && ["AMD", "Intel", "Apple", "Arm", "Ampere", "Graviton"]
                .iter()
                .any(|maker| {
                    before
                        .split(|c: char| !c.is_alphanumeric())
                        .any(|w| w == *maker)
                })
            && before
                .split(|c: char| !(c.is_ascii_digit() || c == '-'))
                .any(|w| w.len() == 10 && w.starts_with("20") && w.matches('-').count() == 2);
        assert!(
            dated,
            "docs/guide.md:{}: the ```text block `{first}` is neither tested nor dated (say \
             \"for example, on <CPU>, <YYYY-MM-DD>\" in the paragraph before it): {before}",
            i + 1
        );
    }
    assert!(blocks >= 3, "only {blocks} ```text blocks found");
}

/// The plan sizes, node counts and table widths the guide quotes in prose and in its dated
/// ```text blocks are the current binary's: units per size (from a part row's `plan_units`,
/// counting one unit only), the symmetric engine's nodes at n = 16 and the header widths of
/// `count 1-16`.
#[test]
fn the_guides_unit_counts_nodes_and_table_widths_are_the_binarys() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/guide.md"))
            .unwrap()
            .replace('\n', " ");
    let plan_units = |args: &[&str]| -> String {
        let mut all = vec!["count"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--part", "0/1000000", "--csv", "-", "-q"]);
        let out = run_ok(&all);
        let (header, rows) = crate::common::csv_records(&out);
        let col = header.iter().position(|h| h == "plan_units").unwrap();
        rows[0][col].clone()
    };
    // What comes before the number, what after it, and the size it is of.
    let quotes: [(&str, &str, &[&str]); 3] = [
        (
            "during n = 18: 512 of ",
            " units of n = 18 were done",
            &["18"],
        ),
        ("n=19: started: ", " units", &["19"]),
        (
            "profile n=16: started: ",
            " units",
            &["16", "--engine", "enumerate"],
        ),
    ];
    for (head, tail, args) in quotes {
        let units = plan_units(args);
        let at = guide
            .find(head)
            .unwrap_or_else(|| panic!("the guide no longer quotes {head:?}"));
        let rest = &guide[at + head.len()..];
        let found: String = rest.chars().take_while(char::is_ascii_digit).collect();
        assert_eq!(found, units, "the guide's {head:?}, against count {args:?}");
        assert!(rest[found.len()..].starts_with(tail), "{head:?}");
    }
    // The symmetric engine's nodes at n = 16, of the default plan and of the border plan.
    let nodes = |args: &[&str]| -> String {
        let mut all = vec!["count", "16", "--csv", "-", "-q"];
        all.extend_from_slice(args);
        let (header, rows) = crate::common::csv_records(&run_ok(&all));
        let col = header.iter().position(|h| h == "nodes").unwrap();
        let digits = rows[0][col].as_bytes();
        // With thousands separators, as the guide writes them.
        let mut text = String::new();
        for (i, d) in digits.iter().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                text.push(',');
            }
            text.push(char::from(*d));
        }
        text
    };
    let (ring, border) = (nodes(&[]), nodes(&["--split", "border"]));
    assert!(
        guide.contains(&format!("{ring} at n = 16 against 1,141,190,303")),
        "the guide's nodes of n = 16 are not {ring}"
    );
    assert!(
        guide.contains(&format!("the border plan's {border},")),
        "the guide's border-plan nodes of n = 16 are not {border}"
    );
    let width = |args: &[&str]| run_ok(args).lines().next().unwrap().chars().count();
    let human = width(&["count", "1-16", "-q"]);
    let all = width(&["count", "1-16", "--columns", "all", "-q"]);
    assert!(
        guide.contains(&format!(
            "the header measures {human} characters for `count 1-16`"
        )),
        "the guide's width of `count 1-16` is not {human}"
    );
    assert!(
        guide.contains(&format!("with every column it would be {all} and")),
        "the guide's width of `count 1-16 --columns all` is not {all}"
    );
}
