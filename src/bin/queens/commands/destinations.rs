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

/// The destination `arg` names, if any (`--csv FILE`, `-o FILE` of a human table), checked
/// before any work.
pub fn optional_destination(arg: Option<&str>) -> Result<Option<Destination>, CommandError> {
    arg.map(destination).transpose()
}
