//! `queens list`'s arguments, each with its help.

use crate::cli::FromArg;
use crate::output_args::{Layout, Outputs, infos};
use clap::Args;
use clap::builder::PossibleValue;
use queens::formats::export::{Format, Info};

/// `queens list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Board size (1 to 32).
    #[arg(value_name = "N", value_parser = crate::ns::parse_size)]
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
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    pub limit: Option<u64>,
    /// The list and the forms of `--classes`: `--format`, `-o`, `--json`, `--markdown`.
    #[command(flatten)]
    pub outputs: Outputs<ListLayout>,
    /// `--piece`, `--board`: the rules whose solutions are listed.
    #[command(flatten)]
    pub rules: crate::rules_args::RulesArgs,
    /// `--quiet`, from the top level.
    #[arg(from_global)]
    pub quiet: bool,
    /// `--given`, `--blocked`: list the completions of a partial board.
    #[command(flatten)]
    pub given: crate::rules_args::GivenArgs,
}

/// `list`'s outputs: the list in a notation, and with `--classes` a JSON list or a Markdown
/// table of the classes.
#[derive(Clone, Copy, Debug)]
pub struct ListLayout;

impl Layout for ListLayout {
    fn flags() -> Vec<&'static Info> {
        infos(&[Format::Json, Format::Markdown])
    }
    fn help(info: &'static Info) -> &'static str {
        match info.name {
            "json" => {
                "With --classes: the classes as JSON in FILE (`-`: stdout): `--format json -o \
                 FILE`"
            }
            _ => {
                "With --classes: the classes as a Markdown table in FILE (`-`: stdout): \
                 `--format markdown -o FILE`"
            }
        }
    }
    /// `json` and `markdown` (with --classes), then every notation.
    fn values(_: Vec<PossibleValue>) -> Vec<PossibleValue> {
        const HELP: [(&str, &str); 9] = [
            (
                "json",
                "With --classes: a JSON list of the classes (class, canonical, symmetry, \
                 class_size; piece, board, group first for other rules than the queens')",
            ),
            (
                "markdown",
                "With --classes: a Markdown table of the classes",
            ),
            (
                "cols",
                "One solution per line: the column of each row counted from 0, separated by \
                 spaces",
            ),
            ("cols1", "The same counted from 1: `1 5 8 6 3 7 2 4`"),
            (
                "digits",
                "Counted from 1 without separators: `15863724` (n ≤ 9)",
            ),
            (
                "algebraic",
                "Chess squares, one queen per file a, b, …: `a8 b2 c4 d1 e7 f5 g3 h6` (n ≤ 26)",
            ),
            (
                "board",
                "n lines of `Q` and `.` per solution, a blank line between solutions",
            ),
            (
                "leetcode",
                "One JSON list of boards, one board per line, as LeetCode 51 answers",
            ),
            (
                "csv",
                "CSV with a header: `index,solution`; with --classes \
                 `index,canonical,symmetry,class_size`; with --orbit `index,solution,transforms` \
                 (led by `piece,board,group` for other rules than the queens')",
            ),
        ];
        HELP.map(|(name, help)| PossibleValue::new(name).help(help))
            .into()
    }
    const FORMAT_HELP: &'static str = "Output format: a notation [default: cols; with --orbit, \
        the notation of its board], or with --classes json or markdown";
    const DEFAULT: Option<&'static str> = None;
    const REQUIRES: Option<&'static str> = Some("classes");
    fn stdout_rule() -> Vec<&'static str> {
        vec!["--format", "--json", "--markdown"]
    }
}
