//! `queens merge`'s arguments, each with its help, and the text under them in `--help`.

use crate::cli::KnownArgs;
use crate::output_args::{MergeLayout, Outputs};
use clap::Args;

/// The text under the options of `queens merge --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens merge parts/part-*.csv              the merged table
  queens merge parts/*.csv --csv n18.csv     also write it as CSV
  queens merge parts/*.csv --json n18.json   also the rows and this run's metadata as JSON
  queens merge parts/*.csv --format markdown -o n18.md   the merged table as Markdown
  queens merge parts/*.csv --bfile - --sequence classes
                                             only an OEIS b-file of the classes, on stdout
  queens merge torus/*.csv --symmetries square   parts of `count 13 --board torus --part K/M`,
                                             classes under the square's 8 symmetries

Every part 0 to MOD−1 of each board size must be given exactly once, all from the same engine,
plan and version; otherwise nothing is merged and the missing, duplicated, mismatched or
corrupted parts are named (exit 1). The merged result is verified like `queens count`.";

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
    /// The group of the merged classes: `square` (the square's 8 symmetries) or `torus`
    /// (those with the n² shifts of the torus: the default for parts on the torus; refused
    /// for parts on the plane). A part holds no classes, only what gives them under either
    /// group, so the group is chosen here: `count --part --symmetries square` says so
    #[arg(
        long,
        value_enum,
        help = "The group of the merged classes: square, or torus (the default for torus parts)",
        long_help
    )]
    pub symmetries: Option<queens::rules::Group>,
}
