//! Command-line definitions (clap). Parsing only: the work is in [`crate::commands`].

use crate::commands::classify::ClassifyArgs;
use crate::commands::list::ListArgs;
use crate::ns;
use crate::output_args::{CountLayout, MergeLayout, Outputs, ProfileLayout, VerifyLayout};
use clap::{Args, Parser, Subcommand, ValueEnum};
use queens::board::notation::Notation;
use queens::plan::Engine;
use queens::plan::part::PartSpec;
use queens::runner::{self, Split};
use queens::search::kernel::{Kernel, KernelChoice, KernelError};

const ABOUT: &str = "Count, list and classify the solutions of the n-queens problem.";

const LONG_ABOUT: &str = "\
Count, list and classify the solutions of the n-queens problem: n queens on an n×n board, \
none attacking another. Solutions are counted in total and in classes under the 8 rotations \
and reflections of the square, verified against the published OEIS sequences \
(A000170, A002562, A260318-A260320).";

const EXAMPLES: &str = "\
Examples:
  queens count 1-14                 a verified table for n = 1 to 14
  queens count 8,10 --csv out.csv   also write the table as CSV
  queens list 8 --classes           the 12 canonical solutions for n = 8
  queens verify                     check n = 1 to 12 against OEIS
  queens list 8 | queens classify   canonical form and symmetry of each board
  queens profile 8                  nodes per depth of the search tree (A319284)
  queens render 8 --all-classes -o classes.svg
  queens count 1-16 --csv t.csv && queens plot t.csv -o growth.svg
  queens count 18 --part 3/64 --csv p3.csv   one of 64 parts (for a cluster)
  queens merge p*.csv               merge the parts into a verified result";

/// The `queens` command line.
#[derive(Debug, Parser)]
#[command(
    name = "queens",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = crate::examples::MAIN_EXAMPLES,
    after_long_help = EXAMPLES
)]
pub struct Cli {
    /// Show no progress on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// When to colour the verdicts and `error:`: on a terminal unless NO_COLOR is set (auto),
    /// always, or never. Pipes and files get no colour under auto.
    #[arg(
        long,
        value_enum,
        global = true,
        value_name = "WHEN",
        default_value_t = crate::style::ColorWhen::Auto,
        hide_possible_values = true,
        hide_default_value = true
    )]
    pub color: crate::style::ColorWhen,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// Reads `--threads 0` as no `--threads` (all cores), for every command that takes it, so
    /// that the two behave alike everywhere (the thread count of the rows and run metadata
    /// included).
    pub fn normalize(&mut self) {
        match &mut self.command {
            Command::Classify(a) => a.fold_file_flags(),
            Command::List(a) => a.fold_file_flags(),
            _ => {}
        }
        let threads = match &mut self.command {
            Command::Count(a) => &mut a.search.threads,
            Command::Verify(a) => &mut a.search.threads,
            Command::Profile(a) => &mut a.threads,
            _ => return,
        };
        if *threads == Some(0) {
            *threads = None;
        }
    }

    /// Refuses, before any work, options that contradict each other across groups (clap's
    /// own rules cannot say them): a usage message.
    pub fn check(&self) -> Result<(), String> {
        match &self.command {
            Command::Count(a) => a.outputs.check().and_then(|()| a.search.check()),
            Command::Verify(a) => a.outputs.check().and_then(|()| a.search.check()),
            Command::Merge(a) => a.outputs.check(),
            Command::Profile(a) => a.outputs.check(),
            _ => Ok(()),
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count solutions and classes for one or more board sizes, verified against OEIS.
    #[command(after_help = crate::examples::COUNT_EXAMPLES, after_long_help = "\
Examples:
  queens count 8                        one row, printed as a table
  queens count 4-12 --csv table.csv     a table on stdout, and the same as CSV in table.csv
  queens count 8,10,12-14 --csv -       CSV alone on stdout
  queens count 1-12 --format json -o t.json   the table as JSON in t.json, nothing on stdout
  queens count 16 --threads 1           one thread
  queens count 18 --part 3/64 --csv p3.csv    part 3 of 64, for `queens merge`
  queens count 18 --part slurm --csv p.csv    the part of this Slurm array task
  queens count 17 --checkpoint n17.ckpt       resumable: rerun the same command after a kill
  queens count 15-19 --checkpoint run/        one checkpoint per size: run/n15.ckpt, …
  queens count 0-14 --bfile b000170.txt       an OEIS b-file of A000170, from its offset 0
  queens count 1-14 --bfile - --sequence A002562    the b-file of the classes alone on stdout
  queens count 0-12 --engine enumerate --bfile - --sequence A319283   nodes of the plain tree
  queens count 1-16 --columns n,total,nodes,seconds  other columns (`all`: every one)
  queens count 1-14 --known r.csv             verify against an earlier run's --csv file

The table on stdout shows n, total, the classes by type and verified, and one line under it
the engine, kernel, threads and time (every n up to 27 fits 100 columns); --columns chooses
the columns of the table and of --markdown. CSV always has every column. The nodes column
counts the partial boards of the engine's own search: the symmetric engine's (the default;
a line under the table says so) are far fewer than the plain backtracking tree's, A319283
(856,189 at n = 12), which --engine enumerate or `queens profile` counts.

--sequence takes the A-number (any case): A000170 (alias total) and A319283 start at n = 0
(the empty board), the others at n = 1; a b-file starting later is written with a note on
stderr (--quiet leaves notes about the output in), one starting earlier is refused.
A319283 needs --engine enumerate (the symmetric engine's nodes are its own tree). n = 0 is
counted by the enumerate engine whatever --engine says (the engine column says so).

Rows stream: each is printed as its size finishes (the table's column widths are fixed in
advance from the published counts of the sizes asked for), and the --csv file is rewritten
atomically with the finished rows after each size. SIGINT or SIGTERM (Ctrl-C) stops within
a second (the units in flight are cut short and not kept), writes the finished rows to every
output, names the unfinished size and exits 1; a second one exits at once (status 128 + the signal) saying how far the run got.

Before a size that would take over an hour, a line on stderr says how long (for example
`n = 24 would take about 45 CPU-days on this machine (about 23 days on 2 threads);
continuing`): the CPU time of the largest size already counted in this run (or of a short
calibration count of n = 15 on one thread) times the growth of the published totals
(A000170), extrapolated beyond n = 27. --yes (or --quiet) leaves the warning out.

A computed value that disagrees with the published one is reported on stderr after the table
is written, and the exit code is 1. With --known FILE (a CSV that count --csv or merge --csv
wrote, or the format of data/known.csv) the values of FILE are checked instead, and the
message names it: `MISMATCH against 'r.csv': n = 8: total 93 there, 92 here`.")]
    Count(CountArgs),
    /// Stream every solution of one board size in lexicographic order.
    #[command(after_help = crate::examples::LIST_EXAMPLES, after_long_help = "\
Examples:
  queens list 8                         all 92 solutions, one per line (cols: counted from 0)
  queens list 8 --classes               the 12 canonical representatives, with their symmetry
  queens list 8 --classes --format json    the same as JSON (or markdown, csv)
  queens list 8 --format cols1          counted from 1: 1 5 8 6 3 7 2 4
  queens list 8 --format algebraic      chess squares: a8 b2 c4 d1 e7 f5 g3 h6
  queens list 6 --format board          boards drawn with Q and .
  queens list 4 --format leetcode       LeetCode 51's answer: [[\".Q..\",\"...Q\",...],...]
  queens list 8 --orbit 15863724        the class of one board, in any notation
  queens list 16 --limit 5              the first five solutions
  queens list 12 -o n12.txt             write to a file (atomically)

Progress (solutions written) goes to stderr on long runs; --quiet silences it.")]
    List(ListArgs),
    /// Compute board sizes and compare them with the published values: PASS or FAIL per size.
    #[command(after_help = crate::examples::VERIFY_EXAMPLES, after_long_help = "\
Examples:
  queens verify                         n = 1 to 12
  queens verify 13-15 --threads 2       larger sizes on two threads
  queens verify 16 --two-ways           both plans of the symmetric engine must agree
  queens verify 1-12 --format csv -o v.csv    the checked rows as CSV (count --csv's columns)

Each line is printed as its size finishes. SIGINT or SIGTERM stops within a second (exit 1,
naming the unfinished size); before a size that would take over an hour a line on
stderr says how long (--yes leaves it out; see `queens count --help`). Exits 0 only if every
size passes.")]
    Verify(VerifyArgs),
    /// Classify boards in any notation, given as arguments, in a file or on stdin: canonical
    /// form, class number, symmetry type, class size.
    #[command(after_help = crate::examples::CLASSIFY_EXAMPLES, after_long_help = "\
Examples:
  queens classify 15863724 \"2 4 1 7 0 6 3 5\"    boards as arguments, each in any notation
  queens classify boards.txt            boards in any notation, `#` comments allowed
  queens list 8 | queens classify       classify all 92 solutions read from stdin
  queens list 6 --format board | queens classify     the tool's own boards, read back
  echo 15863724 | queens classify --format algebraic    the table with chess squares
  queens classify 15863724 --format json     a JSON list, one object per board
  queens classify boards.txt --format csv --from cols1
  queens classify boards.txt --format csv --notation digits

An argument that names an existing file (or `-`, stdin) is read as a file, one at a time;
any other is one board, detected on its own (`--board B` reads B as a board even where a file
B exists); an argument that is neither is a usage error. Boards are written in the notation
they were read in (cols where boards given as arguments differ, and for `board` drawings);
--format NOTATION or --notation chooses another.

Boards are read in the notation --from names; `auto` (the default) takes the notation of
the first board for the whole input and says on stderr which it took when it is not cols.
Each board gets its class number as `list N --classes` numbers them (n up to 14). The run
ends with a summary on stderr: `92 boards, 12 classes (11 asymmetric, 1 half_turn)`.
Output: --format human (the table) or csv; a notation's name is shorthand for the table with
boards in it (`--format cols1` = `--format human --notation cols1`); --notation also sets the
boards' notation in the CSV. A --format notation and another --notation is a usage error.

Input is read line by line in constant memory (lines up to 1 MiB). Files of 8 MiB or more
show progress in MiB read; stdin and smaller files, once a run lasts 2 s, a count: a spinner
on a terminal, in a log `queens: classify: 1,234,567 boards read, 412,000/s, 12 s elapsed`
every 10 s between a start and a finish line. --quiet silences the notation note, the
summary and progress (not bad lines).

An input that is not boards at all (its first 4 KiB hold a NUL byte or bytes that are not
UTF-8 outside `#` comments, or none of its first 5 lines that hold anything reads as a board)
stops with one message: `queens: error: 'a.out' is not a file of boards (it is not UTF-8
text); see --from for the notations read`.

Exit codes: 0 every line was a valid solution; 1 some lines were not (each is reported on
stderr with its line number and the reason, after the good ones are classified); 2 usage
error (unreadable file, input that is not boards, bad option).")]
    Classify(ClassifyArgs),
    /// Nodes per depth of the search tree (for the plain tree: OEIS A319284).
    #[command(after_help = crate::examples::PROFILE_EXAMPLES, after_long_help = "\
Examples:
  queens profile 8                      1 8 42 140 344 568 550 312 92 by depth
  queens profile 12 --csv profile.csv   also write n,engine,depth,nodes,solutions
  queens profile 1-14 --csv -           the long table for n = 1..14 alone on stdout
  queens profile 12 --engine symmetric  the partial boards the symmetric engine builds
  queens profile 8 --format json        nodes and solutions per depth as JSON, with the run

Progress on stderr is measured in the units' estimated work (a bar on a terminal; in a log a
start line, a heartbeat every 10 s with the percentage and an ETA, and a finish line).
SIGINT or SIGTERM stops the run within a second: the sizes finished are written
(stdout, --csv), the one stopped is not (a part of a profile is not a profile), exit code 1;
a second signal ends it at once (exit 130 or 143). --threads is capped at 4 per core.

Exit codes: 0 success; 1 the profile disagrees with a published value, or a signal stopped
it; 2 usage error.")]
    Profile(ProfileArgs),
    /// Draw boards as SVG: one board (invalid ones too), one class, the whole class of one
    /// board, or every class of a board size.
    #[command(after_help = crate::examples::RENDER_EXAMPLES, after_long_help = "\
Examples:
  queens render 8 --solution \"0 4 7 5 2 6 1 3\" -o board.svg
  queens render 8 --solution \"a8 b2 c4 d1 e7 f5 g3 h6\" --labels chess -o board.svg
  queens render 8 --class 10 -o class10.svg     the 10th class (as numbered by list --classes)
  queens render 8 --orbit \"2 4 1 7 0 6 3 5\" -o orbit.svg   the whole class of one board
  queens render 8 --all-classes -o classes.svg  the 12 classes of n = 8 in a grid
  queens render 8 --solution \"0 1 2 3 4 5 6 7\" --allow-attacks -o attacks.svg
                                                an invalid board, attacking pairs marked

Every picture is sized to its captions. --labels index (the default) numbers rows and columns
from 0 as the cols notation reads them; --labels chess puts files a, b, … and ranks as the
algebraic notation reads them. Progress goes to stderr when --class K walks many classes.

-o takes a name ending in .svg (any case), a name without an extension, or - (stdout); any
other extension (x.png) is refused before any work: convert the SVG with rsvg-convert.

Exit codes: 0 success; 2 usage error, found before any work (bad board, class out of range, a
destination whose folder is missing or that this user may not replace, an -o name that is not
.svg); 3 a write that failed while it ran (a full disk).")]
    Render(RenderArgs),
    /// Plot total and classes against n (log scale) from a table `count --csv` or `--json`
    /// wrote, as SVG.
    #[command(after_help = crate::examples::PLOT_EXAMPLES, after_long_help = "\
Examples:
  queens count 1-14 --csv t.csv && queens plot t.csv -o growth.svg
  queens count 1-14 --json t.json && queens plot t.json -o growth.svg

The published values (OEIS) are marked with rings. Nothing in the table is hidden: a value
that disagrees with OEIS is drawn and crossed out in red, a board size given twice is drawn
twice, and both get a warning on stderr; equal values at one n (n = 1) stand side by side.
-o takes a name ending in .svg, a name without an extension, or - (stdout).

Exit codes: 0 success (warnings included); 2 usage error, found before any work (unreadable or
malformed table, a destination whose folder is missing or that this user may not replace, an -o
name that is not .svg); 3 a write that failed while it ran (a full disk).")]
    Plot(PlotArgs),
    /// Merge the parts of split runs (count --part) into verified results.
    #[command(after_help = crate::examples::MERGE_EXAMPLES, after_long_help = "\
Examples:
  queens merge parts/part-*.csv              the merged table
  queens merge parts/*.csv --csv n18.csv     also write it as CSV
  queens merge parts/*.csv --json n18.json   also the rows and this run's metadata as JSON
  queens merge parts/*.csv --format markdown -o n18.md   the merged table as Markdown
  queens merge parts/*.csv --bfile - --sequence classes
                                             only an OEIS b-file of the classes, on stdout

Every part 0 to MOD−1 of each board size must be given exactly once, all from the same engine,
plan and version; otherwise nothing is merged and the missing, duplicated, mismatched or
corrupted parts are named (exit 1). The merged result is verified like `queens count`.")]
    Merge(MergeArgs),
    /// List the counting kernels: which this CPU runs, what each needs, which `auto` picks.
    #[command(after_help = crate::examples::KERNELS_EXAMPLES, after_long_help = "\
Examples:
  queens kernels                     the kernels, whether this CPU runs each, what each needs
  queens kernels --format csv        the same as CSV (kernel,here,auto,needs), for scripts
  QUEENS_KERNEL=scalar queens count 16    force a kernel for a whole run (what auto picks)

Every kernel gives the same counts and the same nodes; they differ in speed only. auto (the
default of --kernel) picks the last kernel of the list that this CPU runs, unless the
environment variable QUEENS_KERNEL names one (a kernel this CPU lacks is then an error).")]
    Kernels(KernelsArgs),
    /// Print the completion script of a shell: bash, zsh, fish, powershell or elvish.
    #[command(after_help = crate::examples::COMPLETIONS_EXAMPLES, after_long_help = "\
Examples:
  queens completions bash > queens.bash        then `source queens.bash`, or copy it to
                                               ~/.local/share/bash-completion/completions/queens
  queens completions zsh > _queens             into a folder of $fpath
  queens completions fish > queens.fish        into ~/.config/fish/completions/
  queens completions powershell > queens.ps1   then `. ./queens.ps1` in your profile

The script completes subcommands, options and their values (engines, kernels, notations,
sequences), as this version of queens defines them: regenerate it after an upgrade.")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), or write one page per command into a folder.
    #[command(after_help = crate::examples::MAN_EXAMPLES, after_long_help = "\
Examples:
  queens man > queens.1                 the main page; read it with `man ./queens.1`
  queens man -o man1                    every page: man1/queens.1, man1/queens-count.1, …

The pages hold the full --help texts: every option, example and exit code. To install them,
copy the folder's pages into a man1 folder of your MANPATH (e.g. ~/.local/share/man/man1).")]
    Man(ManArgs),
}

/// `queens kernels`.
#[derive(Debug, Args)]
pub struct KernelsArgs {
    /// The output format: an aligned table, or CSV with a header.
    #[arg(long, value_enum, default_value_t = KernelsFormat::Table)]
    pub format: KernelsFormat,
}

/// `queens kernels --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KernelsFormat {
    /// An aligned table and a line saying what auto picks.
    Table,
    /// CSV: kernel,here,auto,needs.
    Csv,
}

/// Board sizes: `8`, `4-12`, or `8,10,12-14`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(pub Vec<usize>);

fn parse_sizes_arg(s: &str) -> Result<Sizes, String> {
    ns::parse_sizes(s).map(Sizes)
}

fn parse_count_sizes_arg(s: &str) -> Result<Sizes, String> {
    ns::parse_count_sizes(s).map(Sizes)
}

pub(crate) fn parse_size_arg(s: &str) -> Result<usize, String> {
    ns::parse_size(s)
}

/// `--threads`: a whole number from 0 (all cores) to 65535 (capped at [`runner::max_threads`] when
/// the run starts).
fn parse_threads_arg(s: &str) -> Result<u16, String> {
    s.parse().map_err(|_| {
        "not a thread count: give 0 (all cores) or a whole number from 1 to 65535".to_string()
    })
}

/// Options shared by the commands that run a search.
#[derive(Debug, Args)]
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
}

impl From<SplitArg> for Split {
    fn from(s: SplitArg) -> Split {
        match s {
            SplitArg::Ring => Split::Ring,
            SplitArg::OuterRing => Split::OuterRing,
            SplitArg::Border => Split::Border,
        }
    }
}

impl From<Split> for SplitArg {
    fn from(s: Split) -> SplitArg {
        match s {
            Split::Ring => SplitArg::Ring,
            Split::OuterRing => SplitArg::OuterRing,
            Split::Border => SplitArg::Border,
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

/// `queens count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board sizes (0 to 32; 0 is the empty board): 8, a range 4-12, or a list 8,10,12-14.
    #[arg(value_name = "NS", value_parser = parse_count_sizes_arg)]
    pub sizes: Sizes,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
    /// Verification options.
    #[command(flatten)]
    pub known: KnownArgs,
    /// Count only part RES of MOD (the units whose id % MOD == RES) and print a part, not a
    /// result; `slurm` takes RES and MOD from the job array (SLURM_ARRAY_TASK_*). Merge all
    /// MOD parts with `queens merge`.
    #[arg(long, value_name = "RES/MOD|slurm", value_parser = PartSpec::parse)]
    pub part: Option<PartSpec>,
    /// Journal each finished unit to PATH; run the same command again to resume after a kill
    /// or a time limit. For one size PATH is the checkpoint file; for several sizes (or when
    /// PATH is an existing folder) it is a folder, created if missing, holding one checkpoint
    /// per size: PATH/n17.ckpt (PATH/n17.part3of64.ckpt for --part 3/64).
    #[arg(long, value_name = "PATH")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// The outputs: the table's destination and format, and the exports.
    #[command(flatten)]
    pub outputs: Outputs<CountLayout>,
    /// Leave out the warning before a size that would take over an hour.
    #[arg(long, short = 'y')]
    pub yes: bool,
}

/// `queens merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Part files written by `queens count N --part RES/MOD --csv FILE`.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// The outputs: the merged table's destination and format, and the exports.
    #[command(flatten)]
    pub outputs: Outputs<MergeLayout>,
    /// Verification options.
    #[command(flatten)]
    pub known: KnownArgs,
}

/// The value parser of a notation argument, over the library's list of notations
/// ([`Notation::ALL`], by [`Notation::name`]): the argument's own `words` first (name and
/// help: `auto`, `human`…), then the notations `help` gives a help line for, in the library's
/// order; `value` turns the word given (a notation, or one of `words`) into the argument.
pub(crate) fn notation_parser<T: Clone + Send + Sync + 'static>(
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
pub(crate) fn help_in(
    table: &[(Notation, &'static str)],
    notation: Notation,
) -> Option<&'static str> {
    table.iter().find(|(n, _)| *n == notation).map(|&(_, h)| h)
}

/// `--from`: the notation boards are read in, or `None` for automatic detection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromArg(Option<Notation>);

impl FromArg {
    /// `--from`'s values: `auto` and every notation, with [`Notation::help`].
    pub(crate) fn parser() -> impl clap::builder::TypedValueParser<Value = FromArg> {
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

/// `queens verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Board sizes to check (0 to 32; 0 is the empty board).
    #[arg(value_name = "NS", value_parser = parse_count_sizes_arg, default_value = "1-12")]
    pub sizes: Sizes,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
    /// Verification options.
    #[command(flatten)]
    pub known: KnownArgs,
    /// Leave out the warning before a size that would take over an hour.
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Count each size with two plans of the symmetric engine (`--split ring`, the default,
    /// and `outer-ring`, which share no pre-placed queens, orbits or interiors; below n = 4
    /// `border`) and pass only if every column agrees (and agrees with the published values
    /// where there are any): verifies sizes nothing is published for. The outer-ring plan is
    /// as fast (measured: 1.00× at n = 16, 1.02× at n = 18), so this costs two counts.
    #[arg(long)]
    pub two_ways: bool,
    /// The outputs: the table's destination and format (human: the PASS/FAIL lines), and the
    /// exports.
    #[command(flatten)]
    pub outputs: Outputs<VerifyLayout>,
}

/// `queens profile`.
#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// Board sizes (1 to 32): 8, a range 1-14, or a list 8,10,12-14.
    #[arg(value_name = "NS", value_parser = parse_sizes_arg)]
    pub sizes: Sizes,
    /// The outputs: the table's destination and format, and the exports.
    #[command(flatten)]
    pub outputs: Outputs<ProfileLayout>,
    /// The engine whose search is profiled: `enumerate`, the plain tree (depth = rows filled),
    /// or `symmetric` (its border plan: depth = queens on the board, one border constellation
    /// per D4 orbit, unweighted; verified by weighting its solutions with the orbit sizes).
    #[arg(long, value_enum, default_value_t = EngineArg::Enumerate)]
    pub engine: EngineArg,
    /// Threads to use; 0 or omitted: all cores (as `xz -T0`); at most 4 per core.
    #[arg(long, short = 't', value_name = "T", value_parser = parse_threads_arg)]
    pub threads: Option<u16>,
}

impl ProfileArgs {
    /// The threads to run on: `--threads` capped as `count` caps it ([`thread_count`]).
    pub fn thread_count(&self) -> usize {
        thread_count(self.threads)
    }
}

/// `--labels`: coordinates along a board's edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LabelsArg {
    /// Row and column numbers counted from 0, as the cols notation reads them (row 0 at the
    /// top, column 0 at the left).
    Index,
    /// Files a, b, … under the board and ranks 1 to n up its side (rank n at the top), as the
    /// algebraic notation reads them.
    Chess,
    /// No coordinates.
    None,
}

/// `queens render`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["solution", "class", "all_classes", "orbit"])))]
pub struct RenderArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N", value_parser = parse_size_arg)]
    pub n: usize,
    /// Draw this solution (any notation, N columns).
    #[arg(long, value_name = "BOARD")]
    pub solution: Option<String>,
    /// Draw the canonical solution of class K (1-based, in the order of `list N --classes`).
    #[arg(long, value_name = "K")]
    pub class: Option<usize>,
    /// Draw every class of N in a grid (N up to 11).
    #[arg(long)]
    pub all_classes: bool,
    /// Draw the whole class of this board (any notation), each board captioned with the
    /// transform that makes it from the given one.
    #[arg(long, value_name = "BOARD")]
    pub orbit: Option<String>,
    /// The notation of --solution's and --orbit's board.
    #[arg(long, value_name = "NOTATION", default_value = "auto", value_parser = FromArg::parser())]
    pub from: FromArg,
    /// With --solution: draw a board whose queens attack each other, the attacking pairs
    /// joined by red lines, instead of refusing it.
    #[arg(long, requires = "solution")]
    pub allow_attacks: bool,
    /// Coordinates along the board's edges.
    #[arg(long, value_enum, default_value_t = LabelsArg::Index)]
    pub labels: LabelsArg,
    /// The SVG file to write: a name ending in .svg (or with no extension, as a FIFO);
    /// `-`: stdout.
    #[arg(short, long, value_name = "FILE.svg")]
    pub output: String,
    /// `--quiet`, from the top level.
    #[arg(from_global)]
    pub quiet: bool,
}

/// `queens plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    /// A table written by `queens count --csv` or `--json` (`-`: stdin).
    #[arg(value_name = "TABLE")]
    pub table: String,
    /// The SVG file to write: a name ending in .svg (or with no extension, as a FIFO);
    /// `-`: stdout.
    #[arg(short, long, value_name = "FILE.svg")]
    pub output: String,
}

/// `queens completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// `queens man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command into DIR (created if missing): queens.1, queens-count.1, …
    /// instead of the main page on stdout.
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<std::path::PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The threads each command would run on after `normalize`, as `thread_count` sees them.
    fn threads_after(args: &[&str]) -> Option<u16> {
        let mut cli = Cli::try_parse_from(args).unwrap();
        cli.normalize();
        match cli.command {
            Command::Count(a) => a.search.threads,
            Command::Verify(a) => a.search.threads,
            Command::Profile(a) => a.threads,
            _ => unreachable!("only commands with --threads are asked"),
        }
    }

    #[test]
    fn threads_0_is_the_same_as_no_threads_option_for_every_command() {
        for command in [
            ["queens", "count", "8"],
            ["queens", "verify", "8"],
            ["queens", "profile", "8"],
        ] {
            let with = |extra: &[&str]| {
                let mut v: Vec<&str> = command.to_vec();
                v.extend_from_slice(extra);
                threads_after(&v)
            };
            assert_eq!(with(&["--threads", "0"]), None, "{command:?}");
            assert_eq!(with(&["-t", "0"]), None, "{command:?}");
            assert_eq!(with(&[]), None, "{command:?}");
            assert_eq!(with(&["--threads", "3"]), Some(3), "{command:?}");
        }
    }
}
