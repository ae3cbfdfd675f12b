//! The subcommands' work, one module each, and what they share.

pub mod classify;
pub mod completions;
pub mod count;
pub mod kernels;
pub mod list;
pub mod man;
pub mod merge;
pub mod plot;
pub mod profile;
pub mod render;
pub mod resumable;
pub mod rows;
pub mod verify;

use crate::cli::{KnownArgs, SearchArgs};
pub use crate::error::CommandError;
use crate::progress::ProgressMode;
use queens::Counter;
use queens::console::known;
use queens::console::outputs::{Inputs, TableOutputs};
use queens::formats::export::RunMeta;
use queens::formats::export::request::Request;
use queens::formats::table::Row;
use queens::plan::{Part, Plan};
use queens::rules::Rules;
use queens::verify::{KnownTable, Source};
pub use resumable::compute_counts;
pub use rows::report_mismatches;
use std::io::Write;

/// The progress mode for `--quiet`.
pub fn progress_mode(quiet: bool) -> ProgressMode {
    if quiet {
        ProgressMode::Quiet
    } else {
        ProgressMode::Auto
    }
}

/// The outputs, the table verified against and the run's metadata of `count`, `verify` and
/// `merge`, resolved in one order: the destinations first (checked without reading any
/// file), then the `--known` table, so that each command names a bad destination before a bad
/// `--known` file. The outputs are compared with each other and with the command's `inputs`.
/// `rules`: the rules counted, whose published table is the default and the only rules a
/// `--known` table may have; `None` for `merge`, whose parts name their rules.
pub fn table_job(
    request: &Request,
    inputs: &Inputs,
    args: &KnownArgs,
    rules: Option<Rules>,
    threads: Option<u16>,
) -> Result<(TableOutputs, KnownTable, RunMeta), CommandError> {
    let outputs = TableOutputs::check(request, inputs).map_err(CommandError::Usage)?;
    let known = known::table(args.known.as_deref(), &rules.unwrap_or_default());
    let known = known.map_err(CommandError::Usage)?;
    if let Some(rules) = rules {
        check_known_rules(&known, &rules)?;
    }
    let meta = RunMeta::now(threads.map(usize::from)).verified_against(known.source());
    Ok((outputs, known, meta))
}

/// Refuses a `--known` file that has no values for any of the sizes `ns` (exit 2:
/// [`known::check_covers`]).
pub fn check_known_covers(known: &KnownTable, ns: &[usize]) -> Result<(), CommandError> {
    known::check_covers(known, ns).map_err(CommandError::Usage)
}

/// Refuses a `--known` table of other rules than the `rules` counted, in one line (exit 2).
pub fn check_known_rules(known: &KnownTable, rules: &Rules) -> Result<(), CommandError> {
    known
        .check_rules(rules)
        .map_err(|e| CommandError::Usage(format!("--known: {e}")))
}

/// The table a row of `rules` (those its parts counted, under the group of its classes) is
/// verified against: `known` where `--known` gave it, else the published values of the
/// rules under that group (the torus group's classes are published, A053994; under the
/// square's 8 symmetries only the torus's totals are).
pub fn known_for_rules<'a>(
    known: &'a KnownTable,
    args: &KnownArgs,
    rules: &Rules,
) -> &'a KnownTable {
    match args.known {
        Some(_) => known,
        None => KnownTable::published(rules),
    }
}

/// The count of board size `n` that `search` asks for: engine, split, kernel and threads (a
/// kernel this CPU lacks is a usage error).
pub fn counter<'a>(n: usize, search: &SearchArgs) -> Result<Counter<'a>, CommandError> {
    search.kernel().map_err(CommandError::Usage)?;
    Ok(Counter::new(n)
        .rules(search.rules.rules())
        .engine(search.engine())
        .split(search.split)
        .kernel(search.kernel)
        .threads(search.thread_count()))
}

/// The plan of the count that `search` asks for ([`counter`]); a SIGINT/SIGTERM while it is
/// built is an error (exit 1) naming the size ([`plan_or_stop`]).
pub fn build_plan(n: usize, search: &SearchArgs) -> Result<Box<dyn Plan>, CommandError> {
    plan_or_stop(n, search, "")?.map_err(|s| {
        CommandError::Failed(format!(
            "stopped by {} during n = {n}: {}{}",
            s.reason,
            s.progress,
            s.resume_text()
        ))
    })
}

/// The plan of the count that `search` asks for ([`counter`]), built under the flag of the
/// SIGINT/SIGTERM handling (installed here if it was not): listing the units of a torus plan
/// beyond 32 takes seconds to minutes, and a signal stops it within milliseconds, which is
/// `Ok(Err(Stopped))`. A second signal meanwhile prints that the units were being listed and
/// `written` (what the command has written, or nothing).
pub fn plan_or_stop(
    n: usize,
    search: &SearchArgs,
    written: &str,
) -> Result<Result<Box<dyn Plan>, resumable::Stopped>, CommandError> {
    let stop = install_signals()?;
    let counter = counter(n, search)?;
    resumable::set_last_words(move || listing(n), written, false);
    match stop.watch(|| counter.plan()) {
        Some(plan) => Ok(Ok(plan.map_err(|e| CommandError::Usage(e.to_string()))?)),
        None => Ok(Err(resumable::Stopped {
            reason: crate::signals::reason(stop).unwrap_or_else(|| "a stop request".to_string()),
            progress: listing(n),
            resumable: false,
        })),
    }
}

/// How far a run stopped while its plan was built got.
fn listing(n: usize) -> String {
    format!("the units of n = {n} were being listed, none was counted")
}

/// Fails loudly if there is any disagreement in `mismatches` ([`known::failure`]).
pub fn fail_on_mismatches(mismatches: &[String], against: &Source) -> Result<(), CommandError> {
    known::failure(mismatches, against).map_or(Ok(()), |m| Err(CommandError::Failed(m)))
}

/// Installs the SIGINT/SIGTERM handling of [`crate::signals`] before any work (the speed
/// calibration of [`warn_if_long`] included): the flag they raise.
pub fn install_signals() -> Result<&'static queens::plan::stop::StopFlag, CommandError> {
    crate::signals::install().map_err(|e| {
        CommandError::Failed(format!("cannot install the SIGINT/SIGTERM handlers: {e}"))
    })
}

/// Writes `bytes` to stdout (a closed pipe is a normal end).
pub fn to_stdout(bytes: &[u8]) -> Result<(), CommandError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Warns on stderr before `part` of `plan` if it would take over an hour on the threads of
/// `search` ([`queens::console::long_size::warn_if_long`]).
pub fn warn_if_long(plan: &dyn Plan, part: Part, search: &SearchArgs, rows: &[Row]) {
    queens::console::long_size::warn_if_long(
        plan,
        part,
        || search.kernel().ok(),
        || search.thread_count(),
        rows,
    );
}
