//! `queens classify`'s arguments, each with its help, and how they read together.

use crate::cli::{FromArg, notation_parser};
use crate::output_args::{Layout, Outputs, infos};
use clap::Args;
use clap::builder::PossibleValue;
use queens::board::notation::Notation;
use queens::formats::export::{Format, Info};

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
    /// The notation of the board and canonical columns of the output, in the table or the CSV
    /// [default: cols, or the one --format names].
    #[arg(long, value_name = "NOTATION", value_parser = notations())]
    pub notation: Option<Notation>,
    /// Expect boards of size N: boards of another size are reported as bad.
    #[arg(long, value_name = "N", value_parser = crate::ns::parse_size)]
    pub size: Option<usize>,
    /// The table and its formats: `--format`, `-o`, `--csv`, `--json`, `--markdown`.
    #[command(flatten)]
    pub outputs: Outputs<ClassifyLayout>,
    /// `--piece`, `--surface`: the rules the boards are solutions of.
    #[command(flatten)]
    pub rules: crate::rules_args::SurfaceRulesArgs,
    /// `--quiet`, from the top level.
    #[arg(from_global)]
    pub quiet: bool,
}

/// The notations a table cell holds, with their help: `--notation`'s values.
const CELLS: [(Notation, &str); 5] = [
    (Notation::Cols, "Columns counted from 0: `0 4 7 5 2 6 1 3`"),
    (Notation::Cols1, "Columns counted from 1: `1 5 8 6 3 7 2 4`"),
    (
        Notation::Digits,
        "Counted from 1 without separators: `15863724` (n ≤ 9)",
    ),
    (
        Notation::Algebraic,
        "Chess squares: `a8 b2 c4 d1 e7 f5 g3 h6` (n ≤ 26)",
    ),
    (
        Notation::Leetcode,
        "LeetCode 51 strings: `[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]`",
    ),
];

/// `--notation`'s parser.
fn notations() -> impl clap::builder::TypedValueParser<Value = Notation> {
    let help = |n| CELLS.iter().find(|(c, _)| *c == n).map(|&(_, h)| h);
    notation_parser(&[], help, |v| v.expect("no words"))
}

/// `classify`'s outputs: the table, and its CSV, JSON and Markdown forms.
#[derive(Clone, Copy, Debug)]
pub struct ClassifyLayout;

impl Layout for ClassifyLayout {
    fn flags() -> Vec<&'static Info> {
        infos(&[Format::Csv, Format::Json, Format::Markdown])
    }
    fn help(info: &'static Info) -> &'static str {
        match info.name {
            "csv" => "The table as CSV in FILE (`-`: stdout): `--format csv -o FILE`",
            "json" => "The table as JSON in FILE (`-`: stdout): `--format json -o FILE`",
            _ => "The table as Markdown in FILE (`-`: stdout): `--format markdown -o FILE`",
        }
    }
    /// `human`, `csv`, `json`, `markdown`, then each notation's name: the human table with
    /// boards in it.
    fn values(_: Vec<PossibleValue>) -> Vec<PossibleValue> {
        let own = [
            (
                "human",
                "An aligned table for reading (boards in the notation of --notation)",
            ),
            (
                "csv",
                "CSV: `line,n,board,canonical,symmetry,class_size,to_canonical,class` (led by \
                 `piece,surface,group` for other rules than the queens')",
            ),
            (
                "json",
                "A JSON list of objects with the CSV's fields (class null beyond n = 14)",
            ),
            ("markdown", "A Markdown table with the CSV's columns"),
        ];
        let cells = CELLS.iter().map(|(n, help)| {
            let name = n.name();
            PossibleValue::new(name).help(format!("The human table in `--notation {name}`: {help}"))
        });
        own.map(|(name, help)| PossibleValue::new(name).help(help))
            .into_iter()
            .chain(cells)
            .collect()
    }
    const FORMAT_HELP: &'static str = "Output format: the human table, CSV, JSON, Markdown, or a \
        notation's name as shorthand for the human table with boards in it (`--format cols1` = \
        `--format human --notation cols1`)";
    fn stdout_rule() -> Vec<&'static str> {
        vec!["--format", "--csv", "--json", "--markdown"]
    }
}

impl ClassifyArgs {
    /// The notation of the board columns if one is chosen (`None`: the one the boards were
    /// read in), and the option that chose it: `--format NOTATION` is the human table in that
    /// notation; a `--notation` that names another one is a usage message.
    pub fn notation(&self) -> Result<(Option<Notation>, &'static str), String> {
        let format = self.outputs.table_format().and_then(Notation::from_name);
        match (format, self.notation) {
            (Some(f), Some(n)) if f != n => {
                let (f, n) = (f.name(), n.name());
                Err(format!(
                    "--format {f} already writes the boards in {f}, and --notation asks for \
                     {n}: give one of them (--format {n}, or --format human --notation {n})"
                ))
            }
            (Some(f), _) => Ok((Some(f), "--format")),
            (None, n) => Ok((n, "--notation")),
        }
    }
}
