//! `queens count`: a verified table of totals and classes, streamed: each row is printed (human
//! table or CSV on stdout) as its size finishes, the `--csv` file is rewritten atomically with
//! the finished rows after each size (a pipe, FIFO or device gets each line once), and a
//! SIGINT/SIGTERM writes the finished rows to every output and names the unfinished size. A
//! run stopped before any size finished leaves an existing file as it was; a `--csv` file that
//! cannot be written does not stop the count, whose rows still reach stdout (exit 3 at the
//! end, naming the file).

use super::resumable::{PartEnd, Stopped, resume_hint, run_part_stoppable};
use super::rows::note_nodes_not_compared;
use super::{CommandError, install_signals, known_table, report_mismatches, warn_if_long};
use crate::cli::{CountArgs, SearchArgs};
use crate::output::{Destination, Stream};
use queens::formats::export::Format;
use queens::formats::table::{self, CSV_HEADER, Row};
use queens::plan::Part;
use std::io::Write;

/// Runs `queens count`.
pub fn run(args: &CountArgs, quiet: bool) -> Result<(), CommandError> {
    refuse_overlaps(args)?;
    if let Some(spec) = &args.part {
        check_part_args(args)?;
        super::count_part::check_checkpoint(args)?;
        install_signals()?;
        return super::count_part::run(args, spec, quiet);
    }
    let csv = super::csv_destination(args.outputs.file(Format::Csv))?;
    let known = known_table(&args.known)?;
    let columns = args.outputs.columns();
    let exports = super::exports::plan(&args.outputs, csv.as_ref())?;
    // `-o FILE` (--format human): the human table goes there, not to stdout.
    let human_file = super::human_destination(args.outputs.human_to.as_deref())?;
    // An export that goes to stdout replaces the human table there.
    let human = !exports.use_stdout() && csv != Some(Destination::Stdout);
    super::exports::check_columns_used(
        columns.is_some(),
        human || human_file.is_some(),
        args.outputs.file(Format::Markdown).is_some(),
    )?;
    let engine = args.search.engine().name();
    super::exports::check_bfile(
        &args.outputs,
        &args.sizes.0,
        "give a range such as 1-14",
        &[engine],
    )?;
    super::count_part::check_checkpoint(args)?;
    let meta = queens::formats::export::RunMeta::now(args.search.threads.map(usize::from))
        .verified_against(known.source());
    install_signals()?;
    let human_columns = columns.map_or_else(table::human_columns, <[_]>::to_vec);
    let mut out = RowStream::new(
        &args.sizes.0,
        &args.search,
        csv.as_ref(),
        (human && !args.outputs.redirected()).then(|| human_columns.clone()),
    );
    let mut rows: Vec<Row> = Vec::with_capacity(args.sizes.0.len());
    let mut stopped = None;
    for &n in &args.sizes.0 {
        let plan = super::build_plan(n, &args.search)?;
        if !quiet && !args.yes {
            warn_if_long(plan.as_ref(), Part::WHOLE, &args.search, &rows);
        }
        let checkpoint = super::count_part::checkpoint_for(args, n, Part::WHOLE);
        let written = written_text(&rows, out.csv_written());
        match run_part_stoppable(
            plan.as_ref(),
            Part::WHOLE,
            &args.search,
            checkpoint.as_deref(),
            quiet,
            &written,
        )? {
            PartEnd::Done(done) => {
                let counts = done
                    .counts()
                    .map_err(|e| CommandError::Failed(e.to_string()))?;
                let mut row = Row::from_counts(&counts);
                row.reverify(&known);
                rows.push(row);
                out.row(&rows)?;
            }
            PartEnd::Stopped(s) => {
                stopped = Some((n, s));
                break;
            }
        }
    }
    let mut kept = out.finish(&rows)?;
    if let Some(dest) = &human_file {
        // A run that finished no size leaves a finished table as it was.
        if rows.is_empty() && dest.replaces_a_file() {
            kept.push(dest);
        } else {
            super::rows::write_human(dest, &rows, &human_columns)?;
        }
    }
    if !rows.is_empty() {
        exports.write(&rows, &meta)?;
    }
    let where_rows = if (human && !args.outputs.redirected()) || exports.use_stdout() {
        "on stdout".to_string()
    } else if let Some(Destination::File(p)) = &human_file {
        format!("in '{}'", p.display())
    } else {
        "in the other outputs".to_string()
    };
    let failed = out
        .failed
        .take()
        .map(|e| not_written(e, &rows, &where_rows));
    if let Some((n, s)) = stopped {
        let mut e = stopped_error(n, &s, &rows, out.csv_written(), &kept);
        if let (Some(CommandError::Io(why)), CommandError::Failed(text)) = (&failed, &mut e) {
            *text += &format!("; {why}");
        }
        return Err(e);
    }
    if let Some(e) = failed {
        return Err(e);
    }
    note_nodes_not_compared(&rows, &known);
    report_mismatches(&rows, &known)
}

/// The error of a `--csv` file that could not be written (`e`, which names it), saying where
/// the rows are instead. A closed pipe stays one (a normal end, as on stdout).
fn not_written(e: std::io::Error, rows: &[Row], where_rows: &str) -> CommandError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return CommandError::from(e);
    }
    let rows = if rows.is_empty() {
        String::new()
    } else {
        let ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
        format!(
            "; the rows for n = {} are {where_rows}",
            table::sizes_text(&ns)
        )
    };
    CommandError::Io(format!("{e}: the file was not written{rows}"))
}

/// Refuses an output (`--csv`, an export) that is also an input (`--known`, a checkpoint).
fn refuse_overlaps(args: &CountArgs) -> Result<(), CommandError> {
    // The checkpoint files in a --checkpoint folder are inputs too.
    let checkpoints = super::count_part::checkpoints(args);
    let inputs: Vec<(&str, Option<&std::path::Path>)> = [
        ("--checkpoint", args.checkpoint.as_deref()),
        (
            "--known",
            args.known.known.as_deref().map(std::path::Path::new),
        ),
    ]
    .into_iter()
    .chain(
        checkpoints
            .iter()
            .map(|p| ("--checkpoint", Some(p.as_path()))),
    )
    .collect();
    super::refuse_outputs_that_are_inputs(&args.outputs.named(), &inputs)
}

/// The usage checks of `--part`: no whole-result exports, no n = 0.
fn check_part_args(args: &CountArgs) -> Result<(), CommandError> {
    if args.outputs.human_to.is_some() {
        return Err(CommandError::Usage(
            "a part is written as CSV for `queens merge`: give --csv FILE (or --format csv -o \
             FILE), not -o with --format human"
                .to_string(),
        ));
    }
    if args
        .outputs
        .files()
        .any(|(info, _)| info.name != Format::Csv.name())
    {
        return Err(CommandError::Usage(format!(
            "{} export whole results, not parts: give them to `queens merge` with the parts",
            args.outputs.exports_text()
        )));
    }
    if args.sizes.0.contains(&0) {
        return Err(CommandError::Usage(
            "n = 0 (the empty board) is a single unit, not split into parts: count it \
             without --part"
                .to_string(),
        ));
    }
    Ok(())
}

/// The error of a run stopped during size `n`: how far it got, what is written, which files
/// were `kept` as they were, how to resume.
fn stopped_error(
    n: usize,
    s: &Stopped,
    rows: &[Row],
    csv: Option<&Destination>,
    kept: &[&Destination],
) -> CommandError {
    let written = written_text(rows, csv);
    let resume = if s.resumable {
        format!("; {}", resume_hint())
    } else {
        String::new()
    };
    CommandError::Failed(format!(
        "stopped by {} during n = {n}: {}; {written}{}{resume}",
        s.reason,
        s.progress,
        kept_text(kept)
    ))
}

/// `; 'o.csv' and 't.txt' were left as they were`, or nothing when no file was kept.
fn kept_text(kept: &[&Destination]) -> String {
    let names: Vec<String> = kept
        .iter()
        .filter_map(|d| match d {
            Destination::File(p) => Some(format!("'{}'", p.display())),
            Destination::Stdout => None,
        })
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("; {one} was left as it was"),
        [first @ .., last] => format!("; {} and {last} were left as they were", first.join(", ")),
    }
}

/// `rows for n = 1 to 17 are written (stdout, 'r.csv')`, or that none is.
fn written_text(rows: &[Row], csv: Option<&Destination>) -> String {
    if rows.is_empty() {
        return "no size was finished".to_string();
    }
    let ns: Vec<usize> = rows.iter().map(|r| r.n).collect();
    let file = match csv {
        Some(Destination::File(p)) => format!(" (also to '{}')", p.display()),
        _ => String::new(),
    };
    format!("rows for n = {} are written{file}", table::sizes_text(&ns))
}

/// The outputs rows stream to: the human table (of the chosen columns, with the footer line
/// at the end) or CSV on stdout, a line each as its size finishes, and the `--csv` file,
/// rewritten atomically with every finished row (a pipe, FIFO or device gets each line once:
/// [`Stream`]).
struct RowStream<'a> {
    csv: Option<&'a Destination>,
    /// The `--csv` file (not stdout) as it is streamed.
    file: Option<Stream<'a>>,
    /// The failure that ended writing the `--csv` file: the rows go on to the other outputs.
    failed: Option<std::io::Error>,
    human: Option<Vec<usize>>,
    widths: [usize; 12],
    started: bool,
}

impl<'a> RowStream<'a> {
    fn new(
        sizes: &[usize],
        search: &SearchArgs,
        csv: Option<&'a Destination>,
        human: Option<Vec<usize>>,
    ) -> Self {
        RowStream {
            csv,
            file: csv
                .filter(|d| matches!(d, Destination::File(_)))
                .map(Stream::new),
            failed: None,
            human: human.filter(|_| csv != Some(&Destination::Stdout)),
            widths: column_widths(sizes, search),
            started: false,
        }
    }

    /// Streams the last of `rows`, just finished.
    fn row(&mut self, rows: &[Row]) -> Result<(), CommandError> {
        let row = rows.last().expect("a row was just added");
        let mut text = String::new();
        if self.csv == Some(&Destination::Stdout) {
            if !self.started {
                text += &table::csv_line(&CSV_HEADER)?;
            }
            text += &table::csv_line(&row.fields())?;
        } else if self.human.is_some() {
            if !self.started {
                text += &self.line(&CSV_HEADER.map(String::from));
            }
            text += &crate::style::verdicts(&self.line(&row.display_fields()), false);
        }
        self.started = true;
        // The file first: once a row is on stdout, the file holds it too. A file that cannot
        // be written is given up, not the count: its rows go on to stdout.
        self.update_file(rows);
        if !text.is_empty() {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
        Ok(())
    }

    /// Writes `rows` to the `--csv` file, unless it failed before; a failure is kept for the
    /// end.
    fn update_file(&mut self, rows: &[Row]) {
        if let Some(file) = &mut self.file
            && self.failed.is_none()
            && let Err(e) = file.update(|w| table::write_csv(rows, w))
        {
            self.failed = Some(e);
        }
    }

    /// The `--csv` destination while it is written well (`None` after a failure).
    fn csv_written(&self) -> Option<&'a Destination> {
        self.csv.filter(|_| self.failed.is_none())
    }

    /// Ends the stream: a `--csv` file is written even when no size finished (its header),
    /// unless it would replace a file, which is then left as it was (and returned); the human
    /// table gets its footer line (engine, kernel, threads, time).
    fn finish(&mut self, rows: &[Row]) -> Result<Vec<&'a Destination>, CommandError> {
        let mut kept = Vec::new();
        if rows.is_empty()
            && let Some(dest @ Destination::File(_)) = self.csv
        {
            if dest.replaces_a_file() {
                kept.push(dest);
            } else {
                self.update_file(rows);
            }
        }
        if let Some(columns) = &self.human
            && let Some(footer) = table::footer(rows, columns)
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{footer}")?;
            out.flush()?;
        }
        Ok(kept)
    }

    /// One line of the human table: as [`table::human_table`] lays it out, with the widths
    /// fixed before the first row.
    fn line(&self, fields: &[String; 12]) -> String {
        let columns = self.human.as_deref().unwrap_or(&[]);
        human_line(fields, &self.widths, columns)
    }
}

/// One line of the streamed human table: the `columns` of `fields`, in `widths`.
fn human_line(fields: &[String; 12], widths: &[usize; 12], columns: &[usize]) -> String {
    let picked: Vec<&str> = columns.iter().map(|&i| fields[i].as_str()).collect();
    let w: Vec<usize> = columns.iter().map(|&i| widths[i]).collect();
    table::layout(columns).with_widths(&w).line(&picked)
}

/// The widths of the streamed human table: [`table::streamed_widths`] of the sizes, engine and
/// threads asked for.
fn column_widths(sizes: &[usize], search: &SearchArgs) -> [usize; 12] {
    table::streamed_widths(sizes, search.engine(), search.thread_count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    /// The header line of the streamed table of `count ARGS…`, as its widths lay it out.
    fn header_line(args: &[&str]) -> String {
        let cli = Cli::try_parse_from([&["queens", "count"], args].concat()).unwrap();
        let Command::Count(count) = cli.command else {
            unreachable!("a count")
        };
        let widths = column_widths(&count.sizes.0, &count.search);
        let columns = (count.outputs.columns()).map_or_else(table::human_columns, <[_]>::to_vec);
        human_line(&CSV_HEADER.map(String::from), &widths, &columns)
    }

    #[test]
    fn the_default_table_fits_100_columns_up_to_the_published_record() {
        // Widths only grow with the sizes asked for, so 0-27 bounds every range up to 27.
        for threads in ["1", "2", "64"] {
            let line = header_line(&["0-27", "--threads", threads]);
            let width = line.trim_end().chars().count();
            assert!(
                width <= 100,
                "{width} characters on {threads} threads: {line}"
            );
        }
        let line = header_line(&["0-27", "--threads", "1"]);
        // What the header measures for n up to 27 (README: "Exports for papers and OEIS").
        assert_eq!(line.trim_end().chars().count(), 95, "{line}");
        assert_eq!(
            line.split_whitespace().collect::<Vec<_>>(),
            table::HUMAN_COLUMNS
        );
        assert!(header_line(&["1-16", "--threads", "1"]).trim_end().len() <= 100);
        // Every column at once is wider: that is what --columns all is for.
        let all = header_line(&["0-27", "--threads", "1", "--columns", "all"]);
        assert!(all.trim_end().chars().count() > 100, "{all}");
    }
}
