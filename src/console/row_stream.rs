//! The outputs a count's rows stream to as each size finishes: [`RowStream`] (`count`).

use super::destination::{Destination, Stream};
use crate::formats::table::{self, CSV_HEADER, Row};
use crate::plan::Engine;
use std::io::{self, Write};

/// The outputs rows stream to: the human table (of the chosen columns, with the footer line
/// at the end) or CSV on stdout, a line each as its size finishes, and the `--csv` file,
/// rewritten atomically with every finished row (a pipe, FIFO or device gets each line once:
/// [`Stream`]).
pub struct RowStream<'a> {
    csv: Option<&'a Destination>,
    /// The `--csv` file (not stdout) as it is streamed.
    file: Option<Stream<'a>>,
    /// The failure that ended writing the `--csv` file: the rows go on to the other outputs.
    pub failed: Option<io::Error>,
    /// How many rows the `--csv` file holds: those of its last update that was written.
    held: usize,
    human: Option<Vec<usize>>,
    widths: [usize; 12],
    started: bool,
    /// Whether stdout was closed (`| head`): nothing more is written there.
    stdout_closed: bool,
}

impl<'a> RowStream<'a> {
    /// The stream of the rows of `sizes`, counted by `engine` on `threads` (for the widths of
    /// the human table's columns), to `csv` and, where it is not on stdout, the human table
    /// of `human`'s columns.
    pub fn new(
        sizes: &[usize],
        (engine, threads): (Engine, usize),
        csv: Option<&'a Destination>,
        human: Option<Vec<usize>>,
    ) -> Self {
        RowStream {
            csv,
            file: csv
                .filter(|d| matches!(d, Destination::File(_)))
                .map(Stream::new),
            failed: None,
            held: 0,
            human: human.filter(|_| csv != Some(&Destination::Stdout)),
            // Fixed before the first row, from the published counts of the sizes asked for.
            widths: table::streamed_widths(sizes, engine, threads),
            started: false,
            stdout_closed: false,
        }
    }

    /// Streams the last of `rows`, just finished.
    pub fn row(&mut self, rows: &[Row]) -> io::Result<()> {
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
            text += &super::style::verdicts(&self.line(&row.display_fields()), false);
        }
        self.started = true;
        // The file first: once a row is on stdout, the file holds it too. A file that cannot
        // be written is given up, not the count: its rows go on to stdout.
        self.update_file(rows);
        if !text.is_empty() && !self.stdout_closed {
            let mut out = io::stdout().lock();
            let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            if let Err(e) = &written
                && e.kind() == io::ErrorKind::BrokenPipe
            {
                self.stdout_closed = true;
            }
            written?;
        }
        Ok(())
    }

    /// Writes `rows` to the `--csv` file, unless it failed before; a failure is kept for the
    /// end.
    fn update_file(&mut self, rows: &[Row]) {
        if let Some(file) = &mut self.file
            && self.failed.is_none()
        {
            match file.update(|w| table::write_csv(rows, w)) {
                Ok(()) => self.held = rows.len(),
                Err(e) => self.failed = Some(e),
            }
        }
    }

    /// How many of the rows the `--csv` file holds: all but those whose update failed (a
    /// file rewritten after each size keeps the rows of the last update written).
    pub fn held(&self) -> usize {
        self.held
    }

    /// The `--csv` destination while it is written well (`None` after a failure).
    pub fn csv_written(&self) -> Option<&'a Destination> {
        self.csv.filter(|_| self.failed.is_none())
    }

    /// Ends the stream: when no size finished, a `--csv` file is neither created nor
    /// replaced (one that exists is left as it was, and returned), but a FIFO or device gets
    /// the header, so that its reader sees the stream end; the human table gets its footer
    /// line (engine, kernel, threads, time).
    pub fn finish(&mut self, rows: &[Row]) -> io::Result<Vec<&'a Destination>> {
        let mut kept = Vec::new();
        if rows.is_empty()
            && let Some(dest @ Destination::File(_)) = self.csv
        {
            if dest.replaces_a_file() {
                kept.push(dest);
            } else if dest.writes_through() {
                self.update_file(rows);
            }
        }
        if let Some(columns) = &self.human
            && let Some(footer) = table::footer(rows, columns)
            && !self.stdout_closed
        {
            let mut out = io::stdout().lock();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of n = 1 to `last`, counted.
    fn rows(last: usize) -> Vec<Row> {
        let count = |n| Row::from_counts(&crate::count(n).unwrap());
        (1..=last).map(count).collect()
    }

    /// The CSV of `rows`, as `--csv` writes it.
    fn csv(rows: &[Row]) -> String {
        let mut out = Vec::new();
        table::write_csv(rows, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_csv_file_holds_every_finished_row_after_each_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        let dest = Destination::File(path.clone());
        let rows = rows(3);
        let mut stream = RowStream::new(&[1, 2, 3], (Engine::Enumerate, 1), Some(&dest), None);
        for k in 1..=rows.len() {
            stream.row(&rows[..k]).unwrap();
            assert_eq!(std::fs::read_to_string(&path).unwrap(), csv(&rows[..k]));
        }
        assert_eq!((stream.csv_written(), stream.held()), (Some(&dest), 3));
        assert!(stream.finish(&rows).unwrap().is_empty());
    }

    #[test]
    fn a_run_that_finished_no_size_leaves_a_file_as_it_was_and_creates_none() {
        let dir = tempfile::tempdir().unwrap();
        let (old, new) = (dir.path().join("old.csv"), dir.path().join("new.csv"));
        std::fs::write(&old, "n,total\n8,92\n").unwrap();
        for (path, kept) in [(old, true), (new, false)] {
            let dest = Destination::File(path.clone());
            let mut stream = RowStream::new(&[8], (Engine::Symmetric, 1), Some(&dest), None);
            assert_eq!(stream.finish(&[]).unwrap().len(), usize::from(kept));
            let text = std::fs::read_to_string(&path).ok();
            assert_eq!(text.as_deref(), kept.then_some("n,total\n8,92\n"));
        }
    }
}
