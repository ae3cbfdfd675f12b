//! What a count says when it stops, or when an output file could not be written: how far it
//! got, where the finished rows are and what each file holds, which files were left as they
//! were, how to resume.

use crate::commands::CommandError;
use crate::commands::resumable::Stopped;
use crate::output::Destination;
pub use queens::console::stopped::files_text;
use queens::formats::table::{self, Row};

/// The error of an output file that could not be written (`e`, which names it, as `file`):
/// what the file holds (`held`: the rows of its last update that was written; none: it was
/// not written) and where the rows are instead. A closed pipe stays one (a normal end, as on
/// stdout).
pub fn not_written(
    e: std::io::Error,
    rows: &[Row],
    held: &[Row],
    file: Option<&Destination>,
    where_rows: &str,
) -> CommandError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return CommandError::from(e);
    }
    let holds = match file {
        Some(Destination::File(p)) if !held.is_empty() => {
            format!("'{}' keeps the rows for n = {}", p.display(), sizes(held))
        }
        _ => "the file was not written".to_string(),
    };
    let rows = if rows.is_empty() {
        String::new()
    } else {
        format!("; the rows for n = {} are {where_rows}", sizes(rows))
    };
    CommandError::Io(format!("{e}: {holds}{rows}"))
}

/// The failures of several outputs ([`not_written`]) as one error: their messages joined
/// (exit 3); a closed pipe only where no output failed otherwise (a closed pipe is a normal
/// end, and must not hide a file that could not be written); `None` for none.
pub fn joined(failures: Vec<CommandError>) -> Option<CommandError> {
    failures.into_iter().reduce(|a, b| match (a, b) {
        (CommandError::Io(a), CommandError::Io(b)) => CommandError::Io(format!("{a}; {b}")),
        (io @ CommandError::Io(_), _) | (_, io @ CommandError::Io(_)) => io,
        (first, _) => first,
    })
}

/// The sizes of `rows`, as a message lists them: `1 to 17`.
pub fn sizes(rows: &[Row]) -> String {
    let ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
    table::sizes_text(&ns)
}

/// The error of a run stopped during size `n`: how far it got, what is written (the rows, to
/// the `files` written), which files were `kept` as they were, how to resume.
pub fn stopped_error(
    n: usize,
    s: &Stopped,
    rows: &[Row],
    files: &[&Destination],
    kept: &[&Destination],
) -> CommandError {
    let written = written_text(rows, files);
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
    match (files_text(kept), kept.len()) {
        (None, _) => String::new(),
        (Some(one), 1) => format!("; {one} was left as it was"),
        (Some(all), _) => format!("; {all} were left as they were"),
    }
}

/// `rows for n = 1 to 17 are written (also to 'r.csv' and 'r.json')`: the rows, and the
/// `files` they are written to; or that none is.
pub fn written_text(rows: &[Row], files: &[&Destination]) -> String {
    if rows.is_empty() {
        return "no size was finished".to_string();
    }
    let files = files_text(files).map_or(String::new(), |f| format!(" (also to {f})"));
    format!("rows for n = {} are written{files}", sizes(rows))
}

/// `the rows for n = 8 to 10 are {what}` of the sizes `done`, or `no size was finished` (for a
/// count of partial boards, whose rows are written at its end).
pub fn finished_sizes(done: &[usize], what: &str) -> String {
    match done {
        [] => "no size was finished".to_string(),
        ns => format!("the rows for n = {} are {what}", table::sizes_text(ns)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_never_hides_a_file_that_could_not_be_written() {
        let io = |m: &str| CommandError::Io(m.to_string());
        for failures in [
            vec![CommandError::BrokenPipe, io("a")],
            vec![io("a"), CommandError::BrokenPipe],
        ] {
            assert!(matches!(joined(failures), Some(CommandError::Io(m)) if m == "a"));
        }
        let both = joined(vec![io("a"), CommandError::BrokenPipe, io("b")]);
        assert!(matches!(both, Some(CommandError::Io(m)) if m == "a; b"));
        let pipe = joined(vec![CommandError::BrokenPipe]);
        assert!(matches!(pipe, Some(CommandError::BrokenPipe)));
        assert!(joined(Vec::new()).is_none());
    }
}
