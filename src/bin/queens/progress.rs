//! Progress reports on stderr for long runs: an indicatif bar on a terminal, plain lines
//! elsewhere (CI and cluster logs), nothing with `--quiet`. Updated once per finished work
//! unit, never from inside a search.
//!
//! Progress is measured in the units' *estimated work* ([`queens::plan::Plan::estimated_work`]),
//! not in units: a plan's units differ in size by orders of magnitude. The bar shows the
//! fraction of the estimated work done and an ETA from it (elapsed × remaining / done), with the
//! clock ticking even while no unit finishes. In a log, a start line comes at once, then a
//! heartbeat every [`HEARTBEAT`] with the percentage and the ETA, then a finish line.
//!
//! Where there is no total to measure against (`classify` reading stdin), a [`CountProgress`]
//! counts what is done instead: a spinner with the count and the rate on a terminal, start,
//! heartbeat and finish lines in a log, both only once the run has lasted [`QUIET_START`] (a
//! quick run stays silent).
//!
//! The environment variable `QUEENS_HEARTBEAT_MS` sets the heartbeat interval in milliseconds
//! (for tests, which should not wait 10 s; [`heartbeat`]).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// The interval of the plain heartbeat line (unless `QUEENS_HEARTBEAT_MS` sets another).
pub const HEARTBEAT: Duration = Duration::from_secs(10);

/// How long a [`CountProgress`] waits before it shows anything (or the heartbeat interval, if
/// that is shorter): a run that ends sooner stays silent.
pub const QUIET_START: Duration = Duration::from_secs(2);

/// The heartbeat interval: `QUEENS_HEARTBEAT_MS` milliseconds if that variable holds a
/// positive whole number, else [`HEARTBEAT`] (another value gets a one-line note on stderr).
pub fn heartbeat() -> Duration {
    static INTERVAL: OnceLock<Duration> = OnceLock::new();
    *INTERVAL.get_or_init(|| match std::env::var("QUEENS_HEARTBEAT_MS") {
        Err(_) => HEARTBEAT,
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(ms) if ms > 0 => Duration::from_millis(ms),
            _ => {
                crate::note(&format!(
                    "queens: QUEENS_HEARTBEAT_MS={v:?} is not a positive number of \
                     milliseconds; the heartbeat stays at {} s",
                    HEARTBEAT.as_secs()
                ));
                HEARTBEAT
            }
        },
    })
}

/// `v` with its digits grouped by threes: `1,234,567`.
pub fn grouped(v: u64) -> String {
    let digits = v.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

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
                    "queens: {label}: started: {}{}",
                    queens::board::plural(units, "unit"),
                    if work > 0.0 {
                        ", progress in estimated work"
                    } else {
                        ""
                    }
                ));
                let (tx, rx) = mpsc::channel::<()>();
                let label = label.to_string();
                let handle = thread::spawn(move || {
                    // Wakes every heartbeat until the run drops the sender.
                    let every = heartbeat();
                    while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(every) {
                        let secs = started.elapsed().as_secs_f64();
                        let boards = counters.boards.load(Ordering::Relaxed);
                        let fraction =
                            counters.steps.load(Ordering::Relaxed) as f64 / BAR_STEPS as f64;
                        let eta = eta(secs, fraction).map_or("unknown".to_string(), duration_text);
                        crate::signals::say(&format!(
                            "queens: {label}: {:.1}% done, {}/{units} units, {}, \
                             {} elapsed, ETA {eta}",
                            100.0 * fraction,
                            counters.units.load(Ordering::Relaxed),
                            queens::board::plural(boards, "board"),
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
                "queens: {}: {how} after {secs:.2} s: {units}/{} units, {}",
                self.label,
                self.units,
                queens::board::plural(boards, "board")
            ));
        }
    }
}

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
            if rx.recv_timeout(QUIET_START.min(every)) != Err(mpsc::RecvTimeoutError::Timeout) {
                return; // finished (the sender dropped) before anything was shown
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
    crate::signals::set_bar(Some(bar.clone()));
    let _ = rx.recv(); // until the run finishes
    crate::signals::set_bar(None);
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
    crate::signals::say(&format!(
        "queens: {label}: started: reading {} (no total to measure against): {}",
        text.source,
        text.now(count.load(Ordering::Relaxed), started)
    ));
    while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(every) {
        crate::signals::say(&format!(
            "queens: {label}: {}",
            text.now(count.load(Ordering::Relaxed), started)
        ));
    }
    crate::signals::say(&format!(
        "queens: {label}: finished after {:.2} s: {} {}",
        started.elapsed().as_secs_f64(),
        grouped(count.load(Ordering::Relaxed)),
        text.what
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grouped_puts_a_comma_every_three_digits() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
