//! `queens classify`'s arguments, each with its help, and how they read together.

use crate::cli::{FromArg, parse_size_arg};
use crate::output_args::{BoardNotationArg, ClassifyFormat};
use clap::Args;
use queens::board::notation::Notation;

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
    pub(crate) fn fold_file_flags(&mut self) {
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
