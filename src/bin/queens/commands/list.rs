//! `queens list`: stream solutions in lexicographic order, in constant memory, in any
//! notation. Arguments → [`queens::formats::solutions`] → output.

use super::CommandError;
use crate::cli::{FromArg, parse_size_arg};
use crate::output_args::ListFormat;
use crate::progress::Progress;
use clap::Args;
use queens::board::Solution;
use queens::board::notation::Notation;
use queens::board::reader;
use queens::classify;
use queens::formats::export::classes::write_classes;
use queens::formats::solutions::{self, ListOptions};
use std::io;

/// `queens list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N", value_parser = parse_size_arg)]
    pub n: usize,
    /// Only the canonical representative of each class (the smallest of its 8 images).
    #[arg(long)]
    pub classes: bool,
    /// Only the class of this board (a solution of size N in any notation, e.g.
    /// "0 4 7 5 2 6 1 3" or 15863724): its distinct images under the 8 symmetries.
    #[arg(long, value_name = "BOARD", conflicts_with = "classes")]
    pub orbit: Option<String>,
    /// The notation of --orbit's board.
    #[arg(long, value_name = "NOTATION", default_value = "auto", value_parser = FromArg::parser())]
    pub from: FromArg,
    /// Output format: a notation, or with --classes json or markdown [default: cols; with
    /// --orbit, the notation of its board].
    #[arg(long, value_parser = ListFormat::parser())]
    pub format: Option<ListFormat>,
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    pub limit: Option<u64>,
    /// Write to FILE instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<String>,
    /// With --classes: the classes as JSON in FILE (`-`: stdout): `--format json -o FILE`.
    #[arg(long, value_name = "FILE", requires = "classes", conflicts_with_all = ["output", "format", "markdown"])]
    pub json: Option<String>,
    /// With --classes: the classes as a Markdown table in FILE (`-`: stdout): `--format
    /// markdown -o FILE`.
    #[arg(long, value_name = "FILE", requires = "classes", conflicts_with_all = ["output", "format"])]
    pub markdown: Option<String>,
    /// `--quiet`, from the top level.
    #[arg(from_global)]
    pub quiet: bool,
}

impl ListArgs {
    /// Reads `--json` or `--markdown FILE` as `--format json|markdown -o FILE` (clap refuses
    /// them beside `-o`, `--format` or each other, and without --classes).
    pub(crate) fn fold_file_flags(&mut self) {
        let flags = [
            (self.json.take(), ListFormat::Json),
            (self.markdown.take(), ListFormat::Markdown),
        ];
        for (file, format) in flags {
            if let Some(file) = file {
                self.format = Some(format);
                self.output = Some(file).filter(|f| f != "-");
            }
        }
    }
}

/// Reads a board given on the command line (`--orbit`, `render --solution`) in `from`, or in
/// the notation it looks like, and checks it is a solution of size `n`; `what` names the
/// option in messages.
pub fn board_arg(
    text: &str,
    from: FromArg,
    n: usize,
    what: &str,
) -> Result<Solution, CommandError> {
    board_arg_read(text, from, n, what).map(|(board, _)| board)
}

/// [`board_arg`], with the notation the board was read in.
pub fn board_arg_read(
    text: &str,
    from: FromArg,
    n: usize,
    what: &str,
) -> Result<(Solution, Notation), CommandError> {
    let raw = reader::parse_one(text, from.notation())
        .map_err(|e| CommandError::Usage(format!("{what}: not a solution: {e}")))?;
    if raw.n() != n {
        return Err(CommandError::Usage(format!(
            "{what}: the board has {} but N is {n}",
            queens::board::plural(raw.n() as u64, "column")
        )));
    }
    let board = raw
        .solution()
        .map_err(|e| CommandError::Usage(format!("{what}: not a solution: {}", e.message())))?;
    Ok((board, raw.notation))
}

/// A progress report for writing about `expected` boards, `None` when that is quick or
/// unknown; every unit is [`solutions::PROGRESS_EVERY`] boards.
pub fn board_progress(quiet: bool, label: &str, expected: Option<u128>) -> Option<Progress> {
    let expected = expected?;
    // Below a million boards a list takes well under a second: no report.
    if expected < 1_000_000 {
        return None;
    }
    let units = u64::try_from(expected.div_ceil(u128::from(solutions::PROGRESS_EVERY))).ok()?;
    Some(Progress::start(
        super::progress_mode(quiet),
        label,
        units,
        0.0,
    ))
}

/// The published number of boards (or classes) of `n`, if known.
fn expected(n: usize, classes: bool) -> Option<u128> {
    let row = queens::verify::lookup(n)?;
    if classes { row.classes } else { row.total }
}

/// Runs `queens list`.
pub fn run(args: &ListArgs) -> Result<(), CommandError> {
    let table = args.format.and_then(ListFormat::table_format);
    if table.is_some() && !args.classes {
        return Err(CommandError::Usage(
            "--format json and markdown write the table of --classes (class, canonical, \
             symmetry, class_size); list every board with --format csv or leetcode"
                .to_string(),
        ));
    }
    let given = args.format.and_then(ListFormat::notation);
    if let Some(notation) = given {
        notation
            .check_n(args.n)
            .map_err(|e| CommandError::Usage(format!("--format {notation}: {e}")))?;
    }
    let orbit = args
        .orbit
        .as_deref()
        .map(|text| board_arg_read(text, args.from, args.n, "--orbit"))
        .transpose()?;
    // --orbit's class is written in the notation its board was given in, unless --format says.
    let notation = given
        .or(orbit.as_ref().map(|&(_, read)| read))
        .unwrap_or(Notation::Cols);
    let orbit = orbit.map(|(board, _)| board);
    let dest = super::output_destination(args.output.as_deref())?;
    let result = dest.write_with(|w| {
        if let Some(board) = &orbit {
            let members = classify::orbit_members(board);
            return solutions::write_orbit(w, &members, notation, args.limit).map(|_| ());
        }
        let options = ListOptions {
            notation,
            classes: args.classes,
            limit: args.limit,
        };
        let progress = board_progress(
            args.quiet,
            &format!(
                "list n={} (units of {} boards)",
                args.n,
                solutions::PROGRESS_EVERY
            ),
            expected(args.n, args.classes)
                .map(|e| e.min(u128::from(args.limit.unwrap_or(u64::MAX)))),
        );
        let tick = |_| {
            if let Some(p) = &progress {
                p.unit_done(0, u128::from(solutions::PROGRESS_EVERY));
            }
        };
        let by_class = table.is_some() || notation.is_single_line();
        let written = if args.classes && by_class {
            write_classes(w, args.n, table, notation, args.limit, tick)
        } else {
            solutions::write_solutions(w, args.n, &options, tick)
        };
        if let Some(p) = progress {
            match &written {
                // Written to its end: every unit is done, the last one seldom whole.
                Ok(w) => p.complete(u128::from(*w)),
                Err(_) => p.finish(),
            }
        }
        let written = written?;
        if written == 0 && args.limit != Some(0) && !args.quiet {
            crate::note(&format!("queens: no solutions for n = {}", args.n));
        }
        Ok(())
    });
    match result {
        // A closed pipe (`queens list 16 | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
