//! The one list of export formats ([`Format`]) and what they need besides the rows
//! ([`Options`]).

use super::exporter::Exporter;
#[cfg(feature = "serde")]
use super::json;
use super::{bfile, csv, markdown};
use crate::formats::table;
use crate::sequences::Sequence;

/// Every export format of a table, each one [`Exporter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// CSV with a header and every column ([`csv::Csv`]).
    Csv,
    /// The rows and the run's metadata as JSON ([`json::Json`]).
    #[cfg(feature = "serde")]
    Json,
    /// A Markdown table ([`markdown::Markdown`]).
    Markdown,
    /// An OEIS b-file of one sequence ([`bfile::Bfile`]).
    Bfile,
}

/// What some formats need besides the rows: their choices on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The Markdown table's columns (indices in [`table::COLUMNS`], in order).
    pub columns: Vec<usize>,
    /// The sequence a b-file lists.
    pub sequence: Sequence,
}

impl Default for Options {
    /// Every column, and the total (A000170).
    fn default() -> Options {
        Options {
            columns: (0..table::COLUMNS.len()).collect(),
            sequence: Sequence::A000170,
        }
    }
}

impl Format {
    /// Every format, in the order of the command line's flags and messages.
    pub const ALL: &'static [Format] = &[
        Format::Csv,
        #[cfg(feature = "serde")]
        Format::Json,
        Format::Markdown,
        Format::Bfile,
    ];

    /// The format's name (`--format NAME`, and its flag `--NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            #[cfg(feature = "serde")]
            Format::Json => "json",
            Format::Markdown => "markdown",
            Format::Bfile => "bfile",
        }
    }

    /// The flag that writes this format to a file: `--csv`.
    pub fn flag(self) -> String {
        format!("--{}", self.name())
    }

    /// The exporter of this format, with what `options` choose for it.
    pub fn exporter(self, options: &Options) -> Box<dyn Exporter> {
        match self {
            Format::Csv => Box::new(csv::Csv),
            #[cfg(feature = "serde")]
            Format::Json => Box::new(json::Json),
            Format::Markdown => Box::new(markdown::Markdown(options.columns.clone())),
            Format::Bfile => Box::new(bfile::Bfile(options.sequence)),
        }
    }

    /// The flags of `formats`, as a message lists them: `--csv, --json and --bfile`.
    pub fn flags_text(formats: &[Format]) -> String {
        let flags: Vec<String> = formats.iter().map(|f| f.flag()).collect();
        match flags.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_listed_as_a_sentence() {
        assert_eq!(Format::flags_text(&[Format::Csv]), "--csv");
        assert_eq!(
            Format::flags_text(&[Format::Csv, Format::Markdown, Format::Bfile]),
            "--csv, --markdown and --bfile"
        );
    }
}
