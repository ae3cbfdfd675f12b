//! The outputs a count's rows stream to as each size finishes: [`RowStream`].

use crate::cli::SearchArgs;
use crate::commands::CommandError;
use crate::output::{Destination, Stream};
use queens::formats::table::{self, CSV_HEADER, Row};
use std::io::Write;

/// The outputs rows stream to: the human table (of the chosen columns, with the footer line
/// at the end) or CSV on stdout, a line each as its size finishes, and the `--csv` file,
/// rewritten atomically with every finished row (a pipe, FIFO or device gets each line once:
/// [`Stream`]).
pub struct RowStream<'a> {
    csv: Option<&'a Destination>,
    /// The `--csv` file (not stdout) as it is streamed.
    file: Option<Stream<'a>>,
    /// The failure that ended writing the `--csv` file: the rows go on to the other outputs.
    pub failed: Option<std::io::Error>,
    human: Option<Vec<usize>>,
    widths: [usize; 12],
    started: bool,
}

impl<'a> RowStream<'a> {
    pub fn new(
        sizes: &[usize],
        search: &SearchArgs,
        csv: Option<&'a Destination>,
        human: Option<Vec<usize>>,
    ) -> Self {
        RowStream {
            csv,
            file: csv
                .filter(|d| matches!(d, Destination::File(_)))
                .map(Stream::new),
            failed: None,
            human: human.filter(|_| csv != Some(&Destination::Stdout)),
            // Fixed before the first row, from the published counts of the sizes asked for.
            widths: table::streamed_widths(sizes, search.engine(), search.thread_count()),
            started: false,
        }
    }

    /// Streams the last of `rows`, just finished.
    pub fn row(&mut self, rows: &[Row]) -> Result<(), CommandError> {
        let row = rows.last().expect("a row was just added");
        let mut text = String::new();
        if self.csv == Some(&Destination::Stdout) {
            if !self.started {
                text += &table::csv_line(&table::csv_header(&row.rules))?;
            }
            text += &table::csv_line(&row.csv_record())?;
        } else if self.human.is_some() {
            if !self.started {
                text += &self.line(&CSV_HEADER.map(String::from));
            }
            text += &crate::style::verdicts(&self.line(&row.display_fields()), false);
        }
        self.started = true;
        // The file first: once a row is on stdout, the file holds it too. A file that cannot
        // be written is given up, not the count: its rows go on to stdout.
        self.update_file(rows);
        if !text.is_empty() {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
        Ok(())
    }

    /// Writes `rows` to the `--csv` file, unless it failed before; a failure is kept for the
    /// end.
    fn update_file(&mut self, rows: &[Row]) {
        if let Some(file) = &mut self.file
            && self.failed.is_none()
            && let Err(e) = file.update(|w| table::write_csv(rows, w))
        {
            self.failed = Some(e);
        }
    }

    /// The `--csv` destination while it is written well (`None` after a failure).
    pub fn csv_written(&self) -> Option<&'a Destination> {
        self.csv.filter(|_| self.failed.is_none())
    }

    /// Ends the stream: a `--csv` file is written even when no size finished (its header),
    /// unless it would replace a file, which is then left as it was (and returned); the human
    /// table gets its footer line (engine, kernel, threads, time).
    pub fn finish(&mut self, rows: &[Row]) -> Result<Vec<&'a Destination>, CommandError> {
        let mut kept = Vec::new();
        if rows.is_empty()
            && let Some(dest @ Destination::File(_)) = self.csv
        {
            if dest.replaces_a_file() {
                kept.push(dest);
            } else {
                self.update_file(rows);
            }
        }
        if let Some(columns) = &self.human
            && let Some(footer) = table::footer(rows, columns)
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{footer}")?;
            out.flush()?;
        }
        Ok(kept)
    }

    /// One line of the human table: as [`table::human_table`] lays it out, with the widths
    /// fixed before the first row.
    fn line(&self, fields: &[String; 12]) -> String {
        let columns = self.human.as_deref().unwrap_or(&[]);
        let picked: Vec<&str> = columns.iter().map(|&i| fields[i].as_str()).collect();
        let widths: Vec<usize> = columns.iter().map(|&i| self.widths[i]).collect();
        table::layout(columns).with_widths(&widths).line(&picked)
    }
}
