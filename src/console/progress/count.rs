//! Progress without a total to measure against: [`CountProgress`].

use super::text::{duration_text, grouped};
use super::{ProgressMode, QUIET_START, heartbeat};
use crate::console::stderr::{say, set_bar};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// A progress report without a total: counts what is done (`boards read`) and its rate. Shows
/// nothing for the first [`QUIET_START`]; after that a spinner on a terminal, or a start line,
/// a heartbeat line every [`heartbeat`] and a finish line in a log; nothing with `--quiet`.
pub struct CountProgress {
    count: Arc<AtomicU64>,
    reporter: Option<(mpsc::Sender<()>, thread::JoinHandle<()>)>,
}

/// What a [`CountProgress`] says: its label, what it counts and where from.
struct CountText {
    label: String,
    what: String,
    source: String,
}

impl CountText {
    /// `1,234 boards read, 412/s, 3 s elapsed`
    fn now(&self, count: u64, started: Instant) -> String {
        let secs = started.elapsed().as_secs_f64();
        let rate = (count as f64 / secs.max(1e-9)).round() as u64;
        format!(
            "{} {}, {}/s, {} elapsed",
            grouped(count),
            self.what,
            grouped(rate),
            duration_text(secs)
        )
    }
}

impl CountProgress {
    /// Starts counting for a run labelled `label` (`classify`) that counts `what` (`boards
    /// read`) from `source` (`stdin`).
    pub fn start(mode: ProgressMode, label: &str, what: &str, source: &str) -> CountProgress {
        let count = Arc::new(AtomicU64::new(0));
        if mode == ProgressMode::Quiet {
            return CountProgress {
                count,
                reporter: None,
            };
        }
        let text = CountText {
            label: label.to_string(),
            what: what.to_string(),
            source: source.to_string(),
        };
        let started = Instant::now();
        let (tx, rx) = mpsc::channel::<()>();
        let counted = Arc::clone(&count);
        let handle = thread::spawn(move || {
            let every = heartbeat();
            let first = QUIET_START.min(every);
            if rx.recv_timeout(first) != Err(mpsc::RecvTimeoutError::Timeout) {
                // Finished (the sender dropped). As for a count: quiet only if the run was
                // short, not because this thread ran late; a log then gets its start and
                // finish lines (a terminal's spinner would only flash).
                if started.elapsed() >= first && !std::io::stderr().is_terminal() {
                    log_lines(&text, &counted, started, every, &rx);
                }
                return;
            }
            if std::io::stderr().is_terminal() {
                show_spinner(&text, &counted, started, &rx);
            } else {
                log_lines(&text, &counted, started, every, &rx);
            }
        });
        CountProgress {
            count,
            reporter: Some((tx, handle)),
        }
    }

    /// The counter itself, for a reader that counts as it reads (the report reads it from its
    /// own thread, so it moves even while the reader does not return).
    pub fn counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.count)
    }

    /// Counts `k` more.
    pub fn add(&self, k: u64) {
        self.count.fetch_add(k, Ordering::Relaxed);
    }

    /// Ends the report: clears the spinner, or writes the finish line of a log that started.
    pub fn finish(mut self) {
        if let Some((tx, handle)) = self.reporter.take() {
            drop(tx);
            let _ = handle.join();
        }
    }
}

/// The terminal's spinner until `rx`'s sender drops.
fn show_spinner(
    text: &CountText,
    count: &Arc<AtomicU64>,
    started: Instant,
    rx: &mpsc::Receiver<()>,
) {
    let counted = Arc::clone(count);
    let what = text.what.clone();
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        .with_elapsed(started.elapsed());
    bar.set_style(
        ProgressStyle::with_template("{prefix} [{elapsed_precise}] {spinner} {counted}")
            .expect("the template is valid")
            .with_key(
                "counted",
                move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let n = counted.load(Ordering::Relaxed);
                    let rate = n as f64 / state.elapsed().as_secs_f64().max(1e-9);
                    let _ = write!(w, "{} {what}, {}/s", grouped(n), grouped(rate as u64));
                },
            ),
    );
    bar.set_prefix(format!("{} ({})", text.label, text.source));
    bar.enable_steady_tick(Duration::from_millis(250));
    set_bar(Some(bar.clone()));
    let _ = rx.recv(); // until the run finishes
    set_bar(None);
    bar.finish_and_clear();
}

/// The log's lines until `rx`'s sender drops: a start line now, a heartbeat every `every`, a
/// finish line.
fn log_lines(
    text: &CountText,
    count: &AtomicU64,
    started: Instant,
    every: Duration,
    rx: &mpsc::Receiver<()>,
) {
    let label = &text.label;
    say(&format!(
        "queens: {label}: started: reading {} (no total to measure against): {}",
        text.source,
        text.now(count.load(Ordering::Relaxed), started)
    ));
    while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(every) {
        say(&format!(
            "queens: {label}: {}",
            text.now(count.load(Ordering::Relaxed), started)
        ));
    }
    say(&format!(
        "queens: {label}: finished after {:.2} s: {} {}",
        started.elapsed().as_secs_f64(),
        grouped(count.load(Ordering::Relaxed)),
        text.what
    ));
}
