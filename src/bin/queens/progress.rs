//! Progress reports on stderr for long runs: an indicatif bar on a terminal, a plain heartbeat
//! line at most every [`HEARTBEAT`] elsewhere (CI and cluster logs), nothing with `--quiet`.
//! Updated once per finished work unit, never from inside a search.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The interval of the plain heartbeat line.
pub const HEARTBEAT: Duration = Duration::from_secs(10);

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressMode {
    /// A bar when stderr is a terminal, else a heartbeat line.
    Auto,
    /// Nothing at all.
    Quiet,
}

#[derive(Default)]
struct Counters {
    units: AtomicU64,
    boards: AtomicU64,
}

/// A live progress report for one run of `total` units.
pub struct Progress {
    started: Instant,
    counters: Arc<Counters>,
    bar: Option<ProgressBar>,
    heartbeat: Option<(mpsc::Sender<()>, thread::JoinHandle<()>)>,
}

impl Progress {
    /// Starts reporting a run labelled `label` (for example `n=16`) of `total` units.
    pub fn start(mode: ProgressMode, label: &str, total: u64) -> Progress {
        let counters = Arc::new(Counters::default());
        let started = Instant::now();
        let mut progress = Progress {
            started,
            counters: Arc::clone(&counters),
            bar: None,
            heartbeat: None,
        };
        match mode {
            ProgressMode::Quiet => {}
            ProgressMode::Auto if std::io::stderr().is_terminal() => {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template(
                        "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} units, ETA {eta} {msg}",
                    )
                    .expect("the template is valid"),
                );
                bar.set_prefix(label.to_string());
                progress.bar = Some(bar);
            }
            ProgressMode::Auto => {
                let (tx, rx) = mpsc::channel::<()>();
                let label = label.to_string();
                let handle = thread::spawn(move || {
                    // Wakes every HEARTBEAT until the run drops the sender.
                    while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(HEARTBEAT) {
                        let secs = started.elapsed().as_secs_f64();
                        let boards = counters.boards.load(Ordering::Relaxed);
                        eprintln!(
                            "queens: {label}: {}/{total} units, {boards} boards, {secs:.0} s elapsed, {:.3e} boards/s",
                            counters.units.load(Ordering::Relaxed),
                            boards as f64 / secs
                        );
                    }
                });
                progress.heartbeat = Some((tx, handle));
            }
        }
        progress
    }

    /// Records one finished unit that found `boards` solutions.
    pub fn unit_done(&self, boards: u128) {
        let b = u64::try_from(boards).unwrap_or(u64::MAX);
        self.counters.units.fetch_add(1, Ordering::Relaxed);
        let total = self
            .counters
            .boards
            .fetch_add(b, Ordering::Relaxed)
            .saturating_add(b);
        if let Some(bar) = &self.bar {
            bar.inc(1);
            let rate = total as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!("{rate:.3e} boards/s"));
        }
    }

    /// Ends the report and clears the bar.
    pub fn finish(mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        if let Some((tx, handle)) = self.heartbeat.take() {
            drop(tx);
            let _ = handle.join();
        }
    }
}
