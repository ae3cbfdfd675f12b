//! The command errors of a journaled run; how a stopped run is told is the library's
//! ([`queens::console::stopped`]).

use crate::commands::CommandError;
pub use queens::console::stopped::{PartEnd, Stopped, note_resumed, note_resuming, set_last_words};
use queens::counter::resume::ResumeError;

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
