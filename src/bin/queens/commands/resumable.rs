//! Running a part of a plan with an optional checkpoint: resumes the units the checkpoint
//! holds, journals each finished unit, shows progress in estimated work, and stops cleanly on
//! SIGINT/SIGTERM (with or without a checkpoint) with a message that says how far the run got
//! and how to resume.

use super::{CommandError, progress_mode};
use crate::cli::SearchArgs;
use crate::progress::Progress;
use crate::signals;
use queens::formats::checkpoint::{Checkpoint, RunIdentity};
use queens::plan::{Part, Plan, Tally};
use queens::{Counter, Error, Finished, Outcome};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// A run that a signal stopped between units: what to say about it.
#[derive(Clone, Debug)]
pub struct Stopped {
    /// What stopped it: `SIGINT`, `SIGTERM`, …
    pub reason: String,
    /// How far it got, for example `12 of 830 units of n = 18 are done and saved in 'c'`.
    pub progress: String,
    /// Whether a checkpoint holds the finished units (so that running the same command
    /// again resumes).
    pub resumable: bool,
}

/// How [`run_part_stoppable`] ended.
#[allow(clippy::large_enum_variant)] // one per board size
pub enum PartEnd {
    /// Every unit was counted.
    Done(Finished),
    /// A signal stopped the run first.
    Stopped(Stopped),
}

/// The resume hint: `to resume, run the same command again: …`.
pub fn resume_hint() -> String {
    format!("to resume, run the same command again: {}", command_line())
}

/// The sum of the estimated work of `ids` (as a float: estimates of big boards are large).
pub fn estimated_work(plan: &dyn Plan, ids: &[usize]) -> f64 {
    ids.iter().map(|&id| plan.estimated_work(id) as f64).sum()
}

/// Counts `part` of `plan` as [`run_part_stoppable`] does; a stop is an error that says how far
/// the run got and, with a checkpoint, how to resume.
pub fn run_part(
    plan: &dyn Plan,
    part: Part,
    search: &SearchArgs,
    checkpoint: Option<&Path>,
    quiet: bool,
) -> Result<Finished, CommandError> {
    match run_part_stoppable(plan, part, search, checkpoint, quiet, "")? {
        PartEnd::Done(done) => Ok(done),
        PartEnd::Stopped(s) => Err(CommandError::Failed(format!(
            "stopped by {}: {}{}",
            s.reason,
            s.progress,
            if s.resumable {
                format!("; {}", resume_hint())
            } else {
                String::new()
            }
        ))),
    }
}

/// Counts `part` of `plan`. With a `checkpoint`, units it already holds are not counted again
/// and every finished unit is appended to it. SIGINT/SIGTERM stop the run between units (a
/// [`PartEnd::Stopped`]); a second one exits at once, printing how far the run got, then
/// `written` (what the command has already written, e.g. `rows for n = 1 to 17 are written`), and
/// the resume hint where there is a checkpoint.
pub fn run_part_stoppable(
    plan: &dyn Plan,
    part: Part,
    search: &SearchArgs,
    checkpoint: Option<&Path>,
    quiet: bool,
    written: &str,
) -> Result<PartEnd, CommandError> {
    let n = plan.n();
    let counter = Counter::new(n).threads(search.thread_count()).part(part);
    let ids = part.ids(plan.unit_count());
    let failed = |e: String| CommandError::Failed(format!("n = {n}: {e}"));
    let stop = signals::install()
        .map_err(|e| failed(format!("cannot install the SIGINT/SIGTERM handlers: {e}")))?;
    let part_text = if part == Part::WHOLE {
        String::new()
    } else {
        format!(" (part {part})")
    };
    let journal = match checkpoint {
        None => None,
        Some(path) => Some(
            Checkpoint::open(path, &RunIdentity::of(plan, part)).map_err(|e| {
                if e.is_usage() {
                    CommandError::Usage(e.to_string())
                } else if e.is_io() {
                    CommandError::Io(e.to_string())
                } else {
                    CommandError::Failed(e.to_string())
                }
            })?,
        ),
    };
    let none = std::collections::BTreeMap::new();
    let done_before = journal.as_ref().map_or(&none, |j| j.done());
    let resumed = ids.iter().filter(|id| done_before.contains_key(id)).count();
    // Lines dropped from a checkpoint are a data-loss notice, not progress: --quiet keeps it.
    if let Some(note) = journal.as_ref().and_then(|j| j.dropped_note()) {
        signals::say(&format!("queens: {note}"));
    }
    if let (Some(j), Some(path)) = (&journal, checkpoint)
        && !quiet
        && !j.done().is_empty()
    {
        signals::say(&format!(
            "queens: resuming from '{}': {} of {} units of n = {n}{part_text} already done{}",
            path.display(),
            j.done().len(),
            ids.len(),
            if j.dropped_last_line() {
                "; a torn last line was dropped and its unit will be counted again"
            } else {
                ""
            }
        ));
    }
    let todo: Vec<usize> = ids
        .iter()
        .copied()
        .filter(|id| !done_before.contains_key(id))
        .collect();
    let label = if resumed == 0 {
        format!("n={n}")
    } else {
        format!("n={n} ({resumed} units resumed)")
    };
    let progress = Progress::start(
        progress_mode(quiet),
        &label,
        todo.len() as u64,
        estimated_work(plan, &todo),
    );
    // How far the run got, for the stop messages.
    let finished = Arc::new(AtomicUsize::new(resumed));
    let how_far = {
        let finished = Arc::clone(&finished);
        let total = ids.len();
        let saved = checkpoint.map(|p| p.display().to_string());
        let part_text = part_text.clone();
        move || {
            let done = finished.load(Ordering::Relaxed);
            match &saved {
                Some(path) => format!(
                    "{done} of {total} units of n = {n}{part_text} are done and saved in '{path}'"
                ),
                None => format!(
                    "{done} of {total} units of n = {n}{part_text} were done (without \
                     --checkpoint they are not kept)"
                ),
            }
        }
    };
    {
        let how_far = how_far.clone();
        let written = written.to_string();
        let resumable = checkpoint.is_some();
        signals::set_last_words(move || {
            let mut words = how_far();
            if !written.is_empty() {
                words += &format!("; {written}");
            }
            if resumable {
                words += &format!("; {}", resume_hint());
            }
            words
        });
    }
    // Journaled first, with the unit's counting time, so that what a stop reports as saved
    // is saved.
    let record = |id: usize, t: &Tally, took: std::time::Duration| {
        if let Some(j) = &journal {
            j.record_timed(id, t, took.as_secs_f64())?;
        }
        finished.fetch_add(1, Ordering::Relaxed);
        progress.unit_done(plan.estimated_work(id), t.boards);
        Ok(())
    };
    // The counting time of the units earlier runs finished (each unit's own time, on one
    // thread), for the row's seconds.
    let resumed_seconds: f64 = journal.as_ref().map_or(0.0, |j| {
        ids.iter().filter_map(|id| j.seconds().get(id)).sum::<f64>()
    });
    let end = counter
        .resume_from(done_before)
        .on_unit(&record)
        .stop_flag(stop)
        .run_plan(plan);
    progress.finish();
    if let (Some(j), Some(path)) = (&journal, checkpoint) {
        j.sync().map_err(|e| {
            CommandError::Io(format!(
                "n = {n}: cannot sync the checkpoint '{}': {e}",
                path.display()
            ))
        })?;
    }
    match end {
        Ok(Outcome::Complete(mut done)) => {
            if let Some(path) = checkpoint
                && done.resumed > 0
            {
                // The earlier runs' share of the wall-clock time, as if they ran on this run's
                // threads: their units' counting times divided by the threads.
                done.seconds += resumed_seconds / done.threads.max(1) as f64;
                signals::say(&format!(
                    "queens: n = {n}{part_text} was resumed: {} of {} units were counted by \
                     earlier runs (journal '{}', {:.3} s of counting); its seconds include \
                     their time spread over {} thread{}; kernel and threads describe this run",
                    done.resumed,
                    done.units,
                    path.display(),
                    resumed_seconds,
                    done.threads,
                    if done.threads == 1 { "" } else { "s" }
                ));
            }
            Ok(PartEnd::Done(done))
        }
        Ok(Outcome::Stopped { .. }) => Ok(PartEnd::Stopped(Stopped {
            reason: signals::reason(stop).unwrap_or_else(|| "a stop request".to_string()),
            progress: how_far(),
            resumable: checkpoint.is_some(),
        })),
        // A write to the journal failed (a full disk, a file system gone read-only): an I/O
        // failure, exit code 3.
        Err(Error::Callback(e)) => Err(CommandError::Io(format!(
            "n = {n}: cannot append to the checkpoint '{}': {e}; the units saved so far are \
             kept, run the same command again to resume",
            checkpoint.map_or(String::new(), |p| p.display().to_string())
        ))),
        Err(e) => Err(failed(e.to_string())),
    }
}
