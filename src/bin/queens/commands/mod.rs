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
use queens::console::outputs::TableOutputs;
use queens::formats::export::RunMeta;
use queens::formats::export::request::Request;
use queens::formats::table::Row;
use queens::plan::{Part, Plan};
use queens::rules::Rules;
use queens::verify::{KnownTable, Source};
pub use resumable::compute_counts;
pub use rows::{report_mismatches, write_human};
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
/// `--known` file. `rules`: the rules counted, whose published table is the default and the
/// only rules a `--known` table may have; `None` for `merge`, whose parts name their rules.
pub fn table_job(
    request: &Request,
    args: &KnownArgs,
    rules: Option<Rules>,
    threads: Option<u16>,
) -> Result<(TableOutputs, KnownTable, RunMeta), CommandError> {
    let outputs = TableOutputs::check(request).map_err(CommandError::Usage)?;
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

/// The plan of the count that `search` asks for ([`counter`]).
pub fn build_plan(n: usize, search: &SearchArgs) -> Result<Box<dyn Plan>, CommandError> {
    counter(n, search)?
        .plan()
        .map_err(|e| CommandError::Usage(e.to_string()))
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
