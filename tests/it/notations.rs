//! Board notations: every notation written then read gives the same board (library
//! proptests), the reader never panics on random bytes in any notation, and through the real
//! binary classify reads what people and the tool write, with hints, class numbers and a
//! summary.

use crate::common::Succeeds;
use crate::common::assert_has;
use crate::common::{csv_records, dir, fails_with, path_str, queens, queens_plain, stdout_of};
use proptest::prelude::*;
use queens::board::notation::{self, Notation};
use queens::board::reader::{BoardReader, parse_one};
use queens::formats::solutions::{ListOptions, write_solutions};

/// Every board of `text` read in `from`, as cols text, or the error messages.
fn read_all(text: &str, from: Option<Notation>) -> Vec<Result<String, String>> {
    BoardReader::new(text.as_bytes(), from)
        .map(|r| {
            r.and_then(|b| b.solution())
                .map(|s| s.to_string())
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// Lists `n` in `notation` through the library writer.
fn listed(n: usize, notation: Notation, classes: bool) -> String {
    let options = ListOptions {
        notation,
        classes,
        limit: None,
        rules: queens::rules::Rules::QUEENS,
    };
    let mut out = Vec::new();
    write_solutions(&mut out, n, &options, |_| {}).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn every_list_reads_back_in_its_own_notation_and_automatically() {
    for n in [1, 4, 5, 6, 8] {
        let plain: Vec<Result<String, String>> = listed(n, Notation::Cols, false)
            .lines()
            .map(|l| Ok(l.to_string()))
            .collect();
        for notation in Notation::ALL {
            let text = listed(n, notation, false);
            assert_eq!(
                read_all(&text, Some(notation)),
                plain,
                "{notation}, n = {n}"
            );
            assert_eq!(read_all(&text, None), plain, "auto on {notation}, n = {n}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Write then read gives the same board, in every notation that can write its size.
    #[test]
    fn every_notation_round_trips(n in 1usize..=12, pick in any::<prop::sample::Index>()) {
        let all: Vec<String> = listed(n, Notation::Cols, false).lines().map(String::from).collect();
        prop_assume!(!all.is_empty());
        let board: queens::Solution = all[pick.index(all.len())].parse().unwrap();
        for notation in Notation::ALL {
            if notation.check_n(n).is_err() {
                continue;
            }
            let text = match notation {
                Notation::Csv => format!("index,solution\n1,{board}\n"),
                _ => notation::to_string(notation, board.cols()),
            };
            for from in [Some(notation), None] {
                let got = read_all(&text, from);
                prop_assert_eq!(got, vec![Ok(board.to_string())], "{} from {:?}: {:?}", notation, from, text);
            }
        }
    }

    /// Random bytes in every notation: no panic, every error names a line that exists.
    #[test]
    fn random_bytes_never_panic_in_any_notation(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let lines = bytes.split(|&b| b == b'\n').count();
        for from in Notation::ALL.map(Some).into_iter().chain([None]) {
            for r in BoardReader::new(&bytes[..], from) {
                match r.and_then(|b| b.solution().map(|_| b.line)) {
                    Ok(line) => prop_assert!(line >= 1 && line <= lines),
                    Err(e) => {
                        prop_assert!(e.line >= 1 && e.line <= lines, "{}", e);
                        prop_assert!(!e.to_string().contains('\n'), "{}", e);
                    }
                }
            }
        }
    }

    /// Text near the notations: no panic in any of them.
    #[test]
    fn near_miss_text_never_panics(text in "([QQ.a-j0-9\\[\\]\",# \t]{0,12}\n){0,10}") {
        for from in Notation::ALL.map(Some).into_iter().chain([None]) {
            for r in BoardReader::new(text.as_bytes(), from) {
                let _ = r.and_then(|b| b.solution());
            }
            let _ = parse_one(&text, from);
        }
    }
}

#[test]
fn the_forms_people_write_are_all_read() {
    let eight = Ok("0 4 7 5 2 6 1 3".to_string());
    for text in [
        "0 4 7 5 2 6 1 3",
        "0,4,7,5,2,6,1,3",
        "[0, 4, 7, 5, 2, 6, 1, 3]",
        "0\t4\t7  5 2 6 1 3",
        "  0 4 7 5 2 6 1 3",
        "0 4 7 5 2 6 1 3   # the first one",
        "\u{FEFF}0 4 7 5 2 6 1 3",
        "1 5 8 6 3 7 2 4",
        "15863724",
        "a8 b2 c4 d1 e7 f5 g3 h6",
        r#"["Q.......","....Q...",".......Q",".....Q..","..Q.....","......Q.",".Q......","...Q...."]"#,
    ] {
        assert_eq!(read_all(text, None), vec![eight.clone()], "{text:?}");
    }
}

#[test]
fn ambiguous_numbers_follow_the_documented_rule_and_from_settles_it() {
    // A 0 means counted from 0; 1..=n without a 0 means counted from 1.
    assert_eq!(read_all("1 3 0 2", None), vec![Ok("1 3 0 2".into())]);
    assert_eq!(read_all("2 4 1 3", None), vec![Ok("1 3 0 2".into())]);
    assert_eq!(
        read_all("2 0 3 1", Some(Notation::Cols)),
        vec![Ok("2 0 3 1".into())]
    );
    // 1 2 3 4 read as cols is out of range; as cols1 it is 0 1 2 3, which attacks.
    let got = read_all("1 2 3 4", Some(Notation::Cols));
    assert!(got[0].as_ref().unwrap_err().contains("outside the board"));
}

#[test]
fn algebraic_squares_are_where_the_board_drawing_puts_them() {
    // The tool's own board drawing of 0 4 7 5 2 6 1 3: row 0 at the top, column 0 at the left.
    let drawing = stdout_of(&["list", "8", "--limit", "1", "--format", "board"]);
    let squares = stdout_of(&["list", "8", "--limit", "1", "--format", "algebraic"]);
    assert_eq!(squares.trim(), "a8 b2 c4 d1 e7 f5 g3 h6");
    let rows: Vec<&str> = drawing.lines().collect();
    for square in squares.split_whitespace() {
        // File letter: column from the left; rank: row from the bottom of the drawing.
        let col = usize::from(square.as_bytes()[0] - b'a');
        let rank: usize = square[1..].parse().unwrap();
        assert_eq!(rows[8 - rank].as_bytes()[col], b'Q', "{square}");
    }
}

#[test]
fn classify_reads_the_tools_own_outputs() {
    for (args, boards) in [
        (&["list", "6", "--format", "board"][..], 4),
        (&["list", "8", "--classes", "--format", "csv"], 12),
        (&["list", "6", "--format", "csv"], 4),
        (
            &["list", "8", "--orbit", "0 4 7 5 2 6 1 3", "--format", "csv"],
            8,
        ),
        (&["list", "4", "--format", "leetcode"], 2),
        (&["list", "8", "--format", "cols1"], 92),
        (&["list", "8", "--format", "digits"], 92),
        (&["list", "8", "--format", "algebraic"], 92),
    ] {
        let text = stdout_of(args);
        let out = queens()
            .args(["classify", "--format", "csv"])
            .write_stdin(text.clone())
            .succeeds();
        let csv = String::from_utf8(out.stdout).unwrap();
        let (_, rows) = csv_records(&csv);
        assert_eq!(rows.len(), boards, "{args:?}");
        // classify's own CSV reads back too, to the same boards.
        let again = stdout_of_stdin(&["classify", "--format", "csv"], &csv);
        let (_, rows2) = csv_records(&again);
        let boards_of =
            |rows: &[Vec<String>]| rows.iter().map(|r| r[2].clone()).collect::<Vec<_>>();
        assert_eq!(boards_of(&rows2), boards_of(&rows), "{args:?}");
    }
}

/// Runs `queens --quiet args…` on `stdin`, expects success, returns stdout.
fn stdout_of_stdin(args: &[&str], stdin: &str) -> String {
    let out = queens()
        .args(args)
        .write_stdin(stdin.to_string())
        .succeeds();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn classify_says_which_notation_it_took_and_sums_up() {
    let out = queens_plain()
        .arg("classify")
        .write_stdin(stdout_of(&["list", "8", "--format", "cols1"]))
        .succeeds();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "queens: reading the input as cols1 (columns counted from 1) (--from settles it)\n\
         queens: 92 boards, 12 classes (11 asymmetric, 1 half_turn)\n"
    );
    // Plain cols says nothing about the notation; plurals are right for one.
    let out = queens_plain()
        .arg("classify")
        .write_stdin("0\n")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "queens: 1 board, 1 class (1 quarter_turn)\n"
    );
    let out = queens_plain().arg("classify").write_stdin("").succeeds();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "queens: no boards in the input\n"
    );
}

#[test]
fn classify_numbers_classes_as_list_classes_does() {
    let text = stdout_of(&["list", "10"]);
    let csv = stdout_of_stdin(&["classify", "--format", "csv"], &text);
    let (header, rows) = csv_records(&csv);
    assert_eq!(header[7], "class");
    let classes: Vec<String> = stdout_of(&["list", "10", "--classes"])
        .lines()
        .map(|l| l.split("  #").next().unwrap().to_string())
        .collect();
    for r in &rows {
        let k: usize = r[7].parse().unwrap();
        assert_eq!(classes[k - 1], r[3], "{r:?}");
    }
    // Beyond n = 14 the column is empty.
    let big = stdout_of(&["list", "15", "--limit", "1"]);
    let (_, rows) = csv_records(&stdout_of_stdin(&["classify", "--format", "csv"], &big));
    assert_eq!(rows[0][7], "");
}

#[test]
fn classify_bad_lines_keep_their_numbers_and_get_hints() {
    let out = queens_plain()
        .arg("classify")
        .write_stdin("0 4 7 5 2 6 1 3\n1 5 8 6 3 7 2 4\na8 b2 c4 d1 e7 f5 g3 h6\n15863724\n0 1\n")
        .exits(1);
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    for (i, needle) in [
        "--from cols1",
        "--from algebraic",
        "--from digits",
        "diagonal",
    ]
    .into_iter()
    .enumerate()
    {
        let line = lines[i];
        // The first board (line 1) is valid: the complaints are about lines 2 to 5.
        assert!(
            line.starts_with(&format!("queens: line {}: ", i + 2)) && line.contains(needle),
            "{err}"
        );
    }
    assert!(!lines[3].contains("--from"), "{err}");
    assert_has(&err, "4 of 5 lines are not valid");
    // Errors in 1-based notations count from 1.
    let out = queens_plain()
        .args(["classify", "--from", "cols1"])
        .write_stdin("1 2\n1 1\n")
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_has(
        &err,
        "line 1: the queens at row 1 column 1 and row 2 column 2 (counted from 1)",
    );
    assert_has(
        &err,
        "line 2: repeated column: the queens in rows 1 and 2 both use column 1 (counted from 1)",
    );
    // Digit strings are for n ≤ 9.
    let out = queens_plain()
        .args(["classify", "--from", "digits"])
        .write_stdin("1234567891\n")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("n ≤ 9"));
}

#[test]
fn classify_refuses_overlong_lines_and_streams() {
    let d = dir();
    let file = d.path().join("long.txt");
    let mut text = "1 3 0 2\n".to_string();
    text.push_str(&"0 ".repeat(600_000));
    text.push_str("\n2 0 3 1\n");
    std::fs::write(&file, text).unwrap();
    let out = queens()
        .args(["classify", path_str(&file), "--format", "csv"])
        .output()
        .unwrap();
    // A line too long to be a board ends the run (an endless one would never end): exit 2,
    // after the boards before it.
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_has(&err, "line 2 of '");
    assert_has(&err, "' is longer than 1 MiB");
    let (_, rows) = csv_records(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(
        rows.iter().map(|r| r[0].as_str()).collect::<Vec<_>>(),
        ["1"]
    );
    fails_with(&["classify", path_str(d.path())], 2, "is a directory");
}

#[test]
fn list_and_classify_write_every_notation() {
    for (args, want) in [
        (
            &["list", "4", "--format", "cols1"][..],
            "2 4 1 3\n3 1 4 2\n",
        ),
        (&["list", "4", "--format", "digits"], "2413\n3142\n"),
        (
            &["list", "8", "--limit", "1", "--format", "algebraic"],
            "a8 b2 c4 d1 e7 f5 g3 h6\n",
        ),
        (
            &["list", "4", "--format", "leetcode"],
            "[\n[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],\n[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]\n]\n",
        ),
    ] {
        assert_eq!(stdout_of(args), want, "{args:?}");
    }
    fails_with(&["list", "10", "--format", "digits"], 2, "n ≤ 9");
    fails_with(
        &["list", "27", "--format", "algebraic", "--limit", "1"],
        2,
        "n ≤ 26",
    );
    let out = stdout_of_stdin(&["classify", "--notation", "algebraic"], "1 3 0 2\n");
    assert_has(&out, "a2 b4 c1 d3");
    let out = stdout_of_stdin(
        &["classify", "--notation", "cols1", "--format", "csv"],
        "1 3 0 2\n",
    );
    assert_has(&out, ",2 4 1 3,");
    // Each notation of classify's CSV reads back.
    for notation in ["cols", "cols1", "digits", "algebraic", "leetcode"] {
        let csv = stdout_of_stdin(
            &["classify", "--notation", notation, "--format", "csv"],
            "2 0 3 1\n",
        );
        let back = stdout_of_stdin(&["classify", "--format", "csv", "--notation", "cols"], &csv);
        assert!(
            back.starts_with("line,") && back.contains(",2 0 3 1,1 3 0 2,"),
            "{notation}: {back}"
        );
        // Without --notation the boards come back in the notation of the CSV's cells.
        let again = stdout_of_stdin(&["classify", "--format", "csv"], &csv);
        let (_, first) = csv_records(&csv);
        let (_, second) = csv_records(&again);
        assert_eq!(first[0][2..4], second[0][2..4], "{notation}");
    }
    // --orbit takes any notation (and writes its class in it, unless --format says).
    assert_eq!(
        stdout_of(&["list", "8", "--orbit", "15863724", "--format", "cols"]),
        stdout_of(&["list", "8", "--orbit", "0 4 7 5 2 6 1 3"])
    );
    assert_eq!(
        stdout_of(&["list", "8", "--orbit", "15863724", "--limit", "1"]),
        "15863724\n"
    );
    let out = queens_plain().args(["list", "2"]).succeeds();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "queens: no solutions for n = 2\n"
    );
}

/// `Solution::parse_in` reads a board in every notation in one call: each of the 92 boards of
/// n = 8 (and the 10 of n = 5) written in each notation that can hold it reads back as itself,
/// and a broken board is an error in the notation's own terms, never a panic.
#[test]
fn parse_in_reads_one_board_in_every_notation() {
    use queens::Solution;
    for n in [5, 8] {
        let boards: Vec<Solution> = queens::solutions(n).unwrap().collect();
        for notation in Notation::ALL {
            if notation == Notation::Csv {
                continue; // a column of a file, read by the reader: not one board's text
            }
            for board in &boards {
                let text = notation::to_string(notation, board.cols());
                let back = Solution::parse_in(&text, notation)
                    .unwrap_or_else(|e| panic!("{notation}: {text:?}: {e}"));
                assert_eq!(&back, board, "{notation}: {text:?}");
            }
        }
    }
    let e = Solution::parse_in("1 1 3", Notation::Cols1)
        .unwrap_err()
        .to_string();
    assert_has(&e, "column 1");
    assert!(Solution::parse_in("", Notation::Digits).is_err());
    assert!(Solution::parse_in("a1 a2", Notation::Algebraic).is_err());
    assert!(Solution::parse_in("Q.\n.Q", Notation::Board).is_err());
    assert!(Solution::parse_in(r#"["Q.",".Q"]"#, Notation::Leetcode).is_err());
    assert!(Solution::parse_in(r#"["Q." ".Q"]x"#, Notation::Leetcode).is_err());
    assert!(Solution::parse_in("0 9", Notation::Cols).is_err());
}
