//! `queens merge`: sums the parts of split runs into verified results.

use super::{CommandError, known_table};
use super::{report_mismatches, write_rows};
use crate::cli::MergeArgs;
use crate::output;
use queens::formats::merge;
use queens::formats::table::Row;

/// Runs `queens merge`.
pub fn run(args: &MergeArgs, quiet: bool) -> Result<(), CommandError> {
    let inputs: Vec<(&str, Option<&std::path::Path>)> = args
        .files
        .iter()
        .map(|f| ("input", Some(std::path::Path::new(f))))
        .chain([(
            "--known",
            args.known.known.as_deref().map(std::path::Path::new),
        )])
        .collect();
    super::refuse_outputs_that_are_inputs(
        &[
            ("--csv", args.csv.as_deref()),
            ("--json", args.exports.json.as_deref()),
            ("--markdown", args.exports.markdown.as_deref()),
            ("--bfile", args.exports.bfile.as_deref()),
        ],
        &inputs,
    )?;
    let csv = super::csv_destination(args.csv.as_deref())?;
    let exports = super::exports::plan(&args.exports, csv.as_ref())?;
    let meta = crate::exports::RunMeta::now(None);
    let known = known_table(&args.known)?;
    let mut problems = merge::Problems::new();
    let mut parts = Vec::new();
    for name in &args.files {
        let input = output::open_input(name)
            .map_err(|e| CommandError::Usage(format!("cannot read '{name}': {e}")))?;
        parts.extend(merge::read_parts(name, input, &mut problems));
    }
    if !problems.is_empty() {
        return Err(CommandError::Failed(problems.into_error().to_string()));
    }
    let merged = merge::merge(&parts).map_err(|e| CommandError::Failed(e.to_string()))?;
    let rows: Vec<Row> = merged
        .iter()
        .map(|m| {
            let mut row = m.row().map_err(|e| {
                CommandError::Failed(format!("the merged parts of n = {}: {e}", m.n))
            })?;
            row.reverify(&known);
            Ok(row)
        })
        .collect::<Result<_, CommandError>>()?;
    let sizes: Vec<usize> = rows.iter().map(|r| r.n).collect();
    super::exports::check_bfile_sizes(
        &args.exports,
        &sizes,
        "merge the parts of every n in between too, or leave out --bfile",
    )?;
    if !quiet {
        for m in &merged {
            crate::note(&format!(
                "queens: merged {} parts of n = {} (engine {}, plan {})",
                m.parts, m.n, m.engine, m.plan
            ));
        }
    }
    // An export that goes to stdout replaces the human table there.
    write_rows(&rows, csv.as_ref(), !exports.use_stdout())?;
    exports.write(&rows, &meta)?;
    report_mismatches(&rows)
}
