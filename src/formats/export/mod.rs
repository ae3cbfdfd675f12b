//! Exports of a table of results for other tools and for papers, one module per format behind
//! the small [`Exporter`] trait and one [`Format`] enum (as hyperfine's `export/`): CSV
//! ([`csv`]), JSON with run metadata ([`json`], with the `serde` feature), a Markdown table
//! ([`markdown`]) and an OEIS b-file ([`bfile`]). The binary's `--csv`, `--json`,
//! `--markdown` and `--bfile` flags, their help, the values of `--format`, and the rule that
//! at most one of them writes to stdout, come from [`Format::ALL`] and each format's
//! [`Info`].
//!
//! Adding a format is its file here (its [`Exporter`] and its `INFO`) and its lines in this
//! one: the `mod` line, the variant of [`Format`], its place in [`Format::ALL`] and its arm in
//! [`Format::info`]. The commands that write a table (`count`, `merge`) then offer its flag.

pub mod bfile;
pub mod classes;
pub mod classified;
pub mod csv;
pub mod exporter;
#[cfg(feature = "serde")]
pub mod json;
pub mod machine;
pub mod markdown;
pub mod profile;
pub mod request;

pub use exporter::{Exporter, Info, Options, RunMeta, rfc3339, rfc3339_now};
pub use machine::Machine;

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

impl Format {
    /// Every format, in the order of the command line's flags and messages.
    pub const ALL: &'static [Format] = &[
        Format::Csv,
        #[cfg(feature = "serde")]
        Format::Json,
        Format::Markdown,
        Format::Bfile,
    ];

    /// What the command line says of this format, and its exporter.
    pub fn info(self) -> &'static Info {
        match self {
            Format::Csv => &csv::INFO,
            #[cfg(feature = "serde")]
            Format::Json => &json::INFO,
            Format::Markdown => &markdown::INFO,
            Format::Bfile => &bfile::INFO,
        }
    }

    /// The format's name (`--format NAME`, and its flag `--NAME`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The format called `name`, if any.
    pub fn named(name: &str) -> Option<Format> {
        Format::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// The flag that writes this format to a file: `--csv`.
    pub fn flag(self) -> String {
        self.info().flag.to_string()
    }

    /// The exporter of this format, with what `options` choose for it.
    pub fn exporter(self, options: &Options) -> Box<dyn Exporter> {
        (self.info().exporter)(options)
    }

    /// The flags of `formats`, as a message lists them: `--csv, --json and --bfile`.
    pub fn flags_text(formats: &[Format]) -> String {
        let flags: Vec<&str> = formats.iter().map(|f| f.info().flag).collect();
        flags_sentence(&flags)
    }
}

/// `flags` as a message lists them: `--csv, --json and --bfile`.
pub fn flags_sentence(flags: &[&str]) -> String {
    match flags.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
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

    #[test]
    fn every_format_names_itself_and_its_flag() {
        for &f in Format::ALL {
            assert_eq!(f.flag(), format!("--{}", f.name()));
        }
    }
}
