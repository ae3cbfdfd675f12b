//! Running a part of a plan with an optional checkpoint: resumes the units the checkpoint
//! holds, journals each finished unit, and stops cleanly on SIGINT/SIGTERM with a message that
//! says how far the run got and how to resume.

use super::{CommandError, progress_mode};
use crate::cli::SearchArgs;
use crate::progress::Progress;
use crate::signals;
use queens::formats::checkpoint::{Checkpoint, RunIdentity};
use queens::plan::{Part, Plan, Tally};
use queens::{Counter, Error, Finished, Outcome};
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
) -> Result<Finished, CommandError> {
    let n = plan.n();
    let counter = Counter::new(n).threads(search.thread_count()).part(part);
    let ids = part.ids(plan.unit_count());
    let failed = |e: String| CommandError::Failed(format!("n = {n}: {e}"));
    let Some(path) = checkpoint else {
        let progress = Progress::start(progress_mode(quiet), &format!("n={n}"), ids.len() as u64);
        let report = |_: usize, t: &Tally| {
            progress.unit_done(t.boards);
            Ok(())
        };
        let end = counter.on_unit(&report).run_plan(plan);
        progress.finish();
        return match end {
            Ok(Outcome::Complete(done)) => Ok(done),
            Ok(Outcome::Stopped { finished, total }) => {
                Err(failed(format!("stopped after {finished} of {total} units")))
            }
            Err(e) => Err(failed(e.to_string())),
        };
    };
    let journal = Checkpoint::open(path, &RunIdentity::of(plan, part)).map_err(|e| {
        if e.is_usage() {
            CommandError::Usage(e.to_string())
        } else {
            CommandError::Failed(e.to_string())
        }
    })?;
    let resumed = ids
        .iter()
        .filter(|id| journal.done().contains_key(id))
        .count();
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
    let stop = signals::stop_on_signals()
        .map_err(|e| failed(format!("cannot install the SIGINT/SIGTERM handlers: {e}")))?;
    let label = if resumed == 0 {
        format!("n={n}")
    } else {
        format!("n={n} ({resumed} units resumed)")
    };
    let progress = Progress::start(progress_mode(quiet), &label, (ids.len() - resumed) as u64);
    let record = |id: usize, t: &Tally| {
        journal.record(id, t)?;
        progress.unit_done(t.boards);
        Ok(())
    };
    let end = counter
        .resume_from(journal.done())
        .on_unit(&record)
        .stop_flag(&stop)
        .run_plan(plan);
    progress.finish();
    journal.sync().map_err(|e| {
        failed(format!(
            "cannot sync the checkpoint '{}': {e}",
            path.display()
        ))
    })?;
    match end {
        Ok(Outcome::Complete(done)) => Ok(done),
        Ok(Outcome::Stopped { finished, total }) => Err(CommandError::Failed(format!(
            "stopped by {}: {finished} of {total} units of n = {n} (part {part}) are done and \
             saved in '{}'; to resume, run the same command again: {}",
            signals::reason(&stop).unwrap_or_else(|| "a stop request".to_string()),
            path.display(),
            command_line()
        ))),
        Err(Error::Callback(e)) => Err(failed(format!(
            "cannot append to the checkpoint '{}': {e}; the units saved so far are kept, run the \
             same command again to resume",
            path.display()
        ))),
        Err(e) => Err(failed(e.to_string())),
    }
}
