//! One size of `queens profile`: its search run with progress and a stop flag, and verified.

use crate::commands::{CommandError, progress_mode};
use crate::progress::Progress;
use crate::signals;
use queens::plan::Tally;
use queens::runner::profiler::Profiler;
use queens::runner::stop::StopFlag;
use queens::search::profile::{Profile, ProfileEnd};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// One size's profile and its `verified:` text, or how far a stopped search got.
pub enum SizeEnd {
    /// The profile and its `verified:` text.
    Done(Profile, String),
    /// Stopped after `finished` of `total` units.
    Stopped {
        /// Units finished.
        finished: usize,
        /// Units in all.
        total: usize,
    },
}

/// Profiles size `n` as `profiler` says (engine, threads, rules), with progress in
/// estimated work, stopped soon by `stop` (the units running give up), and verified
/// ([`queens::runner::profiler::Profiled::verified`]); a disagreement with the published
/// values is added to `failures`.
pub fn profile_size(
    n: usize,
    profiler: Profiler<'_>,
    stop: &StopFlag,
    quiet: bool,
    written: &str,
    failures: &mut Vec<String>,
) -> Result<SizeEnd, CommandError> {
    let plan = profiler
        .plan()
        .map_err(|e| CommandError::Failed(e.to_string()))?;
    let units = plan.as_plan();
    let total = units.unit_count();
    let progress = Progress::start(
        progress_mode(quiet),
        &format!("profile n={n}"),
        total as u64,
        (0..total).map(|id| units.estimated_work(id) as f64).sum(),
    );
    let finished = Arc::new(AtomicUsize::new(0));
    {
        let finished = Arc::clone(&finished);
        let written = written.to_string();
        signals::set_last_words(move || {
            format!(
                "{} of {total} units of the profile of n = {n} were done; {written}",
                finished.load(Ordering::Relaxed)
            )
        });
    }
    let on_unit = |id: usize, t: &Tally, _: Duration| {
        finished.fetch_add(1, Ordering::Relaxed);
        progress.unit_done(units.estimated_work(id), t.boards);
        Ok(())
    };
    let end = profiler
        .on_unit(&on_unit)
        .stop_flag(stop)
        .run_plan(&plan)
        .map_err(|e| CommandError::Failed(e.to_string()));
    progress.finish();
    Ok(match end? {
        ProfileEnd::Complete(profiled) => {
            let (profile, verdict, mismatch) = profiled.verified(&profiler.rules_profiled());
            failures.extend(mismatch);
            SizeEnd::Done(profile, verdict)
        }
        ProfileEnd::Stopped { finished, total } => SizeEnd::Stopped { finished, total },
    })
}
