//! Progress reports on stderr for long runs: an indicatif bar on a terminal, plain lines
//! elsewhere (CI and cluster logs), nothing with `--quiet`. Updated once per finished work
//! unit, never from inside a search.
//!
//! Progress is measured in the units' *estimated work* ([`crate::plan::Plan::estimated_work`]),
//! not in units: a plan's units differ in size by orders of magnitude. The bar shows the
//! fraction of the estimated work done and an ETA from the rate of the last ten minutes
//! ([`super::eta`]: a pause or a busy hour is forgotten once they have passed), with the
//! clock ticking even while no unit finishes. In a log, a start line comes once the run has
//! lasted [`QUIET_START`], then a heartbeat every [`HEARTBEAT`] with the percentage and the
//! ETA, then a finish line (`finished` after a normal end, `stopped` otherwise); a size done
//! within [`QUIET_START`] writes no line at all (`count 1-14` in a log stays quiet).
//!
//! Where there is no total to measure against (`classify` reading stdin), a [`CountProgress`]
//! counts what is done instead: a spinner with the count and the rate on a terminal, start,
//! heartbeat and finish lines in a log, both only once the run has lasted [`QUIET_START`] (a
//! quick run stays silent).
//!
//! The environment variable `QUEENS_HEARTBEAT_MS` sets the heartbeat interval in milliseconds
//! (for tests, which should not wait 10 s; [`heartbeat`]).

mod boards;
mod count;
mod read;
mod text;

use super::eta::RecentRate;
use super::stderr::{note, say, set_bar};
use crate::board::plural;
pub use boards::board_progress;
pub use count::CountProgress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
pub use read::ReadProgress;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};
pub use text::{duration_text, grouped, rate_text};

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
                note(&format!(
                    "queens: QUEENS_HEARTBEAT_MS={v:?} is not a positive number of \
                     milliseconds; the heartbeat stays at {} s",
                    HEARTBEAT.as_secs()
                ));
                HEARTBEAT
            }
        },
    })
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

/// What a run has done so far. One lock guards it, and the bar is updated while it is held:
/// units finish on several worker threads at once, and a thread that computed its view
/// before another must not draw it after (the counter would go backwards: `5/6 units`, then
/// `2/6 units`).
#[derive(Clone, Copy, Default)]
struct Done {
    units: u64,
    /// Estimated work done, in the units of [`Progress`]'s `work`.
    work: f64,
    /// Done work as a fraction of the total, in millionths ([`BAR_STEPS`]); never decreases.
    steps: u64,
    boards: u64,
}

/// A live progress report for one run.
pub struct Progress {
    label: String,
    started: Instant,
    units: u64,
    /// The estimated work of the run (0: unknown, then each unit weighs the same).
    work: f64,
    done: Arc<Mutex<Done>>,
    bar: Option<ProgressBar>,
    /// Whether the log's start line was written (a run that ends within [`QUIET_START`] writes
    /// no line at all).
    announced: Arc<AtomicBool>,
    heartbeat: Option<(mpsc::Sender<()>, thread::JoinHandle<()>)>,
    /// What the run finds, in the singular (`board`; `class` for a list of classes).
    noun: &'static str,
}

/// The terminal's bar of a run labelled `label` of `units` units, drawn on `target`:
/// `n=27 [00:00:03] ████░░░░ 12% (4012/33403 units, 29.9 M boards/s) ETA 3.2 h`. Its style,
/// prefix and message are set before it is first drawn, so that its first frame already
/// reads `0% (0/33403 units) ETA unknown` (setting them one by one on a drawn bar drew
/// `0% () ETA unknown` first: indicatif draws on every `set_prefix`).
fn work_bar(target: ProgressDrawTarget, label: &str, units: u64) -> ProgressBar {
    let recent = Arc::new(Mutex::new(RecentRate::new()));
    let style = ProgressStyle::with_template(
        "{prefix} [{elapsed_precise}] {wide_bar} {percent}% ({msg}) ETA {work_eta}",
    )
    .expect("the template is valid")
    .with_key(
        "work_eta",
        move |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let text = recent
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .eta(state.elapsed().as_secs_f64(), state.fraction().into())
                .map_or("unknown".to_string(), duration_text);
            let _ = w.write_str(&text);
        },
    );
    ProgressBar::with_draw_target(Some(BAR_STEPS), target)
        .with_style(style)
        .with_prefix(label.to_string())
        .with_message(units_text(0, units))
}

/// The units part of the bar's message: `4012/33403 units`.
fn units_text(done: u64, units: u64) -> String {
    format!("{done}/{units} units")
}

impl Progress {
    /// Starts reporting a run labelled `label` (for example `n=16`) of `units` units whose
    /// estimated work sums to `work` (0 if unknown: then every unit weighs the same).
    ///
    /// In a log the start line comes once the run has lasted [`QUIET_START`] (or one heartbeat
    /// interval, if that is shorter): a size done sooner writes no line at all.
    pub fn start(mode: ProgressMode, label: &str, units: u64, work: f64) -> Progress {
        Progress::start_finding(mode, label, units, work, "board")
    }

    /// [`Progress::start`] for a run that finds something else than boards: `noun`, in the
    /// singular (`class`), names them in every report (`12 classes`, `3.1 k classes/s`).
    pub fn start_finding(
        mode: ProgressMode,
        label: &str,
        units: u64,
        work: f64,
        noun: &'static str,
    ) -> Progress {
        let done = Arc::new(Mutex::new(Done::default()));
        let announced = Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        let mut progress = Progress {
            label: label.to_string(),
            started,
            units,
            work,
            done: Arc::clone(&done),
            bar: None,
            announced: Arc::clone(&announced),
            heartbeat: None,
            noun,
        };
        match mode {
            ProgressMode::Quiet => {}
            ProgressMode::Auto if std::io::stderr().is_terminal() => {
                let bar = work_bar(ProgressDrawTarget::stderr(), label, units);
                bar.enable_steady_tick(Duration::from_millis(250));
                set_bar(Some(bar.clone()));
                progress.bar = Some(bar);
            }
            ProgressMode::Auto => {
                let (tx, rx) = mpsc::channel::<()>();
                let label = label.to_string();
                let start_line = format!(
                    "queens: {label}: started: {}{}",
                    plural(units, "unit"),
                    if work > 0.0 {
                        ", progress in estimated work"
                    } else {
                        ""
                    }
                );
                let handle = thread::spawn(move || {
                    let every = heartbeat();
                    let first = QUIET_START.min(every);
                    if rx.recv_timeout(first) != Err(mpsc::RecvTimeoutError::Timeout) {
                        // Finished (the sender dropped). Quiet only if the run itself was
                        // short: on a loaded machine this thread may first run after a run
                        // that lasted longer than `first`, which then gets its two lines all
                        // the same (`finish` joins this thread before it reads `announced`).
                        if started.elapsed() >= first {
                            say(&start_line);
                            announced.store(true, Ordering::SeqCst);
                        }
                        return;
                    }
                    say(&start_line);
                    announced.store(true, Ordering::SeqCst);
                    // Wakes every heartbeat until the run drops the sender.
                    let mut recent = RecentRate::new();
                    while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(every) {
                        let secs = started.elapsed().as_secs_f64();
                        let now = *done.lock().unwrap_or_else(|p| p.into_inner());
                        let fraction = now.steps as f64 / BAR_STEPS as f64;
                        let eta = recent
                            .eta(secs, fraction)
                            .map_or("unknown".to_string(), duration_text);
                        say(&format!(
                            "queens: {label}: {:.1}% done, {}/{units} units, {}, \
                             {} elapsed, ETA {eta}",
                            100.0 * fraction,
                            now.units,
                            plural(now.boards, noun),
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
        let mut done = self.done.lock().unwrap_or_else(|p| p.into_inner());
        done.units += 1;
        done.boards = done.boards.saturating_add(b);
        let fraction = if self.work > 0.0 {
            done.work += work as f64;
            (done.work / self.work).min(1.0)
        } else {
            (done.units as f64 / self.units.max(1) as f64).min(1.0)
        };
        done.steps = done.steps.max((fraction * BAR_STEPS as f64) as u64);
        if let Some(bar) = &self.bar {
            bar.set_position(done.steps);
        }
        // Drawn under the lock: what a later unit drew is never overwritten by an earlier one.
        self.draw_message(&done);
    }

    /// The bar's message (units done, the boards' rate) from `done`, if there is a bar.
    fn draw_message(&self, done: &Done) {
        if let Some(bar) = &self.bar {
            let rate = done.boards as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!(
                "{}, {}",
                units_text(done.units, self.units),
                // The noun's plural alone (`classes`): that of two, less the number.
                rate_text(rate, &plural(2, self.noun)[2..])
            ));
        }
    }

    /// Records `boards` found by a unit still running (its pieces journaled so far, see
    /// [`crate::plan::pieces`]): shown in the boards of the report, not as work done. The
    /// unit's [`Progress::unit_done`] then gives only the boards not shown before.
    pub fn boards_found(&self, boards: u128) {
        let b = u64::try_from(boards).unwrap_or(u64::MAX);
        let mut done = self.done.lock().unwrap_or_else(|p| p.into_inner());
        done.boards = done.boards.saturating_add(b);
        self.draw_message(&done);
    }

    /// Ends the report of a run that did all its work, though its last unit was not whole
    /// (an estimate's units seldom divide the work exactly): every unit counts as done, and
    /// `boards` are the boards found in all. A log's last line says `finished`.
    pub fn complete(self, boards: u128) {
        {
            let mut done = self.done.lock().unwrap_or_else(|p| p.into_inner());
            done.units = done.units.max(self.units);
            done.boards = u64::try_from(boards).unwrap_or(u64::MAX);
        }
        self.finish();
    }

    /// Ends the report: clears the bar, or writes the last line of a log that wrote its start
    /// line: `finished` when every unit was done, else `stopped`.
    pub fn finish(mut self) {
        if let Some(bar) = self.bar.take() {
            set_bar(None);
            bar.finish_and_clear();
        }
        if let Some((tx, handle)) = self.heartbeat.take() {
            drop(tx);
            let _ = handle.join();
        }
        if self.announced.load(Ordering::SeqCst) {
            let done = *self.done.lock().unwrap_or_else(|p| p.into_inner());
            let secs = self.started.elapsed().as_secs_f64();
            let how = if done.units >= self.units {
                "finished"
            } else {
                "stopped"
            };
            say(&format!(
                "queens: {}: {how} after {secs:.2} s: {}/{} units, {}",
                self.label,
                done.units,
                self.units,
                plural(done.boards, self.noun)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units finishing on 8 threads at once, with a reader watching the bar as a terminal
    /// would draw it: its position and its `k/N units` never go backwards.
    #[test]
    fn the_bar_never_goes_backwards_when_units_finish_on_many_threads() {
        let units = 8 * 2000;
        let mut progress = Progress::start(ProgressMode::Quiet, "t", units, units as f64);
        let bar = ProgressBar::hidden();
        bar.set_length(BAR_STEPS);
        progress.bar = Some(bar.clone());
        let stop = AtomicBool::new(false);
        let units_in = |m: String| -> u64 {
            m.split('/')
                .next()
                .and_then(|u| u.parse().ok())
                .unwrap_or(0)
        };
        thread::scope(|s| {
            let watcher = s.spawn(|| {
                let (mut position, mut done, mut looks) = (0, 0, 0u64);
                while !stop.load(Ordering::SeqCst) {
                    let (p, d) = (bar.position(), units_in(bar.message()));
                    assert!(p >= position && d >= done, "{position} {done} then {p} {d}");
                    (position, done, looks) = (p, d, looks + 1);
                }
                looks
            });
            let workers: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        for _ in 0..2000 {
                            progress.unit_done(1, 1);
                        }
                    })
                })
                .collect();
            for w in workers {
                w.join().unwrap();
            }
            stop.store(true, Ordering::SeqCst);
            assert!(watcher.join().unwrap() > 0);
        });
        assert_eq!(bar.position(), BAR_STEPS);
        assert!(
            bar.message()
                .starts_with(&format!("{units}/{units} units, "))
        );
    }

    /// A terminal that keeps what is drawn on it, line by line.
    #[derive(Clone, Debug, Default)]
    struct Screen(Arc<Mutex<Vec<String>>>);

    impl Screen {
        fn drawn(&self) -> Vec<String> {
            self.0.lock().unwrap().clone()
        }
    }

    impl indicatif::TermLike for Screen {
        fn width(&self) -> u16 {
            100
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.0.lock().unwrap().push(s.to_string());
            Ok(())
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            self.write_line(s)
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The bar's first frame says how many units there are, with nothing empty in it (it read
    /// `0% () ETA unknown` when the message was set after the prefix had drawn the bar), and
    /// later ones count the units done and the rate, the boards of pieces included as they
    /// are found.
    #[test]
    fn the_first_frame_of_the_bar_counts_the_units_to_do() {
        let screen = Screen::default();
        let target = ProgressDrawTarget::term_like(Box::new(screen.clone()));
        let bar = work_bar(target, "n=27", 33403);
        bar.tick();
        let drawn = screen.drawn();
        let first = drawn
            .iter()
            .find(|l| !l.trim().is_empty())
            .expect("a frame");
        assert!(first.starts_with("n=27 ["), "{first:?}");
        assert!(
            first.ends_with(" 0% (0/33403 units) ETA unknown"),
            "{first:?}"
        );
        assert!(drawn.iter().all(|l| !l.contains("()")), "{drawn:?}");
        let progress = Progress {
            label: "n=27".into(),
            started: Instant::now(),
            units: 33403,
            work: 0.0,
            done: Arc::new(Mutex::new(Done::default())),
            bar: Some(bar.clone()),
            announced: Arc::new(AtomicBool::new(false)),
            heartbeat: None,
            noun: "board",
        };
        // The boards of a unit's pieces, found before any unit is done, show in the rate.
        progress.boards_found(5_000);
        let message = bar.message();
        assert!(message.starts_with("0/33403 units, "), "{message:?}");
        assert!(!message.contains(" 0 boards/s"), "{message:?}");
        progress.unit_done(0, 12);
        // What later frames draw in the parentheses (frames are drawn at most 20 times a
        // second, so this one may not be on the screen yet).
        let message = bar.message();
        assert!(message.starts_with("1/33403 units, "), "{message:?}");
        assert!(message.ends_with(" boards/s"), "{message:?}");
    }
}
