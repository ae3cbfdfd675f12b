//! The documentation tests itself: every ```console example in README.md and docs/*.md runs
//! against the built binary (trycmd), and every example line of every `--help` runs and exits 0.

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
    let out = Command::new(QUEENS).args(args).output().unwrap();
    assert!(out.status.success(), "queens {args:?} failed: {out:?}");
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
    if line.contains("--known r.csv") {
        queens(&["count", "1-14", "--csv", "r.csv"]);
    }
}
