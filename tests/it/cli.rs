//! The `queens` binary end to end: every subcommand (`list --classes/--orbit` included),
//! output files, every bad input, and the thread cap.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::process::err;
use crate::common::queens;
use crate::common::queens_plain;
use crate::common::{csv_records, dir, fails_with, file_with, stdout_of};
use predicates::prelude::*;
use std::collections::BTreeSet;
use std::fs;

#[test]
fn count_prints_an_aligned_verified_table() {
    let out = stdout_of(&["count", "4-8", "--engine", "enumerate", "--columns", "all"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(header, queens::formats::table::CSV_HEADER);
    let n8: Vec<&str> = lines[5].split_whitespace().collect();
    assert_eq!(&n8[..7], &["8", "92", "12", "11", "1", "0", "2057"]);
    assert_eq!(*n8.last().unwrap(), "yes");
    // Aligned: every line is as long as the header, up to the trailing text column.
    assert!(
        lines
            .iter()
            .all(|l| l.find("yes").or(l.find("verified")) == lines[0].find("verified"))
    );
}

#[test]
fn count_csv_to_stdout_carries_only_csv() {
    let out = stdout_of(&["count", "8,10,12-13", "--csv", "-", "--engine", "enumerate"]);
    let mut lines = out.lines();
    assert_eq!(
        lines.next().unwrap(),
        "n,total,classes,asymmetric,half_turn,quarter_turn,nodes,seconds,engine,kernel,threads,verified"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(&rows[0][..7], &["8", "92", "12", "11", "1", "0", "2057"]);
    assert_eq!(&rows[1][..6], &["10", "724", "92", "89", "3", "0"]);
    assert_eq!(
        &rows[2][..7],
        &["12", "14200", "1787", "1765", "18", "4", "856189"]
    );
    assert_eq!(&rows[3][..6], &["13", "73712", "9233", "9197", "32", "4"]);
    assert!(rows.iter().all(|r| r[8] == "enumerate" && r[11] == "yes"));
}

#[test]
fn count_csv_file_is_written_and_table_still_printed() {
    let d = dir();
    let path = d.path().join("t.csv");
    let out = stdout_of(&["count", "6-8", "--csv", path.to_str().unwrap()]);
    assert!(out.contains("verified"));
    let csv = fs::read_to_string(&path).unwrap();
    assert_eq!(csv.lines().count(), 4);
    assert!(csv.lines().nth(3).unwrap().starts_with("8,92,12,11,1,0,"));
    let rows = queens::formats::table::read_csv(csv.as_bytes()).unwrap();
    assert_eq!(rows[2].total, 92);
    // No temporary files left behind.
    assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1);
}

#[test]
fn count_threads_column_reports_threads_used() {
    let out = stdout_of(&["count", "10", "--csv", "-", "--threads", "1"]);
    let row: Vec<&str> = out.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(row[10], "1");
}

#[test]
fn count_mismatch_is_loud_and_exits_1_after_writing() {
    let d = dir();
    let known = file_with(
        d.path(),
        "wrong.csv",
        "n,total_A000170,classes_A002562\n8,93,12\n",
    );
    let csv = d.path().join("out.csv");
    queens()
        .args(["count", "7-8", "--engine", "enumerate"])
        .args(["--known", known.to_str().unwrap()])
        .args(["--csv", csv.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("MISMATCH"))
        .stderr(predicate::str::contains(format!(
            "MISMATCH against '{}': n = 8: total 93 there, 92 here",
            known.display()
        )));
    let written = fs::read_to_string(&csv).unwrap();
    assert!(written.contains("8,92,12,11,1,0,2057"));
    assert!(written.contains(",MISMATCH"));
    assert!(written.lines().nth(1).unwrap().ends_with(",unknown"));
}

#[test]
fn verify_passes_by_default_and_fails_loudly() {
    let out = stdout_of(&["verify"]);
    assert_eq!(out.lines().count(), 12);
    assert!(out.lines().all(|l| l.starts_with("PASS ")));
    assert!(
        out.contains("PASS n=8: total 92, classes 12 (11 asymmetric, 1 half_turn, 0 quarter_turn)")
    );

    let d = dir();
    let wrong = "n,total_A000170,classes_A002562\n5,10,2\n6,4,2\n";
    let known = file_with(d.path(), "wrong.csv", wrong);
    queens()
        .args(["verify", "5-6", "--known", known.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("PASS n=5"))
        .stdout(predicate::str::contains("FAIL n=6: total 4, classes 1"))
        .stderr(predicate::str::contains("1 of 2 board sizes failed"));
}

#[test]
fn list_streams_all_solutions_in_lexicographic_order() {
    let out = stdout_of(&["list", "8"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 92);
    assert_eq!(lines[0], "0 4 7 5 2 6 1 3");
    assert_eq!(lines[91], "7 3 0 2 5 1 6 4");
    let mut sorted = lines.clone();
    sorted.sort_by_key(|l| {
        l.split(' ')
            .map(|c| c.parse::<u8>().unwrap())
            .collect::<Vec<_>>()
    });
    assert_eq!(sorted, lines);
}

#[test]
fn list_board_format_and_limit() {
    let out = stdout_of(&["list", "4", "--format", "board"]);
    assert_eq!(out, ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n");
    let out = stdout_of(&["list", "16", "--limit", "3"]);
    assert_eq!(out.lines().count(), 3);
    assert_eq!(stdout_of(&["list", "8", "--limit", "0"]), "");
}

#[test]
fn list_to_a_file() {
    let d = dir();
    let path = d.path().join("n6.txt");
    queens()
        .args(["list", "6", "-o", path.to_str().unwrap()])
        .assert()
        .success()
        .stdout("");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "1 3 5 0 2 4\n2 5 1 4 0 3\n3 0 4 1 5 2\n4 2 0 5 3 1\n"
    );
}

#[test]
fn bad_input_is_one_line_exit_2_and_no_stdout() {
    let cases: &[(&[&str], &str)] = &[
        (&["list", "0"], "board size 0 is outside 1 to 32"),
        (&["count", "33"], "board size 33 is outside 0 to 32"),
        (&["count", "abc"], "'abc' is not a board size"),
        (&["count", "9-4"], "the range 9-4 runs backwards"),
        (&["count", "8,,9"], "empty item"),
        (&["list", "8", "--format", "xyz"], "invalid value 'xyz'"),
        (&["list"], "<N>"),
        (
            &["list", "8", "-o", "/nonexistent-dir/x.txt"],
            "does not exist",
        ),
        (
            &["count", "8", "--csv", "/nonexistent-dir/x.csv"],
            "does not exist",
        ),
        (&["count", "8", "--threads", "x"], "--threads"),
        (
            &["count", "8", "--engine", "magic"],
            "invalid value 'magic'",
        ),
        (&["list", "8-9"], "single board size"),
        (
            &["count", "8", "--known", "/nonexistent-file.csv"],
            "cannot read --known",
        ),
        (&["frobnicate"], "unrecognized subcommand"),
        (
            &["count", "--", "-1"],
            "'-1' is not a board size: board sizes are whole numbers from 0 up",
        ),
        (
            &["count", "0", "--given", "a1"],
            "queens: error: --given: n = 0: board size 0 is outside 1 to 32",
        ),
        (
            &["count", "0", "--blocked", "a1"],
            "queens: error: --blocked: n = 0: board size 0 is outside 1 to 32",
        ),
        // A folder is no part file nor table: it cannot be read (not read as a wrong file).
        (
            &["merge", "tests"],
            "cannot read 'tests': it is a directory",
        ),
        (
            &["plot", "tests", "-o", "-"],
            "cannot read 'tests': it is a directory",
        ),
    ];
    for (args, message) in cases {
        let out = queens()
            .args(*args)
            .assert()
            .code(2)
            .stdout("")
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        let lines: Vec<&str> = err.lines().collect();
        // One line; the parser's errors add one with the usage.
        assert!(
            lines.len() == 1 || (lines.len() == 2 && lines[1].starts_with("Usage: queens")),
            "{args:?}: {err}"
        );
        assert!(lines[0].starts_with("queens: error: "), "{args:?}: {err}");
        assert!(lines[0].contains(message), "{args:?}: {err}");
    }
}

#[test]
fn failed_commands_neither_create_nor_truncate_output_files() {
    let d = dir();
    let existing = file_with(d.path(), "keep.csv", "precious\n");
    queens()
        .args(["count", "33", "--csv", existing.to_str().unwrap()])
        .assert()
        .code(2);
    queens()
        .args([
            "list",
            "8",
            "--format",
            "xyz",
            "-o",
            existing.to_str().unwrap(),
        ])
        .assert()
        .code(2);
    assert_eq!(fs::read_to_string(&existing).unwrap(), "precious\n");
    let fresh = d.path().join("fresh.txt");
    queens()
        .args(["list", "abc", "-o", fresh.to_str().unwrap()])
        .assert()
        .code(2);
    assert!(!fresh.exists());
    assert_eq!(fs::read_dir(d.path()).unwrap().count(), 1);
}

#[test]
fn help_has_an_example_for_every_subcommand_and_version_works() {
    let top = stdout_of(&["--help"]);
    assert!(top.contains("Examples:"));
    for sub in ["count", "list", "verify"] {
        let help = stdout_of(&[sub, "--help"]);
        assert!(help.contains("Examples:"), "{sub}");
        assert!(help.contains(&format!("queens {sub} ")), "{sub}");
    }
    let version = stdout_of(&["--version"]);
    assert_eq!(
        version.trim(),
        format!("queens {}", env!("CARGO_PKG_VERSION"))
    );
}

// --- threads --------------------------------------------------------------------------------

#[test]
fn threads_are_capped_at_a_multiple_of_the_cores() {
    let o = queens_plain()
        .args(["count", "9", "--threads", "60000", "--csv", "-", "-q"])
        .succeeds();
    assert_has(&err(&o), "--threads 60000 capped at");
    let text = String::from_utf8(o.stdout).unwrap();
    let (h, rows) = crate::common::csv_records(&text);
    let col = h.iter().position(|c| c == "threads").unwrap();
    let used: usize = rows[0][col].parse().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert!(used <= 4 * cores && used <= 1024, "{used} threads");
}

// ---------------------------------------------------------------- list --classes / --orbit

#[test]
fn list_classes_csv_gives_index_canonical_symmetry_and_size() {
    let (header, rows) = csv_records(&stdout_of(&["list", "8", "--classes", "--format", "csv"]));
    assert_eq!(header, ["index", "canonical", "symmetry", "class_size"]);
    assert_eq!(rows.len(), 12);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r[0], (i + 1).to_string());
        let expected = if r[2] == "half_turn" { "4" } else { "8" };
        assert_eq!(r[3], expected);
    }
    assert_eq!(rows.iter().filter(|r| r[2] == "half_turn").count(), 1);
    let sizes: usize = rows.iter().map(|r| r[3].parse::<usize>().unwrap()).sum();
    assert_eq!(sizes, 92);
    // n = 12 has 4 quarter-turn classes, 18 half-turn, 1765 asymmetric (A260318-20).
    let (_, rows) = csv_records(&stdout_of(&["list", "12", "--classes", "--format", "csv"]));
    let count = |t: &str| rows.iter().filter(|r| r[2] == t).count();
    assert_eq!(
        (
            count("asymmetric"),
            count("half_turn"),
            count("quarter_turn")
        ),
        (1765, 18, 4)
    );
    let (header, rows) = csv_records(&stdout_of(&["list", "6", "--format", "csv"]));
    assert_eq!(header, ["index", "solution"]);
    assert_eq!(rows.len(), 4);
}

#[test]
fn list_orbit_prints_the_whole_class() {
    let out = stdout_of(&["list", "8", "--orbit", "0 4 7 5 2 6 1 3"]);
    let boards: Vec<&str> = out.lines().collect();
    assert_eq!(boards.len(), 8);
    assert!(boards.windows(2).all(|w| w[0] < w[1]), "sorted, distinct");
    // Every image classifies back to the same canonical form.
    let classified = queens_plain()
        .args(["classify", "--format", "csv"])
        .write_stdin(out.clone())
        .succeeds();
    let (_, rows) = csv_records(&String::from_utf8(classified.stdout).unwrap());
    assert!(rows.iter().all(|r| r[3] == "0 4 7 5 2 6 1 3"));
    // Every listed image is a real solution of n = 8.
    let all: BTreeSet<String> = stdout_of(&["list", "8"])
        .lines()
        .map(String::from)
        .collect();
    assert!(boards.iter().all(|b| all.contains(*b)));
    // The half-turn symmetric class has 4 boards, each reached by 2 transforms.
    let (header, rows) = csv_records(&stdout_of(&[
        "list",
        "8",
        "--orbit",
        "2 4 1 7 0 6 3 5",
        "--format",
        "csv",
    ]));
    assert_eq!(header, ["index", "solution", "transforms"]);
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r[2].split(' ').count() == 2));
}

#[test]
fn list_orbit_rejects_bad_boards() {
    fails_with(
        &["list", "7", "--orbit", "0 4 7 5 2 6 1 3"],
        2,
        "the board has 8 columns but N is 7",
    );
    fails_with(
        &["list", "8", "--orbit", "0 4 7 5 2 6 1 2"],
        2,
        "repeated column",
    );
    fails_with(&["list", "8", "--orbit", "0 4 x"], 2, "not a solution");
    fails_with(
        &["list", "8", "--orbit", "0 4 7 5 2 6 1 3", "--classes"],
        2,
        "cannot be used with",
    );
}

/// `--symmetries` is refused, in one line with exit code 2, by the commands that put nothing
/// in classes under it (it was taken and silently ignored): `profile` counts nodes, `render`
/// draws the square's classes only, except the class `--solution` captions: under the group
/// asked for.
#[test]
fn profile_and_render_refuse_symmetries() {
    fails_with(
        &["profile", "7", "--board", "torus", "--symmetries", "square"],
        2,
        "--symmetries is not taken by profile: a profile counts nodes",
    );
    fails_with(
        &["profile", "7", "--symmetries", "square"],
        2,
        "--symmetries is not taken by profile",
    );
    // Nor is it listed in its help, beside the rules' other flags (nor named in --board's),
    // nor offered by the shells' completions.
    let help = stdout_of(&["profile", "--help"]);
    assert!(
        help.contains("--board <BOARD>") && !help.contains("--symmetries"),
        "{help}"
    );
    let bash = stdout_of(&["completions", "bash"]);
    let profile = bash
        .split("queens__subcmd__profile)")
        .nth(1)
        .and_then(|rest| rest.lines().find(|l| l.contains("opts=")))
        .expect("profile's options in the bash script");
    assert!(
        profile.contains("--board") && !profile.contains("--symmetries"),
        "{profile}"
    );
    let fish = stdout_of(&["completions", "fish"]);
    assert!(
        !fish
            .lines()
            .any(|l| l.contains("using_subcommand profile") && l.contains("-l symmetries")),
        "{fish}"
    );
    // `count` still takes it, and its completions offer it.
    assert!(bash.contains("--symmetries"), "{bash}");
    let board = [
        "render",
        "7",
        "--board",
        "torus",
        "--solution",
        "0 2 4 6 1 3 5",
    ];
    let orbit = [
        "render",
        "7",
        "--board",
        "torus",
        "--orbit",
        "0 2 4 6 1 3 5",
        "--symmetries",
        "torus",
        "-o",
        "-",
    ];
    fails_with(
        &orbit,
        2,
        "--symmetries is not taken by render: --orbit, --class and --all-classes draw",
    );
    // --solution captions the board's class under the group asked for (the torus group by
    // default on the torus).
    let caption = |extra: &[&str]| {
        let svg = stdout_of(&[&board[..], extra, &["-o", "-"]].concat());
        assert!(svg.contains("<svg"), "{svg}");
        svg.lines().find(|l| l.contains("a class of")).map(|l| {
            l.split('>')
                .nth(1)
                .unwrap_or("")
                .trim_end_matches("</text")
                .to_string()
        })
    };
    let torus_class = "symmetric under a half turn: a class of 28 boards under the torus group";
    assert_eq!(caption(&[]).as_deref(), Some(torus_class));
    assert_eq!(
        caption(&["--symmetries", "torus"]).as_deref(),
        Some(torus_class)
    );
    assert_eq!(
        caption(&["--symmetries", "square"]).as_deref(),
        Some("asymmetric: a class of 8 boards")
    );
    fails_with(
        &[
            "render",
            "7",
            "--solution",
            "0 2 4 6 1 3 5",
            "--symmetries",
            "torus",
            "-o",
            "-",
        ],
        2,
        "--symmetries torus needs --board torus",
    );
}

/// `count`, `verify` and `merge` resolve their outputs before the `--known` table, in one
/// order: a destination in a missing folder is named before a `--known` file that does not
/// exist (`verify` named the `--known` file first).
#[test]
fn a_bad_destination_is_named_before_a_bad_known_file() {
    let d = dir();
    let csv = d.path().join("no-such-folder").join("t.csv");
    let known = d.path().join("no-such.csv");
    let (csv, known) = (csv.to_str().unwrap(), known.to_str().unwrap());
    let part = d.path().join("p0.csv");
    let part = part.to_str().unwrap();
    stdout_of(&["count", "8", "--part", "0/2", "--csv", part]);
    for command in [&["count", "8"][..], &["verify", "8"], &["merge", part]] {
        let args = [command, &["--csv", csv, "--known", known]].concat();
        fails_with(&args, 2, "the directory");
    }
}
