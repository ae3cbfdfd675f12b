//! What a count says when it stops, or when its `--csv` file could not be written: how far
//! it got, where the finished rows are, which files were left as they were, how to resume.

use crate::commands::CommandError;
use crate::commands::resumable::Stopped;
use crate::output::Destination;
use queens::formats::table::{self, Row};

/// The error of a `--csv` file that could not be written (`e`, which names it), saying where
/// the rows are instead. A closed pipe stays one (a normal end, as on stdout).
pub fn not_written(e: std::io::Error, rows: &[Row], where_rows: &str) -> CommandError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return CommandError::from(e);
    }
    let rows = if rows.is_empty() {
        String::new()
    } else {
        let ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
        format!(
            "; the rows for n = {} are {where_rows}",
            table::sizes_text(&ns)
        )
    };
    CommandError::Io(format!("{e}: the file was not written{rows}"))
}

/// The error of a run stopped during size `n`: how far it got, what is written, which files
/// were `kept` as they were, how to resume.
pub fn stopped_error(
    n: usize,
    s: &Stopped,
    rows: &[Row],
    csv: Option<&Destination>,
    kept: &[&Destination],
) -> CommandError {
    let written = written_text(rows, csv);
    CommandError::Failed(format!(
        "stopped by {} during n = {n}: {}; {written}{}{}",
        s.reason,
        s.progress,
        kept_text(kept),
        s.resume_text()
    ))
}

/// `; 'o.csv' and 't.txt' were left as they were`, or nothing when no file was kept.
fn kept_text(kept: &[&Destination]) -> String {
    let names: Vec<String> = kept
        .iter()
        .filter_map(|d| match d {
            Destination::File(p) => Some(format!("'{}'", p.display())),
            Destination::Stdout => None,
        })
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("; {one} was left as it was"),
        [first @ .., last] => format!("; {} and {last} were left as they were", first.join(", ")),
    }
}

/// `rows for n = 1 to 17 are written (stdout, 'r.csv')`, or that none is.
pub fn written_text(rows: &[Row], csv: Option<&Destination>) -> String {
    if rows.is_empty() {
        return "no size was finished".to_string();
    }
    let ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
    let file = match csv {
        Some(Destination::File(p)) => format!(" (also to '{}')", p.display()),
        _ => String::new(),
    };
    format!("rows for n = {} are written{file}", table::sizes_text(&ns))
}

/// `the rows for n = 8 to 10 are {what}` of the sizes `done`, or `no size was finished` (for a
/// count of partial boards, whose rows are written at its end).
pub fn finished_sizes(done: &[usize], what: &str) -> String {
    match done {
        [] => "no size was finished".to_string(),
        ns => format!("the rows for n = {} are {what}", table::sizes_text(ns)),
    }
}
