//! A Markdown table of a `queens count` run, ready for a README or a paper draft.

use super::{Exporter, RunMeta};
use queens::formats::table::{self, Row};
use std::io;

/// The Markdown exporter: a pipe table of the given columns (indices in
/// [`table::COLUMNS`], in order), numbers right-aligned, and a line naming the run.
pub struct Markdown(pub Vec<usize>);

/// Escapes the characters that would break a table cell.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|")
}

impl Exporter for Markdown {
    fn write(&self, rows: &[Row], meta: &RunMeta, out: &mut dyn io::Write) -> io::Result<()> {
        let columns: Vec<&table::Column> = self.0.iter().map(|&i| &table::COLUMNS[i]).collect();
        let headings: Vec<&str> = columns.iter().map(|c| c.heading).collect();
        writeln!(out, "| {} |", headings.join(" | "))?;
        let align: Vec<&str> = columns
            .iter()
            .map(|c| if c.text { ":--" } else { "--:" })
            .collect();
        writeln!(out, "| {} |", align.join(" | "))?;
        for row in rows {
            let fields = row.display_fields();
            let cells: Vec<String> = self.0.iter().map(|&i| cell(&fields[i])).collect();
            writeln!(out, "| {} |", cells.join(" | "))?;
        }
        writeln!(out)?;
        let against = match &meta.known_file {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_escape_pipes() {
        assert_eq!(cell("a|b\\c"), "a\\|b\\\\c");
        assert_eq!(cell("92"), "92");
    }
}
