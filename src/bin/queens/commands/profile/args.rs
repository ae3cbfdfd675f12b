//! `queens profile`'s arguments, each with its help, and the text under them in `--help`.

use crate::cli::{Sizes, parse_sizes_arg, parse_threads_arg};
use crate::output_args::{Outputs, ProfileLayout};
use clap::Args;
use queens::plan::Engine;

/// The text under the options of `queens profile --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens profile 8                      1 8 42 140 344 568 550 312 92 by depth
  queens profile 12 --csv profile.csv   also write n,engine,depth,nodes,solutions
  queens profile 1-14 --csv -           the long table for n = 1..14 alone on stdout
  queens profile 12 --engine symmetric  the partial boards the symmetric engine builds
  queens profile 8 --format json        nodes and solutions per depth as JSON, with the run
  queens profile 10 --piece superqueen  the superqueens' tree
  queens profile 7 --board torus        the tree of the queens on the torus

Progress on stderr is measured in the units' estimated work (a bar on a terminal; in a log a
start line, a heartbeat every 10 s with the percentage and an ETA, and a finish line).
SIGINT or SIGTERM stops the run within a second: the sizes finished are written
(stdout, --csv), the one stopped is not (a part of a profile is not a profile), exit code 1;
a second signal ends it at once (exit 130 or 143). --threads is capped at 4 per core.

Exit codes: 0 success; 1 the profile disagrees with a published value, or a signal stopped
it; 2 usage error.";

/// `queens profile`.
#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// `--piece`, `--board`: the rules whose tree is profiled (first, so that they read
    /// whether `--engine` was given before it is taken). No `--symmetries`: a profile puts
    /// nothing in classes.
    #[command(flatten)]
    pub rules: crate::rules_args::ProfileRulesArgs,
    /// Board sizes (1 to 32): 8, a range 1-14, or a list 8,10,12-14.
    #[arg(value_name = "NS", value_parser = parse_sizes_arg)]
    pub sizes: Sizes,
    /// The outputs: the table's destination and format, and the exports.
    #[command(flatten)]
    pub outputs: Outputs<ProfileLayout>,
    /// The engine whose search is profiled: `enumerate`, the plain tree (depth = rows filled),
    /// or `symmetric` (its border plan: depth = queens on the board, one border constellation
    /// per D4 orbit, unweighted; verified by weighting its solutions with the orbit sizes)
    #[arg(
        long,
        value_enum,
        default_value = "enumerate",
        help = "The engine whose search is profiled (enumerate: the plain tree)",
        long_help
    )]
    pub engine: Engine,
    /// Threads to use; 0 or omitted: all cores (as `xz -T0`); at most 4 per core.
    #[arg(long, short = 't', value_name = "T", value_parser = parse_threads_arg)]
    pub threads: Option<u16>,
}
