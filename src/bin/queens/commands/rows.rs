//! Writing finished result rows at once (`merge`), and the loud report of those that disagree
//! with the published values (`count`, `merge`).

use super::CommandError;
use crate::output::Destination;
use queens::formats::table::{self, Row};
use queens::verify::Verdict;
use std::io::Write;

/// Writes result rows at once (for `queens merge`): CSV to `csv` if given (CSV alone when
/// that is stdout), and, when `human` and stdout is not taken by the CSV, the human table on
/// stdout.
pub fn write_rows(
    rows: &[Row],
    csv: Option<&Destination>,
    human: bool,
) -> Result<(), CommandError> {
    match csv {
        Some(Destination::Stdout) => {
            Destination::Stdout.write_with(|w| table::write_csv(rows, w))?;
        }
        Some(dest) => {
            dest.write_with(|w| table::write_csv(rows, w))?;
            if human {
                print_table(rows)?;
            }
        }
        None if human => print_table(rows)?,
        None => {}
    }
    Ok(())
}

fn print_table(rows: &[Row]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(table::human_table(rows).as_bytes())?;
    out.flush()
}

/// Names every row that disagrees with the published values, loudly, and fails if any does.
pub fn report_mismatches(rows: &[Row]) -> Result<(), CommandError> {
    let bad: Vec<String> = rows
        .iter()
        .filter(|r| matches!(r.verdict, Verdict::Mismatch(_)))
        .map(|r| format!("n = {}: {}", r.n, r.verdict.describe()))
        .collect();
    super::fail_on_mismatches(&bad)
}
