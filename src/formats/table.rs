//! Per-n result rows and their writers (CSV, aligned human table) and CSV reader.

use crate::counter::Counts;
use crate::plan::tally::{ClassCounts, Tally, TallyError};
use crate::verify::{self, Verdict};
use std::io;

/// One column of a result table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// Its name in the CSV header.
    pub name: &'static str,
    /// Its heading for people (Markdown), with the OEIS number of a published sequence.
    pub heading: &'static str,
    /// Whether it holds text (aligned left) rather than a number (aligned right).
    pub text: bool,
}

/// The columns of a result table, in order: the one list every writer takes its names,
/// headings and alignment from.
pub const COLUMNS: [Column; 12] = {
    const fn col(name: &'static str, heading: &'static str, text: bool) -> Column {
        Column {
            name,
            heading,
            text,
        }
    }
    [
        col("n", "n", false),
        col("total", "total (A000170)", false),
        col("classes", "classes (A002562)", false),
        col("asymmetric", "asymmetric (A260320)", false),
        col("half_turn", "half-turn (A260319)", false),
        col("quarter_turn", "quarter-turn (A260318)", false),
        col("nodes", "nodes", false),
        col("seconds", "seconds", false),
        col("engine", "engine", true),
        col("kernel", "kernel", true),
        col("threads", "threads", false),
        col("verified", "verified", true),
    ]
};

/// The CSV header, in column order (the names of [`COLUMNS`]).
pub const CSV_HEADER: [&str; 12] = {
    let mut names = [""; 12];
    let mut i = 0;
    while i < names.len() {
        names[i] = COLUMNS[i].name;
        i += 1;
    }
    names
};

/// The result for one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Board size.
    pub n: usize,
    /// Solutions (A000170).
    pub total: u128,
    /// Classes by symmetry type; their sum is A002562.
    pub classes: ClassCounts,
    /// Nodes the engine visited.
    pub nodes: u128,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Engine name.
    pub engine: String,
    /// The counting kernel the engine ran on (`scalar`, `avx512`).
    pub kernel: String,
    /// Threads used.
    pub threads: usize,
    /// The check against the published values.
    pub verdict: Verdict,
}

impl Row {
    /// The row of complete counts, verified against the embedded published values.
    pub fn from_counts(c: &Counts) -> Row {
        Row {
            n: c.n,
            total: c.total,
            classes: c.classes,
            nodes: c.nodes,
            seconds: c.seconds,
            engine: c.engine.name().to_string(),
            kernel: c.kernel.to_string(),
            threads: c.threads,
            verdict: verify::verify(c.n, c.total, &c.classes),
        }
    }

    /// The row for the complete `tally` of board size `n` (every unit of a plan of `engine`
    /// run on `kernel`, for example merged from parts): classes derived (and cross-checked when
    /// `counts_classes_directly`), verified against the known table.
    pub fn from_tally(
        n: usize,
        engine: &str,
        kernel: &str,
        counts_classes_directly: bool,
        tally: &Tally,
        seconds: f64,
        threads: usize,
    ) -> Result<Row, TallyError> {
        let classes = tally.classes(n, counts_classes_directly)?;
        Ok(Row {
            n,
            total: tally.boards,
            classes,
            nodes: tally.nodes,
            seconds,
            engine: engine.to_string(),
            kernel: kernel.to_string(),
            threads,
            verdict: verify::verify(n, tally.boards, &classes),
        })
    }

    /// Checks the row again, against `table` instead of the embedded published values.
    pub fn reverify(&mut self, table: &verify::KnownTable) {
        self.verdict = table.verify(self.n, self.total, &self.classes);
    }

    /// The row's fields as text for people (tables, Markdown): as [`Row::fields`], with the
    /// seconds rounded to milliseconds.
    pub fn display_fields(&self) -> [String; 12] {
        let mut f = self.fields();
        f[7] = format!("{:.3}", self.seconds);
        f
    }

    /// The row's fields as text, in [`CSV_HEADER`] order.
    pub fn fields(&self) -> [String; 12] {
        [
            self.n.to_string(),
            self.total.to_string(),
            self.classes.total().to_string(),
            self.classes.asymmetric.to_string(),
            self.classes.half_turn.to_string(),
            self.classes.quarter_turn.to_string(),
            self.nodes.to_string(),
            format!("{:.6}", self.seconds),
            self.engine.clone(),
            self.kernel.clone(),
            self.threads.to_string(),
            self.verdict.label().to_string(),
        ]
    }
}

/// Writes rows as CSV with the [`CSV_HEADER`].
pub fn write_csv<W: io::Write>(rows: &[Row], out: W) -> io::Result<()> {
    super::write_csv(&CSV_HEADER, rows.iter().map(Row::fields), out)
}

/// Renders rows as an aligned table: numbers right-aligned, text left-aligned.
pub fn human_table(rows: &[Row]) -> String {
    let cells: Vec<[String; 12]> = rows.iter().map(Row::display_fields).collect();
    aligned(&CSV_HEADER, &cells, |i| COLUMNS[i].text)
}

/// A text table: `headings` then `rows`, each column as wide as its widest cell, columns two
/// spaces apart, column `i` left-aligned where `left_aligned(i)` and right-aligned otherwise,
/// no trailing spaces, a line end after every line.
pub fn aligned<const C: usize>(
    headings: &[&str; C],
    rows: &[[String; C]],
    left_aligned: impl Fn(usize) -> bool,
) -> String {
    let widths: [usize; C] = std::array::from_fn(|i| {
        rows.iter()
            .map(|r| r[i].len())
            .chain([headings[i].len()])
            .max()
            .unwrap_or(0)
    });
    let line = |fields: [&str; C]| -> String {
        let parts: Vec<String> = fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                if left_aligned(i) {
                    format!("{f:<w$}", w = widths[i])
                } else {
                    format!("{f:>w$}", w = widths[i])
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = line(*headings);
    for r in rows {
        out += &line(std::array::from_fn(|i| r[i].as_str()));
    }
    out
}

/// An error from reading a results CSV.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file is not readable CSV.
    #[error("{0}")]
    Csv(#[from] csv::Error),
    /// The header is not [`CSV_HEADER`].
    #[error("the header is not the one `queens count --csv` writes ({})", CSV_HEADER.join(","))]
    Header,
    /// A field does not parse.
    #[error("line {line}: column {column}: {value:?} is not valid")]
    Field {
        /// 1-based line number.
        line: u64,
        /// Column name.
        column: &'static str,
        /// The text found.
        value: String,
    },
}

/// Reads rows written by [`write_csv`].
pub fn read_csv<R: io::Read>(input: R) -> Result<Vec<Row>, ReadError> {
    let mut reader = csv::Reader::from_reader(input);
    if reader.headers()?.iter().ne(CSV_HEADER) {
        return Err(ReadError::Header);
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record?;
        let line = record.position().map_or(0, |p| p.line());
        let get = |i: usize| record.get(i).unwrap_or("");
        let bad = |i: usize| ReadError::Field {
            line,
            column: CSV_HEADER[i],
            value: get(i).to_string(),
        };
        let int = |i: usize| get(i).parse::<u128>().map_err(|_| bad(i));
        let classes = ClassCounts {
            asymmetric: int(3)?,
            half_turn: int(4)?,
            quarter_turn: int(5)?,
        };
        if classes.checked_total() != Some(int(2)?) {
            return Err(bad(2));
        }
        rows.push(Row {
            n: get(0).parse().map_err(|_| bad(0))?,
            total: int(1)?,
            classes,
            nodes: int(6)?,
            seconds: get(7).parse().map_err(|_| bad(7))?,
            engine: get(8).to_string(),
            kernel: get(9).to_string(),
            threads: get(10).parse().map_err(|_| bad(10))?,
            verdict: Verdict::from_label(get(11)).ok_or_else(|| bad(11))?,
        });
    }
    Ok(rows)
}
