//! The human table of finished result rows written to a file (`-o FILE` of `count` and
//! `merge`), and the loud report of rows that disagree with the values verified against
//! ([`queens::console::known`]).

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

/// Says on stderr which sizes' nodes a `--known` file could not compare
/// ([`known::nodes_not_compared`]: a note about the check, so even with --quiet), then names
/// every row that disagrees with the values of `known`, loudly ([`known::mismatches`]), and
/// fails if any does.
pub fn report_mismatches(rows: &[Row], known: &KnownTable) -> Result<(), CommandError> {
    note_nodes_not_compared(rows, known);
    super::fail_on_mismatches(&known::mismatches(rows, known), known.source())
}

/// The note of [`known::nodes_not_compared`] on stderr, if there is one.
pub fn note_nodes_not_compared(rows: &[Row], known: &KnownTable) {
    if let Some(note) = known::nodes_not_compared(rows, known) {
        crate::note(&note);
    }
}
