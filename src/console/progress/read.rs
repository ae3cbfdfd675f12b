//! Progress of a run that reads an input: [`ReadProgress`].

use super::{CountProgress, Progress, ProgressMode};

/// Inputs at least this large show progress in MiB read (one unit per MiB).
pub const PROGRESS_BYTES: u64 = 8 << 20;

/// The progress report of one input read board by board (`classify`): a bar in MiB read when
/// its size is known and at least `PROGRESS_BYTES`, started with the first board (so that an
/// input that is not boards ends with its one message and no bar); else a count of the boards
/// read, started at once (an input that may never end, a pipe of blank lines, has its
/// heartbeat whether or not a board comes; it shows nothing for its first seconds).
pub struct ReadProgress {
    mode: ProgressMode,
    label: String,
    /// The input's size, where it is large enough for a bar.
    sized: Option<u64>,
    report: Option<Report>,
    mib_done: u64,
    boards_since: u128,
}

/// The report drawn.
enum Report {
    Sized(Progress),
    Counting(CountProgress),
}

impl ReadProgress {
    /// The progress of a run labelled `label` (`classify`) reading `name` (`stdin`, `'f.txt'`)
    /// of `size` bytes, if known.
    pub fn start(mode: ProgressMode, label: &str, name: &str, size: Option<u64>) -> Self {
        let sized = size.filter(|&s| s >= PROGRESS_BYTES);
        let report = sized
            .is_none()
            .then(|| Report::Counting(CountProgress::start(mode, label, "boards read", name)));
        ReadProgress {
            mode,
            label: label.to_string(),
            sized,
            report,
            mib_done: 0,
            boards_since: 0,
        }
    }

    /// After each line or board read (`board`: one was done), with the bytes read so far.
    pub fn step(&mut self, board: bool, bytes_read: u64) {
        if board {
            self.boards_since += 1;
            if self.report.is_none()
                && let Some(size) = self.sized
            {
                let label = format!("{} (MiB read)", self.label);
                let units = size.div_ceil(1 << 20);
                self.report = Some(Report::Sized(Progress::start(
                    self.mode, &label, units, 0.0,
                )));
            }
        }
        match &self.report {
            None => {}
            // One unit per whole MiB read.
            Some(Report::Sized(p)) => {
                while self.mib_done < bytes_read >> 20 {
                    self.mib_done += 1;
                    p.unit_done(0, std::mem::take(&mut self.boards_since));
                }
            }
            Some(Report::Counting(p)) => p.add(std::mem::take(&mut self.boards_since) as u64),
        }
    }

    /// Ends the report; `whole`: the input was read to its end (the last MiB, seldom whole, is
    /// then done too).
    pub fn finish(&mut self, whole: bool) {
        match self.report.take() {
            None => {}
            Some(Report::Sized(p)) => {
                if whole {
                    let units = self.sized.map_or(0, |s| s.div_ceil(1 << 20));
                    while self.mib_done < units {
                        self.mib_done += 1;
                        p.unit_done(0, std::mem::take(&mut self.boards_since));
                    }
                }
                p.finish()
            }
            Some(Report::Counting(p)) => p.finish(),
        }
    }
}
