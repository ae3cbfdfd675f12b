//! `queens count` of whole sizes: each row streamed to stdout and the `--csv` file as its size
//! finishes, then the other outputs; a stop writes the finished rows and names the size.

use super::checkpoint;
use super::job::WholeJob;
use super::stop::{joined, not_written, sizes, stopped_error, written_text};
use crate::commands::resumable::{PartEnd, Stopped, run_part_stoppable};
use crate::commands::rows::write_human;
use crate::commands::warn_if_long;
use crate::commands::{CommandError, install_signals, plan_or_stop, report_mismatches, to_stdout};
use crate::output::Destination;
use queens::console::row_stream::RowStream;
use queens::console::stopped::stdout_closed;
use queens::formats::table::{self, Row};
use queens::plan::Part;

/// Runs a count of whole sizes.
pub fn run(whole: &WholeJob) -> Result<(), CommandError> {
    let (job, outputs) = (&whole.job, &whole.outputs);
    install_signals()?;
    let human_columns = &outputs.human_columns;
    let mut out = RowStream::new(
        &job.sizes,
        (job.search.engine(), job.search.thread_count()),
        outputs.csv.as_ref(),
        outputs.human_on_stdout.then(|| human_columns.clone()),
    );
    let mut rows: Vec<Row> = Vec::with_capacity(job.sizes.len());
    let mut stopped = None;
    // The size after which stdout was closed (`| head`), if it was.
    let mut stdout_was_closed = false;
    for &n in &job.sizes {
        let checkpoint = checkpoint::for_size(job, n, Part::WHOLE);
        let written = written_text(&rows, &Vec::from_iter(out.csv_written()));
        let plan = match plan_or_stop(n, &job.search, &written)? {
            Ok(plan) => plan,
            Err(s) => {
                // The units journaled by an earlier run are still there.
                let resumable = checkpoint.as_deref().is_some_and(std::path::Path::is_file);
                stopped = Some((n, Stopped { resumable, ..s }));
                break;
            }
        };
        if job.warn {
            warn_if_long(plan.as_ref(), Part::WHOLE, &job.search, &rows);
        }
        let end = run_part_stoppable(
            plan.as_ref(),
            Part::WHOLE,
            &job.search,
            checkpoint::journal(job, checkpoint.as_deref()),
            job.quiet,
            &written,
        )?;
        match end {
            PartEnd::Done(done) => {
                let counts = done
                    .counts()
                    .map_err(|e| CommandError::Failed(e.to_string()))?;
                let mut row = Row::from_counts(&counts);
                row.reverify(&whole.known);
                rows.push(row);
                match out.row(&rows) {
                    // A closed stdout (`| head`) ends the count, the rows finished still
                    // written to the other outputs and checked.
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                        stdout_was_closed = true;
                        break;
                    }
                    other => other?,
                }
            }
            PartEnd::Stopped(s) => {
                stopped = Some((n, s));
                break;
            }
        }
    }
    let mut kept = out.finish(&rows)?;
    // Every file the rows are written to, for the message of a stop.
    let mut files: Vec<&Destination> = out.csv_written().into_iter().collect();
    let mut failures = Vec::new();
    if let Some(dest) = &outputs.human_file {
        // A run that finished no size leaves a file as it was and creates none (a FIFO or
        // device still gets the table's head, so that its reader sees the end).
        if rows.is_empty() && !dest.writes_through() {
            kept.extend(dest.replaces_a_file().then_some(dest));
        } else if let Err(e) = write_human(dest, &rows, human_columns) {
            // Not lost: to stdout, unless another output has it (the rows are there).
            let taken = outputs.exports.use_stdout() || outputs.csv == Some(Destination::Stdout);
            if !taken && e.kind() != std::io::ErrorKind::BrokenPipe {
                to_stdout(table::human_table(&rows, human_columns).as_bytes())?;
            }
            failures.push(not_written(e, &rows, &[], None, "on stdout"));
        } else {
            files.push(dest);
        }
    }
    if !rows.is_empty() {
        // A failed export is one more failure: the others, and a stop, are still said.
        match outputs.exports.write(&rows, &whole.meta) {
            Ok(()) => files.extend(outputs.exports.files()),
            Err(e) => failures.push(not_written(e, &[], &[], None, "")),
        }
    }
    let where_rows =
        if outputs.human_on_stdout || outputs.exports.use_stdout() || !failures.is_empty() {
            "on stdout".to_string()
        } else if let Some(Destination::File(p)) = &outputs.human_file {
            format!("in '{}'", p.display())
        } else {
            "in the other outputs".to_string()
        };
    if let Some(e) = out.failed.take() {
        let held = &rows[..out.held()];
        if let (std::io::ErrorKind::BrokenPipe, Some(Destination::File(p))) =
            (e.kind(), &outputs.csv)
        {
            // A FIFO's reader that left early (as `| head` closes stdout): a normal end, but
            // said, since the file did not get every row.
            let got = match held {
                [] => "no row".to_string(),
                held => format!("the rows for n = {}", sizes(held)),
            };
            crate::note(&format!(
                "queens: note: the reader of '{}' left early: it got {got}; the rows for n = {} \
                 are {where_rows}",
                p.display(),
                sizes(&rows)
            ));
        }
        failures.insert(
            0,
            not_written(e, &rows, held, outputs.csv.as_ref(), &where_rows),
        );
    }
    let failed = joined(failures);
    if stdout_was_closed {
        let done: Vec<usize> = rows.iter().map(|r| r.n).collect();
        if let Some(note) = stdout_closed(&job.sizes, &done, &files, "counted") {
            crate::note(&note);
        }
    }
    if let Some((n, s)) = stopped {
        let mut e = stopped_error(n, &s, &rows, &files, &kept);
        if let (Some(CommandError::Io(why)), CommandError::Failed(text)) = (&failed, &mut e) {
            *text += &format!("; {why}");
        }
        return Err(e);
    }
    // A mismatch is said (exit 1) whatever else failed: a wrong value outranks a lost file.
    crate::commands::rows::ended(failed, report_mismatches(&rows, &whole.known))
}
