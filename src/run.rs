//! Executes the units of a plan on a pool of threads, with progress, and sums their tallies.

use crate::plan::Plan;
use crate::progress::{Progress, ProgressMode};
use crate::tally::{Tally, TallyError};
use rayon::prelude::*;
use std::time::Instant;

/// How to run a plan.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Threads to use at most (at least 1).
    pub threads: usize,
    /// Progress display.
    pub progress: ProgressMode,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    /// The sum of the units' tallies.
    pub tally: Tally,
    /// Threads actually used (never more than there are units).
    pub threads: usize,
    /// Wall-clock seconds of the whole run.
    pub seconds: f64,
    /// Units counted.
    pub units: usize,
}

/// The number of threads the machine offers (1 if it cannot tell).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Counts the units `ids` of `plan` and sums them. The result does not depend on the thread
/// count or on the order units finish in: tallies are stored by position and summed in order.
pub fn run_units(
    plan: &dyn Plan,
    ids: &[usize],
    options: &RunOptions,
) -> Result<RunOutcome, TallyError> {
    let started = Instant::now();
    let threads = options.threads.max(1).min(ids.len().max(1));
    let progress = Progress::start(
        options.progress,
        &format!("n={}", plan.n()),
        ids.len() as u64,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("queens-worker-{i}"))
        .build()
        .expect("a thread pool can be built");
    let tallies: Vec<Tally> = pool.install(|| {
        ids.par_iter()
            .with_max_len(1) // one unit per task, so that threads steal whole units
            .map(|&id| {
                let t = plan.count_unit(id);
                progress.unit_done(t.boards);
                t
            })
            .collect()
    });
    progress.finish();
    Ok(RunOutcome {
        tally: Tally::sum(&tallies)?,
        threads,
        seconds: started.elapsed().as_secs_f64(),
        units: ids.len(),
    })
}

/// Counts every unit of `plan`.
pub fn run_plan(plan: &dyn Plan, options: &RunOptions) -> Result<RunOutcome, TallyError> {
    let ids: Vec<usize> = (0..plan.unit_count()).collect();
    run_units(plan, &ids, options)
}
