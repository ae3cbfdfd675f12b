//! The table a command line verifies against ([`table`]: `--known FILE`, or the published
//! values of the rules counted), and what its rows say against it: the disagreements
//! ([`mismatches`], [`failure`]), the sizes a `--known` file has no values for
//! ([`check_covers`] before any work, [`not_verified`] after it) and the sizes whose nodes
//! another engine counted ([`nodes_not_compared`]). `count`, `merge` and `verify` all report
//! through these, so they say the same about the same file.

use crate::formats::table::{Row, lacking_text, read_known, sizes_text};
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

/// Refuses a `--known` file that has no values for any of the sizes `ns` of the run (a
/// header without rows, a table of other sizes): it would verify nothing, so the run would
/// only seem checked. A file that covers some of them is taken ([`not_verified`] names the
/// rest after the run); the published values are never refused.
///
/// ```
/// use queens::console::known::check_covers;
/// use queens::verify::{KnownTable, Source};
/// let header_only = KnownTable::parse("n,total_A000170\n").unwrap();
/// let file = header_only.with_source(Source::File("h.csv".into()));
/// assert_eq!(
///     check_covers(&file, &[8, 9, 10]).unwrap_err(),
///     "--known: 'h.csv' has no values for n = 8 to 10: it would verify none of the sizes \
///      asked; give a table that holds them, or leave out --known"
/// );
/// assert!(check_covers(KnownTable::embedded(), &[28]).is_ok());
/// ```
pub fn check_covers(known: &KnownTable, ns: &[usize]) -> Result<(), String> {
    let lacking = known.lacking(ns);
    match known.source() {
        Source::File(_) if !ns.is_empty() && lacking.len() == ns.len() => Err(format!(
            "--known: {}: it would verify none of the sizes asked; give a table that holds \
             them, or leave out --known",
            lacking_text(known.source(), &sorted(lacking))
        )),
        _ => Ok(()),
    }
}

/// The note for the rows of `rows` that a `--known` file could not verify, having no values
/// for their sizes (`queens: note: 'r.csv' has no values for n = 10: not verified, the
/// verified column says unknown`), if any: a check asked for and not made is never passed
/// over in silence. `None` for the published values, where `unknown` is the documented
/// verdict of a size nothing is published for.
pub fn not_verified(rows: &[Row], known: &KnownTable) -> Option<String> {
    let Source::File(_) = known.source() else {
        return None;
    };
    let ns: Vec<usize> = rows
        .iter()
        .filter(|r| r.verdict == Verdict::Unknown)
        .map(|r| r.n)
        .collect();
    (!ns.is_empty()).then(|| {
        format!(
            "queens: note: {}: not verified (verified: unknown)",
            lacking_text(known.source(), &sorted(ns))
        )
    })
}

/// `ns` in increasing order, each once.
fn sorted(mut ns: Vec<usize>) -> Vec<usize> {
    ns.sort_unstable();
    ns.dedup();
    ns
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
