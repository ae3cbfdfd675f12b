//! Stopping a long run cleanly: SIGINT and SIGTERM (what Slurm sends at a time limit or on
//! preemption) set a flag that the runner reads between work units, never inside a search.
//! Units already running finish and are saved; no new unit starts. A second signal while the
//! run is winding down exits at once (the checkpoint is already consistent, see
//! [`crate::checkpoint`]).

use signal_hook::consts::signal::{SIGINT, SIGTERM};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A request to stop, shared between the signal handlers and the runner.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    /// 0 while running; otherwise the number of the signal that asked to stop (or
    /// [`StopFlag::REQUESTED`] for a stop asked by the program itself).
    signal: Arc<AtomicUsize>,
    /// Set by the first signal; arms the immediate exit on the second.
    armed: Arc<AtomicBool>,
}

impl StopFlag {
    /// The value stored by [`StopFlag::request`]: not a signal number.
    pub const REQUESTED: usize = usize::MAX;

    /// A flag that is not set and listens to no signal.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// A flag set by SIGINT and SIGTERM. On a second such signal the process exits at once
    /// with status 128 + the signal number, as if killed by it.
    pub fn on_signals() -> std::io::Result<StopFlag> {
        let flag = StopFlag::new();
        for sig in [SIGINT, SIGTERM] {
            // The order matters: the exit is registered first so that it sees the state left
            // by the previous signal, not the one this signal is about to set.
            signal_hook::flag::register_conditional_shutdown(
                sig,
                128 + sig,
                Arc::clone(&flag.armed),
            )?;
            signal_hook::flag::register(sig, Arc::clone(&flag.armed))?;
            signal_hook::flag::register_usize(sig, Arc::clone(&flag.signal), sig as usize)?;
        }
        Ok(flag)
    }

    /// Asks the run to stop, as a signal would.
    pub fn request(&self) {
        self.signal.store(StopFlag::REQUESTED, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.signal.load(Ordering::Relaxed) != 0
    }

    /// What asked to stop: `SIGINT`, `SIGTERM`, `a stop request`, or `None` if nothing did.
    pub fn reason(&self) -> Option<String> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            s if s == SIGINT as usize => Some("SIGINT".to_string()),
            s if s == SIGTERM as usize => Some("SIGTERM".to_string()),
            StopFlag::REQUESTED => Some("a stop request".to_string()),
            s => Some(format!("signal {s}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_sets_the_flag() {
        let f = StopFlag::new();
        assert!(!f.is_set());
        assert_eq!(f.reason(), None);
        let g = f.clone();
        g.request();
        assert!(f.is_set());
        assert_eq!(f.reason().as_deref(), Some("a stop request"));
    }
}
