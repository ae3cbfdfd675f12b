//! Tests that were unit tests inside the binary (`src/bin/queens`), of behaviour the binary's
//! command line shows, moved here to drive the real binary: the one size list the parse
//! error suggests, the shell quoting of the SVG conversion hint; and the width of the
//! streamed table, a property of the library's layout the binary streams with.

use crate::common::fails_with;
use queens::formats::table;
use queens::plan::Engine;

#[test]
fn the_suggested_size_list_leaves_the_values_of_options_out() {
    // `-t 2`: a short option's value; `--csv 9`: a file name that reads as a size.
    fails_with(
        &["count", "4-6", "-t", "2", "9"],
        2,
        "unexpected argument '9' found; several sizes are written as one list: 4-6,9",
    );
    fails_with(
        &["count", "8", "--csv", "9", "10"],
        2,
        "unexpected argument '10' found; several sizes are written as one list: 8,10",
    );
}

#[test]
fn a_subcommand_is_suggested_only_for_a_word_that_begins_as_it_does() {
    // clap finds `lst` close to `plot` too, which does not begin as it does.
    fails_with(
        &["lst"],
        2,
        "unrecognized subcommand 'lst'; did you mean 'list'?",
    );
}

#[test]
fn the_conversion_hint_quotes_names_a_shell_would_split() {
    fails_with(
        &["render", "8", "--class", "1", "-o", "x y.pdf"],
        2,
        "convert it with rsvg-convert -f pdf -o 'x y.pdf' 'x y.svg'",
    );
    fails_with(
        &["plot", "t.csv", "-o", "it's.png"],
        2,
        r"convert it with rsvg-convert -f png -o 'it'\''s.png' 'it'\''s.svg'",
    );
}

/// The header line of the streamed table of `sizes` on `threads` threads, in `columns`.
fn header_line(sizes: &[usize], threads: usize, columns: &[usize]) -> String {
    let widths = table::streamed_widths(sizes, Engine::Symmetric, threads);
    let w: Vec<usize> = columns.iter().map(|&i| widths[i]).collect();
    let names: Vec<&str> = columns.iter().map(|&i| table::CSV_HEADER[i]).collect();
    table::layout(columns).with_widths(&w).line(&names)
}

#[test]
fn the_default_streamed_table_fits_100_columns_up_to_the_published_record() {
    // Widths only grow with the sizes asked for, so 0-27 bounds every range up to 27.
    let up_to_27: Vec<usize> = (0..=27).collect();
    let default = table::human_columns();
    for threads in [1, 2, 64] {
        let line = header_line(&up_to_27, threads, &default);
        let width = line.trim_end().chars().count();
        assert!(
            width <= 100,
            "{width} characters on {threads} threads: {line}"
        );
    }
    let line = header_line(&up_to_27, 1, &default);
    // What the header measures for n up to 27 (README: "Exports for papers and OEIS").
    assert_eq!(line.trim_end().chars().count(), 95, "{line}");
    assert_eq!(
        line.split_whitespace().collect::<Vec<_>>(),
        table::HUMAN_COLUMNS
    );
    // Every column at once is wider: that is what --columns all is for.
    let all = header_line(&up_to_27, 1, &table::parse_columns("all").unwrap());
    assert!(all.trim_end().chars().count() > 100, "{all}");
}
