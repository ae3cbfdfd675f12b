//! The threads a command line asks for: `--threads T`, 0 for every core (as `xz -T0`), capped
//! with a note ([`count`]).

use crate::runner;

/// `--threads T` with `0` read as no `--threads` (all cores, as `xz -T0`).
pub fn all_cores_if_0(threads: Option<u16>) -> Option<u16> {
    threads.filter(|&t| t != 0)
}

/// The threads to run on for `--threads T`: `runner::thread_count` (a T above the cap is
/// capped with a one-line note on stderr, once).
pub fn count(threads: Option<u16>) -> usize {
    let asked = threads.map(usize::from);
    let cap = runner::max_threads();
    if let Some(asked) = asked.filter(|&t| t > cap) {
        static NOTED: std::sync::Once = std::sync::Once::new();
        NOTED.call_once(|| {
            super::stderr::note(&format!(
                "queens: --threads {asked} capped at {cap} (4 per core, at most {})",
                runner::THREADS_LIMIT
            ));
        });
    }
    runner::thread_count(asked)
}
