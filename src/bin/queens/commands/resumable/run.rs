//! The journaled, stoppable run of a part of a plan, with progress: [`run_part_stoppable`].

use super::stopped::{PartEnd, Stopped, note_resumed, note_resuming, resume_error, set_last_words};
use crate::cli::SearchArgs;
use crate::commands::{CommandError, counter, progress_mode};
use crate::progress::Progress;
use crate::signals;
use queens::Outcome;
use queens::plan::pieces::PieceRun;
use queens::plan::{Part, Plan, Tally};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// Where a run journals its units: `--checkpoint`'s file for the size, and how often the
/// pieces of a long unit go to it (`--checkpoint-every`; `None`: the library's minute).
#[derive(Clone, Copy)]
pub struct Journal<'a> {
    /// The checkpoint file.
    pub path: &'a Path,
    /// `--checkpoint-every`.
    pub every: Option<Duration>,
}

/// Counts `part` of `plan` with the library's journaled run ([`Counter::start`]): with a
/// `checkpoint`, units it already holds are not counted again and every finished unit is
/// appended to it (and the pieces of long units, every minute or as its `every` says).
/// SIGINT/SIGTERM stop the run within a second, the units in flight cut short and not
/// journaled beyond their pieces (a [`PartEnd::Stopped`]); a second one exits at once,
/// printing how far the run got, then `written` (what the command has already written, e.g.
/// `rows for n = 1 to 17 are written`), and the resume hint where there is a checkpoint.
pub fn run_part_stoppable(
    plan: &dyn Plan,
    part: Part,
    search: &SearchArgs,
    checkpoint: Option<Journal<'_>>,
    quiet: bool,
    written: &str,
) -> Result<PartEnd, CommandError> {
    let n = plan.n();
    let failed = |e: String| CommandError::Failed(format!("n = {n}: {e}"));
    let stop = signals::install()
        .map_err(|e| failed(format!("cannot install the SIGINT/SIGTERM handlers: {e}")))?;
    let part_text = match part {
        Part::WHOLE => String::new(),
        _ => format!(" (part {part})"),
    };
    let progress_cell = std::sync::OnceLock::<Progress>::new();
    let finished = Arc::new(AtomicUsize::new(0));
    // The boards of the pieces of each unit shown so far, left out when the unit is done.
    let shown = std::sync::Mutex::new(std::collections::HashMap::<usize, u128>::new());
    let on_unit = |id: usize, t: &Tally, _: std::time::Duration| {
        finished.fetch_add(1, Ordering::Relaxed);
        let before = shown.lock().map_or(0, |mut s| s.remove(&id).unwrap_or(0));
        if let Some(progress) = progress_cell.get() {
            progress.unit_done(plan.estimated_work(id), t.boards.saturating_sub(before));
        }
        Ok(())
    };
    // The runs of pieces of long units journaled (their count and milliseconds of work).
    let pieces_saved = Arc::new((AtomicUsize::new(0), AtomicU64::new(0)));
    let on_pieces = |id: usize, run: &PieceRun, took: std::time::Duration| {
        if let (Some(progress), Ok(mut s)) = (progress_cell.get(), shown.lock()) {
            progress.boards_found(run.tally.boards);
            *s.entry(id).or_default() += run.tally.boards;
        }
        pieces_saved.0.fetch_add(1, Ordering::Relaxed);
        pieces_saved
            .1
            .fetch_add(took.as_millis() as u64, Ordering::Relaxed);
        Ok(())
    };
    let mut counter = counter(n, search)?
        .part(part)
        .on_unit(&on_unit)
        .on_pieces(&on_pieces)
        .stop_flag(stop);
    if let Some(journal) = checkpoint {
        counter = counter.checkpoint(journal.path);
        if let Some(every) = journal.every {
            counter = counter.checkpoint_every(every);
        }
    }
    let run = counter.start(plan).map_err(|e| resume_error(n, e))?;
    let resumed = run.resumed();
    finished.store(resumed, Ordering::Relaxed);
    note_resuming(&run, n, &part_text, quiet);
    let label = match resumed {
        0 => format!("n={n}"),
        _ => format!("n={n} ({resumed} units resumed)"),
    };
    progress_cell.get_or_init(|| {
        Progress::start(
            progress_mode(quiet),
            &label,
            run.todo().len() as u64,
            run.todo_work(),
        )
    });
    // How far the run got, for the stop messages.
    let how_far = {
        let finished = Arc::clone(&finished);
        let total = run.units().len();
        let saved = checkpoint.map(|j| j.path.display().to_string());
        let part_text = part_text.clone();
        let pieces_saved = Arc::clone(&pieces_saved);
        move || {
            let done = finished.load(Ordering::Relaxed);
            let (k, ms) = (&pieces_saved.0, &pieces_saved.1);
            let pieces = match k.load(Ordering::Relaxed) {
                0 => String::new(),
                k => format!(
                    ", with {} s of the units in flight ({k} {} of pieces)",
                    seconds(ms.load(Ordering::Relaxed)),
                    if k == 1 { "run" } else { "runs" }
                ),
            };
            match &saved {
                Some(path) => format!(
                    "{done} of {total} units of n = {n}{part_text} are done and saved in \
                     '{path}'{pieces}"
                ),
                None => format!(
                    "{done} of {total} units of n = {n}{part_text} were done (without \
                     --checkpoint they are not kept)"
                ),
            }
        }
    };
    set_last_words(how_far.clone(), written, checkpoint.is_some());
    let end = run.run();
    let resumed_seconds = run.resumed_seconds();
    drop(run);
    if let Some(progress) = progress_cell.into_inner() {
        progress.finish();
    }
    match end.map_err(|e| resume_error(n, e))? {
        Outcome::Complete(done) => {
            if let Some(journal) = checkpoint
                && (done.resumed > 0 || resumed_seconds > 0.0)
            {
                note_resumed(n, &done, &part_text, journal.path, resumed_seconds);
            }
            Ok(PartEnd::Done(done))
        }
        Outcome::Stopped { .. } => Ok(PartEnd::Stopped(Stopped {
            reason: signals::reason(stop).unwrap_or_else(|| "a stop request".to_string()),
            progress: how_far(),
            resumable: checkpoint.is_some(),
        })),
    }
}

/// `ms` milliseconds in seconds, to a tenth under ten seconds (`0.3`, `12`).
fn seconds(ms: u64) -> String {
    match ms {
        ..10_000 => format!("{:.1}", ms as f64 / 1e3),
        _ => format!("{:.0}", ms as f64 / 1e3),
    }
}
