//! `queens render`'s arguments, each with its help, and the text under them in `--help`.

use crate::cli::FromArg;
use clap::Args;
use queens::draw::render::Labels;

/// The text under the options of `queens render --help`: the examples, the outputs, the exit codes.
pub const LONG_HELP: &str = "\
Examples:
  queens render 8 --solution \"0 4 7 5 2 6 1 3\" -o board.svg
  queens render 8 --solution \"a8 b2 c4 d1 e7 f5 g3 h6\" --labels chess -o board.svg
  queens render 8 --class 10 -o class10.svg     the 10th class (as numbered by list --classes)
  queens render 8 --orbit \"2 4 1 7 0 6 3 5\" -o orbit.svg   the whole class of one board
  queens render 8 --all-classes -o classes.svg  the 12 classes of n = 8 in a grid
  queens render 7 --board torus --solution \"0 2 4 6 1 3 5\" -o torus.svg   a torus board
  queens render 10 --piece superqueen --orbit \"2 5 8 0 3 6 9 1 4 7\" -o amazons.svg
  queens render 8 --solution \"0 1 2 3 4 5 6 7\" --allow-attacks -o attacks.svg
                                                an invalid board, attacking pairs marked

Every picture is sized to its captions. --labels index (the default) numbers rows and columns
from 0 as the cols notation reads them; --labels chess puts files a, b, … and ranks as the
algebraic notation reads them. Progress goes to stderr when --class K walks many classes.

-o takes a name ending in .svg (any case), a name without an extension, or - (stdout); any
other extension (x.png) is refused before any work: convert the SVG with rsvg-convert.

Exit codes: 0 success; 2 usage error, found before any work (bad board, class out of range, a
destination whose folder is missing or that this user may not replace, an -o name that is not
.svg); 3 a write that failed while it ran (a full disk).";

/// `queens render`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["solution", "class", "all_classes", "orbit"])))]
pub struct RenderArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N", value_parser = crate::ns::parse_size)]
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
    /// transform that makes it from the given one
    #[arg(
        long,
        value_name = "BOARD",
        help = "Draw the whole class of this board (any notation)",
        long_help
    )]
    pub orbit: Option<String>,
    /// The notation of --solution's and --orbit's board.
    #[arg(long, value_name = "NOTATION", default_value = "auto", value_parser = FromArg::parser())]
    pub from: FromArg,
    /// With --solution: draw a board whose queens attack each other, the attacking pairs
    /// joined by red lines, instead of refusing it
    #[arg(
        long,
        requires = "solution",
        help = "With --solution: draw attacking queens, joined by red lines",
        long_help
    )]
    pub allow_attacks: bool,
    /// Coordinates along the board's edges.
    #[arg(long, value_enum, default_value_t = Labels::Index)]
    pub labels: Labels,
    /// `--piece`, `--board`: the rules a board is drawn under.
    #[command(flatten)]
    pub rules: crate::rules_args::RulesArgs,
    /// `-o FILE.svg`.
    #[command(flatten)]
    pub svg: crate::output::SvgOutput,
    /// `--quiet`, from the top level.
    #[arg(from_global)]
    pub quiet: bool,
}
