//! `queens verify`: compute board sizes and compare with the published values, one line per
//! size as it finishes; SIGINT/SIGTERM stop it between units, naming the unfinished size.

use super::{CommandError, known_table};
use crate::cli::VerifyArgs;
use queens::formats::table::Row;
use queens::plan::Part;
use queens::verify::Verdict;
use std::io::Write;

/// Runs `queens verify`: one PASS/FAIL line per size on stdout.
pub fn run(args: &VerifyArgs, quiet: bool) -> Result<(), CommandError> {
    let known = known_table(&args.known)?;
    let mut failures = 0usize;
    let mut rows: Vec<Row> = Vec::new();
    super::count::install_signals()?;
    for &n in &args.sizes.0 {
        let plan = super::build_plan(n, &args.search)?;
        if !quiet && !args.yes {
            super::count::warn_if_long(plan.as_ref(), Part::WHOLE, &args.search, &rows);
        }
        // A stop is an error naming the unfinished size; the sizes checked are printed above.
        let mut row = super::compute_row(n, &args.search, None, quiet)?;
        row.reverify(&known);
        let summary = format!(
            "n={}: total {}, classes {} ({} asymmetric, {} half_turn, {} quarter_turn)",
            row.n,
            row.total,
            row.classes.total(),
            row.classes.asymmetric,
            row.classes.half_turn,
            row.classes.quarter_turn
        );
        let line = match &row.verdict {
            Verdict::Verified => format!("PASS {summary}"),
            Verdict::Unknown => {
                failures += 1;
                format!("FAIL {summary}: no published value to compare with")
            }
            Verdict::Mismatch(_) => {
                failures += 1;
                format!("FAIL {summary}: {}", row.verdict.describe())
            }
        };
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}")?;
        out.flush()?;
        rows.push(row);
    }
    if failures == 0 {
        Ok(())
    } else {
        Err(CommandError::Failed(format!(
            "{failures} of {} board sizes failed verification",
            args.sizes.0.len()
        )))
    }
}
