//! Tests of merging parts: missing ranges, and reading part files.

use super::*;
use crate::formats::part_row::PART_HEADER;
use std::io::Read;
use std::sync::atomic::AtomicU64;

#[test]
fn missing_ranges_compress_runs_and_stop_after_a_few() {
    assert_eq!(missing_ranges([0, 1, 3, 4, 8], 10), "2, 5-7, 9");
    assert_eq!(missing_ranges([], 1), "0");
    assert_eq!(missing_ranges([0], 1), "");
    assert_eq!(missing_ranges([0], 1_000_000_000), "1-999999999");
    let every_other = (0..100).map(|i| 2 * i);
    assert_eq!(
        missing_ranges(every_other, 200),
        "1, 3, 5, 7, 9, 11, 13, 15, … and 92 more ranges"
    );
}

#[test]
fn problems_beyond_the_cap_are_only_counted() {
    let mut p = Problems::new();
    for i in 0..SHOWN_PROBLEMS + 5 {
        p.push(format!("problem {i}"));
    }
    assert_eq!(p.len(), SHOWN_PROBLEMS + 5);
    let text = p.into_error().to_string();
    assert!(
        text.ends_with("problem 7; … and 5 more; nothing was merged"),
        "{text}"
    );
}

#[test]
fn a_file_without_parts_is_named_even_after_another_file_had_problems() {
    let header = PART_HEADER.join(",");
    let mut problems = Problems::new();
    assert!(read_parts("a.csv", "not,a,part\n".as_bytes(), &mut problems).is_empty());
    assert_eq!(problems.len(), 1);
    let text = format!("{header}\n");
    assert!(read_parts("b.csv", text.as_bytes(), &mut problems).is_empty());
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems.shown[1].contains("b.csv holds no part"),
        "{problems:?}"
    );
}

#[test]
fn an_endless_line_after_the_header_is_named_and_ends_the_file() {
    let header = PART_HEADER.join(",") + "\n";
    let input = header.as_bytes().chain(std::io::repeat(b'x'));
    let mut problems = Problems::new();
    assert!(read_parts("p.csv", input, &mut problems).is_empty());
    assert_eq!(
        problems.shown,
        vec!["line 2 of 'p.csv' is longer than 1 MiB: not a queens file".to_string()]
    );
}

#[test]
fn every_line_read_is_counted_blank_lines_too() {
    let header = PART_HEADER.join(",");
    let text = format!("{header}\n\n\n\nnot,a,row\n\n");
    let lines = AtomicU64::new(0);
    let mut problems = Problems::new();
    assert!(read_parts_counting("p.csv", text.as_bytes(), &mut problems, &lines).is_empty());
    assert_eq!(lines.load(std::sync::atomic::Ordering::Relaxed), 6);
}
