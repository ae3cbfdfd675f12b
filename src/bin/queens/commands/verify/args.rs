//! `queens verify`'s arguments, each with its help, and the text under them in `--help`.

use crate::cli::{KnownArgs, SearchArgs, Sizes, parse_count_sizes_arg};
use crate::output_args::{Outputs, VerifyLayout};
use clap::Args;

/// The text under the options of `queens verify --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens verify                         n = 1 to 12
  queens verify 13-15 --threads 2       larger sizes on two threads
  queens verify 16 --two-ways           both plans of the symmetric engine must agree
  queens verify 1-12 --format csv -o v.csv    the checked rows as CSV (count --csv's columns)
  queens verify 10-14 --piece superqueen    superqueens against OEIS A051223
  queens verify 5-13 --board torus --symmetries square    torus queens (A051906), classes under D4
  queens verify 8 --given a8 --blocked c1    the completions of a partial board, counted two ways

Each line is printed as its size finishes. SIGINT or SIGTERM stops within a second (exit 1,
naming the unfinished size); before a size that would take over an hour a line on
stderr says how long (--yes leaves it out; see `queens count --help`). Exits 0 only if every
size passes.";

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
    /// where there are any): verifies sizes nothing is published for, whose rows then say
    /// `verified` `two-ways` (`unknown` one way). The outer-ring plan is as fast (measured:
    /// 1.00× at n = 16, 1.02× at n = 18), so this costs two counts
    #[arg(
        long,
        help = "Count with both plans of the symmetric engine; pass only if they agree",
        long_help
    )]
    pub two_ways: bool,
    /// The outputs: the table's destination and format (human: the PASS/FAIL lines), and the
    /// exports.
    #[command(flatten)]
    pub outputs: Outputs<VerifyLayout>,
    /// `--given`, `--blocked`: a partial board, whose completions are counted two ways.
    #[command(flatten)]
    pub given: crate::rules_args::GivenArgs,
}
