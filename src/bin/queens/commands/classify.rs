//! `queens classify`: the symmetry follow-up for every board of a file, streamed: boards in
//! any notation are read line by line ([`queens::board::reader`]), classified and written at
//! once, in constant memory. Progress: in MiB read for a file of 8 MiB or more, else (stdin,
//! small files) a count of the boards read once the run lasts a few seconds (also while no
//! board comes: a pipe of endless blank lines gets its heartbeat). An input that is clearly
//! not boards (binary, or no board among its first lines), or a line longer than 1 MiB (an
//! endless line), stops the run with one message (exit 2).

use super::CommandError;
use crate::cli::{FromArg, parse_size_arg};
use crate::output_args::{BoardNotationArg, ClassifyFormat};
use crate::progress::{CountProgress, Progress};
use clap::Args;
use queens::board::notation::Notation;
use queens::board::reader::{self, BoardReader, LineTooLong, NotBoards, RawBoard, ReadResult};
use queens::classify::{ClassNumbers, Summary, classify};
use queens::formats::export::classified::{Classified, Writer};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;

/// `queens classify`.
#[derive(Debug, Args)]
pub struct ClassifyArgs {
    /// Boards, or one file of boards (`-` or none: stdin). An argument that names an existing
    /// file (or `-`) is read as a file; any other is read as one board in any notation, each
    /// detected on its own ("0 4 7 5 2 6 1 3", 15863724, "a8 b2 c4 d1 e7 f5 g3 h6").
    #[arg(value_name = "BOARD|FILE")]
    pub inputs: Vec<String>,
    /// A board to classify even where a file of that name exists (repeatable).
    #[arg(long = "board", value_name = "BOARD")]
    pub boards: Vec<String>,
    /// The notation of the input.
    #[arg(long, value_name = "NOTATION", default_value = "auto", value_parser = FromArg::parser())]
    pub from: FromArg,
    /// Output format: the human table, CSV, JSON, Markdown, or a notation's name as shorthand
    /// for the human table with boards in it (`--format cols1` = `--format human --notation
    /// cols1`).
    #[arg(long, default_value = "human", value_parser = ClassifyFormat::parser())]
    pub format: ClassifyFormat,
    /// The notation of the board and canonical columns of the output, in the table or the CSV
    /// [default: cols, or the one --format names].
    #[arg(long, value_name = "NOTATION", value_parser = BoardNotationArg::parser())]
    pub notation: Option<BoardNotationArg>,
    /// Expect boards of size N: boards of another size are reported as bad.
    #[arg(long, value_name = "N", value_parser = parse_size_arg)]
    pub size: Option<usize>,
    /// Write to FILE instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<String>,
    /// The table as CSV in FILE (`-`: stdout): `--format csv -o FILE` (one output at a time).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["output", "format", "json", "markdown"])]
    pub csv: Option<String>,
    /// The table as JSON in FILE (`-`: stdout): `--format json -o FILE`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["output", "format", "markdown"])]
    pub json: Option<String>,
    /// The table as Markdown in FILE (`-`: stdout): `--format markdown -o FILE`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["output", "format"])]
    pub markdown: Option<String>,
    /// `--quiet`, from the top level.
    #[arg(from_global)]
    pub quiet: bool,
}

impl ClassifyArgs {
    /// Reads `--csv`, `--json` or `--markdown FILE` as `--format csv|json|markdown -o FILE`
    /// (clap refuses them beside `-o`, `--format` or each other).
    pub(crate) fn fold_file_flags(&mut self) {
        let flags = [
            (self.csv.take(), ClassifyFormat::Csv),
            (self.json.take(), ClassifyFormat::Json),
            (self.markdown.take(), ClassifyFormat::Markdown),
        ];
        for (file, format) in flags {
            if let Some(file) = file {
                self.format = format;
                self.output = Some(file).filter(|f| f != "-");
            }
        }
    }

    /// Whether the output is CSV, and the notation of its board columns if one is chosen
    /// (`None`: the notation the boards were read in): `--format NOTATION` is the human table
    /// in that notation; a `--notation` that names another one is a usage message.
    pub fn layout(&self) -> Result<(ClassifyFormat, Option<Notation>), String> {
        let kind = match self.format {
            ClassifyFormat::In(_) => ClassifyFormat::Human,
            other => other,
        };
        let notation = match (self.format.notation(), self.notation) {
            (Some(f), Some(n)) if f != n => {
                let (f, n) = (f.notation().name(), n.notation().name());
                return Err(format!(
                    "--format {f} already writes the boards in {f}, and --notation asks for \
                     {n}: give one of them (--format {n}, or --format human --notation {n})"
                ));
            }
            (Some(f), _) => Some(f),
            (None, n) => n,
        };
        Ok((kind, notation.map(BoardNotationArg::notation)))
    }
}

/// Input files at least this large show progress (one unit per MiB read).
const PROGRESS_BYTES: u64 = 8 << 20;

/// What a run found, for the exit code.
#[derive(Debug, Default)]
struct Tally {
    good: u64,
    bad: u64,
}

/// Opens FILE, or stdin for `-`, with its size when known.
fn open(path: &str) -> Result<(Box<dyn BufRead>, Option<u64>), CommandError> {
    if path == "-" {
        return Ok((Box::new(io::stdin().lock()), None));
    }
    let cannot =
        |e: &dyn std::fmt::Display| CommandError::Usage(format!("cannot read '{path}': {e}"));
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

/// Where the boards come from.
enum Input {
    /// A file, or stdin (`-` or no argument): read line by line, `name` in messages.
    Stream {
        input: Box<dyn BufRead>,
        name: String,
        size: Option<u64>,
    },
    /// Boards given as arguments, each read on its own (`line` is its number among them).
    Boards(Vec<RawBoard>),
}

/// The input `args` name: an argument that names an existing file (or `-`) is a file, any
/// other is one board (and `--board` always is); one file, or boards, not both. An argument
/// that is neither a file nor a board is a usage message.
fn input(args: &ClassifyArgs) -> Result<Input, CommandError> {
    let mut files = Vec::new();
    let mut boards = Vec::new();
    for text in &args.inputs {
        if text == "-" || Path::new(text).exists() {
            files.push(text.as_str());
            continue;
        }
        let mut raw = reader::parse_one(text, args.from.notation()).map_err(|why| {
            CommandError::Usage(format!(
                "cannot read '{text}': no such file, and not a board either ({why}); give a \
                 board as one argument, e.g. 15863724 or \"0 4 7 5 2 6 1 3\""
            ))
        })?;
        raw.line = boards.len() + 1;
        boards.push(raw);
    }
    for text in &args.boards {
        let mut raw = reader::parse_one(text, args.from.notation())
            .map_err(|why| CommandError::Usage(format!("--board '{text}': not a board: {why}")))?;
        raw.line = boards.len() + 1;
        boards.push(raw);
    }
    match (files.as_slice(), boards.is_empty()) {
        ([], false) => Ok(Input::Boards(boards)),
        ([], true) | ([_], true) => {
            let path = files.first().copied().unwrap_or("-");
            let (input, size) = open(path)?;
            let name = match path {
                "-" => "stdin".to_string(),
                path => format!("'{path}'"),
            };
            Ok(Input::Stream { input, name, size })
        }
        ([file], false) if *file == "-" => Err(CommandError::Usage(
            "give boards or stdin ('-'), not both".to_string(),
        )),
        ([file], false) => Err(CommandError::Usage(format!(
            "give boards or one file, not both: '{file}' is a file (use --board '{file}' for a \
             board of that name)"
        ))),
        ([a, b, ..], _) => Err(CommandError::Usage(format!(
            "one file at a time: '{a}' and '{b}' are both files (cat them into one input, or \
             classify each in its own run)"
        ))),
    }
}

/// The boards of an [`Input`], one by one, and what was learnt reading them.
enum Source {
    Reader(BoardReader<Box<dyn BufRead>>),
    Boards {
        boards: std::vec::IntoIter<RawBoard>,
        /// The notation of every board, or cols when they differ.
        notation: Option<Notation>,
    },
}

impl Source {
    fn new(input: Input, from: Option<Notation>) -> (Source, String, Option<u64>) {
        match input {
            Input::Stream { input, name, size } => (
                Source::Reader(BoardReader::new(input, from).stop_if_not_boards()),
                name,
                size,
            ),
            Input::Boards(boards) => {
                let first = boards.first().map(|b| b.notation);
                let notation = first
                    .filter(|&n| boards.iter().all(|b| b.notation == n))
                    .or(Some(Notation::Cols));
                (
                    Source::Boards {
                        boards: boards.into_iter(),
                        notation,
                    },
                    "the arguments".to_string(),
                    None,
                )
            }
        }
    }

    fn next(&mut self) -> Option<ReadResult> {
        match self {
            Source::Reader(r) => r.next(),
            Source::Boards { boards, .. } => boards.next().map(Ok),
        }
    }

    /// The notation of the input, once known.
    fn notation(&self) -> Option<Notation> {
        match self {
            Source::Reader(r) => r.notation(),
            Source::Boards { notation, .. } => *notation,
        }
    }

    /// Whether the notation was detected from a file's first board (then stderr names it).
    fn detected(&self) -> bool {
        matches!(self, Source::Reader(r) if r.detected())
    }

    fn bytes_read(&self) -> u64 {
        match self {
            Source::Reader(r) => r.bytes_read(),
            Source::Boards { .. } => 0,
        }
    }

    /// The line longer than the reader's bound that ended the input, if one did.
    fn overlong(&self) -> Option<LineTooLong> {
        match self {
            Source::Reader(r) => r.overlong(),
            Source::Boards { .. } => None,
        }
    }

    fn not_boards(&self) -> Option<NotBoards> {
        match self {
            Source::Reader(r) => r.not_boards(),
            Source::Boards { .. } => None,
        }
    }

    fn take_io_error(&mut self) -> Option<io::Error> {
        match self {
            Source::Reader(r) => r.take_io_error(),
            Source::Boards { .. } => None,
        }
    }

    /// How a bad board is named in messages: its line, or its place among the arguments.
    fn what(&self) -> &'static str {
        match self {
            Source::Reader(_) => "line",
            Source::Boards { .. } => "board",
        }
    }
}

/// The notation the table writes a board read in `read`: the same, where a table cell can
/// hold it (not `board`, whose boards span lines, nor the tool's own CSV, whose boards are
/// `cols`).
fn written_in(read: Notation) -> Notation {
    match read {
        Notation::Board | Notation::Csv => Notation::Cols,
        other => other,
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
    input: Input,
    args: &ClassifyArgs,
    out: &mut dyn Write,
) -> io::Result<(Tally, Summary, Result<(), CommandError>)> {
    let (mut reader, name, size_hint) = Source::new(input, args.from.notation());
    let name = name.as_str();
    let mut numbers = ClassNumbers::new();
    let mut summary = Summary::new();
    let mut tally = Tally::default();
    let (format, chosen) = args.layout().map_err(io::Error::other)?;
    let format = format.table_format();
    let mut output =
        Writer::new(out, format, chosen.unwrap_or(Notation::Cols)).map_err(io::Error::other)?;
    let mode = super::progress_mode(args.quiet);
    // A large file's bar starts with the first board, so that a file which is not boards
    // ends with its one message and no bar. A count starts at once: an input that may never
    // end (a pipe of blank lines, a FIFO) has its heartbeat whether or not a board comes;
    // it shows nothing for its first seconds, so a quick input stays silent.
    let sized = size_hint.filter(|&s| s >= PROGRESS_BYTES);
    let start_progress = || match sized {
        Some(s) => Report::Sized(Progress::start(
            mode,
            "classify (MiB read)",
            s.div_ceil(1 << 20),
            0.0,
        )),
        None => Report::Counting(CountProgress::start(mode, "classify", "boards read", name)),
    };
    let mut progress: Option<Report> = sized.is_none().then(start_progress);
    let mut reported_notation = false;
    let mut notation_set = false;
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
        // Boards are written in the notation they were read in, unless one is chosen: the
        // input's, or for the tool's own CSV that of its board column.
        if chosen.is_none()
            && !notation_set
            && let Ok(raw) = &item
        {
            notation_set = true;
            output.notation = written_in(match reader.notation() {
                Some(Notation::Csv) | None => raw.notation,
                Some(read) => read,
            });
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
                let notation = output.notation;
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
            Err(e) if reader.overlong().is_some_and(|o| o.line == e.line) => {
                // A line too long to be a board ends the input (it may never end): the run
                // ends with one message naming it, below.
                break;
            }
            Err(e) => {
                // Above the spinner or bar, if one is drawn.
                crate::signals::say(&format!(
                    "queens: {} {}: {}",
                    reader.what(),
                    e.line,
                    e.message()
                ));
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
    let read_to_the_end = outcome.is_ok()
        && reader.not_boards().is_none()
        && reader.overlong().is_none()
        && io_error.is_none();
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
    if let Some(stop) = reader.overlong() {
        return Ok((
            tally,
            summary,
            Err(CommandError::Usage(stop.describe(name))),
        ));
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
        // An input that fails while the command runs is an I/O failure (exit 3), not a check.
        outcome = Err(CommandError::Io(format!("cannot read the input: {e}")));
    }
    Ok((tally, summary, outcome))
}

/// Runs `queens classify`.
pub fn run(args: &ClassifyArgs) -> Result<(), CommandError> {
    args.layout().map_err(CommandError::Usage)?;
    let dest = super::output_destination(args.output.as_deref())?;
    let input = input(args)?;
    let items = match input {
        Input::Boards(_) => "boards given",
        Input::Stream { .. } => "lines",
    };
    let mut result = None;
    let written = dest.write_with(|w| {
        let r = classify_stream(input, args, w)?;
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
            "{} of {} {items} are not valid solutions (reported above)",
            tally.bad,
            tally.bad + tally.good
        )))
    }
}
