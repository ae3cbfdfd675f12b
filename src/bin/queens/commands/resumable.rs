//! Running a part of a plan with an optional checkpoint: resumes the units the checkpoint
//! holds, journals each finished unit, shows progress in estimated work, and stops cleanly on
//! SIGINT/SIGTERM (with or without a checkpoint) with a message that says how far the run got
//! and how to resume.

use super::{CommandError, progress_mode};
use crate::cli::SearchArgs;
use crate::progress::Progress;
use crate::signals;
use queens::counter::resume::ResumeError;
use queens::plan::{Part, Plan, Tally};
use queens::{Finished, Outcome};
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

/// A run that a signal stopped (its units in flight cut short and not kept): what to say
/// about it.
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

/// Counts `part` of `plan` with the library's journaled run ([`Counter::start`]): with a
/// `checkpoint`, units it already holds are not counted again and every finished unit is
/// appended to it. SIGINT/SIGTERM stop the run within a second, the units in flight cut short
/// and not journaled (a [`PartEnd::Stopped`]); a second
/// one exits at once, printing how far the run got, then `written` (what the command has
/// already written, e.g. `rows for n = 1 to 17 are written`), and the resume hint where there
/// is a checkpoint.
pub fn run_part_stoppable(
    plan: &dyn Plan,
    part: Part,
    search: &SearchArgs,
    checkpoint: Option<&Path>,
    quiet: bool,
    written: &str,
) -> Result<PartEnd, CommandError> {
    let n = plan.n();
    let failed = |e: String| CommandError::Failed(format!("n = {n}: {e}"));
    let stop = signals::install()
        .map_err(|e| failed(format!("cannot install the SIGINT/SIGTERM handlers: {e}")))?;
    let part_text = if part == Part::WHOLE {
        String::new()
    } else {
        format!(" (part {part})")
    };
    let progress_cell = std::sync::OnceLock::<Progress>::new();
    let finished = Arc::new(AtomicUsize::new(0));
    let on_unit = |id: usize, t: &Tally, _: std::time::Duration| {
        finished.fetch_add(1, Ordering::Relaxed);
        if let Some(progress) = progress_cell.get() {
            progress.unit_done(plan.estimated_work(id), t.boards);
        }
        Ok(())
    };
    let mut counter = super::counter(n, search)?
        .part(part)
        .on_unit(&on_unit)
        .stop_flag(stop);
    if let Some(path) = checkpoint {
        counter = counter.checkpoint(path);
    }
    let run = counter.start(plan).map_err(|e| resume_error(n, e))?;
    let resumed = run.resumed();
    finished.store(resumed, Ordering::Relaxed);
    if let Some(j) = run.checkpoint() {
        // Lines dropped from a checkpoint are a data-loss notice, not progress: --quiet keeps it.
        if let Some(note) = j.dropped_note() {
            signals::say(&format!("queens: {note}"));
        }
        if !quiet && !j.done().is_empty() {
            signals::say(&format!(
                "queens: resuming from '{}': {} of {} units of n = {n}{part_text} already done{}",
                j.path().display(),
                j.done().len(),
                run.units().len(),
                if j.dropped_last_line() {
                    "; a torn last line was dropped and its unit will be counted again"
                } else {
                    ""
                }
            ));
        }
    }
    let label = if resumed == 0 {
        format!("n={n}")
    } else {
        format!("n={n} ({resumed} units resumed)")
    };
    progress_cell.get_or_init(|| {
        Progress::start(
            progress_mode(quiet),
            &label,
            run.todo().len() as u64,
            run.todo_work(),
        )
    });
    // How far the run got, for the stop messages.
    let how_far = {
        let finished = Arc::clone(&finished);
        let total = run.units().len();
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
    let end = run.run();
    let resumed_seconds = run.resumed_seconds();
    drop(run);
    if let Some(progress) = progress_cell.into_inner() {
        progress.finish();
    }
    match end.map_err(|e| resume_error(n, e))? {
        Outcome::Complete(done) => {
            if let Some(path) = checkpoint
                && done.resumed > 0
            {
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
        Outcome::Stopped { .. } => Ok(PartEnd::Stopped(Stopped {
            reason: signals::reason(stop).unwrap_or_else(|| "a stop request".to_string()),
            progress: how_far(),
            resumable: checkpoint.is_some(),
        })),
    }
}

/// The command error of a journaled run's failure: a checkpoint of another run is a usage
/// error, one that cannot be read or written an I/O error (exit code 3).
fn resume_error(n: usize, e: ResumeError) -> CommandError {
    match e {
        ResumeError::Checkpoint(e) if e.is_usage() => CommandError::Usage(e.to_string()),
        ResumeError::Checkpoint(e) if e.is_io() => CommandError::Io(e.to_string()),
        ResumeError::Checkpoint(e) => CommandError::Failed(e.to_string()),
        // A write to the journal failed (a full disk, a file system gone read-only).
        ResumeError::Record { path, source } => CommandError::Io(format!(
            "n = {n}: cannot append to the checkpoint '{path}': {source}; the units saved so \
             far are kept, run the same command again to resume"
        )),
        e @ ResumeError::Sync { .. } => CommandError::Io(format!("n = {n}: {e}")),
        ResumeError::Count(e) => CommandError::Failed(format!("n = {n}: {e}")),
    }
}

/// Computes the complete counts of one board size with the given search options, resumably
/// with the journal at `checkpoint` if given.
pub fn compute_counts(
    n: usize,
    search: &SearchArgs,
    checkpoint: Option<&Path>,
    quiet: bool,
) -> Result<queens::Counts, CommandError> {
    let plan = super::build_plan(n, search)?;
    let outcome = run_part(plan.as_ref(), Part::WHOLE, search, checkpoint, quiet)?;
    outcome
        .counts()
        .map_err(|e| CommandError::Failed(e.to_string()))
}
