//! What `queens classify` says on stderr as it reads: [`Report`], the run's
//! [`Observer`].

use queens::board::LineError;
use queens::board::notation::Notation;
use queens::console::progress::ReadProgress;
use queens::formats::classify_stream::Observer;

/// The notation detected, each bad board (above the spinner or bar, if one is drawn), and
/// the progress.
pub struct Report {
    /// `--quiet`.
    pub quiet: bool,
    /// The progress of the input.
    pub progress: ReadProgress,
}

impl Observer for Report {
    fn notation(&mut self, notation: Notation, detected: bool) {
        if detected && notation != Notation::Cols && !self.quiet {
            crate::signals::say(&format!(
                "queens: reading the input as {} (--from settles it)",
                notation.describe()
            ));
        }
    }

    fn bad(&mut self, what: &str, error: &LineError) {
        crate::signals::say(&format!(
            "queens: {what} {}: {}",
            error.line,
            error.message()
        ));
    }

    fn step(&mut self, board: bool, bytes_read: u64) {
        self.progress.step(board, bytes_read);
    }

    fn finish(&mut self, whole: bool) {
        self.progress.finish(whole);
    }
}
