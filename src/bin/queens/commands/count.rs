//! `queens count`: a verified table of totals and classes.

use super::{CommandError, compute_row, known_table};
use crate::cli::CountArgs;
use crate::output::Destination;
use queens::formats::table::{self, Row};
use queens::verify::Verdict;
use std::io::Write;

/// Runs `queens count`.
pub fn run(args: &CountArgs, quiet: bool) -> Result<(), CommandError> {
    super::count_part::check_checkpoint(args)?;
    super::refuse_outputs_that_are_inputs(
        &[
            ("--csv", args.csv.as_deref()),
            ("--json", args.exports.json.as_deref()),
            ("--markdown", args.exports.markdown.as_deref()),
            ("--bfile", args.exports.bfile.as_deref()),
        ],
        &[
            ("--checkpoint", args.checkpoint.as_deref()),
            (
                "--known",
                args.known.known.as_deref().map(std::path::Path::new),
            ),
        ],
    )?;
    if let Some(spec) = &args.part {
        if args.exports.any() {
            return Err(CommandError::Usage(
                "--json, --markdown and --bfile export whole results, not parts: give them to \
                 `queens merge` with the parts"
                    .to_string(),
            ));
        }
        return super::count_part::run(args, spec, quiet);
    }
    let csv = super::csv_destination(args.csv.as_deref())?;
    let known = known_table(&args.known)?;
    let exports = super::exports::plan(&args.exports, csv.as_ref())?;
    super::exports::check_bfile_sizes(&args.exports, &args.sizes.0, "give a range such as 1-14")?;
    let meta = crate::exports::RunMeta::now(args.search.threads.map(usize::from));
    let mut rows: Vec<Row> = Vec::with_capacity(args.sizes.0.len());
    for &n in &args.sizes.0 {
        let mut row = compute_row(n, &args.search, args.checkpoint.as_deref(), quiet)?;
        row.reverify(&known);
        rows.push(row);
    }
    // An export that goes to stdout replaces the human table there.
    write_rows(&rows, csv.as_ref(), !exports.use_stdout())?;
    exports.write(&rows, &meta)?;
    report_mismatches(&rows)
}

/// Writes result rows: CSV to `csv` if given (CSV alone when that is stdout), and, when
/// `human` and stdout is not taken by the CSV, the human table on stdout.
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
