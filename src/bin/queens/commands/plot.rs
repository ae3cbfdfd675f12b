//! `queens plot`: the growth plot of a table `queens count --csv` wrote.

use super::CommandError;
use crate::cli::PlotArgs;
use crate::output::read_input;
use queens::draw::plot;
use queens::formats::table;

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
    let rows = table::read_csv(text.as_bytes())
        .map_err(|e| CommandError::Usage(format!("'{name}' is not a queens table: {e}")))?;
    let svg = plot::growth_svg(&rows).map_err(|e| CommandError::Usage(format!("'{name}': {e}")))?;
    dest.write_with(|w| w.write_all(svg.as_bytes()))?;
    Ok(())
}
