//! `queens plot`: the growth plot of a table `queens count` wrote, as CSV (`--csv`) or JSON
//! (`--json`).

use super::CommandError;
use crate::cli::PlotArgs;
use crate::output::read_input;
use queens::draw::plot;
use queens::formats::table::{self, Row};

/// Runs `queens plot`.
pub fn run(args: &PlotArgs) -> Result<(), CommandError> {
    crate::output::check_svg_name("-o", &args.output).map_err(CommandError::Usage)?;
    super::refuse_outputs_that_are_inputs(
        &[("-o", Some(&args.output))],
        &[("the table", Some(std::path::Path::new(&args.table)))],
    )?;
    let dest = super::destination(&args.output)?;
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
