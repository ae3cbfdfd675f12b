//! `queens list`: stream solutions in lexicographic order, in constant memory, in any
//! notation. Arguments ([`args`]) → a [`job::Job`] → [`queens::formats::solutions`] (or
//! [`queens::formats::export::classes`] for `--classes` as a table) → output.

mod args;
mod board_arg;
mod job;

use super::CommandError;
use crate::output::write_all;
pub use args::ListArgs;
pub use board_arg::board_arg_read;
use queens::classify;
use queens::console::progress::board_progress;
use queens::formats::export::classes::write_classes;
use queens::formats::solutions::{self, ListOptions};
use std::io;

/// The published number of boards (or classes) of `n`, if known.
fn expected(n: usize, classes: bool, rules: &queens::rules::Rules) -> Option<u128> {
    let row = queens::verify::KnownTable::published(rules).lookup(n)?;
    if classes { row.classes } else { row.total }
}

/// `list N --given`/`--blocked`: the completions of the partial board `p` in increasing order,
/// in the notation asked for (one per line, `board` pictures a blank line apart, one
/// `leetcode` list, `csv` with its header), at most `--limit` (the search stops there), a note
/// on stderr where there is none (unless `--quiet`); `--classes` and `--orbit` are refused.
fn given(job: &job::Job, p: &queens::given::Partial) -> Result<(), CommandError> {
    let others = [(job.classes, "--classes"), (job.orbit.is_some(), "--orbit")];
    if let Some((_, flag)) = others.iter().find(|o| o.0) {
        return Err(CommandError::Usage(format!(
            "{flag} is not taken with --given or --blocked: list writes their completions"
        )));
    }
    let out = io::BufWriter::new(io::stdout().lock());
    let listed = solutions::write_completions(out, p, job.notation, job.limit)?;
    if listed == 0 && job.limit != Some(0) && !job.quiet {
        crate::console::note(&format!("queens: {}", p.no_completions()));
    }
    Ok(())
}

/// Runs `queens list`: each output in its turn, all kept or none.
pub fn run(args: &ListArgs) -> Result<(), CommandError> {
    let job = job::resolve(args)?;
    if let Some(p) = args.given.partial(job.n, args.rules.rules())? {
        return given(&job, &p);
    }
    let (n, notation, limit) = (job.n, job.notation, job.limit);
    let result = write_all(&job.targets, |outs| {
        if let Some(board) = &job.orbit {
            let members = classify::orbit_members_under(board, &job.rules);
            let (_, w) = &mut outs[0];
            return solutions::write_orbit(w, &members, notation, limit).map(|_| ());
        }
        let options = ListOptions {
            notation,
            classes: job.classes,
            limit,
            rules: job.rules,
        };
        let progress = board_progress(
            super::progress_mode(job.quiet),
            &format!("list n={n} (units of {} boards)", solutions::PROGRESS_EVERY),
            expected(n, job.classes, &job.rules)
                .map(|e| e.min(u128::from(limit.unwrap_or(u64::MAX))) * outs.len() as u128),
        );
        let mut tick = |_| {
            if let Some(p) = &progress {
                p.unit_done(0, u128::from(solutions::PROGRESS_EVERY));
            }
        };
        let mut written = Ok(0);
        for (format, w) in outs.iter_mut() {
            let by_class = format.is_some() || notation.is_single_line();
            let one = if job.classes && by_class {
                write_classes(w, n, *format, &options, &mut tick)
            } else {
                solutions::write_solutions(w, n, &options, &mut tick)
            };
            written = one.and_then(|one| written.map(|sum| sum + one));
            if written.is_err() {
                break;
            }
        }
        if let Some(p) = progress {
            match &written {
                // Written to its end: every unit is done, the last one seldom whole.
                Ok(w) => p.complete(u128::from(*w)),
                Err(_) => p.finish(),
            }
        }
        if written? == 0 && limit != Some(0) && !job.quiet {
            crate::note(&format!("queens: no solutions for n = {n}"));
        }
        Ok(())
    });
    match result {
        // A closed pipe (`queens list 16 | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
