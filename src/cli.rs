//! Command-line definitions (clap). Parsing only: the work is in [`crate::commands`].

use crate::ns;
use crate::plan::Engine;
use crate::search::kernel::KernelChoice;
use clap::{Args, Parser, Subcommand, ValueEnum};

const ABOUT: &str = "Count, list and classify the solutions of the n-queens problem.";

const LONG_ABOUT: &str = "\
Count, list and classify the solutions of the n-queens problem: n queens on an n×n board, \
none attacking another. Solutions are counted in total and in classes under the 8 rotations \
and reflections of the square, verified against the published OEIS sequences \
(A000170, A002562, A260318-A260320).";

const EXAMPLES: &str = "\
Examples:
  queens count 1-14                 a verified table for n = 1..14
  queens count 8,10 --csv out.csv   also write the table as CSV
  queens list 8 --classes           the 12 canonical solutions for n = 8
  queens verify                     check n = 1..12 against OEIS";

/// The `queens` command line.
#[derive(Debug, Parser)]
#[command(name = "queens", version, about = ABOUT, long_about = LONG_ABOUT, after_help = EXAMPLES)]
pub struct Cli {
    /// Show no progress on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count solutions and classes for one or more board sizes, verified against OEIS.
    #[command(after_help = "\
Examples:
  queens count 8                        one row, printed as a table
  queens count 4-12 --csv table.csv     a table on stdout, and the same as CSV in table.csv
  queens count 8,10,12-14 --csv -       CSV alone on stdout
  queens count 16 --threads 1           one thread

A computed value that disagrees with the published one is reported on stderr after the table
is written, and the exit code is 1.")]
    Count(CountArgs),
    /// Stream every solution of one board size in lexicographic order.
    #[command(after_help = "\
Examples:
  queens list 8                         all 92 solutions, one per line (cols format)
  queens list 8 --classes               the 12 canonical representatives
  queens list 6 --format board          boards drawn with Q and .
  queens list 16 --limit 5              the first five solutions
  queens list 12 -o n12.txt             write to a file (atomically)")]
    List(ListArgs),
    /// Compute board sizes and compare them with the published values: PASS or FAIL per size.
    #[command(after_help = "\
Examples:
  queens verify                         n = 1..12
  queens verify 13-15 --threads 2       larger sizes on two threads

Exits 0 only if every size passes.")]
    Verify(VerifyArgs),
}

/// Board sizes: `8`, `4-12`, or `8,10,12-14`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sizes(pub Vec<usize>);

fn parse_sizes_arg(s: &str) -> Result<Sizes, String> {
    ns::parse_sizes(s).map(Sizes)
}

fn parse_size_arg(s: &str) -> Result<usize, String> {
    ns::parse_size(s)
}

/// Options shared by the commands that run a search.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The search engine.
    #[arg(long, value_enum, default_value_t = Engine::Symmetric)]
    pub engine: Engine,
    /// The counting kernel of the symmetric engine: `auto` picks the fastest one this CPU
    /// supports.
    #[arg(long, value_enum, default_value_t = KernelChoice::Auto)]
    pub kernel: KernelChoice,
    /// Threads to use [default: all cores].
    #[arg(long, short = 't', value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

/// Where published values to verify against come from.
#[derive(Debug, Args)]
pub struct KnownArgs {
    /// Verify against the table in FILE (the format of data/known.csv) instead of the
    /// embedded OEIS values.
    #[arg(long, value_name = "FILE")]
    pub known: Option<String>,
}

/// `queens count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board sizes (1 to 32): 8, a range 4-12, or a list 8,10,12-14.
    #[arg(value_name = "NS", value_parser = parse_sizes_arg)]
    pub sizes: Sizes,
    /// Also write the table as CSV to FILE (`-`: stdout, which then carries only the CSV).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
    /// Verification options.
    #[command(flatten)]
    pub known: KnownArgs,
}

/// Text formats of solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// One solution per line: the column of each row, separated by spaces.
    Cols,
    /// n lines of `Q` and `.` per solution, a blank line between solutions.
    Board,
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
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Cols)]
    pub format: ListFormat,
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    pub limit: Option<u64>,
    /// Write to FILE instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<String>,
}

/// `queens verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Board sizes to check.
    #[arg(value_name = "NS", value_parser = parse_sizes_arg, default_value = "1-12")]
    pub sizes: Sizes,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
    /// Verification options.
    #[command(flatten)]
    pub known: KnownArgs,
}
