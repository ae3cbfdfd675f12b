//! The destinations of the commands, checked before any work (a usage error if one cannot be
//! written), and the rule that no output may be an input.

use super::CommandError;
use crate::output::Destination;
use std::path::Path;

/// The destination `arg` names (`-` for stdout), checked before any work: a usage error if
/// it cannot be written.
pub fn destination(arg: &str) -> Result<Destination, CommandError> {
    let dest = Destination::parse(arg);
    dest.check().map_err(CommandError::Usage)?;
    Ok(dest)
}

/// The files a table command (`count`, `merge`) writes, by the option that names each: its
/// `--csv`, the exports (`--json`, `--markdown`, `--bfile`) and `-o`'s human table.
pub fn table_outputs<'a>(
    csv: Option<&'a str>,
    exports: &'a crate::cli::ExportArgs,
    table: &'a crate::cli::TableOutput,
) -> [(&'static str, Option<&'a str>); 5] {
    [
        ("--csv", csv),
        ("--json", exports.json.as_deref()),
        ("--markdown", exports.markdown.as_deref()),
        ("--bfile", exports.bfile.as_deref()),
        ("-o", table.human_to.as_deref()),
    ]
}

/// Refuses an output that is also an input (a usage error saying why): see
/// [`crate::output::refuse_outputs_that_are_inputs`].
pub fn refuse_outputs_that_are_inputs(
    outputs: &[(&str, Option<&str>)],
    inputs: &[(&str, Option<&Path>)],
) -> Result<(), CommandError> {
    let outputs: Vec<(&str, &str)> = outputs
        .iter()
        .filter_map(|&(f, p)| p.map(|p| (f, p)))
        .collect();
    let inputs: Vec<(&str, &Path)> = inputs
        .iter()
        .filter_map(|&(f, p)| p.map(|p| (f, p)))
        .collect();
    crate::output::refuse_outputs_that_are_inputs(&outputs, &inputs).map_err(CommandError::Usage)
}

/// The `-o` destination: the file `arg` names, else stdout; checked before any work.
pub fn output_destination(arg: Option<&str>) -> Result<Destination, CommandError> {
    arg.map_or(Ok(Destination::Stdout), destination)
}

/// The file `-o FILE` sends a human table to (`--format human`), checked before any work.
pub fn human_destination(
    table: &crate::cli::TableOutput,
) -> Result<Option<Destination>, CommandError> {
    table.human_to.as_deref().map(destination).transpose()
}

/// The `--csv` destination, if any, checked before any work (a usage error if it cannot be
/// written).
pub fn csv_destination(arg: Option<&str>) -> Result<Option<Destination>, CommandError> {
    arg.map(destination).transpose()
}
