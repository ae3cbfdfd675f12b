//! A Markdown table of a `queens count` run, ready for a README or a paper draft.

use super::exporter::{Exporter, RunMeta};
use crate::formats::table::{self, Row, markdown_cell as cell};
use std::io;

/// The command line's `--markdown`, of the columns `--columns` chooses.
pub const INFO: super::exporter::Info = super::exporter::Info {
    name: "markdown",
    flag: "--markdown",
    help: "Also write the table as Markdown to FILE (`-`: stdout)",
    as_format: Some("A Markdown table, as `--markdown` writes it"),
    exporter: |options| Box::new(Markdown(options.columns.clone())),
};

/// The Markdown exporter: a pipe table of the given columns (indices in
/// [`table::COLUMNS`], in order), numbers right-aligned, and a line naming the run.
pub struct Markdown(pub Vec<usize>);

impl Exporter for Markdown {
    fn write(&self, rows: &[Row], meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        out.write_all(table::markdown_table(rows, &self.0).as_bytes())?;
        writeln!(out)?;
        let against = match &meta.known_file {
            None if super::exporter::nothing_published(rows) => {
                "nothing: no values of these rules are published".to_string()
            }
            None => "the published OEIS values".to_string(),
            Some(name) => format!("the values in `{}`", cell(name)),
        };
        // Say what `verified` compares with only where that column is in the table.
        let verified_shown = self.0.iter().any(|&i| table::COLUMNS[i].name == "verified");
        let compared = if verified_shown {
            format!("; `verified` compares with {against}")
        } else {
            String::new()
        };
        writeln!(
            out,
            "Computed by queens {} on {} (started {}){compared}.",
            cell(&meta.version),
            cell(&meta.machine.summary()),
            cell(&meta.started)
        )
    }
}
