//! `queens merge`: sums the parts of split runs into verified results. Its arguments are in
//! [`args`].

mod args;

use super::{CommandError, check_known_rules, report_mismatches};
use crate::output;
use crate::progress::CountProgress;
pub use args::{LONG_HELP, MergeArgs};
use queens::console::outputs::{TableOutputs, check_bfile};
use queens::formats::export::RunMeta;
use queens::formats::merge;
use queens::formats::table::{self, Row};
use queens::verify::KnownTable;

/// `merge`'s arguments resolved: what the run needs, every destination checked.
struct Job {
    /// Where the merged rows go.
    outputs: TableOutputs,
    /// The table the merged rows are verified against.
    known: KnownTable,
    /// The run's metadata, for the JSON export.
    meta: RunMeta,
}

/// Resolves `args` (a usage error, before any work, if they cannot be run).
fn resolve(args: &MergeArgs) -> Result<Job, CommandError> {
    args.outputs.check().map_err(CommandError::Usage)?;
    let (outputs, known, meta) =
        super::table_job(&args.outputs, &inputs(args), &args.known, None, None)?;
    Ok(Job {
        outputs,
        known,
        meta,
    })
}

/// Runs `queens merge`.
pub fn run(args: MergeArgs, quiet: bool) -> Result<(), CommandError> {
    let Job {
        outputs: out,
        known,
        meta,
    } = resolve(&args)?;
    let merged = read_and_merge(&args.files, quiet)?;
    let rows: Vec<Row> = merged
        .iter()
        .map(|m| {
            let group = m.group(args.symmetries).map_err(CommandError::Usage)?;
            let mut row = m.row_under(group).map_err(|e| {
                CommandError::Failed(format!("the merged parts of n = {}: {e}", m.n))
            })?;
            if args.known.known.is_some() {
                check_known_rules(&known, &row.rules)?;
            }
            row.reverify(super::known_for_rules(&known, &args.known, &row.rules));
            Ok(row)
        })
        .collect::<Result<_, CommandError>>()?;
    // Sizes of one rules can still come out under two groups (torus parts written before
    // their stabilizers were kept take the square's, a size of no boards the torus's): one
    // table holds one.
    table::one_rules_and_group(&rows).map_err(|e| {
        CommandError::Failed(format!(
            "cannot merge into one table: {e}; merge them apart, or under one group with \
             --symmetries"
        ))
    })?;
    let sizes: Vec<usize> = rows.iter().map(|r| r.n).collect();
    super::check_known_covers(&known, &sizes)?;
    let engines: Vec<&str> = rows.iter().map(|r| r.engine.as_str()).collect();
    let rules: Vec<_> = rows.iter().map(|r| r.rules).collect();
    check_bfile(
        &args.outputs,
        &sizes,
        "merge the parts of every n in between too, or leave out --bfile",
        &engines,
        &rules,
        true,
    )
    .map_err(CommandError::Usage)?;
    if !quiet {
        for m in &merged {
            crate::note(&format!(
                "queens: merged {} parts of n = {} (engine {}, plan {})",
                m.parts, m.n, m.engine, m.plan
            ));
        }
    }
    // From here a signal ends a wait for a FIFO's reader, and the result goes to stdout
    // (before, reading endless parts from a pipe, it ends the run).
    super::install_signals()?;
    crate::signals::set_stopping("a wait for a FIFO's reader ends, its rows go to stdout");
    let human = table::human_table(&rows, &out.human_columns);
    let written = out.deliver(&rows, &meta, &human, false);
    // A mismatch is said (exit 1) whatever else failed: a wrong value outranks a lost file.
    super::rows::with_mismatches(written, report_mismatches(&rows, &known))
}

/// The files `merge` reads (the part files, `--known`), which no output may be.
fn inputs(args: &MergeArgs) -> Vec<(&str, Option<&std::path::Path>)> {
    let parts = (args.files.iter()).map(|f| ("input", Some(std::path::Path::new(f))));
    let known = args.known.known.as_deref().map(std::path::Path::new);
    parts.chain([("--known", known)]).collect()
}

/// Reads the part files `files` (`-`: stdin) and merges them: every problem of every file in
/// one error, or the merged sizes. A file that takes a while (a pipe of endless rows) shows
/// a count of the lines read ([`CountProgress`]: a spinner on a terminal, a heartbeat line in
/// a log, nothing for its first seconds or with `--quiet`).
fn read_and_merge(files: &[String], quiet: bool) -> Result<Vec<merge::Merged>, CommandError> {
    let mut problems = merge::Problems::new();
    let mut parts = Vec::new();
    for name in files {
        let input = output::open_input(name)
            .map_err(|e| CommandError::Usage(format!("cannot read '{name}': {e}")))?;
        let source = if name == "-" {
            "stdin".to_string()
        } else {
            format!("'{name}'")
        };
        let progress =
            CountProgress::start(super::progress_mode(quiet), "merge", "lines read", &source);
        let lines = progress.counter();
        parts.extend(merge::read_parts_counting(
            name,
            input,
            &mut problems,
            &lines,
        ));
        progress.finish();
    }
    if !problems.is_empty() {
        return Err(CommandError::Failed(problems.into_error().to_string()));
    }
    merge::merge(&parts).map_err(|e| CommandError::Failed(e.to_string()))
}
