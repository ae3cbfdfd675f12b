//! `queens plot`: the growth plot of a table `queens count` wrote, as CSV (`--csv`) or JSON
//! (`--json`).

use super::CommandError;
use crate::cli::PlotArgs;
use crate::output::read_input;
use queens::draw::plot;
use queens::formats::table::{self, Row};
use queens::plan::ClassCounts;
use queens::verify::Verdict;
use serde::Deserialize;

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
        read_json(text)
    } else {
        table::read_csv(text.as_bytes()).map_err(|e| e.to_string())
    }
}

/// The part of `count --json`'s document a plot needs (other fields are ignored).
#[derive(Deserialize)]
struct Document {
    tool: String,
    rows: Vec<JsonRow>,
}

/// One row of `count --json`; counts are exact integers (u128).
#[derive(Deserialize)]
struct JsonRow {
    n: usize,
    total: u128,
    classes: u128,
    asymmetric: u128,
    half_turn: u128,
    quarter_turn: u128,
    nodes: u128,
    seconds: f64,
    engine: String,
    kernel: String,
    threads: usize,
    verified: String,
}

/// Reads the rows of a `count --json` document, checking what can be checked: that it is
/// queens's, that each row's classes add up, and that its verdict is one queens writes.
fn read_json(text: &str) -> Result<Vec<Row>, String> {
    let doc: Document = serde_json::from_str(text)
        .map_err(|e| format!("not the JSON `queens count --json` writes ({e})"))?;
    if doc.tool != "queens" {
        return Err(format!("a JSON document of '{}', not of queens", doc.tool));
    }
    doc.rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            let classes = ClassCounts {
                asymmetric: r.asymmetric,
                half_turn: r.half_turn,
                quarter_turn: r.quarter_turn,
            };
            if classes.checked_total() != Some(r.classes) {
                return Err(format!(
                    "row {} (n = {}): classes {} is not asymmetric + half_turn + quarter_turn",
                    i + 1,
                    r.n,
                    r.classes
                ));
            }
            let verdict = Verdict::from_label(&r.verified).ok_or_else(|| {
                format!(
                    "row {} (n = {}): verified {:?} is not yes, unknown or MISMATCH",
                    i + 1,
                    r.n,
                    r.verified
                )
            })?;
            Ok(Row {
                n: r.n,
                total: r.total,
                classes,
                nodes: r.nodes,
                seconds: r.seconds,
                engine: r.engine,
                kernel: r.kernel,
                threads: r.threads,
                verdict,
            })
        })
        .collect()
}
