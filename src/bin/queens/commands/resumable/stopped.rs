//! How a run that a signal stopped is told: [`Stopped`], the resume hint, and the command
//! errors of a journaled run.

use crate::commands::CommandError;
use queens::Finished;
use queens::counter::resume::ResumeError;

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

/// The command error of a journaled run's failure: a checkpoint of another run is a usage
/// error, one that cannot be read or written an I/O error (exit code 3).
pub fn resume_error(n: usize, e: ResumeError) -> CommandError {
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
