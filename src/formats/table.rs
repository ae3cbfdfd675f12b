//! Per-n result rows and their writers (CSV, aligned human table, Markdown) and CSV reader;
//! the one table [`Layout`] every table of the crate is written with.

use crate::counter::Counts;
use crate::plan::tally::{ClassCounts, Tally, TallyError};
use crate::verify::{self, Verdict};

mod layout;
mod read;
mod write;
pub use layout::{Layout, csv_line, markdown_cell};
pub use read::{
    ReadError, ReadLimits, possible, read_csv, read_csv_limited, read_known, stated_classes,
};
pub use write::{
    NODES_GROWTH, SYMMETRIC_NODES_NOTE, footer, human_table, layout, markdown_table,
    streamed_widths, write_csv,
};

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

/// The columns of the human table when `--columns` does not say: the counts and the verdict.
/// The rest (nodes, seconds, engine, kernel, threads) is there on request; those that are the
/// same for every row are summed up in one line under the table ([`footer`]). They fit 100
/// characters for every n up to 27.
pub const HUMAN_COLUMNS: [&str; 7] = [
    "n",
    "total",
    "classes",
    "asymmetric",
    "half_turn",
    "quarter_turn",
    "verified",
];

/// Parses a `--columns` list: names of [`COLUMNS`] separated by commas, in the order wanted,
/// or `all` (every column). Returns their indices in [`COLUMNS`]; an unknown or repeated
/// name, or an empty list, is an error listing the valid names.
pub fn parse_columns(text: &str) -> Result<Vec<usize>, String> {
    let valid = || format!("the columns are all, or a list of {}", CSV_HEADER.join(","));
    if text.trim() == "all" {
        return Ok((0..COLUMNS.len()).collect());
    }
    let mut out = Vec::new();
    for name in text.split(',').map(str::trim) {
        let Some(i) = CSV_HEADER.iter().position(|c| *c == name) else {
            return Err(if name.is_empty() {
                format!("empty name in '{text}': {}", valid())
            } else {
                format!("unknown column '{name}': {}", valid())
            });
        };
        if out.contains(&i) {
            return Err(format!("the column '{name}' is named twice"));
        }
        out.push(i);
    }
    Ok(out)
}

/// The indices in [`COLUMNS`] of [`HUMAN_COLUMNS`].
pub fn human_columns() -> Vec<usize> {
    parse_columns(&HUMAN_COLUMNS.join(",")).expect("HUMAN_COLUMNS are names of COLUMNS")
}

/// Sizes as a reader writes them: `1 to 17`, `8, 10, 12 to 14`.
pub fn sizes_text(ns: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ns.len() {
        let mut j = i;
        while j + 1 < ns.len() && ns[j + 1] == ns[j] + 1 {
            j += 1;
        }
        parts.push(if j > i + 1 {
            format!("{} to {}", ns[i], ns[j])
        } else if j == i + 1 {
            format!("{}, {}", ns[i], ns[j])
        } else {
            ns[i].to_string()
        });
        i = j + 1;
    }
    parts.join(", ")
}

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
    /// The classes by orbit size under the torus group ([`Counts::orbits`]), where the row's
    /// classes are under it; `None` under D4 (and for rows read back from files).
    pub orbits: Option<Vec<(u128, u128)>>,
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
            verdict: verify::verify_with_nodes(c.n, c.total, &c.classes, c.nodes, c.engine.name()),
            orbits: (c.rules.group() == crate::rules::Group::Torus).then(|| c.orbits.clone()),
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
            verdict: verify::verify_with_nodes(n, tally.boards, &classes, tally.nodes, engine),
            orbits: None,
        })
    }

    /// Checks the row again, against `table` instead of the embedded published values (its
    /// nodes too where the table's come from the same engine).
    pub fn reverify(&mut self, table: &verify::KnownTable) {
        self.verdict = table.verify_with_orbits(
            self.n,
            self.total,
            &self.classes,
            self.orbits.as_deref(),
            Some((self.nodes, &self.engine)),
        );
    }

    /// The boards unchanged by a half turn (A032522), from the class counts: every board of a
    /// half-turn class (4 boards) and of a quarter-turn class (2 boards) is, for n > 1; for
    /// n ≤ 1 every board is fixed by every symmetry. `None` on overflow (forged input only).
    pub fn fixed_half_turn(&self) -> Option<u128> {
        if self.n <= 1 {
            return Some(self.total);
        }
        self.classes
            .half_turn
            .checked_mul(4)?
            .checked_add(self.classes.quarter_turn.checked_mul(2)?)
    }

    /// The boards unchanged by a quarter turn (A033148), from the class counts: the 2 boards
    /// of each quarter-turn class for n > 1; every board for n ≤ 1. `None` on overflow.
    pub fn fixed_quarter_turn(&self) -> Option<u128> {
        if self.n <= 1 {
            return Some(self.total);
        }
        self.classes.quarter_turn.checked_mul(2)
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

#[cfg(test)]
mod tests;
