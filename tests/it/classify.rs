//! `queens classify` through the real binary: the symmetry of all 92 boards of n = 8, bad
//! lines with their numbers, wrong lengths, unreadable input and binary garbage, `--format
//! NOTATION` as shorthand, and an output notation that cannot write a board.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::assert_line_starts_with;
use crate::common::file_with;
use crate::common::{csv_records, dir, fails_with, path_str, stdout_of};
use crate::common::{queens, queens_plain};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;

// ---------------------------------------------------------------- classify --format NOTATION

#[test]
fn classify_format_takes_the_notations_as_shorthand_for_the_table() {
    let d = dir();
    let file = file_with(d.path(), "boards.txt", stdout_of(&["list", "8"]));
    let f = path_str(&file);
    for (notation, first) in [
        ("cols", "0 4 7 5 2 6 1 3"),
        ("cols1", "1 5 8 6 3 7 2 4"),
        ("digits", "15863724"),
        ("algebraic", "a8 b2 c4 d1 e7 f5 g3 h6"),
        (
            "leetcode",
            r#"["Q.......","....Q...",".......Q",".....Q..","..Q.....","......Q.",".Q......","...Q...."]"#,
        ),
    ] {
        let short = stdout_of(&["classify", f, "--format", notation]);
        let long = stdout_of(&["classify", f, "--format", "human", "--notation", notation]);
        assert_eq!(short, long, "{notation}");
        let same = stdout_of(&["classify", f, "--format", notation, "--notation", notation]);
        assert_eq!(short, same, "{notation}");
        let lines: Vec<&str> = short.lines().collect();
        assert_eq!(lines.len(), 93, "{notation}");
        assert!(lines[0].starts_with("line  board"), "{notation}");
        assert!(
            lines[1].starts_with(&format!("   1  {first}  ")),
            "{notation}: {}",
            lines[1]
        );
    }
    // --notation still combines with csv.
    let (_, rows) = csv_records(&stdout_of(&[
        "classify",
        f,
        "--format",
        "csv",
        "--notation",
        "cols1",
    ]));
    assert_eq!(rows[0][2], "1 5 8 6 3 7 2 4");
    fails_with(
        &[
            "classify",
            f,
            "--format",
            "cols1",
            "--notation",
            "algebraic",
        ],
        2,
        "--format cols1 already writes the boards in cols1, and --notation asks for algebraic: \
         give one of them (--format algebraic, or --format human --notation algebraic)",
    );
    let help = stdout_of(&["classify", "--help"]);
    assert_has(&help, "--format cols1` = `--format human --notation cols1");
}

#[test]
fn an_output_notation_that_cannot_write_a_board_names_the_option_given() {
    let eleven = "0 2 4 6 8 10 1 3 5 7 9\n";
    for option in ["--format", "--notation"] {
        let out = queens_plain()
            .args(["classify", "-q", option, "digits"])
            .write_stdin(eleven)
            .exits(2);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!(
                "queens: error: {option} digits: line 1: the digits notation is for n ≤ 9"
            )),
            "{err}"
        );
    }
}

// ---------------------------------------------------------------- classify

#[test]
fn classify_answers_the_symmetry_follow_up_for_all_92_boards_of_n8() {
    let boards = stdout_of(&["list", "8"]);
    let out = queens_plain()
        .args(["classify", "--format", "csv"])
        .write_stdin(boards)
        .succeeds();
    let (header, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(
        header.join(","),
        "line,n,board,canonical,symmetry,class_size,to_canonical,class"
    );
    assert_eq!(rows.len(), 92);
    // Each board carries its class number as `list 8 --classes` numbers them.
    let numbered: BTreeSet<(String, String)> =
        rows.iter().map(|r| (r[7].clone(), r[3].clone())).collect();
    let listed: BTreeSet<(String, String)> = stdout_of(&["list", "8", "--classes"])
        .lines()
        .enumerate()
        .map(|(i, l)| ((i + 1).to_string(), board_of(l).to_string()))
        .collect();
    assert_eq!(numbered, listed);
    // Group the boards by canonical form: 12 classes, each as large as it says.
    let mut classes: BTreeMap<String, Vec<&Vec<String>>> = BTreeMap::new();
    for r in &rows {
        classes.entry(r[3].clone()).or_default().push(r);
    }
    assert_eq!(classes.len(), 12);
    for (canonical, members) in &classes {
        let size: usize = members[0][5].parse().unwrap();
        assert_eq!(members.len(), size, "class of {canonical}");
        assert!(members.iter().any(|m| m[2] == *canonical));
    }
    let half_turn: Vec<_> = classes
        .values()
        .filter(|m| m[0][4] == "half_turn")
        .collect();
    assert_eq!(half_turn.len(), 1);
    assert_eq!(half_turn[0].len(), 4);
    // The canonical forms are exactly what `list 8 --classes` gives.
    let listed: BTreeSet<String> = stdout_of(&["list", "8", "--classes"])
        .lines()
        .map(|l| board_of(l).to_string())
        .collect();
    assert_eq!(listed, classes.keys().cloned().collect());
    // A half-turn symmetric board reaches its canonical form by two transforms.
    for r in &rows {
        let transforms = r[6].split(' ').count();
        assert_eq!(transforms * r[5].parse::<usize>().unwrap(), 8, "{r:?}");
    }
}

#[test]
fn classify_reports_bad_lines_with_numbers_and_still_classifies_the_good_ones() {
    let d = dir();
    let file = d.path().join("boards.txt");
    std::fs::write(
        &file,
        "# two good boards and three bad ones\n\
         0 4 7 5 2 6 1 3\n\
         \n\
         0 0\n\
         0 2 4 1 3\n\
         0 1 3 2\n\
         1 2 3 4\n",
    )
    .unwrap();
    let out = queens_plain().args(["classify", path_str(&file)]).exits(1);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stdout.starts_with("line"), "{stdout}");
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(stdout.contains("0 4 7 5 2 6 1 3  0 4 7 5 2 6 1 3      1  asymmetric"));
    assert!(stdout.contains("0 2 4 1 3"));
    let lines: Vec<&str> = stderr.lines().collect();
    // Three bad lines, the summary of the good ones, the final count.
    assert_eq!(lines.len(), 5, "{stderr}");
    assert_eq!(lines[3], "queens: 2 boards, 2 classes (2 asymmetric)");
    assert!(lines[0].contains("line 4: repeated column"), "{}", lines[0]);
    assert!(
        lines[1].contains("line 6: the queens at row 0 column 0 and row 1 column 1 attack"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("line 7: column 4 in row 3 is outside"));
    assert!(lines[4].contains("3 of 5 lines are not valid"));
}

#[test]
fn classify_with_size_reports_wrong_lengths() {
    let out = queens_plain()
        .args(["classify", "--size", "5", "--format", "csv"])
        .write_stdin("1 4 2 0 3\n1 3 0 2\n")
        .exits(1);
    let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0][4], "quarter_turn");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("line 2: wrong length: 4 columns, expected 5")
    );
}

#[test]
fn classify_rejects_unreadable_input_and_survives_binary_garbage() {
    fails_with(&["classify", "/no/such/file.txt"], 2, "cannot read");
    fails_with(&["classify", "--format", "xml"], 2, "invalid value");
    let d = dir();
    fails_with(
        &[
            "classify",
            "-o",
            path_str(&d.path().join("no/such/out.txt")),
        ],
        2,
        "does not exist",
    );
    let out = queens_plain()
        .arg("classify")
        .write_stdin(vec![
            0xff, 0xfe, b'\n', b'1', b' ', b'3', b'\n', 0, 7, b'\n',
        ])
        .output()
        .unwrap();
    // Not text: one message, exit 2 (tests/it/inputs.rs has more).
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "queens: error: stdin is not a file of boards (it is not UTF-8 text); see --from for the \
         notations read\n"
    );
    // Text with bad lines: each is reported with its number.
    let out = queens_plain()
        .arg("classify")
        .write_stdin("x y\n1 3\n0 4 7 5 2 6 1 3\n")
        .exits(1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_has(&err, "line 1: malformed");
    assert_has(&err, "line 2:");
    assert!(!err.contains("panicked"));
}

/// The board of a `list --classes` line, its `#` comment left out.
fn board_of(line: &str) -> &str {
    line.split("  #").next().unwrap()
}

// ---------------------------------------------------------------- boards as arguments

#[test]
fn classify_takes_boards_as_arguments_each_in_its_own_notation() {
    // Two notations in one command: each board is read on its own.
    let (header, rows) = csv_records(&stdout_of(&[
        "classify",
        "15863724",
        "2 4 1 7 0 6 3 5",
        "--format",
        "csv",
    ]));
    assert_eq!(header[0], "line");
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0][0].as_str(), rows[1][0].as_str()), ("1", "2"));
    assert_eq!(rows[0][3], "0 4 7 5 2 6 1 3");
    assert_eq!(rows[0][4], "asymmetric");
    assert_eq!(rows[1][4], "half_turn");
    assert_eq!(rows[1][5], "4");
    assert_eq!(rows[1][7], "10");
    // A bad board is reported by its place among the arguments; the good one is classified.
    let out = queens().args(["classify", "15863724", "15863742"]).exits(1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_has(&err, "queens: board 2: the queens at");
    assert_has(&err, "1 of 2 boards given are not valid solutions");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    // --board reads a board even where a file of that name exists.
    let d = dir();
    fs::write(d.path().join("15863724"), "2 4 1 7 0 6 3 5\n").unwrap();
    let in_dir = |args: &[&str]| {
        let out = queens().args(args).current_dir(d.path()).succeeds();
        csv_records(&String::from_utf8(out.stdout).unwrap()).1
    };
    let as_file = in_dir(&["classify", "15863724", "--format", "csv"]);
    assert_eq!(as_file[0][4], "half_turn");
    let as_board = in_dir(&["classify", "--board", "15863724", "--format", "csv"]);
    assert_eq!(as_board[0][4], "asymmetric");
}

#[test]
fn classify_arguments_that_are_neither_files_nor_boards_are_usage_errors() {
    fails_with(
        &["classify", "nope.txt"],
        2,
        "cannot read 'nope.txt': no such file, and not a board either (malformed",
    );
    fails_with(
        &["classify", "15863724", "Cargo.toml"],
        2,
        "give boards or one file, not both: 'Cargo.toml' is a file",
    );
    fails_with(
        &["classify", "Cargo.toml", "README.md"],
        2,
        "one file at a time: 'Cargo.toml' and 'README.md'",
    );
    fails_with(
        &["classify", "--board", "x y"],
        2,
        "--board 'x y': not a board",
    );
}

// ---------------------------------------------------------------- the notation read in

#[test]
fn classify_writes_boards_in_the_notation_they_were_read_in() {
    // Each board is read as one line, then written back as it was read.
    for (board, canonical) in [
        ("15863724", "15863724"),
        ("1 5 8 6 3 7 2 4", "1 5 8 6 3 7 2 4"),
        ("a5 b7 c2 d6 e3 f1 g4 h8", "a8 b2 c4 d1 e7 f5 g3 h6"),
        ("7 1 3 0 6 4 2 5", "0 4 7 5 2 6 1 3"),
    ] {
        let input = format!("{board}\n");
        let out = queens()
            .args(["classify"])
            .write_stdin(input.as_str())
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let line = text.lines().nth(1).unwrap();
        assert!(
            line.starts_with(&format!("   1  {board}  {canonical}  ")),
            "{input}: {line}"
        );
        // The CSV too; --notation and --format NOTATION still choose.
        let out = queens()
            .args(["classify", "--format", "csv"])
            .write_stdin(input.as_str())
            .output()
            .unwrap();
        let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(
            (rows[0][2].as_str(), rows[0][3].as_str()),
            (board, canonical)
        );
        let out = queens()
            .args(["classify", "--format", "csv", "--notation", "cols"])
            .write_stdin(input.as_str())
            .output()
            .unwrap();
        let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(rows[0][3], "0 4 7 5 2 6 1 3");
    }
    // Boards as arguments: one notation is kept; mixed ones are written as cols.
    let one = stdout_of(&["classify", "15863724", "35281746"]);
    assert_line_starts_with(&one, 2, "   2  35281746  35281746");
    let mixed = stdout_of(&["classify", "15863724", "2 4 1 7 0 6 3 5"]);
    assert_line_starts_with(&mixed, 1, "   1  0 4 7 5 2 6 1 3  ");
    // Boards drawn with Q and . come back as cols (a table cell holds one line).
    let drawn = stdout_of(&["list", "4", "--format", "board"]);
    let out = queens()
        .arg("classify")
        .write_stdin(drawn)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_line_starts_with(&text, 1, "   1  1 3 0 2  ");
}

#[test]
fn list_orbit_and_render_orbit_keep_the_notation_of_their_board() {
    assert_eq!(
        stdout_of(&["list", "8", "--orbit", "35281746"]),
        "35281746\n46827135\n53172864\n64718253\n"
    );
    assert_eq!(
        stdout_of(&["list", "8", "--orbit", "35281746", "--format", "cols"]),
        "2 4 1 7 0 6 3 5\n3 5 7 1 6 0 2 4\n4 2 0 6 1 7 5 3\n5 3 6 0 7 1 4 2\n"
    );
    let svg = stdout_of(&["render", "8", "--orbit", "35281746", "-o", "-"]);
    assert_has(&svg, "the class of 35281746");
    assert!(!svg.contains("2 4 1 7 0 6 3 5"), "{svg}");
    let svg = stdout_of(&["render", "8", "--orbit", "2 4 1 7 0 6 3 5", "-o", "-"]);
    assert_has(&svg, "the class of 2 4 1 7 0 6 3 5");
}

// ---------------------------------------------------------------- list --classes

#[test]
fn list_classes_gives_canonical_representatives_and_says_the_symmetry_and_size_of_each() {
    let out = stdout_of(&["list", "8", "--classes"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    assert_eq!(lines[0], "0 4 7 5 2 6 1 3  # class 1: asymmetric, 8 boards");
    assert_eq!(lines[9], "2 4 1 7 0 6 3 5  # class 10: half_turn, 4 boards");
    for line in &lines {
        let s: queens::board::Solution = line.parse().unwrap();
        assert_eq!(queens::symmetry::canonical(&s), s);
    }
    assert_eq!(
        stdout_of(&["list", "4", "--classes", "--format", "digits"]),
        "2413  # class 1: quarter_turn, 2 boards\n"
    );
    assert_eq!(
        stdout_of(&["list", "1", "--classes"]),
        "0  # class 1: quarter_turn, 1 board\n"
    );
    // The boards read back: classify skips the comments.
    let out = queens()
        .args(["classify", "--format", "csv"])
        .write_stdin(out.clone())
        .succeeds();
    let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    let sizes: usize = rows.iter().map(|r| r[5].parse::<usize>().unwrap()).sum();
    assert_eq!(sizes, 92);
    // --limit, and the formats that have no room for a comment, as before.
    assert_eq!(
        stdout_of(&["list", "8", "--classes", "--limit", "2"])
            .lines()
            .count(),
        2
    );
    let board = stdout_of(&["list", "5", "--classes", "--format", "board"]);
    assert!(!board.contains('#'));
}
