//! Running a part of a plan with an optional checkpoint: resumes the units the checkpoint
//! holds, journals each finished unit, shows progress in estimated work, and stops cleanly on
//! SIGINT/SIGTERM (with or without a checkpoint) with a message that says how far the run got
//! and how to resume.

mod run;
mod stopped;

use crate::cli::SearchArgs;
use crate::commands::{CommandError, build_plan};
use queens::Finished;
use queens::plan::{Part, Plan};
pub use run::{Journal, run_part_stoppable};
pub use stopped::{PartEnd, Stopped, set_last_words};

/// Counts `part` of `plan` as [`run_part_stoppable`] does; a stop is an error that says how far
/// the run got and, with a checkpoint, how to resume.
pub fn run_part(
    plan: &dyn Plan,
    part: Part,
    search: &SearchArgs,
    checkpoint: Option<Journal<'_>>,
    quiet: bool,
) -> Result<Finished, CommandError> {
    match run_part_stoppable(plan, part, search, checkpoint, quiet, "")? {
        PartEnd::Done(done) => Ok(done),
        PartEnd::Stopped(s) => Err(CommandError::Failed(format!(
            "stopped by {}: {}{}",
            s.reason,
            s.progress,
            s.resume_text()
        ))),
    }
}

/// Computes the complete counts of one board size with the given search options.
pub fn compute_counts(
    n: usize,
    search: &SearchArgs,
    quiet: bool,
) -> Result<queens::Counts, CommandError> {
    let plan = build_plan(n, search)?;
    let outcome = run_part(plan.as_ref(), Part::WHOLE, search, None, quiet)?;
    outcome
        .counts()
        .map_err(|e| CommandError::Failed(e.to_string()))
}
