//! Stopping a long run cleanly: a flag that the runner reads between work units, never inside
//! a search. Units already running finish (and reach the per-unit callback); no new unit
//! starts. The `queens` binary sets it from SIGINT and SIGTERM (what Slurm sends at a time
//! limit or on preemption); a library user sets it with [`StopFlag::request`].

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A request to stop, shared between whoever asks (a signal handler, another thread) and the
/// runner. Clones share one flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag {
    /// 0 while running; otherwise the number of the signal that asked to stop (or
    /// [`StopFlag::REQUESTED`] for a stop asked by the program itself).
    signal: Arc<AtomicUsize>,
}

impl StopFlag {
    /// The value stored by [`StopFlag::request`]: not a signal number.
    pub const REQUESTED: usize = usize::MAX;

    /// A flag that is not set.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// The shared cell behind the flag, for a signal handler to store its signal number in
    /// (non-zero means stop).
    pub fn cell(&self) -> Arc<AtomicUsize> {
        Arc::clone(&self.signal)
    }

    /// Asks the run to stop, as a signal would.
    pub fn request(&self) {
        self.signal.store(StopFlag::REQUESTED, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.signal.load(Ordering::Relaxed) != 0
    }

    /// What asked to stop: the signal number stored in [`StopFlag::cell`],
    /// [`StopFlag::REQUESTED`], or `None` if nothing did.
    pub fn code(&self) -> Option<usize> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s),
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
        assert_eq!(f.code(), None);
        let g = f.clone();
        g.request();
        assert!(f.is_set());
        assert_eq!(f.code(), Some(StopFlag::REQUESTED));
    }
}
