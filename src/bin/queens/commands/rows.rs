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
