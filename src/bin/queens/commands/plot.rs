//! `queens plot`: the growth plot of a table `queens count` wrote, as CSV (`--csv`) or JSON
//! (`--json`).

use super::CommandError;
use crate::output::{Destination, SvgOutput, read_input};
use clap::Args;
use queens::draw::plot;
use queens::formats::table::{self, Row};

/// The text under the options of `queens plot --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens count 1-14 --csv t.csv && queens plot t.csv -o growth.svg
  queens count 1-14 --json t.json && queens plot t.json -o growth.svg

The published values (OEIS) are marked with rings. Nothing in the table is hidden: a value
that disagrees with OEIS is drawn and crossed out in red, a board size given twice is drawn
twice, and both get a warning on stderr; equal values at one n (n = 1) stand side by side.
-o takes a name ending in .svg, a name without an extension, or - (stdout).

Exit codes: 0 success (warnings included); 2 usage error, found before any work (unreadable or
malformed table, a destination whose folder is missing or that this user may not replace, an -o
name that is not .svg); 3 a write that failed while it ran (a full disk).";

/// `queens plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    /// A table written by `queens count --csv` or `--json` (`-`: stdin).
    #[arg(value_name = "TABLE")]
    pub table: String,
    /// `-o FILE.svg`.
    #[command(flatten)]
    pub svg: SvgOutput,
}

/// Runs `queens plot`.
pub fn run(args: &PlotArgs) -> Result<(), CommandError> {
    args.svg.check_name().map_err(CommandError::Usage)?;
    crate::output::refuse_outputs_that_are_inputs(
        &[("-o", Some(&args.svg.output))],
        &[("the table", Some(std::path::Path::new(&args.table)))],
    )
    .map_err(CommandError::Usage)?;
    let dest = Destination::checked(&args.svg.output).map_err(CommandError::Usage)?;
    let name = if args.table == "-" {
        "stdin"
    } else {
        &args.table
    };
    let text = read_input(&args.table)
        .map_err(|e| CommandError::Usage(format!("cannot read '{name}': {e}")))?;
    let rows = read_rows(&text)
        .map_err(|e| CommandError::Usage(format!("'{name}' is not a queens table: {e}")))?;
    let svg = plot::growth_svg(&rows).map_err(|e| CommandError::Usage(format!("'{name}': {e}")))?;
    dest.write_with(|w| w.write_all(svg.as_bytes()))?;
    for warning in plot::check_table(&rows) {
        crate::note(&format!("queens: warning: '{name}': {warning}"));
    }
    Ok(())
}

/// The rows of a table `count --csv` or `count --json` wrote: JSON when the text starts with
/// `{`, CSV otherwise.
fn read_rows(text: &str) -> Result<Vec<Row>, String> {
    if text.trim_start().starts_with('{') {
        queens::formats::export::json::read(text)
    } else {
        table::read_csv_limited(text.as_bytes(), table::ReadLimits::TABLE)
            .map_err(|e| e.to_string())
    }
}
