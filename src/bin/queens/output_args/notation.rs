//! The output formats of the commands that write boards: `list --format` ([`ListFormat`]: a
//! notation, or with --classes JSON or Markdown) and `classify --format` ([`ClassifyFormat`]:
//! the human table, CSV, JSON, Markdown, or a notation's shorthand) with its `--notation`
//! ([`BoardNotationArg`]). Their JSON, Markdown and CSV are the library's [`Format`]s.

use crate::cli::{help_in, notation_parser};
use queens::board::notation::Notation;
use queens::formats::export::Format;

/// Text formats of solutions (`list --format`): the notations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListFormat {
    /// Boards in this notation.
    In(Notation),
    /// With --classes: a JSON list of the classes.
    Json,
    /// With --classes: a Markdown table of the classes.
    Markdown,
}

impl ListFormat {
    /// `list --format`'s values: every notation, with its help as an output format.
    pub(crate) fn parser() -> impl clap::builder::TypedValueParser<Value = ListFormat> {
        const HELP: &[(Notation, &str)] = &[
            (
                Notation::Cols,
                "One solution per line: the column of each row counted from 0, separated by \
                 spaces",
            ),
            (
                Notation::Cols1,
                "The same counted from 1: `1 5 8 6 3 7 2 4`",
            ),
            (
                Notation::Digits,
                "Counted from 1 without separators: `15863724` (n ≤ 9)",
            ),
            (
                Notation::Algebraic,
                "Chess squares, one queen per file a, b, …: `a8 b2 c4 d1 e7 f5 g3 h6` (n ≤ 26)",
            ),
            (
                Notation::Board,
                "n lines of `Q` and `.` per solution, a blank line between solutions",
            ),
            (
                Notation::Leetcode,
                "One JSON list of boards, one board per line, as LeetCode 51 answers",
            ),
            (
                Notation::Csv,
                "CSV with a header: `index,solution`; with --classes \
                 `index,canonical,symmetry,class_size`; with --orbit `index,solution,transforms`",
            ),
        ];
        notation_parser(
            &[
                (
                    "json",
                    "With --classes: a JSON list of the classes (class, canonical, symmetry, \
                     class_size)",
                ),
                (
                    "markdown",
                    "With --classes: a Markdown table of the classes",
                ),
            ],
            |n| help_in(HELP, n),
            |v| match v {
                Ok(n) => ListFormat::In(n),
                Err("json") => ListFormat::Json,
                Err(_) => ListFormat::Markdown,
            },
        )
    }

    /// The library's format of this one (`None` for a notation).
    pub fn table_format(self) -> Option<Format> {
        match self {
            ListFormat::In(_) => None,
            ListFormat::Json => Some(Format::Json),
            ListFormat::Markdown => Some(Format::Markdown),
        }
    }

    /// The notation of this format (`None` for json and markdown).
    pub fn notation(self) -> Option<Notation> {
        match self {
            ListFormat::In(n) => Some(n),
            _ => None,
        }
    }
}

/// Output formats of `queens classify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassifyFormat {
    /// An aligned table for reading (boards in the notation of --notation).
    Human,
    /// CSV: `line,n,board,canonical,symmetry,class_size,to_canonical,class`.
    Csv,
    /// A JSON list of objects with the CSV's fields.
    Json,
    /// A Markdown table with the CSV's columns.
    Markdown,
    /// The human table with boards in this notation (`--notation NOTATION`).
    In(BoardNotationArg),
}

impl ClassifyFormat {
    /// `classify --format`'s values: `human`, `csv`, then the notations of the table.
    pub(crate) fn parser() -> impl clap::builder::TypedValueParser<Value = ClassifyFormat> {
        const HELP: &[(Notation, &str)] = &[
            (
                Notation::Cols,
                "The human table with boards counted from 0: `0 4 7 5 2 6 1 3` (`--notation \
                 cols`)",
            ),
            (
                Notation::Cols1,
                "The human table with boards counted from 1: `1 5 8 6 3 7 2 4` (`--notation \
                 cols1`)",
            ),
            (
                Notation::Digits,
                "The human table with boards as digits: `15863724`, n ≤ 9 (`--notation digits`)",
            ),
            (
                Notation::Algebraic,
                "The human table with boards as chess squares: `a8 b2 c4 d1 e7 f5 g3 h6`, n ≤ 26 \
                 (`--notation algebraic`)",
            ),
            (
                Notation::Leetcode,
                "The human table with boards as LeetCode 51 strings (`--notation leetcode`)",
            ),
        ];
        notation_parser(
            &[
                (
                    "human",
                    "An aligned table for reading (boards in the notation of --notation)",
                ),
                (
                    "csv",
                    "CSV: `line,n,board,canonical,symmetry,class_size,to_canonical,class`",
                ),
                (
                    "json",
                    "A JSON list of objects with the CSV's fields (class null beyond n = 14)",
                ),
                ("markdown", "A Markdown table with the CSV's columns"),
            ],
            |n| help_in(HELP, n),
            |v| match v {
                Ok(n) => ClassifyFormat::In(BoardNotationArg(n)),
                Err("csv") => ClassifyFormat::Csv,
                Err("json") => ClassifyFormat::Json,
                Err("markdown") => ClassifyFormat::Markdown,
                Err(_) => ClassifyFormat::Human,
            },
        )
    }

    /// The library's format of this one (`None` for the human table, in any notation).
    pub fn table_format(self) -> Option<Format> {
        match self {
            ClassifyFormat::Csv => Some(Format::Csv),
            ClassifyFormat::Json => Some(Format::Json),
            ClassifyFormat::Markdown => Some(Format::Markdown),
            ClassifyFormat::Human | ClassifyFormat::In(_) => None,
        }
    }

    /// The notation a `--format NOTATION` stands for (`None` for human and csv).
    pub fn notation(self) -> Option<BoardNotationArg> {
        match self {
            ClassifyFormat::In(n) => Some(n),
            _ => None,
        }
    }
}

/// `--notation`: how `classify` writes the board and canonical columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardNotationArg(Notation);

impl BoardNotationArg {
    /// `--notation`'s values: the notations a table cell holds.
    pub(crate) fn parser() -> impl clap::builder::TypedValueParser<Value = BoardNotationArg> {
        const HELP: &[(Notation, &str)] = &[
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
        notation_parser(
            &[],
            |n| help_in(HELP, n),
            |v| BoardNotationArg(v.expect("no words")),
        )
    }

    /// The notation.
    pub fn notation(self) -> Notation {
        self.0
    }
}
