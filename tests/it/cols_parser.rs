//! Property tests of the `cols` parser on random input: it never panics, every error names
//! the line it belongs to, and what it accepts is a valid solution holding the columns it read.

use assert_cmd::Command;
use proptest::prelude::*;
use queens::board::notation::{content, tokens};
use queens::board::{self, Solution};
use queens::rules::Rules;

/// Checks every property of `parse_cols_lines` on one text.
fn check_text(text: &str) {
    let raw: Vec<&str> = text.lines().collect();
    let content_lines: Vec<usize> = raw
        .iter()
        .enumerate()
        // Blank lines, comments and lines of separators alone (`[`, `,`) hold no board.
        .filter(|(_, l)| tokens(content(l)).next().is_some())
        .map(|(i, _)| i + 1)
        .collect();
    let results: Vec<_> = board::parse_cols_lines(text).collect();
    let lines: Vec<usize> = results.iter().map(|(l, _)| *l).collect();
    assert_eq!(
        lines, content_lines,
        "one result per content line, in order"
    );
    for (line, result) in &results {
        match result {
            Ok(s) => {
                assert_eq!(board::validate(s.cols(), &Rules::QUEENS), Ok(()));
                // The fields read back as numbers are the columns (leading zeros allowed; any
                // separators, a comment after `#`).
                let fields: Vec<u64> = tokens(content(raw[line - 1]))
                    .map(|f| f.parse().unwrap())
                    .collect();
                let cols: Vec<u64> = s.cols().iter().map(|&c| u64::from(c)).collect();
                assert_eq!(fields, cols);
                assert_eq!(s.to_string().parse::<Solution>().as_ref(), Ok(s));
            }
            Err(e) => {
                assert_eq!(e.line, *line);
                let message = e.to_string();
                assert!(message.starts_with(&format!("line {line}: ")), "{message}");
                assert!(!message.contains('\n'), "one line: {message:?}");
            }
        }
    }
    let plain: Vec<_> = board::parse_cols_text(text).collect();
    assert_eq!(plain.len(), results.len());
}

/// Text that looks like cols input: digits, spaces, comments, CR and a few strays.
fn near_cols() -> impl Strategy<Value = String> {
    prop::collection::vec(
        "[0-9]{1,2}( [0-9]{1,2}){0,9}|#.*|[0-9 \r\tx,-]{0,12}|",
        0..8,
    )
    .prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_never_panic_and_errors_carry_line_numbers(
        bytes in prop::collection::vec(any::<u8>(), 0..400)
    ) {
        check_text(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn near_miss_text_never_panics(text in near_cols()) {
        check_text(&text);
    }

    #[test]
    fn permutations_parse_exactly_when_no_two_queens_attack(
        cols in Just((0u8..8).collect::<Vec<u8>>()).prop_shuffle()
    ) {
        let line = cols.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        let attacks = Rules::QUEENS.any_attack(&cols);
        match line.parse::<Solution>() {
            Ok(s) => prop_assert!(!attacks && s.cols() == cols.as_slice()),
            Err(e) => prop_assert!(attacks && e.to_string().contains("diagonal"), "{e}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The binary on random bytes: exit 0 or 1 with line-numbered messages, never a panic.
    #[test]
    fn classify_binary_survives_random_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..200)
    ) {
        let out = Command::cargo_bin("queens")
            .unwrap()
            .arg("classify")
            .write_stdin(bytes)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        // Exit 2 only for input that is not boards at all (binary, or no board in its first
        // lines), with that one message.
        let not_boards = out.status.code() == Some(2)
            && err.lines().last().is_some_and(|l| l.contains(" is not a file of boards ("));
        prop_assert!(
            matches!(out.status.code(), Some(0 | 1)) || not_boards,
            "{:?}: {}",
            out.status,
            err
        );
        prop_assert!(!err.contains("panicked"), "{}", err);
        for l in err.lines() {
            // Bad lines, the notation detected, the summary and the final error.
            prop_assert!(
                l.starts_with("queens: line ")
                    || l.starts_with("queens: error: ")
                    || l.starts_with("queens: reading the input as ")
                    || l.starts_with("queens: no boards")
                    || l.contains(" board, ")
                    || l.contains(" boards, "),
                "{}",
                l
            );
        }
    }
}
