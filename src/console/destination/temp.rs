//! The temporary files being written, removed on SIGINT and SIGTERM.

use crate::storage::atomic::AtomicFile;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, Once};

/// The FIFO being waited for, if one is: a SIGINT or SIGTERM then ends the process at once
/// (the signal thread of [`watch_signals`]).
pub(super) static FIFO_WAIT: Mutex<Option<PathBuf>> = Mutex::new(None);

/// The temporary files being written, removed on SIGINT/SIGTERM, each with the output's
/// path as the user named it (for the message of a signal that cuts it short).
pub(super) static IN_FLIGHT: Mutex<Vec<(PathBuf, PathBuf)>> = Mutex::new(Vec::new());

/// The outputs checked before the work ([`super::Destination::check`]) and not begun yet, as
/// the user named them: a signal before they are written says they were not.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The signal that ended a wait for a FIFO's reader in a command that stops cleanly (0:
/// none): the wait gives up, and the command writes its result elsewhere ([`super::deliver`]).
pub(super) static FIFO_STOPPED: AtomicI32 = AtomicI32::new(0);

/// Set once the process stops cleanly on signals (a count): then the signal thread here leaves
/// SIGINT/SIGTERM to it.
static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// Leaves SIGINT and SIGTERM to the caller's clean stop: writes in flight finish instead of
/// being cut short (the caller calls [`remove_temp_files`] if it exits at once).
pub fn stop_gracefully_on_signals() {
    GRACEFUL.store(true, Ordering::SeqCst);
}

/// Removes the temporary files being written (before an exit that cuts them short).
pub fn remove_temp_files() {
    let list = IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner());
    for (temp, _) in list.iter() {
        let _ = fs::remove_file(temp);
    }
}

/// Lists `shown`, an output checked before the work, as not written yet (and starts the
/// thread that says so on a signal, [`watch_signals`]).
pub(super) fn pending(shown: &Path) {
    watch_signals();
    let mut list = PENDING.lock().unwrap_or_else(|p| p.into_inner());
    if !list.iter().any(|p| p == shown) {
        list.push(shown.to_path_buf());
    }
}

/// Takes `shown` off the outputs not begun: its write starts.
pub(super) fn begun(shown: &Path) {
    PENDING
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|p| p != shown);
}

/// The FIFO whose reader is being waited for, if one is.
pub fn fifo_waited_for() -> Option<PathBuf> {
    FIFO_WAIT.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// What a signal that cuts the outputs short says of them (`name`: the signal): those in
/// flight, or else those checked and not begun; `None` where there are none (a write to
/// stdout, or no file output).
fn cut_short(name: &str) -> Option<String> {
    let list = IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner());
    let mut names: Vec<String> = (list.iter())
        .map(|(_, shown)| format!("'{}'", shown.display()))
        .collect();
    if names.is_empty() {
        let pending = PENDING.lock().unwrap_or_else(|p| p.into_inner());
        names = (pending.iter())
            .map(|shown| format!("'{}'", shown.display()))
            .collect();
    }
    let (names, was) = match names.as_slice() {
        [] => return None,
        [one] => (one.clone(), "was"),
        [init @ .., last] => (format!("{} and {last}", init.join(", ")), "were"),
    };
    Some(format!(
        "queens: stopped by {name}: {names} {was} not written (nothing there was changed)"
    ))
}

/// Creates the temporary file of `real` (the output `shown`, as the user named it) and lists
/// it, under the list's lock: the signal thread, which takes the same lock to remove the
/// listed files, never runs between the two (a signal there would leave an empty
/// `.queens-*.tmp`).
pub(super) fn create_registered(
    real: &Path,
    shown: &Path,
    mode: Option<u32>,
) -> io::Result<(AtomicFile, PathBuf)> {
    watch_signals();
    let mut list = IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner());
    let file = AtomicFile::create(real, mode)?;
    begun(shown);
    let temp = file.temp_path().to_path_buf();
    list.push((temp.clone(), shown.to_path_buf()));
    Ok((file, temp))
}

/// Starts, the first time, the thread that removes the listed temporary files on SIGINT and
/// SIGTERM.
pub(super) fn watch_signals() {
    static WATCH: Once = Once::new();
    WATCH.call_once(|| {
        use signal_hook::consts::signal::{SIGINT, SIGTERM};
        // Without the thread, an interrupted write leaves its temporary file: not worse.
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("queens-output-signals".to_string())
            .spawn(move || {
                for sig in signals.forever() {
                    // A wait for a FIFO's reader ends at once, whoever stops cleanly: nothing
                    // was written to it, and nothing else is written after it.
                    let waiting = FIFO_WAIT.lock().unwrap_or_else(|p| p.into_inner()).clone();
                    if let Some(fifo) = waiting {
                        // A command that stops cleanly has a result to keep: the wait gives
                        // up, and the result goes to stdout.
                        if GRACEFUL.load(Ordering::SeqCst) {
                            FIFO_STOPPED.store(sig, Ordering::SeqCst);
                            continue;
                        }
                        let name = if sig == SIGINT { "SIGINT" } else { "SIGTERM" };
                        crate::console::stderr::say(&format!(
                            "queens: stopped by {name} while waiting for a reader on FIFO \
                             '{}': nothing was written to it",
                            fifo.display()
                        ));
                        remove_temp_files();
                        std::process::exit(128 + sig);
                    }
                    // A command that stops cleanly on signals ([`crate::console::signals::install`])
                    // finishes its writes itself and removes what is left on its way out.
                    if GRACEFUL.load(Ordering::SeqCst) {
                        continue;
                    }
                    let name = if sig == SIGINT { "SIGINT" } else { "SIGTERM" };
                    if let Some(line) = cut_short(name) {
                        crate::console::stderr::say(&line);
                    }
                    remove_temp_files();
                    std::process::exit(128 + sig);
                }
            });
    });
}

/// Takes a temporary file off the list (it was renamed or deleted).
pub(super) fn unregister(temp: &Path) {
    IN_FLIGHT
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|(t, _)| t != temp);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temporary_file_is_created_only_under_the_signal_threads_lock() {
        // While the signal thread's lock is held (as when it is removing the listed files), no
        // temporary file appears: creating one and listing it happen together, after it.
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("out.csv");
        let temps = || {
            fs::read_dir(dir.path())
                .unwrap()
                .filter(|e| {
                    let name = e.as_ref().unwrap().file_name();
                    name.to_string_lossy().starts_with(".queens-")
                })
                .count()
        };
        let held = IN_FLIGHT.lock().unwrap_or_else(|p| p.into_inner());
        let writer = {
            let real = real.clone();
            std::thread::spawn(move || create_registered(&real, &real, None).unwrap())
        };
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert_eq!(temps(), 0, "a temporary file was created outside the lock");
        drop(held);
        let (file, temp) = writer.join().unwrap();
        assert_eq!(temps(), 1);
        assert!(IN_FLIGHT.lock().unwrap().iter().any(|(t, _)| *t == temp));
        unregister(&temp);
        drop(file);
    }
}
