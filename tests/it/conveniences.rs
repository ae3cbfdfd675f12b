//! What users expect of a command-line tool, through the real binary: `-h` a screen and
//! `--help` everything, a note on whose nodes a table shows, shell completions, a man page,
//! colour only where asked for, and subcommand suggestions that make sense.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::cells;
use crate::common::file_with;
use crate::common::{dir, queens_plain, stdout_of, subcommands};
use std::fs;

const ESC: char = '\u{1b}';

#[test]
fn short_help_fits_a_screen_and_long_help_keeps_everything() {
    let subs = subcommands();
    assert!(subs.contains(&"completions".to_string()) && subs.contains(&"man".to_string()));
    let mut topics = vec![None];
    topics.extend(subs.iter().map(Some));
    for topic in topics {
        let args = |flag: &'static str| match topic {
            Some(t) => vec![t.as_str(), flag],
            None => vec![flag],
        };
        let short = stdout_of(&args("-h"));
        let long = stdout_of(&args("--help"));
        assert!(short.lines().count() < 40, "{topic:?} -h:\n{short}");
        assert!(short.lines().count() < long.lines().count(), "{topic:?}");
        assert!(
            short.contains("Examples:") && long.contains("Examples:"),
            "{topic:?}"
        );
        assert!(short.contains("(see more with '--help')"), "{topic:?}");
    }
    let count = stdout_of(&["count", "-h"]);
    assert_has(
        &count,
        "--checkpoint <PATH>     Journal finished units to PATH: rerun the same",
    );
    // --help has the full texts: the option's, the examples, the notes.
    let count = stdout_of(&["count", "--help"]);
    assert_has(&count, "PATH/n17.part3of64.ckpt for --part 3/64");
    assert_has(&count, "queens count 15-19 --checkpoint run/");
    assert!(
        count.contains("A319283\n(856,189 at n = 12)") || count.contains("(856,189 at n = 12)")
    );
}

#[test]
fn the_nodes_column_says_whose_nodes_they_are() {
    let out = stdout_of(&["count", "12", "--columns", "n,nodes"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(cells(lines[1]), ["12", "88665"]);
    assert_eq!(
        lines.last().unwrap(),
        &queens::formats::table::SYMMETRIC_NODES_NOTE
    );
    assert!(lines.last().unwrap().contains("A319283"));
    // The enumerate engine's nodes are the plain tree's, A319283: no note.
    let out = stdout_of(&[
        "count",
        "12",
        "--columns",
        "n,nodes",
        "--engine",
        "enumerate",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(cells(lines[1]), ["12", "856189"]);
    assert!(!out.contains("nodes:"), "{out}");
    // Nor does a table without nodes.
    assert!(!stdout_of(&["count", "12"]).contains("nodes:"));
}

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        for word in ["queens", "classify", "completions", "--engine"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    // Option values complete too: the engines, in bash.
    assert!(stdout_of(&["completions", "bash"]).contains("enumerate symmetric"));
    queens_plain()
        .args(["completions", "tcsh"])
        .refuses(2, "invalid value 'tcsh'");
}

#[test]
fn man_prints_the_page_and_writes_one_per_command_into_a_folder() {
    let page = stdout_of(&["man"]);
    assert_has(&page, ".TH queens 1");
    assert!(page.contains("classify"));
    // `-o -` is stdout, as for every other -o (it made a folder named `-`).
    assert_eq!(stdout_of(&["man", "-o", "-"]), page);
    let d = dir();
    let folder = d.path().join("man1");
    stdout_of(&["man", "-o", folder.to_str().unwrap()]);
    let mut names: Vec<String> = fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected = vec!["queens.1".to_string()];
    expected.extend(subcommands().iter().map(|s| format!("queens-{s}.1")));
    expected.sort();
    assert_eq!(names, expected);
    let count = fs::read_to_string(folder.join("queens-count.1")).unwrap();
    assert_has(&count, "checkpoint");
    // A folder that cannot be made is an I/O error, exit 3.
    let file = file_with(d.path(), "a-file", "");
    let out = queens_plain()
        .args(["man", "-o", file.join("sub").to_str().unwrap()])
        .exits(3);
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("queens: error: cannot write the manual pages into ")
    );
}

#[test]
fn colour_only_where_asked_and_never_into_a_pipe_by_default() {
    // A pipe gets no colour under auto (and none with --color never). What NO_COLOR and TERM
    // decide on a terminal is tested beside the code (style.rs), which needs no terminal.
    for args in [vec!["count", "8", "-q"], vec!["verify", "8"]] {
        let out = queens_plain().args(&args).output().unwrap();
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains(ESC),
            "{args:?}"
        );
        let out = queens_plain()
            .args(&args)
            .args(["--color", "never"])
            .output()
            .unwrap();
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains(ESC),
            "{args:?}"
        );
    }
    // --color always: the verdict painted, the columns as wide as before.
    let plain = stdout_of(&["count", "8"]);
    let painted = stdout_of(&["count", "8", "--color", "always"]);
    let row = painted.lines().nth(1).unwrap();
    assert!(
        row.ends_with(&format!("{ESC}[1m{ESC}[32myes{ESC}[0m")),
        "{row:?}"
    );
    let stripped = row
        .replace(&format!("{ESC}[1m{ESC}[32m"), "")
        .replace(&format!("{ESC}[0m"), "");
    assert_eq!(stripped, plain.lines().nth(1).unwrap());
    let verify = stdout_of(&["verify", "8", "--color=always"]);
    assert!(
        verify.starts_with(&format!("{ESC}[1m{ESC}[32mPASS{ESC}[0m n=8: total 92")),
        "{verify:?}"
    );
    // error: in red when asked, plain otherwise (into a pipe, with or without NO_COLOR).
    let out = queens_plain()
        .args(["--color", "always", "count", "99"])
        .exits(2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!("queens: {ESC}[1m{ESC}[31merror:{ESC}[0m ")),
        "{err:?}"
    );
    let out = queens_plain()
        .args(["count", "99"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("queens: error: "));
    queens_plain()
        .args(["--color", "pink", "count", "8"])
        .refuses(2, "invalid value 'pink' for '--color <WHEN>'");
}

#[test]
fn subcommand_suggestions_make_sense() {
    let first_line = |args: &[&str]| {
        let out = queens_plain().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .next()
            .unwrap()
            .to_string()
    };
    for (typo, meant) in [
        ("version", "--version"),
        ("completion", "completions"),
        ("lst", "list"),
        ("manpage", "man"),
    ] {
        assert_eq!(
            first_line(&[typo]),
            format!("queens: error: unrecognized subcommand '{typo}'; did you mean '{meant}'?")
        );
    }
    // `help` is a subcommand, and --version works.
    assert!(stdout_of(&["help"]).contains("Commands:"));
    assert!(stdout_of(&["help", "man"]).contains("queens man -o man1"));
    assert_eq!(
        stdout_of(&["--version"]).trim(),
        format!("queens {}", env!("CARGO_PKG_VERSION"))
    );
}
