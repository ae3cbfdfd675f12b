//! Progress reports on stderr for long runs: an indicatif bar on a terminal, plain lines
//! elsewhere (CI and cluster logs), nothing with `--quiet`. Updated once per finished work
//! unit, never from inside a search.
//!
//! Progress is measured in the units' *estimated work* ([`queens::plan::Plan::estimated_work`]),
//! not in units: a plan's units differ in size by orders of magnitude. The bar shows the
//! fraction of the estimated work done and an ETA from it (elapsed × remaining / done), with the
//! clock ticking even while no unit finishes. In a log, a start line comes at once, then a
//! heartbeat every [`HEARTBEAT`] with the percentage and the ETA, then a finish line.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The interval of the plain heartbeat line.
pub const HEARTBEAT: Duration = Duration::from_secs(10);

/// The positions of the bar: the estimated work is scaled onto this many steps.
const BAR_STEPS: u64 = 1_000_000;

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressMode {
    /// A bar when stderr is a terminal, else plain lines.
    Auto,
    /// Nothing at all.
    Quiet,
}

#[derive(Default)]
struct Counters {
    units: AtomicU64,
    /// Done work, as a fraction of the total in millionths ([`BAR_STEPS`]).
    steps: AtomicU64,
    boards: AtomicU64,
}

/// A live progress report for one run.
pub struct Progress {
    label: String,
    started: Instant,
    units: u64,
    /// The estimated work of the run (0: unknown, then each unit weighs the same).
    work: f64,
    /// Estimated work done so far, in the units of `work`.
    done_work: std::sync::Mutex<f64>,
    counters: Arc<Counters>,
    bar: Option<ProgressBar>,
    log: bool,
    heartbeat: Option<(mpsc::Sender<()>, thread::JoinHandle<()>)>,
}

/// `seconds` as people read a duration: `42 s`, `12 min`, `3.4 h`, `5.1 days`.
pub fn duration_text(seconds: f64) -> String {
    match seconds {
        s if s < 100.0 => format!("{s:.0} s"),
        s if s < 100.0 * 60.0 => format!("{:.0} min", s / 60.0),
        s if s < 48.0 * 3600.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.1} days", s / 86400.0),
    }
}

/// The remaining time when `fraction` of the work took `elapsed` seconds.
fn eta(elapsed: f64, fraction: f64) -> Option<f64> {
    (fraction > 0.0).then(|| elapsed * (1.0 - fraction).max(0.0) / fraction)
}

impl Progress {
    /// Starts reporting a run labelled `label` (for example `n=16`) of `units` units whose
    /// estimated work sums to `work` (0 if unknown: then every unit weighs the same).
    pub fn start(mode: ProgressMode, label: &str, units: u64, work: f64) -> Progress {
        let counters = Arc::new(Counters::default());
        let started = Instant::now();
        let mut progress = Progress {
            label: label.to_string(),
            started,
            units,
            work,
            done_work: std::sync::Mutex::new(0.0),
            counters: Arc::clone(&counters),
            bar: None,
            log: false,
            heartbeat: None,
        };
        match mode {
            ProgressMode::Quiet => {}
            ProgressMode::Auto if std::io::stderr().is_terminal() => {
                let bar =
                    ProgressBar::with_draw_target(Some(BAR_STEPS), ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template(
                        "{prefix} [{elapsed_precise}] {wide_bar} {percent}% ({msg}) ETA {work_eta}",
                    )
                    .expect("the template is valid")
                    .with_key(
                        "work_eta",
                        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                            let text = eta(state.elapsed().as_secs_f64(), state.fraction().into())
                                .map_or("unknown".to_string(), duration_text);
                            let _ = w.write_str(&text);
                        },
                    ),
                );
                bar.set_prefix(label.to_string());
                bar.set_message(format!("0/{units} units"));
                bar.enable_steady_tick(Duration::from_millis(250));
                crate::signals::set_bar(Some(bar.clone()));
                progress.bar = Some(bar);
            }
            ProgressMode::Auto => {
                progress.log = true;
                crate::signals::say(&format!(
                    "queens: {label}: started: {units} units{}",
                    if work > 0.0 {
                        ", progress in estimated work"
                    } else {
                        ""
                    }
                ));
                let (tx, rx) = mpsc::channel::<()>();
                let label = label.to_string();
                let handle = thread::spawn(move || {
                    // Wakes every HEARTBEAT until the run drops the sender.
                    while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(HEARTBEAT) {
                        let secs = started.elapsed().as_secs_f64();
                        let boards = counters.boards.load(Ordering::Relaxed);
                        let fraction =
                            counters.steps.load(Ordering::Relaxed) as f64 / BAR_STEPS as f64;
                        let eta = eta(secs, fraction).map_or("unknown".to_string(), duration_text);
                        crate::signals::say(&format!(
                            "queens: {label}: {:.1}% done, {}/{units} units, {boards} boards, \
                             {} elapsed, ETA {eta}",
                            100.0 * fraction,
                            counters.units.load(Ordering::Relaxed),
                            duration_text(secs),
                        ));
                    }
                });
                progress.heartbeat = Some((tx, handle));
            }
        }
        progress
    }

    /// Records one finished unit of estimated work `work` that found `boards` solutions.
    pub fn unit_done(&self, work: u64, boards: u128) {
        let b = u64::try_from(boards).unwrap_or(u64::MAX);
        let units = self.counters.units.fetch_add(1, Ordering::Relaxed) + 1;
        let fraction = if self.work > 0.0 {
            let mut done = self.done_work.lock().unwrap_or_else(|p| p.into_inner());
            *done += work as f64;
            (*done / self.work).min(1.0)
        } else {
            units as f64 / self.units.max(1) as f64
        };
        let steps = (fraction * BAR_STEPS as f64) as u64;
        self.counters.steps.store(steps, Ordering::Relaxed);
        let total = self
            .counters
            .boards
            .fetch_add(b, Ordering::Relaxed)
            .saturating_add(b);
        if let Some(bar) = &self.bar {
            bar.set_position(steps);
            let rate = total as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!("{units}/{} units, {rate:.3e} boards/s", self.units));
        }
    }

    /// Ends the report: clears the bar, or writes the finish line of a log.
    pub fn finish(mut self) {
        if let Some(bar) = self.bar.take() {
            crate::signals::set_bar(None);
            bar.finish_and_clear();
        }
        if let Some((tx, handle)) = self.heartbeat.take() {
            drop(tx);
            let _ = handle.join();
        }
        if self.log {
            let units = self.counters.units.load(Ordering::Relaxed);
            let boards = self.counters.boards.load(Ordering::Relaxed);
            let secs = self.started.elapsed().as_secs_f64();
            let how = if units == self.units {
                "finished"
            } else {
                "stopped"
            };
            crate::signals::say(&format!(
                "queens: {}: {how} after {secs:.2} s: {units}/{} units, {boards} boards",
                self.label, self.units
            ));
        }
    }
}
