//! Executes the units of a plan on a pool of threads and sums their tallies. A resumable run
//! ([`run_units_with`]) also skips units finished earlier, reports each finished unit to a
//! callback (progress, a checkpoint journal), and stops soon when asked: no new unit starts,
//! and the units running give up (their searches watch the flag: [`stop::StopFlag::watch`])
//! and are not counted.
//!
//! This is the only layer that names the engines: [`build()`] makes their plans.

pub mod build;
// The command line's: its time forecasts, and the run of `queens profile`.
#[doc(hidden)]
pub mod forecast;
#[doc(hidden)]
pub mod profiler;

/// The stop flag the runner reads between units and the searches of a unit read while it
/// runs (it lives in [`crate::plan::stop`], below the searches).
pub use crate::plan::stop;

pub use build::{Split, build, build_split, build_with_kernel};

use crate::error::Error;
use crate::plan::pieces::{PieceOptions, PieceRun};
use crate::plan::tally::{Tally, TallyError};
use crate::plan::{Plan, schedule};
use std::collections::BTreeMap;
use std::io;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use stop::StopFlag;

/// How to run a plan.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Threads to use at most (at least 1).
    pub threads: usize,
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
    /// Units in the run (counted now or resumed).
    pub units: usize,
    /// Units taken from [`RunControl::done`] instead of being counted.
    pub resumed: usize,
}

/// The number of threads the machine offers (1 if it cannot tell).
pub(crate) fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most threads a run ever starts, whatever the core count.
pub(crate) const THREADS_LIMIT: usize = 1024;

/// The thread cap: 4 per available core, at most `THREADS_LIMIT` (1,024). More threads than that
/// only slow a run down (thousands of threads at n = 17 took 300 times longer).
pub fn max_threads() -> usize {
    (4 * available_threads()).clamp(1, THREADS_LIMIT)
}

/// The threads a run asked for `asked` threads (`None`: every core) runs on: at most
/// [`max_threads`].
// The command line's (`console::threads`, under `cli`) and the Python module's default: not
// part of the library's API.
#[doc(hidden)]
pub fn thread_count(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(available_threads).min(max_threads())
}

/// Counts the units `ids` of `plan` and sums them. The result does not depend on the thread
/// count or on the order units finish in: tallies are stored by position and summed in order.
pub fn run_units(
    plan: &dyn Plan,
    ids: &[usize],
    options: &RunOptions,
) -> Result<RunOutcome, Error> {
    let done = BTreeMap::new();
    let control = RunControl {
        done: &done,
        on_unit: &|_, _, _| Ok(()),
        stop: None,
        pieces: None,
    };
    match run_units_with(plan, ids, options, &control) {
        Ok(RunEnd::Complete(outcome)) => Ok(outcome),
        // Nothing can set a stop flag that is not there.
        Ok(RunEnd::Stopped { finished, total }) => Err(Error::Tally(TallyError::Inconsistent {
            n: plan.n(),
            what: format!("a run without a stop flag stopped after {finished} of {total} units"),
        })),
        Err(e) => Err(e),
    }
}

/// What a resumable run is given besides the units: the units finished earlier, a callback
/// for each newly finished unit (the checkpoint journal), and a flag that stops it.
pub struct RunControl<'a> {
    /// Units finished earlier, with their tallies (read back from a checkpoint): not counted
    /// again, but included in the sum. Ids not in the run's list are ignored.
    pub done: &'a BTreeMap<usize, Tally>,
    /// Called once per newly finished unit, on the worker thread that counted it, with its
    /// id, its tally and the time it took to count, before the unit is included in the
    /// result. An error stops the run: no new unit starts.
    pub on_unit: OnUnit<'a>,
    /// Read before each unit starts and, through [`StopFlag::watch`], by the searches of the
    /// units running: once set, no new unit starts, and a unit running gives up within a few
    /// milliseconds; a unit that gave up is not passed to `on_unit` and not counted (a
    /// resumed run counts it again), one that finished first is.
    pub stop: Option<&'a StopFlag>,
    /// Where a plan that counts its units in pieces ([`Plan::piece_scheme`]) reports the
    /// pieces it counted, and the pieces counted earlier (a checkpoint's); `None`: units are
    /// counted whole.
    pub pieces: Option<PieceJournal<'a>>,
}

/// The pieces of a resumable run's units ([`crate::plan::pieces`]): those counted earlier
/// and where each newly counted run of pieces goes, so that a run stopped in the middle of a
/// long unit keeps what it counted of it.
#[derive(Clone, Copy)]
pub struct PieceJournal<'a> {
    /// The runs of pieces counted earlier, by unit (of the plan's [`Plan::piece_scheme`]).
    pub done: &'a BTreeMap<usize, Vec<PieceRun>>,
    /// The time between two reports of a unit's newly counted pieces.
    pub every: Duration,
    /// Called on the worker thread with the unit's id, each run of pieces newly counted and
    /// the time it took; an error stops the run as [`RunControl::on_unit`]'s does.
    pub on_pieces: OnPieceRun<'a>,
}

/// A callback for each run of pieces newly counted: the unit's id, the run and its time.
pub type OnPieceRun<'a> = &'a (dyn Fn(usize, &PieceRun, Duration) -> io::Result<()> + Sync);

/// How a resumable run ended.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one per run (its tally holds the torus's slots): boxing would only add an allocation
pub enum RunEnd {
    /// Every unit is counted: the sum over all units, the resumed ones included.
    Complete(RunOutcome),
    /// The stop flag was set before every unit was counted.
    Stopped {
        /// Units finished, earlier ones included: all of them went through `on_unit` (the
        /// units that gave up are not among them).
        finished: usize,
        /// Units in the run.
        total: usize,
    },
}

/// A per-unit callback: the unit's id, its tally and the time it took to count (on its
/// worker thread), for progress and for a journal that keeps each unit's time.
pub(crate) type OnUnit<'a> = &'a (dyn Fn(usize, &Tally, Duration) -> io::Result<()> + Sync);

/// Counts the units `ids` of `plan` that are not already in `control.done`, passing each to
/// `control.on_unit` as it finishes, and stops early when `control.stop` is set: no new unit
/// starts, and the units running give up and are dropped ([`RunControl::stop`]). The sum,
/// when complete, is the same as [`run_units`] over `ids`. Units are handed out to the
/// threads largest [`Plan::estimated_work`] first.
pub fn run_units_with(
    plan: &dyn Plan,
    ids: &[usize],
    options: &RunOptions,
    control: &RunControl<'_>,
) -> Result<RunEnd, Error> {
    let started = Instant::now();
    let (resumed, todo): (Vec<usize>, Vec<usize>) =
        ids.iter().partition(|id| control.done.contains_key(id));
    let threads = schedule::pool_size(options.threads, todo.len());
    // Largest estimated work first; the tallies come back in id order to be summed, so the
    // result does not depend on the order units finish in.
    let order = schedule::largest_first(todo.iter().map(|&id| (id, plan.estimated_work(id))));
    let journal_error: Mutex<Option<io::Error>> = Mutex::new(None);
    let tallies = schedule::run_ordered(&order, threads, "queens-worker", control.stop, |id| {
        let unit_started = Instant::now();
        // A unit whose search gave up on a stop ends the run here: its partial tally is
        // neither journaled nor summed.
        let count = || match control.pieces {
            Some(p) if plan.piece_scheme().is_some() => {
                let done = p.done.get(&id).map_or(&[][..], Vec::as_slice);
                let options = PieceOptions {
                    done,
                    every: p.every,
                };
                plan.count_unit_in_pieces(id, options, &mut |run, took| {
                    (p.on_pieces)(id, run, took)
                })
            }
            _ => Ok(plan.count_unit(id)),
        };
        let counted = match control.stop {
            Some(stop) => stop.watch(count)?,
            None => count(),
        };
        // A failed journal write ends the run: no new unit starts.
        let written = counted.and_then(|t| {
            (control.on_unit)(id, &t, unit_started.elapsed())?;
            Ok(t)
        });
        match written {
            Ok(t) => Some(t),
            Err(e) => {
                journal_error
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(e);
                None
            }
        }
    })
    .map_err(|e| Error::Threads(e.to_string()))?;
    if let Some(e) = journal_error
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
    {
        return Err(Error::Callback(e));
    }
    if tallies.len() < todo.len() {
        return Ok(RunEnd::Stopped {
            finished: resumed.len() + tallies.len(),
            total: ids.len(),
        });
    }
    let earlier = resumed.iter().map(|id| &control.done[id]);
    let tally = Tally::sum(earlier.chain(tallies.iter().map(|(_, t)| t)))?;
    Ok(RunEnd::Complete(RunOutcome {
        tally,
        threads,
        seconds: started.elapsed().as_secs_f64(),
        units: ids.len(),
        resumed: resumed.len(),
    }))
}

/// Counts every unit of `plan`.
pub fn run_plan(plan: &dyn Plan, options: &RunOptions) -> Result<RunOutcome, Error> {
    let ids: Vec<usize> = (0..plan.unit_count()).collect();
    run_units(plan, &ids, options)
}
