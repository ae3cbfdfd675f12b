//! `queens count`: a verified table of totals and classes.

use super::{CommandError, compute_row, known_table};
use crate::cli::CountArgs;
use crate::known::Verdict;
use crate::output::Destination;
use crate::table::{self, Row};
use std::io::Write;

/// Runs `queens count`.
pub fn run(args: &CountArgs, quiet: bool) -> Result<(), CommandError> {
    super::count_part::check_checkpoint(args)?;
    if args.part.is_some() {
        return super::count_part::run(args, quiet);
    }
    let csv = args.csv.as_deref().map(Destination::parse);
    if let Some(dest) = &csv {
        dest.check().map_err(CommandError::Usage)?;
    }
    let known = known_table(&args.known)?;
    let exports = super::exports::plan(args, csv.as_ref())?;
    let meta = crate::export::RunMeta::now(args.search.threads.map(usize::from));
    let mut rows: Vec<Row> = Vec::with_capacity(args.sizes.0.len());
    for &n in &args.sizes.0 {
        let mut row = match &args.checkpoint {
            Some(path) => super::count_part::resumable_row(n, &args.search, path, quiet)?,
            None => compute_row(n, &args.search, quiet)?,
        };
        row.reverify(&known);
        rows.push(row);
    }
    match &csv {
        Some(Destination::Stdout) => {
            Destination::Stdout.write_with(|w| table::write_csv(&rows, w))?;
        }
        Some(dest) => {
            dest.write_with(|w| table::write_csv(&rows, w))?;
            if !exports.use_stdout() {
                print_table(&rows)?;
            }
        }
        None if exports.use_stdout() => {}
        None => print_table(&rows)?,
    }
    exports.write(&rows, &meta)?;
    report_mismatches(&rows)
}

/// Writes result rows as a plain `count` does (no exports): a human table on stdout, and CSV
/// to `csv` if given (CSV alone when that is stdout).
pub fn write_rows(rows: &[Row], csv: Option<&Destination>) -> Result<(), CommandError> {
    match csv {
        Some(Destination::Stdout) => {
            Destination::Stdout.write_with(|w| table::write_csv(rows, w))?;
        }
        Some(dest) => {
            dest.write_with(|w| table::write_csv(rows, w))?;
            print_table(rows)?;
        }
        None => print_table(rows)?,
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
    if bad.is_empty() {
        Ok(())
    } else {
        Err(CommandError::Failed(format!(
            "MISMATCH with the published values (OEIS): {}",
            bad.join("; ")
        )))
    }
}
