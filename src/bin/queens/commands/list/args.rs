//! `queens list`'s arguments, each with its help.

use crate::cli::{FromArg, parse_size_arg};
use crate::output_args::ListFormat;
use clap::Args;

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
    pub(crate) fn fold_file_flags(&mut self) {
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
