//! The human table of finished result rows written to a file (`-o FILE` of `count` and
//! `merge`), and the loud report of what the values verified against say of the rows
//! ([`queens::console::known`]), the same for `count`, `merge` and `verify`.

use super::CommandError;
use crate::output::Destination;
use queens::console::known;
use queens::formats::table::{self, Row};
use queens::verify::KnownTable;

/// Writes the human table of `rows` (the `columns`, and the footer line naming the engine,
/// kernel, threads and time) to `dest` at once (`-o FILE` of `count` and `merge`).
pub fn write_human(dest: &Destination, rows: &[Row], columns: &[usize]) -> std::io::Result<()> {
    dest.write_with(|w| w.write_all(table::human_table(rows, columns).as_bytes()))
}

/// Says on stderr what a `--known` file could not check ([`notes`]), then names every row
/// that disagrees with the values of `known`, loudly ([`known::mismatches`]), and fails if any
/// does.
pub fn report_mismatches(rows: &[Row], known: &KnownTable) -> Result<(), CommandError> {
    notes(rows, known);
    super::fail_on_mismatches(&known::mismatches(rows, known), known.source())
}

/// The notes about the check on stderr (so even with --quiet): the sizes a `--known` file has
/// no values for ([`known::not_verified`]) and those whose nodes it could not compare
/// ([`known::nodes_not_compared`]).
pub fn notes(rows: &[Row], known: &KnownTable) {
    let notes = [
        known::not_verified(rows, known),
        known::nodes_not_compared(rows, known),
    ];
    for note in notes.iter().flatten() {
        crate::note(note);
    }
}

/// How a command that wrote result rows ends: a mismatch or a stop (`verdict`, exit 1) is
/// said whatever else failed, the outputs' failure (`written`) added to it; else that failure
/// (exit 3, a closed stdout a normal end); else success.
pub fn with_mismatches(
    written: std::io::Result<()>,
    verdict: Result<(), CommandError>,
) -> Result<(), CommandError> {
    ended(failure(written), verdict)
}

/// The outputs' failure (`written`) as the command's error: its message as it is (exit 3),
/// a closed stdout a [`CommandError::BrokenPipe`] (a normal end); `None` for none.
pub fn failure(written: std::io::Result<()>) -> Option<CommandError> {
    written.err().map(|e| match e.kind() {
        std::io::ErrorKind::BrokenPipe => CommandError::from(e),
        _ => CommandError::Io(e.to_string()),
    })
}

/// [`with_mismatches`] of a failure already made a [`CommandError`] (`failed`: `None`, none).
pub fn ended(
    failed: Option<CommandError>,
    verdict: Result<(), CommandError>,
) -> Result<(), CommandError> {
    match (failed, verdict) {
        (Some(CommandError::Io(why)), Err(CommandError::Failed(m))) => {
            Err(CommandError::Failed(format!("{m}; {why}")))
        }
        // A closed stdout is a normal end, which must not hide a file not written.
        (Some(io @ CommandError::Io(_)), Err(CommandError::BrokenPipe)) => Err(io),
        (_, Err(mismatch)) => Err(mismatch),
        (Some(e), Ok(())) => Err(e),
        (None, Ok(())) => Ok(()),
    }
}
