//! SIGINT and SIGTERM (what Slurm sends at a time limit or on preemption) during a count.
//!
//! [`install`] starts a thread that waits for them (`signal_hook::iterator::Signals`, so that
//! nothing but a flag store runs in the signal handler itself):
//!
//! - the first signal sets the library's [`StopFlag`], which the runner reads between work
//!   units and the searches of the units running read every few milliseconds (they give up,
//!   and what they counted is dropped), and is acknowledged at once on stderr ("stopping: the
//!   units in flight are cut short and not kept, but for their journaled pieces");
//! - a second one prints the command's last words ([`set_last_words`]: how far it got, how to
//!   resume) and exits at once with status 128 + the signal number, as if killed by it. A
//!   checkpoint is consistent at any moment (see [`crate::storage::checkpoint`]), and the
//!   output files are only ever replaced atomically, so nothing is torn.
//!
//! Lines go to stderr through [`say`], which draws them above a progress bar registered with
//! [`set_bar`] (taking the bar's lock before stderr's, in the order indicatif takes them, so
//! the signal thread and the bar never wait for each other).

// `say` and `set_bar` live below this module, so that `destination` can say a line without
// using this module, which uses `destination`; they are used here under their old names.
pub use super::stderr::{say, set_bar};
use crate::runner::stop::StopFlag;
use signal_hook::consts::signal::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::sync::{Mutex, OnceLock};

/// What the command says when a second signal ends it: computed at that moment.
type LastWords = Box<dyn Fn() -> String + Send + Sync>;

static FLAG: OnceLock<StopFlag> = OnceLock::new();
static LAST_WORDS: Mutex<Option<LastWords>> = Mutex::new(None);
/// What the first signal's notice says after `stopping: ` (`None`: a count's units).
static STOPPING: Mutex<Option<String>> = Mutex::new(None);

/// The notice of a count: its units in flight are lost, but for their journaled pieces.
const UNITS_CUT_SHORT: &str =
    "the units in flight are cut short and not kept, but for their journaled pieces";

/// Sets what the first signal's notice says the command does on stopping, after
/// `queens: SIGINT: stopping: ` (the default: a count's units in flight are cut short).
pub fn set_stopping(words: &str) {
    *STOPPING.lock().unwrap_or_else(|p| p.into_inner()) = Some(words.to_string());
}

/// Installs the handlers (once per process; later calls return the same flag): a flag set by
/// the first SIGINT or SIGTERM; on a second one the process prints its last words and exits
/// with status 128 + the signal number.
pub fn install() -> std::io::Result<&'static StopFlag> {
    if let Some(flag) = FLAG.get() {
        return Ok(flag);
    }
    let flag = StopFlag::new();
    let mut signals = Signals::new([SIGINT, SIGTERM])?;
    super::destination::stop_gracefully_on_signals();
    let cell = flag.cell();
    std::thread::Builder::new()
        .name("queens-signals".to_string())
        .spawn(move || {
            let mut seen = 0;
            for sig in signals.forever() {
                seen += 1;
                let name = signal_name(sig as usize);
                if seen == 1 {
                    cell.store(sig as usize, std::sync::atomic::Ordering::SeqCst);
                    let again = if sig == SIGINT {
                        "Ctrl-C again"
                    } else {
                        "send it again"
                    };
                    let stopping = STOPPING.lock().unwrap_or_else(|p| p.into_inner()).clone();
                    let mut stopping = stopping.unwrap_or_else(|| UNITS_CUT_SHORT.to_string());
                    // A wait for a FIFO's reader (the result is finished, or the sizes before
                    // the one being written): that is what stops.
                    if let Some(fifo) = super::destination::fifo_waited_for() {
                        stopping = format!(
                            "no longer waiting for a reader on FIFO '{}' (nothing is written \
                             to it)",
                            fifo.display()
                        );
                    }
                    say(&format!(
                        "queens: {name}: stopping: {stopping}; {again} to stop now"
                    ));
                } else {
                    let words = LAST_WORDS
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .as_ref()
                        .map(|w| w());
                    if let Some(bar) = super::stderr::take_bar() {
                        bar.finish_and_clear();
                    }
                    let words = words.map_or(String::new(), |w| format!(": {w}"));
                    say(&format!("queens: stopped by a second {name}{words}"));
                    super::destination::remove_temp_files();
                    std::process::exit(128 + sig);
                }
            }
        })?;
    Ok(FLAG.get_or_init(|| flag))
}

/// Sets what a second signal prints after `stopped by a second SIGINT: ` (replacing what was
/// set before): how far the run got and how to resume.
pub fn set_last_words(words: impl Fn() -> String + Send + Sync + 'static) {
    *LAST_WORDS.lock().unwrap_or_else(|p| p.into_inner()) = Some(Box::new(words));
}

fn signal_name(code: usize) -> String {
    match code {
        s if s == SIGINT as usize => "SIGINT".to_string(),
        s if s == SIGTERM as usize => "SIGTERM".to_string(),
        StopFlag::REQUESTED => "a stop request".to_string(),
        s => format!("signal {s}"),
    }
}

/// What asked `flag` to stop: `SIGINT`, `SIGTERM`, `a stop request`, or `None` if nothing did.
pub fn reason(flag: &StopFlag) -> Option<String> {
    flag.code().map(signal_name)
}
