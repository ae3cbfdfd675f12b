//! `queens classify`: the symmetry follow-up for every board of a file, streamed: boards in
//! any notation are read line by line ([`queens::board::reader`]), classified and written at
//! once, in constant memory. Progress: in MiB read for a file of 8 MiB or more, else (stdin,
//! small files) a count of the boards read once the run lasts a few seconds. An input that is
//! clearly not boards (binary, or no board among its first lines) stops with one message.

use super::CommandError;
use crate::cli::ClassifyArgs;
use crate::progress::{CountProgress, Progress};
use queens::board::notation::{self, Notation};
use queens::board::reader::BoardReader;
use queens::classify::{ClassNumbers, Classification, Summary, classify};
use queens::formats::table::{self, Layout};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};

/// The CSV header of `--format csv`.
pub const CSV_HEADER: [&str; 8] = [
    "line",
    "n",
    "board",
    "canonical",
    "symmetry",
    "class_size",
    "to_canonical",
    "class",
];

/// The headings of the human table.
const HEADINGS: [&str; 7] = [
    "line",
    "board",
    "canonical",
    "class",
    "symmetry",
    "class_size",
    "to_canonical",
];

/// Rows the human table holds back to size its columns; later rows use those widths (and
/// stretch their own field when it is wider).
const SIZING_ROWS: usize = 256;

/// Input files at least this large show progress (one unit per MiB read).
const PROGRESS_BYTES: u64 = 8 << 20;

/// One classified board, as written.
struct Classified {
    line: usize,
    c: Classification,
    number: Option<usize>,
}

/// Writes the classifications one by one in the chosen format.
struct Output<'a> {
    out: &'a mut dyn Write,
    csv: bool,
    notation: Notation,
    held: Vec<[String; 7]>,
    /// The human table's layout, once its first rows sized it.
    table: Option<Layout>,
    csv_started: bool,
}

impl Output<'_> {
    fn fields(&self, k: &Classified) -> [String; 7] {
        [
            k.line.to_string(),
            notation::to_string(self.notation, k.c.board.cols()),
            notation::to_string(self.notation, k.c.canonical.cols()),
            k.number.map_or_else(String::new, |k| k.to_string()),
            k.c.symmetry.name().to_string(),
            k.c.class_size.to_string(),
            k.c.transform_names(),
        ]
    }

    fn flush_held(&mut self) -> io::Result<()> {
        if self.table.is_none() {
            if self.held.is_empty() {
                return Ok(());
            }
            // Numbers right-aligned (line, class, class_size), words left-aligned.
            let mut table = Layout::new(&HEADINGS, |i| !matches!(i, 0 | 3 | 5));
            for row in &self.held {
                table.fit(row);
            }
            self.out.write_all(table.header().as_bytes())?;
            self.table = Some(table);
        }
        let table = self.table.as_ref().expect("sized");
        for row in std::mem::take(&mut self.held) {
            self.out.write_all(table.line(&row).as_bytes())?;
        }
        Ok(())
    }

    fn csv_header(&mut self) -> io::Result<()> {
        self.csv_started = true;
        self.out.write_all(table::csv_line(&CSV_HEADER)?.as_bytes())
    }

    fn push(&mut self, k: &Classified) -> io::Result<()> {
        let f = self.fields(k);
        match self.csv {
            true => {
                if !self.csv_started {
                    self.csv_header()?;
                }
                let n = k.c.board.n().to_string();
                let record = [&f[0], &n, &f[1], &f[2], &f[4], &f[5], &f[6], &f[3]];
                self.out.write_all(table::csv_line(&record)?.as_bytes())
            }
            false => {
                if let Some(table) = &self.table {
                    self.out.write_all(table.line(&f).as_bytes())
                } else {
                    self.held.push(f);
                    if self.held.len() >= SIZING_ROWS {
                        self.flush_held()
                    } else {
                        Ok(())
                    }
                }
            }
        }
    }

    fn finish(&mut self) -> io::Result<()> {
        if self.csv && !self.csv_started {
            self.csv_header()?;
        }
        self.flush_held()
    }
}

/// What a run found, for the exit code.
#[derive(Debug, Default)]
struct Tally {
    good: u64,
    bad: u64,
}

/// Opens FILE, or stdin for none or `-`, with its size when known.
fn open(file: Option<&str>) -> Result<(Box<dyn BufRead>, Option<u64>), CommandError> {
    match file {
        None | Some("-") => Ok((Box::new(io::stdin().lock()), None)),
        Some(path) => {
            let cannot = |e: &dyn std::fmt::Display| {
                CommandError::Usage(format!("cannot read '{path}': {e}"))
            };
            let meta = std::fs::metadata(path).map_err(|e| cannot(&e))?;
            if meta.is_dir() {
                return Err(cannot(&"it is a directory"));
            }
            let f = File::open(path).map_err(|e| cannot(&e))?;
            Ok((
                Box::new(BufReader::with_capacity(1 << 16, f)),
                Some(meta.len()),
            ))
        }
    }
}

/// The progress report of one input: in MiB read when its size is known and large, else a
/// count of the boards read.
enum Report {
    Sized(Progress),
    Counting(CountProgress),
}

/// Classifies every board `input` (called `name` in messages) holds onto `out`, reporting bad
/// lines on stderr as they come; returns the counts and the summary, and an error that ends
/// the run (then the output is not kept).
fn classify_stream(
    input: Box<dyn BufRead>,
    name: &str,
    size_hint: Option<u64>,
    args: &ClassifyArgs,
    out: &mut dyn Write,
) -> io::Result<(Tally, Summary, Result<(), CommandError>)> {
    let mut reader = BoardReader::new(input, args.from.notation()).stop_if_not_boards();
    let mut numbers = ClassNumbers::new();
    let mut summary = Summary::new();
    let mut tally = Tally::default();
    let (csv, notation) = args.layout().map_err(io::Error::other)?;
    let mut output = Output {
        out,
        csv,
        notation,
        held: Vec::new(),
        table: None,
        csv_started: false,
    };
    let mode = super::progress_mode(args.quiet);
    // Progress starts with the first board, so that input which is not boards ends with its
    // one message and no progress lines.
    let start_progress = || match size_hint.filter(|&s| s >= PROGRESS_BYTES) {
        Some(s) => Report::Sized(Progress::start(
            mode,
            "classify (MiB read)",
            s.div_ceil(1 << 20),
            0.0,
        )),
        None => Report::Counting(CountProgress::start(mode, "classify", "boards read", name)),
    };
    let mut progress: Option<Report> = None;
    let mut reported_notation = false;
    let mut mib_done = 0;
    let mut boards_since = 0u128;
    let mut outcome = Ok(());
    while let Some(item) = reader.next() {
        if !reported_notation && let Some(found) = reader.notation() {
            reported_notation = true;
            if reader.detected() && found != Notation::Cols && !args.quiet {
                crate::signals::say(&format!(
                    "queens: reading the input as {} (--from settles it)",
                    found.describe()
                ));
            }
        }
        let checked = item.and_then(|raw| match args.size {
            Some(n) if raw.n() != n => Err(queens::board::LineError {
                line: raw.line,
                error: queens::board::ParseSolutionError::Other(format!(
                    "wrong length: {} columns, expected {n} (--size {n})",
                    raw.n()
                )),
                hint: None,
            }),
            _ => raw.solution().map(|s| (raw.line, s)),
        });
        match checked {
            Ok((line, board)) => {
                if let Err(e) = notation.check_n(board.n()) {
                    // Name the option the user gave for the output notation.
                    let option = if args.format.notation().is_some() {
                        "--format"
                    } else {
                        "--notation"
                    };
                    outcome = Err(CommandError::Usage(format!(
                        "{option} {notation}: line {line}: {e}"
                    )));
                    break;
                }
                let c = classify(&board);
                let number = numbers.number(c.canonical.cols());
                summary.record(&c, number);
                output.push(&Classified { line, c, number })?;
                tally.good += 1;
                boards_since += 1;
                progress.get_or_insert_with(start_progress);
            }
            Err(e) => {
                // Above the spinner or bar, if one is drawn.
                crate::signals::say(&format!("queens: {e}"));
                tally.bad += 1;
            }
        }
        match &progress {
            None => {}
            Some(Report::Sized(p)) => {
                // One unit per whole MiB read.
                let mib = reader.bytes_read() >> 20;
                while mib_done < mib {
                    mib_done += 1;
                    p.unit_done(0, std::mem::take(&mut boards_since));
                }
            }
            Some(Report::Counting(p)) => p.add(std::mem::take(&mut boards_since) as u64),
        }
    }
    let io_error = reader.take_io_error();
    let read_to_the_end = outcome.is_ok() && reader.not_boards().is_none() && io_error.is_none();
    match progress {
        None => {}
        Some(Report::Sized(p)) => {
            // The last MiB is seldom whole: a file read to its end is every unit done.
            if read_to_the_end {
                let units = size_hint.map_or(0, |s| s.div_ceil(1 << 20));
                while mib_done < units {
                    mib_done += 1;
                    p.unit_done(0, std::mem::take(&mut boards_since));
                }
            }
            p.finish()
        }
        Some(Report::Counting(p)) => p.finish(),
    }
    if let Some(why) = reader.not_boards() {
        return Ok((
            tally,
            summary,
            Err(CommandError::Usage(format!(
                "{name} is not a file of boards ({why}); see --from for the notations read"
            ))),
        ));
    }
    output.finish()?;
    if let Some(e) = io_error {
        outcome = Err(CommandError::Failed(format!("cannot read the input: {e}")));
    }
    Ok((tally, summary, outcome))
}

/// Runs `queens classify`.
pub fn run(args: &ClassifyArgs) -> Result<(), CommandError> {
    args.layout().map_err(CommandError::Usage)?;
    let dest = super::output_destination(args.output.as_deref())?;
    let (input, size) = open(args.file.as_deref())?;
    let name = match args.file.as_deref() {
        None | Some("-") => "stdin".to_string(),
        Some(path) => format!("'{path}'"),
    };
    let mut result = None;
    let written = dest.write_with(|w| {
        let r = classify_stream(input, &name, size, args, w)?;
        let ended = r.2.is_err();
        result = Some(r);
        if ended {
            // An error that ends the run: the output file is not kept.
            return Err(io::Error::other("the run ended early"));
        }
        Ok(())
    });
    if let Some((_, _, Err(e))) = result {
        return Err(e);
    }
    match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        other => other?,
    }
    let (tally, summary, _) = result.expect("the body ran");
    if !args.quiet {
        if summary.boards() == 0 {
            crate::note("queens: no boards in the input");
        } else {
            crate::note(&format!("queens: {summary}"));
        }
    }
    if tally.bad == 0 {
        Ok(())
    } else {
        Err(CommandError::Failed(format!(
            "{} of {} lines are not valid solutions (reported above)",
            tally.bad,
            tally.bad + tally.good
        )))
    }
}
