//! The human table of finished result rows written to a file (`-o FILE` of `count` and
//! `merge`), and the loud report of rows that disagree with the values verified against.

use super::CommandError;
use crate::output::Destination;
use queens::formats::table::{self, Row};
use queens::verify::{KnownTable, Source, Verdict};

/// Writes the human table of `rows` (the `columns`, and the footer line naming the engine,
/// kernel, threads and time) to `dest` at once (`-o FILE` of `count` and `merge`).
pub fn write_human(dest: &Destination, rows: &[Row], columns: &[usize]) -> std::io::Result<()> {
    dest.write_with(|w| w.write_all(table::human_table(rows, columns).as_bytes()))
}

/// Names every row that disagrees with the values of `known`, loudly, and fails if any does:
/// `MISMATCH with the published values (OEIS): n = 8: total computed 93 but published 92`, or
/// `MISMATCH against 'r.csv': n = 8: total 93 there, 92 here` for a `--known` file.
pub fn report_mismatches(rows: &[Row], known: &KnownTable) -> Result<(), CommandError> {
    let bad: Vec<String> = rows
        .iter()
        .filter(|r| matches!(r.verdict, Verdict::Mismatch(_)))
        .map(|r| {
            format!(
                "n = {}: {}",
                r.n,
                r.verdict.describe_against(known.source())
            )
        })
        .collect();
    super::fail_on_mismatches(&bad, known.source())
}

/// Says on stderr, once, for which sizes a `--known` file's node counts were not compared
/// because another engine counted them (a note about the check, so even with --quiet).
pub fn note_nodes_not_compared(rows: &[Row], known: &KnownTable) {
    let Source::File(name) = known.source() else {
        return;
    };
    let skipped: Vec<(usize, &str)> = rows
        .iter()
        .filter_map(|r| Some((r.n, known.nodes_of_another_engine(r.n, &r.engine)?)))
        .collect();
    if skipped.is_empty() {
        return;
    }
    let ns: Vec<usize> = skipped.iter().map(|s| s.0).collect();
    let mut theirs: Vec<&str> = skipped.iter().map(|s| s.1).collect();
    theirs.sort_unstable();
    theirs.dedup();
    let mut ours: Vec<&str> = rows
        .iter()
        .filter(|r| ns.contains(&r.n))
        .map(|r| r.engine.as_str())
        .collect();
    ours.sort_unstable();
    ours.dedup();
    crate::note(&format!(
        "queens: note: nodes not compared with '{name}' for n = {}: engine {} counted them \
         there, {} here (each engine has its own tree)",
        table::sizes_text(&ns),
        theirs.join("/"),
        ours.join("/")
    ));
}
