//! Progress reports on stderr for long runs: an indicatif bar on a terminal, plain lines
//! elsewhere (CI and cluster logs), nothing with `--quiet`. Updated once per finished work
//! unit, never from inside a search.
//!
//! Progress is measured in the units' *estimated work* ([`queens::plan::Plan::estimated_work`]),
//! not in units: a plan's units differ in size by orders of magnitude. The bar shows the
//! fraction of the estimated work done and an ETA from the rate of the last ten minutes
//! ([`crate::eta`]: a pause or a busy hour is forgotten once they have passed), with the
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

use crate::eta::RecentRate;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
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

/// A rate as people read it, three significant digits and a word for the thousands:
/// `29.9 M boards/s`, `412 k boards/s`, `87 boards/s`, `0 boards/s`.
pub fn rate_text(per_second: f64, what: &str) -> String {
    let r = if per_second.is_finite() {
        per_second.max(0.0)
    } else {
        0.0
    };
    // Rounded to the three significant digits shown before the unit is chosen, so that
    // 999,950/s reads `1.00 M`, not `1000 k`.
    let r = if r > 0.0 {
        let step = 10f64.powi(r.log10().floor() as i32 - 2);
        (r / step).round() * step
    } else {
        r
    };
    let (value, prefix) = [
        (1e15, " P"),
        (1e12, " T"),
        (1e9, " G"),
        (1e6, " M"),
        (1e3, " k"),
    ]
    .into_iter()
    .find(|&(scale, _)| r >= scale)
    .map_or((r, ""), |(scale, prefix)| (r / scale, prefix));
    let number = if value == 0.0 {
        "0".to_string()
    } else if value >= 100.0 || (prefix.is_empty() && value >= 10.0) {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    };
    format!("{number}{prefix} {what}/s")
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
        };
        match mode {
            ProgressMode::Quiet => {}
            ProgressMode::Auto if std::io::stderr().is_terminal() => {
                let bar = work_bar(ProgressDrawTarget::stderr(), label, units);
                bar.enable_steady_tick(Duration::from_millis(250));
                crate::signals::set_bar(Some(bar.clone()));
                progress.bar = Some(bar);
            }
            ProgressMode::Auto => {
                let (tx, rx) = mpsc::channel::<()>();
                let label = label.to_string();
                let start_line = format!(
                    "queens: {label}: started: {}{}",
                    queens::board::plural(units, "unit"),
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
                            crate::signals::say(&start_line);
                            announced.store(true, Ordering::SeqCst);
                        }
                        return;
                    }
                    crate::signals::say(&start_line);
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
                        crate::signals::say(&format!(
                            "queens: {label}: {:.1}% done, {}/{units} units, {}, \
                             {} elapsed, ETA {eta}",
                            100.0 * fraction,
                            now.units,
                            queens::board::plural(now.boards, "board"),
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
            // Drawn under the lock: what a later unit drew is never overwritten by an
            // earlier one.
            bar.set_position(done.steps);
            let rate = done.boards as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!(
                "{}, {}",
                units_text(done.units, self.units),
                rate_text(rate, "boards")
            ));
        }
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
            crate::signals::set_bar(None);
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
            crate::signals::say(&format!(
                "queens: {}: {how} after {secs:.2} s: {}/{} units, {}",
                self.label,
                done.units,
                self.units,
                queens::board::plural(done.boards, "board")
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

    #[test]
    fn rates_are_written_in_words_with_three_digits() {
        assert_eq!(rate_text(2.99e7, "boards"), "29.9 M boards/s");
        assert_eq!(rate_text(2.995e7, "boards"), "30.0 M boards/s");
        // Rounding that reaches the next unit moves to it.
        assert_eq!(rate_text(999_950.0, "boards"), "1.00 M boards/s");
        assert_eq!(rate_text(9.999, "boards"), "10 boards/s");
        assert_eq!(rate_text(99_960.0, "boards"), "100 k boards/s");
        assert_eq!(rate_text(0.0, "boards"), "0 boards/s");
        assert_eq!(rate_text(87.4, "boards"), "87 boards/s");
        assert_eq!(rate_text(5.5, "boards"), "5.50 boards/s");
        assert_eq!(rate_text(412_000.0, "boards"), "412 k boards/s");
        assert_eq!(rate_text(1.234e9, "boards"), "1.23 G boards/s");
        assert_eq!(rate_text(f64::NAN, "boards"), "0 boards/s");
        assert_eq!(rate_text(f64::INFINITY, "boards"), "0 boards/s");
    }

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
    /// later ones count the units done and the rate.
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
        };
        progress.unit_done(0, 12);
        // What later frames draw in the parentheses (frames are drawn at most 20 times a
        // second, so this one may not be on the screen yet).
        let message = bar.message();
        assert!(message.starts_with("1/33403 units, "), "{message:?}");
        assert!(message.ends_with(" boards/s"), "{message:?}");
    }
}
