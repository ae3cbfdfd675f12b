//! The table a command line verifies against ([`table`]: `--known FILE`, or the published
//! values of the rules counted), and what its rows say against it: the disagreements
//! ([`mismatches`], [`failure`]) and the sizes whose nodes another engine counted
//! ([`nodes_not_compared`]).

use crate::formats::table::{Row, read_known, sizes_text};
use crate::rules::Rules;
use crate::verify::{KnownTable, Source, Verdict};

/// The table of `known` (a `--known` path, `-` for stdin), or without it the published values
/// of `rules`; a message naming the file (stdin for `-`) if it cannot be read or is not such
/// a table.
pub fn table(known: Option<&str>, rules: &Rules) -> Result<KnownTable, String> {
    let Some(path) = known else {
        return Ok(KnownTable::published(rules).clone());
    };
    let text = super::destination::read_input(path)
        .map_err(|e| format!("cannot read --known file '{path}': {e}"))?;
    let name = if path == "-" { "stdin" } else { path };
    read_known(&text, name).map_err(|e| format!("--known file '{name}': {e}"))
}

/// Every row of `rows` that disagrees with the values of `known`, one text each: `n = 8:
/// total computed 93 but published 92`, or for a `--known` file `n = 8: total 93 there, 92
/// here`.
pub fn mismatches(rows: &[Row], known: &KnownTable) -> Vec<String> {
    rows.iter()
        .filter(|r| matches!(r.verdict, Verdict::Mismatch(_)))
        .map(|r| {
            format!(
                "n = {}: {}",
                r.n,
                r.verdict.describe_against(known.source())
            )
        })
        .collect()
}

/// The failure naming every disagreement in `mismatches` with the values `against` names
/// (`MISMATCH with the published values (OEIS): …`, `MISMATCH against 'r.csv': …`:
/// [`Source::against`]), if there is any.
pub fn failure(mismatches: &[String], against: &Source) -> Option<String> {
    (!mismatches.is_empty())
        .then(|| format!("MISMATCH {}: {}", against.against(), mismatches.join("; ")))
}

/// The note for the sizes whose node counts a `--known` file could not compare because
/// another engine counted them there (each engine has its own tree), if any.
pub fn nodes_not_compared(rows: &[Row], known: &KnownTable) -> Option<String> {
    let Source::File(name) = known.source() else {
        return None;
    };
    let skipped: Vec<(usize, &str)> = rows
        .iter()
        .filter_map(|r| Some((r.n, known.nodes_of_another_engine(r.n, &r.engine)?)))
        .collect();
    if skipped.is_empty() {
        return None;
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
    Some(format!(
        "queens: note: nodes not compared with '{name}' for n = {}: engine {} counted them \
         there, {} here (each engine has its own tree)",
        sizes_text(&ns),
        theirs.join("/"),
        ours.join("/")
    ))
}
