//! `queens list`: stream solutions in lexicographic order, in constant memory, in any
//! notation. Arguments ([`args`]) → a [`job::Job`] → [`queens::formats::solutions`] (or
//! [`queens::formats::export::classes`] for `--classes` as a table) → output.

mod args;
mod board_arg;
mod given;
mod job;

use super::CommandError;
use crate::output::write_all;
pub use args::ListArgs;
pub use board_arg::board_arg_read;
use queens::board::plural;
use queens::classify;
use queens::console::progress::board_progress;
use queens::console::stopped::list_cut_short;
use queens::formats::export::Format;
use queens::formats::export::classes::write_classes;
use queens::formats::solutions::{self, ListOptions};
use std::io;

/// The published number of boards (or classes) of `n`, if known.
fn expected(n: usize, classes: bool, rules: &queens::rules::Rules) -> Option<u128> {
    let row = queens::verify::KnownTable::published(rules).lookup(n)?;
    if classes { row.classes } else { row.total }
}

/// Runs `queens list`: each output in its turn, all kept or none.
pub fn run(args: &ListArgs) -> Result<(), CommandError> {
    let job = job::resolve(args)?;
    if let Some(p) = args.given.partial(job.n, args.rules.rules())? {
        return given::run(&job, &p);
    }
    let (n, notation, limit) = (job.n, job.notation, job.limit);
    let stop = super::install_signals()?;
    crate::signals::set_stopping(if job.classes {
        "the classes listed so far are kept"
    } else {
        "the boards listed so far are kept"
    });
    // The boards listed, for a second signal's last words (counted every PROGRESS_EVERY).
    let listed = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = std::sync::Arc::clone(&listed);
    crate::signals::set_last_words(move || {
        let k = seen.load(std::sync::atomic::Ordering::Relaxed);
        format!("the list of n = {n} was cut short after some {k} boards")
    });
    // The output a signal cut short, and the boards written to it.
    let mut stopped: Option<(usize, u64)> = None;
    let result = write_all(&job.targets, |outs| {
        if let Some(board) = &job.orbit {
            let members = classify::orbit_members_under(board, &job.rules);
            let (_, w) = &mut outs[0];
            return solutions::write_orbit(w, &members, notation, limit, &job.rules).map(|_| ());
        }
        let options = ListOptions {
            notation,
            classes: job.classes,
            limit,
            rules: job.rules,
        };
        // A list of classes counts classes, one of boards boards.
        let noun = if job.classes { "class" } else { "board" };
        let progress = board_progress(
            super::progress_mode(job.quiet),
            &format!(
                "list n={n} (units of {})",
                plural(solutions::PROGRESS_EVERY, noun)
            ),
            expected(n, job.classes, &job.rules)
                .map(|e| e.min(u128::from(limit.unwrap_or(u64::MAX))) * outs.len() as u128),
            noun,
        );
        let mut tick = |k: u64| {
            listed.store(k, std::sync::atomic::Ordering::Relaxed);
            if let Some(p) = &progress {
                p.unit_done(0, u128::from(solutions::PROGRESS_EVERY));
            }
        };
        let mut written = Ok(0);
        for (i, (format, w)) in outs.iter_mut().enumerate() {
            let by_class = format.is_some() || notation.is_single_line();
            // The search watches the flag: a signal ends it within milliseconds, the boards
            // written so far closed as a list of their own.
            let mut one = Ok(0);
            let whole = stop.watch(|| {
                one = if job.classes && by_class {
                    write_classes(w, n, *format, &options, &mut tick)
                } else {
                    solutions::write_solutions(w, n, &options, &mut tick)
                };
            });
            if whole.is_none()
                && let Ok(k) = one
            {
                stopped = Some((i, k));
            }
            written = one.and_then(|one| written.map(|sum| sum + one));
            if written.is_err() || stopped.is_some() {
                break;
            }
        }
        if let Some(p) = progress {
            match &written {
                // Written to its end: every unit is done, the last one seldom whole.
                Ok(w) if stopped.is_none() => p.complete(u128::from(*w)),
                _ => p.finish(),
            }
        }
        if stopped.is_some() {
            // One output keeps the boards written; of several, none is kept (but stdout's).
            return match outs.len() {
                1 => Ok(()),
                _ => Err(io::Error::other("stopped")),
            };
        }
        if written? == 0 && limit != Some(0) && !job.quiet {
            crate::note(&format!("queens: no solutions for n = {n}"));
        }
        Ok(())
    });
    if let Some((i, k)) = stopped {
        return Err(stopped_list(stop, (n, job.classes), k, &job.targets, i));
    }
    match result {
        // A closed pipe (`queens list 16 | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        // A stop before the output was begun (a FIFO's reader waited for) is a stop, exit 1,
        // not an I/O failure.
        Err(e) if stop.is_set() => Err(CommandError::Failed(e.to_string())),
        other => Ok(other?),
    }
}

/// The error of a list that a signal stopped in its `i`-th output of `targets`, after `k`
/// boards (or classes, `classes`) written there ([`queens::console::stopped::list_cut_short`]).
fn stopped_list(
    stop: &queens::plan::stop::StopFlag,
    n_classes: (usize, bool),
    k: u64,
    targets: &[(Option<Format>, crate::output::Destination)],
    i: usize,
) -> CommandError {
    let by = crate::signals::reason(stop).unwrap_or_else(|| "a stop request".to_string());
    let dests: Vec<_> = targets.iter().map(|t| &t.1).collect();
    CommandError::Failed(list_cut_short(&by, n_classes, k, &dests, i))
}
