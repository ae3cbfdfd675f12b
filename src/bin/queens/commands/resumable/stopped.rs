//! How a run that a signal stopped is told: [`Stopped`], the resume hint, and the command
//! errors of a journaled run.

use crate::commands::CommandError;
use crate::output::shell_word;
use crate::signals;
use queens::Finished;
use queens::counter::resume::ResumeError;

/// The command line as typed, for the "run this again to resume" hint.
fn command_line() -> String {
    let words: Vec<String> = std::env::args().map(|a| shell_word(&a, "=")).collect();
    words.join(" ")
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

impl Stopped {
    /// `; ` and the resume hint where a checkpoint holds the finished units, else nothing.
    pub fn resume_text(&self) -> String {
        match self.resumable {
            true => format!("; {}", resume_hint()),
            false => String::new(),
        }
    }
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
fn resume_hint() -> String {
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

/// Sets what a second signal prints: how far the run got (`how_far`), what the command has
/// `written` already, and with a checkpoint (`resumable`) the resume hint.
pub fn set_last_words(
    how_far: impl Fn() -> String + Send + Sync + 'static,
    written: &str,
    resumable: bool,
) {
    let written = written.to_string();
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

/// Says that size `n` (`part_text`: ` (part 3/64)` or nothing) was resumed from the journal at
/// `path`, which held `resumed_seconds` of counting, and what its seconds then mean.
pub fn note_resumed(
    n: usize,
    done: &Finished,
    part_text: &str,
    path: &std::path::Path,
    resumed_seconds: f64,
) {
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
