//! Running a part of a plan with an optional checkpoint: resumes the units the checkpoint
//! holds, journals each finished unit, and stops cleanly on SIGINT/SIGTERM with a message that
//! says how far the run got and how to resume.

use super::{CommandError, progress_mode};
use crate::checkpoint::{Checkpoint, RunIdentity};
use crate::cli::SearchArgs;
use crate::part::Part;
use crate::plan::Plan;
use crate::run::{self, RunControl, RunEnd, RunError, RunOptions, RunOutcome};
use crate::stop::StopFlag;
use std::path::Path;

/// The command line as typed, for the "run this again to resume" hint.
fn command_line() -> String {
    std::env::args()
        .map(|a| {
            if !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=,:+%@".contains(c))
            {
                a
            } else {
                format!("'{}'", a.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Counts `part` of `plan`. With a `checkpoint`, units it already holds are not counted again,
/// every finished unit is appended to it, and SIGINT/SIGTERM stop the run between units
/// (an error that says how to resume).
pub fn run_part(
    plan: &dyn Plan,
    part: Part,
    search: &SearchArgs,
    checkpoint: Option<&Path>,
    quiet: bool,
) -> Result<RunOutcome, CommandError> {
    let n = plan.n();
    let options = RunOptions {
        threads: search.thread_count(),
        progress: progress_mode(quiet),
    };
    let ids = part.ids(plan.unit_count());
    let failed = |e: String| CommandError::Failed(format!("n = {n}: {e}"));
    let Some(path) = checkpoint else {
        return run::run_units(plan, &ids, &options).map_err(|e| failed(e.to_string()));
    };
    let journal = Checkpoint::open(path, &RunIdentity::of(plan, part)).map_err(|e| {
        if e.is_usage() {
            CommandError::Usage(e.to_string())
        } else {
            CommandError::Failed(e.to_string())
        }
    })?;
    if !quiet && !journal.done().is_empty() {
        eprintln!(
            "queens: resuming from '{}': {} of {} units of n = {n} (part {part}) already done{}",
            path.display(),
            journal.done().len(),
            ids.len(),
            if journal.dropped_last_line() {
                "; a torn last line was dropped and its unit will be counted again"
            } else {
                ""
            }
        );
    }
    let stop = StopFlag::on_signals()
        .map_err(|e| failed(format!("cannot install the SIGINT/SIGTERM handlers: {e}")))?;
    let record = |id: usize, t: &crate::tally::Tally| journal.record(id, t);
    let control = RunControl {
        done: journal.done(),
        on_unit: &record,
        stop: Some(&stop),
    };
    let end = run::run_units_with(plan, &ids, &options, &control);
    journal.sync().map_err(|e| {
        failed(format!(
            "cannot sync the checkpoint '{}': {e}",
            path.display()
        ))
    })?;
    match end {
        Ok(RunEnd::Complete { outcome, .. }) => Ok(outcome),
        Ok(RunEnd::Stopped { finished, total }) => Err(CommandError::Failed(format!(
            "stopped by {}: {finished} of {total} units of n = {n} (part {part}) are done and \
             saved in '{}'; to resume, run the same command again: {}",
            stop.reason()
                .unwrap_or_else(|| "a stop request".to_string()),
            path.display(),
            command_line()
        ))),
        Err(RunError::Journal(e)) => Err(failed(format!(
            "cannot append to the checkpoint '{}': {e}; the units saved so far are kept, run the \
             same command again to resume",
            path.display()
        ))),
        Err(RunError::Tally(e)) => Err(failed(e.to_string())),
    }
}
