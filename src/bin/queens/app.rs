//! The top of the command line: the global options ([`Cli`]), the list of commands
//! ([`Command`]; each command's arguments and `--help` text live in its own module of
//! [`crate::commands`], as cargo's `commands/build.rs` does), and the dispatch to their `run`.

use crate::commands::classify::ClassifyArgs;
use crate::commands::list::ListArgs;
use crate::commands::{
    CommandError, classify, completions, count, kernels, list, man, merge, plot, profile, render,
    verify,
};
use clap::{CommandFactory, Parser, Subcommand};

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
    /// always, or never. Pipes and files get no colour under auto
    #[arg(
        help = "Colour: auto (a terminal, unless NO_COLOR), always, never",
        long_help,
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

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count solutions and classes for one or more board sizes, verified against OEIS.
    #[command(after_long_help = count::LONG_HELP)]
    Count(count::CountArgs),
    /// Stream every solution of one board size in lexicographic order.
    #[command(after_long_help = "\
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
  queens list 10 --piece superqueen     the 4 solutions of the superqueens (amazons)
  queens list 7 --board torus --symmetries square --classes    the torus's classes under D4
  queens list 8 --given a8 --blocked c1    the solutions holding a8 with no queen on c1
  queens list 12 -o n12.txt             write to a file (atomically)

Progress (solutions written) goes to stderr on long runs; --quiet silences it.")]
    List(ListArgs),
    /// Compute board sizes and compare them with the published values: PASS or FAIL per size.
    #[command(after_long_help = verify::LONG_HELP)]
    Verify(verify::VerifyArgs),
    /// Classify boards in any notation, given as arguments, in a file or on stdin: canonical
    /// form, class number, symmetry type, class size.
    #[command(after_long_help = "\
Examples:
  queens classify 15863724 \"2 4 1 7 0 6 3 5\"    boards as arguments, each in any notation
  queens classify boards.txt            boards in any notation, `#` comments allowed
  queens list 8 | queens classify       classify all 92 solutions read from stdin
  queens list 6 --format board | queens classify     the tool's own boards, read back
  echo 15863724 | queens classify --format algebraic    the table with chess squares
  queens classify 15863724 --format json     a JSON list, one object per board
  queens classify boards.txt --format csv --from cols1
  queens classify boards.txt --format csv --notation digits
  queens classify \"0 2 4 6 1 3 5\" --surface torus    its class under the torus group (28 boards)
  queens classify \"0 2 4 6 1 3 5\" --surface torus --symmetries square    … under D4 (8 boards)
  queens classify \"2 5 8 0 3 6 9 1 4 7\" --piece superqueen    a superqueen board's class

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

A first Ctrl-C (SIGINT) or SIGTERM stops the reading, even of a pipe that waits: the boards
classified so far are on stdout, output files are left as they were; a second one ends the
run at once.

Exit codes: 0 every line was a valid solution; 1 some lines were not (each is reported on
stderr with its line number and the reason, after the good ones are classified), or a signal
stopped the run; 2 usage error (unreadable file, input that is not boards, bad option).")]
    Classify(ClassifyArgs),
    /// Nodes per depth of the search tree (for the plain tree: OEIS A319284).
    #[command(after_long_help = profile::LONG_HELP)]
    Profile(profile::ProfileArgs),
    /// Draw boards as SVG: one board (invalid ones too), one class, the whole class of one
    /// board, or every class of a board size.
    #[command(after_long_help = render::LONG_HELP)]
    Render(render::RenderArgs),
    /// Plot total and classes against n (log scale) from a table `count --csv` or `--json`
    /// wrote, as SVG.
    #[command(after_long_help = plot::LONG_HELP)]
    Plot(plot::PlotArgs),
    /// Merge the parts of split runs (count --part) into verified results.
    #[command(after_long_help = merge::LONG_HELP)]
    Merge(merge::MergeArgs),
    /// List the counting kernels: which this CPU runs, what each needs, which `auto` picks.
    #[command(after_long_help = kernels::LONG_HELP)]
    Kernels(kernels::KernelsArgs),
    /// Print the completion script of a shell: bash, zsh, fish, powershell or elvish.
    #[command(after_long_help = completions::LONG_HELP)]
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff), or write one page per command into a folder.
    #[command(after_long_help = man::LONG_HELP)]
    Man(man::ManArgs),
}

/// Runs the command `cli` names; each resolves its own arguments first (a usage error before
/// any work).
pub fn run(cli: Cli) -> Result<(), CommandError> {
    let quiet = cli.quiet;
    match cli.command {
        Command::Count(args) => count::run(args, quiet),
        Command::List(args) => list::run(&args),
        Command::Verify(args) => verify::run(args, quiet),
        Command::Classify(args) => classify::run(&args),
        Command::Profile(args) => profile::run(args, quiet),
        Command::Render(args) => render::run(&args),
        Command::Plot(args) => plot::run(&args),
        Command::Merge(args) => merge::run(args, quiet),
        Command::Kernels(args) => kernels::run(&args),
        Command::Completions(args) => completions::run(&args, command()),
        Command::Man(args) => man::run(&args, command()),
    }
}

/// The whole command line as clap builds it, in the colours `--color` asks for, with the short
/// `-h` texts of [`crate::help`] and the `-h` examples of [`crate::examples`] applied: what is parsed, and what the completion scripts and
/// manual pages describe.
pub fn command() -> clap::Command {
    let cmd = Cli::command().color(crate::style::clap_choice(crate::style::current()));
    crate::help::with_short_texts(crate::examples::with_examples(cmd))
}
