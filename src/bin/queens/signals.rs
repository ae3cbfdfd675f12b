//! SIGINT and SIGTERM (what Slurm sends at a time limit or on preemption) set the library's
//! [`StopFlag`], which the runner reads between work units. A second such signal while the
//! run is winding down exits at once (the checkpoint is already consistent, see
//! [`queens::formats::checkpoint`]).

use queens::runner::stop::StopFlag;
use signal_hook::consts::signal::{SIGINT, SIGTERM};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A flag set by SIGINT and SIGTERM. On a second such signal the process exits at once with
/// status 128 + the signal number, as if killed by it.
pub fn stop_on_signals() -> std::io::Result<StopFlag> {
    let flag = StopFlag::new();
    // Set by the first signal; arms the immediate exit on the second.
    let armed = Arc::new(AtomicBool::new(false));
    for sig in [SIGINT, SIGTERM] {
        // The order matters: the exit is registered first so that it sees the state left by
        // the previous signal, not the one this signal is about to set.
        signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&armed))?;
        signal_hook::flag::register(sig, Arc::clone(&armed))?;
        signal_hook::flag::register_usize(sig, flag.cell(), sig as usize)?;
    }
    Ok(flag)
}

/// What asked `flag` to stop: `SIGINT`, `SIGTERM`, `a stop request`, or `None` if nothing did.
pub fn reason(flag: &StopFlag) -> Option<String> {
    match flag.code()? {
        s if s == SIGINT as usize => Some("SIGINT".to_string()),
        s if s == SIGTERM as usize => Some("SIGTERM".to_string()),
        StopFlag::REQUESTED => Some("a stop request".to_string()),
        s => Some(format!("signal {s}")),
    }
}
