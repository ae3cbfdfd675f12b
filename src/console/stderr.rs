//! Lines on stderr, at the bottom of [`crate::console`]: every other module may use this one,
//! and it uses none of them.
//!
//! [`note`] writes a line, ignoring failure; [`say`] writes one above the progress bar
//! registered with [`set_bar`] (the progress display registers its bar; the signal thread
//! takes it away with [`take_bar`] before its last words). Both ignore a closed or full
//! stderr: it must never turn into a panic (as `eprintln!` does) or hide the exit code.

use indicatif::ProgressBar;
use std::io::Write;
use std::sync::Mutex;

/// The progress bar that [`say`] draws its lines above, if one is shown.
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Writes one line to stderr, ignoring failure: a closed or full stderr must never turn into a
/// panic (as `eprintln!` does) or hide the exit code.
pub fn note(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
    let _ = err.flush();
}

/// Registers the progress bar that [`say`] draws its lines above (`None`: no bar).
pub fn set_bar(bar: Option<ProgressBar>) {
    *BAR.lock().unwrap_or_else(|p| p.into_inner()) = bar;
}

/// Takes the registered progress bar away (`None` if there was none): [`say`] then writes
/// plain lines.
pub fn take_bar() -> Option<ProgressBar> {
    BAR.lock().unwrap_or_else(|p| p.into_inner()).take()
}

/// Writes `line` and a line end to stderr in one write, above the progress bar if one is
/// registered.
pub fn say(line: &str) {
    let bar = BAR.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let write = || {
        let mut err = std::io::stderr();
        let _ = err.write_all(format!("{line}\n").as_bytes());
    };
    match bar {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}
