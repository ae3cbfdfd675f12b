//! The argument groups the commands share (clap): the search options ([`SearchArgs`]), the
//! published values to verify against ([`KnownArgs`]), board sizes and columns, notations;
//! parsing only. Each command's own arguments live in its module of [`crate::commands`].

use crate::exports::bfile::Sequence;
use crate::ns;
use clap::{Args, ValueEnum};
use queens::board::notation::Notation;
use queens::plan::Engine;
use queens::runner::{self, Split};
use queens::search::kernel::{Kernel, KernelChoice, KernelError};

/// Board sizes: `8`, `4-12`, or `8,10,12-14`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(pub Vec<usize>);

/// `NS` of `profile`: board sizes from 1.
pub fn parse_sizes_arg(s: &str) -> Result<Sizes, String> {
    ns::parse_sizes(s).map(Sizes)
}

/// `NS` of `count` and `verify`: board sizes from 0 (the empty board).
pub fn parse_count_sizes_arg(s: &str) -> Result<Sizes, String> {
    ns::parse_count_sizes(s).map(Sizes)
}

/// Columns of the human table and Markdown (`--columns`): indices in the table's COLUMNS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns(pub Vec<usize>);

/// `--columns`: names of the table's columns.
pub fn parse_columns_arg(s: &str) -> Result<Columns, String> {
    queens::formats::table::parse_columns(s).map(Columns)
}

/// `N`: one board size from 1.
pub fn parse_size_arg(s: &str) -> Result<usize, String> {
    ns::parse_size(s)
}

/// `--threads`: a whole number from 0 (all cores) to 65535 (capped at [`runner::max_threads`] when
/// the run starts).
pub fn parse_threads_arg(s: &str) -> Result<u16, String> {
    s.parse().map_err(|_| {
        "not a thread count: give 0 (all cores) or a whole number from 1 to 65535".to_string()
    })
}

/// Options shared by the commands that run a search.
#[derive(Clone, Copy, Debug, Args)]
pub struct SearchArgs {
    /// The search engine.
    #[arg(long, value_enum, default_value_t = EngineArg::Symmetric)]
    pub engine: EngineArg,
    /// The counting kernel of the symmetric engine: `auto` picks the fastest one this CPU
    /// runs, or the one the environment variable QUEENS_KERNEL names.
    #[arg(long, value_name = "KERNEL", default_value = "auto", value_parser = kernel_parser())]
    pub kernel: KernelChoice,
    /// How the symmetric engine splits n into units: independent plans that give the same
    /// counts (`queens verify N --two-ways` counts with ring and outer-ring and compares).
    #[arg(long, value_enum, default_value_t = SplitArg::Ring)]
    pub split: SplitArg,
    /// Threads to use; 0 or omitted: all cores (as `xz -T0`).
    #[arg(long, short = 't', value_name = "T", value_parser = parse_threads_arg)]
    pub threads: Option<u16>,
}

/// `--split`: the command line's names of [`Split`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SplitArg {
    /// One unit per D4 orbit of the innermost ring (the two middle rows and columns, or those
    /// beside the middle one); interiors of every other line, n columns (plan
    /// symmetric-ring): about half the border plan's nodes, the fastest.
    Ring,
    /// One unit per D4 orbit of the ring one line out from the innermost; interiors of every
    /// other line, n columns (plan symmetric-outer-ring): as fast as ring, with its own
    /// placements, orbits and interiors (the second plan of `verify --two-ways`).
    OuterRing,
    /// One unit per D4 orbit of the border queens (rows 0 and n−1, columns 0 and n−1);
    /// interiors of n−2 columns (plan symmetric-border-burnside).
    Border,
    /// One unit per D4 orbit of the outer ring, its second ring (rows 1 and n−2, columns 1
    /// and n−2) expanded inside the unit; interiors of n−4 columns (plan symmetric-coronal).
    Coronal,
}

impl From<SplitArg> for Split {
    fn from(s: SplitArg) -> Split {
        match s {
            SplitArg::Ring => Split::Ring,
            SplitArg::OuterRing => Split::OuterRing,
            SplitArg::Border => Split::Border,
            SplitArg::Coronal => Split::Coronal,
        }
    }
}

impl From<Split> for SplitArg {
    fn from(s: Split) -> SplitArg {
        match s {
            Split::Ring => SplitArg::Ring,
            Split::OuterRing => SplitArg::OuterRing,
            Split::Border => SplitArg::Border,
            Split::Coronal => SplitArg::Coronal,
        }
    }
}

/// `--engine`: the command line's names of [`Engine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// Plain backtracking that meets every solution and canonicalizes it.
    Enumerate,
    /// Pre-placed queens (the innermost ring's, or with --split the border's) weighted by
    /// their D4 orbit size; classes by Burnside's lemma.
    Symmetric,
}

impl From<EngineArg> for Engine {
    fn from(e: EngineArg) -> Engine {
        match e {
            EngineArg::Enumerate => Engine::Enumerate,
            EngineArg::Symmetric => Engine::Symmetric,
        }
    }
}

/// `--kernel`'s values: `auto` and every kernel of the registry ([`Kernel::ALL`]), each with
/// its one-line summary and, where this CPU lacks it, what it needs.
fn kernel_parser() -> impl clap::builder::TypedValueParser<Value = KernelChoice> {
    let auto = clap::builder::PossibleValue::new("auto").help(
        "The fastest kernel this CPU runs, or the one the environment variable QUEENS_KERNEL \
         names",
    );
    let kernels = Kernel::ALL.iter().map(|k| {
        let info = k.info();
        let help = if k.is_available() {
            info.summary.to_string()
        } else {
            format!("{} [this CPU lacks {}]", info.summary, info.needs)
        };
        clap::builder::PossibleValue::new(info.name).help(help)
    });
    clap::builder::TypedValueParser::map(
        clap::builder::PossibleValuesParser::new(std::iter::once(auto).chain(kernels)),
        |name| KernelChoice::from_name(&name).expect("clap checked the name against the registry"),
    )
}

impl SearchArgs {
    /// The split asked for.
    pub fn split(&self) -> Split {
        self.split.into()
    }

    /// The engine asked for.
    pub fn engine(&self) -> Engine {
        self.engine.into()
    }

    /// The options resolved: `--threads 0` read as no `--threads` (all cores), so that the two
    /// behave alike everywhere (the thread count of the rows and run metadata included), and
    /// those the engine does not have refused ([`SearchArgs::check`]).
    pub fn resolved(mut self) -> Result<SearchArgs, String> {
        self.threads = all_cores_if_0(self.threads);
        self.check()?;
        Ok(self)
    }

    /// Refuses `--kernel` (other than `auto`) and `--split` (other than `ring`, the default) with
    /// `--engine enumerate`, which has neither: they would be silently ignored.
    pub fn check(&self) -> Result<(), String> {
        if self.engine != EngineArg::Enumerate {
            return Ok(());
        }
        if self.kernel != KernelChoice::Auto {
            return Err(
                "--kernel applies to the symmetric engine; the enumerate engine has no kernels"
                    .to_string(),
            );
        }
        if self.split != SplitArg::Ring {
            return Err(
                "--split applies to the symmetric engine; the enumerate engine does not split"
                    .to_string(),
            );
        }
        Ok(())
    }

    /// The kernel asked for; one this CPU cannot run is a one-line usage message.
    pub fn kernel(&self) -> Result<Kernel, String> {
        self.kernel.resolve_for(self.engine()).map_err(|e| match e {
            KernelError::Unavailable { kernel } if self.kernel != KernelChoice::Auto => {
                format!(
                    "--kernel {}: {}",
                    self.kernel.name(),
                    kernel.unavailable_reason()
                )
            }
            KernelError::Unavailable { kernel } => format!(
                "{}={}: {}",
                queens::search::kernel::KERNEL_ENV,
                kernel.name(),
                kernel.unavailable_reason()
            ),
            other => other.to_string(),
        })
    }

    /// The threads to run on: see [`thread_count`].
    pub fn thread_count(&self) -> usize {
        thread_count(self.threads)
    }
}

/// `--threads T` with `0` read as no `--threads` (all cores, as `xz -T0`).
pub fn all_cores_if_0(threads: Option<u16>) -> Option<u16> {
    threads.filter(|&t| t != 0)
}

/// The threads to run on for `--threads T`: [`runner::thread_count`] (a T above the cap is
/// capped with a one-line note on stderr, once).
pub fn thread_count(threads: Option<u16>) -> usize {
    let asked = threads.map(usize::from);
    let cap = runner::max_threads();
    if let Some(asked) = asked.filter(|&t| t > cap) {
        static NOTED: std::sync::Once = std::sync::Once::new();
        NOTED.call_once(|| {
            crate::note(&format!(
                "queens: --threads {asked} capped at {cap} (4 per core, at most {})",
                runner::THREADS_LIMIT
            ));
        });
    }
    runner::thread_count(asked)
}

/// `--format` of the commands that write a table (`count`, `verify`, `profile`, `merge`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// The table for reading (the command's own lines).
    Human,
    /// CSV with a header, as `--csv` writes it.
    Csv,
    /// JSON with the run's metadata, as `--json` writes it.
    Json,
    /// A Markdown table, as `--markdown` writes it.
    Markdown,
}

impl TableFormat {
    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TableFormat::Human => "human",
            TableFormat::Csv => "csv",
            TableFormat::Json => "json",
            TableFormat::Markdown => "markdown",
        }
    }
}

/// The main output of a command that writes a table: `-o FILE` and `--format`. A format
/// other than human is the same as its own flag with `-o`'s FILE (`--format csv -o t.csv` =
/// `--csv t.csv`; without -o, `--csv -`), which [`TableOutput::fold`] writes into that flag.
#[derive(Debug, Args)]
pub struct TableOutput {
    /// Write the table to FILE instead of stdout, which then carries none of it (atomically;
    /// `-`: stdout).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<String>,
    /// The format of the table on stdout or in -o's FILE; --csv, --json and --markdown FILE
    /// write more outputs at once.
    #[arg(long, value_enum, default_value_t = TableFormat::Human)]
    pub format: TableFormat,
    /// The file the human table goes to (`-o FILE` with `--format human`).
    #[arg(skip)]
    pub human_to: Option<String>,
    /// A usage message: `--format` and its own flag both given.
    #[arg(skip)]
    conflict: Option<String>,
}

impl TableOutput {
    /// Writes `--format csv|json|markdown` (with `-o`'s FILE, or `-`) into the flag of that
    /// format, and `-o FILE` with `--format human` into [`TableOutput::human_to`]; a flag
    /// given too is kept, and refused by [`TableOutput::check`].
    pub fn fold(
        &mut self,
        csv: &mut Option<String>,
        json: &mut Option<String>,
        markdown: &mut Option<String>,
    ) {
        let dest = self.output.clone().unwrap_or_else(|| "-".to_string());
        let (slot, flag) = match self.format {
            TableFormat::Human => {
                self.human_to = self.output.clone().filter(|o| o != "-");
                return;
            }
            TableFormat::Csv => (csv, "--csv"),
            TableFormat::Json => (json, "--json"),
            TableFormat::Markdown => (markdown, "--markdown"),
        };
        match slot {
            Some(given) => {
                let f = self.format.name();
                self.conflict = Some(format!(
                    "--format {f} and {flag} '{given}' both ask for {f}: give one (--format {f} \
                     -o FILE, or {flag} FILE)"
                ));
            }
            None => *slot = Some(dest),
        }
    }

    /// Whether `-o` sends the table to a file: stdout then carries none of it (not the human
    /// table beside a `--format csv -o t.csv` either).
    pub fn redirected(&self) -> bool {
        self.output.as_deref().is_some_and(|o| o != "-")
    }

    /// The usage message of a `--format` whose own flag is given too.
    pub fn check(&self) -> Result<(), String> {
        self.conflict.clone().map_or(Ok(()), Err)
    }
}

/// Where published values to verify against come from.
#[derive(Debug, Args)]
pub struct KnownArgs {
    /// Verify against the table in FILE instead of the embedded OEIS values: a CSV that
    /// `count --csv` or `merge --csv` wrote (an earlier run; nodes are compared only between
    /// enumerate counts, and a row marked MISMATCH there is refused), or a table in
    /// the format of data/known.csv. Mismatches then name FILE.
    #[arg(long, value_name = "FILE")]
    pub known: Option<String>,
}

/// Exports of a whole result besides its table (`count` and `merge`).
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Also write the rows and run metadata (version, command line, start time, threads,
    /// OS, CPU) as JSON to FILE (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub json: Option<String>,
    /// Also write the table as Markdown to FILE (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<String>,
    /// Also write an OEIS b-file (`n a(n)` per line) of the --sequence to FILE (`-`: stdout).
    /// The sizes must be consecutive and increasing and start at the sequence's OEIS offset
    /// (0-14 for A000170 and A319283, 1-14 for the others; a later start is written, with a
    /// note on stderr).
    #[arg(long, value_name = "FILE")]
    pub bfile: Option<String>,
    /// The sequence the b-file lists, by its A-number (any case).
    #[arg(long, value_parser = sequence_parser(), ignore_case = true, default_value = "A000170", requires = "bfile")]
    pub sequence: Sequence,
}

/// The value parser of `--sequence`: the library's list of sequences ([`Sequence::ALL`]), by
/// A-number or alias, with their descriptions as help.
fn sequence_parser() -> impl clap::builder::TypedValueParser<Value = Sequence> {
    let values = Sequence::ALL.iter().map(|s| {
        clap::builder::PossibleValue::new(s.a_number())
            .aliases(s.alias())
            .help(s.description())
    });
    clap::builder::TypedValueParser::map(clap::builder::PossibleValuesParser::new(values), |name| {
        Sequence::from_name(&name).expect("clap checked the name against the list")
    })
}

impl ExportArgs {
    /// Whether any export is asked for.
    pub fn any(&self) -> bool {
        self.json.is_some() || self.markdown.is_some() || self.bfile.is_some()
    }
}

/// The value parser of a notation argument, over the library's list of notations
/// ([`Notation::ALL`], by [`Notation::name`]): the argument's own `words` first (name and
/// help: `auto`, `human`…), then the notations `help` gives a help line for, in the library's
/// order; `value` turns the word given (a notation, or one of `words`) into the argument.
fn notation_parser<T: Clone + Send + Sync + 'static>(
    words: &'static [(&'static str, &'static str)],
    help: fn(Notation) -> Option<&'static str>,
    value: fn(Result<Notation, &'static str>) -> T,
) -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::PossibleValue;
    let own = words.iter().map(|&(w, h)| PossibleValue::new(w).help(h));
    let notations = Notation::ALL
        .into_iter()
        .filter_map(move |n| help(n).map(|h| PossibleValue::new(n.name()).help(h)));
    clap::builder::TypedValueParser::map(
        clap::builder::PossibleValuesParser::new(own.chain(notations)),
        move |name: String| {
            value(match words.iter().find(|(w, _)| *w == name) {
                Some(&(w, _)) => Err(w),
                None => Ok(Notation::from_name(&name).expect("clap checked the name")),
            })
        },
    )
}

/// The help of `notation` in `table`, for the notations an argument takes.
fn help_in(table: &[(Notation, &'static str)], notation: Notation) -> Option<&'static str> {
    table.iter().find(|(n, _)| *n == notation).map(|&(_, h)| h)
}

/// `--from`: the notation boards are read in, or `None` for automatic detection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromArg(Option<Notation>);

impl FromArg {
    /// `--from`'s values: `auto` and every notation, with [`Notation::help`].
    pub fn parser() -> impl clap::builder::TypedValueParser<Value = FromArg> {
        notation_parser(
            &[(
                "auto",
                "Detect it from the first board (see `queens classify --help`)",
            )],
            |n| Some(n.help()),
            |v| FromArg(v.ok()),
        )
    }

    /// The notation, or `None` for automatic detection.
    pub fn notation(self) -> Option<Notation> {
        self.0
    }
}

/// Text formats of solutions (`list --format`): the notations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListFormat {
    /// Boards in this notation.
    In(Notation),
    /// With --classes: a JSON list of the classes.
    Json,
    /// With --classes: a Markdown table of the classes.
    Markdown,
}

impl ListFormat {
    /// `list --format`'s values: every notation, with its help as an output format.
    fn parser() -> impl clap::builder::TypedValueParser<Value = ListFormat> {
        const HELP: &[(Notation, &str)] = &[
            (
                Notation::Cols,
                "One solution per line: the column of each row counted from 0, separated by \
                 spaces",
            ),
            (
                Notation::Cols1,
                "The same counted from 1: `1 5 8 6 3 7 2 4`",
            ),
            (
                Notation::Digits,
                "Counted from 1 without separators: `15863724` (n ≤ 9)",
            ),
            (
                Notation::Algebraic,
                "Chess squares, one queen per file a, b, …: `a8 b2 c4 d1 e7 f5 g3 h6` (n ≤ 26)",
            ),
            (
                Notation::Board,
                "n lines of `Q` and `.` per solution, a blank line between solutions",
            ),
            (
                Notation::Leetcode,
                "One JSON list of boards, one board per line, as LeetCode 51 answers",
            ),
            (
                Notation::Csv,
                "CSV with a header: `index,solution`; with --classes \
                 `index,canonical,symmetry,class_size`; with --orbit `index,solution,transforms`",
            ),
        ];
        notation_parser(
            &[
                (
                    "json",
                    "With --classes: a JSON list of the classes (class, canonical, symmetry, \
                     class_size)",
                ),
                (
                    "markdown",
                    "With --classes: a Markdown table of the classes",
                ),
            ],
            |n| help_in(HELP, n),
            |v| match v {
                Ok(n) => ListFormat::In(n),
                Err("json") => ListFormat::Json,
                Err(_) => ListFormat::Markdown,
            },
        )
    }

    /// The notation of this format (`None` for json and markdown).
    pub fn notation(self) -> Option<Notation> {
        match self {
            ListFormat::In(n) => Some(n),
            _ => None,
        }
    }
}

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
    pub fn fold_file_flags(&mut self) {
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

/// Output formats of `queens classify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassifyFormat {
    /// An aligned table for reading (boards in the notation of --notation).
    Human,
    /// CSV: `line,n,board,canonical,symmetry,class_size,to_canonical,class`.
    Csv,
    /// A JSON list of objects with the CSV's fields.
    Json,
    /// A Markdown table with the CSV's columns.
    Markdown,
    /// The human table with boards in this notation (`--notation NOTATION`).
    In(BoardNotationArg),
}

impl ClassifyFormat {
    /// `classify --format`'s values: `human`, `csv`, then the notations of the table.
    fn parser() -> impl clap::builder::TypedValueParser<Value = ClassifyFormat> {
        const HELP: &[(Notation, &str)] = &[
            (
                Notation::Cols,
                "The human table with boards counted from 0: `0 4 7 5 2 6 1 3` (`--notation \
                 cols`)",
            ),
            (
                Notation::Cols1,
                "The human table with boards counted from 1: `1 5 8 6 3 7 2 4` (`--notation \
                 cols1`)",
            ),
            (
                Notation::Digits,
                "The human table with boards as digits: `15863724`, n ≤ 9 (`--notation digits`)",
            ),
            (
                Notation::Algebraic,
                "The human table with boards as chess squares: `a8 b2 c4 d1 e7 f5 g3 h6`, n ≤ 26 \
                 (`--notation algebraic`)",
            ),
            (
                Notation::Leetcode,
                "The human table with boards as LeetCode 51 strings (`--notation leetcode`)",
            ),
        ];
        notation_parser(
            &[
                (
                    "human",
                    "An aligned table for reading (boards in the notation of --notation)",
                ),
                (
                    "csv",
                    "CSV: `line,n,board,canonical,symmetry,class_size,to_canonical,class`",
                ),
                (
                    "json",
                    "A JSON list of objects with the CSV's fields (class null beyond n = 14)",
                ),
                ("markdown", "A Markdown table with the CSV's columns"),
            ],
            |n| help_in(HELP, n),
            |v| match v {
                Ok(n) => ClassifyFormat::In(BoardNotationArg(n)),
                Err("csv") => ClassifyFormat::Csv,
                Err("json") => ClassifyFormat::Json,
                Err("markdown") => ClassifyFormat::Markdown,
                Err(_) => ClassifyFormat::Human,
            },
        )
    }

    /// The notation a `--format NOTATION` stands for (`None` for human and csv).
    pub fn notation(self) -> Option<BoardNotationArg> {
        match self {
            ClassifyFormat::In(n) => Some(n),
            _ => None,
        }
    }
}

/// `--notation`: how `classify` writes the board and canonical columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardNotationArg(Notation);

impl BoardNotationArg {
    /// `--notation`'s values: the notations a table cell holds.
    fn parser() -> impl clap::builder::TypedValueParser<Value = BoardNotationArg> {
        const HELP: &[(Notation, &str)] = &[
            (Notation::Cols, "Columns counted from 0: `0 4 7 5 2 6 1 3`"),
            (Notation::Cols1, "Columns counted from 1: `1 5 8 6 3 7 2 4`"),
            (
                Notation::Digits,
                "Counted from 1 without separators: `15863724` (n ≤ 9)",
            ),
            (
                Notation::Algebraic,
                "Chess squares: `a8 b2 c4 d1 e7 f5 g3 h6` (n ≤ 26)",
            ),
            (
                Notation::Leetcode,
                "LeetCode 51 strings: `[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]`",
            ),
        ];
        notation_parser(
            &[],
            |n| help_in(HELP, n),
            |v| BoardNotationArg(v.expect("no words")),
        )
    }

    /// The notation.
    pub fn notation(self) -> Notation {
        self.0
    }
}

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
    pub fn fold_file_flags(&mut self) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_0_is_the_same_as_no_threads_option() {
        let resolved = |threads| {
            let search = SearchArgs {
                engine: EngineArg::Symmetric,
                kernel: KernelChoice::Auto,
                split: SplitArg::Ring,
                threads,
            };
            search.resolved().unwrap().threads
        };
        assert_eq!(resolved(Some(0)), None);
        assert_eq!(resolved(None), None);
        assert_eq!(resolved(Some(3)), Some(3));
        assert_eq!(all_cores_if_0(Some(0)), None);
        assert_eq!(all_cores_if_0(Some(2)), Some(2));
    }
}
